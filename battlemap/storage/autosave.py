"""Autosave and crash restore.

The app writes the encounter here (with its log, so the fight so far survives) on every
change and clears it on a clean exit: an autosave present at start means the last session
crashed, and `pending_autosave()` hands it back to offer a restore.

Two files in `user_data_dir()`: `autosave.json` is an ordinary encounter file, and
`autosave.meta.json` says which file it was opened from and when it was saved. Picture paths
in the encounter stay as the user's file has them: resolve them against `source_path`
(paths.resolve_image), not against the autosave's folder.
"""

from __future__ import annotations

import contextlib
import logging
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from battlemap.core.encounter import Encounter
from battlemap.core.errors import BattlemapError, EncounterError
from battlemap.storage.atomic_write import write_text_atomically
from battlemap.storage.encounter_file import load_encounter, save_encounter
from battlemap.storage.json_reading import read_json_file
from battlemap.storage.json_text import write_json
from battlemap.storage.paths import user_data_dir

AUTOSAVE_FILE = "autosave.json"
AUTOSAVE_META_FILE = "autosave.meta.json"

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class AutosaveInfo:
    """An autosave left by a session that did not exit cleanly.

    `source_path` is the absolute path of the file the encounter was opened from or last
    saved to (None for one never saved); `saved_at` is when the autosave was written (UTC).
    """

    encounter: Encounter
    source_path: str | None
    saved_at: datetime


def write_autosave(encounter: Encounter, source_path: str | None) -> None:
    """Write `encounter` and where it came from to the autosave, each file atomically.

    Raises EncounterError if the encounter would not load back or the files cannot be
    written; the previous autosave is then left as it was.
    """
    folder = user_data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise EncounterError(
            str(folder), f"cannot create the autosave folder: {error.strerror or error}"
        ) from None
    save_encounter(encounter, folder / AUTOSAVE_FILE)
    meta = {
        "source_path": None if source_path is None else os.path.abspath(source_path),
        "saved_at": _now().isoformat(timespec="seconds"),
    }
    meta_path = folder / AUTOSAVE_META_FILE
    try:
        write_text_atomically(meta_path, lambda stream: write_json(meta, stream))
    except OSError as error:
        raise EncounterError(
            str(meta_path), f"cannot save the file: {error.strerror or error}"
        ) from None


def pending_autosave() -> AutosaveInfo | None:
    """The autosave a crashed session left, or None if there is none.

    Never raises for a file problem: the app calls this at start. An autosave that does not
    load is not deleted but renamed aside, as autosave.corrupt-<UTC time>.json (its meta file
    beside it), and None is returned.
    """
    folder = user_data_dir()
    path = folder / AUTOSAVE_FILE
    if not os.path.exists(path):
        return None
    try:
        encounter = load_encounter(path)
    except EncounterError as error:
        _set_aside(folder, str(error))
        return None
    source_path, saved_at = _read_meta(folder / AUTOSAVE_META_FILE, path)
    return AutosaveInfo(encounter=encounter, source_path=source_path, saved_at=saved_at)


def clear_autosave() -> None:
    """Remove the autosave: the session ended cleanly, or its autosave was dealt with."""
    folder = user_data_dir()
    # The encounter first: without it a leftover meta file means nothing.
    for name in (AUTOSAVE_FILE, AUTOSAVE_META_FILE):
        with contextlib.suppress(FileNotFoundError):
            os.remove(folder / name)


def _now() -> datetime:
    return datetime.now(UTC)


def _set_aside(folder: Path, problem: str) -> None:
    stamp = f"{_now():%Y%m%dT%H%M%SZ}"
    stem = f"autosave.corrupt-{stamp}"
    suffix = 1
    # Two crashes in one second are unlikely; overwriting the first one's file would still
    # lose it, so count up instead.
    while os.path.exists(folder / f"{stem}.json"):
        suffix += 1
        stem = f"autosave.corrupt-{stamp}-{suffix}"
    try:
        os.replace(folder / AUTOSAVE_FILE, folder / f"{stem}.json")
        if os.path.exists(folder / AUTOSAVE_META_FILE):
            os.replace(folder / AUTOSAVE_META_FILE, folder / f"{stem}.meta.json")
    except OSError as error:
        _log.warning("cannot set the broken autosave aside: %s", error)
        return
    _log.warning("the autosave could not be read (%s); kept as %s.json", problem, stem)


def _read_meta(meta_path: Path, autosave_path: Path) -> tuple[str | None, datetime]:
    """Where the autosave came from and when it was saved. The meta file is a convenience:
    if it is missing or broken, the encounter is still restored, as unsaved, stamped with
    the autosave file's modification time."""
    source_path: str | None = None
    saved_at: datetime | None = None
    try:
        meta = read_json_file(meta_path, BattlemapError, "an autosave meta file")
    except BattlemapError as error:
        _log.warning("ignoring the autosave's meta file: %s", error)
        meta = {}
    if isinstance(meta, dict):
        found = meta.get("source_path")
        if isinstance(found, str) and found and "\0" not in found:
            source_path = found
        found_at = meta.get("saved_at")
        if isinstance(found_at, str):
            with contextlib.suppress(ValueError):
                saved_at = datetime.fromisoformat(found_at)
    if saved_at is None:
        try:
            saved_at = datetime.fromtimestamp(os.path.getmtime(autosave_path), UTC)
        except OSError:
            saved_at = _now()
    if saved_at.tzinfo is None:
        saved_at = saved_at.replace(tzinfo=UTC)
    return source_path, saved_at
