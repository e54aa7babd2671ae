"""The board under the tokens: map area, background picture, grid and walls.

MapView paints this from drawBackground with the background cached, so the per-frame animation
redraw blits one pixmap instead of re-drawing a scaled picture and a hundred grid lines.
"""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImageReader, QPainter, QPainterPath, QPen, QPixmap

from battlemap.core.encounter import MapSpec
from battlemap.ui.map_grid import SQUARE_PX
from battlemap.ui.palette import GRID_LINE, MAP_BACKGROUND

#: Every this many squares the grid line is heavier, to count distances at a glance.
MAJOR_EVERY = 5
#: Below this many device pixels per square the fine grid is noise; only major lines remain.
_FINE_GRID_MIN_PX = 7.0
_WALL_COLOR = QColor("#2a2622")
_WALL_WIDTH = 0.16 * SQUARE_PX
_EDGE_COLOR = QColor(0, 0, 0, 120)


def resolve(image: str, base_dir: Path | None) -> Path:
    """Where a picture named in an encounter lives: absolute, or relative to base_dir."""
    path = Path(image).expanduser()
    if path.is_absolute() or base_dir is None:
        return path
    return base_dir / path


def load_pixmap(image: str, base_dir: Path | None, what: str) -> tuple[QPixmap | None, str | None]:
    """The picture, or None and a message naming `what` and the path the user wrote."""
    path = resolve(image, base_dir)
    if not path.is_file():
        return None, f"{what} not found: {image}"
    reader = QImageReader(str(path))
    picture = reader.read()
    if picture.isNull():
        return None, f"{what} could not be read: {image} ({reader.errorString()})"
    return QPixmap.fromImage(picture), None


class MapBoard:
    """The static part of the map, painted in scene coordinates (SQUARE_PX per square)."""

    def __init__(self) -> None:
        self.spec = MapSpec(0, 0)
        self._pixmap: QPixmap | None = None
        self._walls = QPainterPath()
        fine = QColor(GRID_LINE)
        major = QColor(GRID_LINE)
        major.setAlpha(min(255, GRID_LINE.alpha() * 2))
        # Cosmetic pens stay one device pixel wide at any zoom, as a printed grid would.
        self._fine_pen = QPen(fine, 1.0)
        self._fine_pen.setCosmetic(True)
        self._major_pen = QPen(major, 1.6)
        self._major_pen.setCosmetic(True)
        self._edge_pen = QPen(_EDGE_COLOR, 2.0)
        self._edge_pen.setCosmetic(True)
        self._wall_pen = QPen(_WALL_COLOR, _WALL_WIDTH)
        self._wall_pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self._wall_pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self._map_brush = MAP_BACKGROUND

    @property
    def rect(self) -> QRectF:
        """The map area in scene coordinates."""
        return QRectF(0.0, 0.0, self.spec.width * SQUARE_PX, self.spec.height * SQUARE_PX)

    @property
    def has_picture(self) -> bool:
        return self._pixmap is not None

    def set_map(self, spec: MapSpec, base_dir: Path | None) -> str | None:
        """Take a new map; returns a warning for the user if the background cannot be shown."""
        self.spec = spec
        self._walls = QPainterPath()
        for wall in spec.walls:
            if not wall:
                continue
            self._walls.moveTo(wall[0][0] * SQUARE_PX, wall[0][1] * SQUARE_PX)
            for x, y in wall[1:]:
                self._walls.lineTo(x * SQUARE_PX, y * SQUARE_PX)
        self._pixmap = None
        if spec.background is None:
            return None
        pixmap, problem = load_pixmap(spec.background.image, base_dir, "background image")
        self._pixmap = pixmap
        return problem

    def paint(self, painter: QPainter, exposed: QRectF) -> None:
        """Draw the part of the board inside `exposed` (scene coordinates)."""
        area = self.rect
        if area.isEmpty():
            return
        painter.fillRect(area, self._map_brush)
        if self._pixmap is not None and self.spec.background is not None:
            self._paint_picture(painter)
        self._paint_grid(painter, exposed.intersected(area))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(self._edge_pen)
        painter.drawRect(area)
        if not self._walls.isEmpty():
            painter.setPen(self._wall_pen)
            painter.drawPath(self._walls)

    def _paint_picture(self, painter: QPainter) -> None:
        assert self._pixmap is not None and self.spec.background is not None
        width = self.spec.background.squares_across * SQUARE_PX
        scale = width / max(1, self._pixmap.width())
        target = QRectF(0.0, 0.0, width, self._pixmap.height() * scale)
        painter.save()
        # The picture may be larger than the map; what lies outside is not part of the fight.
        painter.setClipRect(self.rect)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawPixmap(target, self._pixmap, QRectF(self._pixmap.rect()))
        painter.restore()

    def _paint_grid(self, painter: QPainter, visible: QRectF) -> None:
        if visible.isEmpty():
            return
        device_px = SQUARE_PX * math.hypot(
            painter.worldTransform().m11(), painter.worldTransform().m12()
        )
        fine_too = device_px >= _FINE_GRID_MIN_PX
        first_i = max(0, math.floor(visible.left() / SQUARE_PX))
        last_i = min(self.spec.width, math.ceil(visible.right() / SQUARE_PX))
        first_j = max(0, math.floor(visible.top() / SQUARE_PX))
        last_j = min(self.spec.height, math.ceil(visible.bottom() / SQUARE_PX))
        top, bottom = first_j * SQUARE_PX, last_j * SQUARE_PX
        left, right = first_i * SQUARE_PX, last_i * SQUARE_PX
        fine: list[QLineF] = []
        major: list[QLineF] = []
        for i in range(first_i, last_i + 1):
            target = major if i % MAJOR_EVERY == 0 else fine
            x = i * SQUARE_PX
            target.append(QLineF(QPointF(x, top), QPointF(x, bottom)))
        for j in range(first_j, last_j + 1):
            target = major if j % MAJOR_EVERY == 0 else fine
            y = j * SQUARE_PX
            target.append(QLineF(QPointF(left, y), QPointF(right, y)))
        if fine_too and fine:
            painter.setPen(self._fine_pen)
            painter.drawLines(fine)
        if major:
            painter.setPen(self._major_pen)
            painter.drawLines(major)
