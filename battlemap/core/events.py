"""Events: the truth of a fight. The state at any time is the replay of the log up to it."""

from __future__ import annotations

from collections import _tuplegetter  # type: ignore[attr-defined]  # namedtuple's own
from collections.abc import Callable, ItemsView, Iterator, KeysView, Mapping, ValuesView
from typing import TYPE_CHECKING, Any, Final

JsonValue = Any  # what json.dumps accepts; kept loose because event fields vary by type

#: The keys every event has, in the order they are written.
HEADER_KEYS = ("type", "round", "count", "time", "actor")

#: The key tuples of events' fields, one object each, shared by every event that has them (a
#: fight has a few dozen; a file could spell thousands, so past this many they are not kept).
_KEY_SETS: dict[tuple[str, ...], tuple[str, ...]] = {}
_KEY_SETS_KEPT: Final = 4096

# tuple's own methods, reached past Fields' Mapping overrides of the same names.
_item = tuple.__getitem__
_length = tuple.__len__


def _shared_keys(keys: tuple[str, ...]) -> tuple[str, ...]:
    shared = _KEY_SETS.get(keys)
    if shared is None:
        if len(_KEY_SETS) >= _KEY_SETS_KEPT:
            return keys
        shared = _KEY_SETS[keys] = keys
    return shared


class Fields(tuple, Mapping[str, Any]):  # type: ignore[type-arg]  # a tuple of Any inside
    """An event's fields, read-only and compact: its keys (one tuple shared by every event of
    that shape) and then its values, in the order they were given, in one tuple.

    A dict each cost a 1,000-round fight more memory than the events themselves (~250 bytes
    against ~90); a keys-and-values object beside its tuple of values was still 48 bytes an
    event more than this one tuple. It reads and compares as the dict it was made from, and is
    never a sequence to anyone: every tuple method a reader could reach is a Mapping's here.
    """

    __slots__ = ()

    def __new__(cls, fields: Mapping[str, Any]) -> Fields:
        if fields.__class__ is Fields:
            return fields  # immutable: shared as it is
        return tuple.__new__(cls, (_shared_keys(tuple(fields)), *fields.values()))

    @classmethod
    def of(cls, fields: dict[str, Any]) -> Fields:
        """Fields from a dict (the engine's keyword arguments), without `__new__`'s checks."""
        keys = tuple(fields)
        return tuple.__new__(cls, (_KEY_SETS.get(keys) or _shared_keys(keys), *fields.values()))

    @property
    def _keys(self) -> tuple[str, ...]:
        keys: tuple[str, ...] = _item(self, 0)
        return keys

    @property
    def _values(self) -> tuple[Any, ...]:
        return tuple.__getitem__(self, slice(1, None))

    def __getitem__(self, key: str) -> Any:  # type: ignore[override]
        try:
            return _item(self, _item(self, 0).index(key) + 1)
        except ValueError:
            raise KeyError(key) from None

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return _item(self, _item(self, 0).index(key) + 1)
        except ValueError:
            return default

    def __contains__(self, key: object) -> bool:
        return key in _item(self, 0)

    def __iter__(self) -> Iterator[str]:
        return iter(_item(self, 0))

    def __len__(self) -> int:
        return _length(self) - 1

    def keys(self) -> KeysView[str]:
        return KeysView(self)

    def items(self) -> ItemsView[str, Any]:
        return ItemsView(self)

    def values(self) -> ValuesView[Any]:
        return ValuesView(self)

    def pairs(self) -> zip[tuple[str, Any]]:
        """(key, value) pairs, for a dict to take in at C speed (`dict.update`)."""
        values = tuple.__iter__(self)
        keys: tuple[str, ...] = next(values)
        return zip(keys, values, strict=False)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Fields:
            if _item(self, 0) is _item(other, 0):
                return tuple.__eq__(self, other)
            return dict(self.pairs()) == dict(other.pairs())
        if isinstance(other, Mapping):
            return dict(self.pairs()) == dict(other.items())
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]  # equal to a dict, so no more hashable than one

    def __repr__(self) -> str:
        return repr(dict(self.pairs()))

    def __reduce__(self) -> tuple[type[Fields], tuple[dict[str, Any]]]:
        # Copied or pickled as the mapping it is (a tuple's way would pass the keys as a value).
        return (Fields, (dict(self.pairs()),))

    # A tuple's sequence operations would treat the fields as a list of keys and values.
    __add__ = __mul__ = __rmul__ = __lt__ = __le__ = __gt__ = __ge__ = None  # type: ignore[assignment]
    count = index = None  # type: ignore[assignment]


#: Where an event's field keys sit in it; its field values follow.
_KEYS_AT: Final = 5
_HEADER = slice(0, _KEYS_AT)
_FIELDS = slice(_KEYS_AT, None)


class Event(tuple):  # type: ignore[type-arg]  # a tuple of Any inside
    """One thing that happened at one moment.

    `time` is the engine's monotonic clock in time units; `round` and `count` are the
    ruleset's labels for it. `actor` is the combatant the event is about, if any; the other
    fields depend on `type` (docs/encounter-format.md lists them).

    A value as a frozen dataclass is (made from its parts by position or name, read-only,
    equal when its parts are, `replace` for a changed copy), held as one tuple: the header,
    the keys of its fields (shared by every event of that shape) and their values. A long
    fight holds hundreds of thousands of events: an object with a dict each, then a slotted
    one beside its fields' tuple, were ~40 bytes an event more than this, and two allocations.
    It is never a sequence to anyone: `event[key]` reads a field, as it always did.
    """

    __slots__ = ()
    __match_args__ = ("type", "time", "round", "count", "actor", "fields")

    if TYPE_CHECKING:

        @property
        def type(self) -> str: ...
        @property
        def time(self) -> float: ...
        @property
        def round(self) -> int: ...
        @property
        def count(self) -> int: ...  # type: ignore[override]  # the clock's count, not tuple.count
        @property
        def actor(self) -> str | None: ...

    else:
        type = _tuplegetter(0, "The event's type: what happened.")
        time = _tuplegetter(1, "When, on the engine's clock.")
        round = _tuplegetter(2, "The round the clock labels the moment with.")
        count = _tuplegetter(3, "The count (unit) the clock labels the moment with.")
        actor = _tuplegetter(4, "The combatant the event is about, if any.")

    def __new__(
        cls,
        type: str,  # the field names, as a dataclass's would be
        time: float,
        round: int,
        count: int,
        actor: str | None,
        fields: Mapping[str, JsonValue],
    ) -> Event:
        # Held compactly whatever mapping was given (the engine's keyword arguments, a file's
        # object, a test's dict); still a Mapping to every reader.
        if fields.__class__ is not Fields:
            fields = Fields(fields)
        return tuple.__new__(cls, (type, time, round, count, actor, *tuple.__iter__(fields)))

    @property
    def fields(self) -> Fields:
        """The type's own fields, a read-only Mapping (made on each reading: keep it to reuse)."""
        return tuple.__new__(Fields, _item(self, _FIELDS))

    def __getitem__(self, key: str) -> JsonValue:  # type: ignore[override]
        try:
            return _item(self, _item(self, _KEYS_AT).index(key) + _KEYS_AT + 1)
        except ValueError:
            raise KeyError(key) from None

    def get(self, key: str, default: JsonValue = None) -> JsonValue:
        try:
            return _item(self, _item(self, _KEYS_AT).index(key) + _KEYS_AT + 1)
        except ValueError:
            return default

    def __contains__(self, key: object) -> bool:
        """Whether the event has the field `key`."""
        return key in _item(self, _KEYS_AT)

    def replace(self, **changes: Any) -> Event:
        """A copy with some parts changed, as dataclasses.replace makes one."""
        parts: dict[str, Any] = {name: getattr(self, name) for name in self.__match_args__}
        parts.update(changes)
        return Event(**parts)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Event:
            return NotImplemented
        if _item(self, _KEYS_AT) is _item(other, _KEYS_AT):
            return tuple.__eq__(self, other)
        # Fields of other shapes, or in another order: compared as the dicts they read as.
        return bool(_item(self, _HEADER) == _item(other, _HEADER) and self.fields == other.fields)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]  # its fields are a dict's, no more hashable

    def __repr__(self) -> str:
        return (
            f"Event(type={self.type!r}, time={self.time!r}, round={self.round!r}, "
            f"count={self.count!r}, actor={self.actor!r}, fields={self.fields!r})"
        )

    def __reduce__(self) -> tuple[Callable[..., Event], tuple[Any, ...]]:
        # Copied or pickled from its parts (a tuple's way would pass the whole as one part).
        return (Event, (*_item(self, _HEADER), dict(self.fields.pairs())))

    # A tuple's sequence operations would treat the event as a list of its parts.
    __add__ = __mul__ = __rmul__ = __lt__ = __le__ = __gt__ = __ge__ = None  # type: ignore[assignment]
    __iter__ = __len__ = index = None  # type: ignore[assignment]

    def __bool__(self) -> bool:
        return True  # as any object, whatever its length as a tuple

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
        out.update(zip(_item(self, _KEYS_AT), _item(self, _VALUES), strict=True))
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


_VALUES = slice(_KEYS_AT + 1, None)


def event_of(
    type_: str, time: float, round_: int, count: int, actor: str | None, fields: dict[str, Any]
) -> Event:
    """Event(...) from a dict of fields (the engine's keyword arguments), in one step."""
    keys = tuple(fields)
    return tuple.__new__(
        Event,
        (type_, time, round_, count, actor, _KEY_SETS.get(keys) or _shared_keys(keys),
         *fields.values()),
    )  # fmt: skip


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
