"""Recoveries and rallying.

"When you use a recovery, regain lost hit points by rolling recovery dice equal to your level
and adding your Constitution modifier. Your class indicates which recovery die to use. At 5th
level, double the bonus you get from your Con modifier. At 8th level, triple it." "If you
perform an action that requires a recovery but have none left, you get half the healing you
would otherwise get and take a -1 penalty to all defenses and attack rolls until your next full
heal-up. This penalty stacks for each recovery used that you don't possess."
"Once a battle, every PC can use a standard action to rally, spending one of their recoveries
... If you want to rally again later in the same battle, make a normal save (11+). If you
succeed, you can rally again that battle. If you fail the save, you can take your turn
normally, but you can't rally that round."
"""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.rulesets.thirteenth_age.abilities import damage_modifier
from battlemap.rulesets.thirteenth_age.naturals import require_whole
from battlemap.rulesets.thirteenth_age.saves import SaveDifficulty, save_succeeds

#: "-1 penalty to all defenses and attack rolls", per recovery used that you don't possess.
MISSING_RECOVERY_PENALTY = -1


def recovery_notation(level: int, die: int, constitution: int) -> str:
    """The recovery roll: `level` dice of `die` + the Con modifier (x2 from 5th, x3 from 8th;
    a negative one too, as the text says of damage): 5th level, d10, Con 14 -> "5d10+4"."""
    require_whole(level, "level", low=1, high=20)
    require_whole(die, "recovery die", low=2, high=20)
    bonus = damage_modifier(constitution, level)
    dice = f"{level}d{die}"
    return dice if bonus == 0 else f"{dice}{bonus:+d}"


@dataclass(frozen=True)
class Recoveries:
    """Recoveries `left`, and how many were used without being possessed (each a -1 to
    defences and attacks until the next full heal-up)."""

    left: int
    missing_used: int = 0

    @property
    def penalty(self) -> int:
        """The penalty to all defences and attack rolls."""
        return MISSING_RECOVERY_PENALTY * self.missing_used


@dataclass(frozen=True)
class RecoveryUsed:
    """A recovery spent: the hit points it heals and the stock afterwards."""

    healing: int
    recoveries: Recoveries


def use_recovery(recoveries: Recoveries, rolled: int) -> RecoveryUsed:
    """Spend a recovery whose roll came to `rolled` (at least 0 healed): with none left, half
    of it (rounded down) and one more -1 penalty."""
    healing = max(0, rolled)
    if recoveries.left > 0:
        return RecoveryUsed(healing, Recoveries(recoveries.left - 1, recoveries.missing_used))
    return RecoveryUsed(healing // 2, Recoveries(0, recoveries.missing_used + 1))


def full_heal_up(starting: int) -> Recoveries:
    """After a full heal-up: every recovery back, the penalty gone."""
    require_whole(starting, "recoveries", low=0, high=50)
    return Recoveries(starting)


@dataclass(frozen=True)
class Rally:
    """Whether the PC has rallied this battle, and the round a failed rally save barred."""

    rallied: bool = False
    barred_round: int | None = None


@dataclass(frozen=True)
class RallyCheck:
    """Whether he may rally now (`allowed`), and the rally state afterwards."""

    allowed: bool
    rally: Rally


def try_rally(rally: Rally, round_number: int, save_natural: int | None = None) -> RallyCheck:
    """A rally attempt in `round_number` (a standard action; the recovery is then spent with
    `use_recovery`). The first of the battle needs no save; each later one a normal save,
    `save_natural`: failed, no rally this round (the turn goes on)."""
    if rally.barred_round == round_number:
        return RallyCheck(False, rally)
    if not rally.rallied:
        return RallyCheck(True, Rally(rallied=True))
    if save_natural is None:
        raise ValueError("a second rally in one battle needs a normal save's natural roll")
    if save_succeeds(save_natural, SaveDifficulty.NORMAL):
        return RallyCheck(True, Rally(rallied=True))
    return RallyCheck(False, Rally(rallied=True, barred_round=round_number))
