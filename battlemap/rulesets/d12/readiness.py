"""Readied actions: a combatant waits with an action and a trigger; the trigger fires it at once.

The d12 text replaces 3e's prepared actions with a fluid clock; here a ready is an action of
waiting that lasts until the combatant's next initiative. Triggers are watched on the event
log: an enemy beginning to cast, move or attack fires them the instant its action starts (so a
readied blow on a caster lands during the casting and calls for Concentration); an enemy
walking into reach or into an area fires them at the exact moment the geometry gives; a count
fires them at that unit. A ready not triggered by the next initiative is lost.

The waits themselves are in the state (reducers.py: a ready's `action_start` begins one, its
`triggered` sets it off, it is over once it expires); the trigger and the readied action are
the ready plan's, found by the wait's action id. The readied action is begun by the `run`
function the fight passes in (actions.py dispatches every plan, this module included).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from functools import partial

import shapely

from battlemap.core.encounter import Plan, Point, Trigger
from battlemap.core.engine import Process, Wait
from battlemap.core.events import Event
from battlemap.core.motion import position_on
from battlemap.geometry.contact import first_contact, within_reach
from battlemap.geometry.path import Polyline
from battlemap.rulesets.d12.acting import begin, is_current
from battlemap.rulesets.d12.context import Fight
from battlemap.rulesets.d12.ids import readied_action_id
from battlemap.rulesets.d12.reducers import ReadyWait, waits
from battlemap.rulesets.d12.tables import MOVEMENT_MULTIPLIER, PHASE_ACT, PHASE_COMPLETE

#: Begins a plan as an action: (fight, actor, plan, start, action id, the round's plans).
RunPlan = Callable[[Fight, str, Plan, float, str, Collection[Plan]], Process]

_ATTACKING = frozenset({"attack", "full_attack", "charge"})
#: Triggers set off by where a mover goes, solved on his path.
_PLACES = frozenset({"enters_reach", "enters_area"})


def watch(fight: Fight, run: RunPlan) -> None:
    """Watch the log for the triggers of the fight's readied actions."""
    fight.engine.watch(partial(_on_event, fight, run))


def ready(
    fight: Fight, actor: str, plan: Plan, start: float, action_id: str, run: RunPlan
) -> Process:
    """Wait with `plan.readied` until `plan.trigger` happens or the next initiative."""
    assert plan.readied is not None and plan.trigger is not None
    trigger = plan.trigger
    begin(
        fight,
        actor,
        plan,
        start,
        action_id,
        readied=plan.readied.action,
        trigger=_describe(trigger),
    )
    waiting = waits(fight.state)[actor]  # its action_start began it, until the next initiative
    expires = waiting.expires
    if trigger.event in _PLACES:
        # Enemies already on the move when the wait begins are watched from now on.
        for cid, other in fight.state.combatants.items():
            if other.knots is not None and not other.down:
                _watch_mover(fight, run, waiting, trigger, cid)
    if trigger.event == "at_count" and trigger.count is not None:
        at = fight.clock.time_of(plan.round, trigger.count)
        if at < start:  # the count has passed this round: the next one
            at += 12.0
        if at < expires:
            fight.engine.spawn(_at(fight, run, waiting, at), at, phase=PHASE_ACT)
    yield Wait(expires, PHASE_COMPLETE, fight.ranks[actor])
    if not _fired(fight, waiting) and is_current(fight.state, actor, action_id):
        # "A readied action not triggered by the combatant's next initiative is lost."
        fight.engine.emit("action_end", actor, id=action_id, action="ready", result="lost")


# --- triggers -----------------------------------------------------------------------------------


def _live(fight: Fight, waiting: ReadyWait) -> bool:
    """Still waiting: not set off, not expired, not replaced by a later ready."""
    now = waits(fight.state).get(waiting.actor)
    return (
        now is not None
        and now.action_id == waiting.action_id
        and not now.fired
        and fight.now < now.expires
    )


def _fired(fight: Fight, waiting: ReadyWait) -> bool:
    now = waits(fight.state).get(waiting.actor)
    return now is not None and now.action_id == waiting.action_id and now.fired


def _trigger(fight: Fight, waiting: ReadyWait) -> Trigger:
    trigger = fight.plans[waiting.action_id].trigger
    assert trigger is not None
    return trigger


def _on_event(fight: Fight, run: RunPlan, event: Event) -> None:
    for waiting in list(waits(fight.state).values()):
        # Firing one wait emits events that may fire others: each is read again as it comes.
        if not _live(fight, waiting) or event.actor == waiting.actor:
            continue
        trigger = _trigger(fight, waiting)
        if (
            trigger.actor is not None
            and event.actor != trigger.actor
            and not (trigger.event == "ally_attacked" and event.get("target") == trigger.actor)
        ):
            continue
        if event.type == "action_start":
            _on_start(fight, run, waiting, trigger, event)
        elif event.type == "course" and trigger.event in _PLACES:
            # A mover turned or was cut short: where he goes from now is new.
            _watch_mover(fight, run, waiting, trigger, str(event.actor))
        elif event.type == "attack" and trigger.event == "ally_attacked":
            target = event.get("target")
            mine = fight.state[waiting.actor].combatant.side
            if target != waiting.actor and fight.state[str(target)].combatant.side == mine:
                _fire(fight, run, waiting, event.actor, "ally_attacked")


def _on_start(
    fight: Fight, run: RunPlan, waiting: ReadyWait, trigger: Trigger, event: Event
) -> None:
    action = str(event["action"])
    by = event.actor
    if not _is_enemy(fight, waiting.actor, by):
        return
    if (
        (trigger.event == "starts_casting" and action == "cast")
        or (trigger.event == "starts_moving" and action in MOVEMENT_MULTIPLIER)
        or (trigger.event == "attacks" and action in _ATTACKING)
    ):
        _fire(fight, run, waiting, by, trigger.event)
    elif trigger.event in _PLACES and event.get("path"):
        _watch_mover(fight, run, waiting, trigger, str(by))


def _watch_mover(fight: Fight, run: RunPlan, waiting: ReadyWait, trigger: Trigger, by: str) -> None:
    """Schedule the check for the moment `by`, on his path from now, enters the reach or
    the area. A stale moment (the mover turned since) fails its re-check at that moment."""
    if by == waiting.actor or not _is_enemy(fight, waiting.actor, by):
        return
    if trigger.actor is not None and by != trigger.actor:
        return
    knots = fight.state[by].knots
    if not knots:
        return
    now = fight.now
    ahead = [(now, *position_on(knots, now)), *(k for k in knots if k[0] > now)]
    when = _entry_time(fight, waiting, trigger, ahead)
    if when is not None and now <= when < waiting.expires:
        fight.engine.spawn(_entered(fight, run, waiting, by, when), when, phase=PHASE_ACT)


def _entry_time(
    fight: Fight, waiting: ReadyWait, trigger: Trigger, knots: list[tuple[float, float, float]]
) -> float | None:
    now = fight.now
    if trigger.event == "enters_reach":
        me = fight.state[waiting.actor]
        here = me.position_at(now)
        return first_contact(
            [(now, *here)],
            me.combatant.squares,
            knots,
            1,
            me.combatant.reach,
            now,
            waiting.expires,
        )
    area = shapely.Polygon(trigger.area)
    points = [(x, y) for _, x, y in knots]
    line = Polyline.through(points)
    if len(line.points) < 2:
        return None
    inside = line.line.intersection(area)
    if inside.is_empty:
        return None
    first = min(line.line.project(shapely.Point(c)) for c in shapely.get_coordinates(inside))
    # The knots give the time at each vertex; interpolate the entry along its leg.
    for (t0, *_), (t1, *_), d0, d1 in zip(
        knots, knots[1:], line.cumulative, line.cumulative[1:], strict=False
    ):
        if d0 <= first <= d1:
            return t0 + (t1 - t0) * ((first - d0) / (d1 - d0) if d1 > d0 else 0.0)
    return None


def _entered(fight: Fight, run: RunPlan, waiting: ReadyWait, by: str, when: float) -> Process:
    """At the computed moment, check the mover really is there (plans change), then fire."""
    yield Wait(when, PHASE_ACT)
    trigger = _trigger(fight, waiting)
    mover = fight.state[by]
    if _fired(fight, waiting) or mover.down:
        return
    if trigger.event == "enters_reach":
        me = fight.state[waiting.actor]
        if not within_reach(
            me.position_at(when),
            me.combatant.squares,
            mover.position_at(when),
            mover.combatant.squares,
            me.combatant.reach,
        ):
            return
    elif not _in_area(trigger.area, mover.position_at(when)):
        return
    _fire(fight, run, waiting, by, trigger.event)


def _at(fight: Fight, run: RunPlan, waiting: ReadyWait, when: float) -> Process:
    yield Wait(when, PHASE_ACT)
    if not _fired(fight, waiting):
        _fire(fight, run, waiting, None, "at_count")


def _fire(fight: Fight, run: RunPlan, waiting: ReadyWait, by: str | None, why: str) -> None:
    """End the wait and begin the readied action now, aimed at whoever set it off."""
    actor, action_id = waiting.actor, waiting.action_id
    if _fired(fight, waiting) or not is_current(fight.state, actor, action_id):
        return
    fight.engine.emit("triggered", actor, trigger=why, by=by)  # the wait is set off
    fight.engine.emit("action_end", actor, id=action_id, action="ready", result="triggered")
    readied = fight.plans[action_id].readied
    assert readied is not None
    if readied.target is None and by is not None and readied.action != "move":
        readied = dataclasses.replace(readied, target=by)
    # Dice rolled at the table for the readied action are its own, not the wait's: `run`
    # gives the readied plan's rolls to the readied action's id.
    now = fight.now
    fight.engine.spawn(
        run(fight, actor, readied, now, readied_action_id(action_id), ()),
        now,
        phase=PHASE_ACT,
        rank=fight.ranks[actor],
    )


def _is_enemy(fight: Fight, me: str, other: str | None) -> bool:
    if other is None:
        return False
    return fight.state[other].combatant.side != fight.state[me].combatant.side


def _in_area(area: tuple[Point, ...], point: Point) -> bool:
    """Whether a centre is in the area, its edge included (give or take float dust)."""
    return bool(shapely.Polygon(area).buffer(1e-9).covers(shapely.Point(point)))


def _describe(trigger: Trigger) -> dict[str, object]:
    out: dict[str, object] = {"event": trigger.event}
    if trigger.actor is not None:
        out["actor"] = trigger.actor
    if trigger.count is not None:
        out["count"] = trigger.count
    if trigger.area:
        out["area"] = [list(p) for p in trigger.area]
    return out
