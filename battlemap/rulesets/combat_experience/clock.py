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

from battlemap.core.slot_clock import SlotClock

#: The round's start and one unit for each initiative from 99 down to 0.
UNITS_PER_ROUND = 101
#: The count of the round's start: above every initiative slot.
START_COUNT = 100
#: The highest initiative with a slot of its own; higher ones share it.
TOP_SLOT = 99


class CombatExperienceClock(SlotClock):
    """Rounds of 101 units: the start (count 100), then initiative 99 down to 0."""

    def __init__(self) -> None:
        super().__init__(TOP_SLOT, "initiative 0")
