"""Files the game master did not make are never overwritten: the shipped examples and the demo,
and any file the OS says is not writable, open read-only; Save on them asks where to save,
starting in the documents folder."""

from __future__ import annotations

import dataclasses
import os
import shutil
import stat
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from battlemap.storage.creature_library import default_creatures
from battlemap.storage.encounter_file import load_encounter
from battlemap.storage.paths import documents_dir, is_read_only
from battlemap.storage.settings import Settings
from battlemap.ui.main_window import MainWindow

RESOURCES = Path(__file__).parents[2] / "resources"
DEMO_NAME = "Demo: ambush at the ruined chapel"
QUIET = Settings(not_offered=("aoo", "intercept"))


@pytest.fixture
def resources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped resources standing in for the installation's: a test that failed
    to protect the demo overwrites this copy, never the repository's."""
    folder = tmp_path / "installed" / "resources"
    shutil.copytree(RESOURCES, folder)
    monkeypatch.setenv("BATTLEMAP_RESOURCES", str(folder))
    return folder


@pytest.fixture
def documents(tmp_path: Path) -> Path:
    """The documents folder while BATTLEMAP_HOME points at tmp_path/home (the root conftest)."""
    return tmp_path / "home" / "documents"


class SaveDialog:
    """QFileDialog.getSaveFileName standing in for the user: records where each dialog
    started and answers with `answer` ("" is Cancel)."""

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.starts: list[str] = []

    def __call__(
        self, _parent: QWidget, _caption: str, start: str, _filter: str
    ) -> tuple[str, str]:
        self.starts.append(start)
        return self.answer, ""


def _identity(path: Path) -> tuple[int, int]:
    """Which file this is and when it was last written: an atomic save over it changes both."""
    status = path.stat()
    return status.st_ino, status.st_mtime_ns


def _show(qtbot: QtBot, window: MainWindow) -> MainWindow:
    # pytest-qt closes widgets before fixtures end; a test's edits must not stop the close
    # with the "save your changes?" question.
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    window.show()
    qtbot.waitExposed(window)
    # Offscreen, a window is not always made active when shown, and a shortcut such as Ctrl+S
    # only reaches the active window.
    with qtbot.waitActive(window):
        window.activateWindow()
    return window


def _open(qtbot: QtBot, path: Path) -> MainWindow:
    return _show(qtbot, MainWindow(load_encounter(path), path, QUIET, default_creatures()))


def _write_protected_copy(tmp_path: Path) -> Path:
    path = tmp_path / "theirs" / "demo.json"
    path.parent.mkdir()
    path.write_bytes((RESOURCES / "examples" / "demo.json").read_bytes())
    path.chmod(0o444)
    return path


# --- the demo at first launch (issue 9) -------------------------------------------------------


def test_ctrl_s_on_the_first_launch_demo_asks_where_and_leaves_the_demo_alone(
    qtbot: QtBot,
    resources: Path,
    documents: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 9: Ctrl+S on the first-launch demo overwrote resources/examples/demo.json."""
    from battlemap.ui.app import build_window

    demo = resources / "examples" / "demo.json"
    before = demo.read_bytes()
    stamp = _identity(demo)
    target = tmp_path / "my fights" / "ambush.json"
    target.parent.mkdir()
    dialog = SaveDialog(str(target))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    window = _show(qtbot, build_window(None))
    assert window.document.path == demo
    assert window.windowTitle() == f"{DEMO_NAME} (demo.json, read-only) [*] — Battlemap"

    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    window.files.wait_for_writes()  # the file is written on a background thread

    assert demo.read_bytes() == before
    assert _identity(demo) == stamp  # not even replaced by an identical copy
    assert dialog.starts == [str(documents / "demo.json")]
    assert window.document.path == target
    assert load_encounter(target) == load_encounter(demo)
    assert window.windowTitle() == f"{DEMO_NAME} (ambush.json) [*] — Battlemap"
    assert window.statusBar().currentMessage() == "Saved ambush.json"


def test_file_save_on_a_shipped_example_is_save_as(
    qtbot: QtBot, resources: Path, documents: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The menu's Save, on a shipped example other than the demo: the dialog suggests the
    example's own name in the documents folder; cancelling it writes nothing anywhere."""
    skirmish = resources / "examples" / "skirmish.json"
    stamp = _identity(skirmish)
    dialog = SaveDialog("")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    window = _open(qtbot, skirmish)
    window.document.move_combatant("thorin", 3.5, 3.5)

    window.act_save.trigger()

    assert dialog.starts == [str(documents / "skirmish.json")]
    assert _identity(skirmish) == stamp
    assert window.document.path == skirmish
    assert window.isWindowModified()
    assert not documents.exists()


# --- the title --------------------------------------------------------------------------------


def test_the_title_says_read_only_and_unsaved_then_saved(
    qtbot: QtBot, tmp_path: Path, documents: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file the OS says is not writable: the title says so; an edit marks it modified; Save
    asks where, and the copy it saves is an ordinary file, no longer read-only or modified."""
    theirs = _write_protected_copy(tmp_path)
    before = theirs.read_bytes()
    mine = tmp_path / "mine" / "chapel"
    mine.parent.mkdir()
    dialog = SaveDialog(str(mine))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    window = _open(qtbot, theirs)
    assert window.windowTitle() == f"{DEMO_NAME} (demo.json, read-only) [*] — Battlemap"
    assert not window.isWindowModified()

    window.document.move_combatant("mialee", 3.5, 5.5)
    assert window.windowTitle() == f"{DEMO_NAME} (demo.json, read-only) [*] — Battlemap"
    assert window.isWindowModified()

    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    window.files.wait_for_writes()  # the file is written on a background thread

    assert dialog.starts == [str(documents / "demo.json")]
    assert theirs.read_bytes() == before
    saved = mine.with_suffix(".json")  # the dialog's answer had no suffix
    assert window.document.path == saved
    assert load_encounter(saved).combatant("mialee").x == 3.5
    assert window.windowTitle() == f"{DEMO_NAME} (chapel.json) [*] — Battlemap"
    assert not window.isWindowModified()


def test_an_ordinary_file_saves_in_place_without_a_dialog(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "fight.json"
    path.write_bytes((RESOURCES / "examples" / "demo.json").read_bytes())

    def no_dialog(*_args: object) -> tuple[str, str]:
        raise AssertionError("Save asked where, for a file it may write")

    monkeypatch.setattr(QFileDialog, "getSaveFileName", no_dialog)
    window = _open(qtbot, path)
    assert window.windowTitle() == f"{DEMO_NAME} (fight.json) [*] — Battlemap"
    window.document.move_combatant("mialee", 3.5, 5.5)
    assert window.isWindowModified()

    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    window.files.wait_for_writes()  # the file is written on a background thread

    assert load_encounter(path).combatant("mialee").x == 3.5
    assert not window.isWindowModified()


def test_an_untitled_encounter_is_saved_into_the_documents_folder(
    qtbot: QtBot, documents: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from battlemap.ui.file_controller import empty_encounter

    dialog = SaveDialog("")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    window = _show(qtbot, MainWindow(empty_encounter(), None, QUIET))
    assert window.windowTitle() == "Untitled encounter [*] — Battlemap"
    assert not window.files.save()
    assert dialog.starts == [str(documents / "encounter.json")]


# --- picked in the dialog, restored from an autosave -------------------------------------------


def test_a_read_only_file_picked_in_save_as_is_refused(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even chosen by hand in the Save As dialog, a write-protected file is not replaced (an
    atomic save would rename over it): the user is told why, and the window stays unsaved."""
    theirs = _write_protected_copy(tmp_path)
    stamp = _identity(theirs)
    path = tmp_path / "fight.json"
    path.write_bytes(theirs.read_bytes())
    warnings: list[str] = []

    def warn(_parent: QWidget, _title: str, text: str) -> QMessageBox.StandardButton:
        warnings.append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", warn)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", SaveDialog(str(theirs)))
    window = _open(qtbot, path)
    window.document.move_combatant("mialee", 3.5, 5.5)

    assert not window.files.save_as()

    problem = f"{theirs} is read-only (a shipped example, or write-protected)."
    assert warnings == [f"{problem} Save it under another name or in another folder."]
    assert window.statusBar().currentMessage() == f"Not saved: {problem}"
    assert _identity(theirs) == stamp
    assert window.document.path == path
    assert window.isWindowModified()


def test_a_restored_autosave_of_the_demo_stays_read_only(
    qtbot: QtBot,
    resources: Path,
    documents: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A crash while editing the demo: the restore points the fight at the demo again, and
    Save still asks where instead of replacing the shipped file."""
    from battlemap.storage.autosave import write_autosave
    from battlemap.ui.app import build_window

    demo = resources / "examples" / "demo.json"
    stamp = _identity(demo)
    encounter = load_encounter(demo)
    moved = dataclasses.replace(encounter.combatant("mialee"), x=3.5)
    edited = dataclasses.replace(
        encounter,
        combatants=tuple(moved if c.id == "mialee" else c for c in encounter.combatants),
    )
    write_autosave(edited, str(demo))
    monkeypatch.setattr(QMessageBox, "question", lambda *_args: QMessageBox.StandardButton.Yes)
    target = tmp_path / "ambush.json"
    dialog = SaveDialog(str(target))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)

    window = _show(qtbot, build_window(None))
    assert window.document.path == demo
    assert window.document.encounter == edited
    assert window.windowTitle() == f"{DEMO_NAME} (demo.json, read-only) [*] — Battlemap"
    assert window.isWindowModified()

    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    window.files.wait_for_writes()  # the file is written on a background thread

    assert _identity(demo) == stamp
    assert dialog.starts == [str(documents / "demo.json")]
    assert load_encounter(target) == edited
    assert not window.isWindowModified()


# --- what counts as read-only, and the documents folder (storage/paths.py) ---------------------


def test_shipped_resources_are_read_only(resources: Path, tmp_path: Path) -> None:
    demo = resources / "examples" / "demo.json"
    assert os.access(demo, os.W_OK)  # writable as far as the OS goes...
    assert is_read_only(demo)  # ...but part of the installation
    assert is_read_only(resources / "creatures" / "srd.json")
    link = tmp_path / "shortcut.json"
    link.symlink_to(demo)
    assert is_read_only(link)


def test_the_repository_resources_are_read_only_without_an_override(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("BATTLEMAP_RESOURCES", raising=False)
    assert is_read_only(RESOURCES / "examples" / "demo.json")


def test_a_write_protected_file_is_read_only_and_others_are_not(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    assert not is_read_only(path)  # missing: saving creates it
    path.write_text("{}", encoding="utf-8")
    assert not is_read_only(path)
    path.chmod(stat.S_IRUSR | stat.S_IRGRP)
    assert is_read_only(path)  # even for root, whom os.access lets write anything


def test_the_documents_folder_moves_with_battlemap_home(tmp_path: Path) -> None:
    assert documents_dir() == tmp_path / "home" / "documents"


def test_the_documents_folder_is_the_platforms_or_else_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("BATTLEMAP_HOME")
    user = tmp_path / "user"
    user.mkdir()
    monkeypatch.setenv("HOME", str(user))  # Path.home() on POSIX
    monkeypatch.setenv("USERPROFILE", str(user))  # and on Windows
    assert documents_dir() == user
    (user / "Documents").mkdir()
    assert documents_dir() == user / "Documents"
