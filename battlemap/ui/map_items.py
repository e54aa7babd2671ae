"""Overlay items on the battle map: labelled markers, and the planned paths drawn whole.

The map draws planned paths in cached layers (map_paths.py). `PlanPathsItem`, one dashed whole
redrawn on every change, is how it was done before issue 11; it is kept only so that
benchmarks/animation_tick.py can compare the two in one run (`MapView.set_cached_paths`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.core.encounter import Point
from battlemap.ui.map_grid import SQUARE_PX, to_scene
from battlemap.ui.map_labels import MapLabel, drop_item, place
from battlemap.ui.palette import PATH

PATHS_Z = 5.0
MARKERS_Z = 20.0


@dataclass(frozen=True)
class MapMarker:
    """A small labelled marker at (x, y) squares; `color` is any colour name Qt understands."""

    x: float
    y: float
    text: str
    color: str


class PlanPathsItem(QGraphicsItem):
    """Every committed planned path as one item: dashed lines, a dot at each waypoint, an arrow
    at the end (the benchmark's baseline: see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(PATHS_Z)
        # Paths stand still while tokens animate over them; dashed antialiased lines are slow to
        # stroke (measured: 50 paths cost 3 ms a frame), so draw them once per zoom and blit.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._line_pen = QPen(PATH, 2.0, Qt.PenStyle.DashLine)
        self._line_pen.setCosmetic(True)
        self._line_pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self._mark_brush = QBrush(PATH)
        self._lines = QPainterPath()
        self._marks = QPainterPath()
        self._bounds = QRectF()
        self._count = 0

    @property
    def path_count(self) -> int:
        return self._count

    def set_paths(self, paths: Mapping[str, Sequence[Point]]) -> None:
        self.prepareGeometryChange()
        lines = QPainterPath()
        marks = QPainterPath()
        dot = 0.075 * SQUARE_PX
        count = 0
        for points in paths.values():
            if len(points) < 2:
                continue
            count += 1
            lines.moveTo(to_scene(*points[0]))
            for point in points[1:]:
                lines.lineTo(to_scene(*point))
            for point in points[1:-1]:
                marks.addEllipse(to_scene(*point), dot, dot)
            marks.addPath(_arrowhead(points[-2], points[-1]))
        self._lines, self._marks, self._count = lines, marks, count
        margin = 0.25 * SQUARE_PX
        self._bounds = (
            lines.boundingRect()
            .united(marks.boundingRect())
            .adjusted(-margin, -margin, margin, margin)
        )
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(self._line_pen)
        painter.drawPath(self._lines)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._mark_brush)
        painter.drawPath(self._marks)


def _arrowhead(before: Point, tip: Point) -> QPainterPath:
    """A small filled triangle at `tip` pointing away from `before` (scene units)."""
    path = QPainterPath()
    dx, dy = tip[0] - before[0], tip[1] - before[1]
    length = math.hypot(dx, dy)
    if length == 0.0:
        return path
    ux, uy = dx / length, dy / length
    size = 0.2 * SQUARE_PX
    end = to_scene(*tip)
    back = QPointF(end.x() - ux * size, end.y() - uy * size)
    side = QPointF(-uy * size * 0.5, ux * size * 0.5)
    path.moveTo(end)
    path.lineTo(back + side)
    path.lineTo(back - side)
    path.closeSubpath()
    return path


class MarkersItem(QGraphicsItem):
    """A container for the current markers; each is a MapLabel child with a coloured dot."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(MARKERS_Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self._labels: list[MapLabel] = []
        self._scale = 1.0

    def set_markers(self, markers: Sequence[MapMarker]) -> None:
        for label in self._labels:
            drop_item(label)
        self._labels = []
        for marker in markers:
            color = QColor(marker.color)
            if not color.isValid():
                color = QColor(PATH)
            label = MapLabel(marker.text, color, dot=color, parent=self)
            label.setPos(to_scene(marker.x, marker.y))
            self._labels.append(label)
        self.set_scale(self._scale)

    def set_scale(self, scale: float) -> None:
        """Re-place the labels for a zoom of `scale` so that neighbours do not overlap."""
        self._scale = scale
        anchors = [label.pos() * scale for label in self._labels]
        sizes = [label.size for label in self._labels]
        for label, quadrant in zip(
            self._labels, place(anchors, sizes, [0] * len(anchors)), strict=True
        ):
            label.set_quadrant(quadrant)

    def texts(self) -> list[str]:
        return [label.text for label in self._labels]

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pass
