"""Which planned paths the map shows: the movements not yet begun at the playhead.

The window asks once a unit while a fight plays, and a long fight's log holds tens of thousands
of events: reading it all each time cost a frame (65,000 events, round 90 of a 100-round
melee). So the plans begun are indexed once per log, by actor and time, and only the events
appended since the last question are read.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence

from battlemap.core.encounter import Encounter, Point
from battlemap.core.events import Event

#: The events by which a plan is begun or dropped: either way it is no longer to come.
_BEGINS = ("action_start", "plan_skipped")


class _BeginIndex:
    """When each actor's plans began, read from one log once and extended as it grows."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.events = events
        self.read = 0
        self.last: Event | None = None
        self.times: dict[str, list[float]] = {}

    def fits(self, events: Sequence[Event]) -> bool:
        """Whether `events` is the log indexed, grown only by appending (the same list, with
        the same event where reading stopped)."""
        if events is not self.events or len(events) < self.read:
            return False
        return self.read == 0 or events[self.read - 1] is self.last

    def catch_up(self) -> None:
        events = self.events
        for event in events[self.read :]:
            if event.type in _BEGINS and event.actor is not None:
                self.times.setdefault(event.actor, []).append(event.time)
        self.read = len(events)
        self.last = events[-1] if events else None

    def begun(self, actor: str, time: float) -> int:
        """How many of `actor`'s plans were begun or dropped at or before `time`."""
        times = self.times.get(actor)
        return 0 if times is None else bisect.bisect_right(times, time)


_index: _BeginIndex | None = None


def _begin_index(events: Sequence[Event]) -> _BeginIndex:
    global _index
    if _index is None or not _index.fits(events):
        _index = _BeginIndex(events)
    _index.catch_up()
    return _index


def pending_paths(
    encounter: Encounter, events: Sequence[Event], time: float, positions: Mapping[str, Point]
) -> dict[str, list[Point]]:
    """Each combatant's planned movement still to come, chained from where he stands now.

    A combatant's plans run in order (round, then file order), and each one either starts an
    action or is dropped, so the number of action_start and plan_skipped events so far says
    how many of his plans are under way or done; the rest are still to come. (The log is in
    time order, so "so far" is every such event up to `time`.)
    """
    index = _begin_index(events)
    paths: dict[str, list[Point]] = {}
    by_actor: dict[str, list[int]] = {}
    for number, plan in enumerate(encounter.plans):
        by_actor.setdefault(plan.actor, []).append(number)
    for actor, numbers in by_actor.items():
        ordered = sorted(numbers, key=lambda i: (encounter.plans[i].round, i))
        here = positions.get(actor)
        if here is None:
            continue
        line: list[Point] = [here]
        for i in ordered[index.begun(actor, time) :]:
            line.extend(encounter.plans[i].path)
        if len(line) > 1:
            paths[actor] = line
    return paths
