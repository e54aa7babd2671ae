"""The encounter file's `log`: the fight so far, as events exactly as `battlemap simulate`
prints them.

Only what every event has is checked here (type, round, count, time, actor); the keys of each
type are the engine's and are kept as they are, so a newer event type or field survives a
save by a program that does not know it.
"""

from __future__ import annotations

import math
from collections.abc import Collection

from battlemap.core.events import HEADER_KEYS, Event
from battlemap.storage.json_fields import (
    Node,
    describe,
    read_int,
    read_list,
    read_number,
    read_text,
)

_JSON_DEPTH_MAX = 64


def parse_log(node: Node, combatant_ids: Collection[str]) -> tuple[Event, ...]:
    """The events of the list at `node`, in file order; times must never decrease."""
    events: list[Event] = []
    for item in read_list(node, "log", "a list of events"):
        event = _parse_event(item, combatant_ids)
        if events and event.time < events[-1].time:
            # The log is the order things happened in; replaying it out of order would
            # rebuild a different fight.
            raise item.child("time").error(
                f"times must not go backwards, got {describe(item.child('time').value)} "
                f"after {events[-1].time!r}"
            )
        events.append(event)
    return tuple(events)


def _parse_event(node: Node, combatant_ids: Collection[str]) -> Event:
    data = node.value
    if not isinstance(data, dict):
        raise node.error(f"an event must be a JSON object {{...}}, got {describe(data)}")
    for key in ("type", "round", "count", "time"):
        if key not in data:
            raise node.error(f"missing key {key!r}")
    header: dict[str, object] = {
        "type": read_text(node.child("type"), "type"),
        "round": read_int(node.child("round"), "round", "a whole number"),
        "count": read_int(node.child("count"), "count", "a whole number"),
        "time": read_number(node.child("time"), "time", "a finite number"),
    }
    if data.get("actor") is not None:
        actor = read_text(node.child("actor"), "actor")
        if actor not in combatant_ids:
            raise node.child("actor").error(
                f"unknown combatant {actor!r} (known: {', '.join(combatant_ids)})"
            )
        header["actor"] = actor
    for key, value in data.items():
        if not isinstance(key, str):
            raise node.error(f"event object keys must be text, got {describe(key)}")
        if key not in HEADER_KEYS:
            _check_text(node, key)
            _check_plain_json(Node(value, node.source, _key_pointer(node, key), node.kind), 0)
    # The header as checked (30.0 read as 30), the rest as it came.
    return Event.from_json({**data, **header})


def _key_pointer(node: Node, key: object) -> str:
    return f"{node.pointer}.{key}"


def _check_plain_json(node: Node, depth: int) -> None:
    """What a saved file can hold: anything else (NaN, a set, a key that is not text, half a
    surrogate pair) would make saving fail, or change the value on the way back in."""
    value = node.value
    if depth > _JSON_DEPTH_MAX:
        raise node.error("event values nest lists or objects too deeply")
    if value is None or isinstance(value, bool | int):
        return
    if isinstance(value, str):
        _check_text(node, value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise node.error(f"event values must be finite numbers, got {describe(value)}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            _check_plain_json(
                Node(item, node.source, f"{node.pointer}[{index}]", node.kind), depth + 1
            )
    elif isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise node.error(f"event object keys must be text, got {describe(key)}")
            _check_text(node, key)
            _check_plain_json(
                Node(item, node.source, _key_pointer(node, key), node.kind), depth + 1
            )
    else:
        raise node.error(f"event values must be plain JSON, got {describe(value)}")


def _check_text(node: Node, text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise node.error(
            "event text holds a broken \\u escape (half of a surrogate pair)"
        ) from None
