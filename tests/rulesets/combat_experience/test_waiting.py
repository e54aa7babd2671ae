"""Waiting for a trigger: the stated action, an unfired wait, the interrupt, the abort."""

from __future__ import annotations

import pytest

from battlemap.rulesets.combat_experience.initiative import (
    CheckOutcome,
    first_check,
    set_initiative,
)
from battlemap.rulesets.combat_experience.waiting import (
    ABORT_DIFFICULTY,
    Abort,
    AbortResult,
    Reaction,
    abort,
    after_trigger,
    begin_wait,
    interrupt,
    unfired_initiative,
)


def test_a_wait_names_its_trigger_and_its_exact_action() -> None:
    """ "Character can wait for specific trigger before acting" - "Character must specify the
    exact action he takes when the trigger condition comes up\""""
    wait = begin_wait("the orc moves", "attack the orc", initiative=17, round=2)
    assert (wait.trigger, wait.action, wait.original_initiative, wait.round) == (
        "the orc moves",
        "attack the orc",
        17,
        2,
    )
    with pytest.raises(ValueError, match="the exact action"):
        begin_wait("the orc moves", None, initiative=17, round=2)
    with pytest.raises(ValueError, match="its trigger"):
        begin_wait(None, "attack", initiative=17, round=2)


def test_no_trigger_this_round_means_the_original_initiative_next_round() -> None:
    """ "If the trigger doesn't happen during the combat round the character doesn't act during
    that round, he acts at his original initiative on next round\""""
    wait = begin_wait("the door opens", "shoot", initiative=17, round=2)
    assert unfired_initiative(wait) == 17


def test_winning_the_opposed_check_interrupts_at_the_current_initiative() -> None:
    """ "If the trigger is some action by other character(s) that the character wants to
    interrup the character must win the opposing character in Combat Experience check" - "In
    case the waiting character wins, his initiative is set to the same as the current
    initiative\""""
    assert interrupt(waiting_total=19, acting_total=14, current=12) == Reaction(
        initiative=12, before_trigger=True, won=True
    )


def test_losing_the_opposed_check_acts_at_current_minus_1() -> None:
    """ "If waiting character loses, his initiative is set to current -1 and he takes the chosen
    action at that initiative\""""
    assert interrupt(waiting_total=11, acting_total=14, current=12) == Reaction(
        initiative=11, before_trigger=False, won=False
    )


def test_a_tie_goes_to_the_one_already_acting() -> None:
    """ "... must win the opposing character": a tie is no win."""
    assert interrupt(waiting_total=14, acting_total=14, current=12) == Reaction(
        initiative=11, before_trigger=False, won=False
    )


def test_a_lost_interrupt_at_count_0_stays_at_0() -> None:
    """ "Minimum initiative is 0\": current - 1 is never under it."""
    assert interrupt(waiting_total=3, acting_total=14, current=0).initiative == 0


def test_the_new_initiative_is_his_from_then_on() -> None:
    waiter = first_check(opening=15, fearless=False, total=20)
    won = interrupt(waiting_total=19, acting_total=14, current=12)
    assert set_initiative(waiter, won.initiative).initiative == 12


def test_a_trigger_not_contested_is_answered_after_it() -> None:
    assert after_trigger(12) == Reaction(initiative=11, before_trigger=False, won=None)
    assert after_trigger(0).initiative == 0


def test_a_failed_abort_takes_the_prepared_action() -> None:
    """ "If the trigger comes and the character wants to abort his action he is required to take
    Combat Experience check with 20 difficulty" - "If the check fails the character takes the
    action he prepared\""""
    assert ABORT_DIFFICULTY == 20
    assert abort(19, current=14) == Abort(
        CheckOutcome(19, 20, False, 0), AbortResult.TAKES_ACTION, None
    )


def test_a_successful_abort_stands_down_for_the_round() -> None:
    """ "On success the character doesn't need to act and he can't do anything else during the
    rest of the round\""""
    assert abort(20, current=14) == Abort(
        CheckOutcome(20, 20, True, 0), AbortResult.STANDS_DOWN, None
    )
    assert abort(29, current=14).result is AbortResult.STANDS_DOWN  # one degree is not two


def test_two_degrees_act_later_at_half_the_current_initiative() -> None:
    """ "If character has 2 degrees of success on the Combat Experience check he can act normally
    later during the combat round, his new initiative is current initiative halved (round
    down)\""""
    assert abort(30, current=15) == Abort(CheckOutcome(30, 20, True, 2), AbortResult.ACTS_LATER, 7)
    assert abort(41, current=14).initiative == 7
    assert abort(30, current=1).initiative == 0
