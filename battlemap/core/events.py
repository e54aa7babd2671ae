"""Events: the truth of a fight. The state at any time is the replay of the log up to it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

JsonValue = Any  # what json.dumps accepts; kept loose because event fields vary by type

#: The keys every event has, in the order they are written.
HEADER_KEYS = ("type", "round", "count", "time", "actor")

#: The key tuples of events' fields, one object each, shared by every event that has them (a
#: fight has a few dozen; a file could spell thousands, so past this many they are not kept).
_KEY_SETS: dict[tuple[str, ...], tuple[str, ...]] = {}
_KEY_SETS_KEPT: Final = 4096


class Fields(Mapping[str, Any]):
    """An event's fields, read-only and compact: its keys (one tuple shared by every event of
    that shape) and its values, in the order they were given.

    A dict each cost a 1,000-round fight more memory than the events themselves (~250 bytes
    against ~90); this reads and compares as the dict it was made from.
    """

    __slots__ = ("_keys", "_values")

    def __init__(self, fields: Mapping[str, Any]) -> None:
        keys = tuple(fields)
        shared = _KEY_SETS.get(keys)
        if shared is None and len(_KEY_SETS) < _KEY_SETS_KEPT:
            shared = _KEY_SETS[keys] = keys
        self._keys: tuple[str, ...] = keys if shared is None else shared
        self._values: tuple[Any, ...] = tuple(fields.values())

    def __getitem__(self, key: str) -> Any:
        try:
            return self._values[self._keys.index(key)]
        except ValueError:
            raise KeyError(key) from None

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self._values[self._keys.index(key)]
        except ValueError:
            return default

    def __contains__(self, key: object) -> bool:
        return key in self._keys

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Fields) and other._keys is self._keys:
            return self._values == other._values
        if isinstance(other, Mapping):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to a dict, so no more hashable than one

    def __repr__(self) -> str:
        return repr(dict(self.items()))


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened at one moment.

    `time` is the engine's monotonic clock in time units; `round` and `count` are the
    ruleset's labels for it. `actor` is the combatant the event is about, if any; the other
    fields depend on `type` (docs/encounter-format.md lists them).

    Slotted: a long fight holds hundreds of thousands of events, and an instance dict each
    was a fifth of a 1,000-round fight's memory.
    """

    type: str
    time: float
    round: int
    count: int
    actor: str | None
    fields: Mapping[str, JsonValue]

    def __post_init__(self) -> None:
        # Held compactly whatever mapping was given (the engine's keyword arguments, a file's
        # object, a test's dict); still a Mapping to every reader.
        if not isinstance(self.fields, Fields):
            object.__setattr__(self, "fields", Fields(self.fields))

    def __getitem__(self, key: str) -> JsonValue:
        return self.fields[key]

    def get(self, key: str, default: JsonValue = None) -> JsonValue:
        return self.fields.get(key, default)

    def to_json(self) -> dict[str, JsonValue]:
        """The event as one flat JSON object (header first, then the type's fields)."""
        out: dict[str, JsonValue] = {
            "type": self.type,
            "round": self.round,
            "count": self.count,
            "time": self.time,
        }
        if self.actor is not None:
            out["actor"] = self.actor
        out.update(self.fields)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> Event:
        fields = {k: v for k, v in data.items() if k not in HEADER_KEYS}
        return cls(
            type=str(data["type"]),
            time=float(data["time"]),
            round=int(data["round"]),
            count=int(data["count"]),
            actor=None if data.get("actor") is None else str(data["actor"]),
            fields=fields,
        )


class EventLog:
    """An append-only list of events in time order; appending out of order is a bug."""

    def __init__(self) -> None:
        self._events: list[Event] = []

    def append(self, event: Event) -> None:
        if self._events and event.time < self._events[-1].time:
            raise AssertionError(
                f"event {event.type} at {event.time} is earlier than {self._events[-1].time}"
            )
        self._events.append(event)

    @property
    def events(self) -> list[Event]:
        """The events themselves, without a copy (for replays that read thousands a second):
        read it, never change it."""
        return self._events

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __getitem__(self, index: int) -> Event:
        return self._events[index]

    def until(self, time: float) -> list[Event]:
        """The events at or before `time`."""
        return [e for e in self._events if e.time <= time]

    def of_type(self, *types: str) -> list[Event]:
        return [e for e in self._events if e.type in types]
