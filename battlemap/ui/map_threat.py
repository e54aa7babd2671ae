"""The threat-zone layer: the squares combatants threaten, tinted in their side's colour."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map_grid import SQUARE_PX

#: Under the planned paths and tokens, over the grid.
THREAT_Z = 2.0
#: Translucent enough that overlapping zones show as darker squares.
FILL_ALPHA = 60


class ThreatZonesItem(QGraphicsItem):
    """All shown zones in one item, painted from a list of (colour, squares) and cached."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(THREAT_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._zones: list[tuple[QColor, tuple[tuple[int, int], ...]]] = []
        self._key: list[tuple[int, frozenset[tuple[int, int]]]] = []
        #: How many times the drawing was thrown away (for tests).
        self.redraws = 0
        self._bounds = QRectF()

    def set_zones(self, zones: Sequence[tuple[QColor, Iterable[tuple[int, int]]]]) -> None:
        """Show these zones; the cached drawing is kept when they are the ones shown (the
        window asks once a unit, and most units change nobody's threatened squares)."""
        wanted = [(QColor(color), tuple(cells)) for color, cells in zones]
        key = [(color.rgba(), frozenset(cells)) for color, cells in wanted]
        if key == self._key:
            return
        self._key = key
        self.redraws += 1
        self.prepareGeometryChange()
        self._zones = wanted
        cells = [cell for _, zone in self._zones for cell in zone]
        if cells:
            xs = [i for i, _ in cells]
            ys = [j for _, j in cells]
            self._bounds = QRectF(
                min(xs) * SQUARE_PX,
                min(ys) * SQUARE_PX,
                (max(xs) - min(xs) + 1) * SQUARE_PX,
                (max(ys) - min(ys) + 1) * SQUARE_PX,
            )
        else:
            self._bounds = QRectF()
        self.update()

    def cell_count(self) -> int:
        return sum(len(zone) for _, zone in self._zones)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setPen(QPen(Qt.PenStyle.NoPen))
        for color, cells in self._zones:
            fill = QColor(color)
            fill.setAlpha(FILL_ALPHA)
            painter.setBrush(QBrush(fill))
            for i, j in cells:
                painter.drawRect(QRectF(i * SQUARE_PX, j * SQUARE_PX, SQUARE_PX, SQUARE_PX))
