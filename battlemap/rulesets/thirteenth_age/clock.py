"""13th Age time: rounds of turn slots in initiative order, highest first.

"Use those results to determine who goes first each round": the text counts no time inside a
round, only the order of turns, so (as for Combat Experience) engine time is a ladder of slots:

- A round is `UNITS_PER_ROUND` = 51 units; round r begins at (r - 1) * 51.
- Its first unit is the round's **start** (count 50): the escalation die and, in round 1,
  everyone's initiative.
- Then one unit per initiative count, highest first: count c has the unit that begins at
  (r - 1) * 51 + 50 - c, for c from 49 down to 0. Higher counts (d20 + a big monster's bonus)
  share the first slot, in their order; counts under 0 (a Dex 3 kobold) share the last.
- A turn takes place inside its slot's unit; combatants on one count (monsters of one kind
  share their roll) split the unit in the order of turns. Movement is animated there, so the
  map shows each turn in its place in the order and scrubbing works as for d12.

A moment is said as people say it: "Round 2, initiative 17", "Round 2, start".
"""

from __future__ import annotations

import math

from battlemap.core.clock import clean_time

#: The round's start and one unit for each count from 49 down to 0.
UNITS_PER_ROUND = 51
#: The count of the round's start: above every initiative slot.
START_COUNT = 50
#: The highest count with a slot of its own; higher ones share it.
TOP_SLOT = 49


class ThirteenthAgeClock:
    """Rounds of 51 units: the start (count 50), then initiative 49 down to 0."""

    units_per_round = UNITS_PER_ROUND

    def round_of(self, time: float) -> int:
        return math.floor(clean_time(time) / UNITS_PER_ROUND) + 1

    def count_of(self, time: float) -> int:
        return self.round_and_count(time)[1]

    def round_and_count(self, time: float) -> tuple[int, int]:
        time = clean_time(time)
        round_number = math.floor(time / UNITS_PER_ROUND) + 1
        into_round = time - (round_number - 1) * UNITS_PER_ROUND
        return round_number, START_COUNT - math.floor(into_round)

    def time_of(self, round_number: int, count: int) -> float:
        """When the unit of `count` in the round begins (50 is the start)."""
        count = min(max(count, 0), START_COUNT)
        return float((round_number - 1) * UNITS_PER_ROUND + START_COUNT - count)

    def slot_of(self, round_number: int, count: int) -> float:
        """When the turn slot of initiative `count` begins (49 and above share the first)."""
        return self.time_of(round_number, min(max(count, 0), TOP_SLOT))

    def round_start(self, round_number: int) -> float:
        return float((round_number - 1) * UNITS_PER_ROUND)

    def count_label(self, time: float) -> str:
        count = self.count_of(time)
        if count == START_COUNT:
            return "start"
        if count == TOP_SLOT:
            return f"initiative {TOP_SLOT}+"
        if count == 0:
            return "initiative 0 or less"
        return f"initiative {count}"

    def label(self, time: float) -> str:
        return f"Round {self.round_of(time)}, {self.count_label(time)}"
