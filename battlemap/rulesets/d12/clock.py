"""d12 time: rounds of 12 units counted 12 down to 1; round 1 begins at time 0.

Surprise rounds are 0, -1, ... so they fall at negative times; one monotonic number orders
everything and the labels are for people.
"""

from __future__ import annotations

import math
from functools import cache

from battlemap.core.clock import clean_time
from battlemap.geometry.path import Pace

UNITS_PER_ROUND = 12

#: The feet of pace that cover one square in one unit (the ruleset's `pace_per`): squares are
#: 5 ft and a round of 6 s is 12 units, so a move (6 units) covers the speed in feet: speed / 5
#: squares in 6 units is speed / 30 squares a unit.
PACE_PER = 30


@cache
def d12_pace(feet: int) -> Pace:
    """d12's pace of `feet` (speed x multiplier). One object per value: the preview builds one
    per enemy on every mouse move and compares them with its kept index's, which an identical
    object makes as cheap as comparing the speeds was."""
    return Pace(feet, PACE_PER)


class D12Clock:
    """ "Each round of combat is divided into twelve distinct time units of one-half second."""

    units_per_round = UNITS_PER_ROUND

    def round_of(self, time: float) -> int:
        return math.floor(clean_time(time) / UNITS_PER_ROUND) + 1

    def count_of(self, time: float) -> int:
        time = clean_time(time)
        into_round = time - (self.round_of(time) - 1) * UNITS_PER_ROUND
        return UNITS_PER_ROUND - math.floor(into_round)

    def round_and_count(self, time: float) -> tuple[int, int]:
        time = clean_time(time)
        round_number = math.floor(time / UNITS_PER_ROUND) + 1
        into_round = time - (round_number - 1) * UNITS_PER_ROUND
        return round_number, UNITS_PER_ROUND - math.floor(into_round)

    def time_of(self, round_number: int, count: int) -> float:
        return float((round_number - 1) * UNITS_PER_ROUND + (UNITS_PER_ROUND - count))

    def round_start(self, round_number: int) -> float:
        return self.time_of(round_number, UNITS_PER_ROUND)

    def count_label(self, time: float) -> str:
        """The moment as a count: unit 5 runs from 5 down to 4, so half way through is "4.5"."""
        time = clean_time(time)
        into_round = time - (self.round_of(time) - 1) * UNITS_PER_ROUND
        value = UNITS_PER_ROUND - into_round
        return f"{value:.0f}" if value == int(value) else f"{value:.2f}".rstrip("0")

    def label(self, time: float) -> str:
        return f"Round {self.round_of(time)}, {self.count_label(time)}"
