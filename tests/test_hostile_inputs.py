"""Hostile files through the two ways a user runs them (issue 9): `battlemap simulate` answers
each with exit 0, or exit 2 and exactly one line; the window's open path shows one message, or
opens a file that then plays and saves, and nothing raises.

The window now checks a file's rules as `simulate` does (battlemap/loading.py): an unknown
ruleset used to raise in a Qt slot with no dialog, and an unknown action to open and then raise
KeyError: 'fly' on Play.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from battlemap.cli import EXIT_BAD_INPUT, EXIT_OK, main
from battlemap.storage.creature_library import default_creatures
from battlemap.storage.encounter_file import load_encounter
from battlemap.storage.paths import user_log_dir
from battlemap.storage.settings import Settings
from battlemap.ui.main_window import MainWindow
from tests.hostile_mutations import EXAMPLES, encounter_bases, hostile_bytes
from tests.storage.samples import MINIMAL, edited

BASES = encounter_bases()
SKIRMISH = next(path for path in EXAMPLES if path.name == "skirmish.json")


def _crash_report() -> str:
    report = user_log_dir() / "crash.txt"
    return report.read_text(encoding="utf-8") if report.is_file() else ""


# --- battlemap simulate ---------------------------------------------------------------------


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(raw=hostile_bytes(BASES))
def _simulate_answers(raw: bytes, path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path.write_bytes(raw)
    status = main(["simulate", str(path)])
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert status in (EXIT_OK, EXIT_BAD_INPUT), _crash_report()[-500:]
    if status == EXIT_BAD_INPUT:
        assert len(lines) == 1, err
        assert lines[0].startswith(f"battlemap: {path}"), lines[0]
        assert len(lines[0]) < 1000, lines[0][:1000]
        assert out == ""


def test_simulate_answers_every_hostile_file_with_exit_0_or_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Run in-process: no traceback, no hang (hypothesis has no deadline here; the benchmark
    benchmarks/hostile_files.py times them), and a refusal is one line naming the file."""
    _simulate_answers(path=tmp_path / "hostile.json", capsys=capsys)


# --- the window -----------------------------------------------------------------------------


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """A window on the skirmish (a copy), asking nobody anything while it plays."""
    path = tmp_path / "skirmish.json"
    path.write_bytes(SKIRMISH.read_bytes())
    quiet = Settings(not_offered=("aoo", "intercept"))
    window = MainWindow(load_encounter(path), path, quiet, default_creatures())
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    return window


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The warning dialogs shown, by their text: none is really opened."""
    shown: list[str] = []

    def warn(_parent: object, _title: str, text: str, *_args: object) -> Any:
        shown.append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", warn)
    return shown


def open_in(window: MainWindow, path: Path, warnings: list[str]) -> bool:
    warnings.clear()
    opened = window.files.open_path(path)
    assert len(warnings) == (0 if opened else 1), warnings
    return opened


def test_an_unknown_ruleset_is_one_message_through_the_window(
    window: MainWindow, warnings: list[str], tmp_path: Path
) -> None:
    """It used to raise in _document_changed, in a Qt slot, with no dialog."""
    path = tmp_path / "d20.json"
    path.write_text(json.dumps(edited("ruleset", "d20")), encoding="utf-8")
    before = window.document.encounter

    assert not open_in(window, path, warnings)

    assert warnings == [
        f"{path}, ruleset: unknown ruleset 'd20' (available: d12, combat-experience, 13th-age)"
    ]
    assert window.document.encounter is before
    assert window.statusBar().currentMessage() == f"Not opened: {warnings[0]}"


def test_a_file_with_an_unknown_action_cannot_be_opened_so_never_played(
    window: MainWindow, warnings: list[str], tmp_path: Path
) -> None:
    """It used to open, and Play raised KeyError: 'fly'."""
    path = tmp_path / "fly.json"
    path.write_text(json.dumps(edited("plans[0].action", "fly")), encoding="utf-8")

    assert not open_in(window, path, warnings)
    window.driver.step_round()  # Play: the skirmish, still open, plays
    window.driver.step_round()

    assert warnings == [
        f"{path}, plans[0].action: unknown action 'fly' (d12 actions: attack, cast, charge, "
        "delay, double_move, five_foot_step, follow, full_attack, full_round, move, "
        "move_equivalent, ready, run, standard, withdraw)"
    ]
    assert all(plan.action != "fly" for plan in window.document.encounter.plans)
    assert window.session.events()


def test_a_path_through_a_wall_is_refused_by_the_window_as_by_simulate(
    window: MainWindow, warnings: list[str], tmp_path: Path
) -> None:
    """One of the 90 files simulate refused and the window opened without a word."""
    data = edited("map.walls", [[[3.5, 0], [3.5, 8]]])
    path = tmp_path / "wall.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    assert not open_in(window, path, warnings)

    assert warnings == [f"{path}, plans[0].path[0]: the path crosses a wall at (3.50, 3.50)"]


def test_a_hand_edited_log_is_one_message_through_the_window(
    window: MainWindow, warnings: list[str], tmp_path: Path
) -> None:
    """A roll without its purpose used to raise KeyError: 'purpose' when the fight was rebuilt."""
    data = edited("plans")
    data["log"] = [
        {"type": "roll", "round": 1, "count": 12, "time": 0.0, "actor": "thorin",
         "dice": "1d12", "result": 3, "detail": "1d12 (3) = 3", "source": "app"}
    ]  # fmt: skip
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    assert not open_in(window, path, warnings)

    assert warnings == [f"{path}, log[0]: missing key 'purpose' (a roll event needs it)"]


def test_a_crash_restore_goes_through_the_rules_check(
    qtbot: QtBot, warnings: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An autosave the rules refuse is not restored (it would fail only when played): one
    message, and the window opens as usual."""
    from battlemap.core.encounter import Plan
    from battlemap.storage.autosave import write_autosave
    from battlemap.ui.app import build_window
    from tests.storage.samples import MINIMAL_ENCOUNTER

    flying = dataclasses.replace(
        MINIMAL_ENCOUNTER, plans=(Plan(actor="thorin", round=1, action="fly"),)
    )
    write_autosave(flying, None)
    asked: list[str] = []
    monkeypatch.setattr(
        QMessageBox, "question", lambda *a, **k: asked.append(str(a[2])) or QMessageBox.Yes
    )

    window = build_window(None)
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())

    assert asked == []
    assert warnings == [
        "the autosaved encounter, plans[0].action: unknown action 'fly' (d12 actions: attack, "
        "cast, charge, delay, double_move, five_foot_step, follow, full_attack, full_round, move, "
        "move_equivalent, ready, run, standard, withdraw)"
    ]
    assert all(plan.action != "fly" for plan in window.document.encounter.plans)


def test_battlemap_file_with_a_hostile_file_opens_the_window_with_one_message(
    qtbot: QtBot, warnings: list[str], tmp_path: Path
) -> None:
    """`battlemap FILE` with a 5,000-digit number: the app used to quit at launch."""
    from battlemap.ui.app import build_window

    path = tmp_path / "digits.json"
    path.write_text(
        json.dumps(MINIMAL).replace('"hp": 24', '"hp": ' + "7" * 5000), encoding="utf-8"
    )

    window = build_window(str(path))
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())

    assert warnings == [f"{path}: the file holds a number of 5,000 digits on line 1; at most 4,300"]


def _open_play_save(window: MainWindow, path: Path, raw: bytes, warnings: list[str]) -> None:
    path.write_bytes(raw)
    window.document.undo_stack.setClean()  # Open never stops to ask about unsaved changes
    if not open_in(window, path, warnings):
        assert warnings[0].startswith(str(path)), warnings[0]
        assert len(warnings[0]) < 1000, warnings[0][:1000]
        return
    for _ in range(3):  # Play: the first round, then two more
        window.driver.step_round()
    warnings.clear()
    assert window.files.save(wait=True), warnings
    assert open_in(window, path, warnings), "a saved file always opens"


def test_the_window_opens_plays_and_saves_hostile_files_or_says_why_once(
    window: MainWindow, warnings: list[str], tmp_path: Path
) -> None:
    """Open, play three rounds, save, reopen: one message for a file refused, and nothing
    raised anywhere (pytest-qt fails the test on an exception in a Qt slot too)."""
    path = tmp_path / "hostile.json"

    @settings(
        max_examples=100,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(raw=hostile_bytes(BASES))
    def check(raw: bytes) -> None:
        _open_play_save(window, path, raw, warnings)

    check()


# --- a crash the property test found in the rules, fixed ----------------------------------------


def test_an_interceptor_with_a_queued_plan_does_not_crash_the_fight(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the property test: the chase, reduced to the watchman (standard, then move)
    and the thief running past him."""
    chase = json.loads((SKIRMISH.parent / "chase.json").read_text(encoding="utf-8"))
    keep = {"thief", "watchman"}
    chase["combatants"] = [c for c in chase["combatants"] if c["id"] in keep]
    chase["plans"] = [
        {"actor": "watchman", "round": 1, "action": "standard"},
        {"actor": "thief", "round": 1, "action": "double_move", "path": [[9.5, 6.5], [16.5, 5.5]]},
        {"actor": "watchman", "round": 1, "action": "move", "path": [[17.5, 2.5]]},
    ]
    path = tmp_path / "intercept.json"
    path.write_text(json.dumps(chase), encoding="utf-8")

    status = main(["simulate", str(path)])

    capsys.readouterr()
    assert status == EXIT_OK, _crash_report()[-300:]
