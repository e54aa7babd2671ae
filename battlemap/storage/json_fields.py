"""Reading a decoded JSON value field by field, each problem reported with where it is.

A `Node` is a value plus its place: the source (usually a file name) and a pointer such as
`combatants[2].speed`. The readers check one field each and raise the node's error type
(EncounterError unless the node says otherwise) on the first problem, saying what was expected
and what was found.
"""

from __future__ import annotations

import difflib
import json
import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from battlemap.core.encounter import Point
from battlemap.core.errors import BattlemapError, EncounterError
from battlemap.storage.limits import MAX_NAME_CHARS, Limit

_SHOWN_MAX = 40
#: Past this many items a list or object cannot be shown in _SHOWN_MAX characters: skip the
#: json.dumps of what may be a 50 MB value only to find it too long.
_SHOWN_ITEMS_MAX = 20
#: Keys longer than this get no "did you mean": no key of ours is anywhere near as long.
_SUGGEST_MAX = 100
#: Whole numbers no field needs to exceed, for the readers not given a range of their own.
_ANY_WHOLE = Limit(-(10**9), 10**9)
#: Format versions: high enough for any real one, low enough to print in a message.
_VERSIONS = Limit(1, 1_000_000)
#: How many names a message lists before "and 1,990 more".
_LISTED_MAX = 10


@dataclass(frozen=True)
class Node:
    """A decoded JSON value and where it sits.

    `kind` is the error type its problems are reported as, so that the same readers serve the
    encounter file (EncounterError) and the creature library (LibraryError).
    """

    value: object
    source: str
    pointer: str = ""
    kind: type[BattlemapError] = EncounterError

    def error(self, problem: str) -> BattlemapError:
        where = ", ".join(part for part in (self.source, self.pointer) if part)
        return self.kind(where, problem)

    def child(self, key: str) -> Node:
        """The node for `key` of this object; the caller has checked that the key exists."""
        assert isinstance(self.value, dict)
        pointer = f"{self.pointer}.{key}" if self.pointer else key
        return Node(self.value[key], self.source, pointer, self.kind)

    def item(self, index: int) -> Node:
        assert isinstance(self.value, list)
        return Node(self.value[index], self.source, f"{self.pointer}[{index}]", self.kind)


def describe(value: object) -> str:
    """How a found value is shown in a message: as JSON would spell it, kept short."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value if len(value) <= _SHOWN_MAX else value[: _SHOWN_MAX - 3] + "...")
    if isinstance(value, int) and value.bit_length() > 128:
        return "a number too large to show"  # repr() refuses ints past 4300 digits anyway
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list | dict):
        text = ""
        if len(value) <= _SHOWN_ITEMS_MAX:
            try:
                text = json.dumps(value, ensure_ascii=False)
                if not printable(text):
                    # Half a surrogate pair cannot be printed or shown: write it escaped.
                    text = json.dumps(value)
            except (TypeError, ValueError, RecursionError):
                # Not JSON after all (parse_encounter was handed Python objects), or nested
                # past what json.dumps recurses through; fall back to a count.
                text = ""
        if text and len(text) <= _SHOWN_MAX:
            return text
        if isinstance(value, list):
            return f"a list of {len(value)} item{'' if len(value) == 1 else 's'}"
        return "an object"
    return f"a Python {type(value).__name__}"


def printable(text: str) -> bool:
    """Whether `text` can be written out as UTF-8 (to a terminal, a dialog, a file): not if it
    holds half of a surrogate pair, which JSON's \\u escapes can make."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def read_object(
    node: Node, what: str, keys: Sequence[str], optional: Collection[str] = ()
) -> dict[str, Node]:
    """The object's fields by key, in the order of `keys`; optional keys that are absent or
    null are left out. Unknown keys are an error, so a typo never passes silently."""
    value = node.value
    if not isinstance(value, dict):
        raise node.error(f"{what} must be a JSON object {{...}}, got {describe(value)}")
    for key in value:
        if key not in keys:
            raise node.error(
                f"unknown key {describe(key)}{_did_you_mean(key, keys)}; "
                f"allowed keys: {', '.join(keys)}"
            )
    for key in keys:
        if key not in value and key not in optional:
            raise node.error(f"missing key {key!r}")
    # null for an optional field means "not given": other tools write it that way.
    return {
        key: node.child(key)
        for key in keys
        if key in value and not (key in optional and value[key] is None)
    }


def _did_you_mean(key: object, keys: Sequence[str]) -> str:
    if not isinstance(key, str) or len(key) > _SUGGEST_MAX:
        return ""
    close = difflib.get_close_matches(key, keys, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def read_list(
    node: Node, label: str, expectation: str, *, most: int | None = None, items: str = "items"
) -> list[Node]:
    """The list's items as nodes; more than `most` of them (counted before any is read, so
    that 100,000 of them are refused at once) is an error naming the count."""
    if not isinstance(node.value, list):
        raise node.error(f"{label} must be {expectation}, got {describe(node.value)}")
    if most is not None and len(node.value) > most:
        raise node.error(f"{label} may hold at most {most:,} {items}, got {len(node.value):,}")
    return [node.item(index) for index in range(len(node.value))]


def read_int(
    node: Node,
    label: str,
    expectation: str,
    ok: Callable[[int], bool] = lambda _: True,
    *,
    limit: Limit | None = _ANY_WHOLE,
) -> int:
    """A whole number. JSON true/false are not numbers; 30.0 is accepted as 30, since some
    tools write every number with a decimal point, but 2.5 is not a whole number.

    `expectation` and `ok` say what the field means ("a multiple of 5"); `limit` is how large
    it may sanely be, told apart ("reach must be from 0 to 100 feet, got 5000") so that the
    usual message stays short. 1e20 is whole, and refused by the limit, never looped over.
    `limit=None` is for the rare field any whole number suits (a seed)."""
    value = node.value
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    if number is None or not ok(number):
        raise node.error(f"{label} must be {expectation}, got {describe(value)}")
    if limit is not None and not limit.holds(number):
        raise node.error(f"{label} must be {limit.words()}, got {describe(value)}")
    return number


def read_number(
    node: Node,
    label: str,
    expectation: str,
    ok: Callable[[float], bool] = lambda _: True,
    *,
    limit: Limit | None = None,
) -> float:
    """A finite number, whole or not; JSON true/false are not numbers. `limit` as read_int."""
    value = node.value
    number = _as_float(value)
    if number is None or not ok(number):
        raise node.error(f"{label} must be {expectation}, got {describe(value)}")
    if limit is not None and not limit.holds(number):
        raise node.error(f"{label} must be {limit.words()}, got {describe(value)}")
    return number


def read_point(node: Node, label: str) -> Point:
    """An [x, y] pair of finite numbers."""
    value = node.value
    point: Point | None = None
    if isinstance(value, list) and len(value) == 2:
        x, y = _as_float(value[0]), _as_float(value[1])
        if x is not None and y is not None:
            point = (x, y)
    if point is None:
        raise node.error(f"{label} must be a pair of numbers [x, y], got {describe(value)}")
    return point


def _as_float(value: object) -> float | None:
    """The value as a finite float, or None if it is not a number or is too large for one."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def read_text(
    node: Node, label: str, *, allow_empty: bool = False, most: int = MAX_NAME_CHARS
) -> str:
    """A string of at most `most` characters; unless `allow_empty`, one with something in it
    besides spaces. A message quotes only the start of a long one."""
    value = node.value
    if not isinstance(value, str):
        raise node.error(f"{label} must be text, got {describe(value)}")
    if len(value) > most:
        raise node.error(
            f"{label} must be at most {most:,} characters long, got {describe(value)} "
            f"({len(value):,} characters)"
        )
    if not allow_empty and not value.strip():
        raise node.error(f"{label} must not be empty, got {describe(value)}")
    if not printable(value):
        # A lone \ud800-style escape decodes in JSON but could never be saved back as UTF-8.
        raise node.error(f"{label} holds a broken \\u escape (half of a surrogate pair)")
    return value


def listing(names: Collection[str]) -> str:
    """Names for a message ("thorin, goblin1"), the first few only when there are many."""
    shown = [describe(name)[1:-1] if len(name) > _SHOWN_MAX else name for name in names]
    if len(shown) <= _LISTED_MAX:
        return ", ".join(shown)
    return f"{', '.join(shown[:_LISTED_MAX])} and {len(shown) - _LISTED_MAX:,} more"


def read_choice(node: Node, label: str, choices: Sequence[str]) -> str:
    value = node.value
    if not isinstance(value, str) or value not in choices:
        raise node.error(f"{label} must be one of {', '.join(choices)}, got {describe(value)}")
    return value


def check_format_and_version(root: Node, what: str, expected: str, newest: int) -> None:
    """Check a file's `format` (must be `expected`) and `version` (1 to `newest`) before
    anything else: a newer file may use keys this version has never heard of, and "update
    Battlemap" is the useful thing to say about it, not "unknown key". `what` names the kind
    of file ("encounter file")."""
    data = root.value
    assert isinstance(data, dict)
    found = data.get("format")
    if found != expected:
        detail = f"format is {describe(found)}" if "format" in data else "it has no 'format' key"
        raise root.error(f'not a Battlemap {what}: {detail}, expected "format": "{expected}"')
    if "version" not in data:
        raise root.error("missing key 'version'")
    version = read_int(
        root.child("version"),
        "version",
        "a whole number, 1 or more",
        lambda v: v >= 1,
        limit=_VERSIONS,
    )
    if version > newest:
        raise root.error(
            f"this file is format version {version}, written by a newer Battlemap; this one "
            f"reads versions up to {newest}, so update Battlemap to open it"
        )


def read_bool(node: Node, label: str) -> bool:
    """true or false (not 1 or 0: a flag written as a number is likely a mistake)."""
    if not isinstance(node.value, bool):
        raise node.error(f"{label} must be true or false, got {describe(node.value)}")
    return node.value
