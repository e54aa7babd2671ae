"""The first moment two moving footprints come within reach, solved exactly."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from battlemap.core.motion import position_on
from battlemap.geometry.contact import first_contact, footprint_gap, within_reach


def test_adjacent_squares_touch() -> None:
    assert footprint_gap((0.5, 0.5), 1, (1.5, 1.5), 1) == 0.0  # diagonal neighbours
    assert within_reach((0.5, 0.5), 1, (1.5, 1.5), 1, 5)
    assert not within_reach((0.5, 0.5), 1, (2.5, 0.5), 1, 5)
    assert within_reach((0.5, 0.5), 1, (2.5, 0.5), 1, 10)


def test_large_footprint_reaches_from_its_edge() -> None:
    """A large (2x2) creature centred at (2, 2) is adjacent to a medium one at (3.5, 2.5)."""
    assert footprint_gap((2.0, 2.0), 2, (3.5, 2.5), 1) == 0.0


def test_walker_reaches_a_standing_target() -> None:
    walker = [(0.0, 0.5, 0.5), (10.0, 10.5, 0.5)]
    target = [(0.0, 6.5, 0.5)]
    assert first_contact(walker, 1, target, 1, 5, 0.0, 12.0) == 5.0


def test_never_within_reach() -> None:
    walker = [(0.0, 0.5, 0.5), (10.0, 10.5, 0.5)]
    target = [(0.0, 6.5, 5.5)]
    assert first_contact(walker, 1, target, 1, 5, 0.0, 12.0) is None


def test_already_within_reach_is_the_start() -> None:
    assert first_contact([(0.0, 0.5, 0.5)], 1, [(0.0, 1.5, 0.5)], 1, 5, 3.0, 12.0) == 3.0


@given(
    x=st.floats(3, 30), y=st.floats(-5, 5), speed=st.floats(0.2, 3), reach=st.sampled_from([5, 10])
)
def test_contact_is_the_first_moment_within_reach(
    x: float, y: float, speed: float, reach: int
) -> None:
    """At the contact time the two are within reach; a hair before, they are not."""
    walker = [(0.0, 0.5, 0.5), (100.0 / speed, 100.5, 0.5)]
    target = [(0.0, x, 0.5 + y)]
    t = first_contact(walker, 1, target, 1, reach, 0.0, 100.0 / speed)
    if t is None:
        assert not within_reach((x, 0.5), 1, (x, 0.5 + y), 1, reach)
        return
    here = position_on(walker, t)
    assert within_reach(here, 1, (x, 0.5 + y), 1, reach)
    if t > 1e-6:
        before = position_on(walker, t - 1e-6)
        assert not within_reach(before, 1, (x, 0.5 + y), 1, reach)
