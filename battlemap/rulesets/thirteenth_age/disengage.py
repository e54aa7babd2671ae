"""The disengage check.

"If you choose to disengage, roll a normal save (11+). You can disengage from more than one foe
with a single successful check, but your roll takes a -1 penalty for each foe beyond the first
that you are disengaging from." "Disengage checks take a -5 penalty unless you hit the creature
that is grabbing you the same turn that you're trying to disengage." "If the disengage check
succeeds, you can move without drawing opportunity attacks from the foes you were engaged with.
Use your move normally. If you fail the disengage check, you don't move, lose your move action
for that turn, and remain engaged. You don't take any opportunity attacks." "Disengaging uses a
move action." Stuck: "You can't move, disengage, pop free".
"""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.rulesets.thirteenth_age.actions import ActionRefused
from battlemap.rulesets.thirteenth_age.naturals import require_natural, require_whole
from battlemap.rulesets.thirteenth_age.saves import SaveDifficulty

DISENGAGE_NEEDED = int(SaveDifficulty.NORMAL)
PER_EXTRA_FOE = -1
GRABBED_PENALTY = -5


def disengage_penalty(foes: int, *, grabbed: bool = False, hit_grabber: bool = False) -> int:
    """-1 for each foe beyond the first; -5 more while grabbed unless he hit the grabber this
    turn."""
    require_whole(foes, "foes disengaged from", low=1, high=1000)
    penalty = PER_EXTRA_FOE * (foes - 1)
    if grabbed and not hit_grabber:
        penalty += GRABBED_PENALTY
    return penalty


@dataclass(frozen=True)
class DisengageCheck:
    """A disengage check: `roll` (natural + penalty + bonus) against `needed` (11)."""

    natural: int
    penalty: int
    roll: int
    needed: int
    success: bool

    @property
    def moves(self) -> bool:
        """He uses his move normally (popped free); on a failure he does not move."""
        return self.success

    @property
    def remains_engaged(self) -> bool:
        return not self.success

    @property
    def draws_opportunity_attacks(self) -> bool:
        """Never, from the foes he disengaged from: free on a success, still on a failure."""
        return False


def disengage(
    natural: int,
    foes: int,
    *,
    grabbed: bool = False,
    hit_grabber: bool = False,
    bonus: int = 0,
    stuck: bool = False,
) -> DisengageCheck:
    """The check, as a move action, from `foes` foes; ActionRefused for a stuck creature."""
    if stuck:
        raise ActionRefused("disengage", "a stuck creature cannot disengage")
    require_natural(natural, "disengage d20")
    penalty = disengage_penalty(foes, grabbed=grabbed, hit_grabber=hit_grabber)
    roll = natural + penalty + bonus
    return DisengageCheck(natural, penalty, roll, DISENGAGE_NEEDED, roll >= DISENGAGE_NEEDED)
