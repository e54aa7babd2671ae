"""Autosave and crash restore: what a crashed session leaves is offered back, nothing is lost."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

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
from battlemap.storage.encounter_file import load_encounter
from tests.storage.samples import MINIMAL_ENCOUNTER

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


def test_nothing_pending_at_first(home: Path) -> None:
    assert pending_autosave() is None


def test_an_autosave_comes_back_with_where_and_when(
    home: Path, tmp_path: Path, clock: list[datetime]
) -> None:
    write_autosave(MINIMAL_ENCOUNTER, str(tmp_path / "fight.json"))
    assert pending_autosave() == AutosaveInfo(
        encounter=MINIMAL_ENCOUNTER, source_path=str(tmp_path / "fight.json"), saved_at=NOON
    )
    assert sorted(os.listdir(data_dir(home))) == ["autosave.json", "autosave.meta.json"]
    assert json.loads((data_dir(home) / "autosave.meta.json").read_text(encoding="utf-8")) == {
        "source_path": str(tmp_path / "fight.json"),
        "saved_at": "2025-03-14T12:00:05+00:00",
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


def test_an_autosave_folder_that_cannot_be_made_is_an_encounter_error(home: Path) -> None:
    home.mkdir()
    (home / "data").write_text("a file where the folder should be", encoding="utf-8")
    with pytest.raises(EncounterError) as caught:
        write_autosave(MINIMAL_ENCOUNTER, None)
    assert caught.value.where == str(home / "data")
    assert caught.value.problem.startswith("cannot create the autosave folder")


# --- damaged files ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content", [b"", b'{"format": "battlemap-encou', b"\xff\xfe", b"[]", b'{"format": 1}']
)
def test_a_corrupt_autosave_is_set_aside_not_deleted(
    home: Path, clock: list[datetime], content: bytes
) -> None:
    write_autosave(MINIMAL_ENCOUNTER, "/fights/a.json")
    folder = data_dir(home)
    (folder / "autosave.json").write_bytes(content)

    assert pending_autosave() is None

    assert sorted(os.listdir(folder)) == [
        "autosave.corrupt-20250314T120005Z.json",
        "autosave.corrupt-20250314T120005Z.meta.json",
    ]
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


def test_an_autosave_without_its_meta_file_is_restored_as_unsaved(home: Path) -> None:
    write_autosave(MINIMAL_ENCOUNTER, "/fights/a.json")
    folder = data_dir(home)
    os.remove(folder / "autosave.meta.json")
    os.utime(folder / "autosave.json", (NOON.timestamp(), NOON.timestamp()))

    assert pending_autosave() == AutosaveInfo(MINIMAL_ENCOUNTER, None, NOON)


@pytest.mark.parametrize(
    "meta",
    [
        "not json",
        "[]",
        '{"source_path": 3, "saved_at": "yesterday"}',
        '{"source_path": "", "saved_at": null}',
    ],
)
def test_a_broken_meta_file_still_restores_the_encounter(home: Path, meta: str) -> None:
    write_autosave(MINIMAL_ENCOUNTER, "/fights/a.json")
    folder = data_dir(home)
    (folder / "autosave.meta.json").write_text(meta, encoding="utf-8")
    os.utime(folder / "autosave.json", (NOON.timestamp(), NOON.timestamp()))

    assert pending_autosave() == AutosaveInfo(MINIMAL_ENCOUNTER, None, NOON)


def test_a_meta_time_without_a_zone_is_taken_as_utc(home: Path) -> None:
    write_autosave(MINIMAL_ENCOUNTER, None)
    (data_dir(home) / "autosave.meta.json").write_text(
        '{"source_path": null, "saved_at": "2025-03-14T12:00:05"}', encoding="utf-8"
    )
    info = pending_autosave()
    assert info is not None and info.saved_at == NOON
