"""d12 time labels: 12 units a round, counted 12 down to 1; round 1 begins at time 0."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlemap.rulesets.d12.clock import D12Clock

CLOCK = D12Clock()


@given(round_number=st.integers(-20, 500), count=st.integers(1, 12), into=st.floats(0, 0.999))
def test_time_and_labels_round_trip(round_number: int, count: int, into: float) -> None:
    """ "Each round of combat is divided into twelve distinct time units\": every moment inside a
    unit belongs to that unit's round and count."""
    time = CLOCK.time_of(round_number, count) + into
    assert (CLOCK.round_of(time), CLOCK.count_of(time)) == (round_number, count)


@pytest.mark.parametrize(
    ("time", "label"),
    [
        (0.0, "Round 1, 12"),
        (6.0, "Round 1, 6"),
        (7.5, "Round 1, 4.5"),
        (11.0, "Round 1, 1"),
        (12.0, "Round 2, 12"),
        (-12.0, "Round 0, 12"),
        (-1.0, "Round 0, 1"),
        (5.78, "Round 1, 6.22"),
    ],
)
def test_labels(time: float, label: str) -> None:
    """Half way through unit 5 is "4.5": counts run down as time runs on."""
    assert CLOCK.label(time) == label


def test_float_dust_does_not_move_a_moment_into_the_next_unit() -> None:
    assert CLOCK.count_of(6.000000000000001) == 6
    assert CLOCK.count_of(5.999999999999999) == 6


@given(st.floats(-300, 3000, allow_nan=False))
def test_round_and_count_agree_with_the_separate_functions(time: float) -> None:
    assert CLOCK.round_and_count(time) == (CLOCK.round_of(time), CLOCK.count_of(time))
