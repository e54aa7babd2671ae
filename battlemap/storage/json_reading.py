"""Reading a JSON file or payload into plain values, every failure told as one clear error.

Shared by the encounter file, the creature library, drag payloads, settings and autosave, so
each says "not UTF-8", "not valid JSON at line 4" or "the key appears twice" the same way.
"""

from __future__ import annotations

import json
import os
import re

from battlemap.core.errors import BattlemapError
from battlemap.storage.limits import (
    MAX_CONTAINERS,
    MAX_FILE_BYTES,
    MAX_FILE_MB,
    MAX_NUMBER_DIGITS,
)

#: A run of digits longer than json accepts as an integer, to say where it is.
_LONG_NUMBER = re.compile(rb"\d{%d,}" % (MAX_NUMBER_DIGITS + 1))


def read_json_file(path: str | os.PathLike[str], kind: type[BattlemapError], what: str) -> object:
    """The decoded JSON in the file at `path`.

    Raises `kind` for a missing or unreadable file, text that is not UTF-8 or not JSON, or a
    key given twice; `what` names the kind of file ("an encounter file") for the message about
    a folder. Errors name the file as `path` spells it.
    """
    source = os.fspath(path)
    try:
        with open(path, "rb") as stream:
            # One byte past the cap is enough to know: a 3 GB file is never read whole.
            raw = stream.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise kind(source, "no such file") from None
    except IsADirectoryError:
        raise kind(source, f"this is a folder, not {what}") from None
    except PermissionError:
        raise kind(source, "cannot read the file: permission denied") from None
    except OSError as error:
        raise kind(source, f"cannot read the file: {error.strerror or error}") from None
    return decode_json(raw, source, kind)


def decode_json(raw: bytes, source: str, kind: type[BattlemapError]) -> object:
    """The JSON value that the UTF-8 bytes `raw` hold; raises `kind` naming `source` if none.

    Refused before decoding: more than MAX_FILE_BYTES, or more objects and lists than
    MAX_CONTAINERS (50 MB of `[[], [], ...]` would take 1.3 GB and seconds to build, only to
    be refused afterwards). Braces inside strings are counted too, which only a file built to
    be hostile has millions of."""
    if len(raw) > MAX_FILE_BYTES:
        raise kind(source, f"the file is larger than {MAX_FILE_MB} MB, the most Battlemap reads")
    containers = raw.count(b"{") + raw.count(b"[")
    if containers > MAX_CONTAINERS:
        raise kind(
            source,
            f"the file holds {containers:,} objects and lists ('{{' and '['); "
            f"at most {MAX_CONTAINERS:,}",
        )
    try:
        # utf-8-sig: Windows editors like to start UTF-8 files with a byte order mark.
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise kind(
            source, f"the file is not UTF-8 text: byte 0x{raw[error.start]:02x} on line {line}"
        ) from None
    try:
        return json.loads(text, object_pairs_hook=_reject_duplicate_keys)
    except json.JSONDecodeError as error:
        raise kind(
            source,
            f"the file is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}",
        ) from None
    except ValueError:
        # Not a JSONDecodeError: json refuses integers of more than 4300 digits this way, with
        # advice about sys.set_int_max_str_digits that means nothing to a game master.
        raise kind(source, _long_number(raw)) from None
    except _DuplicateKeyError as error:
        raise kind(
            source, f"the key {error.key!r} appears twice in one object; remove one of them"
        ) from None
    except RecursionError:
        raise kind(source, "the file nests lists or objects too deeply") from None


def _long_number(raw: bytes) -> str:
    found = _LONG_NUMBER.search(raw)
    if found is None:  # not expected: no other ValueError comes out of json.loads
        return "the file is not valid JSON: it holds a value json cannot read"
    digits = found.end() - found.start()  # the pattern is greedy: the whole run of digits
    line = raw.count(b"\n", 0, found.start()) + 1
    return (
        f"the file holds a number of {digits:,} digits on line {line}; "
        f"at most {MAX_NUMBER_DIGITS:,}"
    )


class _DuplicateKeyError(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _reject_duplicate_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """json keeps the last of two equal keys without a word; which one was meant is a guess."""
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(key)
        result[key] = value
    return result
