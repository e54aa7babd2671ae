"""Walls as line segments in an STRtree: where a move first meets a wall, and line of effect.

Rules (the issue is silent on the boundary cases; these are the choices):

- A wall is solid along its whole length, ends included. A movement that touches a wall, even at
  a wall's end or by running along it, meets it there (`first_crossing`): planning refuses it.
- Line of effect (`blocks`, used for threat through walls): a wall blocks the line from a to b
  when it meets the open segment between them, touching included. So a line that passes exactly
  through the end of a wall is blocked; a wall that only touches a or b does not block.
- A wall given as a single point (or repeated points only) is ignored: it has no length.

The STRtree gives candidates (GEOS `intersects`, an exact predicate); where on the segment they
meet is then solved analytically, so a path crossing a wall on a grid line gets that grid line's
coordinate exactly.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely

from battlemap.core.encounter import Point

#: Tolerance on the parameter along a segment: float dust at an end is that end.
_PARAM_EPSILON = 1e-12


@dataclass(frozen=True)
class Segment:
    """One straight piece of a wall, from (x0, y0) to (x1, y1)."""

    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class Hit:
    """Where a segment a->b meets a wall: parameters lo..hi along a->b (equal unless they run
    along each other) and the point at lo."""

    lo: float
    hi: float
    point: Point


def hit(a: Point, b: Point, wall: Segment) -> Hit | None:
    """Where the closed segment a->b meets `wall`, or None; a != b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    ex, ey = wall.x1 - wall.x0, wall.y1 - wall.y0
    wx, wy = wall.x0 - a[0], wall.y0 - a[1]
    if dx * dx + dy * dy == 0.0:
        # a and b closer than float squares can tell (1e-160 apart): a point.
        return _point_hit(a, wall)
    denom = dx * ey - dy * ex
    scale = math.hypot(dx, dy) * math.hypot(ex, ey)
    if abs(denom) > 1e-12 * scale:
        t = (wx * ey - wy * ex) / denom
        u = (wx * dy - wy * dx) / denom
        if not (-_PARAM_EPSILON <= t <= 1 + _PARAM_EPSILON):
            return None
        if not (-_PARAM_EPSILON <= u <= 1 + _PARAM_EPSILON):
            return None
        t, u = min(max(t, 0.0), 1.0), min(max(u, 0.0), 1.0)
        # The point is taken on the wall: a wall on a grid line then gives that line's
        # coordinate exactly (its direction has a zero component).
        return Hit(t, t, (wall.x0 + u * ex, wall.y0 + u * ey))
    # Parallel: they meet only if collinear, along the overlap of their parameter ranges.
    if abs(wx * dy - wy * dx) > 1e-12 * math.hypot(dx, dy) * max(1.0, math.hypot(wx, wy)):
        return None
    length2 = dx * dx + dy * dy
    t0 = (wx * dx + wy * dy) / length2
    t1 = ((wall.x1 - a[0]) * dx + (wall.y1 - a[1]) * dy) / length2
    lo, hi = max(0.0, min(t0, t1)), min(1.0, max(t0, t1))
    if lo > hi + _PARAM_EPSILON:
        return None
    return Hit(lo, max(lo, hi), (a[0] + lo * dx, a[1] + lo * dy))


def _point_hit(a: Point, wall: Segment) -> Hit | None:
    ex, ey = wall.x1 - wall.x0, wall.y1 - wall.y0
    u = ((a[0] - wall.x0) * ex + (a[1] - wall.y0) * ey) / (ex * ex + ey * ey)
    u = min(max(u, 0.0), 1.0)
    on = math.dist((wall.x0 + u * ex, wall.y0 + u * ey), a) <= 1e-12
    return Hit(0.0, 1.0, a) if on else None


class WallIndex:
    """The map's walls (polylines in square coordinates), indexed for segment queries.

    Build it once per map (walls do not move) and share it: every query is an STRtree lookup of
    the few wall segments near the line, then exact arithmetic on those.
    """

    def __init__(self, walls: Sequence[Sequence[Point]]) -> None:
        segments: list[Segment] = []
        for wall in walls:
            for (x0, y0), (x1, y1) in itertools.pairwise(wall):
                # A piece so short its squared length underflows has no length to block with.
                if (x1 - x0) ** 2 + (y1 - y0) ** 2 > 0.0:
                    segments.append(Segment(float(x0), float(y0), float(x1), float(y1)))
        self.segments: tuple[Segment, ...] = tuple(segments)
        coords = np.array([[(s.x0, s.y0), (s.x1, s.y1)] for s in segments], dtype=float)
        geoms = shapely.linestrings(coords) if segments else np.array([], dtype=object)
        self._tree = shapely.STRtree(geoms)

    def __len__(self) -> int:
        return len(self.segments)

    def near(self, geometry: shapely.Geometry) -> list[Segment]:
        """The wall segments that meet `geometry` (exact predicate, not just bounding boxes)."""
        found = self._tree.query(geometry, predicate="intersects")
        return [self.segments[i] for i in sorted(found.tolist())]

    def first_crossing(self, a: Point, b: Point) -> Point | None:
        """The point of a->b nearest to a where it crosses or touches a wall, None if clear.

        A move starting on a wall meets it at a.
        """
        if a == b:
            return a if self.near(shapely.Point(a)) else None
        best: Hit | None = None
        for wall in self.near(shapely.LineString([a, b])):
            found = hit(a, b, wall)
            if found is not None and (best is None or found.lo < best.lo):
                best = found
        return None if best is None else best.point

    def first_crossing_on(self, points: Sequence[Point]) -> tuple[int, Point] | None:
        """For a path through `points`: the leg (i for points[i] -> points[i + 1]) and point of
        its first meeting with a wall, or None if the whole path is clear."""
        if not self.segments or not points:
            return None
        if len(points) == 1:
            crossing = self.first_crossing(points[0], points[0])
            return None if crossing is None else (0, crossing)
        # One query for the whole path first: most paths are clear and stop here.
        if not self.near(shapely.LineString(points)):
            return None
        for index, (a, b) in enumerate(itertools.pairwise(points)):
            crossing = self.first_crossing(a, b)
            if crossing is not None:
                return (index, crossing)
        return None

    def stop_short(self, points: Sequence[Point], gap: float = 0.05) -> list[Point]:
        """The path through `points` up to just short (`gap` squares) of its first wall: a
        token may not cross one."""
        if len(points) < 2:
            return list(points)
        crossing = self.first_crossing_on(points)
        if crossing is None:
            return list(points)
        leg, (cx, cy) = crossing
        ax, ay = points[leg]
        length = math.hypot(cx - ax, cy - ay)
        back = min(gap, length) / length if length > 0 else 0.0
        return [*points[: leg + 1], (cx - (cx - ax) * back, cy - (cy - ay) * back)]

    def blocks(self, a: Point, b: Point) -> bool:
        """Line of effect: True if a wall meets the open segment between a and b."""
        if a == b:
            return False
        return any(_meets_open(hit(a, b, wall)) for wall in self.near(shapely.LineString([a, b])))

    def blocked_from(self, origin: Point, targets: Sequence[Point]) -> list[bool]:
        """`blocks(origin, target)` for many targets, with one bulk STRtree query."""
        if not self.segments or not targets:
            return [False] * len(targets)
        lines = shapely.linestrings([[origin, target] for target in targets])
        pairs = self._tree.query(lines, predicate="intersects")
        out = [False] * len(targets)
        for line_index, wall_index in zip(pairs[0].tolist(), pairs[1].tolist(), strict=True):
            target = targets[line_index]
            if not out[line_index] and target != origin:
                out[line_index] = _meets_open(hit(origin, target, self.segments[wall_index]))
        return out


def _meets_open(found: Hit | None) -> bool:
    return found is not None and found.hi > _PARAM_EPSILON and found.lo < 1 - _PARAM_EPSILON


@lru_cache(maxsize=16)
def wall_index(walls: tuple[tuple[Point, ...], ...]) -> WallIndex | None:
    """The index for a map's walls, built once per set of walls (None when there are none).

    The planning preview asks on every mouse move and the threat layer on every unit: the walls
    rarely change, so the STRtree is built once and shared (a WallIndex is never modified).
    """
    return WallIndex(walls) if walls else None
