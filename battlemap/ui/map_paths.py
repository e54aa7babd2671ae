"""Committed planned paths on the map, drawn so that a frame costs only what changed.

Each path is a token's position followed by its waypoints. It is cut in two pieces: the head,
from the token to its first waypoint, which changes whenever the token moves; and the tail, the
waypoints onwards, which changes only when a plan is added, edited or begun. A piece's dashes
are built once per change and zoom; the layer holding every piece is device-cached, so frames
in which no path changed only blit it, and a change builds only the pieces that changed.

Dashes are built here as line pieces instead of by Qt's dasher on every paint: a dashed
antialiased cosmetic pen with round caps costs about 200 times as much as the same dashes
drawn as separate square-capped lines (measured: 2.7 s against 14 ms for 200 paths of 4
map-long legs), and looks the same at this width (the caps differ only in the half-covered
corner pixels of a 2-pixel line). The pattern is Qt's DashLine: 4 widths on, 2 off, continued
round corners, started afresh at the token and at the first waypoint.

The layer draws opaque into its cache and is blended once, at the path colour's alpha, as a
whole: where paths cross or retrace themselves they do not darken, as when they were one
stroked path.

Path lines are cosmetic (the same width at any zoom); dots and arrowheads scale with the map.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Mapping, Sequence

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.core.encounter import Point
from battlemap.ui.map_grid import SQUARE_PX, to_scene
from battlemap.ui.palette import PATH

PATHS_Z = 5.0
#: The line's width in device pixels, and Qt's DashLine pattern in widths (on, off).
LINE_PX = 2.0
DASH_ON = 4.0 * LINE_PX
DASH_OFF = 2.0 * LINE_PX
#: Waypoint dots and arrowheads, in squares.
DOT_RADIUS = 0.075
ARROW_SIZE = 0.2
#: Room around the lines for the pen and the marks.
_MARGIN = 0.25 * SQUARE_PX

Polyline = tuple[Point, ...]


def dash_lines(points: Sequence[Point], scale: float) -> list[QLineF]:
    """The dashes of a polyline in squares, as scene-coordinate line pieces for a view that
    shows `scale` device pixels per scene unit. A dash that turns a corner is two pieces.

    Dash k covers the distances [k * period, k * period + on) along the whole polyline; each
    leg takes the dashes that meet it, clipped to it."""
    if scale <= 0.0 or len(points) < 2:
        return []
    on = DASH_ON / scale
    period = on + DASH_OFF / scale
    lines: list[QLineF] = []
    travelled = 0.0
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        x0, y0 = ax * SQUARE_PX, ay * SQUARE_PX
        dx, dy = (bx - ax) * SQUARE_PX, (by - ay) * SQUARE_PX
        length = math.hypot(dx, dy)
        if length == 0.0:
            continue
        ux, uy = dx / length, dy / length
        end = travelled + length
        first = math.floor(travelled / period)
        last = math.ceil(end / period)
        for k in range(first, last):
            start = max(k * period, travelled) - travelled
            stop = min(k * period + on, end) - travelled
            if stop > start:
                lines.append(
                    QLineF(x0 + ux * start, y0 + uy * start, x0 + ux * stop, y0 + uy * stop)
                )
        travelled = end
    return lines


def arrowhead(before: Point, tip: Point) -> QPainterPath:
    """A small filled triangle at `tip` pointing away from `before` (scene units)."""
    path = QPainterPath()
    dx, dy = tip[0] - before[0], tip[1] - before[1]
    length = math.hypot(dx, dy)
    if length == 0.0:
        return path
    ux, uy = dx / length, dy / length
    size = ARROW_SIZE * SQUARE_PX
    end = to_scene(*tip)
    back = QPointF(end.x() - ux * size, end.y() - uy * size)
    side = QPointF(-uy * size * 0.5, ux * size * 0.5)
    path.moveTo(end)
    path.lineTo(back + side)
    path.lineTo(back - side)
    path.closeSubpath()
    return path


class _Piece:
    """One piece of a layer: its polyline, dots, arrow, and its dashes at the last zoom."""

    def __init__(self, points: Polyline, dots: tuple[Point, ...], arrow: bool) -> None:
        self.key = (points, dots, arrow)
        self.points = points
        self.marks = QPainterPath()
        dot = DOT_RADIUS * SQUARE_PX
        for point in dots:
            self.marks.addEllipse(to_scene(*point), dot, dot)
        if arrow and len(points) >= 2:
            self.marks.addPath(arrowhead(points[-2], points[-1]))
        xs = [x * SQUARE_PX for x, _ in points]
        ys = [y * SQUARE_PX for _, y in points]
        self.bounds = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).adjusted(
            -_MARGIN, -_MARGIN, _MARGIN, _MARGIN
        )
        self._scale = 0.0
        self._dashes: list[QLineF] = []

    def dashes(self, scale: float) -> list[QLineF]:
        if scale != self._scale:
            self._dashes = dash_lines(self.points, scale)
            self._scale = scale
        return self._dashes


class DashedLayer(QGraphicsItem):
    """Dashed polylines with their dots and arrowheads, keyed pieces in one device-cached
    item that is drawn again only when a piece changes or the zoom does."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(PATHS_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        # Opaque into the cache, blended once at the colour's alpha (module docstring).
        opaque = QColor(PATH)
        opaque.setAlpha(255)
        self.setOpacity(PATH.alphaF())
        self._pen = QPen(opaque, LINE_PX)
        self._pen.setCosmetic(True)
        # Square caps stand for Qt's round ones: at two pixels only corner pixels differ.
        self._pen.setCapStyle(Qt.PenCapStyle.SquareCap)
        self._brush = QBrush(opaque)
        self._pieces: dict[Hashable, _Piece] = {}
        self._bounds = QRectF()
        #: How many times the layer's drawing was thrown away, and how many pieces were built
        #: (for tests and the benchmark).
        self.redraws = 0
        self.built = 0

    def set_pieces(
        self, pieces: Mapping[Hashable, tuple[Polyline, tuple[Point, ...], bool]]
    ) -> None:
        """Each piece's (polyline, dots, arrow at the end); the layer is drawn again only if
        one of them differs from what it shows, and only those are built again."""
        changed = pieces.keys() != self._pieces.keys()
        kept: dict[Hashable, _Piece] = {}
        for key, (points, dots, arrow) in pieces.items():
            old = self._pieces.get(key)
            if old is not None and old.key == (points, dots, arrow):
                kept[key] = old
            else:
                kept[key] = _Piece(points, dots, arrow)
                self.built += 1
                changed = True
        if not changed:
            return
        self.prepareGeometryChange()
        self._pieces = kept
        bounds = QRectF()
        for piece in kept.values():
            bounds = bounds.united(piece.bounds)
        self._bounds = bounds
        self.redraws += 1
        self.update()

    def keys(self) -> list[Hashable]:
        return list(self._pieces)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        transform = painter.worldTransform()
        scale = math.hypot(transform.m11(), transform.m12())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(self._pen)
        for piece in self._pieces.values():
            lines = piece.dashes(scale)
            if lines:
                painter.drawLines(lines)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._brush)
        for piece in self._pieces.values():
            if not piece.marks.isEmpty():
                painter.drawPath(piece.marks)


def split_path(
    points: Sequence[Point],
) -> tuple[
    tuple[Polyline, tuple[Point, ...], bool], tuple[Polyline, tuple[Point, ...], bool] | None
]:
    """A planned path's head (token to first waypoint, with the arrow if that is all there is)
    and tail (the waypoints, with a dot on each but the last and the arrow), or no tail."""
    path = tuple(points)
    head = (path[:2], (), len(path) == 2)
    if len(path) == 2:
        return head, None
    tail = path[1:]
    return head, (tail, tail[:-1], True)


class CachedPlanPaths:
    """Every committed planned path, as a head and a tail piece (keyed (actor, "head") and
    (actor, "tail")) in one cached layer. Add `items()` to the scene."""

    def __init__(self) -> None:
        self.layer = DashedLayer()
        self._count = 0

    @property
    def path_count(self) -> int:
        return self._count

    def items(self) -> tuple[QGraphicsItem, ...]:
        return (self.layer,)

    def set_paths(self, paths: Mapping[str, Sequence[Point]]) -> None:
        pieces: dict[Hashable, tuple[Polyline, tuple[Point, ...], bool]] = {}
        count = 0
        for actor, points in paths.items():
            if len(points) < 2:
                continue
            head, tail = split_path(points)
            count += 1
            pieces[(actor, "head")] = head
            if tail is not None:
                pieces[(actor, "tail")] = tail
        self._count = count
        self.layer.set_pieces(pieces)
