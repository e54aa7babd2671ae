"""Which square a moving centre is in, and exactly where it changes square along a path.

A centre strictly inside a square is in that square. On a grid line the answer is a choice; the
rule here is "a centre on a grid line is still in the square on the side it came from", applied
to each axis separately:

- moving along a grid line, the mover stays in the row (or column) it came from, and changes
  square only where it crosses the perpendicular lines; so a path that runs along the outer edge
  of a threatened square without coming from inside it is never in it;
- the change of square happens where the centre departs from the line into the other side: a
  path that reaches a line and turns back never left its square; one that ends on a line has
  not left either;
- crossing exactly through a corner changes column and row at once (diagonally, never through
  the two side squares);
- a path that starts on a line takes the side it first moves into; one that never leaves the
  line takes the higher side (the square whose lower-left corner is floor(x), floor(y)).

Coordinates within 1e-9 of a grid line are on it, so float dust cannot make a path that runs
along a line zig-zag between two squares. Everything is solved on each straight leg from the
coordinates of its ends: no sampling.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from battlemap.core.encounter import Point
from battlemap.geometry.footprint import Cell
from battlemap.geometry.path import Polyline

#: A coordinate this close to a whole number lies on that grid line.
GRID_EPSILON = 1e-9


@dataclass(frozen=True)
class Crossing:
    """The centre leaves `from_cell` for `to_cell` at `point`, `distance` squares along the path."""

    distance: float
    point: Point
    from_cell: Cell
    to_cell: Cell


@dataclass(frozen=True)
class SquareWalk:
    """The squares a path's centre occupies: where it starts and every change, in order."""

    start_cell: Cell
    crossings: tuple[Crossing, ...]


def _snap(v: float) -> float:
    nearest = round(v)
    return float(nearest) if abs(v - nearest) < GRID_EPSILON else v


def _start_index(values: list[float]) -> int:
    """The column (or row) of the first point, by the side the path first moves into."""
    v0 = values[0]
    if v0 != math.floor(v0):
        return math.floor(v0)
    for v in values[1:]:
        if v != v0:
            return int(v0) if v > v0 else int(v0) - 1
    return int(v0)


def _axis_crossings(index: int, v0: float, v1: float) -> list[tuple[float, int, float]]:
    """(fraction of the leg, new index, grid coordinate) for each change of column (or row)
    while one coordinate goes from v0 to v1, starting in `index` (v0 in [index, index + 1])."""
    out: list[tuple[float, int, float]] = []
    if v1 > v0:
        # Leaves [k - 1, k] upward the moment it goes past k, for each line k strictly below v1.
        k = index + 1
        while k < v1:
            out.append(((k - v0) / (v1 - v0), k, float(k)))
            k += 1
    elif v1 < v0:
        k = index
        while k > v1:
            out.append(((k - v0) / (v1 - v0), k - 1, float(k)))
            k -= 1
    return out


def square_walk(polyline: Polyline) -> SquareWalk:
    """The start square and each change of square along `polyline`, in path order."""
    points = [(_snap(x), _snap(y)) for x, y in polyline.points]
    col = _start_index([p[0] for p in points])
    row = _start_index([p[1] for p in points])
    start = (col, row)
    crossings: list[Crossing] = []
    cumulative = polyline.cumulative
    for leg, ((x0, y0), (x1, y1)) in enumerate(itertools.pairwise(points)):
        length = cumulative[leg + 1] - cumulative[leg]
        xs = _axis_crossings(col, x0, x1)
        ys = _axis_crossings(row, y0, y1)
        a = b = 0
        while a < len(xs) or b < len(ys):
            fx = xs[a][0] if a < len(xs) else math.inf
            fy = ys[b][0] if b < len(ys) else math.inf
            new_col, new_row = col, row
            # Within a hair (1e-9 square) of each other the two lines are crossed at their
            # corner: one diagonal change, not two.
            if abs(fx - fy) * length <= GRID_EPSILON:
                f = min(fx, fy)
                new_col, new_row = xs[a][1], ys[b][1]
                point = (xs[a][2], ys[b][2])
                a, b = a + 1, b + 1
            elif fx < fy:
                f = fx
                new_col = xs[a][1]
                point = (xs[a][2], y0 + (y1 - y0) * f)
                a += 1
            else:
                f = fy
                new_row = ys[b][1]
                point = (x0 + (x1 - x0) * f, ys[b][2])
                b += 1
            crossings.append(
                Crossing(cumulative[leg] + length * f, point, (col, row), (new_col, new_row))
            )
            col, row = new_col, new_row
    return SquareWalk(start, tuple(crossings))
