"""The disengage check: its penalties and outcomes."""

from __future__ import annotations

import pytest

from battlemap.rulesets.thirteenth_age.actions import ActionRefused
from battlemap.rulesets.thirteenth_age.disengage import (
    DisengageCheck,
    disengage,
    disengage_penalty,
)


def test_a_normal_save_minus_1_per_foe_beyond_the_first() -> None:
    """ "If you choose to disengage, roll a normal save (11+). You can disengage from more than
    one foe with a single successful check, but your roll takes a -1 penalty for each foe beyond
    the first that you are disengaging from.\""""
    assert [disengage_penalty(foes) for foes in (1, 2, 3, 4)] == [0, -1, -2, -3]
    assert disengage(11, 1) == DisengageCheck(11, 0, 11, 11, True)
    assert disengage(12, 3) == DisengageCheck(12, -2, 10, 11, False)
    assert disengage(13, 3).success


def test_grabbed_takes_5_unless_the_grabber_was_hit_this_turn() -> None:
    """ "Disengage checks take a -5 penalty unless you hit the creature that is grabbing you
    the same turn that you're trying to disengage.\""""
    assert disengage_penalty(1, grabbed=True) == -5
    assert disengage_penalty(2, grabbed=True) == -6
    assert disengage_penalty(2, grabbed=True, hit_grabber=True) == -1
    assert not disengage(15, 1, grabbed=True).success
    assert disengage(16, 1, grabbed=True).success


def test_outcomes() -> None:
    """ "If the disengage check succeeds, you can move without drawing opportunity attacks from
    the foes you were engaged with. ... If you fail the disengage check, you don't move, lose
    your move action for that turn, and remain engaged. You don't take any opportunity
    attacks.\""""
    success, failure = disengage(14, 1), disengage(4, 1)
    assert (success.moves, success.remains_engaged, success.draws_opportunity_attacks) == (
        True,
        False,
        False,
    )
    assert (failure.moves, failure.remains_engaged, failure.draws_opportunity_attacks) == (
        False,
        True,
        False,
    )


def test_a_stuck_creature_cannot_disengage() -> None:
    """Stuck: "You can't move, disengage, pop free\""""
    with pytest.raises(ActionRefused, match="a stuck creature cannot disengage"):
        disengage(20, 1, stuck=True)
