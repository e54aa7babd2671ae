"""Which square a moving centre is in, and where it changes square: the boundary rules."""

from __future__ import annotations

from battlemap.geometry.crossings import Crossing, square_walk
from battlemap.geometry.path import Polyline


def _walk(*points: tuple[float, float]) -> list[tuple[tuple[int, int], tuple[float, float]]]:
    walk = square_walk(Polyline.through(list(points)))
    return [(c.from_cell, c.point) for c in walk.crossings]


def test_straight_run_crosses_each_line() -> None:
    walk = square_walk(Polyline.through([(0.5, 0.5), (3.5, 0.5)]))
    assert walk.start_cell == (0, 0)
    assert walk.crossings == (
        Crossing(0.5, (1.0, 0.5), (0, 0), (1, 0)),
        Crossing(1.5, (2.0, 0.5), (1, 0), (2, 0)),
        Crossing(2.5, (3.0, 0.5), (2, 0), (3, 0)),
    )


def test_a_corner_crossed_exactly_is_one_diagonal_change() -> None:
    walk = square_walk(Polyline.through([(0.5, 0.5), (2.5, 2.5)]))
    assert [(c.from_cell, c.to_cell, c.point) for c in walk.crossings] == [
        ((0, 0), (1, 1), (1.0, 1.0)),
        ((1, 1), (2, 2), (2.0, 2.0)),
    ]


def test_along_a_grid_line_the_mover_keeps_the_side_it_came_from() -> None:
    """Up onto y = 4 from row 3, along it, and back down: never in row 4."""
    assert _walk((2.5, 3.5), (3.0, 4.0), (6.0, 4.0), (6.5, 3.5)) == [
        ((2, 3), (3.0, 4.0)),  # on leaving the corner (3, 4) it is past x = 3: column 3
        ((3, 3), (4.0, 4.0)),
        ((4, 3), (5.0, 4.0)),
        ((5, 3), (6.0, 4.0)),
    ]
    # The same run coming down from row 4 stays in row 4 along the line, then leaves it.
    assert _walk((2.5, 4.5), (3.0, 4.0), (6.0, 4.0), (6.5, 3.5))[-1] == ((5, 4), (6.0, 4.0))


def test_reaching_a_line_and_turning_back_never_leaves() -> None:
    assert _walk((0.5, 0.5), (1.0, 0.5), (0.5, 0.8)) == []
    assert _walk((0.5, 0.5), (1.0, 0.5)) == []  # ending on the line has not left either


def test_departing_from_a_line_is_the_moment_of_leaving() -> None:
    """Onto x = 1, along it, then across: the change is where it leaves the line."""
    assert _walk((0.5, 0.5), (1.0, 0.5), (1.0, 0.8), (1.5, 0.8)) == [((0, 0), (1.0, 0.8))]


def test_a_path_starting_on_a_line_takes_the_side_it_moves_into() -> None:
    assert square_walk(Polyline.through([(1.0, 0.5), (0.5, 0.5)])).start_cell == (0, 0)
    assert square_walk(Polyline.through([(1.0, 0.5), (1.5, 0.5)])).start_cell == (1, 0)
    assert square_walk(Polyline.through([(1.0, 1.0)])).start_cell == (1, 1)


def test_float_dust_on_a_line_is_on_the_line() -> None:
    """A path 1e-12 off x = 1 running along it does not zig-zag between columns."""
    assert _walk((0.5, 0.5), (1.0 + 1e-12, 0.5), (1.0 - 1e-12, 3.5)) == [
        ((0, 0), (1.0, 1.0)),
        ((0, 1), (1.0, 2.0)),
        ((0, 2), (1.0, 3.0)),
    ]
