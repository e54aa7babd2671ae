"""One d12 fight on the engine: initiative, the round ticker and each combatant's turns.

Each combatant has one process that walks through his plans round by round: a plan begins on
his initiative count, or when the plan before it in the same round ends, so actions that run
past count 1 carry into the next round. The actions themselves live in actions.py.

The initiative is rolled before the clock starts; once the acting order is known, the fight's
fixed facts become the `Fight` every rule is given (context.py), and the processes begin.
"""

from __future__ import annotations

import hashlib
from collections.abc import Generator, Mapping
from typing import Any

from battlemap.core.decisions import RollRequest, decision_key
from battlemap.core.encounter import Encounter, Plan
from battlemap.core.engine import Engine, NeedRoll, Process, Wait
from battlemap.geometry.walls import wall_index
from battlemap.rulesets.d12 import readiness
from battlemap.rulesets.d12.actions import run
from battlemap.rulesets.d12.clock import UNITS_PER_ROUND, D12Clock
from battlemap.rulesets.d12.context import Fight
from battlemap.rulesets.d12.fixed_rolls import FixedRolls
from battlemap.rulesets.d12.ids import plans_by_round
from battlemap.rulesets.d12.initiative import Contender, Initiative, tie_groups
from battlemap.rulesets.d12.sight import Sight
from battlemap.rulesets.d12.tables import PHASE_ACT, PHASE_ROUND, units_of


def start(engine: Engine) -> None:
    """Spawn the fight: initiative first, then the rounds and everyone's turns."""
    engine.spawn(_begin(engine), float("-inf"), phase=PHASE_ROUND)


# --- initiative -----------------------------------------------------------------------------------


def _begin(engine: Engine) -> Process:
    encounter = engine.encounter
    initiative: dict[str, Initiative] = {}
    for c in encounter.combatants:
        roll = yield NeedRoll(
            RollRequest(
                c.id,
                "initiative",
                "1d12",
                f"{c.name}'s initiative",
                decision_key("initiative", c.id),
            ),
            c.initiative_roll,
        )
        initiative[c.id] = Initiative.from_roll(roll.total, c.init_mod)
    order, ties = yield from _acting_order(encounter, initiative)
    # The fight begins with the first surprise round anyone earned, or round 1.
    first_round = min(1, *(i.first_round for i in initiative.values()))
    yield Wait(engine.clock.time_of(first_round, UNITS_PER_ROUND), PHASE_ROUND)
    for c in encounter.combatants:
        init = initiative[c.id]
        engine.emit(
            "initiative",
            c.id,
            # The header's round and count name the slot where he first acts.
            label=(init.first_round, init.count),
            roll=init.roll,
            modifier=init.modifier,
            total=init.total,
            surprise_rounds=init.surprise_rounds,
            penalty_rounds=init.penalty_rounds,
            first_round=init.first_round,
        )
    engine.emit("initiative_order", None, order=order, ties=ties)
    engine.spawn(_rounds(engine, first_round), engine.now, phase=PHASE_ROUND)
    turns = {
        c.id: plans_by_round(p for p in encounter.plans if p.actor == c.id)
        for c in encounter.combatants
    }
    walls = wall_index(encounter.map.walls)
    fight = Fight(
        engine=engine,
        clock=D12Clock(),
        ranks={cid: i for i, cid in enumerate(order)},
        plans={aid: p for by_round in turns.values() for ps in by_round.values() for aid, p in ps},
        walls=walls,
        fixed=FixedRolls(),
        sight=Sight(encounter, walls),
    )
    if any(p.action == "ready" for p in encounter.plans):
        # Waits begin only with a ready plan's action: without one, nothing is watched (the
        # watcher would otherwise look at every event of the fight for nothing).
        readiness.watch(fight, run)
    for c in encounter.combatants:
        # Spawned first: at his count, flat-footed ends before his action there begins.
        engine.spawn(_alert(fight, c.id, initiative[c.id]), engine.now, phase=PHASE_ACT)
        if turns[c.id]:
            engine.spawn(
                _turns(fight, c.id, initiative[c.id], turns[c.id]), engine.now, phase=PHASE_ACT
            )


def _acting_order(
    encounter: Encounter, initiative: Mapping[str, Initiative]
) -> Generator[Any, Any, tuple[list[str], list[dict[str, Any]]]]:
    contenders = [Contender(c.id, initiative[c.id].total, c.dex) for c in encounter.combatants]
    order: list[str] = []
    ties: list[dict[str, Any]] = []
    for group in tie_groups(contenders):
        remaining = [c.id for c in group]
        if len(remaining) > 1:
            # A coin flip for two; for more, each die roll picks who goes next.
            picked: list[str] = []
            group_key = _tie_key(group[0].total, remaining)
            while len(remaining) > 1:
                roll = yield NeedRoll(
                    RollRequest(
                        remaining[0],
                        "tie_break",
                        f"1d{len(remaining)}",
                        f"coin flip between {_names(remaining)}",
                        decision_key(group_key, f"pick{len(picked) + 1}"),
                    )
                )
                picked.append(remaining.pop(roll.total - 1))
            picked.extend(remaining)
            ties.append({"ids": picked, "total": group[0].total, "by": "coin flip"})
            remaining = picked
        order.extend(remaining)
    by_total: dict[int, list[Contender]] = {}
    for c in contenders:
        by_total.setdefault(c.total, []).append(c)
    for total in sorted(by_total, reverse=True):
        same = by_total[total]
        if len(same) > 1 and len({c.dex for c in same}) > 1:
            members = {c.id for c in same}
            ids = [cid for cid in order if cid in members]
            ties.append({"ids": ids, "total": total, "by": "dexterity"})
    return order, ties


# --- rounds and turns -----------------------------------------------------------------------------


def _rounds(engine: Engine, first_round: int) -> Process:
    """Announce each round in which anything happens; rounds where nothing at all is
    scheduled are passed over (a plan 1000 rounds away must not announce 999 empty ones)."""
    clock = engine.clock
    round_number = first_round
    while True:
        yield Wait(clock.round_start(round_number), PHASE_ROUND)
        if not engine.has_work():
            return
        engine.emit("round_start", None)
        upcoming = engine.next_time()
        following = round_number + 1
        if upcoming is not None and upcoming >= clock.round_start(following):
            following = clock.round_of(upcoming)
        round_number = following


def _alert(fight: Fight, actor: str, init: Initiative) -> Process:
    """Flat-footed until his initiative count first comes in a round he may act in, plan or
    not ("Thorin and the earth elemental have not yet acted and are still flat-footed")."""
    yield Wait(fight.clock.time_of(init.first_round, init.count), PHASE_ACT, fight.ranks[actor])
    fight.engine.emit("flat_footed_ends", actor)


def _turns(
    fight: Fight, actor: str, init: Initiative, by_round: Mapping[int, list[tuple[str, Plan]]]
) -> Process:
    """His plans, round by round, each with its stable action id (who, which round, which of
    his plans in it): decision keys hang off them, so an edit elsewhere never renames this
    action's rolls."""
    engine, clock = fight.engine, fight.clock
    rank = fight.ranks[actor]
    count = init.count  # a delay changes it "from then on"
    for round_number in sorted(by_round):
        in_round = by_round[round_number]
        slot = clock.time_of(round_number, count)
        if slot >= engine.now:
            yield Wait(slot, PHASE_ACT, rank)
        if round_number < init.first_round:
            reason = (
                "penalty round" if round_number >= 1 else "no surprise round for this combatant"
            )
            for _action_id, plan in in_round:
                engine.emit(
                    "plan_skipped",
                    actor,
                    action=plan.action,
                    plan_round=round_number,
                    reason=reason,
                )
            continue
        start = slot
        if in_round[0][1].action == "delay":
            (_delay_id, delay), in_round = in_round[0], in_round[1:]
            later = delay.count if delay.count is not None else count
            if later >= count:
                engine.emit(
                    "plan_skipped",
                    actor,
                    action="delay",
                    plan_round=round_number,
                    reason=f"a delay must be to a later count than {count}",
                )
            else:
                # "act at a later count ...; his initiative becomes that count from then on"
                engine.emit("delay", actor, from_count=count, to_count=later)
                count = later
                start = clock.time_of(round_number, count)
        round_plans = [plan for _action_id, plan in in_round]
        for action_id, plan in in_round:
            # Even when the previous action ended this very instant, the next one waits for
            # the act phase: everything that completes at this instant goes first.
            yield Wait(max(start, engine.now), PHASE_ACT, rank)
            # A readied action set off late may still be running: the plan waits for it.
            busy = engine.state[actor].action
            while busy is not None and busy.end > engine.now:
                yield Wait(busy.end, PHASE_ACT, rank)
                busy = engine.state[actor].action
            # Held up that way (or by an intercept), the plan begins when he is free and
            # keeps its whole duration: its path and blows are timed from then.
            start = max(start, engine.now)
            if engine.state[actor].down:
                engine.emit(
                    "plan_skipped",
                    actor,
                    action=plan.action,
                    plan_round=round_number,
                    reason="down",
                )
                start += units_of(plan.action, plan.round)
                continue
            # Its action_start spends the plan's slot (reducers.py): until it ends he is not
            # free to intercept, even if the action is cut short.
            yield from run(fight, actor, plan, start, action_id, round_plans)
            start += units_of(plan.action, plan.round)


def _names(ids: list[str]) -> str:
    shown = ", ".join(ids[:6])
    return shown if len(ids) <= 6 else f"{shown} and {len(ids) - 6} more"


def _tie_key(total: int, ids: list[str]) -> str:
    """The key of one tie group's picks: its total and its members (a digest for big groups,
    so that a thousand-way tie does not write its whole roll call into every key)."""
    members = "+".join(sorted(ids))
    if len(ids) > 4:
        members = hashlib.sha256(members.encode()).hexdigest()[:16]
    return decision_key("tie_break", str(total), members)
