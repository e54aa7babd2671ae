"""Position as a function of time: a token's trajectory as (time, x, y) knots."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from battlemap.core.encounter import Point

#: (time, x, y) points in time order; the token stands still before the first and after the last.
Knots = Sequence[tuple[float, float, float]]


def position_on(knots: Knots, time: float) -> Point:
    """Where a token following `knots` is at `time`, interpolated between knots."""
    if time <= knots[0][0]:
        return (knots[0][1], knots[0][2])
    if time >= knots[-1][0]:
        return (knots[-1][1], knots[-1][2])
    index = bisect_right([k[0] for k in knots], time) - 1
    t0, x0, y0 = knots[index]
    t1, x1, y1 = knots[index + 1]
    if t1 <= t0:
        return (x1, y1)
    f = (time - t0) / (t1 - t0)
    return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)
