"""What a move being planned would run into: the intercepts it would offer and the opportunity
attacks it would draw (a plain move: no disengage, no intercept taken), read off the map as
the fight reads them (engagement.py)."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.core.encounter import FEET_PER_SQUARE, Point
from battlemap.core.preview import PreviewPoint
from battlemap.core.state import State
from battlemap.geometry.path import Pace, Polyline, TimedPath
from battlemap.geometry.walls import WallIndex
from battlemap.rulesets.thirteenth_age.engagement import interceptions, leaving_points
from battlemap.rulesets.thirteenth_age.fields import move_squares
from battlemap.rulesets.thirteenth_age.reducers import engaged_with


def preview_path(
    state: State,
    actor: str,
    points: Sequence[Point],
    start_time: float,
    walls: WallIndex | None = None,
) -> list[PreviewPoint]:
    """The intercepts and opportunity attacks along `points` (from the mover), in time order."""
    if len(points) < 2 or actor not in state.combatants:
        return []
    squares = move_squares(state[actor].combatant)
    line = Polyline.through(list(points)).cut(squares)
    path = TimedPath(line, start_time, Pace(squares * FEET_PER_SQUARE, FEET_PER_SQUARE))
    found = [
        PreviewPoint("intercept", offer.interceptor, offer.time, offer.point)
        for offer in interceptions(state, actor, path, 1, walls)
    ]
    found += [
        PreviewPoint("opportunity_attack", exit_.threatener, exit_.time, exit_.point)
        for exit_ in leaving_points(state, path, engaged_with(state, actor))
    ]
    return sorted(found, key=lambda p: (p.time, p.who))
