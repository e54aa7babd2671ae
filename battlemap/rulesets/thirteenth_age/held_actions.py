"""Readied actions on the engine: what one waits for.

A `ready` plan holds the readied action (`readied`: an attack or a move, the text's standard
or move action) and its `trigger`: `{"event": "acts", "actor": <id>}`, the start of that
combatant's turn ("The action occurs just before the action that triggers it"). The fight
(fight.py) keeps one `HeldReady` per readier until it goes off or his own next turn comes.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.core.encounter import Plan

#: The trigger events a 13th Age ready may name: the trigger combatant acting.
TRIGGER_EVENTS = ("acts",)
#: What may be readied: "a standard action, a move action, or a free action" (an attack or a
#: move; the file has no free actions to plan).
READIABLE_ACTIONS = ("attack", "move")


@dataclass(frozen=True)
class HeldReady:
    """A readied action waiting: readied in `round` against `trigger`'s action; `plan` is the
    readied action and `action_id` the ready plan's (its rolls' keys hang under it)."""

    round: int
    trigger: str
    plan: Plan
    action_id: str


def ready_trigger(plan: Plan) -> str:
    """The combatant whose action sets off `plan`'s readied action (validation's promise)."""
    assert plan.trigger is not None and plan.trigger.actor is not None
    return plan.trigger.actor
