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

from battlemap.core.slot_clock import SlotClock

#: The round's start and one unit for each count from 49 down to 0.
UNITS_PER_ROUND = 51
#: The count of the round's start: above every initiative slot.
START_COUNT = 50
#: The highest count with a slot of its own; higher ones share it.
TOP_SLOT = 49


class ThirteenthAgeClock(SlotClock):
    """Rounds of 51 units: the start (count 50), then initiative 49 down to 0 (or less)."""

    def __init__(self) -> None:
        super().__init__(TOP_SLOT, "initiative 0 or less")
