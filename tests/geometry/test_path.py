"""Paths in square coordinates, travelled at a rate: position as a function of time."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from battlemap.geometry.path import Polyline, TimedPath

coords = st.floats(0, 60, allow_nan=False)
points = st.lists(st.tuples(coords, coords), min_size=2, max_size=6)


def test_point_at_follows_corners() -> None:
    line = Polyline.through([(0.5, 0.5), (3.5, 0.5), (3.5, 4.5)])
    assert line.length == 7.0
    assert line.point_at(2.0) == (2.5, 0.5)
    assert line.point_at(5.0) == (3.5, 2.5)
    assert line.point_at(99.0) == (3.5, 4.5)


def test_cut_keeps_the_first_part() -> None:
    line = Polyline.through([(0.0, 0.0), (4.0, 0.0), (4.0, 4.0)])
    assert line.cut(6.0).points == ((0.0, 0.0), (4.0, 0.0), (4.0, 2.0))


def test_straightness() -> None:
    assert Polyline.through([(0, 0), (2, 2), (5, 5)]).is_straight()
    assert not Polyline.through([(0, 0), (2, 2), (1, 1)]).is_straight()  # turns back
    assert not Polyline.through([(0, 0), (2, 0), (2, 2)]).is_straight()


def test_whole_units_stay_whole() -> None:
    """4 squares at 20 ft (2/3 square a unit) take exactly 6 units, not 6.000000000000001."""
    path = TimedPath.for_duration([(0.5, 0.5), (4.5, 0.5)], 3.0, 20, 6)
    assert path.end_time == 9.0


@given(points, st.floats(0, 1))
def test_cut_path_is_a_prefix(pts: list[tuple[float, float]], fraction: float) -> None:
    line = Polyline.through(pts)
    distance = line.length * fraction
    cut = line.cut(distance)
    assert math.isclose(cut.length, distance, abs_tol=1e-6)
    end = cut.end
    target = line.point_at(distance)
    assert math.isclose(end[0], target[0], abs_tol=1e-6)
    assert math.isclose(end[1], target[1], abs_tol=1e-6)
