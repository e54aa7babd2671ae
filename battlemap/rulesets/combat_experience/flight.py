"""Where a run and scream ends: the nearest cover within the run, or a random direction.

"The character moves at full speed to random direction when his turn [comes] and tries to reach
some kind of cover, if he reaches it he freezes there."

The text does not say what cover is or how the random direction and the cover go together.
The choices (docs/rules/combat-experience.md says why):

- **Cover is standing against a wall:** a point whose distance to a wall is the token's half
  width (`clearance`, half a square for a medium token), so that the token's square touches
  the wall. A combatant already that close to a wall is at cover and runs no further.
- **He runs straight for the nearest cover he can reach this turn:** the nearest point against
  a wall that is at most `reach` squares away along a straight line that no wall crosses.
- **If no cover is within reach, he runs the full distance in the random direction**
  (`angle_degrees`, drawn by the engine: 0 along +x, 90 along +y), stopping `clearance` short
  of a wall in his way (and then he is against it: at cover) and of the map's edge (which is no
  cover: he is still fleeing).

Positions are token centres in square coordinates, as everywhere on the map; walls are the
map's polylines. Everything here is arithmetic on straight lines: no randomness of its own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import shapely

from battlemap.core.encounter import Point
from battlemap.geometry.walls import Segment, WallIndex, wall_index

#: Half a square: a medium token's centre standing against a wall.
MEDIUM_CLEARANCE = 0.5
#: Float dust on a distance: within this of a limit is at it.
_EPSILON = 1e-9


@dataclass(frozen=True)
class Flight:
    """One turn's run: straight from `start` to `end`; `at_cover` if he ends against a wall
    (and so freezes there)."""

    start: Point
    end: Point
    at_cover: bool

    @property
    def distance(self) -> float:
        return math.dist(self.start, self.end)


def flee(
    position: Point,
    reach: float,
    walls: Sequence[Sequence[Point]],
    angle_degrees: float,
    *,
    clearance: float = MEDIUM_CLEARANCE,
    map_size: tuple[float, float] | None = None,
) -> Flight:
    """The run of a fleeing combatant at `position` who may cover `reach` squares this turn.

    `map_size` (width, height) keeps him on the map when given.
    """
    if not reach >= 0.0 or not math.isfinite(reach):
        raise ValueError(f"a run's reach is a distance of 0 or more squares, not {reach}")
    if not clearance > 0.0:
        raise ValueError(f"a token's clearance is more than 0 squares, not {clearance}")
    index = _index(walls)
    if _at_cover(position, index, clearance):
        return Flight(position, position, at_cover=True)
    cover = nearest_cover(position, reach, index, clearance=clearance, map_size=map_size)
    if cover is not None:
        return Flight(position, cover, at_cover=True)
    end = _run(position, reach, index, math.radians(angle_degrees), clearance, map_size)
    return Flight(position, end, at_cover=_at_cover(end, index, clearance))


def nearest_cover(
    position: Point,
    reach: float,
    walls: WallIndex | None,
    *,
    clearance: float = MEDIUM_CLEARANCE,
    map_size: tuple[float, float] | None = None,
) -> Point | None:
    """The nearest point against a wall that `position` can run to in a straight line of at
    most `reach` squares crossing no wall (and on the map), or None."""
    if walls is None:
        return None
    x, y = position
    span = reach + clearance
    box = shapely.box(x - span, y - span, x + span, y + span)
    candidates: list[tuple[float, int, Point]] = []
    for order, segment in enumerate(walls.near(box)):
        nearest = _closest_on(segment, position)
        gap = math.dist(position, nearest)
        if gap - clearance > reach + _EPSILON:
            continue
        if gap <= clearance + _EPSILON:
            return position
        f = clearance / gap
        cover = (nearest[0] + (x - nearest[0]) * f, nearest[1] + (y - nearest[1]) * f)
        if map_size is None or _on_map(cover, clearance, map_size):
            candidates.append((gap - clearance, order, cover))
    for _, _, cover in sorted(candidates):
        if walls.first_crossing(position, cover) is None:
            return cover
    return None


def _run(
    position: Point,
    reach: float,
    walls: WallIndex | None,
    angle: float,
    clearance: float,
    map_size: tuple[float, float] | None,
) -> Point:
    """Straight along `angle` for `reach`, stopping `clearance` short of a wall or the edge."""
    dx, dy = math.cos(angle), math.sin(angle)
    length = reach
    if map_size is not None:
        length = min(length, _room_to_edge(position, (dx, dy), clearance, map_size))
    target = (position[0] + dx * length, position[1] + dy * length)
    if walls is not None and length > 0.0:
        crossing = walls.first_crossing(position, target)
        if crossing is not None:
            length = max(0.0, min(length, math.dist(position, crossing) - clearance))
    return (position[0] + dx * length, position[1] + dy * length)


def _room_to_edge(
    position: Point, direction: Point, clearance: float, map_size: tuple[float, float]
) -> float:
    """How far `position` may go along `direction` and keep its centre `clearance` inside."""
    room = math.inf
    for coordinate, step, size in zip(position, direction, map_size, strict=True):
        if step > _EPSILON:
            room = min(room, (size - clearance - coordinate) / step)
        elif step < -_EPSILON:
            room = min(room, (clearance - coordinate) / step)
    return max(0.0, room)


def _on_map(point: Point, clearance: float, map_size: tuple[float, float]) -> bool:
    width, height = map_size
    low, x_high, y_high = clearance - _EPSILON, width - clearance, height - clearance
    return low <= point[0] <= x_high + _EPSILON and low <= point[1] <= y_high + _EPSILON


def _at_cover(point: Point, walls: WallIndex | None, clearance: float) -> bool:
    """`point` is within `clearance` of a wall."""
    if walls is None:
        return False
    x, y = point
    reach = clearance + _EPSILON
    box = shapely.box(x - reach, y - reach, x + reach, y + reach)
    return any(
        math.dist(point, _closest_on(segment, point)) <= reach for segment in walls.near(box)
    )


def _closest_on(segment: Segment, point: Point) -> Point:
    """The point of `segment` nearest to `point`."""
    ex, ey = segment.x1 - segment.x0, segment.y1 - segment.y0
    u = ((point[0] - segment.x0) * ex + (point[1] - segment.y0) * ey) / (ex * ex + ey * ey)
    u = min(max(u, 0.0), 1.0)
    return (segment.x0 + u * ex, segment.y0 + u * ey)


def _index(walls: Sequence[Sequence[Point]]) -> WallIndex | None:
    return wall_index(tuple(tuple((float(x), float(y)) for x, y in wall) for wall in walls))
