"""JSON laid out for people."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlemap.storage.json_text import write_json


def text_of(value: object) -> str:
    stream = io.StringIO()
    write_json(value, stream)
    return stream.getvalue()


def test_points_and_paths_stay_on_one_line_and_objects_are_indented() -> None:
    value = {"map": {"walls": [[[0, 0], [4, 0]], [[1, 1], [1, 2]]]}, "path": [[1.5, 2], [3, 4]]}
    assert text_of(value) == (
        "{\n"
        '  "map": {\n'
        '    "walls": [\n'
        "      [[0, 0], [4, 0]],\n"
        "      [[1, 1], [1, 2]]\n"
        "    ]\n"
        "  },\n"
        '  "path": [[1.5, 2], [3, 4]]\n'
        "}\n"
    )


def test_a_long_path_gets_a_line_per_point() -> None:
    path = [[float(i) + 0.5, 2.5] for i in range(12)]
    lines = text_of({"path": path}).splitlines()
    assert lines[2] == "    [0.5, 2.5],"
    assert len(lines) == 2 + 12 + 2


def test_empty_containers_and_text_beyond_ascii() -> None:
    assert text_of({"a": [], "b": {}, "c": "Caf\u00e9"}) == (
        '{\n  "a": [],\n  "b": {},\n  "c": "Caf\u00e9"\n}\n'
    )


def test_nan_is_refused() -> None:
    with pytest.raises(ValueError):
        text_of({"x": float("nan")})


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
)  # fmt: skip


@given(_JSON)
def test_reads_back_as_the_same_value(value: object) -> None:
    assert json.loads(text_of(value)) == value


def test_items_of_a_chosen_list_get_a_line_each() -> None:
    events = [{"type": "a", "time": 0.0, "path": [[1, 2], [3, 4]]}, {"type": "b", "time": 1.5}]
    value = {"name": "x", "log": events, "other": [{"type": "c"}]}
    stream = io.StringIO()
    write_json(value, stream, one_line_items=("log",))
    assert stream.getvalue() == (
        "{\n"
        '  "name": "x",\n'
        '  "log": [\n'
        '    {"type": "a", "time": 0.0, "path": [[1, 2], [3, 4]]},\n'
        '    {"type": "b", "time": 1.5}\n'
        "  ],\n"
        '  "other": [\n'
        "    {\n"
        '      "type": "c"\n'
        "    }\n"
        "  ]\n"
        "}\n"
    )


def test_an_empty_chosen_list_stays_empty() -> None:
    stream = io.StringIO()
    write_json({"log": []}, stream, one_line_items=("log",))
    assert stream.getvalue() == '{\n  "log": []\n}\n'


@given(st.dictionaries(st.text(), _JSON, max_size=3).map(lambda d: {"log": list(d.values())}))
def test_chosen_lists_read_back_as_the_same_value(value: dict[str, object]) -> None:
    stream = io.StringIO()
    write_json(value, stream, one_line_items=("log",))
    assert json.loads(stream.getvalue()) == value
