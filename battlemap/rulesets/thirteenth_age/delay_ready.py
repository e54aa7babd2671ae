"""Delay and Ready, exactly as the text words them.

Delay: "you take no action and then act normally on whatever initiative count you decide to
act. ... Your initiative result becomes the count on which you took the delayed action. If you
come to your next action and have not yet performed an action, you don't get to take a delayed
action (though you can delay again). If you take a delayed action in the next round, before
your regular turn comes up, your initiative count rises to that new point in the order of
battle, and you do not get your regular action that round."

Ready: "Readying is a standard action. You can ready a standard action, a move action, or a
free action. ... The action occurs just before the action that triggers it. ... For the rest of
the encounter, your initiative result is the count on which you took the readied action, and
you act immediately ahead of the character whose action triggered your readied action." The
same next-round rules as Delay follow.

Counts are compared as numbers: "before your regular turn comes up" in the next round means a
count above his initiative (at his own count, his regular turn has come).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from battlemap.rulesets.thirteenth_age.actions import ActionKind, ActionRefused


class Held(StrEnum):
    DELAY = "delay"
    READY = "ready"


#: "You can ready a standard action, a move action, or a free action."
READIABLE = frozenset({ActionKind.STANDARD, ActionKind.MOVE, ActionKind.FREE})


@dataclass(frozen=True)
class HeldAction:
    """A delayed or readied action waiting: held on `round` by a combatant whose initiative
    was then `initiative`; `action` is the readied action's kind (None for a delay)."""

    kind: Held
    round: int
    initiative: int
    action: ActionKind | None = None


def delay(round_number: int, initiative: int) -> HeldAction:
    """Delay on his turn in `round_number`: no action now."""
    return HeldAction(Held.DELAY, round_number, initiative)


def ready(round_number: int, initiative: int, action: ActionKind) -> HeldAction:
    """Ready `action` (a standard, move or free action) on his turn; readying spends his
    standard action (`actions.spend(budget, ActionKind.STANDARD)`)."""
    if action not in READIABLE:
        raise ActionRefused("ready", f"a {action} action cannot be readied")
    return HeldAction(Held.READY, round_number, initiative, action)


def expired(held: HeldAction, round_number: int, count: int) -> bool:
    """Whether his next action has come at `count` of `round_number`: the held action is lost
    then (he may delay or ready again)."""
    if round_number > held.round + 1:
        return True
    return round_number == held.round + 1 and count <= held.initiative


@dataclass(frozen=True)
class Taken:
    """A held action taken: his initiative from now on, whom he acts ahead of on that count
    (a readied action's trigger), and whether he loses his regular turn this round (taken in
    the next round before it came up)."""

    initiative: int
    ahead_of: str | None
    loses_regular_turn: bool


def take_delayed(held: HeldAction, round_number: int, count: int) -> Taken:
    """Take a delayed action at `count` of `round_number`: his initiative becomes `count`."""
    if held.kind is not Held.DELAY:
        raise ActionRefused("delay", "no action is delayed")
    if held.round == round_number and count > held.initiative:
        raise ActionRefused(
            "delay", f"count {count} is above his initiative {held.initiative}: already past"
        )
    _refuse_expired(held, round_number, count)
    return Taken(count, None, loses_regular_turn=round_number == held.round + 1)


def take_readied(held: HeldAction, round_number: int, trigger: str, trigger_count: int) -> Taken:
    """Take a readied action just before `trigger`'s action, at his count `trigger_count` of
    `round_number`: the readier's initiative becomes that count, ahead of the trigger."""
    if held.kind is not Held.READY:
        raise ActionRefused("ready", "no action is readied")
    _refuse_expired(held, round_number, trigger_count)
    return Taken(trigger_count, trigger, loses_regular_turn=round_number == held.round + 1)


def _refuse_expired(held: HeldAction, round_number: int, count: int) -> None:
    if round_number < held.round:
        raise ActionRefused(held.kind.value, f"round {round_number} is before it was held")
    if expired(held, round_number, count):
        raise ActionRefused(
            held.kind.value, "his next turn has come: the held action is lost (hold it again)"
        )
