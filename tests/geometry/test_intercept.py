"""Intercepts: "a free enemy ... who can reach a point of a mover's path no later than the mover
gets there, at its own rate, may intercept: the earliest such point is offered"."""

from __future__ import annotations

import itertools
import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from battlemap.geometry.intercept import (
    Interception,
    Interceptor,
    InterceptorIndex,
    earliest_interception,
)
from battlemap.geometry.path import Polyline, TimedPath
from battlemap.geometry.walls import WallIndex
from tests.geometry.paces import PER, pace

#: A runner along row 0 at 30 ft (1 square a unit) from unit 0: at t it is at (0.5 + t, 0.5).
RUNNER = TimedPath(Polyline.through([(0.5, 0.5), (12.5, 0.5)]), 0.0, pace(30))


def test_interceptor_in_range_gets_the_earliest_reachable_point() -> None:
    """ "an interceptor in range is offered the earliest reachable point": from (6.5, 3.5) at
    30 ft, (t - 6)^2 + 3^2 <= t^2 first holds at t = 45 / 12 = 3.75, at (4.25, 0.5): 3.75
    squares away (a 3-4-5 triangle scaled by 3/4)."""
    assert earliest_interception(RUNNER, "orc", (6.5, 3.5), pace(30), 0.0) == Interception(
        "orc", 3.75, (4.25, 0.5)
    )


def test_interceptor_out_of_range_is_not_offered() -> None:
    """ "one out of range is not": from 20 squares off, t >= 436 / 12 > 12, after the arrival."""
    assert earliest_interception(RUNNER, "orc", (6.5, 20.5), pace(30), 0.0) is None


def test_a_slower_enemy_behind_never_catches_up() -> None:
    assert earliest_interception(RUNNER, "orc", (0.5, 1.5), pace(20), 0.0) is None


def test_reach_lets_it_stop_short() -> None:
    """reach_squares 1: (t - 6)^2 + 7^2 <= (t + 1)^2 first holds at t = 6, at (6.5, 0.5), when
    the interceptor has run 6 squares and stands 1 square (centre to centre) from the runner."""
    assert earliest_interception(RUNNER, "orc", (6.5, 7.5), pace(30), 0.0, reach_squares=1.0) == (
        Interception("orc", 6.0, (6.5, 0.5))
    )


def test_busy_until_later() -> None:
    """Free from t = 2: (t - 6)^2 + 9 <= (t - 2)^2 gives t = 41 / 8 = 5.125, at (5.625, 0.5)."""
    assert earliest_interception(RUNNER, "orc", (6.5, 3.5), pace(30), 2.0) == Interception(
        "orc", 5.125, (5.625, 0.5)
    )


def test_standing_on_the_path_ahead_meets_the_runner_half_way() -> None:
    """From (8.5, 0.5) at the same speed they meet at t = 4, at (4.5, 0.5)."""
    assert earliest_interception(RUNNER, "orc", (8.5, 0.5), pace(30), 0.0) == Interception(
        "orc", 4.0, (4.5, 0.5)
    )


def test_reached_on_a_later_leg() -> None:
    """The runner turns north at (4.5, 0.5) (t = 4). From (8.5, 8.5) the first leg needs t >= 8;
    on the second, 4^2 + (t - 12)^2 <= t^2 gives t = 160 / 24 = 20 / 3."""
    path = TimedPath(Polyline.through([(0.5, 0.5), (4.5, 0.5), (4.5, 12.5)]), 0.0, pace(30))
    offer = earliest_interception(path, "orc", (8.5, 8.5), pace(30), 0.0)
    assert offer is not None
    assert math.isclose(offer.time, 20 / 3, abs_tol=1e-12)
    assert math.dist(offer.point, (4.5, 0.5 + 8 / 3)) < 1e-12


def test_a_wall_hides_the_early_points() -> None:
    """A wall from (2, 2) to (6, 2) hides x in [-2.5, 5.5] of the runner's row from (6.5, 3.5)
    (the rays through the wall's ends). The offered point is the shadow's edge, (5.5, 0.5) at
    t = 5, where the line grazes the wall's end (6, 2)."""
    walls = WallIndex([[(2.0, 2.0), (6.0, 2.0)]])
    assert earliest_interception(RUNNER, "orc", (6.5, 3.5), pace(30), 0.0, walls=walls) == (
        Interception("orc", 5.0, (5.5, 0.5))
    )
    # A wall the line does not cross changes nothing.
    beside = WallIndex([[(8.0, 2.0), (9.0, 2.0)]])
    assert earliest_interception(RUNNER, "orc", (6.5, 3.5), pace(30), 0.0, walls=beside) == (
        Interception("orc", 3.75, (4.25, 0.5))
    )


def test_index_offers_only_candidates_in_time_order() -> None:
    index = InterceptorIndex(
        [
            Interceptor("far", (60.5, 60.5), pace(30), 0.0),
            Interceptor("orc", (6.5, 3.5), pace(30), 0.0),
            Interceptor("ahead", (8.5, 0.5), pace(30), 0.0),
        ]
    )
    assert index.offers(RUNNER) == [
        Interception("orc", 3.75, (4.25, 0.5)),
        Interception("ahead", 4.0, (4.5, 0.5)),
    ]
    assert index.offers(RUNNER, exclude={"orc"}) == [Interception("ahead", 4.0, (4.5, 0.5))]


def _distance_to_path(polyline: Polyline, point: tuple[float, float]) -> float:
    """Plain arithmetic (shapely returns inf for lines only 1e-308 long)."""
    if len(polyline.points) == 1:
        return math.dist(polyline.points[0], point)
    best = math.inf
    for (ax, ay), (bx, by) in itertools.pairwise(polyline.points):
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        f = ((point[0] - ax) * dx + (point[1] - ay) * dy) / length2 if length2 else 0.0
        f = min(max(f, 0.0), 1.0)
        best = min(best, math.dist((ax + f * dx, ay + f * dy), point))
    return best


# --- properties -------------------------------------------------------------------------------

coord = st.floats(0, 20, allow_nan=False, allow_subnormal=False)


@settings(max_examples=400, deadline=None)
@given(
    points=st.lists(st.tuples(coord, coord), min_size=2, max_size=4),
    feet=st.sampled_from([20, 30, 40]),
    start=st.tuples(coord, coord),
    their_feet=st.sampled_from([0, 20, 30, 40, 60]),
    free_at=st.sampled_from([0.0, 1.5, 4.0]),
    reach=st.sampled_from([0.0, 1.0, 1.5]),
)
def test_interception_is_on_the_path_reachable_and_earliest(
    points: list[tuple[float, float]],
    feet: int,
    start: tuple[float, float],
    their_feet: int,
    free_at: float,
    reach: float,
) -> None:
    """Every interception point lies on the path and is reachable in time; no earlier moment
    (checked every 1/100 unit) is reachable, and None means no moment is."""
    path = TimedPath(Polyline.through(points), 0.0, pace(feet))
    rate = their_feet / PER
    offer = earliest_interception(path, "i", start, pace(their_feet), free_at, reach)

    def slack(t: float) -> float:
        """How much sooner than needed the interceptor could be at the runner's point at t."""
        return rate * (t - free_at) + reach - math.dist(path.position_at(t), start)

    t_from, t_end = max(path.start_time, free_at), path.end_time
    until = t_end if offer is None else offer.time - 1e-6
    n = math.ceil(max(until - t_from, 0.0) * 100)
    for k in range(n + 1):
        t = min(t_from + k / 100, until)
        if t >= t_from:
            assert slack(t) < 1e-9, f"reachable earlier, at {t}"
    if offer is not None:
        assert _distance_to_path(path.polyline, offer.point) < 1e-9
        assert t_from - 1e-9 <= offer.time <= t_end + 1e-9
        # clean_time may move the time by under 1e-9 unit onto a whole unit, which moves both.
        assert slack(offer.time) > -1e-9 * (1 + rate + path.rate)
        assert math.dist(path.position_at(offer.time), offer.point) < 1e-12


@settings(max_examples=300, deadline=None)
@given(
    points=st.lists(st.tuples(coord, coord), min_size=2, max_size=4),
    start=st.tuples(coord, coord),
    their_feet=st.sampled_from([20, 30, 40, 60]),
    walls=st.lists(
        st.lists(st.tuples(coord, coord), min_size=2, max_size=3), min_size=1, max_size=3
    ),
)
def test_walls_only_delay_and_the_line_is_clear_or_grazes(
    points: list[tuple[float, float]],
    start: tuple[float, float],
    their_feet: int,
    walls: list[list[tuple[float, float]]],
) -> None:
    """With walls (and a path clear of them) the offer is never earlier than without; its line
    from the start is clear, or only grazes a wall's end (the edge of the wall's shadow)."""
    path = TimedPath(Polyline.through(points), 0.0, pace(30))
    index = WallIndex(walls)
    # Planning refuses paths that meet a wall, and tokens do not stand on walls; a clearance of
    # 1e-6 keeps out configurations whose answer is float dust either way.
    assume(index.first_crossing_on(path.polyline.points) is None)
    wall_lines = [Polyline.through(wall) for wall in walls]
    assume(all(_distance_to_path(wall, start) > 1e-6 for wall in wall_lines))
    assume(all(_distance_to_path(wall, p) > 1e-6 for wall in wall_lines for p in points))
    assume(all(_distance_to_path(path.polyline, p) > 1e-6 for wall in walls for p in wall))
    open_ground = earliest_interception(path, "i", start, pace(their_feet), 0.0)
    offer = earliest_interception(path, "i", start, pace(their_feet), 0.0, walls=index)
    if offer is None:
        return
    assert open_ground is not None and offer.time >= open_ground.time - 1e-9
    assert _distance_to_path(path.polyline, offer.point) < 1e-9
    if index.blocks(start, offer.point):
        ends = [end for wall in walls for end in wall]
        line = Polyline.through([start, offer.point])
        assert any(_distance_to_path(line, end) < 1e-9 for end in ends), "crosses a wall"
