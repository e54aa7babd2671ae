"""How the window words a ruleset's unit of time: its name, and how long it is in the fight.

The d12 clock's unit is half a second, so playback can run "in real time"; a Combat Experience
unit is a slot in the initiative order, which has no length of its own: playback goes from one
turn to the next and passes over the empty slots between them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TimeWords:
    """`unit` and `units`: the unit's name on buttons ("unit", "initiative slot"); `seconds`:
    how long a unit lasts in the fight, or None when a unit is a place in an order rather than
    a length of time (playback then passes over units where nothing happens); `described`: the
    unit in a tip ("half-second unit"), its name when not given."""

    unit: str
    units: str
    seconds: float | None = None
    described: str = ""

    @property
    def said(self) -> str:
        """The unit as a tip says it: "half-second unit"."""
        return self.described or self.unit

    @property
    def passes_quiet_units(self) -> bool:
        """Playback skips units in which nothing happens (turn slots with no turn)."""
        return self.seconds is None


#: For a ruleset that says nothing about its units.
PLAIN_UNITS = TimeWords("unit", "units", None)
