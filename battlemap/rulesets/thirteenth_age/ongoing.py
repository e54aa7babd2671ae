"""Ongoing damage: taken at the end of the turn, then a save.

"A creature (including PCs) taking ongoing damage takes that damage at the end of its turn
immediately before it rolls its save (11+ unless otherwise specified) against that ongoing
damage. Success with the save means the creature won't take the damage again; failure means the
effect will be repeated at the end of the creature's next turn." "If you take ongoing damage of
a type you resist, use the original attack roll" "Once a battle is over, the PCs automatically
make their next saves." "Make Saves Last: ... roll that save at the end of your turn, after the
ongoing effect."
"""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.rulesets.thirteenth_age.naturals import require_natural, require_whole
from battlemap.rulesets.thirteenth_age.resistance import resisted
from battlemap.rulesets.thirteenth_age.saves import SaveDifficulty, save_succeeds


@dataclass(frozen=True)
class OngoingDamage:
    """An ongoing effect: `amount` each turn end, its save (11+ by default), the type, and
    the natural roll of the attack that caused it (for resistance)."""

    amount: int
    save: int = SaveDifficulty.NORMAL
    damage_type: str | None = None
    attack_natural: int = 20

    def __post_init__(self) -> None:
        require_whole(self.amount, "ongoing damage", low=0, high=1_000_000)
        require_whole(self.save, "ongoing save", low=2, high=20)
        require_natural(self.attack_natural, "attack natural d20")


@dataclass(frozen=True)
class TurnEnd:
    """The end of a turn under an ongoing effect: the damage taken, then the save's result."""

    damage: int
    saved: bool

    @property
    def continues(self) -> bool:
        return not self.saved


def end_of_turn(
    ongoing: OngoingDamage,
    save_natural: int,
    *,
    resistance: int | None = None,
    save_bonus: int = 0,
) -> TurnEnd:
    """The damage first (halved when the original attack roll was under the `resistance`),
    then the save with `save_natural`: a success ends the effect."""
    damage = resisted(ongoing.amount, ongoing.attack_natural, resistance)
    return TurnEnd(damage, save_succeeds(save_natural, ongoing.save, bonus=save_bonus))
