"""Autosave and crash restore: what a crashed session leaves is offered back, nothing is lost.

The autosave is one file holding the encounter and where it came from, so the two always
agree; tests/storage/test_save_kills.py kills its writer at random moments to show it."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

import pytest

from battlemap.core.engine import Engine
from battlemap.core.errors import EncounterError
from battlemap.rulesets import get_ruleset
from battlemap.storage import autosave
from battlemap.storage.autosave import (
    AutosaveInfo,
    clear_autosave,
    pending_autosave,
    write_autosave,
)
from battlemap.storage.encounter_file import load_encounter, save_encounter
from tests.storage.samples import MINIMAL, MINIMAL_ENCOUNTER

SKIRMISH = Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json"
NOON = datetime(2025, 3, 14, 12, 0, 5, tzinfo=UTC)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[datetime]:
    """The autosave's clock, stopped at NOON; append to move it on."""
    times = [NOON]
    monkeypatch.setattr(autosave, "_now", lambda: times[-1])
    return times


def data_dir(home: Path) -> Path:
    return home / "data"


def write_wrapped(home: Path, meta: object) -> None:
    """An autosave as this version writes it, with `meta` as its "autosave" part (a hand
    edit), modified at NOON."""
    path = data_dir(home) / "autosave.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"encounter": MINIMAL} if meta is None else {"autosave": meta, "encounter": MINIMAL}
    path.write_text(json.dumps(data), encoding="utf-8")
    os.utime(path, (NOON.timestamp(), NOON.timestamp()))


def write_legacy(home: Path, source: str) -> None:
    """The two files an earlier version wrote: an encounter file and a meta file beside it,
    the encounter modified at NOON."""
    folder = data_dir(home)
    folder.mkdir(parents=True, exist_ok=True)
    save_encounter(MINIMAL_ENCOUNTER, folder / "autosave.json")
    os.utime(folder / "autosave.json", (NOON.timestamp(), NOON.timestamp()))
    meta = {"source_path": source, "saved_at": "2025-03-14T11:00:00+00:00"}
    (folder / "autosave.meta.json").write_text(json.dumps(meta), encoding="utf-8")


def test_nothing_pending_at_first(home: Path) -> None:
    assert pending_autosave() is None


def test_an_autosave_comes_back_with_where_and_when(
    home: Path, tmp_path: Path, clock: list[datetime]
) -> None:
    write_autosave(MINIMAL_ENCOUNTER, str(tmp_path / "fight.json"))
    assert pending_autosave() == AutosaveInfo(
        encounter=MINIMAL_ENCOUNTER, source_path=str(tmp_path / "fight.json"), saved_at=NOON
    )
    # One file, the encounter and where it came from together.
    assert os.listdir(data_dir(home)) == ["autosave.json"]
    assert json.loads((data_dir(home) / "autosave.json").read_text(encoding="utf-8")) == {
        "autosave": {
            "source": str(tmp_path / "fight.json"),
            "saved_at": "2025-03-14T12:00:05+00:00",
        },
        "encounter": MINIMAL,
    }


def test_a_played_fight_comes_back_with_its_log_and_seed(home: Path) -> None:
    encounter = load_encounter(SKIRMISH)
    engine = Engine(encounter, get_ruleset("d12"), seed=5)
    assert engine.run()
    played = replace(encounter, seed=5, log=tuple(engine.log))

    write_autosave(played, str(SKIRMISH))

    info = pending_autosave()
    assert info is not None
    assert info.encounter.seed == 5
    assert [e.to_json() for e in info.encounter.log] == [e.to_json() for e in played.log]


def test_the_source_path_is_kept_absolute(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write_autosave(MINIMAL_ENCOUNTER, "fight.json")
    info = pending_autosave()
    assert info is not None and info.source_path == str(tmp_path / "fight.json")


def test_an_encounter_never_saved_has_no_source_path(home: Path) -> None:
    write_autosave(MINIMAL_ENCOUNTER, None)
    info = pending_autosave()
    assert info is not None and info.source_path is None


def test_the_latest_autosave_wins(home: Path, clock: list[datetime]) -> None:
    write_autosave(MINIMAL_ENCOUNTER, None)
    clock.append(datetime(2025, 3, 14, 12, 1, tzinfo=UTC))
    renamed = replace(MINIMAL_ENCOUNTER, name="Round 2")
    write_autosave(renamed, "/fights/b.json")
    assert pending_autosave() == AutosaveInfo(renamed, "/fights/b.json", clock[-1])


def test_a_clean_exit_clears_it(home: Path) -> None:
    write_autosave(MINIMAL_ENCOUNTER, None)
    clear_autosave()
    assert pending_autosave() is None
    assert os.listdir(data_dir(home)) == []


def test_clearing_nothing_is_fine(home: Path) -> None:
    clear_autosave()
    assert pending_autosave() is None


def test_an_encounter_that_would_not_load_is_not_autosaved(home: Path) -> None:
    write_autosave(MINIMAL_ENCOUNTER, None)
    before = (data_dir(home) / "autosave.json").read_bytes()
    thorin = replace(MINIMAL_ENCOUNTER.combatants[0], speed=32)
    broken = replace(MINIMAL_ENCOUNTER, combatants=(thorin, *MINIMAL_ENCOUNTER.combatants[1:]))
    with pytest.raises(EncounterError, match=r"combatants\[0\]\.speed"):
        write_autosave(broken, None)
    assert (data_dir(home) / "autosave.json").read_bytes() == before


def test_a_write_that_fails_half_way_leaves_the_previous_autosave(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_autosave(MINIMAL_ENCOUNTER, "/fights/a.json")
    before = (data_dir(home) / "autosave.json").read_bytes()

    def disk_full(_value: object, stream: TextIO, **_kwargs: object) -> None:
        stream.write('{"autosave": {"source": "/fights/b.json"')
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosave, "write_json", disk_full)
    with pytest.raises(EncounterError) as caught:
        write_autosave(replace(MINIMAL_ENCOUNTER, name="B"), "/fights/b.json")
    assert caught.value.where == str(data_dir(home) / "autosave.json")
    assert caught.value.problem == "cannot save the file: No space left on device"
    assert (data_dir(home) / "autosave.json").read_bytes() == before
    assert os.listdir(data_dir(home)) == ["autosave.json"]


def test_an_autosave_folder_that_cannot_be_made_is_an_encounter_error(home: Path) -> None:
    home.mkdir()
    (home / "data").write_text("a file where the folder should be", encoding="utf-8")
    with pytest.raises(EncounterError) as caught:
        write_autosave(MINIMAL_ENCOUNTER, None)
    assert caught.value.where == str(home / "data")
    assert caught.value.problem.startswith("cannot create the autosave folder")


# --- damaged files ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b'{"autosave": {"source": "/fights/a.json"}, "encounter": {"format": "battlemap-encou',
        b"\xff\xfe",
        b"[]",
        b'{"format": 1}',
        b'{"autosave": {"source": "/fights/a.json"}, "encounter": []}',
    ],
)
def test_a_corrupt_autosave_is_set_aside_not_deleted(
    home: Path, clock: list[datetime], content: bytes
) -> None:
    write_autosave(MINIMAL_ENCOUNTER, "/fights/a.json")
    folder = data_dir(home)
    (folder / "autosave.json").write_bytes(content)

    assert pending_autosave() is None

    assert os.listdir(folder) == ["autosave.corrupt-20250314T120005Z.json"]
    assert (folder / "autosave.corrupt-20250314T120005Z.json").read_bytes() == content
    assert pending_autosave() is None


def test_two_corrupt_autosaves_in_one_second_are_both_kept(
    home: Path, clock: list[datetime]
) -> None:
    folder = data_dir(home)
    for content in (b"first", b"second"):
        write_autosave(MINIMAL_ENCOUNTER, None)
        (folder / "autosave.json").write_bytes(content)
        assert pending_autosave() is None
    assert (folder / "autosave.corrupt-20250314T120005Z.json").read_bytes() == b"first"
    assert (folder / "autosave.corrupt-20250314T120005Z-2.json").read_bytes() == b"second"


def test_an_autosave_that_does_not_say_where_it_came_from_is_restored_as_unsaved(
    home: Path,
) -> None:
    """Only a hand edit makes one (the file is written whole): the encounter comes back, and
    with no source to trust, Save will ask where."""
    write_wrapped(home, None)
    assert pending_autosave() == AutosaveInfo(MINIMAL_ENCOUNTER, None, NOON)


@pytest.mark.parametrize(
    "meta",
    [
        "not an object",
        [],
        {"source": 3, "saved_at": "yesterday"},
        {"source": "", "saved_at": None},
        {"source": "fights/a.json"},  # relative: it would depend on the folder the app starts in
        {"source": "/fights/a\u0000.json"},
        {},
    ],
)
def test_a_broken_autosave_part_still_restores_the_encounter(home: Path, meta: object) -> None:
    write_wrapped(home, meta)
    assert pending_autosave() == AutosaveInfo(MINIMAL_ENCOUNTER, None, NOON)


def test_an_autosave_time_without_a_zone_is_taken_as_utc(home: Path) -> None:
    write_wrapped(home, {"source": None, "saved_at": "2025-03-14T12:00:05"})
    info = pending_autosave()
    assert info is not None and info.saved_at == NOON


# --- two-file autosaves from earlier versions ---------------------------------------------------


def test_an_old_two_file_autosave_is_restored_as_unsaved(home: Path) -> None:
    """Its meta file may belong to an earlier autosave than the encounter beside it (a kill
    between the two writes): its source is not trusted, so the next Save asks where instead
    of overwriting what may be another file. The time is the encounter file's own."""
    write_legacy(home, "/fights/a.json")
    assert pending_autosave() == AutosaveInfo(MINIMAL_ENCOUNTER, None, NOON)


def test_the_next_autosave_replaces_both_old_files(home: Path, clock: list[datetime]) -> None:
    write_legacy(home, "/fights/a.json")
    write_autosave(MINIMAL_ENCOUNTER, "/fights/b.json")
    assert os.listdir(data_dir(home)) == ["autosave.json"]
    assert pending_autosave() == AutosaveInfo(MINIMAL_ENCOUNTER, "/fights/b.json", NOON)


def test_a_clean_exit_clears_both_old_files(home: Path) -> None:
    write_legacy(home, "/fights/a.json")
    clear_autosave()
    assert os.listdir(data_dir(home)) == []


def test_a_corrupt_old_autosave_is_set_aside_with_its_meta_file(
    home: Path, clock: list[datetime]
) -> None:
    write_legacy(home, "/fights/a.json")
    folder = data_dir(home)
    (folder / "autosave.json").write_bytes(b'{"format": "battlemap-encou')

    assert pending_autosave() is None

    assert sorted(os.listdir(folder)) == [
        "autosave.corrupt-20250314T120005Z.json",
        "autosave.corrupt-20250314T120005Z.meta.json",
    ]
