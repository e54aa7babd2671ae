"""Saving and autosaving on a background thread, one write at a time, none lost.

A long fight's file is megabytes: written on the window's thread, File > Save and the autosave
after a pause froze the window for two seconds. The window now hands over an immutable snapshot
(the encounter with its log as a tuple) and goes on; a worker thread checks what is new
(storage.checked_log), lays out the text and replaces the file atomically. A request made while
a write runs waits its turn: the newest request for the same file replaces an older waiting one
(it holds everything the older one did), so nothing asked for is lost and no stale write lands
after a newer one.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from battlemap.core.encounter import Encounter
from battlemap.core.errors import BattlemapError
from battlemap.storage.autosave import write_autosave
from battlemap.storage.encounter_file import CheckedLog, save_encounter


@dataclass(frozen=True)
class SaveRequest:
    """One write: `encounter` (with its log) to `path`, or to the autosave when `autosave`
    (then `path` is the file it came from, or None). `token` is the caller's, handed back."""

    encounter: Encounter
    path: Path | None
    autosave: bool = False
    token: int = 0


@dataclass(frozen=True)
class SaveOutcome:
    """What became of a request: `error` is None when the file was really written."""

    request: SaveRequest
    error: str | None


class _Job(QRunnable):
    def __init__(
        self, request: SaveRequest, checked: CheckedLog, done: Callable[[SaveOutcome], None]
    ) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._request = request
        self._checked = checked
        self._done = done

    def run(self) -> None:
        request = self._request
        error: str | None = None
        try:
            if request.autosave:
                source = None if request.path is None else str(request.path)
                write_autosave(request.encounter, source, self._checked)
            else:
                assert request.path is not None
                save_encounter(request.encounter, request.path, self._checked)
        except (BattlemapError, OSError) as problem:
            error = str(problem)
        except Exception as problem:  # a bug must not end the thread without a word
            error = f"internal error: {problem!r}"
        self._done(SaveOutcome(request, error))


class BackgroundWriter(QObject):
    """Writes requests in order on one worker thread.

    Signals:
        finished(object): a SaveOutcome, on the window's thread, once the write is over.
    """

    finished = Signal(object)
    _ready = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.checked = CheckedLog()
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._waiting: list[SaveRequest] = []
        self._running: SaveRequest | None = None
        # Outcomes cross threads through a queue; the signal only says "look" (a queued call
        # into the window's thread), and wait_idle reads the queue itself.
        self._outcomes: queue.SimpleQueue[SaveOutcome] = queue.SimpleQueue()
        self._ready.connect(self._deliver)

    def request(self, request: SaveRequest) -> None:
        """Write `request` when the writes before it are done."""
        self._waiting = [
            r for r in self._waiting if (r.autosave, r.path) != (request.autosave, request.path)
        ]
        self._waiting.append(request)
        self._start_next()

    def busy(self) -> bool:
        return self._running is not None or bool(self._waiting)

    def wait_idle(self) -> None:
        """Block until every request is written and its outcome reported (closing the window
        with Save, and tests): the one place the window waits for a write."""
        while self.busy():
            self._pool.waitForDone()
            self._deliver()

    def discard_waiting(self, *, autosave: bool) -> None:
        """Drop waiting requests of one kind (a clean exit drops pending autosaves)."""
        self._waiting = [r for r in self._waiting if r.autosave != autosave]

    def _start_next(self) -> None:
        if self._running is not None or not self._waiting:
            return
        self._running = self._waiting.pop(0)
        self._pool.start(_Job(self._running, self.checked, self._from_worker))

    def _from_worker(self, outcome: SaveOutcome) -> None:
        # On the worker thread: only the thread-safe queue and a queued signal.
        self._outcomes.put(outcome)
        self._ready.emit()

    def _deliver(self) -> None:
        while True:
            try:
                outcome = self._outcomes.get_nowait()
            except queue.Empty:
                return
            self._running = None
            self.finished.emit(outcome)
            self._start_next()
