"""Movement as geometry: a polyline in square coordinates travelled at a steady rate.

A `TimedPath` is position as a function of time, at a `Pace`: how many feet of pace the mover
has and how many of them cover one square in one time unit, a constant the ruleset declares
(`Ruleset.pace_per`), since geometry knows nothing of a rules system's clock. Times are computed
as distance * per / feet rather than distance / rate so that rates such as 2/3 square a unit give
whole units exactly (4 squares at 20 feet, 30 of them a square a unit, is 6 units, not
6.000000000000001).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass
from functools import cached_property

import shapely

from battlemap.core.clock import clean_time
from battlemap.core.encounter import Point


@dataclass(frozen=True)
class Pace:
    """How fast a mover goes: `feet` (speed x the action's multiplier) over `per`, the feet of
    pace that cover one square in one time unit (the ruleset's `pace_per`).

    The rate is feet / per squares a unit. A pace of no feet (or fewer) never arrives anywhere.
    """

    feet: int
    per: int

    def __post_init__(self) -> None:
        if self.per <= 0:
            raise ValueError(f"a pace needs a positive number of feet per square, not {self.per}")

    @property
    def rate(self) -> float:
        """Squares per unit."""
        return max(self.feet, 0) / self.per

    def duration_of(self, distance: float) -> float:
        """Units needed to cover `distance` squares (infinite at no pace)."""
        if self.feet <= 0:
            return math.inf if distance > 0 else 0.0
        # distance * per / feet, not distance / rate: whole units stay whole.
        return distance * self.per / self.feet

    def distance_in(self, duration: float) -> float:
        """Squares covered in `duration` units (none in a negative one, or at no pace)."""
        if self.feet <= 0:
            return 0.0
        return max(0.0, duration) * self.feet / self.per


@dataclass(frozen=True)
class Polyline:
    """Waypoints joined by straight segments; repeated points are dropped."""

    points: tuple[Point, ...]

    @classmethod
    def through(cls, points: list[Point] | tuple[Point, ...]) -> Polyline:
        kept: list[Point] = []
        for x, y in points:
            point = (float(x), float(y))
            if not kept or point != kept[-1]:
                kept.append(point)
        if not kept:
            raise ValueError("a path needs at least one point")
        return cls(tuple(kept))

    @cached_property
    def cumulative(self) -> tuple[float, ...]:
        """Distance along the path at each vertex."""
        total = 0.0
        out = [0.0]
        for (x0, y0), (x1, y1) in zip(self.points, self.points[1:], strict=False):
            total += math.hypot(x1 - x0, y1 - y0)
            out.append(total)
        return tuple(out)

    @property
    def length(self) -> float:
        return self.cumulative[-1]

    @property
    def start(self) -> Point:
        return self.points[0]

    @property
    def end(self) -> Point:
        return self.points[-1]

    def point_at(self, distance: float) -> Point:
        """The point `distance` squares along the path, clamped to its ends."""
        if distance <= 0.0 or len(self.points) == 1:
            return self.points[0]
        if distance >= self.length:
            return self.points[-1]
        index = bisect_right(self.cumulative, distance) - 1
        (x0, y0), (x1, y1) = self.points[index], self.points[index + 1]
        span = self.cumulative[index + 1] - self.cumulative[index]
        f = (distance - self.cumulative[index]) / span
        return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)

    def cut(self, distance: float) -> Polyline:
        """The first `distance` squares of the path."""
        if distance >= self.length:
            return self
        index = bisect_right(self.cumulative, distance) - 1
        return Polyline.through([*self.points[: index + 1], self.point_at(distance)])

    def is_straight(self) -> bool:
        """True when every waypoint lies on one ray from the start (a run's straight line)."""
        if len(self.points) <= 2:
            return True
        (x0, y0), (x1, y1) = self.points[0], self.points[1]
        dx, dy = x1 - x0, y1 - y0
        for (ax, ay), (bx, by) in zip(self.points[1:], self.points[2:], strict=False):
            ex, ey = bx - ax, by - ay
            if abs(dx * ey - dy * ex) > 1e-9 or dx * ex + dy * ey < 0:
                return False
        return True

    @cached_property
    def line(self) -> shapely.LineString | shapely.Point:
        """The path as a shapely geometry, for the geometric queries in geometry/."""
        if len(self.points) == 1:
            return shapely.Point(self.points[0])
        return shapely.LineString(self.points)


@dataclass(frozen=True)
class TimedPath:
    """A token travelling `polyline` from `start_time` at `pace`: it covers pace.rate squares a
    unit and stops at the polyline's end."""

    polyline: Polyline
    start_time: float
    pace: Pace

    @property
    def rate(self) -> float:
        """Squares per unit."""
        return self.pace.rate

    def duration_of(self, distance: float) -> float:
        """Units needed to cover `distance` squares."""
        return self.pace.duration_of(distance)

    @property
    def end_time(self) -> float:
        """When the token reaches the end of the polyline."""
        return clean_time(self.start_time + self.duration_of(self.polyline.length))

    def distance_at(self, time: float) -> float:
        return self.pace.distance_in(time - self.start_time)

    def position_at(self, time: float) -> Point:
        return self.polyline.point_at(self.distance_at(time))

    def knots(self) -> list[tuple[float, float, float]]:
        """(time, x, y) at each vertex: the path as a piecewise-linear function of time."""
        return [
            (clean_time(self.start_time + self.duration_of(d)), x, y)
            for d, (x, y) in zip(self.polyline.cumulative, self.polyline.points, strict=True)
        ]

    @classmethod
    def for_duration(
        cls, points: list[Point], start_time: float, pace: Pace, duration: float
    ) -> TimedPath:
        """The path a token covers in `duration` units: a longer path stops where time runs out."""
        polyline = Polyline.through(points)
        return cls(polyline.cut(pace.distance_in(duration)), start_time, pace)
