"""Every choice the 13th Age text leaves open, as one frozen value with documented defaults.

The text leaves these to the game master; docs/rules/13th-age.md explains each default:

- `pcs_win_ties`: the text states no tie rule for initiative ("higher-rolling characters or
  enemies acting earlier each round"). Default: a tie goes to the PC (the common table
  reading), then to the higher initiative bonus, then by the combatant's id so the order is
  always defined. Off: the bonus decides first, PCs and monsters alike.
- `ambush_advances_escalation`: "The GM can choose whether to advance the escalation die after
  the surprise round." Default False: the ambush round does not count, the first full round
  starts at 0.
- `expanded_crits_always_hit`: the text says a natural 20 "is a crit" and that powers expand
  the crit range, not whether an expanded crit (a natural 18 against a vulnerable foe) that
  misses the defence still hits. Default True: every roll in the crit range is a crit, and a
  crit is a hit.
- `defense_bases`: the text gives each defence as "the middle value" of three abilities plus
  the level for PCs; the base each class adds lives in the class chapters, not given. Default
  10 for each, to be overridden per character.
- `starting_recoveries`: "Each PC starts the adventure with 8 or 9 recoveries". Default 8.
- `move_squares`: how many squares one move action covers on the map (13th Age has no speeds);
  default 6.
- `lasting_wounds`, `meaningful_death`: the two optional rules, off by default.
- `fight_in_spirit_first_bonus`: "The first time each battle that someone fights in spirit
  may be a +2 bonus": default 2 (the GM may give 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.rulesets.thirteenth_age.naturals import require_whole

#: "Each round, the escalation die advances by +1, to a maximum of +6."
ESCALATION_MAX = 6


@dataclass(frozen=True)
class DefenseBases:
    """What each defence adds to its middle modifier (and a PC's level): a class's numbers."""

    ac: int = 10
    pd: int = 10
    md: int = 10

    def __post_init__(self) -> None:
        for name in ("ac", "pd", "md"):
            require_whole(getattr(self, name), f"defense_bases.{name}", low=0, high=40)


@dataclass(frozen=True)
class ThirteenthAgeSettings:
    """The game master's choices where the text is silent or optional (module docstring)."""

    pcs_win_ties: bool = True
    ambush_advances_escalation: bool = False
    expanded_crits_always_hit: bool = True
    defense_bases: DefenseBases = DefenseBases()
    starting_recoveries: int = 8
    move_squares: int = 6
    lasting_wounds: bool = False
    meaningful_death: bool = False
    fight_in_spirit_first_bonus: int = 2

    def __post_init__(self) -> None:
        require_whole(self.starting_recoveries, "starting_recoveries", low=0, high=50)
        require_whole(self.move_squares, "move_squares", low=1, high=100)
        require_whole(
            self.fight_in_spirit_first_bonus, "fight_in_spirit_first_bonus", low=1, high=2
        )


#: The defaults, as docs/rules/13th-age.md describes them.
DEFAULT_SETTINGS = ThirteenthAgeSettings()
