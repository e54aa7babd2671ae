"""The fight's dials round by round on the timeline: "Round 3 · Esc 2" over each round.

A round's value is what the log says (the dial's `set_by`: 13th Age's `escalation` event at
the start of each round), not a state replayed at every round's start: reading it costs one call
per new event and dial, and a ruleset with no dials pays nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.core.events import Event
from battlemap.rulesets.base import Dial


class RoundDials:
    """Each round's dial values, as the log has set them so far."""

    def __init__(self, dials: Sequence[Dial] = ()) -> None:
        self._dials = tuple(dials)
        #: round -> the value each dial was last set to in that round, by dial index.
        self._values: dict[int, dict[int, int]] = {}

    def add(self, events: Sequence[Event]) -> bool:
        """Read the new events; whether a round's note changed."""
        changed = False
        for index, dial in enumerate(self._dials):
            for event in events:
                value = dial.set_by(event)
                if value is not None:
                    found = self._values.setdefault(event.round, {})
                    if found.get(index) != value:
                        found[index] = value
                        changed = True
        return changed

    def note(self, round_number: int) -> str:
        """The round's dials, short ("Esc 2"), or "" when the log has set none in it."""
        found = self._values.get(round_number, {})
        return " · ".join(
            f"{dial.short} {found[index]}"
            for index, dial in enumerate(self._dials)
            if index in found
        )
