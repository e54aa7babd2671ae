"""Run and scream: where the run ends, at cover or in the random direction.

"The character moves at full speed to random direction when his turn [comes] and tries to reach
some kind of cover, if he reaches it he freezes there\""""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import given
from hypothesis import strategies as st

from battlemap.core.encounter import Point
from battlemap.geometry.walls import WallIndex
from battlemap.rulesets.combat_experience.flight import Flight, flee, nearest_cover

#: A wall along x = 10 from y = 0 to y = 20.
EAST_WALL: tuple[tuple[Point, ...], ...] = (((10.0, 0.0), (10.0, 20.0)),)


def test_the_run_ends_against_the_nearest_wall_within_reach() -> None:
    """He runs straight for the nearest cover he can reach and ends against the wall."""
    run = flee((4.5, 5.5), 8.0, EAST_WALL, angle_degrees=180.0)
    assert run == Flight((4.5, 5.5), (9.5, 5.5), at_cover=True)
    assert run.distance == 5.0


def test_the_nearest_of_two_walls_is_the_cover() -> None:
    walls = (((10.0, 0.0), (10.0, 20.0)), ((0.0, 8.0), (20.0, 8.0)))
    assert flee((4.5, 5.5), 8.0, walls, angle_degrees=0.0).end == (4.5, 7.5)


def test_the_end_of_a_wall_is_cover_too() -> None:
    """Cover is anywhere half a square from a wall, its ends included."""
    wall = (((10.0, 0.0), (10.0, 2.0)),)
    run = flee((10.0, 6.0), 8.0, wall, angle_degrees=0.0)
    assert run.end == pytest.approx((10.0, 2.5))
    assert run.at_cover


def test_cover_behind_another_wall_is_not_reached_through_it() -> None:
    """A wall between him and a cover point: he takes the cover he can run to."""
    near = ((4.0, 4.0), (6.0, 4.0))  # a short wall between him and the long one
    far = ((0.0, 0.0), (20.0, 0.0))
    index = WallIndex((near, far))
    # From (5, 6): the near wall is 2 away (cover at 1.5 away), the far one 6 (behind the near).
    assert nearest_cover((5.0, 6.0), 8.0, index) == (5.0, 4.5)
    # From (7.5, 1.5): the far wall is nearest (cover 1.0 away), straight and clear.
    assert nearest_cover((7.5, 1.5), 8.0, index) == (7.5, 0.5)


def test_no_cover_within_reach_runs_the_full_distance_in_the_random_direction() -> None:
    """ "moves at full speed to random direction": no wall within the run, so all of it."""
    run = flee((2.5, 2.5), 6.0, EAST_WALL, angle_degrees=90.0)
    assert run.end == pytest.approx((2.5, 8.5))
    assert run.distance == pytest.approx(6.0)
    assert not run.at_cover
    run = flee((2.5, 2.5), 6.0, (), angle_degrees=0.0)
    assert run.end == pytest.approx((8.5, 2.5))


def test_cover_just_out_of_reach_is_not_reached() -> None:
    run = flee((4.5, 5.5), 4.9, EAST_WALL, angle_degrees=180.0)
    assert not run.at_cover
    assert run.end == pytest.approx((-0.4, 5.5))


def test_the_map_edge_stops_him_but_is_no_cover() -> None:
    run = flee((2.5, 2.5), 6.0, (), angle_degrees=180.0, map_size=(20.0, 20.0))
    assert run.end == pytest.approx((0.5, 2.5))
    assert not run.at_cover


def test_cover_off_the_map_is_not_taken() -> None:
    """A wall on the map's edge line: the point half a square outside is not on the map."""
    wall = (((0.0, -5.0), (0.0, 30.0)),)
    assert nearest_cover((-2.0, 5.0), 5.0, WallIndex(wall), map_size=(20.0, 20.0)) is None


def test_a_combatant_already_against_a_wall_stays_there() -> None:
    """He has reached cover: he freezes where he stands."""
    run = flee((9.5, 5.5), 8.0, EAST_WALL, angle_degrees=180.0)
    assert run == Flight((9.5, 5.5), (9.5, 5.5), at_cover=True)
    assert run.distance == 0.0


def test_a_larger_token_stops_its_own_half_width_from_the_wall() -> None:
    run = flee((4.0, 6.0), 8.0, EAST_WALL, angle_degrees=0.0, clearance=1.0)
    assert run.end == (9.0, 6.0)


def test_a_wall_in_the_way_of_the_run_is_always_cover() -> None:
    """A wall the run would meet is within reach, so its nearest point is the cover he takes:
    the run never ends mid-way against nothing."""
    walls = (((30.0, -100.0), (30.0, 100.0)),)
    run = flee((0.0, 0.0), 40.0, walls, angle_degrees=0.0)
    assert run == Flight((0.0, 0.0), (29.5, 0.0), at_cover=True)
    # Whatever the random direction.
    assert flee((0.0, 0.0), 40.0, walls, angle_degrees=180.0).end == (29.5, 0.0)


def test_walls_without_length_are_no_cover() -> None:
    """As for movement (geometry/walls.py), a wall given as one point has no length."""
    run = flee((2.5, 2.5), 6.0, (((3.0, 3.0),), ((3.0, 3.0), (3.0, 3.0))), angle_degrees=0.0)
    assert run == Flight((2.5, 2.5), (8.5, 2.5), at_cover=False)


def test_bad_reaches_are_refused() -> None:
    with pytest.raises(ValueError, match=r"not -1\.0"):
        flee((0.0, 0.0), -1.0, (), 0.0)
    with pytest.raises(ValueError, match="not nan"):
        flee((0.0, 0.0), math.nan, (), 0.0)
    with pytest.raises(ValueError, match="clearance"):
        flee((0.0, 0.0), 1.0, (), 0.0, clearance=0.0)


coordinate = st.floats(0.0, 20.0, allow_nan=False)
point = st.tuples(coordinate, coordinate)


@given(
    start=point,
    reach=st.floats(0.0, 15.0, allow_nan=False),
    walls=st.lists(st.tuples(point, point).filter(lambda w: math.dist(*w) > 1e-6), max_size=4),
    angle=st.floats(0.0, 360.0, allow_nan=False),
)
def test_a_run_stays_within_reach_and_never_crosses_a_wall(
    start: Point, reach: float, walls: list[tuple[Point, Point]], angle: float
) -> None:
    run = flee(start, reach, walls, angle)
    assert run.start == start
    assert run.distance <= reach + 1e-9
    if walls and run.end != start:
        assert WallIndex(walls).first_crossing(start, run.end) is None
    if run.at_cover:
        # Against a wall: within half a square of one.
        gaps = [shapely.distance(shapely.Point(run.end), shapely.LineString(w)) for w in walls]
        assert min(gaps) <= 0.5 + 1e-9
