"""An action's start and end as events: what every kind of action shares."""

from __future__ import annotations

from typing import Any

from battlemap.core.encounter import Plan
from battlemap.core.engine import Process, Wait
from battlemap.core.state import State
from battlemap.rulesets.d12.context import Fight
from battlemap.rulesets.d12.tables import PHASE_COMPLETE, units_of


def begin(fight: Fight, actor: str, plan: Plan, start: float, action_id: str, **fields: Any) -> str:
    """Say that `actor` begins `plan` as action `action_id`, lasting its units from `start`."""
    fight.engine.emit(
        "action_start",
        actor,
        id=action_id,
        action=plan.action,
        ends=start + units_of(plan.action, plan.round),
        **fields,
    )
    return action_id


def is_current(state: State, actor: str, action_id: str) -> bool:
    """Whether `actor` is still busy with `action_id` (an action cut short, by a drop or a
    lost spell, is not: its process stops quietly on waking)."""
    action = state[actor].action
    return action is not None and action.id == action_id


def finish(
    fight: Fight, actor: str, action_id: str, plan: Plan, start: float, result: str
) -> Process:
    """Wait for the end of the plan's units and say it ended, unless it already did."""
    yield Wait(start + units_of(plan.action, plan.round), PHASE_COMPLETE, fight.ranks[actor])
    if is_current(fight.state, actor, action_id):
        fight.engine.emit("action_end", actor, id=action_id, action=plan.action, result=result)
