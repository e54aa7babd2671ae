"""Recovery rolls, none left, rallying."""

from __future__ import annotations

import pytest

from battlemap.rulesets.thirteenth_age.recoveries import (
    Rally,
    RallyCheck,
    Recoveries,
    RecoveryUsed,
    full_heal_up,
    recovery_notation,
    try_rally,
    use_recovery,
)


def test_a_recovery_rolls_level_dice_plus_con_doubled_at_5th_tripled_at_8th() -> None:
    """ "When you use a recovery, regain lost hit points by rolling recovery dice equal to your
    level and adding your Constitution modifier. ... At 5th level, double the bonus you get
    from your Con modifier. At 8th level, triple it.\""""
    assert recovery_notation(3, 10, 14) == "3d10+2"
    assert recovery_notation(5, 10, 14) == "5d10+4"
    assert recovery_notation(8, 8, 14) == "8d8+6"
    assert recovery_notation(1, 6, 10) == "1d6"
    assert recovery_notation(5, 6, 8) == "5d6-2"


def test_none_left_gives_half_healing_and_a_stacking_penalty() -> None:
    """ "If you perform an action that requires a recovery but have none left, you get half the
    healing you would otherwise get and take a -1 penalty to all defenses and attack rolls
    until your next full heal-up. This penalty stacks for each recovery used that you don't
    possess.\""""
    assert use_recovery(Recoveries(2), 17) == RecoveryUsed(17, Recoveries(1))
    first = use_recovery(Recoveries(0), 17)
    assert first == RecoveryUsed(8, Recoveries(0, 1))
    assert first.recoveries.penalty == -1
    second = use_recovery(first.recoveries, 11)
    assert (second.healing, second.recoveries.penalty) == (5, -2)
    assert full_heal_up(8) == Recoveries(8, 0)


def test_rally_once_free_then_a_normal_save() -> None:
    """ "Once a battle, every PC can use a standard action to rally, spending one of their
    recoveries ... If you want to rally again later in the same battle, make a normal save
    (11+). If you succeed, you can rally again that battle. If you fail the save, you can take
    your turn normally, but you can't rally that round.\""""
    first = try_rally(Rally(), 2)
    assert first == RallyCheck(True, Rally(rallied=True))
    assert try_rally(first.rally, 4, 11).allowed
    failed = try_rally(first.rally, 4, 10)
    assert failed == RallyCheck(False, Rally(rallied=True, barred_round=4))
    assert not try_rally(failed.rally, 4, 19).allowed
    assert try_rally(failed.rally, 5, 19).allowed
    with pytest.raises(ValueError, match="needs a normal save"):
        try_rally(first.rally, 3)
