"""The squares a token covers: its footprint, from its centre and its size in squares.

A token of `squares` x `squares` squares always covers whole squares, so its footprint is found by
snapping the lower-left corner (centre minus half the size) to the nearest grid point; halves
round up. A medium token centred at (3.5, 4.5) covers square (3, 4); a large one centred at
(2.0, 2.0) covers (1, 1) to (2, 2). A token shown between squares (mid-move) is counted on the
footprint position nearest to it.
"""

from __future__ import annotations

import math

import shapely

from battlemap.core.encounter import Point

#: A grid square (i, j): it spans [i, i + 1] x [j, j + 1].
Cell = tuple[int, int]


def footprint_origin(center: Point, squares: int) -> Cell:
    """The lower-left square of the footprint of a token `squares` wide centred near `center`."""
    if squares < 1:
        raise ValueError(f"a footprint is at least one square wide, not {squares}")
    half = squares / 2
    # floor(v + 0.5) rather than round(): Python's round() sends halves to the even neighbour,
    # which would make the snap depend on the parity of the square.
    return (math.floor(center[0] - half + 0.5), math.floor(center[1] - half + 0.5))


def footprint_center(center: Point, squares: int) -> Point:
    """The centre of the snapped footprint: where threat lines are drawn from."""
    i, j = footprint_origin(center, squares)
    half = squares / 2
    return (i + half, j + half)


def footprint_cells(center: Point, squares: int) -> tuple[Cell, ...]:
    """The squares a token covers, column by column (sorted)."""
    i0, j0 = footprint_origin(center, squares)
    return tuple((i, j) for i in range(i0, i0 + squares) for j in range(j0, j0 + squares))


def footprint_polygon(center: Point, squares: int) -> shapely.Polygon:
    """The footprint as one square polygon (the union of `footprint_cells`)."""
    i0, j0 = footprint_origin(center, squares)
    return shapely.box(i0, j0, i0 + squares, j0 + squares)


def cell_box(cell: Cell) -> shapely.Polygon:
    """Square (i, j) as a polygon."""
    i, j = cell
    return shapely.box(i, j, i + 1, j + 1)
