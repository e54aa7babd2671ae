"""Action ids: who, which round, which of his plans. Decision keys hang off them.

Ids are stable ("thorin.r1.2": Thorin's second plan of round 1), so adding a creature or
changing a later plan renames nothing and a replay by key finds every answer again. A readied
action set off is its wait's id with ".readied"; an intercept, the interceptor's with the
mover's action.
"""

from __future__ import annotations

from collections.abc import Iterable

from battlemap.core.encounter import Plan

_READIED = ".readied"
#: The step of an attack of opportunity provoked by an action as it begins (a cast, a shot,
#: standing up): `<action id>/provoked/<attacker>`, beside a mover's `<action id>/aoo/<attacker>`.
PROVOKED = "/provoked/"


def plan_action_id(actor: str, round_number: int, number: int) -> str:
    """The id of `actor`'s `number`th plan (from 1) of `round_number`."""
    return f"{actor}.r{round_number}.{number}"


def readied_action_id(wait_id: str) -> str:
    return f"{wait_id}{_READIED}"


def intercept_action_id(interceptor: str, mover_action: str) -> str:
    return f"{interceptor}.intercepts.{mover_action}"


def spends_plan_slot(action: str, action_id: str) -> bool:
    """Whether an action that begins is a plan's own, which spends the plan's slot (a readied
    action set off, or an intercept, runs outside the slots of the plans)."""
    return action != "intercept" and not action_id.endswith(_READIED)


def plans_by_round(plans: Iterable[Plan]) -> dict[int, list[tuple[str, Plan]]]:
    """One combatant's plans by round, in file order, each with its action id."""
    by_round: dict[int, list[Plan]] = {}
    for p in plans:
        by_round.setdefault(p.round, []).append(p)
    return {
        round_number: [
            (plan_action_id(p.actor, round_number, n), p) for n, p in enumerate(in_round, 1)
        ]
        for round_number, in_round in by_round.items()
    }
