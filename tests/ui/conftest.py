"""Fixtures shared by the window tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from battlemap.storage.creature_library import default_creatures
from battlemap.storage.encounter_file import load_encounter
from battlemap.storage.settings import Settings
from battlemap.ui.main_window import MainWindow

DEMO = Path(__file__).parents[2] / "resources" / "examples" / "demo.json"


@pytest.fixture
def demo_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The demo in a 1400 x 900 window, from a copy (saving never touches the shipped file),
    with opportunities answered quietly so nothing stops for a prompt."""
    path = tmp_path / "demo.json"
    path.write_bytes(DEMO.read_bytes())
    quiet = Settings(not_offered=("aoo", "intercept"))
    window = MainWindow(load_encounter(path), path, quiet, default_creatures())
    # pytest-qt closes widgets before fixtures end; a test's edits must not stop the close
    # with the "save your changes?" question.
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    return window
