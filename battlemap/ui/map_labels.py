"""Text labels on the map, and where to put several of them so they do not cover each other.

Labels ignore the view's zoom (ItemIgnoresTransformations), so text stays readable whether the
whole map is on screen or one square fills it; their geometry is in device pixels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.core.encounter import Point

_LABEL_BG = QColor(255, 255, 255, 232)
_DOT_RADIUS_PX = 4.5
_PAD_X = 5.0
_PAD_Y = 2.0
#: Quadrants as (x sign, y sign): above-right, below-right, above-left, below-left.
QUADRANTS = ((1, -1), (1, 1), (-1, -1), (-1, 1))
#: Device pixels between a point and the nearest corner of its label.
GAP_PX = 9.0


class MapLabel(QGraphicsItem):
    """A text pill, with an optional dot at its anchor; local units are device pixels.

    The item's origin is the anchor point on the map; the pill sits in one of the four
    quadrants around it (see `set_quadrant`), GAP_PX away so it never covers the point.
    """

    def __init__(
        self,
        text: str,
        accent: QColor,
        *,
        dot: QColor | None = None,
        quadrant: int = 0,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self._font = QFont()
        self._font.setPixelSize(11)
        self._metrics = QFontMetricsF(self._font)
        accent = QColor(accent)
        self._border = QPen(accent, 1.2)
        self._text_pen = QPen(accent.darker(135))
        self._bg = QBrush(_LABEL_BG)
        self._dot_brush = QBrush(dot) if dot is not None else None
        self._dot_pen = QPen(QColor("#ffffff"), 1.5)
        self._quadrant = quadrant
        self._text = ""
        self._size = QSizeF()
        self.set_text(text)

    @property
    def text(self) -> str:
        return self._text

    @property
    def size(self) -> QSizeF:
        """The pill's size in device pixels."""
        return QSizeF(self._size)

    def set_text(self, text: str) -> None:
        if text == self._text:
            return
        self._text = text
        self._size = QSizeF(
            self._metrics.horizontalAdvance(text) + 2 * _PAD_X, self._metrics.height() + 2 * _PAD_Y
        )
        self._layout()

    def set_quadrant(self, quadrant: int) -> None:
        if quadrant != self._quadrant:
            self._quadrant = quadrant
            self._layout()

    def _layout(self) -> None:
        self.prepareGeometryChange()
        self._pill = pill_rect(QPointF(0.0, 0.0), self._size, self._quadrant)
        dot = _DOT_RADIUS_PX + 1.0
        around_dot = QRectF(-dot, -dot, 2 * dot, 2 * dot)
        self._bounds = self._pill.united(around_dot).adjusted(-1, -1, 1, 1)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self._dot_brush is not None:
            painter.setPen(self._dot_pen)
            painter.setBrush(self._dot_brush)
            painter.drawEllipse(QPointF(0.0, 0.0), _DOT_RADIUS_PX, _DOT_RADIUS_PX)
        painter.setPen(self._border)
        painter.setBrush(self._bg)
        painter.drawRoundedRect(self._pill, 4.0, 4.0)
        painter.setFont(self._font)
        painter.setPen(self._text_pen)
        painter.drawText(self._pill, Qt.AlignmentFlag.AlignCenter, self._text)


def pill_rect(anchor: QPointF, size: QSizeF, quadrant: int) -> QRectF:
    """Where a label of `size` sits in `quadrant` around `anchor` (device pixels)."""
    sx, sy = QUADRANTS[quadrant]
    left = anchor.x() + GAP_PX if sx > 0 else anchor.x() - GAP_PX - size.width()
    top = anchor.y() + GAP_PX if sy > 0 else anchor.y() - GAP_PX - size.height()
    return QRectF(left, top, size.width(), size.height())


def away_from_arms(point: Point, arms: Sequence[Point]) -> int:
    """The quadrant facing away from the path's legs at `point` (the neighbouring points).

    On a straight stretch the label goes above it, on the side the legs leave open.
    """
    sx = sy = 0.0
    units: list[Point] = []
    for x, y in arms:
        length = math.hypot(x - point[0], y - point[1])
        if length > 1e-9:
            units.append(((x - point[0]) / length, (y - point[1]) / length))
            sx += units[-1][0]
            sy += units[-1][1]
    if not units:
        return 0
    if math.hypot(sx, sy) < 0.3:
        # Straight through (or a single leg folded back): take a perpendicular, upwards first.
        qx, qy = -units[0][1], units[0][0]
        if qy > 0 or (qy == 0 and qx < 0):
            qx, qy = -qx, -qy
    else:
        qx, qy = -sx, -sy
    return QUADRANTS.index((1 if qx >= 0 else -1, 1 if qy > 0 else -1))


def place(
    anchors: Sequence[QPointF],
    sizes: Sequence[QSizeF],
    preferred: Sequence[int],
    also_avoid: Sequence[QPointF] = (),
) -> list[int]:
    """A quadrant for each label: its preferred one unless that covers an earlier label or
    a marked point, then the first free one, else the preferred after all."""
    dot = 6.0
    taken = [QRectF(a.x() - dot, a.y() - dot, 2 * dot, 2 * dot) for a in (*anchors, *also_avoid)]
    chosen: list[int] = []
    for anchor, size, first in zip(anchors, sizes, preferred, strict=True):
        order = [first, *(q for q in range(len(QUADRANTS)) if q != first)]
        pick = next(
            (q for q in order if not any(pill_rect(anchor, size, q).intersects(r) for r in taken)),
            first,
        )
        taken.append(pill_rect(anchor, size, pick))
        chosen.append(pick)
    return chosen


def drop_item(item: QGraphicsItem) -> None:
    """Take `item` off the map for good, whether or not its parent is in a scene."""
    scene = item.scene()
    if scene is not None:
        scene.removeItem(item)  # also detaches it from its parent
    else:
        item.setParentItem(None)
