"""Starting the window: `battlemap` (the demo on first launch) or `battlemap FILE`."""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QApplication

from battlemap import __version__
from battlemap.core.errors import BattlemapError
from battlemap.storage.creature_library import default_creatures
from battlemap.storage.settings import load_settings, save_settings
from battlemap.ui import crash_handler
from battlemap.ui.file_controller import demo_path, empty_encounter
from battlemap.ui.main_window import MainWindow


def run_app(file: str | None = None, argv: Sequence[str] | None = None) -> int:
    """Open the window and run the event loop; returns the exit status."""
    app = QApplication.instance() or QApplication(list(argv or sys.argv[:1]))
    app.setApplicationName("Battlemap")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("battlemap")
    window = build_window(file)
    # A bug from here on is written to a crash report and said once, with the fight paused.
    crash_handler.install(window, window.driver.pause)
    window.show()
    return int(app.exec())


def build_window(file: str | None) -> MainWindow:
    """The main window with the right encounter: FILE, a crash-restored one, the demo on first
    launch, or the most recent file."""
    settings, problems = load_settings()
    try:
        templates = default_creatures()
    except BattlemapError as error:
        templates = ()
        problems = [*problems, f"creature library: {error}"]
    window = MainWindow(empty_encounter(), None, settings, templates)
    for problem in problems:
        window.statusBar().showMessage(f"Settings: {problem}", 8000)
    if window.files.offer_restore():
        return window
    if file is not None:
        window.files.open_path(Path(file))  # a problem is shown, naming the file and place
        return window
    if not settings.demo_shown:
        window.files.open_path(demo_path(), quiet=True)
        window.settings = dataclasses.replace(window.settings, demo_shown=True)
        with contextlib.suppress(ValueError, OSError):  # the demo again next time is harmless
            save_settings(window.settings)
        return window
    for recent in settings.recent_files:
        if Path(recent).is_file() and window.files.open_path(Path(recent), quiet=True):
            return window
    return window
