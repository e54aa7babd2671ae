"""Combat Experience time: rounds of turn slots in initiative order, highest first.

"Combat round is 6 seconds"; "Characters act in initiative order, highest first"; "Minimum
initiative is 0, when various stun recovery checks are made." The text counts no time inside
a round but the order of turns, so the engine's time is a ladder of slots:

- A round is `UNITS_PER_ROUND` = 101 units. Round r begins at (r - 1) * 101.
- Its first unit is the round's **start** (count 100): the re-rolls of the frightened, a skip's
  +15 taking effect, the order of the round.
- Then one unit per initiative, highest first: initiative i has the unit that begins at
  (r - 1) * 101 + 100 - min(i, 99). Initiative 99 is the unit after the start; initiative 0,
  where stun recovery checks are made, is the round's last unit. Initiatives of 99 and more
  (a skip's +15 on a high roll) share the first slot, in their order (they are rare: the check
  is 2d12 + the skill).
- A turn takes place inside its slot's unit: movement is animated there (tokens glide along
  their paths in a fraction of the unit), so the map shows each turn in its place in the order.

A moment is said as people say it: "Round 2, initiative 17", "Round 2, start".
"""

from __future__ import annotations

import math

from battlemap.core.clock import clean_time

#: The round's start and one unit for each initiative from 99 down to 0.
UNITS_PER_ROUND = 101
#: The count of the round's start: above every initiative slot.
START_COUNT = 100
#: The highest initiative with a slot of its own; higher ones share it.
TOP_SLOT = 99


class CombatExperienceClock:
    """Rounds of 101 units: the start (count 100), then initiative 99 down to 0."""

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
        """When the unit `count` of the round begins: 100 is the start, 99 to 0 initiatives (a
        count above 100 is the start, under 0 the last slot)."""
        count = min(max(count, 0), START_COUNT)
        return float((round_number - 1) * UNITS_PER_ROUND + START_COUNT - count)

    def slot_of(self, round_number: int, initiative: int) -> float:
        """When the turn slot of `initiative` begins (99 and above share the first slot)."""
        return self.time_of(round_number, min(max(initiative, 0), TOP_SLOT))

    def round_start(self, round_number: int) -> float:
        return float((round_number - 1) * UNITS_PER_ROUND)

    def count_label(self, time: float) -> str:
        count = self.count_of(time)
        if count == START_COUNT:
            return "start"
        if count == TOP_SLOT:
            return f"initiative {TOP_SLOT}+"
        return f"initiative {count}"

    def label(self, time: float) -> str:
        return f"Round {self.round_of(time)}, {self.count_label(time)}"
