"""The escalation die: a bonus to PCs' attacks that grows as the fight goes on.

"At the start of the second round, the GM sets the escalation die at 1. Each PC gains a bonus
to attack rolls equal to the current value on the escalation die. Each round, the escalation
die advances by +1, to a maximum of +6." "Monsters and NPCs do not add the escalation die bonus
to their attacks." "If the GM judges that the characters are avoiding conflict ..., the
escalation die doesn't advance. If combat virtually ceases, the escalation die resets to 0."
"The GM can choose whether to advance the escalation die after the surprise round."
"Fear dazes you and prevents you from using the escalation die."
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlemap.rulesets.thirteenth_age.naturals import require_whole
from battlemap.rulesets.thirteenth_age.settings import (
    DEFAULT_SETTINGS,
    ESCALATION_MAX,
    ThirteenthAgeSettings,
)


@dataclass(frozen=True)
class EscalationDie:
    """The die's `value` (0 to 6) and the round it shows it for (`round`, 1 the first full
    round; an ambush round is round 0)."""

    value: int = 0
    round: int = 1

    def __post_init__(self) -> None:
        require_whole(self.value, "escalation die", low=0, high=ESCALATION_MAX)


def start_of_fight(*, ambush: bool = False) -> EscalationDie:
    """The die at the start of the first round: 0 (round 0 when an ambush round comes first)."""
    return EscalationDie(0, 0 if ambush else 1)


def next_round(die: EscalationDie, *, held: bool = False) -> EscalationDie:
    """The die at the start of the next round: +1, to at most 6, unless the GM `held` it
    (the characters avoid the fight). Held, it keeps its value; the round still counts."""
    value = die.value if held else min(ESCALATION_MAX, die.value + 1)
    return EscalationDie(value, die.round + 1)


def after_ambush_round(
    die: EscalationDie, settings: ThirteenthAgeSettings = DEFAULT_SETTINGS
) -> EscalationDie:
    """The die at the start of round 1 after the ambush round (round 0): advanced to 1 only if
    the settings say the ambush round advances it."""
    return next_round(die, held=not settings.ambush_advances_escalation)


def reset(die: EscalationDie) -> EscalationDie:
    """ "If combat virtually ceases, the escalation die resets to 0." The round goes on."""
    return replace(die, value=0)


def value_in_round(round_number: int) -> int:
    """The die's value in `round_number` of a fight with no holds, resets or ambush: 0 in round
    1, 1 in round 2, ... 6 from round 7 on."""
    require_whole(round_number, "round", low=1, high=1_000_000)
    return min(ESCALATION_MAX, round_number - 1)


def attack_bonus(die: EscalationDie, *, pc: bool, afraid: bool = False) -> int:
    """What the die adds to an attack: its value for a PC, 0 for monsters and NPCs and for a
    PC under fear."""
    return die.value if pc and not afraid else 0
