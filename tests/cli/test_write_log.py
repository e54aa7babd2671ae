"""The log writer keeps one JSON encoder for every line: each line must still be exactly what
`json.dumps(event.to_json())` gives, the byte-for-byte promise of `battlemap simulate`."""

from __future__ import annotations

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.cli import write_log
from battlemap.core.events import Event

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
_EVENTS = st.builds(
    Event,
    type=st.text(min_size=1, max_size=10),
    time=st.floats(-1e6, 1e6),
    round=st.integers(-5, 2000),
    count=st.integers(0, 200),
    actor=st.one_of(st.none(), st.text(max_size=10)),
    fields=st.dictionaries(st.text(max_size=8), _VALUES, max_size=6),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_EVENTS, max_size=30))
def test_each_line_is_what_json_dumps_writes(events: list[Event]) -> None:
    out = io.StringIO()
    write_log(events, out, None)
    assert out.getvalue() == "".join(json.dumps(e.to_json()) + "\n" for e in events)


def test_a_log_longer_than_one_chunk_is_written_whole_and_in_order() -> None:
    events = [
        Event("position", i / 3, 1 + i // 24, 12 - (i // 2) % 12, f"c{i % 7}", {"x": i, "y": -i})
        for i in range(20_000)
    ]
    out = io.StringIO()
    write_log(events, out, None)
    lines = out.getvalue().splitlines()
    assert [json.loads(line)["x"] for line in lines] == list(range(20_000))
    assert lines[12_345] == json.dumps(events[12_345].to_json())
