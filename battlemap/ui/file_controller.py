"""New, Open, Save, Save As, recent files, autosave and the offer to restore after a crash.

Nothing already saved is ever lost: saving is atomic, a failed open changes nothing, and the
encounter is autosaved to the user data folder after every change, so a crash costs nothing.
Files the game master did not make are never written over: a shipped example (the demo among
them) or a file the OS says is read-only opens read-only, and Save on it asks where to save.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QWidget

from battlemap.core.encounter import Encounter, MapSpec
from battlemap.core.errors import BattlemapError
from battlemap.loading import check_rules, load_checked
from battlemap.storage.autosave import clear_autosave, pending_autosave, write_autosave
from battlemap.storage.encounter_file import load_encounter, save_encounter
from battlemap.storage.paths import documents_dir, is_read_only, resources_dir
from battlemap.storage.settings import Settings, save_settings, with_recent_file
from battlemap.ui.document import EncounterDocument

FILE_FILTER = "Battlemap encounters (*.json);;All files (*)"
#: Autosave follows an edit this quickly; a burst of edits is one write.
AUTOSAVE_DELAY_MS = 400
#: The fight's progress (after a pause, a step or an answer) is autosaved this soon.
AUTOSAVE_PLAY_MS = 1000


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
        try:
            # The file and its rules, as `battlemap simulate` checks them: what opens can play.
            encounter = load_checked(path)
        except BattlemapError as error:
            if not quiet:
                QMessageBox.warning(self._window, "Cannot open the encounter", str(error))
            self.message.emit(f"Not opened: {error}")
            return False
        self.document.replace(encounter, path)
        self._remember(path)
        self.opened.emit()
        self.message.emit(f"Opened {path.name}")
        return True

    def is_read_only(self) -> bool:
        """The open file must not be written over (see paths.is_read_only): Save asks where.

        Asked of the file system each time rather than remembered from the opening, so that
        a restored autosave of the demo, or a file made read-only since, is caught too."""
        return self.document.path is not None and is_read_only(self.document.path)

    def save(self) -> bool:
        if self.document.path is None or self.is_read_only():
            return self.save_as()
        return self._write(self.document.path)

    def save_as(self) -> bool:
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
        return self._write(target)

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
            return self.save()
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
        self._autosave_timer.stop()
        try:
            write_autosave(self.with_log(), str(self.document.path) if self.document.path else None)
        except (BattlemapError, OSError) as error:
            self.message.emit(f"Autosave failed: {error}")

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
        self.document.replace(info.encounter, path)
        self.document.undo_stack.resetClean()  # restored work is not saved work
        self.opened.emit()
        self.message.emit("Restored the autosaved encounter.")
        return True

    def clean_exit(self) -> None:
        # A pending autosave would otherwise fire after the clear (the event loop can outlive
        # the window) and leave an autosave that the next start offers to restore.
        self._autosave_timer.stop()
        clear_autosave()

    # --- internals ---------------------------------------------------------------------------

    def with_log(self) -> Encounter:
        log = tuple(self._current_log())  # type: ignore[operator]
        return dataclasses.replace(self.document.encounter, log=log)

    def _write(self, path: Path) -> bool:
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
        try:
            save_encounter(self.with_log(), path)
        except BattlemapError as error:
            QMessageBox.warning(self._window, "Cannot save the encounter", str(error))
            self.message.emit(f"Not saved: {error}")
            return False
        self.document.mark_saved(path)
        self._remember(path)
        self.message.emit(f"Saved {path.name}")
        return True

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
