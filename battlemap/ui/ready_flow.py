"""Readying beside a live map: the Ready dialog open while the map picks the trigger.

The dialog is not modal, so the map keeps taking clicks while it is open: a click on a token
chooses whom to watch, and with "an enemy enters an area" a drag over the squares draws the
area. This flow owns the dialog and the map's area picking; the planning controller decides
what an accepted ready becomes (a readied move still needs its path clicked).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from battlemap.core.encounter import Encounter, Point
from battlemap.core.planning_choice import PlanChoice
from battlemap.ui.map_view import MapView
from battlemap.ui.ready_dialog import ReadyDialog


class ReadyFlow(QObject):
    """One Ready dialog at a time, wired to the map.

    Signals:
        chosen(object): OK was pressed: the ready Plan as the dialog built it. The dialog is
            closed by then.
        cancelled(): the dialog was cancelled or closed by the game master.
        message(str): what the map's picks did, for the status bar.
    """

    chosen = Signal(object)
    cancelled = Signal()
    message = Signal(str)

    def __init__(self, map_view: MapView, parent_widget: QWidget) -> None:
        super().__init__(parent_widget)
        self._map = map_view
        self._parent = parent_widget
        self._dialog: ReadyDialog | None = None
        map_view.areaPicked.connect(self._area_picked)

    @property
    def dialog(self) -> ReadyDialog | None:
        """The open dialog, if any."""
        return self._dialog

    def open(
        self,
        encounter: Encounter,
        actor: str,
        round_number: int,
        choice: PlanChoice,
        counts: tuple[int, int] = (1, 12),
    ) -> None:
        """Open the dialog of the ruleset's `choice` (its triggers and readied actions) for
        `actor`; `counts`: the range of a count trigger."""
        assert choice.ready is not None
        self.close()
        dialog = ReadyDialog(
            encounter,
            actor,
            round_number,
            choice.ready,
            self._parent,
            action=choice.action,
            title=choice.label,
            counts=counts,
        )
        dialog.setModal(False)
        dialog.areaWanted.connect(self._area_wanted)
        # Bound to this dialog: a signal from one already closed must not touch the next.
        dialog.accepted.connect(lambda: self._accepted(dialog))
        dialog.rejected.connect(lambda: self._rejected(dialog))
        self._dialog = dialog
        dialog.show()
        # Qt centres a dialog on its parent, over the very tokens the game master is to click:
        # put it at the window's top right instead, over the docks beside the map.
        window = self._parent.window().frameGeometry()
        dialog.move(window.right() - dialog.frameGeometry().width() - 16, window.top() + 110)

    def token_clicked(self, combatant_id: str, name: str) -> None:
        """A token was clicked on the map while the dialog is open: watch it, if it may be."""
        if self._dialog is None:
            return
        if self._dialog.pick_token(combatant_id):
            self.message.emit(f"Watching {name}.")
        else:
            self.message.emit(f"{name} cannot be watched for that trigger.")

    def close(self) -> None:
        """Close the dialog (no signal) and give the map back."""
        dialog, self._dialog = self._dialog, None
        if dialog is None:
            return
        self._map.end_area_pick()
        self._map.show_area([])
        dialog.close()
        dialog.deleteLater()

    def _area_wanted(self, wanted: bool) -> None:
        if wanted:
            self._map.begin_area_pick()
        else:
            self._map.end_area_pick()
            self._map.show_area([])

    def _area_picked(self, corners: list[Point]) -> None:
        if self._dialog is not None:
            self._dialog.set_area(corners)
            self.message.emit(f"Watching {self._dialog.area_label.text()}.")

    def _accepted(self, dialog: ReadyDialog) -> None:
        if dialog is not self._dialog:
            return
        plan = dialog.plan()
        self.close()
        self.chosen.emit(plan)

    def _rejected(self, dialog: ReadyDialog) -> None:
        if dialog is self._dialog:
            self.close()
            self.cancelled.emit()
