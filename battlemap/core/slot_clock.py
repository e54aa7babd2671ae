"""Rounds of turn slots in initiative order, highest first: the clock of rulesets whose text
counts no time inside a round, only the order of turns (Combat Experience, 13th Age).

A round is `top + 2` units. Its first unit is the round's **start** (count `top + 1`: what
happens before anyone's turn); then one unit per initiative count from `top` down to 0, so
count c begins at (r - 1) x units + (top + 1) - c. Counts above `top` share the first slot, in
their order; counts under 0 share the last. A turn takes place inside its slot's unit, and
movement is animated there, so the map shows each turn in its place in the order and
scrubbing works as for d12's half-second units.

A moment is said as people say it: "Round 2, initiative 17", "Round 2, start".
"""

from __future__ import annotations

import math

from battlemap.core.clock import clean_time


class SlotClock:
    """Rounds of the start and one slot for each count from `top` down to 0; `bottom` words
    the last slot (Combat Experience's "initiative 0", 13th Age's "initiative 0 or less")."""

    def __init__(self, top: int, bottom: str) -> None:
        self.top = top
        self.start_count = top + 1
        self.units_per_round = top + 2
        self._bottom = bottom

    def round_of(self, time: float) -> int:
        return math.floor(clean_time(time) / self.units_per_round) + 1

    def count_of(self, time: float) -> int:
        return self.round_and_count(time)[1]

    def round_and_count(self, time: float) -> tuple[int, int]:
        time = clean_time(time)
        round_number = math.floor(time / self.units_per_round) + 1
        into_round = time - (round_number - 1) * self.units_per_round
        return round_number, self.start_count - math.floor(into_round)

    def time_of(self, round_number: int, count: int) -> float:
        """When the unit of `count` in the round begins: the start count is the round's start
        (a count above it is the start, under 0 the last slot)."""
        count = min(max(count, 0), self.start_count)
        return float((round_number - 1) * self.units_per_round + self.start_count - count)

    def slot_of(self, round_number: int, initiative: int) -> float:
        """When the turn slot of `initiative` begins (`top` and above share the first)."""
        return self.time_of(round_number, min(max(initiative, 0), self.top))

    def round_start(self, round_number: int) -> float:
        return float((round_number - 1) * self.units_per_round)

    def count_label(self, time: float) -> str:
        count = self.count_of(time)
        if count == self.start_count:
            return "start"
        if count == self.top:
            return f"initiative {self.top}+"
        if count == 0:
            return self._bottom
        return f"initiative {count}"

    def label(self, time: float) -> str:
        return f"Round {self.round_of(time)}, {self.count_label(time)}"
