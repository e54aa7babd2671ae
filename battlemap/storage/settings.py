"""The user's settings: recent files, playback speed, who rolls, the window's layout.

They live in `user_config_dir()/settings.json`. Reading them never fails: settings are a
convenience, and a broken file must not stop the app from starting. Each key that cannot be
read falls back to its default, and the problems are handed back for the app to mention.
"""

from __future__ import annotations

import base64
import binascii
import math
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from battlemap.core.errors import BattlemapError
from battlemap.storage.atomic_write import write_text_atomically
from battlemap.storage.json_fields import describe
from battlemap.storage.json_reading import read_json_file
from battlemap.storage.json_text import write_json
from battlemap.storage.paths import user_config_dir

SETTINGS_FILE = "settings.json"
MAX_RECENT_FILES = 10
PLAYBACK_MIN = 0.05
PLAYBACK_MAX = 5.0
#: Kinds of opportunity a settings file may turn off: rulesets declare a handful, so a list of
#: thousands, or a 5 MB name, is a broken file, not a preference.
MAX_KINDS = 50
MAX_KIND_CHARS = 40


@dataclass(frozen=True)
class Settings:
    """What the app remembers between sessions.

    `recent_files` holds absolute paths, most recent first. `playback_seconds_per_unit` is
    how many real seconds one time unit takes on screen (0.5: real time). `player_sides` are
    the sides whose rolls the players make at the table (asked for when `ask_player_rolls`).
    `window_geometry` and `window_state` are Qt's saveGeometry/saveState bytes as base64 text.
    """

    recent_files: tuple[str, ...] = ()
    playback_seconds_per_unit: float = 0.5
    ask_player_rolls: bool = False
    player_sides: tuple[str, ...] = ("party",)
    window_geometry: str = ""
    window_state: str = ""
    demo_shown: bool = False
    #: The kinds of opportunity playback does not stop to offer (a ruleset's `Opportunity.kind`,
    #: d12's "aoo" or "intercept"): they are declined, and still logged. Sorted, no repeats.
    not_offered: tuple[str, ...] = ()


def offering(settings: Settings, kind: str, on: bool) -> Settings:
    """`settings` with the opportunities of `kind` offered (`on`) or declined unasked."""
    kinds = set(settings.not_offered)
    if on:
        kinds.discard(kind)
    else:
        kinds.add(kind)
    return replace(settings, not_offered=tuple(sorted(kinds)))


class _Unusable(Exception):
    """A key's value cannot be used; the message says why, and the default is used."""


def settings_path() -> Path:
    return user_config_dir() / SETTINGS_FILE


def load_settings() -> tuple[Settings, list[str]]:
    """The saved settings, and the problems met reading them (empty when all is well).

    A missing file gives the defaults and no problem. Never raises: an unreadable or broken
    file gives the defaults, a key with a bad value its default, a bad item in a list is
    dropped; each is one problem in the list. Unknown keys are ignored (a newer Battlemap may
    have written them).
    """
    path = settings_path()
    if not os.path.exists(path):  # os.path.exists never raises, Path.exists may
        return Settings(), []
    try:
        data = read_json_file(path, BattlemapError, "a settings file")
    except BattlemapError as error:
        return Settings(), [f"{error}; using the default settings"]
    return settings_from_json(data, str(path))


def settings_from_json(data: object, source: str) -> tuple[Settings, list[str]]:
    """The settings a decoded settings file holds, and the problems found; never raises."""
    if not isinstance(data, dict):
        return Settings(), [
            f"{source}: the settings must be a JSON object {{...}}; using the default settings"
        ]
    problems: list[str] = []
    # Any: each reader returns the type of its own field, which a dict cannot say per key.
    values: dict[str, Any] = {}
    for key, read in _READERS.items():
        if key not in data:
            continue
        where = f"{source}, {key}"
        try:
            values[key] = read(data[key], where, problems)
        except _Unusable as error:
            default = getattr(Settings(), key)
            problems.append(f"{where}: {error}; using {_shown(default)}")
    if "not_offered" not in data:
        # Settings written before opportunities were the rulesets' had one flag per kind.
        legacy = [kind for key, kind in _LEGACY_OFFER_FLAGS.items() if data.get(key) is False]
        values["not_offered"] = tuple(sorted(legacy))
    return replace(Settings(), **values), problems


def settings_to_json(settings: Settings) -> dict[str, object]:
    return {
        "recent_files": list(settings.recent_files),
        "playback_seconds_per_unit": settings.playback_seconds_per_unit,
        "ask_player_rolls": settings.ask_player_rolls,
        "player_sides": list(settings.player_sides),
        "window_geometry": settings.window_geometry,
        "window_state": settings.window_state,
        "demo_shown": settings.demo_shown,
        "not_offered": list(settings.not_offered),
    }


def save_settings(settings: Settings) -> None:
    """Write `settings` to the settings file, atomically, creating its folder if need be.

    Raises ValueError, writing nothing, for a value that would not load back as it is (a
    playback speed out of range, say); OSError if the file cannot be written.
    """
    data = settings_to_json(settings)
    path = settings_path()
    loaded, problems = settings_from_json(data, str(path))
    if problems:
        raise ValueError(problems[0])
    if loaded != settings:
        # The reader tidies values up (duplicates, more than 10 recent files); saving
        # something that reads back different would surprise on the next start.
        raise ValueError(f"{path}: these settings would not read back as they are: {settings}")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomically(path, lambda stream: write_json(data, stream))


def with_recent_file(settings: Settings, path: str | os.PathLike[str]) -> Settings:
    """`settings` with `path` first among the recent files, as an absolute path; another
    spelling of the same file (relative, through a link) is removed, and the list keeps at
    most MAX_RECENT_FILES."""
    return replace(settings, recent_files=_recent([os.path.abspath(path), *settings.recent_files]))


def _recent(paths: Iterable[str]) -> tuple[str, ...]:
    kept: list[str] = []
    seen: set[str] = set()
    for path in paths:
        key = _same_file_key(path)
        if key not in seen:
            seen.add(key)
            kept.append(path)
    return tuple(kept[:MAX_RECENT_FILES])


def _same_file_key(path: str) -> str:
    # realpath follows links; normcase folds case where the file system does (Windows).
    return os.path.normcase(os.path.realpath(path))


# --- one reader per key: the value as the Settings field wants it, or _Unusable --------------


def _read_recent_files(value: object, where: str, problems: list[str]) -> tuple[str, ...]:
    items = _list(value, "a list of file paths")
    paths: list[str] = []
    for index, item in enumerate(items):
        if isinstance(item, str) and item.strip() and "\0" not in item:
            paths.append(item)
        else:
            problems.append(f"{where}[{index}]: not a file path, got {_shown(item)}; left out")
    return _recent(paths)


def _read_playback(value: object, where: str, problems: list[str]) -> float:
    expected = f"a number of seconds from {PLAYBACK_MIN} to {PLAYBACK_MAX:g}"
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise _Unusable(f"must be {expected}, got {_shown(value)}")
    try:
        seconds = float(value)
    except OverflowError:
        raise _Unusable(f"must be {expected}, got a number too large") from None
    if not (math.isfinite(seconds) and PLAYBACK_MIN <= seconds <= PLAYBACK_MAX):
        raise _Unusable(f"must be {expected}, got {_shown(value)}")
    return seconds


def _read_flag(value: object, where: str, problems: list[str]) -> bool:
    if not isinstance(value, bool):
        raise _Unusable(f"must be true or false, got {_shown(value)}")
    return value


def _read_player_sides(value: object, where: str, problems: list[str]) -> tuple[str, ...]:
    items = _list(value, "a list of side names")
    sides: list[str] = []
    for index, item in enumerate(items):
        if isinstance(item, str) and item.strip():
            if item not in sides:
                sides.append(item)
        else:
            problems.append(f"{where}[{index}]: not a side name, got {_shown(item)}; left out")
    return tuple(sides)


def _read_kinds(value: object, where: str, problems: list[str]) -> tuple[str, ...]:
    items = _list(value, "a list of kinds of opportunity")
    kinds: set[str] = set()
    for index, item in enumerate(items[:MAX_KINDS]):
        if isinstance(item, str) and 0 < len(item) <= MAX_KIND_CHARS and item.isidentifier():
            kinds.add(item)
        else:
            problems.append(
                f"{where}[{index}]: not a kind of opportunity, got {_shown(item)}; left out"
            )
    if len(items) > MAX_KINDS:
        problems.append(f"{where}: more than {MAX_KINDS} kinds; the rest left out")
    return tuple(sorted(kinds))


def _read_base64(value: object, where: str, problems: list[str]) -> str:
    if not isinstance(value, str):
        raise _Unusable(f"must be base64 text, got {_shown(value)}")
    try:
        base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise _Unusable(f"must be base64 text, got {_shown(value)}") from None
    return value


def _list(value: object, expected: str) -> list[object]:
    if not isinstance(value, list):
        raise _Unusable(f"must be {expected}, got {_shown(value)}")
    return value


def _shown(value: object) -> str:
    return describe(list(value) if isinstance(value, tuple) else value)


_READERS: dict[str, Callable[[object, str, list[str]], object]] = {
    "recent_files": _read_recent_files,
    "playback_seconds_per_unit": _read_playback,
    "ask_player_rolls": _read_flag,
    "player_sides": _read_player_sides,
    "window_geometry": _read_base64,
    "window_state": _read_base64,
    "demo_shown": _read_flag,
    "not_offered": _read_kinds,
}

#: The flags older settings files used for d12's two kinds, and the kind each turned off.
_LEGACY_OFFER_FLAGS = {"offer_opportunities": "aoo", "offer_intercepts": "intercept"}
