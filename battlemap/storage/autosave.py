"""Autosave and crash restore.

The app writes the encounter here (with its log, so the fight so far survives) on every
change and clears it on a clean exit: an autosave present at start means the last session
crashed, and `pending_autosave()` hands it back to offer a restore.

One file, `autosave.json` in `user_data_dir()`, replaced atomically as a whole:

    {"autosave": {"source": "/abs/path/fight.json", "saved_at": "2025-03-14T12:00:05+00:00"},
     "encounter": {...an ordinary encounter file's content...}}

The encounter and the file it came from are written together so they can never disagree. They
used to be two files (the encounter, then `autosave.meta.json`), and a kill between the two
writes (23 of 150 kills) paired a new encounter with an old source: a restore then pointed the
fight at the wrong file, and the next Save overwrote it. Such a two-file autosave, left by an
earlier version, is still restored, but as never saved (see `_legacy`).

Picture paths in the encounter stay as the user's file has them: resolve them against
`source_path` (paths.resolve_image), not against the autosave's folder.
"""

from __future__ import annotations

import contextlib
import logging
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from battlemap.core.encounter import Encounter
from battlemap.core.errors import EncounterError
from battlemap.storage.atomic_write import write_text_atomically
from battlemap.storage.encounter_file import (
    ONE_LINE_ITEMS,
    CheckedLog,
    encounter_text,
    encounter_to_dict,
    parse_encounter,
)
from battlemap.storage.json_reading import read_json_file
from battlemap.storage.json_text import write_json
from battlemap.storage.paths import user_data_dir

AUTOSAVE_FILE = "autosave.json"
#: The separate meta file of the two-file autosave that earlier versions wrote: read never,
#: removed with the autosave, set aside with a broken one.
LEGACY_META_FILE = "autosave.meta.json"

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


def write_autosave(
    encounter: Encounter, source_path: str | None, checked: CheckedLog | None = None
) -> None:
    """Write `encounter` and where it came from to the autosave, in one atomic replace.

    Raises EncounterError if the encounter would not load back or the file cannot be
    written; the previous autosave is then left as it was. With `checked`, the log's events an
    earlier save found good are not checked again (the window autosaves a long fight often).
    """
    folder = user_data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise EncounterError(
            str(folder), f"cannot create the autosave folder: {error.strerror or error}"
        ) from None
    path = folder / AUTOSAVE_FILE
    meta: dict[str, object] = {
        "autosave": {
            "source": None if source_path is None else os.path.abspath(source_path),
            "saved_at": _now().isoformat(timespec="seconds"),
        }
    }
    # What would not load back is not written: a restore must always open.
    if checked is None:
        body = encounter_to_dict(encounter)
        parse_encounter(body, str(path))
        data = {**meta, "encounter": body}

        def write(stream: TextIO) -> None:
            write_json(data, stream, one_line_items=ONE_LINE_ITEMS)
    else:
        text = encounter_text(encounter, str(path), checked, around=meta)

        def write(stream: TextIO) -> None:
            stream.write(text)

    try:
        write_text_atomically(path, write)
    except OSError as error:
        raise EncounterError(
            str(path), f"cannot save the file: {error.strerror or error}"
        ) from None
    # An earlier version's meta file means nothing beside the new autosave (which is never
    # read with it); tidy it away. A kill before this line is harmless for the same reason.
    with contextlib.suppress(OSError):
        os.remove(folder / LEGACY_META_FILE)


def pending_autosave() -> AutosaveInfo | None:
    """The autosave a crashed session left, or None if there is none.

    Never raises for a file problem: the app calls this at start. An autosave that does not
    load is not deleted but renamed aside, as autosave.corrupt-<UTC time>.json, and None is
    returned.
    """
    folder = user_data_dir()
    path = folder / AUTOSAVE_FILE
    if not os.path.exists(path):
        return None
    try:
        data = read_json_file(path, EncounterError, "an autosave")
        if isinstance(data, dict) and "encounter" in data:
            return _wrapped(data, path)
        return _legacy(data, path)
    except EncounterError as error:
        _set_aside(folder, str(error))
        return None


def clear_autosave() -> None:
    """Remove the autosave: the session ended cleanly, or its autosave was dealt with."""
    folder = user_data_dir()
    for name in (AUTOSAVE_FILE, LEGACY_META_FILE):
        with contextlib.suppress(FileNotFoundError):
            os.remove(folder / name)


def _now() -> datetime:
    return datetime.now(UTC)


def _wrapped(data: dict[str, object], path: Path) -> AutosaveInfo:
    """The autosave as this version writes it. Raises EncounterError for a broken encounter.

    A missing or broken "autosave" part (only a hand edit makes one: the file is written
    whole) still restores the encounter, as never saved: without a trusted source, Save asks
    where rather than guessing a file to replace."""
    encounter = parse_encounter(data["encounter"], str(path))
    meta = data.get("autosave")
    source: str | None = None
    saved_at: datetime | None = None
    if isinstance(meta, dict):
        found = meta.get("source")
        # A relative path would be taken against whatever folder the app starts in: some
        # other file. write_autosave always writes an absolute one.
        if isinstance(found, str) and "\0" not in found and os.path.isabs(found):
            source = found
        found_at = meta.get("saved_at")
        if isinstance(found_at, str):
            with contextlib.suppress(ValueError):
                saved_at = datetime.fromisoformat(found_at)
    else:
        _log.warning("the autosave does not say where it came from; restoring it as unsaved")
    return AutosaveInfo(encounter, source, _in_utc(saved_at, path))


def _legacy(data: object, path: Path) -> AutosaveInfo:
    """A two-file autosave from an earlier version: the encounter is restored, as never
    saved, stamped with the autosave file's modification time.

    Its meta file is not read: it was written after the encounter, so a kill between the two
    left an old meta file beside a newer encounter, and nothing in either tells the two
    cases apart. Taking its source could point the restored fight at the wrong file for the
    next Save to overwrite; without it, Save asks where. Raises EncounterError for a broken
    encounter."""
    encounter = parse_encounter(data, str(path))
    return AutosaveInfo(encounter, None, _in_utc(None, path))


def _in_utc(saved_at: datetime | None, path: Path) -> datetime:
    """`saved_at`, or else the autosave file's modification time; a time without a zone is
    taken as UTC (the autosave only ever writes UTC)."""
    if saved_at is None:
        try:
            saved_at = datetime.fromtimestamp(os.path.getmtime(path), UTC)
        except OSError:
            saved_at = _now()
    if saved_at.tzinfo is None:
        saved_at = saved_at.replace(tzinfo=UTC)
    return saved_at


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
        # An earlier version's meta file belongs with the broken encounter it described.
        if os.path.exists(folder / LEGACY_META_FILE):
            os.replace(folder / LEGACY_META_FILE, folder / f"{stem}.meta.json")
    except OSError as error:
        _log.warning("cannot set the broken autosave aside: %s", error)
        return
    _log.warning("the autosave could not be read (%s); kept as %s.json", problem, stem)
