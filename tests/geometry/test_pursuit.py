"""Chases: "a mover that follows another ... moves toward the quarry's position at each moment,
so a faster pursuer catches a slower runner at the right time and place, and a slower one never
does"."""

from __future__ import annotations

import itertools
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.core.motion import position_on
from battlemap.geometry.pursuit import pursue
from tests.geometry.paces import PER, pace

#: A quarry running east along row 0 at 30 ft (1 square a unit) from (4.5, 0.5).
RUNNING_EAST = [(0.0, 4.5, 0.5), (24.0, 28.5, 0.5)]


def test_faster_pursuer_catches_where_the_arithmetic_says() -> None:
    """ "a faster pursuer catches a slower runner at the right time and place": straight behind
    at 60 ft (2 squares a unit), 4 squares back and caught at 1 square, the gap of 3 closes at 1
    square a unit: t = 3 / (2 - 1) = 3, the pursuer at (6.5, 0.5) and the quarry at (7.5, 0.5)."""
    knots, caught = pursue((0.5, 0.5), pace(60), 0.0, 12.0, RUNNING_EAST, 1.0)
    assert caught is not None
    assert abs(caught - 3.0) < 1e-9
    assert abs(knots[-1][1] - 6.5) < 1e-9 and knots[-1][2] == 0.5
    assert position_on(RUNNING_EAST, caught) == (7.5, 0.5)


def test_straight_chase_matches_the_closed_form_from_any_start() -> None:
    """At 40 ft (4/3) against 30 ft (1), from unit 6 when the quarry is at (10.5, 0.5): the gap
    of 10 - 1 closes at 1/3 square a unit, t = 6 + 27 = 33 (so over several rounds)."""
    far_east = [(0.0, 4.5, 0.5), (60.0, 64.5, 0.5)]
    knots, caught = pursue((0.5, 0.5), pace(40), 6.0, 36.0, far_east, 1.0)
    assert caught is not None
    assert abs(caught - 33.0) < 1e-9
    assert abs(knots[-1][1] - (0.5 + 27 * 4 / 3)) < 1e-9


def test_slower_pursuer_never_catches() -> None:
    """ "and a slower one never does" """
    knots, caught = pursue((0.5, 0.5), pace(20), 0.0, 12.0, RUNNING_EAST, 1.0)
    assert caught is None
    assert knots[-1][0] == 12.0
    assert abs(knots[-1][1] - (0.5 + 12 * 2 / 3)) < 1e-9  # ran straight after it all round


def test_perpendicular_runner_matches_the_pure_pursuit_closed_form() -> None:
    """Quarry 6 squares east running north at 1 square a unit, pursuer at 2: pure pursuit
    captures at t = v_p d / (v_p^2 - v_q^2) = 2 x 6 / 3 = 4. The midpoint-rule integration with
    steps of 1/32 unit is second order: within 5e-4 unit (measured 1.7e-4; 4e-5 at 1/64)."""
    quarry = [(0.0, 6.0, 0.0), (100.0, 6.0, 100.0)]
    knots, caught = pursue((0.0, 0.0), pace(60), 0.0, 12.0, quarry, 0.0)
    assert caught is not None
    assert abs(caught - 4.0) < 5e-4
    assert math.dist(knots[-1][1:], position_on(quarry, caught)) < 1e-9
    _, finer = pursue((0.0, 0.0), pace(60), 0.0, 12.0, quarry, 0.0, step=1 / 64)
    assert finer is not None and abs(finer - 4.0) < abs(caught - 4.0) / 3


def test_catching_a_standing_quarry() -> None:
    knots, caught = pursue((0.5, 0.5), pace(30), 0.0, 12.0, [(0.0, 6.5, 0.5)], 1.0)
    assert caught == 5.0
    assert knots[-1] == (5.0, 5.5, 0.5)


def test_already_within_reach_is_caught_at_once() -> None:
    assert pursue((0.5, 0.5), pace(30), 2.0, 12.0, [(0.0, 1.5, 0.5)], 1.0) == (
        [(2.0, 0.5, 0.5)],
        2.0,
    )


@settings(max_examples=200, deadline=None)
@given(
    start=st.tuples(st.floats(-10, 10), st.floats(-10, 10)),
    feet=st.sampled_from([20, 30, 40, 60]),
    quarry_feet=st.sampled_from([0, 20, 30, 40]),
    heading=st.floats(0, 2 * math.pi),
    catch=st.sampled_from([0.5, 1.0, 1.5]),
)
def test_pursuer_keeps_its_speed_and_is_caught_at_the_catch_distance(
    start: tuple[float, float], feet: int, quarry_feet: int, heading: float, catch: float
) -> None:
    rate, q_rate = feet / PER, quarry_feet / PER
    quarry = [
        (0.0, 0.0, 0.0),
        (24.0, 24 * q_rate * math.cos(heading), 24 * q_rate * math.sin(heading)),
    ]
    knots, caught = pursue(start, pace(feet), 0.0, 12.0, quarry, catch)
    for (t0, x0, y0), (t1, x1, y1) in itertools.pairwise(knots):
        assert math.hypot(x1 - x0, y1 - y0) <= rate * (t1 - t0) + 1e-9
    assert all(t0 < t1 for (t0, *_), (t1, *_) in itertools.pairwise(knots))
    if caught is not None:
        # clean_time may move the catch by under 1e-9 unit onto a whole unit.
        assert knots[-1][0] == caught
        assert math.dist(knots[-1][1:], position_on(quarry, caught)) <= catch + 1e-8
        if caught > 0.0:
            assert math.dist(knots[-1][1:], position_on(quarry, caught)) >= catch - 1e-8


@settings(max_examples=100, deadline=None)
@given(
    start=st.tuples(st.floats(-10, 10), st.floats(-10, 10)).filter(lambda p: math.hypot(*p) > 2),
    feet=st.sampled_from([20, 30]),
    extra=st.sampled_from([0, 10, 20]),
)
def test_no_faster_pursuer_never_catches_a_quarry_running_away(
    start: tuple[float, float], feet: int, extra: int
) -> None:
    """ "and a slower one never does" (nor an equally fast one): the quarry at the origin runs
    straight away from the pursuer, who starts more than the catch distance off."""
    away = math.atan2(-start[1], -start[0])
    q_rate = (feet + extra) / PER
    quarry = [(0.0, 0.0, 0.0), (24.0, 24 * q_rate * math.cos(away), 24 * q_rate * math.sin(away))]
    assert pursue(start, pace(feet), 0.0, 12.0, quarry, 1.0)[1] is None
