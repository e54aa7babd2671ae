"""A bug met while the window runs: written to a crash report, said once, and the fight paused.

Without this, an exception in a slot (a playback tick, say) is printed where a game master who
double-clicked the app never looks, and the timer that raised it raises it again every frame.
The handler writes the traceback to the crash report in the user's log folder, stops playback
so the same error is not repeated sixty times a second, and shows one message naming the
report; errors that follow while that message is open are only written down.
"""

from __future__ import annotations

import contextlib
import sys
import traceback
from collections.abc import Callable
from types import TracebackType

from PySide6.QtWidgets import QMessageBox, QWidget

from battlemap.storage.crash_report import write_crash_report


class CrashHandler:
    """`sys.excepthook` for the window's lifetime (`install`); `pause` stops playback and
    `say` shows the message (a QMessageBox; tests pass their own)."""

    def __init__(self, pause: Callable[[], None], say: Callable[[str], None]) -> None:
        self._pause = pause
        self._say = say
        self._saying = False
        self.reports = 0

    def __call__(
        self, kind: type[BaseException], error: BaseException, tb: TracebackType | None
    ) -> None:
        text = "".join(traceback.format_exception(kind, error, tb))
        print(text, file=sys.stderr, end="")
        report = write_crash_report(text)
        self.reports += 1
        with contextlib.suppress(Exception):  # a failing pause must not recurse into this hook
            self._pause()
        if self._saying:
            return  # the message is already up: this one is written down only
        where = f"Details were saved to {report}." if report else "Details are on the console."
        self._saying = True
        try:
            self._say(
                f"Battlemap met an internal error and paused the fight. {where} "
                "Your work is kept by the autosave; please attach the report to a bug report."
            )
        finally:
            self._saying = False


def install(parent: QWidget, pause: Callable[[], None]) -> CrashHandler:
    """Route uncaught exceptions to a CrashHandler that tells the game master in a dialog."""

    def say(text: str) -> None:
        QMessageBox.critical(parent, "Internal error", text)

    handler = CrashHandler(pause, say)
    sys.excepthook = handler
    return handler
