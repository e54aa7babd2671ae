"""The encounter file's `log`: the fight so far, as events exactly as `battlemap simulate`
prints them.

What every event has is checked here (type, round, count, time, actor), and so are the fields
of the decisions a replay feeds back to the engine (`roll`, `aoo`, `intercept`, `decision`): a
hand-edited
log must be refused with its place named, not raise a KeyError when the fight is rebuilt. The
other keys of each type are the engine's and are kept as they are (any plain JSON, within the
size limits), so a newer event type or field survives a save by a program that does not know it.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass

from battlemap.core.decisions import QUESTION_KINDS
from battlemap.core.dice import dice_range
from battlemap.core.events import HEADER_KEYS, Event
from battlemap.storage.json_fields import (
    Node,
    describe,
    listing,
    printable,
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
    MAX_NAME_CHARS,
    ROLL_RESULT,
    Limit,
)
from battlemap.storage.stat_fields import WHOLE, read_dice

#: Where a roll came from: rolled by Battlemap, fixed in the file, typed in at the table.
ROLL_SOURCES = ("app", "file", "table")
#: The event types of the decisions every ruleset may log (rolls and answered questions);
#: the answers to a ruleset's opportunities are the event types its fields name.
DECISION_TYPES = ("roll", "decision")


def parse_log(
    node: Node, combatant_ids: Collection[str], opportunities: Collection[str]
) -> tuple[Event, ...]:
    """The events of the list at `node`, in file order; times must never decrease, and no two
    decisions may share a key (a replay answers each question once). `opportunities` are the
    event types that answer the ruleset's opportunities (yes or no, and whom they concern)."""
    events: list[Event] = []
    keys: dict[str, int] = {}
    known = _Known(tuple(combatant_ids), frozenset(combatant_ids), frozenset(opportunities))
    for index, item in enumerate(read_list(node, "log", "a list of events", most=MAX_EVENTS)):
        event = _parse_event(item, known)
        if events and event.time < events[-1].time:
            # The log is the order things happened in; replaying it out of order would
            # rebuild a different fight.
            raise item.child("time").error(
                f"times must not go backwards, got {describe(item.child('time').value)} "
                f"after {events[-1].time!r}"
            )
        decides = event.type in DECISION_TYPES or event.type in known.opportunities
        key = event.get("key") if decides else None
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
    header = _plain_header(data)
    if header is None:  # something is wrong: the readers say what
        header = {
            "type": read_text(node.child("type"), "type"),
            "round": read_int(node.child("round"), "round", "a whole number", limit=EVENT_ROUND),
            "count": read_int(node.child("count"), "count", "a whole number", limit=EVENT_ROUND),
            "time": read_number(node.child("time"), "time", "a finite number", limit=EVENT_TIME),
        }
    actor = data.get("actor")
    if isinstance(actor, str) and actor in known.ids:  # the usual case, without a Node
        header["actor"] = actor
    elif actor is not None:
        header["actor"] = _read_combatant(node.child("actor"), "actor", known)
    for key, value in data.items():
        if key not in HEADER_KEYS:
            found = _plain_problem(key, 0) or _plain_problem(value, 0)
            if found is not None:
                steps, problem = found
                pointer = _pointer(node.pointer, (key, *steps))
                raise Node(value, node.source, pointer, node.kind).error(problem)
    if header["type"] == "roll":
        _check_roll(node)
    elif header["type"] in known.opportunities:
        _check_choice(node, known)
    elif header["type"] == "decision":
        _check_answer(node)
    # The header as checked (30.0 read as 30), the rest as it came.
    return Event.from_json({**data, **header})


def _plain_header(data: dict[str, object]) -> dict[str, object] | None:
    """The header, if it is as the engine writes it (the usual case, checked without building
    a Node for each field: a 50 MB log has hundreds of thousands of events); else None."""
    type_, round_, count, time = data["type"], data["round"], data["count"], data["time"]
    if not (isinstance(type_, str) and 0 < len(type_) <= MAX_NAME_CHARS and type_.isascii()):
        return None
    if not (type_.strip() and _whole(round_, EVENT_ROUND) and _whole(count, EVENT_ROUND)):
        return None
    if isinstance(time, bool) or not isinstance(time, int | float):
        return None
    if not EVENT_TIME.holds(time):  # False for NaN too
        return None
    return {"type": type_, "round": round_, "count": count, "time": float(time)}


def _whole(value: object, limit: Limit) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and limit.holds(value)


def _check_roll(node: Node) -> None:
    """A roll a replay feeds back: what for, which dice, the total, how it is written, by whom."""
    _require(node, ("purpose", "dice", "result", "detail", "source"))
    read_text(node.child("purpose"), "purpose")
    dice = read_dice(node.child("dice"), "dice")
    result_node = node.child("result")
    result = read_int(result_node, "result", WHOLE, limit=ROLL_RESULT)
    # A check typed at the table may lie beyond the dice (Combat Experience takes any total).
    assert isinstance(node.value, dict)
    any_total = node.value.get("any_total") is True
    bounds = dice_range(dice)
    if not any_total and bounds is not None and not bounds.low <= result <= bounds.high:
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


def _check_answer(node: Node) -> None:
    """An answer to a ruleset's question: its key, kind, who decided, the answer, by whom."""
    _require(node, ("key", "kind", "decider", "question", "answer", "source"))
    read_text(node.child("key"), "key", most=MAX_KEY_CHARS)
    read_choice(node.child("kind"), "kind", tuple(sorted(QUESTION_KINDS)))
    read_text(node.child("decider"), "decider")
    read_text(node.child("question"), "question", allow_empty=True, most=MAX_EVENT_TEXT_CHARS)
    answer = node.child("answer")
    if isinstance(answer.value, str):
        read_text(answer, "answer", most=MAX_EVENT_TEXT_CHARS)
    elif not isinstance(answer.value, bool):
        read_int(answer, "answer", "yes/no, an option or a whole number", limit=ROLL_RESULT)
    read_choice(node.child("source"), "source", ROLL_SOURCES)


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
    log of a million events checks an actor in each); and the ruleset's opportunity types."""

    order: tuple[str, ...]
    ids: frozenset[str]
    opportunities: frozenset[str]


def _plain_problem(value: object, depth: int) -> tuple[tuple[str | int, ...], str] | None:
    """What a saved file cannot hold, and where in `value`: anything but plain JSON (NaN, a set,
    a key that is not text, half a surrogate pair) would make saving fail or change the value
    on the way back in, and a 5 MB text or a thousand levels of nesting have no business in a
    log. None if all is well. No Node or pointer is built unless a problem is found: this runs
    on every value of every event, and a 50 MB log has millions."""
    if value is None or isinstance(value, bool | int):
        return None
    if isinstance(value, str):
        return _text_problem(value)
    if isinstance(value, float):
        if math.isfinite(value):
            return None
        return (), f"event values must be finite numbers, got {describe(value)}"
    if depth >= MAX_EVENT_DEPTH:
        return (), "event values nest lists or objects too deeply"
    if isinstance(value, list | tuple):
        for index, item in enumerate(value):
            if isinstance(item, float) and math.isfinite(item):
                continue  # a point's coordinate, most of a log's values: no call for it
            found = _plain_problem(item, depth + 1)
            if found is not None:
                return (index, *found[0]), found[1]
        return None
    if isinstance(value, dict):
        for key, member in value.items():
            if not isinstance(key, str):
                return (), f"event object keys must be text, got {describe(key)}"
            if len(key) > MAX_ID_CHARS:
                return (), (
                    f"event keys must be at most {MAX_ID_CHARS} characters long, "
                    f"got {describe(key)}"
                )
            found = _text_problem(key) or _plain_problem(member, depth + 1)
            if found is not None:
                return (key, *found[0]), found[1]
        return None
    return (), f"event values must be plain JSON, got {describe(value)}"


def _text_problem(text: str) -> tuple[tuple[str | int, ...], str] | None:
    if len(text) > MAX_EVENT_TEXT_CHARS:
        return (), (
            f"event text must be at most {MAX_EVENT_TEXT_CHARS:,} characters long, "
            f"got {describe(text)} ({len(text):,} characters)"
        )
    if printable(text):
        return None
    return (), "event text holds a broken \\u escape (half of a surrogate pair)"


def _pointer(start: str, steps: tuple[str | int, ...]) -> str:
    parts = [start]
    for step in steps:
        if isinstance(step, int):
            parts.append(f"[{step}]")
        else:
            # A key holding half a surrogate pair is named escaped: it cannot be printed.
            parts.append(f".{step}" if printable(step) else f".{ascii(step)[1:-1]}")
    return "".join(parts)
