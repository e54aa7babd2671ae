"""Death saves and stabilising.

"To make a death save, roll a d20 at the start of your turn. If you roll 16+, use a recovery to
return to consciousness and heal up to the number of hit points you rolled with your recovery.
If you roll a natural 20, you get to take actions normally that turn. If you roll 15 or less,
you take one step toward the grave. After the fourth failed death save in a single battle, you
die." "Get next to them and make a DC 10 healing skill check using Wisdom as a standard action.
Failure wastes your standard action, but doesn't hurt your friend. Success stabilizes your
ally. If your stabilization check is 25+, ... it only takes a quick action" "A stabilized
character is still unconscious, rolling death saves on their turn, but failed death saves no
longer take them a step closer to death." Optional meaningful death: "PCs who fail four death
checks fall into a coma".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from battlemap.rulesets.thirteenth_age.actions import ActionKind
from battlemap.rulesets.thirteenth_age.naturals import require_natural
from battlemap.rulesets.thirteenth_age.saves import SaveDifficulty
from battlemap.rulesets.thirteenth_age.settings import DEFAULT_SETTINGS, ThirteenthAgeSettings

#: "After the fourth failed death save in a single battle, you die."
FAILURES_TO_DIE = 4
#: "make a DC 10 healing skill check"; "If your stabilization check is 25+"
STABILIZE_DC = 10
STABILIZE_QUICK = 25


class DeathSaveResult(StrEnum):
    #: 16+: spend a recovery, conscious, healed by it; the turn's actions are lost...
    RECOVERS = "recovers"
    #: ... unless a natural 20: "take actions normally that turn".
    RECOVERS_AND_ACTS = "recovers_and_acts"
    #: 15 or less: one step toward the grave.
    FAILS = "fails"
    #: 15 or less while stabilized: ignored.
    IGNORED = "ignored"
    #: The fourth failure of the battle.
    DIES = "dies"
    #: The fourth failure with the optional meaningful-death rule: a coma.
    COMA = "coma"


@dataclass(frozen=True)
class DeathSave:
    """A death save read: the result and the battle's failures after it."""

    natural: int
    total: int
    result: DeathSaveResult
    failures: int


def death_save(
    natural: int,
    failures: int,
    *,
    bonus: int = 0,
    stabilized: bool = False,
    settings: ThirteenthAgeSettings = DEFAULT_SETTINGS,
) -> DeathSave:
    """The death save at the start of a dying PC's turn, with `failures` already this battle.

    The total (natural + a talent's `bonus`) against 16; a natural 20 acts that turn."""
    require_natural(natural, "death save d20")
    total = natural + bonus
    if natural == 20:
        return DeathSave(natural, total, DeathSaveResult.RECOVERS_AND_ACTS, failures)
    if total >= SaveDifficulty.HARD:
        return DeathSave(natural, total, DeathSaveResult.RECOVERS, failures)
    if stabilized:
        return DeathSave(natural, total, DeathSaveResult.IGNORED, failures)
    failed = failures + 1
    if failed >= FAILURES_TO_DIE:
        result = DeathSaveResult.COMA if settings.meaningful_death else DeathSaveResult.DIES
        return DeathSave(natural, total, result, failed)
    return DeathSave(natural, total, DeathSaveResult.FAILS, failed)


@dataclass(frozen=True)
class Stabilization:
    """A stabilising check: whether it worked and the action it took."""

    success: bool
    took: ActionKind


def stabilize(total: int) -> Stabilization:
    """A Wisdom healing check `total` by someone next to the dying ally: 10+ stabilises as a
    standard action, 25+ as only a quick action; a failure wastes the standard action."""
    if total >= STABILIZE_QUICK:
        return Stabilization(True, ActionKind.QUICK)
    return Stabilization(total >= STABILIZE_DC, ActionKind.STANDARD)
