"""Waiting for a trigger: the stated action, an unfired wait, interrupting, aborting.

"Character can wait for specific trigger before acting
  - Character must specify the exact action he takes when the trigger condition comes up
  - If the trigger doesn't happen during the combat round the character doesn't act during that
    round, he acts at his original initiative on next round
  - If the trigger is some action by other character(s) that the character wants to interrupt
    the character must win the opposing character in Combat Experience check
    - In case the waiting character wins, his initiative is set to the same as the current
      initiative
    - If waiting character loses, his initiative is set to current -1 and he takes the chosen
      action at that initiative
  - If the trigger comes and the character wants to abort his action he is required to take
    Combat Experience check with 20 difficulty
    - If the check fails the character takes the action he prepared
    - On success the character doesn't need to act and he can't do anything else during the
      rest of the round
    - If character has 2 degrees of success on the Combat Experience check he can act normally
      later during the combat round, his new initiative is current initiative halved (round
      down)"

"Current Initiative is the initiative count of the character acting at the moment": every
`current` below is that count, the one of whoever is acting when the trigger comes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from battlemap.rulesets.combat_experience.initiative import (
    MINIMUM_INITIATIVE,
    CheckOutcome,
    resolve_check,
)
from battlemap.rulesets.combat_experience.settings import DEFAULT_RULES, CheckRules

#: "... Combat Experience check with 20 difficulty."
ABORT_DIFFICULTY = 20
#: "If character has 2 degrees of success ... he can act normally later during the round."
ABORT_DEGREES_TO_ACT_LATER = 2

TriggerT = TypeVar("TriggerT")
ActionT = TypeVar("ActionT")


@dataclass(frozen=True)
class Wait(Generic[TriggerT, ActionT]):
    """A combatant waiting for `trigger` to take `action` ("the exact action he takes"), begun
    in `round` when his initiative was `original_initiative`. The trigger and the action are
    the engine's own values: this module only needs to carry them."""

    trigger: TriggerT
    action: ActionT
    original_initiative: int
    round: int


def begin_wait(
    trigger: TriggerT, action: ActionT, *, initiative: int, round: int
) -> Wait[TriggerT, ActionT]:
    """Start waiting at his count `initiative`. Both the trigger and the action must be given:
    None for either is refused."""
    if trigger is None:
        raise ValueError("a wait needs its trigger")
    if action is None:
        raise ValueError("a wait needs the exact action taken when the trigger comes")
    return Wait(trigger, action, original_initiative=initiative, round=round)


def unfired_initiative(wait: Wait[TriggerT, ActionT]) -> int:
    """The trigger did not come this round: he does not act this round, and next round he acts
    at his original initiative (the count he began waiting at)."""
    return wait.original_initiative


@dataclass(frozen=True)
class Reaction:
    """When a waiting combatant's prepared action goes off.

    `initiative` is his initiative from now on; `before_trigger` is True when his action comes
    before the action that set it off (he won the interrupt), False when it comes after;
    `won` is the opposed check's result, None when there was no contest.
    """

    initiative: int
    before_trigger: bool
    won: bool | None


def interrupt(*, waiting_total: int, acting_total: int, current: int) -> Reaction:
    """The opposed Combat Experience check to interrupt another's action.

    The waiting combatant "must win": a tie is not a win, so ties go to the one already acting.
    Win: his initiative is the current initiative and his action comes first. Lose: his
    initiative is current - 1 (never under 0) and his action comes after the triggering one.
    """
    if waiting_total > acting_total:
        return Reaction(initiative=current, before_trigger=True, won=True)
    return Reaction(
        initiative=max(MINIMUM_INITIATIVE, current - 1), before_trigger=False, won=False
    )


def after_trigger(current: int) -> Reaction:
    """A trigger he does not try to interrupt (or that is no one's action): no check; he takes
    his action right after what set it off, at current - 1 as a lost interrupt would."""
    return Reaction(initiative=max(MINIMUM_INITIATIVE, current - 1), before_trigger=False, won=None)


class AbortResult(StrEnum):
    """The three outcomes of the abort check."""

    #: "If the check fails the character takes the action he prepared."
    TAKES_ACTION = "takes_action"
    #: "On success the character doesn't need to act and he can't do anything else during the
    #: rest of the round."
    STANDS_DOWN = "stands_down"
    #: "If character has 2 degrees of success ... he can act normally later during the combat
    #: round, his new initiative is current initiative halved (round down)."
    ACTS_LATER = "acts_later"


@dataclass(frozen=True)
class Abort:
    """The abort check, its result and, for ACTS_LATER, his new initiative (None otherwise)."""

    check: CheckOutcome
    result: AbortResult
    initiative: int | None


def abort(total: int, current: int, rules: CheckRules = DEFAULT_RULES) -> Abort:
    """The trigger came and he wants to abort: a difficulty-20 check with `total`."""
    check = resolve_check(total, ABORT_DIFFICULTY, rules)
    if not check.success:
        return Abort(check, AbortResult.TAKES_ACTION, None)
    if check.degrees >= ABORT_DEGREES_TO_ACT_LATER:
        return Abort(check, AbortResult.ACTS_LATER, max(MINIMUM_INITIATIVE, current) // 2)
    return Abort(check, AbortResult.STANDS_DOWN, None)
