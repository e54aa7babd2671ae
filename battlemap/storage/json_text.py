"""JSON laid out for people: indented by 2, but short lists of numbers (points, paths, rolls)
on one line, and the items of chosen lists (an event log) one to a line.

Plain `json.dump(indent=2)` puts every number of every [x, y] point on a line of its own,
which turns a wall or a path into a column of digits nobody can read or edit by hand.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator
from typing import Protocol


class TextSink(Protocol):
    """Anything text can be written to: a file, or a stream wrapped to watch what passes."""

    def write(self, text: str, /) -> int: ...


_INDENT = "  "
#: A list of plain values stays on one line while it is at most this long.
_ONE_LINE_MAX = 72


def write_json(value: object, stream: TextSink, *, one_line_items: Collection[str] = ()) -> None:
    """Write `value` (dicts, lists, str, int, float, bool, None) and a final newline.

    Keys keep the dicts' order. A list held under a key in `one_line_items` gets a line per
    item with the whole item on it, however long. NaN and infinities raise ValueError: they
    are not JSON.
    """
    for chunk in _chunks(value, 0, one_line_items):
        stream.write(chunk)
    stream.write("\n")


def _chunks(value: object, depth: int, one_line_items: Collection[str]) -> Iterator[str]:
    inner = _INDENT * (depth + 1)
    if isinstance(value, dict) and value:
        yield "{"
        for index, (key, item) in enumerate(value.items()):
            yield f"{',' if index else ''}\n{inner}{_scalar(str(key))}: "
            if key in one_line_items and isinstance(item, list) and item:
                yield from _item_lines(item, depth + 1)
            else:
                yield from _chunks(item, depth + 1, one_line_items)
        yield f"\n{_INDENT * depth}}}"
    elif isinstance(value, list) and value:
        one_line = _one_line(value)
        if one_line is not None:
            yield one_line
            return
        yield "["
        for index, item in enumerate(value):
            yield f"{',' if index else ''}\n{inner}"
            yield from _chunks(item, depth + 1, one_line_items)
        yield f"\n{_INDENT * depth}]"
    else:
        yield _scalar(value)


def _item_lines(items: list[object], depth: int) -> Iterator[str]:
    yield "["
    for index, item in enumerate(items):
        yield f"{',' if index else ''}\n{_INDENT * (depth + 1)}{_scalar(item)}"
    yield f"\n{_INDENT * depth}]"


def _one_line(value: list[object]) -> str | None:
    """The list on one line if it is a list of plain values or of such lists (a point, a path)
    and short enough to read that way; a list of walls or of objects gets a line per item."""
    if _depth(value) > 2:
        return None
    text = _scalar(value)
    return text if len(text) <= _ONE_LINE_MAX else None


def _depth(value: object) -> float:
    if isinstance(value, dict):
        return float("inf")
    if isinstance(value, list):
        return 1 + max((_depth(item) for item in value), default=0)
    return 0


def _scalar(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)
