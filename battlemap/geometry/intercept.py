"""Intercepts: the earliest point of a mover's path that a free enemy can reach in time.

The rule (d12): "a free enemy who can reach a point of a mover's path no later than the mover
gets there, at its own rate, may intercept: the earliest such point is offered". Definitions:

- The interceptor runs in a straight line from `start` at its pace's rate (squares a unit, from
  the ruleset's feet per square), beginning at `available_from` (when it is free). It can
  intercept at time t if |P(t) - start| - reach_squares <= rate x (t - available_from), P(t)
  being the mover's centre: `reach_squares` is a Euclidean distance between centres. 0 means it
  must reach the path itself (the offered point is where it steps in front of the mover); 1.0
  lets it stop one square short, centre to centre, which is adjacent orthogonally (diagonal
  adjacency is sqrt(2)).
- t runs from max(path.start_time, available_from) to the mover's arrival, both included; an
  enemy free only after the mover has arrived is not offered anything.
- Walls: a point is not reachable when a wall crosses the straight line from `start` to it. The
  offered point is the earliest one of the closure: when the earliest reachable points lie just
  past a wall's shadow, the point offered is the shadow's edge, where the line grazes the wall's
  end (the interceptor comes round the corner). No path-finding around walls.

Each leg of the path is solved exactly: the condition is a quadratic inequality in t, and a
wall's shadow on a leg is three linear inequalities. No sampling.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from battlemap.core.clock import TIME_EPSILON, clean_time
from battlemap.core.encounter import Point
from battlemap.geometry.path import Pace, TimedPath
from battlemap.geometry.walls import Segment, WallIndex

Interval = tuple[float, float]

#: Squares an interceptor may fall short and still count as reaching: float dust only.
_REACH_TOLERANCE = 1e-12


@dataclass(frozen=True)
class Interception:
    """`interceptor` can meet the mover at `point` of its path, at `time`."""

    interceptor: str
    time: float
    point: Point


@dataclass(frozen=True)
class _Piece:
    """A stretch of the mover's path in time: position p0 + v x (t - t0) for t in [t0, t1]."""

    t0: float
    t1: float
    p0: Point
    v: Point


def earliest_interception(
    path: TimedPath,
    interceptor_id: str,
    start: Point,
    pace: Pace,
    available_from: float,
    reach_squares: float = 0.0,
    walls: WallIndex | None = None,
) -> Interception | None:
    """The earliest point of `path` the interceptor can reach in time, or None.

    The mover must have a positive rate (a path with no speed never arrives).
    """
    return _earliest(
        path, _legs(path), interceptor_id, start, pace, available_from, reach_squares, walls
    )


def _legs(path: TimedPath) -> list[_Piece]:
    """The path's legs as pieces, computed once per path (offers() shares them)."""
    if path.pace.feet <= 0:
        raise ValueError("the mover's path needs a positive rate")
    knots = path.knots()
    legs = []
    for (ta, xa, ya), (tb, xb, yb) in itertools.pairwise(knots):
        # A leg so short that clean_time gave both its ends the same time is skipped (its
        # length is float dust): the next leg starts where it ends.
        if tb > ta:
            legs.append(_Piece(ta, tb, (xa, ya), ((xb - xa) / (tb - ta), (yb - ya) / (tb - ta))))
    # Standing at the end: available exactly as the mover arrives, or a path with no length.
    legs.append(_Piece(knots[-1][0], knots[-1][0], (knots[-1][1], knots[-1][2]), (0.0, 0.0)))
    return legs


def _earliest(
    path: TimedPath,
    legs: list[_Piece],
    interceptor_id: str,
    start: Point,
    pace: Pace,
    available_from: float,
    reach_squares: float,
    walls: WallIndex | None,
) -> Interception | None:
    rate = pace.rate
    t_from = max(path.start_time, available_from)
    if t_from > legs[-1].t1 + TIME_EPSILON:
        return None  # free only after the mover has arrived
    for leg in legs:
        if leg.t1 <= t_from and leg.t1 > leg.t0:
            continue
        t0 = min(max(leg.t0, t_from), leg.t1)
        piece = leg if t0 == leg.t0 else _Piece(t0, leg.t1, _at(leg, t0 - leg.t0), leg.v)
        reach_then = reach_squares + rate * (t0 - available_from)
        span = piece.t1 - piece.t0
        window = _reachable(piece, start, rate, reach_then, span)
        if window is None:
            continue
        first = _polish(piece, start, rate, reach_then, window[0], window[1])
        if _shortfall(piece, start, rate, reach_then, first) > _REACH_TOLERANCE:
            continue  # a tangent the squared form accepted but the interceptor misses
        best = _first_clear(piece, start, first, window[1], walls)
        if best is not None:
            time = clean_time(piece.t0 + best)
            return Interception(interceptor_id, time, path.position_at(time))
    return None


def _reachable(
    piece: _Piece, start: Point, rate: float, reach: float, span: float
) -> Interval | None:
    """The tau in [0, span] with |p0 + v tau - start| <= reach + rate tau, or None.

    |p0 + v tau - start| - (reach + rate tau) is convex in tau, so this is one interval.
    """
    dx, dy = piece.p0[0] - start[0], piece.p0[1] - start[1]
    vx, vy = piece.v
    speed2 = vx * vx + vy * vy
    # (|d + v tau|^2 - (reach + rate tau)^2 <= 0) is a quadratic a tau^2 + b tau + c <= 0;
    # squaring is safe because reach + rate tau >= 0 on the span.
    a = speed2 - rate * rate
    b = 2 * (dx * vx + dy * vy - reach * rate)
    c = dx * dx + dy * dy - reach * reach
    tol = 1e-12 * (1.0 + dx * dx + dy * dy + reach * reach + (speed2 + rate * rate) * span * span)
    if abs(a) <= 1e-12 * (speed2 + rate * rate):
        a = 0.0  # equal speeds: float dust in |v| must not make a far-off phantom root
    roots = sorted(r for r in _roots(a, b, c, tol) if 0.0 < r < span)
    if c <= tol:
        lo = 0.0  # within reach at once (or only just: a tangent at the start)
    elif roots:
        lo = roots.pop(0)
    else:
        return None
    if roots:
        return (lo, roots[0])  # out of reach again after the next root
    mid = (lo + span) / 2
    # Still reachable after lo, or only at lo itself (a tangent: it just makes it).
    return (lo, span) if (a * mid + b) * mid + c <= 0.0 else (lo, lo)


def _shortfall(piece: _Piece, start: Point, rate: float, reach: float, tau: float) -> float:
    """How far (squares) the interceptor is from being within reach at tau (<= 0: it is)."""
    here = _at(piece, tau)
    return math.hypot(here[0] - start[0], here[1] - start[1]) - (reach + rate * tau)


def _polish(
    piece: _Piece, start: Point, rate: float, reach: float, tau: float, limit: float
) -> float:
    """`tau` moved forward onto the exact first moment of reach, by Newton steps on the unsquared
    condition f(tau) = |p(tau) - start| - (reach + rate tau).

    The squared quadratic loses half the digits near a double root (a standing interceptor the
    runner collides with is found 1e-8 too early). f is convex, so Newton from the side where
    f > 0 moves forward to its root and never past it.
    """
    vx, vy = piece.v
    for _ in range(4):
        dx = piece.p0[0] + vx * tau - start[0]
        dy = piece.p0[1] + vy * tau - start[1]
        distance = math.hypot(dx, dy)
        f = distance - (reach + rate * tau)
        slope = (dx * vx + dy * vy) / distance - rate if distance > 0.0 else -rate
        if f <= 0.0 or slope >= 0.0:
            break
        tau = min(tau - f / slope, limit)
    return tau


def _roots(a: float, b: float, c: float, tol: float) -> list[float]:
    if a == 0.0:
        return [] if b == 0.0 else [-c / b]
    disc = b * b - 4 * a * c
    if disc < 0.0:
        # A tangent computed with float dust: keep the double root if the minimum is ~0.
        vertex = -b / (2 * a)
        return [vertex] if abs((a * vertex + b) * vertex + c) <= tol else []
    # The numerically stable pair (no cancellation between b and the square root).
    q = -(b + math.copysign(math.sqrt(disc), b)) / 2
    if q == 0.0:
        return [0.0]
    return [q / a, c / q]


def _first_clear(
    piece: _Piece, start: Point, lo: float, hi: float, walls: WallIndex | None
) -> float | None:
    """The earliest tau in [lo, hi] whose point is not inside a wall's shadow seen from start."""
    if walls is None or not len(walls):
        return lo
    p_lo = _at(piece, lo)
    if hi == lo:
        return None if walls.blocks(start, p_lo) else lo
    p_hi = _at(piece, hi)
    hull = shapely.MultiPoint([start, p_lo, p_hi]).convex_hull
    shadows = sorted(
        s for wall in walls.near(hull) if (s := _shadow(piece, start, wall)) is not None
    )
    tau = lo
    for s_lo, s_hi in _merged(shadows):
        if s_lo < tau < s_hi:
            tau = s_hi
    return tau if tau <= hi else None


def _at(piece: _Piece, tau: float) -> Point:
    return (piece.p0[0] + piece.v[0] * tau, piece.p0[1] + piece.v[1] * tau)


def _shadow(piece: _Piece, start: Point, wall: Segment) -> Interval | None:
    """The tau whose point the wall hides from `start` (closed, on the piece's whole line, so
    that an edge is never mistaken for a clip), or None.

    The shadow of a segment seen from a point is the wedge between the rays through its ends,
    beyond the segment: three linear inequalities in tau along a straight piece.
    """
    sx, sy = start
    d0x, d0y = wall.x0 - sx, wall.y0 - sy
    d1x, d1y = wall.x1 - sx, wall.y1 - sy
    turn = d0x * d1y - d0y * d1x
    if abs(turn) <= 1e-12 * math.hypot(d0x, d0y) * math.hypot(d1x, d1y):
        return _ray_shadow(piece, start, wall)
    if turn < 0:
        d0x, d0y, d1x, d1y = d1x, d1y, d0x, d0y
    ex, ey = wall.x1 - wall.x0, wall.y1 - wall.y0
    px, py = piece.p0[0] - sx, piece.p0[1] - sy
    vx, vy = piece.v
    # Each condition as alpha + beta tau >= 0: left of the first ray, right of the second, and
    # on the far side of the wall from start.
    side0x, side0y = piece.p0[0] - wall.x0, piece.p0[1] - wall.y0
    sign = 1.0 if turn > 0 else -1.0
    conditions = (
        (d0x * py - d0y * px, d0x * vy - d0y * vx),
        (px * d1y - py * d1x, vx * d1y - vy * d1x),
        (-sign * (ex * side0y - ey * side0x), -sign * (ex * vy - ey * vx)),
    )
    window: Interval = (-math.inf, math.inf)
    for alpha, beta in conditions:
        if abs(alpha) <= 1e-12 and abs(beta) <= 1e-12:
            return None  # the piece runs along the shadow's edge: grazing, never inside
        if beta == 0.0:
            if alpha < 0.0:
                return None
            continue
        root = -alpha / beta
        window = (
            (max(window[0], root), window[1]) if beta > 0 else (window[0], min(window[1], root))
        )
        if window[0] > window[1]:
            return None
    return window


def _ray_shadow(piece: _Piece, start: Point, wall: Segment) -> Interval | None:
    """The shadow when start is in line with the wall: the ray beyond the wall's near end.

    A piece crossing that ray meets it at one point (a graze, not blocked); a piece running
    along it is blocked where the line from start would pass through the wall lengthwise.
    """
    sx, sy = start
    near, far = sorted(
        ((wall.x0 - sx, wall.y0 - sy), (wall.x1 - sx, wall.y1 - sy)), key=lambda d: math.hypot(*d)
    )
    reach = math.hypot(*near)
    if reach == 0.0 or near[0] * far[0] + near[1] * far[1] < 0.0:
        return None  # start on the wall (planning keeps tokens off walls), or wall behind it
    rx, ry = near[0] / reach, near[1] / reach
    px, py = piece.p0[0] - sx, piece.p0[1] - sy
    vx, vy = piece.v
    if abs(rx * py - ry * px) > 1e-12 * (1 + reach) or abs(rx * vy - ry * vx) > 1e-12:
        return None
    # Along the ray, s(tau) = r . (p - start) is linear; hidden where s(tau) >= reach.
    alpha, beta = rx * px + ry * py - reach, rx * vx + ry * vy
    if beta == 0.0:
        return (-math.inf, math.inf) if alpha >= 0.0 else None
    root = -alpha / beta
    return (root, math.inf) if beta > 0 else (-math.inf, root)


def _merged(intervals: list[Interval]) -> list[Interval]:
    """Sorted closed intervals with those that overlap or touch joined (the two halves of a
    wall's corner leave no gap between their shadows)."""
    out: list[Interval] = []
    for lo, hi in intervals:
        if out and lo <= out[-1][1] + 1e-12:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


@dataclass(frozen=True)
class Interceptor:
    """A free enemy that may intercept: where it stands, its pace, when it is free."""

    id: str
    start: Point
    pace: Pace
    available_from: float
    reach_squares: float = 0.0


class InterceptorIndex:
    """Interceptors (usually one side's free combatants) in an STRtree of their positions.

    `offers(path)` asks only those whose start lies within the distance they could cover
    before the mover arrives (plus reach) of the path, then solves each exactly.
    """

    def __init__(self, interceptors: Sequence[Interceptor], walls: WallIndex | None = None) -> None:
        self.interceptors: tuple[Interceptor, ...] = tuple(interceptors)
        self.walls = walls
        self._points = shapely.points(
            np.array([i.start for i in self.interceptors], dtype=float).reshape(-1, 2)
        )
        self._rates = np.array([i.pace.rate for i in self.interceptors], dtype=float)
        self._free = np.array([i.available_from for i in self.interceptors], dtype=float)
        self._reach = np.array([i.reach_squares for i in self.interceptors], dtype=float)
        self._tree = shapely.STRtree(self._points)
        self._fastest = float(self._rates.max(initial=0.0))
        self._first_free = float(self._free.min(initial=math.inf))
        self._longest_reach = float(self._reach.max(initial=0.0))

    def _bound(self, end: float) -> float:
        """No interceptor can meet a path ending at `end` farther than this from its start."""
        return max(self._fastest * (end - self._first_free), 0.0) + self._longest_reach

    def offers(self, path: TimedPath, *, exclude: Collection[str] = ()) -> list[Interception]:
        """Every interceptor's earliest point on `path`, sorted by time then id."""
        if not self.interceptors:
            return []
        # How far each could get before the mover arrives bounds where it can meet the path:
        # the tree gives those within the largest such distance, then each is held to its own.
        end = path.end_time
        line = path.polyline.line
        near = self._tree.query(line, predicate="dwithin", distance=self._bound(end))
        if near.size:
            radius = np.maximum(self._rates[near] * (end - self._free[near]), 0.0)
            close = shapely.distance(self._points[near], line) <= radius + self._reach[near] + 1e-9
            near = near[close]
        found = []
        legs = _legs(path) if near.size else []
        for i in sorted(near.tolist()):
            who = self.interceptors[i]
            if who.id in exclude:
                continue
            offer = _earliest(
                path,
                legs,
                who.id,
                who.start,
                who.pace,
                who.available_from,
                who.reach_squares,
                self.walls,
            )
            if offer is not None:
                found.append(offer)
        found.sort(key=lambda o: (o.time, o.interceptor))
        return found
