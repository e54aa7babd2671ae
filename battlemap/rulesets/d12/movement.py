"""Movement on the d12 clock: moves, runs, withdraws, charges, chases, and their interruptions.

A mover travels a timed path, with a position event on every unit boundary. At the start and
on each boundary (every other action begins on a unit boundary, so nothing can change the
answers in between) the rest of the path is checked against the others: the next square left
under an enemy's threat (an attack of opportunity at that exact moment), the earliest point a
free enemy can intercept, and for a charge the moment the target comes within reach. An
accepted intercept sets the interceptor off on a move of its own (`set_off`).
"""

from __future__ import annotations

import itertools
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
    MOVEMENT_MULTIPLIER,
    PHASE_ACT,
    PHASE_COMPLETE,
    PHASE_MOVE,
    units_of,
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
    path = TimedPath.for_duration(points, start, pace, units_of(plan.action, plan.round))
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
    end = start + units_of(plan.action, plan.round)
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


def take_five_foot_step(fight: Fight, actor: str, plan: Plan, start: float, action_id: str) -> None:
    """3e: a 5-foot step is not an action; in d12 it takes no time units of its own, so the
    token is set on the next square at the instant (no path to travel, nothing to provoke).
    A step to more than one square away (a start the file could not know) is dropped."""
    here = fight.state[actor].position_at(start)
    there = plan.path[-1]
    if max(abs(there[0] - here[0]), abs(there[1] - here[1])) > 1.0 + 1e-9:
        fight.engine.emit(
            "plan_skipped",
            actor,
            action=plan.action,
            plan_round=plan.round,
            reason=f"a 5-foot step moves one square at most; ({there[0]:g}, {there[1]:g}) "
            f"is farther from ({here[0]:g}, {here[1]:g})",
        )
        return
    points = [here, there]
    if fight.walls is not None:
        points = fight.walls.stop_short(points)
    begin(fight, actor, plan, start, action_id, destination=list(there))
    x, y = points[-1]
    fight.engine.emit("position", actor, x=x, y=y, stopped=True)
    fight.engine.emit("action_end", actor, id=action_id, action=plan.action, result="done")


#: 3e charge: at least 10 feet (2 squares) of movement.
CHARGE_LEAST_SQUARES = 2.0


def charge_refusal(
    fight: Fight, actor: str, target: str, path: TimedPath, end: float
) -> str | None:
    """Why this charge may not be made (3e), or None: at least 2 squares of movement before
    the target comes within reach, and no ally in the way. The path is one straight line
    (validation refuses bends; with no waypoint it runs straight at the target)."""
    start = path.start_time
    contact = _contact(fight, actor, path, target, start, end)
    if contact is None:
        return None  # not reached in time: the charge runs and strikes nothing
    moved = path.distance_at(contact)
    name = fight.state[target].combatant.name
    if moved < CHARGE_LEAST_SQUARES - 1e-9:
        where = "already within reach" if moved < 1e-9 else f"within reach after {moved:.2f}"
        return (
            f"a charge needs at least 2 squares of movement toward the target (3e); "
            f"{name} is {where}"
        )
    me = fight.state[actor]
    line = path.polyline.cut(moved)
    for cid, other in fight.state.combatants.items():
        c = other.combatant
        if cid == actor or other.down or c.side != me.combatant.side:
            continue
        there = other.position_at(start)
        # Blocked where the charger's square would overlap the ally's on the way.
        if _gap_to_line(there, line.points) < (c.squares + me.combatant.squares) / 2 - 1e-6:
            return f"a charge may not pass an ally (3e): {c.name} is in the way"
    return None


def _gap_to_line(point: Point, points: tuple[Point, ...]) -> float:
    """The largest of the two axis distances (the Chebyshev distance) from `point` to the
    nearest point of the line: below the half-sum of two sides, the squares overlap."""
    if len(points) == 1:
        return max(abs(point[0] - points[0][0]), abs(point[1] - points[0][1]))
    best = math.inf
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        best = min(best, _chebyshev_to_segment(point, (ax, ay), (bx, by)))
    return best


def _chebyshev_to_segment(p: Point, a: Point, b: Point) -> float:
    """min over t in [0, 1] of max(|a + t(b - a) - p| per axis): convex in t, so a ternary
    search over a small bracket finds it to well below a hair."""
    lo, hi = 0.0, 1.0

    def gap(t: float) -> float:
        return max(abs(a[0] + t * (b[0] - a[0]) - p[0]), abs(a[1] + t * (b[1] - a[1]) - p[1]))

    for _ in range(60):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if gap(m1) <= gap(m2):
            hi = m2
        else:
            lo = m1
    return gap((lo + hi) / 2)


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
    end = until if until is not None else now
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
