"""Save and autosave from the window run on a background thread: the window goes on at once,
a save asked for during another is queued (never lost), the modified mark and "Saved" come when
the write has really finished, and a failure is said in one line.

The worker is held at a gate (a threading.Event) where a test needs "while it writes": no
sleeping, no timing."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from battlemap.core.encounter import Encounter
from battlemap.storage.autosave import pending_autosave
from battlemap.storage.encounter_file import load_encounter
from battlemap.storage.settings import Settings
from battlemap.ui import background_save
from battlemap.ui.main_window import MainWindow

DEMO = Path(__file__).parents[2] / "resources" / "examples" / "demo.json"


#: Every gate made: the window opens them all before it closes (its clean exit waits for the
#: writes under way, and pytest-qt closes windows before fixtures end).
_GATES: list[Gate] = []


class Gate:
    """Holds every write on the worker thread until opened; records the threads it ran on."""

    def __init__(self) -> None:
        self.open = threading.Event()
        _GATES.append(self)
        self.entered = threading.Event()
        self.threads: list[threading.Thread] = []

    def wrap(self, write: Callable[..., None]) -> Callable[..., None]:
        def held(*args: object) -> None:
            self.threads.append(threading.current_thread())
            self.entered.set()
            assert self.open.wait(timeout=60), "the test never opened the gate"
            write(*args)

        return held


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    held = Gate()
    monkeypatch.setattr(
        background_save, "save_encounter", held.wrap(background_save.save_encounter)
    )
    monkeypatch.setattr(
        background_save, "write_autosave", held.wrap(background_save.write_autosave)
    )
    yield held
    held.open.set()  # never leave the worker stuck
    _GATES.remove(held)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    # A failed save's message box would wait for a click that never comes.
    monkeypatch.setattr(QMessageBox, "warning", lambda *_a: QMessageBox.StandardButton.Ok)
    path = tmp_path / "fight.json"
    path.write_bytes(DEMO.read_bytes())
    shown = MainWindow(load_encounter(path), path, Settings())
    qtbot.addWidget(shown, before_close_func=_before_close)
    return shown


def _before_close(window: MainWindow) -> None:
    window.document.undo_stack.setClean()  # no "save your changes?" question
    for gate in _GATES:
        gate.open.set()


def _mialee_y(path: Path) -> float:
    encounter: Encounter = load_encounter(path)
    return encounter.combatant("mialee").y


def test_save_returns_at_once_and_marks_saved_when_written(window: MainWindow, gate: Gate) -> None:
    path = window.document.path
    assert path is not None
    window.document.move_combatant("mialee", 3.5, 2.5)
    assert window.files.save()
    assert gate.entered.wait(timeout=60)
    # The write is held: the window has gone on, still modified, nothing said yet.
    assert gate.threads[0] is not threading.main_thread()
    assert window.document.is_modified()
    assert _mialee_y(path) != 2.5
    gate.open.set()
    window.files.wait_for_writes()
    assert not window.document.is_modified()
    assert window.statusBar().currentMessage() == "Saved fight.json"
    assert _mialee_y(path) == 2.5


def test_a_save_asked_for_during_a_write_is_queued_not_lost(window: MainWindow, gate: Gate) -> None:
    path = window.document.path
    assert path is not None
    window.document.move_combatant("mialee", 3.5, 2.5)
    window.files.save()
    assert gate.entered.wait(timeout=60)
    window.document.move_combatant("mialee", 3.5, 1.5)  # edited while the first is written
    window.files.save()
    gate.open.set()
    window.files.wait_for_writes()
    assert _mialee_y(path) == 1.5
    assert not window.document.is_modified()
    assert len(gate.threads) == 2


def test_an_edit_during_the_write_leaves_the_window_modified(
    window: MainWindow, gate: Gate
) -> None:
    path = window.document.path
    assert path is not None
    window.document.move_combatant("mialee", 3.5, 2.5)
    window.files.save()
    assert gate.entered.wait(timeout=60)
    window.document.move_combatant("mialee", 3.5, 1.5)
    gate.open.set()
    window.files.wait_for_writes()
    assert _mialee_y(path) == 2.5  # the snapshot taken when Save was chosen
    assert window.document.is_modified()
    assert window.isWindowModified()


def test_a_failed_save_says_why_in_one_line(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    warnings: list[str] = []

    def warn(_parent: object, _title: str, text: str) -> QMessageBox.StandardButton:
        warnings.append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", warn)
    window.document.path = tmp_path / "no such folder" / "fight.json"
    window.document.move_combatant("mialee", 3.5, 2.5)
    assert not window.files.save(wait=True)
    message = window.statusBar().currentMessage()
    assert message.startswith("Not saved: ") and "does not exist" in message
    assert "\n" not in message
    assert len(warnings) == 1 and "\n" not in warnings[0]
    assert window.document.is_modified()


def test_the_autosave_is_written_off_the_window_thread(window: MainWindow, gate: Gate) -> None:
    window.document.move_combatant("mialee", 3.5, 2.5)
    window.files.autosave_now()
    assert gate.entered.wait(timeout=60)
    assert gate.threads[0] is not threading.main_thread()
    assert pending_autosave() is None  # held: not written yet
    gate.open.set()
    window.files.wait_for_writes()
    saved = pending_autosave()
    assert saved is not None and saved.encounter.combatant("mialee").y == 2.5


def test_a_clean_exit_leaves_no_autosave_even_with_one_under_way(
    window: MainWindow, gate: Gate
) -> None:
    window.document.move_combatant("mialee", 3.5, 2.5)
    window.files.autosave_now()
    assert gate.entered.wait(timeout=60)
    gate.open.set()
    window.files.clean_exit()  # waits for the autosave under way, then clears it
    assert pending_autosave() is None
    assert not window.files.autosave_pending()


def test_saving_twice_checks_the_log_once(window: MainWindow) -> None:
    """The second save of a fight checks no event the first one checked."""
    for _ in range(6):
        window.driver.step_unit()
    events = len(window.session.events())
    assert events > 0
    window.files.save(wait=True)
    checked = window.files._writer.checked
    first = checked.checked_events
    assert first == events
    window.files.save(wait=True)
    assert checked.checked_events == first


def test_opening_reads_the_file_off_the_window_thread_behind_a_progress_dialog(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is read on a worker thread while the window's loop runs; the dialog shows (here
    at once: its delay set to 0) and is gone once the fight is open."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QProgressDialog

    from battlemap.ui import file_controller

    path = window.document.path
    assert path is not None
    seen: list[tuple[bool, bool]] = []
    release = threading.Event()
    real = file_controller.load_checked

    def held(where: Path) -> Encounter:
        assert release.wait(timeout=60), "the window's loop never ran"
        seen.append((threading.current_thread() is threading.main_thread(), False))
        return real(where)

    def look() -> None:
        # On the window's thread, inside the loop that waits for the worker: until the dialog
        # shows (its own zero-delay timer), look again at the loop's next turn.
        if not [d for d in window.findChildren(QProgressDialog) if d.isVisible()]:
            QTimer.singleShot(0, look)
            return
        seen.append((threading.current_thread() is threading.main_thread(), True))
        release.set()

    monkeypatch.setattr(file_controller, "load_checked", held)
    monkeypatch.setattr(file_controller, "OPEN_PROGRESS_AFTER_MS", 0)
    window.show()
    QTimer.singleShot(0, look)
    assert window.files.open_path(path)
    assert seen == [(True, True), (False, False)]
    assert not [d for d in window.findChildren(QProgressDialog) if d.isVisible()]
