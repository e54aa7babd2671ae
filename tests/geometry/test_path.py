"""Paths in square coordinates, travelled at a rate: position as a function of time."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlemap.geometry.path import Pace, Polyline, TimedPath

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
    """4 squares at 20 ft (2/3 square a unit at 30 a square) take exactly 6 units, not
    6.000000000000001."""
    pace = Pace(20, 30)
    assert pace.duration_of(4.0) == 6.0
    path = TimedPath.for_duration([(0.5, 0.5), (4.5, 0.5)], 3.0, pace, 6)
    assert path.end_time == 9.0
    assert path.position_at(6.0) == (2.5, 0.5)


def test_a_pace_of_five_feet_a_square() -> None:
    """At 5 feet of pace a square a unit, 20 ft is 4 squares a unit: 4 squares take one unit,
    and a unit covers 4 squares."""
    pace = Pace(20, 5)
    assert pace.rate == 4.0
    assert pace.duration_of(4.0) == 1.0
    assert pace.distance_in(1.0) == 4.0
    assert pace.distance_in(-1.0) == 0.0


def test_the_same_path_at_two_rulesets_paces_ends_at_their_times() -> None:
    """Geometry has no rate of its own: the same 6 squares from unit 2 at 30 ft end at unit 8 at
    30 feet of pace a square a unit and at unit 3 at 5, and are cut where each runs out."""
    points = [(0.5, 0.5), (3.5, 0.5), (3.5, 3.5)]
    slow = TimedPath.for_duration(points, 2.0, Pace(30, 30), 6)
    fast = TimedPath.for_duration(points, 2.0, Pace(30, 5), 1)
    assert (slow.end_time, fast.end_time) == (8.0, 3.0)
    assert slow.knots() == [(2.0, 0.5, 0.5), (5.0, 3.5, 0.5), (8.0, 3.5, 3.5)]
    assert fast.knots() == [(2.0, 0.5, 0.5), (2.5, 3.5, 0.5), (3.0, 3.5, 3.5)]
    assert TimedPath.for_duration(points, 2.0, Pace(30, 30), 1).polyline.end == (1.5, 0.5)


def test_no_pace_never_arrives() -> None:
    pace = Pace(0, 30)
    assert pace.rate == 0.0
    assert pace.duration_of(1.0) == math.inf
    assert pace.duration_of(0.0) == 0.0
    assert pace.distance_in(6.0) == 0.0
    assert TimedPath(Polyline.through([(0.5, 0.5), (2.5, 0.5)]), 0.0, pace).end_time == math.inf


def test_a_pace_needs_feet_per_square() -> None:
    with pytest.raises(ValueError, match="positive number of feet per square"):
        Pace(30, 0)


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
