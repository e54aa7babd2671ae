"""An event's fields are held compactly (`Fields`) and read, compare and print as the dict they
were made from, whatever made the event: the engine, a file, a test."""

from __future__ import annotations

import copy
import gc
import pickle
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlemap.core.events import Event, Fields

_FIELDS = st.dictionaries(
    st.text(max_size=6), st.one_of(st.none(), st.integers(), st.text(max_size=5)), max_size=7
)


@given(_FIELDS, st.text(max_size=6))
def test_fields_read_as_the_dict_they_came_from(given_fields: dict[str, object], key: str) -> None:
    fields = Fields(given_fields)
    assert fields == given_fields and given_fields == fields
    assert dict(fields) == given_fields and list(fields) == list(given_fields)
    assert len(fields) == len(given_fields)
    assert (key in fields) == (key in given_fields)
    assert fields.get(key, "none") == given_fields.get(key, "none")
    assert repr(fields) == repr(given_fields)
    if key in given_fields:
        assert fields[key] == given_fields[key]


@given(_FIELDS, _FIELDS)
def test_fields_compare_as_dicts_do(a: dict[str, object], b: dict[str, object]) -> None:
    assert (Fields(a) == Fields(b)) == (a == b)
    # The same items in another order are the same fields, as for dicts.
    assert Fields(a) == Fields(dict(reversed(list(a.items()))))


def test_a_missing_key_is_a_key_error() -> None:
    event = Event("roll", 1.0, 1, 12, "thorin", {"result": 7})
    assert event["result"] == 7 and event.get("detail") is None
    try:
        event["detail"]
    except KeyError as error:
        assert error.args == ("detail",)
    else:
        raise AssertionError("no KeyError")


def test_events_of_one_shape_share_their_keys_and_are_smaller_than_a_dict() -> None:
    one = Event("position", 1.0, 1, 12, "a", {"x": 1.0, "y": 2.0, "stopped": False})
    two = Event("position", 2.0, 1, 11, "b", {"x": 3.0, "y": 4.0, "stopped": True})
    assert isinstance(one.fields, Fields) and isinstance(two.fields, Fields)
    assert one.fields._keys is two.fields._keys
    as_dict = {"x": 1.0, "y": 2.0, "stopped": False}
    # The whole event, header and fields, is one object smaller than its fields' dict alone.
    assert sys.getsizeof(one) < sys.getsizeof(as_dict)
    # It refers to its parts and its class, and to no fields object or dict of its own.
    parts = gc.get_referents(one)
    assert len(parts) == 10 and Event in parts and one.fields._keys in parts
    assert not any(isinstance(part, dict | Fields) for part in parts)


def test_an_event_made_again_from_its_parts_or_json_is_equal() -> None:
    event = Event("attack", 3.5, 1, 9, "a", {"target": "b", "hit": True, "total": 17})
    assert Event.from_json(event.to_json()) == event
    assert event.replace(fields=dict(event.fields)) == event
    assert event.replace(fields={**event.fields, "hit": False}) != event
    assert Event(**{name: getattr(event, name) for name in Event.__match_args__}) == event
    assert copy.deepcopy(event) == event and pickle.loads(pickle.dumps(event)) == event


def test_an_event_reads_as_it_did_as_a_dataclass() -> None:
    event = Event(type="attack", time=3.5, round=1, count=9, actor=None, fields={"hit": True})
    assert (event.type, event.time, event.round, event.count, event.actor) == (
        "attack", 3.5, 1, 9, None,
    )  # fmt: skip
    assert repr(event) == (
        "Event(type='attack', time=3.5, round=1, count=9, actor=None, fields={'hit': True})"
    )
    assert "hit" in event and "attack" not in event and bool(event)
    # The same fields in another order are the same event; another header is another.
    assert event == Event("attack", 3.5, 1, 9, None, {"hit": True})
    assert event != event.replace(count=8) and event != event.replace(actor="a")
    assert Event("e", 1.0, 1, 1, None, {"a": 1, "b": 2}) == Event(
        "e", 1.0, 1, 1, None, {"b": 2, "a": 1}
    )
    with pytest.raises(TypeError):
        hash(event)
    with pytest.raises(TypeError):
        len(event)  # type: ignore[arg-type]
