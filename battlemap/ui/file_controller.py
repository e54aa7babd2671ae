"""New, Open, Save, Save As, recent files, autosave and the offer to restore after a crash.

Nothing already saved is ever lost: saving is atomic, a failed open changes nothing, and the
encounter is autosaved to the user data folder after every change, so a crash costs nothing.
Saves and autosaves are written on a background thread (ui/background_save.py) from a snapshot,
checking only the events no earlier save or the opening checked: the window never waits for a
long fight's file. The title's modified mark and "Saved" come when the write has finished.
Opening reads and checks the file on a background thread too, under a progress dialog that
shows itself if it takes more than half a second.
Files the game master did not make are never written over: a shipped example (the demo among
them) or a file the OS says is read-only opens read-only, and Save on it asks where to save.
"""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path

from PySide6.QtCore import QEventLoop, QMetaObject, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QProgressDialog, QWidget

from battlemap.core.encounter import Encounter, MapSpec
from battlemap.core.errors import BattlemapError
from battlemap.loading import check_rules, load_checked
from battlemap.storage.autosave import clear_autosave, pending_autosave
from battlemap.storage.encounter_file import load_encounter
from battlemap.storage.paths import documents_dir, is_read_only, resources_dir
from battlemap.storage.settings import Settings, save_settings, with_recent_file
from battlemap.ui.background_save import BackgroundWriter, SaveOutcome, SaveRequest
from battlemap.ui.document import EncounterDocument

FILE_FILTER = "Battlemap encounters (*.json);;All files (*)"
#: Autosave follows an edit this quickly; a burst of edits is one write.
AUTOSAVE_DELAY_MS = 400
#: The fight's progress (after a pause, a step or an answer) is autosaved this soon.
AUTOSAVE_PLAY_MS = 1000
#: Opening shows its progress dialog only if it takes longer than this.
OPEN_PROGRESS_AFTER_MS = 500


def empty_encounter() -> Encounter:
    return Encounter(ruleset="d12", map=MapSpec(30, 20), combatants=())


def demo_path() -> Path:
    return resources_dir() / "examples" / "demo.json"


class FileController(QObject):
    """File menu work for the main window.

    Signals:
        opened(): a different encounter was loaded (New, Open, restore).
        message(str): a line for the status bar.
    """

    opened = Signal()
    message = Signal(str)

    def __init__(
        self,
        document: EncounterDocument,
        settings: Settings,
        window: QWidget,
        current_log: object,
    ) -> None:
        super().__init__(window)
        self.document = document
        self.settings = settings
        self._window = window
        # A callable giving the fight's log so far: saving keeps the fight, not just the set-up.
        self._current_log = current_log
        self.recent_menu = QMenu("Open &Recent", window)
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self.autosave_now)
        self._writer = BackgroundWriter(self)
        self._writer.finished.connect(self._written)
        #: The last explicit save's outcome (None before any): what save(wait=True) reports.
        self._last_save: SaveOutcome | None = None
        self._rebuild_recent_menu()

    # --- commands ----------------------------------------------------------------------------

    def new(self) -> None:
        if self.confirm_discard():
            self.document.replace(empty_encounter(), None)
            self.opened.emit()

    def open_dialog(self) -> None:
        if not self.confirm_discard():
            return
        start = str(self.document.base_dir or documents_dir())
        path, _ = QFileDialog.getOpenFileName(self._window, "Open encounter", start, FILE_FILTER)
        if path:
            self.open_path(Path(path))

    def open_path(self, path: Path, *, quiet: bool = False) -> bool:
        """Load `path`; on a problem say what and where, and leave the open encounter alone."""
        progress = _OpenProgress(path, self._window)
        try:
            # The file and its rules, as `battlemap simulate` checks them: what opens can play.
            encounter = _load_off_the_window_thread(path)
        except BattlemapError as error:
            progress.close()
            if not quiet:
                QMessageBox.warning(self._window, "Cannot open the encounter", str(error))
            self.message.emit(f"Not opened: {error}")
            return False
        # Everything in the file was just checked: saving it again checks only what is new.
        self._writer.checked.trust(encounter.log, [c.id for c in encounter.combatants])
        # The window replays the fight and fills its docks in one go on its own thread: the
        # dialog, if it has shown, stays up saying so until the window is ready.
        progress.say(f"Replaying {path.name}…")
        self.document.replace(encounter, path)
        self._remember(path)
        self.opened.emit()
        progress.close()
        self.message.emit(f"Opened {path.name}")
        return True

    def is_read_only(self) -> bool:
        """The open file must not be written over (see paths.is_read_only): Save asks where.

        Asked of the file system each time rather than remembered from the opening, so that
        a restored autosave of the demo, or a file made read-only since, is caught too."""
        return self.document.path is not None and is_read_only(self.document.path)

    def save(self, *, wait: bool = False) -> bool:
        """Save to the open file (Save As for a new or read-only one). True once the write is
        asked for, or with `wait`, once it has succeeded; the outcome is reported either way."""
        if self.document.path is None or self.is_read_only():
            return self.save_as(wait=wait)
        return self._write(self.document.path, wait)

    def save_as(self, *, wait: bool = False) -> bool:
        path = self.document.path
        if path is None:
            start = documents_dir() / "encounter.json"
        elif self.is_read_only():
            # Not beside a shipped example (inside the installation) or a file the user may not
            # change: in their own documents, under the same name.
            start = documents_dir() / path.name
        else:
            start = path
        chosen, _ = QFileDialog.getSaveFileName(
            self._window, "Save encounter", str(start), FILE_FILTER
        )
        if not chosen:
            return False
        target = Path(chosen)
        if target.suffix == "":
            target = target.with_suffix(".json")
        return self._write(target, wait)

    def confirm_discard(self) -> bool:
        """Ask to save unsaved changes; False if the user cancels."""
        if not self.document.is_modified():
            return True
        answer = QMessageBox.question(
            self._window,
            "Unsaved changes",
            "The encounter has unsaved changes. Save them first?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save(wait=True)  # what is discarded next must be on disk first
        return answer == QMessageBox.StandardButton.Discard

    # --- autosave ------------------------------------------------------------------------------

    def schedule_autosave(self) -> None:
        """An edit: autosave shortly (sooner than a pending fight-progress autosave)."""
        if (
            not self._autosave_timer.isActive()
            or self._autosave_timer.interval() > AUTOSAVE_DELAY_MS
        ):
            self._autosave_timer.start(AUTOSAVE_DELAY_MS)

    def note_progress(self) -> None:
        """The fight moved on (and is not playing): autosave within a second."""
        if not self._autosave_timer.isActive():
            self._autosave_timer.start(AUTOSAVE_PLAY_MS)

    def autosave_now(self) -> None:
        """Autosave now, on the background thread (after a write under way, if any)."""
        self._autosave_timer.stop()
        self._writer.request(SaveRequest(self.with_log(), self.document.path, autosave=True))

    def autosave_pending(self) -> bool:
        """An autosave is due (its timer runs): tests drive it with autosave_now."""
        return self._autosave_timer.isActive()

    def wait_for_writes(self) -> None:
        """Block until every save and autosave asked for is written and reported."""
        self._writer.wait_idle()

    def offer_restore(self) -> bool:
        """After a crash, offer the autosaved encounter; True if it was restored."""
        info = pending_autosave()
        if info is None:
            return False
        if info.source_path and _same_as_saved(info.encounter, Path(info.source_path)):
            clear_autosave()  # nothing was lost: the file on disk already holds it all
            return False
        try:
            check_rules(info.encounter, "the autosaved encounter")
        except BattlemapError as error:
            # Restored, it would fail only when played; say why now, and open as usual.
            QMessageBox.warning(self._window, "Cannot restore the autosave", str(error))
            self.message.emit(f"Not restored: {error}")
            return False
        when = info.saved_at.strftime("%H:%M on %d %b")
        origin = f" ({Path(info.source_path).name})" if info.source_path else ""
        answer = QMessageBox.question(
            self._window,
            "Restore your work?",
            f"Battlemap did not close properly last time. Restore the encounter{origin} "
            f"autosaved at {when}?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        if answer != QMessageBox.StandardButton.Yes:
            clear_autosave()
            return False
        path = Path(info.source_path) if info.source_path else None
        self._writer.checked.trust(info.encounter.log, [c.id for c in info.encounter.combatants])
        self.document.replace(info.encounter, path)
        self.document.undo_stack.resetClean()  # restored work is not saved work
        self.opened.emit()
        self.message.emit("Restored the autosaved encounter.")
        return True

    def clean_exit(self) -> None:
        # A pending autosave would otherwise fire after the clear (the event loop can outlive
        # the window) and leave an autosave that the next start offers to restore.
        self._autosave_timer.stop()
        self._writer.discard_waiting(autosave=True)
        self._writer.wait_idle()  # an autosave under way would land after the clear
        clear_autosave()

    # --- internals ---------------------------------------------------------------------------

    def with_log(self) -> Encounter:
        """The encounter with the fight's log so far: an immutable snapshot (a tuple of the
        log's events, which never change), safe to hand to the writing thread."""
        log = tuple(self._current_log())  # type: ignore[operator]
        return dataclasses.replace(self.document.encounter, log=log)

    def _write(self, path: Path, wait: bool) -> bool:
        # The last guard: even picked in the Save dialog, a read-only file is not replaced. The
        # atomic write refuses a write-protected one too, but a shipped example is writable as
        # far as the OS goes, and this says why in words the game master can act on.
        if is_read_only(path):
            problem = f"{path} is read-only (a shipped example, or write-protected)."
            QMessageBox.warning(
                self._window,
                "Cannot save the encounter",
                f"{problem} Save it under another name or in another folder.",
            )
            self.message.emit(f"Not saved: {problem}")
            return False
        # The undo stack's place when the snapshot was taken: only if nothing was edited while
        # the file was written is the window clean afterwards.
        index = self.document.undo_stack.index()
        request = SaveRequest(self.with_log(), path, token=index)
        self._writer.request(request)
        self.message.emit(f"Saving {path.name}…")
        if not wait:
            return True
        self._writer.wait_idle()
        last = self._last_save
        return last is not None and last.request is request and last.error is None

    def _written(self, outcome: SaveOutcome) -> None:
        """A write finished (on the window's thread): say so, or say why not."""
        request = outcome.request
        if request.autosave:
            if outcome.error is not None:
                self.message.emit(f"Autosave failed: {outcome.error}")
            return
        self._last_save = outcome
        path = request.path
        assert path is not None
        if outcome.error is not None:
            self.message.emit(f"Not saved: {outcome.error}")
            QMessageBox.warning(self._window, "Cannot save the encounter", outcome.error)
            return
        if self.document.undo_stack.index() == request.token:
            self.document.mark_saved(path)
        else:
            # Edited while writing: the file is the snapshot, the window has more.
            self.document.move_to(path)
        self._remember(path)
        self.message.emit(f"Saved {path.name}")

    def _remember(self, path: Path) -> None:
        self.settings = with_recent_file(self.settings, str(path))
        try:
            save_settings(self.settings)
        except (BattlemapError, OSError) as error:
            self.message.emit(f"Could not save settings: {error}")
        self._rebuild_recent_menu()

    def _rebuild_recent_menu(self) -> None:
        self.recent_menu.clear()
        for entry in self.settings.recent_files:
            act = self.recent_menu.addAction(Path(entry).name)
            act.setToolTip(entry)
            act.setStatusTip(entry)
            act.triggered.connect(lambda _=False, p=entry: self._open_recent(Path(p)))
        self.recent_menu.setEnabled(bool(self.settings.recent_files))

    def _open_recent(self, path: Path) -> None:
        if self.confirm_discard():
            self.open_path(path)


def _same_as_saved(encounter: Encounter, path: Path) -> bool:
    try:
        return load_encounter(path) == encounter
    except BattlemapError:
        return False


class _OpenProgress:
    """A modal progress dialog over the window while a file opens, shown only if opening takes
    over OPEN_PROGRESS_AFTER_MS (a short file never flashes one)."""

    def __init__(self, path: Path, window: QWidget) -> None:
        self._dialog = QProgressDialog(f"Opening {path.name}…", "", 0, 0, window)
        self._dialog.setWindowTitle("Opening")
        self._dialog.setCancelButton(None)
        self._dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self._dialog.setMinimumDuration(OPEN_PROGRESS_AFTER_MS)
        self._dialog.setValue(0)  # starts the minimum-duration clock

    def say(self, text: str) -> None:
        self._dialog.setLabelText(text)
        if self._dialog.isVisible():
            self._dialog.repaint()  # what follows keeps the thread: paint the words now

    def close(self) -> None:
        self._dialog.reset()
        self._dialog.deleteLater()


def _load_off_the_window_thread(path: Path) -> Encounter:
    """`load_checked(path)` on a worker thread while the window's event loop runs (it repaints,
    and shows the progress dialog when its time comes): a long fight's file is megabytes of
    JSON with every event checked. Raises what load_checked raises."""
    result: list[Encounter | BaseException] = []
    loop = QEventLoop()

    def load() -> None:
        try:
            result.append(load_checked(path))
        except BaseException as error:  # handed to the window's thread as it is
            result.append(error)
        # Queued into the window's thread (the loop lives there): wakes the loop, or, if it
        # has not started yet, ends it as soon as it does.
        QMetaObject.invokeMethod(loop, "quit", Qt.ConnectionType.QueuedConnection)

    worker = threading.Thread(target=load, name="battlemap-open", daemon=True)
    worker.start()
    # Input is blocked by the dialog once it shows; until then it is held back here, so that
    # nothing is edited while the file is read.
    loop.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
    worker.join()
    found = result[0]
    if isinstance(found, BaseException):
        raise found
    return found
