"""The fight's dials drawn big in the map's top-right corner ("Escalation 3"): a label over
the view, not an item in the scene, so it stays put as the map pans and zooms.

It is a child of the view itself, not of its viewport: scrolling a viewport moves the
viewport's children with its pixels.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractScrollArea, QLabel

#: From the viewport's corner, in pixels.
MARGIN = 10

_STYLE = (
    "QLabel { background: rgba(20, 24, 32, 190); color: white; border-radius: 8px;"
    " padding: 6px 14px; }"
)


class DialOverlay(QLabel):
    """One line per dial, in a big bold font; hidden when there is nothing to show."""

    def __init__(self, view: QAbstractScrollArea) -> None:
        super().__init__(view)
        self.setObjectName("map_dial")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 2.0)
        font.setBold(True)
        self.setFont(font)
        self.setStyleSheet(_STYLE)
        self.hide()

    def set_readings(self, readings: Sequence[str]) -> None:
        """Show these lines ("Escalation 3"); [] hides the overlay. Only a change touches Qt."""
        text = "\n".join(readings)
        if text == self.text() and self.isHidden() == (not text):
            return
        self.setText(text)
        self.setVisible(bool(text))
        self.adjustSize()
        self.place()

    def place(self) -> None:
        """Into the viewport's top-right corner (the view calls it when it is resized)."""
        view = self.parentWidget()
        if not isinstance(view, QAbstractScrollArea):
            return
        viewport = view.viewport().geometry()
        self.move(viewport.right() - self.width() - MARGIN, viewport.top() + MARGIN)
        self.raise_()
