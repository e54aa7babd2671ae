"""A turn's actions and trades; interrupts between one's own turns."""

from __future__ import annotations

import pytest

from battlemap.rulesets.thirteenth_age.actions import (
    ActionKind,
    ActionRefused,
    InterruptAllowance,
    TurnBudget,
    can_take,
    end_own_turn,
    spend,
    use_interrupt,
)


def test_one_standard_one_move_one_quick_and_free_actions() -> None:
    """ "On your turn, you can take one standard action, move action, and quick action, and a
    handful of free actions, in any order.\""""
    budget = TurnBudget()
    for kind in (ActionKind.QUICK, ActionKind.FREE, ActionKind.STANDARD, ActionKind.MOVE):
        budget = spend(budget, kind, paid_with=kind if kind is not ActionKind.FREE else None)
    assert budget == TurnBudget(False, False, False)
    assert spend(budget, ActionKind.FREE) == budget
    with pytest.raises(ActionRefused, match="the standard action is already used"):
        spend(budget, ActionKind.STANDARD)


def test_a_standard_buys_a_move_and_a_standard_or_move_buys_a_quick() -> None:
    """ "You can use a standard action to take a move action, and you can use a standard or
    move action to take a quick action.\""""
    two_moves = spend(spend(TurnBudget(), ActionKind.MOVE), ActionKind.MOVE)
    assert two_moves == TurnBudget(standard=False, move=False, quick=True)
    quicks = spend(spend(spend(TurnBudget(), ActionKind.QUICK), ActionKind.QUICK), ActionKind.QUICK)
    assert quicks == TurnBudget(False, False, False)
    assert spend(TurnBudget(quick=False), ActionKind.QUICK, ActionKind.STANDARD) == TurnBudget(
        standard=False, move=True, quick=False
    )
    with pytest.raises(ActionRefused, match="a move action cannot be used for it"):
        spend(TurnBudget(), ActionKind.STANDARD, ActionKind.MOVE)
    assert not can_take(TurnBudget(standard=False), ActionKind.STANDARD)
    assert can_take(TurnBudget(move=False), ActionKind.MOVE)


def test_one_interrupt_until_the_end_of_the_next_turn() -> None:
    """ "You can use one interrupt action when it's not your turn. You can't use another one
    until the end of your next turn.\""""
    used = use_interrupt(InterruptAllowance(), own_turn=False)
    with pytest.raises(ActionRefused, match="already used since the end of your last turn"):
        use_interrupt(used, own_turn=False)
    with pytest.raises(ActionRefused, match="when it is not your turn"):
        use_interrupt(InterruptAllowance(), own_turn=True)
    assert use_interrupt(end_own_turn(used), own_turn=False).used
