"""An area of whole squares on the map: what a readied action's "enters an area" watches.

The game master drags over the squares (a single click takes one square); the area is the
rectangle of whole squares between the pressed and the released square, clamped to the map.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.core.encounter import Point
from battlemap.ui.map_grid import to_scene

AREA_Z = 4.0  # under planned paths and markers, over the board
FILL = QColor(28, 124, 156, 60)  # the timeline's trigger blue, see-through
EDGE = QColor("#1c7c9c")


def square_rectangle(
    first: Point, last: Point, width: int, height: int
) -> tuple[Point, Point, Point, Point]:
    """The corners (clockwise from the top left, in squares) of the whole squares spanned by
    the squares holding `first` and `last`, clamped to a `width` x `height` map."""

    def column(value: float, extent: int) -> int:
        return min(max(math.floor(value), 0), extent - 1)

    left, right = sorted((column(first[0], width), column(last[0], width)))
    top, bottom = sorted((column(first[1], height), column(last[1], height)))
    x0, y0, x1, y1 = float(left), float(top), float(right + 1), float(bottom + 1)
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def describe_area(points: Sequence[Point]) -> str:
    """ "3 x 2 squares from (4, 6)" for a rectangle; "an area of N corners" otherwise."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    rectangle = len(points) == 4 and len(set(xs)) == 2 and len(set(ys)) == 2
    if not rectangle:
        return f"an area of {len(points)} corners"
    wide, high = max(xs) - min(xs), max(ys) - min(ys)
    if wide == high == 1:
        return f"the square ({min(xs):g}, {min(ys):g})"
    return f"{wide:g} x {high:g} squares from ({min(xs):g}, {min(ys):g})"


class AreaItem(QGraphicsItem):
    """A tinted polygon with a dashed edge; empty draws nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(AREA_Z)
        self._polygon = QPolygonF()
        self._points: tuple[Point, ...] = ()

    @property
    def points(self) -> tuple[Point, ...]:
        return self._points

    def set_points(self, points: Sequence[Point]) -> None:
        self.prepareGeometryChange()
        self._points = tuple(points)
        self._polygon = QPolygonF([to_scene(x, y) for x, y in points])
        self.update()

    def boundingRect(self) -> QRectF:
        return self._polygon.boundingRect().adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._polygon.isEmpty():
            return
        pen = QPen(EDGE, 2.0, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(FILL)
        painter.drawPolygon(self._polygon)
