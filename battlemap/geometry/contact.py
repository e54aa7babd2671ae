"""When two moving footprints first come within reach of each other, solved exactly.

Both tokens move along piecewise-linear trajectories, so between breakpoints their offset is
linear in time and "within reach" (a Chebyshev gap between square footprints) is a pair of
linear inequalities: the first moment is found by solving them, not by sampling.
"""

from __future__ import annotations

import itertools

from battlemap.core.clock import TIME_EPSILON, clean_time
from battlemap.core.encounter import Point
from battlemap.core.motion import Knots, position_on


def footprint_gap(a: Point, a_squares: int, b: Point, b_squares: int) -> float:
    """Squares of empty ground between two square footprints (0 = touching, i.e. adjacent)."""
    apart = max(abs(a[0] - b[0]), abs(a[1] - b[1]))
    return apart - (a_squares + b_squares) / 2


def within_reach(a: Point, a_squares: int, b: Point, b_squares: int, reach_ft: int) -> bool:
    """True when b's footprint is within `reach_ft` of a's (5 ft reaches adjacent squares)."""
    return footprint_gap(a, a_squares, b, b_squares) <= reach_ft / 5 - 1 + TIME_EPSILON


def first_contact(
    a: Knots,
    a_squares: int,
    b: Knots,
    b_squares: int,
    reach_ft: int,
    start: float,
    end: float,
) -> float | None:
    """The earliest time in [start, end] at which b is within a's reach, or None."""
    limit = reach_ft / 5 - 1 + (a_squares + b_squares) / 2
    breaks = sorted(
        {start, end}
        | {k[0] for k in a if start < k[0] < end}
        | {k[0] for k in b if start < k[0] < end}
    )
    for t0, t1 in itertools.pairwise(breaks):
        hit = _first_in_span(a, b, t0, t1, limit)
        if hit is not None:
            return clean_time(hit)
    if len(breaks) == 1:
        return _first_in_span(a, b, start, start, limit)
    return None


def _first_in_span(a: Knots, b: Knots, t0: float, t1: float, limit: float) -> float | None:
    ax0, ay0 = position_on(a, t0)
    bx0, by0 = position_on(b, t0)
    span = t1 - t0
    if span > 0:
        ax1, ay1 = position_on(a, t1)
        bx1, by1 = position_on(b, t1)
        vx = ((bx1 - ax1) - (bx0 - ax0)) / span
        vy = ((by1 - ay1) - (by0 - ay0)) / span
    else:
        vx = vy = 0.0
    # The span is widened by a hair so that float dust at its ends cannot hide a contact that
    # happens exactly there; the result is clamped back into the span.
    window: tuple[float, float] | None = (-TIME_EPSILON, span + TIME_EPSILON)
    for c, v in ((bx0 - ax0, vx), (by0 - ay0, vy)):
        window = _intersect(window, _solve_abs_le(c, v, limit))
        if window is None:
            return None
    assert window is not None
    return t0 + min(max(window[0], 0.0), span)


def _solve_abs_le(c: float, v: float, bound: float) -> tuple[float, float] | None:
    """The s with |c + v*s| <= bound, as an interval (unbounded sides as +-inf)."""
    # A relative speed this small is float dust from positions that are really equal; solving
    # with it would put the crossing anywhere.
    if abs(v) < 1e-12:
        return (-float("inf"), float("inf")) if abs(c) <= bound + TIME_EPSILON else None
    lo, hi = (-bound - c) / v, (bound - c) / v
    return (min(lo, hi), max(lo, hi))


def _intersect(
    window: tuple[float, float] | None, other: tuple[float, float] | None
) -> tuple[float, float] | None:
    if window is None or other is None:
        return None
    lo, hi = max(window[0], other[0]), min(window[1], other[1])
    return (lo, hi) if lo <= hi else None
