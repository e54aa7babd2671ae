"""Creatures dropped on the map: reading the payload and showing where the creature will land."""

from __future__ import annotations

import json

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QDropEvent, QPen
from PySide6.QtWidgets import QGraphicsRectItem

from battlemap.core.encounter import Point
from battlemap.storage.creature_library import (
    CREATURE_MIME,
    CreatureTemplate,
    template_from_mime,
)
from battlemap.ui.map_grid import SQUARE_PX
from battlemap.ui.palette import RULER

PREVIEW_Z = 25.0


def decode_template(payload: bytes) -> tuple[CreatureTemplate | None, str]:
    """The template in a CREATURE_MIME payload, or None and why it could not be read."""
    try:
        return template_from_mime(payload), ""
    # template_from_mime trusts the JSON's shape, so a foreign payload can fail in any of these.
    except (ValueError, KeyError, TypeError, AttributeError, json.JSONDecodeError) as error:
        return None, f"the dropped creature could not be read: {error}"


def accept_creature(event: QDropEvent) -> tuple[CreatureTemplate | None, str]:
    """Accept a drag or drop event carrying a creature (as a copy) and return the creature;
    ignore any other, returning None and, for an unreadable creature, why."""
    mime = event.mimeData()
    if not mime.hasFormat(CREATURE_MIME):
        event.ignore()
        return None, ""
    template, problem = decode_template(bytes(mime.data(CREATURE_MIME).data()))
    if template is None:
        event.ignore()
        return None, problem
    if event.possibleActions() & Qt.DropAction.CopyAction:
        # The library keeps its template; the map gets a copy.
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()
    else:
        event.acceptProposedAction()
    return template, ""


class DropPreview(QGraphicsRectItem):
    """The footprint a dragged creature would occupy if dropped now; hidden otherwise."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(PREVIEW_Z)
        pen = QPen(RULER, 2.0, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self.setPen(pen)
        fill = QColor(RULER)
        fill.setAlpha(60)
        self.setBrush(QBrush(fill))
        self.hide()

    def show_at(self, centre: Point, squares: int) -> None:
        side = squares * SQUARE_PX
        x, y = centre[0] * SQUARE_PX - side / 2.0, centre[1] * SQUARE_PX - side / 2.0
        self.setRect(QRectF(x, y, side, side))
        self.show()
