"""The History panel: every edit and every answered question of the fight, in order.

A QUndoView on the document's undo stack: the current entry is highlighted, and a click on any
entry undoes or redoes everything up to it (Qt's own jump), so the game master can step back
over several rolls at once and forward again.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QDockWidget, QUndoView, QWidget


class HistoryDock(QDockWidget):
    def __init__(self, stack: QUndoStack, parent: QWidget | None = None) -> None:
        super().__init__("History", parent)
        self.setObjectName("history_dock")
        self.view = QUndoView(stack)
        # The row above the first command: where the file (or a new encounter) began.
        self.view.setEmptyLabel("As opened")
        self.view.setToolTip(
            "Edits and the answers given during the fight. Click an entry to go back to it; "
            "click a later one to go forward again."
        )
        self.setWidget(self.view)
