"""Movement on the d12 clock: moves, runs, withdraws, charges, chases, and their interruptions.

A mover travels a timed path, with a position event on every unit boundary. At the start and
on each boundary (every other action begins on a unit boundary, so nothing can change the
answers in between) the rest of the path is checked against the others: the next square left
under an enemy's threat (an attack of opportunity at that exact moment), the earliest point a
free enemy can intercept, and for a charge the moment the target comes within reach. An
accepted intercept sets the interceptor off on a move of its own (`set_off`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from typing import Any

from battlemap.core.encounter import Plan, Point
from battlemap.core.engine import Process, Wait
from battlemap.geometry.contact import first_contact, within_reach
from battlemap.geometry.path import Polyline, TimedPath
from battlemap.geometry.provocation import Exit, five_foot_step
from battlemap.geometry.pursuit import pursue
from battlemap.rulesets.d12.acting import begin, finish, is_current
from battlemap.rulesets.d12.clock import d12_pace
from battlemap.rulesets.d12.context import Fight
from battlemap.rulesets.d12.ids import intercept_action_id
from battlemap.rulesets.d12.opportunity import (
    intercept,
    next_interception,
    next_provocation,
    provoke,
)
from battlemap.rulesets.d12.tables import (
    ACTION_UNITS,
    MOVEMENT_MULTIPLIER,
    PHASE_ACT,
    PHASE_COMPLETE,
    PHASE_MOVE,
)

#: What a mover wakes up for, in the order they are handled when they fall together.
_BOUNDARY, _ARRIVAL, _PROVOKE, _CONTACT = 0, 1, 2, 3

Replan = Callable[[float], TimedPath]


# --- paths ------------------------------------------------------------------------------


def timed_path(fight: Fight, actor: str, plan: Plan, start: float) -> tuple[TimedPath, Point]:
    """The path the token will follow, cut where time runs out or at a wall, and where it
    was headed."""
    me = fight.state[actor]
    waypoints = list(plan.path)
    if not waypoints and plan.target is not None:
        waypoints = [fight.state[plan.target].position_at(start)]
    if plan.action == "run":
        # "Running in a straight line": from wherever the runner stands now, straight for
        # the last waypoint (validation checked the bends it could see).
        waypoints = waypoints[-1:]
    pace = d12_pace(me.combatant.speed * MOVEMENT_MULTIPLIER[plan.action])
    here = me.position_at(start)
    points = [here, *waypoints]
    if fight.walls is not None:
        points = fight.walls.stop_short(points)
    path = TimedPath.for_duration(points, start, pace, ACTION_UNITS[plan.action])
    return path, (waypoints[-1] if waypoints else here)


def path_fields(path: TimedPath, destination: Point) -> dict[str, Any]:
    knots = path.knots()
    return {
        "path": [[x, y] for _, x, y in knots],
        "arrivals": [t for t, _, _ in knots],
        "rate": path.rate,
        "destination": list(destination),
        # "A path longer than the action allows stops where the time runs out": say so.
        "cut": path.polyline.end != destination,
    }


# --- actions ------------------------------------------------------------------------------


def move(
    fight: Fight,
    actor: str,
    plan: Plan,
    start: float,
    action_id: str,
    round_plans: Collection[Plan],
) -> Process:
    path, destination = timed_path(fight, actor, plan, start)
    begin(fight, actor, plan, start, action_id, **path_fields(path, destination))
    provokes = not _only_a_five_foot_step(plan, path, round_plans)
    spare: frozenset[str] = frozenset()
    if plan.action == "withdraw":
        spare = frozenset(_adjacent_enemies(fight, actor))
    yield from travel(fight, actor, action_id, path, None, provokes=provokes, spare=spare)
    yield from finish(fight, actor, action_id, plan, start, "done")


def follow(fight: Fight, actor: str, plan: Plan, start: float, action_id: str) -> Process:
    """A chase: head for the quarry's position at each moment; stop on catching it."""
    assert plan.target is not None
    quarry = plan.target
    me = fight.state[actor].combatant
    end = start + ACTION_UNITS[plan.action]
    pace = d12_pace(me.speed)

    def replan(now: float) -> TimedPath:
        them = fight.state[quarry]
        knots = them.knots if them.knots is not None else [(now, *them.position_at(now))]
        catch = (me.squares + them.combatant.squares) / 2
        trail, _caught = pursue(
            fight.state[actor].position_at(now), pace, now, end - now, knots, catch
        )
        return TimedPath(Polyline.through([(x, y) for _, x, y in trail]), now, pace)

    path = replan(start)
    begin(
        fight,
        actor,
        plan,
        start,
        action_id,
        target=quarry,
        **path_fields(path, path.polyline.end),
    )
    yield from travel(fight, actor, action_id, path, None, replan=replan, until=end)
    yield from finish(fight, actor, action_id, plan, start, "done")


# --- intercepts -------------------------------------------------------------------------------


def set_off(
    fight: Fight, interceptor: str, mover: str, mover_action: str, point: Point, meet: float
) -> None:
    """An accepted intercept: the interceptor drops what it was doing (a move) and heads
    straight for the meeting point, arriving at `meet`."""
    them = fight.state[interceptor]
    now = fight.now
    if them.action is not None:
        fight.engine.emit(
            "action_end",
            interceptor,
            id=them.action.id,
            action=them.action.action,
            result="intercepting",
        )
    here = them.position_at(now)
    # It meets the mover within one square of the point (the intercept's reach), so it
    # heads for the spot one square short of the point on its line.
    distance = math.hypot(point[0] - here[0], point[1] - here[1])
    short = max(0.0, distance - 1.0) / distance if distance > 0 else 0.0
    stop = (here[0] + (point[0] - here[0]) * short, here[1] + (point[1] - here[1]) * short)
    path = TimedPath(Polyline.through([here, stop]), now, d12_pace(them.combatant.speed))
    action_id = intercept_action_id(interceptor, mover_action)
    knots = path.knots()
    fight.engine.emit(
        "action_start",
        interceptor,
        id=action_id,
        action="intercept",
        ends=max(meet, path.end_time),
        target=mover,
        path=[[x, y] for _, x, y in knots],
        arrivals=[t for t, _, _ in knots],
        rate=path.rate,
    )
    fight.engine.spawn(
        _intercept_run(fight, interceptor, action_id, path, max(meet, path.end_time)),
        now,
        phase=PHASE_ACT,
        rank=fight.ranks[interceptor],
    )


def _intercept_run(
    fight: Fight, actor: str, action_id: str, path: TimedPath, ends: float
) -> Process:
    yield from travel(fight, actor, action_id, path, None, provokes=False)
    yield Wait(ends, PHASE_COMPLETE, fight.ranks[actor])
    if is_current(fight.state, actor, action_id):
        fight.engine.emit("action_end", actor, id=action_id, action="intercept", result="done")


# --- travelling ---------------------------------------------------------------------------


def travel(
    fight: Fight,
    actor: str,
    action_id: str,
    path: TimedPath,
    target: str | None,
    *,
    provokes: bool = True,
    spare: frozenset[str] = frozenset(),
    replan: Replan | None = None,
    until: float | None = None,
) -> Any:
    """Move along `path`, with a position event on each unit boundary and where the token
    stops, meeting attacks of opportunity and intercepts on the way.

    With a `target` (a charge), stop the moment it comes within reach and return that
    time; None when the target was not reached.
    """
    rank = fight.ranks[actor]
    me = fight.state[actor]
    now = path.start_time
    # A charge keeps looking for its target, a chase for its quarry, until the action ends.
    end = until if until is not None else now + (ACTION_UNITS["charge"] if target else 0)
    start_cell = _cell(path.position_at(now))
    x, y = path.position_at(now)
    moving = path.end_time > now
    fight.engine.emit("position", actor, x=x, y=y, stopped=not moving)
    for _ in range(10_000):  # a bound, never reached: each pass advances time or returns
        if replan is not None and now > path.start_time:
            path = _replanned(fight, actor, path, replan(now), now)
            moving = path.end_time > now
        contact = _contact(fight, actor, path, target, now, end) if target else None
        if contact is not None and contact <= now:
            return _stop_for_contact(fight, actor, path, now, moving)
        exit_: Exit | None = None
        if moving and provokes:
            rest = _rest(path, now)
            if spare and _cell(path.position_at(now)) != start_cell:
                spare = frozenset()  # a withdraw spares only the first square left
            found = next_interception(fight, actor, action_id, rest)
            if found is not None:
                accepted = yield from intercept(fight, actor, action_id, found)
                if accepted:
                    path = _cut(fight, actor, path, found.time)
                    set_off(fight, found.interceptor, actor, action_id, found.point, found.time)
                rest = _rest(path, now)
            exit_ = next_provocation(fight, actor, action_id, rest, spare)
        arrival = path.end_time
        candidates: list[tuple[float, int]] = []
        if moving:
            boundary = math.floor(now) + 1.0
            candidates.append((boundary, _BOUNDARY) if boundary < arrival else (arrival, _ARRIVAL))
        elif (target is not None or replan is not None) and math.floor(now) + 1.0 < end:
            candidates.append((math.floor(now) + 1.0, _BOUNDARY))
        if contact is not None:
            candidates.append((contact, _CONTACT))
        if exit_ is not None and exit_.time < arrival:
            candidates.append((exit_.time, _PROVOKE))
        if not candidates:
            return None
        when, what = min(candidates)
        yield Wait(when, PHASE_ACT if what >= _PROVOKE else PHASE_MOVE, rank)
        if not is_current(fight.state, actor, action_id) or me.down:
            return None
        now = when
        if what == _BOUNDARY and moving:
            x, y = path.position_at(now)
            fight.engine.emit("position", actor, x=x, y=y, stopped=False)
        elif what == _ARRIVAL:
            x, y = path.position_at(now)
            fight.engine.emit("position", actor, x=x, y=y, stopped=True)
            moving = False
        elif what == _PROVOKE and exit_ is not None:
            yield from provoke(fight, actor, action_id, exit_)
            if not is_current(fight.state, actor, action_id) or me.down:
                return None
    raise AssertionError("movement did not finish")


def _cut(fight: Fight, actor: str, path: TimedPath, time: float) -> TimedPath:
    """The mover stops at `time` (intercepted): the rest of his path is dropped."""
    cut = TimedPath(path.polyline.cut(path.distance_at(time)), path.start_time, path.pace)
    _announce_course(fight, actor, cut)
    return cut


def _replanned(fight: Fight, actor: str, old: TimedPath, new: TimedPath, now: float) -> TimedPath:
    if new.polyline.end == old.polyline.end and new.end_time == old.end_time:
        return old
    if new.polyline.length < 1e-9 and old.end_time <= now:
        return old  # still standing next to the quarry: nothing to announce
    _announce_course(fight, actor, new)
    return new


def _announce_course(fight: Fight, actor: str, path: TimedPath) -> None:
    knots = path.knots()
    fight.engine.emit(
        "course",
        actor,
        path=[[x, y] for _, x, y in knots],
        arrivals=[t for t, _, _ in knots],
    )


def _stop_for_contact(fight: Fight, actor: str, path: TimedPath, now: float, moving: bool) -> float:
    if moving:
        x, y = path.position_at(now)
        fight.engine.emit("position", actor, x=x, y=y, stopped=True)
    return now


def _contact(
    fight: Fight, actor: str, path: TimedPath, target: str | None, now: float, end: float
) -> float | None:
    if target is None:
        return None
    me, them = fight.state[actor], fight.state[target]
    if them.down:
        return None
    mine = [(now, *path.position_at(now)), *(k for k in path.knots() if k[0] > now)]
    theirs = them.knots if them.knots is not None else [(now, *them.position)]
    return first_contact(
        mine,
        me.combatant.squares,
        theirs,
        them.combatant.squares,
        me.combatant.reach,
        now,
        end,
    )


def _adjacent_enemies(fight: Fight, actor: str) -> list[str]:
    me = fight.state[actor]
    here = me.position_at(fight.now)
    return [
        cid
        for cid, other in fight.state.combatants.items()
        if other.combatant.side != me.combatant.side
        and not other.down
        and within_reach(
            here,
            me.combatant.squares,
            other.position_at(fight.now),
            other.combatant.squares,
            5,
        )
    ]


def _rest(path: TimedPath, now: float) -> TimedPath:
    """The part of `path` still ahead at `now`, as a path of its own starting then."""
    travelled = path.distance_at(now)
    line = path.polyline
    ahead = [line.point_at(travelled)]
    ahead.extend(p for d, p in zip(line.cumulative, line.points, strict=True) if d > travelled)
    return TimedPath(Polyline.through(ahead), now, path.pace)


def _cell(point: Point) -> tuple[int, int]:
    return (math.floor(point[0]), math.floor(point[1]))


def _only_a_five_foot_step(plan: Plan, path: TimedPath, round_plans: Collection[Plan]) -> bool:
    """3e: a single square of movement, and no other movement that round, provokes nothing."""
    others = [p for p in round_plans if p is not plan and p.action in MOVEMENT_MULTIPLIER]
    return not others and plan.action == "move" and five_foot_step(path.polyline)
