"""How a ruleset names moments: the engine counts time in units, people count rounds."""

from __future__ import annotations

import math
from typing import Protocol

#: Times closer than this to a whole or exact value are that value: path lengths divided by
#: rates such as 2/3 square a unit leave float dust (6.000000000000001) that would otherwise
#: move an event into the next unit.
TIME_EPSILON = 1e-9


def clean_time(time: float) -> float:
    """`time` with float dust near a whole unit removed."""
    if time.__class__ is float and time and time.is_integer():
        # Most times a process waits for are whole units, already clean (zero goes the long
        # way: -0.0 comes out as 0.0, and an int as a float).
        return time
    if not math.isfinite(time):
        return time
    nearest = round(time)
    return float(nearest) if abs(time - nearest) < TIME_EPSILON else time


class RoundClock(Protocol):
    """A ruleset's division of the engine's time into rounds and labelled units."""

    @property
    def units_per_round(self) -> int:
        """How many units make a round."""
        ...

    def round_of(self, time: float) -> int:
        """The round a moment falls in."""
        ...

    def count_of(self, time: float) -> int:
        """The label of the unit a moment falls in (d12: 12 down to 1)."""
        ...

    def time_of(self, round_number: int, count: int) -> float:
        """When the unit `count` of round `round_number` begins."""
        ...

    def round_and_count(self, time: float) -> tuple[int, int]:
        """`round_of` and `count_of` together (every event needs both)."""
        ...

    def round_start(self, round_number: int) -> float:
        """When round `round_number` begins."""
        ...

    def label(self, time: float) -> str:
        """A moment as people say it, e.g. "Round 1, 4.5"."""
        ...
