"""Opening a shipped example in the real window, as the window tests do: a copy in the test's
folder (saving never touches the shipped file), a 1400 x 900 window, and the close never held
up by the "save your changes?" question."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from battlemap.loading import load_checked
from battlemap.storage.creature_library import default_creatures
from battlemap.storage.settings import Settings
from battlemap.ui.main_window import MainWindow

EXAMPLES = Path(__file__).parents[2] / "resources" / "examples"


def example_window(
    qtbot: QtBot, tmp_path: Path, name: str, settings: Settings, *, show: bool = True
) -> MainWindow:
    """The example `name` (a file in resources/examples) open in a window with `settings`."""
    path = tmp_path / name
    path.write_bytes((EXAMPLES / name).read_bytes())
    window = MainWindow(load_checked(path), path, settings, default_creatures())
    # pytest-qt closes widgets before fixtures end; a test's edits must not stop the close.
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    if show:
        window.resize(1400, 900)
        window.show()
        qtbot.waitExposed(window)
    return window
