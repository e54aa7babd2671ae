"""The encounter file's `log`: the fight so far, as events exactly as `battlemap simulate`
prints them.

What every event has is checked here (type, round, count, time, actor), and so are the fields
of the decisions a replay feeds back to the engine (`roll`, `aoo`, `intercept`): a hand-edited
log must be refused with its place named, not raise a KeyError when the fight is rebuilt. The
other keys of each type are the engine's and are kept as they are (any plain JSON, within the
size limits), so a newer event type or field survives a save by a program that does not know it.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass

from battlemap.core.dice import dice_range
from battlemap.core.events import HEADER_KEYS, Event
from battlemap.storage.json_fields import (
    Node,
    describe,
    listing,
    read_bool,
    read_choice,
    read_int,
    read_list,
    read_number,
    read_text,
)
from battlemap.storage.limits import (
    EVENT_ROUND,
    EVENT_TIME,
    MAX_EVENT_DEPTH,
    MAX_EVENT_TEXT_CHARS,
    MAX_EVENTS,
    MAX_ID_CHARS,
    MAX_KEY_CHARS,
    ROLL_RESULT,
)
from battlemap.storage.stat_fields import WHOLE, read_dice

#: Where a roll came from: rolled by Battlemap, fixed in the file, typed in at the table.
ROLL_SOURCES = ("app", "file", "table")
#: The answers to opportunities: yes or no, and whom they concern.
CHOICE_TYPES = ("aoo", "intercept")
#: The event types whose fields a replay reads, and so are checked field by field.
DECISION_TYPES = ("roll", *CHOICE_TYPES)


def parse_log(node: Node, combatant_ids: Collection[str]) -> tuple[Event, ...]:
    """The events of the list at `node`, in file order; times must never decrease, and no two
    decisions may share a key (a replay answers each question once)."""
    events: list[Event] = []
    keys: dict[str, int] = {}
    known = _Known(tuple(combatant_ids), frozenset(combatant_ids))
    for index, item in enumerate(read_list(node, "log", "a list of events", most=MAX_EVENTS)):
        event = _parse_event(item, known)
        if events and event.time < events[-1].time:
            # The log is the order things happened in; replaying it out of order would
            # rebuild a different fight.
            raise item.child("time").error(
                f"times must not go backwards, got {describe(item.child('time').value)} "
                f"after {events[-1].time!r}"
            )
        key = event.get("key") if event.type in DECISION_TYPES else None
        if key:
            if key in keys:
                raise item.child("key").error(
                    f"decision key {describe(key)} is already used by log[{keys[key]}]"
                )
            keys[key] = index
        events.append(event)
    return tuple(events)


def _parse_event(node: Node, known: _Known) -> Event:
    data = node.value
    if not isinstance(data, dict):
        raise node.error(f"an event must be a JSON object {{...}}, got {describe(data)}")
    for key in data:
        # Before any key goes into a pointer: a 5 MB key must not be repeated in a message.
        if not isinstance(key, str):
            raise node.error(f"event object keys must be text, got {describe(key)}")
        if len(key) > MAX_ID_CHARS:
            raise node.error(
                f"event keys must be at most {MAX_ID_CHARS} characters long, got {describe(key)}"
            )
    for key in ("type", "round", "count", "time"):
        if key not in data:
            raise node.error(f"missing key {key!r}")
    header: dict[str, object] = {
        "type": read_text(node.child("type"), "type"),
        "round": read_int(node.child("round"), "round", "a whole number", limit=EVENT_ROUND),
        "count": read_int(node.child("count"), "count", "a whole number", limit=EVENT_ROUND),
        "time": read_number(node.child("time"), "time", "a finite number", limit=EVENT_TIME),
    }
    if data.get("actor") is not None:
        header["actor"] = _read_combatant(node.child("actor"), "actor", known)
    for key, value in data.items():
        if key not in HEADER_KEYS:
            _check_text(node, key)
            _check_plain_json(Node(value, node.source, _key_pointer(node, key), node.kind), 0)
    if header["type"] == "roll":
        _check_roll(node)
    elif header["type"] in CHOICE_TYPES:
        _check_choice(node, known)
    # The header as checked (30.0 read as 30), the rest as it came.
    return Event.from_json({**data, **header})


def _check_roll(node: Node) -> None:
    """A roll a replay feeds back: what for, which dice, the total, how it is written, by whom."""
    _require(node, ("purpose", "dice", "result", "detail", "source"))
    read_text(node.child("purpose"), "purpose")
    dice = read_dice(node.child("dice"), "dice")
    result_node = node.child("result")
    result = read_int(result_node, "result", WHOLE, limit=ROLL_RESULT)
    bounds = dice_range(dice)
    if bounds is not None and not bounds.low <= result <= bounds.high:
        raise result_node.error(
            f"a roll of {dice} is between {bounds.low} and {bounds.high}, got {result}"
        )
    read_text(node.child("detail"), "detail", allow_empty=True, most=MAX_EVENT_TEXT_CHARS)
    read_choice(node.child("source"), "source", ROLL_SOURCES)
    _check_key(node)


def _check_choice(node: Node, known: _Known) -> None:
    """An attack of opportunity or an intercept, taken or declined, and at whom."""
    _require(node, ("target", "taken"))
    _read_combatant(node.child("target"), "target", known)
    read_bool(node.child("taken"), "taken")
    _check_key(node)


def _check_key(node: Node) -> None:
    # Optional: logs written before keys existed have none, and are matched in order.
    assert isinstance(node.value, dict)
    if "key" in node.value:
        read_text(node.child("key"), "key", allow_empty=True, most=MAX_KEY_CHARS)


def _require(node: Node, keys: tuple[str, ...]) -> None:
    assert isinstance(node.value, dict)
    for key in keys:
        if key not in node.value:
            raise node.error(f"missing key {key!r} (a {node.value['type']} event needs it)")


def _read_combatant(node: Node, label: str, known: _Known) -> str:
    combatant_id = read_text(node, label, most=MAX_ID_CHARS)
    if combatant_id not in known.ids:
        raise node.error(f"unknown combatant {combatant_id!r} (known: {listing(known.order)})")
    return combatant_id


@dataclass(frozen=True)
class _Known:
    """The encounter's combatant ids: in file order for messages, as a set for look-ups (a
    log of a million events checks an actor in each)."""

    order: tuple[str, ...]
    ids: frozenset[str]


def _key_pointer(node: Node, key: object) -> str:
    return f"{node.pointer}.{key}"


def _check_plain_json(node: Node, depth: int) -> None:
    """What a saved file can hold: anything else (NaN, a set, a key that is not text, half a
    surrogate pair) would make saving fail, or change the value on the way back in."""
    value = node.value
    if depth > MAX_EVENT_DEPTH:
        raise node.error("event values nest lists or objects too deeply")
    if value is None or isinstance(value, bool | int):
        return
    if isinstance(value, str):
        if len(value) > MAX_EVENT_TEXT_CHARS:
            raise node.error(
                f"event text must be at most {MAX_EVENT_TEXT_CHARS:,} characters long, "
                f"got {describe(value)} ({len(value):,} characters)"
            )
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
            if len(key) > MAX_ID_CHARS:
                raise node.error(
                    f"event keys must be at most {MAX_ID_CHARS} characters long, "
                    f"got {describe(key)}"
                )
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
