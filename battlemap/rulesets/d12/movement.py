"""Movement on the d12 clock: moves, runs, withdraws, charges, chases, and their interruptions.

A mover travels a timed path, with a position event on every unit boundary. At the start and
on each boundary (every other action begins on a unit boundary, so nothing can change the
answers in between) the rest of the path is checked against the others: the next square left
under an enemy's threat (an attack of opportunity at that exact moment), the earliest point a
free enemy can intercept, and for a charge the moment the target comes within reach.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from battlemap.core.encounter import Plan, Point
from battlemap.core.engine import Process, Wait
from battlemap.geometry.contact import first_contact
from battlemap.geometry.path import Polyline, TimedPath
from battlemap.geometry.provocation import Exit, five_foot_step
from battlemap.geometry.pursuit import pursue
from battlemap.rulesets.d12.tables import ACTION_UNITS, MOVEMENT_MULTIPLIER, PHASE_ACT, PHASE_MOVE

if TYPE_CHECKING:
    from battlemap.rulesets.d12.actions import ActionRunner

#: What a mover wakes up for, in the order they are handled when they fall together.
_BOUNDARY, _ARRIVAL, _PROVOKE, _CONTACT = 0, 1, 2, 3

Replan = Callable[[float], TimedPath]


class Movement:
    """The movement half of the action runner."""

    def __init__(self, runner: ActionRunner) -> None:
        self.runner = runner
        self.fight = runner.fight
        self.engine = runner.engine
        self.state = runner.state
        self.opportunities = runner.opportunities

    # --- paths ------------------------------------------------------------------------------

    def timed_path(self, actor: str, plan: Plan, start: float) -> tuple[TimedPath, Point]:
        """The path the token will follow, cut where time runs out or at a wall, and where it
        was headed."""
        me = self.state[actor]
        waypoints = list(plan.path)
        if not waypoints and plan.target is not None:
            waypoints = [self.state[plan.target].position_at(start)]
        if plan.action == "run":
            # "Running in a straight line": from wherever the runner stands now, straight for
            # the last waypoint (validation checked the bends it could see).
            waypoints = waypoints[-1:]
        feet = me.combatant.speed * MOVEMENT_MULTIPLIER[plan.action]
        here = me.position_at(start)
        points = self._stop_at_walls([here, *waypoints])
        path = TimedPath.for_duration(points, start, feet, ACTION_UNITS[plan.action])
        return path, (waypoints[-1] if waypoints else here)

    def path_fields(self, path: TimedPath, destination: Point) -> dict[str, Any]:
        knots = path.knots()
        return {
            "path": [[x, y] for _, x, y in knots],
            "arrivals": [t for t, _, _ in knots],
            "rate": path.rate,
            "destination": list(destination),
            # "A path longer than the action allows stops where the time runs out": say so.
            "cut": path.polyline.end != destination,
        }

    def _stop_at_walls(self, points: list[Point]) -> list[Point]:
        """A path may not cross a wall: the mover stops just short of the first one."""
        walls = self.opportunities.walls
        if walls is None or len(points) < 2:
            return points
        crossing = walls.first_crossing_on(points)
        if crossing is None:
            return points
        leg, (cx, cy) = crossing
        (ax, ay) = points[leg]
        length = math.hypot(cx - ax, cy - ay)
        back = min(0.05, length) / length if length > 0 else 0.0
        return [*points[: leg + 1], (cx - (cx - ax) * back, cy - (cy - ay) * back)]

    # --- actions ------------------------------------------------------------------------------

    def move(
        self,
        actor: str,
        plan: Plan,
        start: float,
        action_id: str,
        round_plans: Collection[Plan],
    ) -> Process:
        path, destination = self.timed_path(actor, plan, start)
        self.runner.begin(actor, plan, start, action_id, **self.path_fields(path, destination))
        provokes = not _only_a_five_foot_step(plan, path, round_plans)
        spare: frozenset[str] = frozenset()
        if plan.action == "withdraw":
            spare = frozenset(self._adjacent_enemies(actor))
        yield from self.travel(actor, action_id, path, None, provokes=provokes, spare=spare)
        yield from self.runner.finish(actor, action_id, plan, start, "done")

    def follow(self, actor: str, plan: Plan, start: float, action_id: str) -> Process:
        """A chase: head for the quarry's position at each moment; stop on catching it."""
        assert plan.target is not None
        quarry = plan.target
        me = self.state[actor].combatant
        end = start + ACTION_UNITS[plan.action]

        def replan(now: float) -> TimedPath:
            them = self.state[quarry]
            knots = them.knots if them.knots is not None else [(now, *them.position_at(now))]
            catch = (me.squares + them.combatant.squares) / 2
            trail, _caught = pursue(
                self.state[actor].position_at(now), me.speed, now, end - now, knots, catch
            )
            return TimedPath(Polyline.through([(x, y) for _, x, y in trail]), now, me.speed)

        path = replan(start)
        self.runner.begin(
            actor,
            plan,
            start,
            action_id,
            target=quarry,
            **self.path_fields(path, path.polyline.end),
        )
        yield from self.travel(actor, action_id, path, None, replan=replan, until=end)
        yield from self.runner.finish(actor, action_id, plan, start, "done")

    # --- travelling ---------------------------------------------------------------------------

    def travel(
        self,
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
        rank = self.fight.rank[actor]
        me = self.state[actor]
        now = path.start_time
        # A charge keeps looking for its target, a chase for its quarry, until the action ends.
        end = until if until is not None else now + (ACTION_UNITS["charge"] if target else 0)
        start_cell = _cell(path.position_at(now))
        x, y = path.position_at(now)
        moving = path.end_time > now
        self.engine.emit("position", actor, x=x, y=y, stopped=not moving)
        for _ in range(10_000):  # a bound, never reached: each pass advances time or returns
            if replan is not None and now > path.start_time:
                path = self._replanned(actor, path, replan(now), now)
                moving = path.end_time > now
            contact = self._contact(actor, path, target, now, end) if target else None
            if contact is not None and contact <= now:
                return self._stop_for_contact(actor, path, now, moving)
            exit_: Exit | None = None
            if moving and provokes:
                rest = _rest(path, now)
                if spare and _cell(path.position_at(now)) != start_cell:
                    spare = frozenset()  # a withdraw spares only the first square left
                found = self.opportunities.next_interception(actor, action_id, rest)
                if found is not None:
                    accepted = yield from self.opportunities.intercept(actor, action_id, found)
                    if accepted:
                        path = self._cut(actor, path, found.time)
                        self.runner.set_off(
                            found.interceptor, actor, action_id, found.point, found.time
                        )
                    rest = _rest(path, now)
                exit_ = self.opportunities.next_provocation(actor, action_id, rest, spare)
            arrival = path.end_time
            candidates: list[tuple[float, int]] = []
            if moving:
                boundary = math.floor(now) + 1.0
                candidates.append(
                    (boundary, _BOUNDARY) if boundary < arrival else (arrival, _ARRIVAL)
                )
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
            if not self.runner.is_current(actor, action_id) or me.down:
                return None
            now = when
            if what == _BOUNDARY and moving:
                x, y = path.position_at(now)
                self.engine.emit("position", actor, x=x, y=y, stopped=False)
            elif what == _ARRIVAL:
                x, y = path.position_at(now)
                self.engine.emit("position", actor, x=x, y=y, stopped=True)
                moving = False
            elif what == _PROVOKE and exit_ is not None:
                yield from self.opportunities.provoke(actor, action_id, exit_)
                if not self.runner.is_current(actor, action_id) or me.down:
                    return None
        raise AssertionError("movement did not finish")

    def _cut(self, actor: str, path: TimedPath, time: float) -> TimedPath:
        """The mover stops at `time` (intercepted): the rest of his path is dropped."""
        cut = TimedPath(path.polyline.cut(path.distance_at(time)), path.start_time, path.feet)
        self._announce_course(actor, cut)
        return cut

    def _replanned(self, actor: str, old: TimedPath, new: TimedPath, now: float) -> TimedPath:
        if new.polyline.end == old.polyline.end and new.end_time == old.end_time:
            return old
        if new.polyline.length < 1e-9 and old.end_time <= now:
            return old  # still standing next to the quarry: nothing to announce
        self._announce_course(actor, new)
        return new

    def _announce_course(self, actor: str, path: TimedPath) -> None:
        knots = path.knots()
        self.engine.emit(
            "course",
            actor,
            path=[[x, y] for _, x, y in knots],
            arrivals=[t for t, _, _ in knots],
        )

    def _stop_for_contact(self, actor: str, path: TimedPath, now: float, moving: bool) -> float:
        if moving:
            x, y = path.position_at(now)
            self.engine.emit("position", actor, x=x, y=y, stopped=True)
        return now

    def _contact(
        self, actor: str, path: TimedPath, target: str | None, now: float, end: float
    ) -> float | None:
        if target is None:
            return None
        me, them = self.state[actor], self.state[target]
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

    def _adjacent_enemies(self, actor: str) -> list[str]:
        from battlemap.geometry.contact import within_reach

        me = self.state[actor]
        here = me.position_at(self.engine.now)
        return [
            cid
            for cid, other in self.state.combatants.items()
            if other.combatant.side != me.combatant.side
            and not other.down
            and within_reach(
                here,
                me.combatant.squares,
                other.position_at(self.engine.now),
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
    return TimedPath(Polyline.through(ahead), now, path.feet)


def _cell(point: Point) -> tuple[int, int]:
    return (math.floor(point[0]), math.floor(point[1]))


def _only_a_five_foot_step(plan: Plan, path: TimedPath, round_plans: Collection[Plan]) -> bool:
    """3e: a single square of movement, and no other movement that round, provokes nothing."""
    others = [p for p in round_plans if p is not plan and p.action in MOVEMENT_MULTIPLIER]
    return not others and plan.action == "move" and five_foot_step(path.polyline)
