"""What saving already found good in a fight's log, so that the next save checks only what is new.

Saving refuses what would not load back, and the log is most of a long fight's file: 65,000
events re-checked on every File > Save and autosave were 77% of a 2 s save. A fight's log only
grows (an edit or a rewind replaces its tail), so the events a save has checked stay good: this
remembers them, with each one's JSON text, and the next save checks and writes out only the
events after them. The loader's own checks (`parse_encounter`) decide what is good; nothing here
loosens them, and a file is still checked whole when it is opened.

One `CheckedLog` serves one window's saves and autosaves; they run on a background thread, so
every method takes a lock.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from battlemap.core.encounter import Encounter
from battlemap.core.errors import EncounterError
from battlemap.core.events import Event
from battlemap.storage.limits import MAX_EVENTS

#: The decision events whose keys must be unique across the whole log (log_schema's rule).
_KEYED_TYPES = frozenset({"roll", "aoo", "intercept", "decision"})

#: Checks a slice of events as the loader would, raising EncounterError (`encounter_file` gives
#: it: the encounter's other parts with just these events as its log, through parse_encounter).
SliceCheck = Callable[[list[object]], None]


@dataclass(frozen=True)
class LogText:
    """A log as the file writes it: each event's JSON on one line (no indent), in order."""

    lines: tuple[str, ...]
    #: How many of them an earlier save (or the opening) had already checked.
    reused: int


@dataclass(frozen=True)
class CheckedHead:
    """An encounter without its log that passed the loader's checks, its file text (depth 0,
    no final newline) and its JSON without the plans (the set-up a slice of log is checked in)."""

    encounter: Encounter
    text: str
    probe: Mapping[str, object]


class CheckedLog:
    """The longest log a save has found good (the same events, by value, for the same
    combatants), each event's JSON line, the decision keys and the last time in it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ids: tuple[str, ...] | None = None
        self._events: tuple[Event, ...] = ()
        self._lines: list[str] = []
        self._keys: set[str] = set()
        self._last_time = float("-inf")
        self._head: CheckedHead | None = None
        self.checked_events = 0  # how many events the slice checks have looked at, in all

    def trust(self, events: Sequence[Event], combatant_ids: Sequence[str]) -> None:
        """`events` passed the loader's checks (the file was just opened): a later save of a log
        that starts with them (the engine replays them as equal events) checks only the rest."""
        with self._lock:
            self._ids = tuple(combatant_ids)
            self._events = tuple(events)
            self._lines = []  # made on the next save, off the window's thread
            self._keys = {str(e.get("key")) for e in events if _keyed(e)}
            self._last_time = events[-1].time if events else float("-inf")

    def head(self, head: Encounter) -> CheckedHead | None:
        """What a save made of `head` (an encounter without its log) if it equals the last one
        found good: the set-up rarely changes between two saves of a fight, and checking and
        laying out 7,500 plans took most of a save once the log was no longer re-checked."""
        with self._lock:
            if self._head is not None and self._head.encounter == head:
                return self._head
            return None

    def remember_head(self, head: CheckedHead) -> None:
        with self._lock:
            self._head = head

    def text(
        self, events: Sequence[Event], combatant_ids: Sequence[str], check: SliceCheck
    ) -> LogText:
        """The JSON lines of `events`, checking those not known good with `check` (which raises
        EncounterError for a bad slice). Raises EncounterError; then nothing is remembered from
        this call, and the caller checks the whole file to name the place."""
        with self._lock:
            ids = tuple(combatant_ids)
            known = len(self._events)
            if (
                ids != self._ids
                or len(events) < known
                or tuple(events[:known]) != self._events  # identity first: cheap when shared
            ):
                self._forget(ids)
                known = 0
            if len(self._lines) < known:  # trusted at opening: their text is made once, here
                self._lines.extend(_line(e) for e in self._events[len(self._lines) :])
            new = events[known:]
            if new:
                self._check(new, check)
                self._lines.extend(_line(e) for e in new)
                self._events = (*self._events, *new)
                self._keys.update(str(e.get("key")) for e in new if _keyed(e))
                self._last_time = new[-1].time
            return LogText(tuple(self._lines), known)

    def _check(self, new: Sequence[Event], check: SliceCheck) -> None:
        # What spans the old and the new: the count, time order and key uniqueness.
        if len(self._events) + len(new) > MAX_EVENTS:
            raise EncounterError("log", f"more than {MAX_EVENTS} events")
        if new[0].time < self._last_time:
            raise EncounterError("log", "times must not go backwards")
        keys = [str(e.get("key")) for e in new if _keyed(e)]
        if not self._keys.isdisjoint(keys):
            raise EncounterError("log", "a decision key is used twice")
        self.checked_events += len(new)
        check([e.to_json() for e in new])

    def _forget(self, ids: tuple[str, ...]) -> None:
        self._ids = ids
        self._events = ()
        self._lines = []
        self._keys = set()
        self._last_time = float("-inf")


def _keyed(event: Event) -> bool:
    return event.type in _KEYED_TYPES and bool(event.get("key"))


def _line(event: Event) -> str:
    # As json_text writes a scalar item: the same separators, non-ASCII kept, no NaN.
    return json.dumps(event.to_json(), ensure_ascii=False, allow_nan=False)
