"""A move action on the map: intercepts, opportunity attacks, the glide along the path.

Time: a turn has its share of its initiative's slot (fight.py); its move actions split it, so
a move covers `move` squares (6 by default) in the turn's share over the number of its moves.
The turn's `scale` (moves x combatants sharing the slot) is the factor by which the pace is
quickened to fit: geometry then times the path, the foes' exits and the interceptors alike.

Order of a move (the text's "moving past" and "moving away", read as engagement.py says):

1. The path from where he stands along the plan's waypoints, cut at his move and short of a
   wall.
2. Intercepts, asked as the move begins, earliest first: the first taken cuts the path where
   the interceptor meets it, and the interceptor glides to stand adjacent there.
3. Opportunity attacks from each engaged foe he is not `spared` (a disengage spares them), at
   the moment his centre leaves the foe's contact ring: a basic melee attack, a free action in
   the mover's turn. A mover who drops stops there.
4. At the end, the engagements of the mover (and the interceptor) are said again.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from battlemap.core.decisions import ChoiceRequest
from battlemap.core.encounter import FEET_PER_SQUARE, AttackProfile, Plan, Point
from battlemap.core.engine import Engine, NeedChoice, Wait
from battlemap.geometry.path import Pace, Polyline, TimedPath
from battlemap.geometry.walls import WallIndex
from battlemap.rulesets.thirteenth_age.combat import attack, update_engagement
from battlemap.rulesets.thirteenth_age.conditions_in_play import effects_on
from battlemap.rulesets.thirteenth_age.engagement import (
    interceptions,
    leaving_points,
    stop_short,
)
from battlemap.rulesets.thirteenth_age.fields import move_squares
from battlemap.rulesets.thirteenth_age.reducers import engaged_with

Steps = Generator[Any, Any, Any]

#: How far short of a wall a mover stops, in squares (as the other rulesets' movement).
_WALL_GAP = 0.05


def basic_melee(engine: Engine, who: str) -> AttackProfile | None:
    """His first melee attack (no range): what an opportunity attack is made with."""
    return next((a for a in engine.state[who].combatant.attacks if a.range is None), None)


def planned_path(
    engine: Engine, actor: str, waypoints: tuple[Point, ...], scale: int, walls: WallIndex | None
) -> TimedPath:
    """The path of one move action from now: his move in squares, short of walls."""
    me = engine.state[actor]
    points = [me.position_at(engine.now), *waypoints]
    if walls is not None:
        points = walls.stop_short(points, _WALL_GAP)
    squares = move_squares(me.combatant)
    line = Polyline.through(points).cut(squares)
    pace = Pace(squares * FEET_PER_SQUARE * scale, FEET_PER_SQUARE)
    return TimedPath(line, engine.now, pace)


def move(
    engine: Engine,
    actor: str,
    plan: Plan,
    action_id: str,
    scale: int,
    walls: WallIndex | None,
    spared: frozenset[str] = frozenset(),
) -> Steps:
    """One move action along `plan.path` (see the module's order)."""
    path = planned_path(engine, actor, plan.path, scale, walls)
    interceptor: tuple[str, Point] | None = None
    for offer in interceptions(engine.state, actor, path, scale, walls):
        x, y = offer.point
        taken = yield NeedChoice(
            ChoiceRequest(
                "intercept",
                offer.interceptor,
                actor,
                x,
                y,
                offer.time,
                f"{_name(engine, offer.interceptor)} may intercept {_name(engine, actor)}",
                f"{action_id}/intercept/{offer.interceptor}",
            )
        )
        if taken:
            path = TimedPath(
                path.polyline.cut(path.distance_at(offer.time)), path.start_time, path.pace
            )
            interceptor = (offer.interceptor, offer.point)
            break
    if interceptor is not None:
        _intercept(engine, interceptor[0], interceptor[1], action_id, scale)
    foes = [f for f in engaged_with(engine.state, actor) if f not in spared]
    exits = leaving_points(engine.state, path, foes)
    destination = plan.path[-1] if plan.path else path.polyline.end
    knots = path.knots()
    engine.emit(
        "action_start",
        actor,
        id=action_id,
        action=plan.action,
        ends=path.end_time,
        path=[[x, y] for _, x, y in knots],
        arrivals=[t for t, _, _ in knots],
        destination=list(destination),
        cut=path.polyline.end != destination,
    )
    for found in exits:
        if found.time > engine.now:
            yield Wait(found.time)
        foe = engine.state[found.threatener]
        profile = basic_melee(engine, found.threatener)
        if foe.down or profile is None or effects_on(foe).no_opportunity_attacks:
            continue  # confused or grabbed: "can't make opportunity attacks"
        x, y = found.point
        key = f"{action_id}/opportunity/{found.threatener}"
        taken = yield NeedChoice(
            ChoiceRequest(
                "opportunity_attack",
                found.threatener,
                actor,
                x,
                y,
                found.time,
                f"{foe.combatant.name} may attack {_name(engine, actor)} moving away",
                key,
            )
        )
        if taken:
            yield from attack(engine, found.threatener, actor, profile, key, opportunity=True)
        if engine.state[actor].down:
            engine.emit("position", actor, x=x, y=y, stopped=True)
            engine.emit("action_end", actor, id=action_id, action=plan.action, result="down")
            _stop_interceptor(engine, interceptor, action_id, "the mover is down")
            return
    if path.end_time > engine.now:
        yield Wait(path.end_time)
    x, y = path.polyline.end
    engine.emit("position", actor, x=x, y=y, stopped=True)
    engine.emit("action_end", actor, id=action_id, action=plan.action, result="done")
    _stop_interceptor(engine, interceptor, action_id, "done")
    update_engagement(engine, actor)


def _stop_interceptor(
    engine: Engine, interceptor: tuple[str, Point] | None, action_id: str, result: str
) -> None:
    """The interceptor stands where he got to when the mover stopped, engaged or not."""
    if interceptor is None:
        return
    who = interceptor[0]
    stop = engine.state[who].position_at(engine.now)
    engine.emit("position", who, x=stop[0], y=stop[1], stopped=True)
    engine.emit("action_end", who, id=f"{action_id}/intercept", action="intercept", result=result)
    update_engagement(engine, who)


def _intercept(engine: Engine, who: str, point: Point, action_id: str, scale: int) -> None:
    """The interceptor sets off as the mover does, straight for a square adjacent to `point`,
    at his own move quickened by `scale`."""
    me = engine.state[who]
    here = me.position_at(engine.now)
    stop = stop_short(here, point)
    squares = move_squares(me.combatant)
    pace = Pace(squares * FEET_PER_SQUARE * scale, FEET_PER_SQUARE)
    run = TimedPath(Polyline.through([here, stop]), engine.now, pace)
    knots = run.knots()
    engine.emit(
        "action_start",
        who,
        id=f"{action_id}/intercept",
        action="intercept",
        ends=run.end_time,
        path=[[x, y] for _, x, y in knots],
        arrivals=[t for t, _, _ in knots],
    )


def _name(engine: Engine, who: str) -> str:
    return engine.state[who].combatant.name
