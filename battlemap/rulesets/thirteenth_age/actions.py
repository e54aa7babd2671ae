"""A turn's actions and their trades, and the one interrupt between a creature's own turns.

"On your turn, you can take one standard action, move action, and quick action, and a handful
of free actions, in any order." "You can use a standard action to take a move action, and you
can use a standard or move action to take a quick action." "You can use one interrupt action
when it's not your turn. You can't use another one until the end of your next turn."
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from battlemap.core.errors import BattlemapError


class ActionKind(StrEnum):
    STANDARD = "standard"
    MOVE = "move"
    QUICK = "quick"
    FREE = "free"


class ActionRefused(BattlemapError):
    """An action the turn cannot pay for, or an interrupt out of its time; `problem` says why."""


#: What each kind may be paid with, in the order tried when the player does not say: its own
#: slot, then the cheapest that may stand in (a move before a standard for a quick action).
_PAYS_FOR: dict[ActionKind, tuple[ActionKind, ...]] = {
    ActionKind.STANDARD: (ActionKind.STANDARD,),
    ActionKind.MOVE: (ActionKind.MOVE, ActionKind.STANDARD),
    ActionKind.QUICK: (ActionKind.QUICK, ActionKind.MOVE, ActionKind.STANDARD),
}


@dataclass(frozen=True)
class TurnBudget:
    """What is left of a turn: one of each action at the start. Free actions are not counted
    ("any number ..., as allowed by the GM")."""

    standard: bool = True
    move: bool = True
    quick: bool = True

    def has(self, kind: ActionKind) -> bool:
        return kind is ActionKind.FREE or bool(getattr(self, kind.value))


def can_take(budget: TurnBudget, kind: ActionKind) -> bool:
    """Whether `kind` can still be taken this turn, by its own slot or a trade."""
    if kind is ActionKind.FREE:
        return True
    return any(budget.has(slot) for slot in _PAYS_FOR[kind])


def spend(budget: TurnBudget, kind: ActionKind, paid_with: ActionKind | None = None) -> TurnBudget:
    """The budget after taking `kind`, paid with `paid_with` (a trade) or, if not given, its
    own slot or the cheapest trade. ActionRefused when it cannot be paid for."""
    if kind is ActionKind.FREE:
        return budget
    allowed = _PAYS_FOR[kind]
    if paid_with is not None:
        if paid_with not in allowed:
            raise ActionRefused(kind.value, f"a {paid_with} action cannot be used for it")
        choices: tuple[ActionKind, ...] = (paid_with,)
    else:
        choices = allowed
    for slot in choices:
        if budget.has(slot):
            return replace(budget, **{slot.value: False})
    spent = " or ".join(f"the {slot}" for slot in choices)
    raise ActionRefused(kind.value, f"{spent} action is already used this turn")


def coup_de_grace_budget(budget: TurnBudget) -> TurnBudget:
    """A coup de grace: "Skip your move action and your quick action that turn" and "Make a
    standard action attack": all three must be unused, and none is left afterwards."""
    if not (budget.standard and budget.move and budget.quick):
        raise ActionRefused(
            "coup de grace", "it needs the standard, move and quick actions all unused"
        )
    return TurnBudget(standard=False, move=False, quick=False)


@dataclass(frozen=True)
class InterruptAllowance:
    """Whether the creature has used its interrupt since the end of its last turn."""

    used: bool = False


def use_interrupt(allowance: InterruptAllowance, *, own_turn: bool) -> InterruptAllowance:
    """Take an interrupt: only when it is not the creature's own turn, and only one until the
    end of its next turn."""
    if own_turn:
        raise ActionRefused("interrupt", "an interrupt is taken when it is not your turn")
    if allowance.used:
        raise ActionRefused("interrupt", "one was already used since the end of your last turn")
    return InterruptAllowance(used=True)


def end_own_turn(allowance: InterruptAllowance) -> InterruptAllowance:
    """The end of the creature's own turn: its interrupt is available again."""
    return InterruptAllowance(used=False)
