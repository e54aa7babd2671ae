"""The pictures on the timeline: lane bands, event markers, round lines, the future.

Each item paints only what lies in the time range asked (bisecting the time-ordered content),
in device pixels, so thousands of events cost nothing while off screen and text stays crisp at
any zoom. The lane bands and markers (and the bars, in timeline_bars.py) are cached layers
(timeline_cache.py): drawn once into a strip a little wider than the view and copied on each
repaint, and redrawn only where new events land, so a frame of playback or a move of the
playhead costs the same in a fight of any length. Zoomed out, markers are thinned to one per
symbol's width per lane (a level of detail), so a long fight's strip is quick to draw too.
Lane rows count from 0 at the top (the view's y axis is inverted); a lane is 1.0 high.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QTransform,
)

from battlemap.core.clock import RoundClock
from battlemap.ui.palette import side_color
from battlemap.ui.timeline_cache import CachedSpanItem, ViewSpanItem, device_rect
from battlemap.ui.timeline_model import Lane, MarkerKind, TimelineContent

#: A bar fills this part of its lane (offsets from the lane's centre, in lane heights); markers
#: sit on the bar's top edge so they never cover its caption.
BAR_TOP = -0.24
BAR_BOTTOM = 0.30
MARKER_Y = BAR_TOP

INK = QColor("#1d1d1d")
HALO = QColor(255, 255, 255, 235)
LANE_LINE = QColor(0, 0, 0, 40)
UNIT_LINE = QColor(0, 0, 0, 22)
ROUND_LINE = QColor(40, 40, 40, 170)
FUTURE = QColor(255, 255, 255, 125)
DOWN_HATCH = QColor(60, 60, 60, 70)
SPELL_FILL = QColor("#f4c21b")
LOST_FILL = QColor("#d0302a")
OPPORTUNITY_FILL = QColor("#e07b1f")
TRIGGER_FILL = QColor("#1c7c9c")


class LaneLayout:
    """Which row each combatant's lane is on, its colour and its name."""

    def __init__(self, lanes: Sequence[Lane] = ()) -> None:
        self.lanes = list(lanes)
        self._rows = {lane.id: i for i, lane in enumerate(self.lanes)}
        self._colors = {lane.id: side_color(lane.side) for lane in self.lanes}
        self._names = {lane.id: lane.name for lane in self.lanes}

    def row(self, actor: str) -> int | None:
        return self._rows.get(actor)

    def color(self, actor: str) -> QColor:
        return QColor(self._colors.get(actor, QColor("#888888")))

    def name(self, actor: str) -> str:
        return self._names.get(actor, actor)


class LaneBands(CachedSpanItem):
    """Lane backgrounds tinted by side, lane separators, unit lines, and hatching once down."""

    def __init__(self, layout: LaneLayout, content: TimelineContent) -> None:
        super().__init__()
        self.lane_layout = layout
        self.content = content
        self.setZValue(-10)

    def paint_pixels(self, p: QPainter, to_device: QTransform, view: QRectF) -> None:
        left, right = view.left(), view.right()
        for row, lane in enumerate(self.lane_layout.lanes):
            band = device_rect(to_device, left, row - 0.5, right, row + 0.5)
            tint = side_color(lane.side)
            tint.setAlpha(30 if row % 2 == 0 else 44)  # alternate so long rows stay followable
            p.fillRect(band, tint)
            down = self.content.down_since.get(lane.id)
            if down is not None and down < right:
                out = device_rect(to_device, max(down, left), row - 0.5, right, row + 0.5)
                p.fillRect(out, QBrush(DOWN_HATCH, Qt.BrushStyle.BDiagPattern))
            p.setPen(QPen(LANE_LINE, 1))
            p.drawLine(QPointF(band.left(), band.bottom()), QPointF(band.right(), band.bottom()))
        px_per_unit = abs(to_device.m11())
        if px_per_unit >= 8 and self.lane_layout.lanes:
            top = to_device.map(QPointF(left, -0.5)).y()
            bottom = to_device.map(QPointF(left, len(self.lane_layout.lanes) - 0.5)).y()
            p.setPen(QPen(UNIT_LINE, 1))
            for t in range(math.ceil(left), math.floor(right) + 1):
                x = round(to_device.map(QPointF(t, 0.0)).x()) + 0.5
                p.drawLine(QPointF(x, top), QPointF(x, bottom))


def _star(points: int = 5, inner: float = 0.42) -> QPainterPath:
    polygon = QPolygonF()
    for i in range(points * 2):
        r = 0.5 if i % 2 == 0 else 0.5 * inner
        angle = math.pi * i / points - math.pi / 2
        polygon.append(QPointF(r * math.cos(angle), r * math.sin(angle)))
    path = QPainterPath()
    path.addPolygon(polygon)
    path.closeSubpath()
    return path


def _cross(arm: float = 0.16) -> QPainterPath:
    """An X as one outline, so a halo and an edge can be drawn around it."""
    one = QPainterPath()
    one.addRect(QRectF(-0.5, -arm, 1.0, 2 * arm))
    two = QPainterPath()
    two.addRect(QRectF(-arm, -0.5, 2 * arm, 1.0))
    return QTransform().rotate(45).map(one.united(two))


def _circle() -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(0.0, 0.0), 0.5, 0.5)
    return path


def _diamond() -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(
        QPolygonF([QPointF(0.0, -0.5), QPointF(0.5, 0.0), QPointF(0.0, 0.5), QPointF(-0.5, 0.0)])
    )
    path.closeSubpath()
    return path


def _down_triangle() -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(-0.5, -0.4), QPointF(0.5, -0.4), QPointF(0.0, 0.5)]))
    path.closeSubpath()
    return path


class MarkerStyle:
    """How one kind of marker looks: a unit-size outline, its pixel size, fill and edge."""

    def __init__(
        self,
        path: QPainterPath,
        size: float,
        fill: QColor,
        edge: QColor,
        edge_width: float,
        *,
        hollow: bool = False,
    ) -> None:
        self.path = QTransform().scale(size, size).map(path)
        self.size = size
        self.fill = fill
        self.edge = edge
        self.edge_width = edge_width
        # A hollow symbol is a ring: thick edge, pale inside (the bar showing through a
        # transparent inside made a miss look like a struck-through circle).
        self.hollow = hollow


MARKER_STYLES: dict[MarkerKind, MarkerStyle] = {
    MarkerKind.HIT: MarkerStyle(_circle(), 12, INK, INK, 1.0),
    MarkerKind.MISS: MarkerStyle(_circle(), 11, HALO, INK, 2.2, hollow=True),
    MarkerKind.SPELL: MarkerStyle(_star(), 17, SPELL_FILL, INK, 1.0),
    MarkerKind.LOST: MarkerStyle(_cross(), 14, LOST_FILL, INK, 1.0),
    MarkerKind.DOWN: MarkerStyle(_down_triangle(), 15, INK, INK, 1.0),
    MarkerKind.OPPORTUNITY: MarkerStyle(_diamond(), 13, OPPORTUNITY_FILL, INK, 1.0),
    MarkerKind.TRIGGERED: MarkerStyle(_star(4, 0.35), 16, TRIGGER_FILL, INK, 1.0),
}


class MarkersItem(CachedSpanItem):
    """A symbol on the lane at each marked moment, with a white halo to read on any colour.

    Zoomed out, symbols shrink, and each lane shows at most one symbol of a kind per slot of
    half a symbol's width (hits and misses share one), slots counted from time 0 so the choice
    is the same whatever range is drawn; drops, spells and lost spells are never hidden by
    blows. `level_of_detail = False` skips blows by the last one drawn instead (the old way).
    """

    def __init__(self, layout: LaneLayout, content: TimelineContent) -> None:
        super().__init__()
        self.lane_layout = layout
        self.content = content
        self.level_of_detail = True
        self.setZValue(2)
        #: Moments a path being planned would meet (lane, time): drawn hollow and dashed, since
        #: they have not happened.
        self.preview: list[tuple[str, float]] = []

    def paint_pixels(self, p: QPainter, to_device: QTransform, view: QRectF) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        px_per_unit = max(abs(to_device.m11()), 1e-9)
        # Zoomed out, full-size symbols merge into a wall: shrink them, and skip a blow that
        # would land on the one just drawn (drops, spells and lost spells are always shown).
        scale = min(max(px_per_unit / 16.0, 0.6), 1.0)
        paths = self._paths(scale)
        last_x: dict[int, float] = {}
        taken: set[tuple[int, int, int]] = set()
        reach = 12.0 / px_per_unit  # half a symbol, in time
        halo_pens = {
            kind: QPen(
                HALO,
                style.edge_width + 3.0,
                Qt.PenStyle.SolidLine,
                Qt.PenCapStyle.RoundCap,
                Qt.PenJoinStyle.RoundJoin,
            )
            for kind, style in MARKER_STYLES.items()
        }
        for marker in self.content.visible_markers(view.left() - reach, view.right() + reach):
            row = self.lane_layout.row(marker.actor)
            if row is None:
                continue
            style = MARKER_STYLES[marker.kind]
            blow = marker.kind in (MarkerKind.HIT, MarkerKind.MISS)
            if self.level_of_detail:
                # One symbol a slot: the slot from absolute time, never from what came before
                # in this drawing, so any part of the timeline draws as the whole would.
                slot = style.size * scale * (0.5 if blow else 0.15)
                group = 0 if blow else 1 + list(MARKER_STYLES).index(marker.kind)
                key = (row, group, math.floor(marker.time * px_per_unit / slot))
                if key in taken:
                    continue
                taken.add(key)
            centre = to_device.map(QPointF(marker.time, row + MARKER_Y))
            if blow and not self.level_of_detail:
                if centre.x() - last_x.get(row, -1e9) < style.size * scale * 0.5:
                    continue
                last_x[row] = centre.x()
            path = paths[marker.kind].translated(centre)
            p.setPen(halo_pens[marker.kind])
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
            p.setPen(QPen(style.edge, style.edge_width))
            p.setBrush(style.fill)
            p.drawPath(path)
        if not self.cached:
            self.paint_overlay(p, to_device, view)

    def _paths(self, scale: float) -> dict[MarkerKind, QPainterPath]:
        shrink = QTransform().scale(scale, scale)
        return {kind: shrink.map(style.path) for kind, style in MARKER_STYLES.items()}

    def paint_overlay(self, p: QPainter, to_device: QTransform, view: QRectF) -> None:
        """The preview's hollow symbols: they change with every mouse move while planning."""
        if not self.preview:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        px_per_unit = max(abs(to_device.m11()), 1e-9)
        scale = min(max(px_per_unit / 16.0, 0.6), 1.0)
        symbol = self._paths(scale)[MarkerKind.OPPORTUNITY]
        reach = 12.0 / px_per_unit
        dashed = QPen(MARKER_STYLES[MarkerKind.OPPORTUNITY].fill, 2.0, Qt.PenStyle.DashLine)
        for lane, time in self.preview:
            row = self.lane_layout.row(lane)
            if row is None or not view.left() - reach <= time <= view.right() + reach:
                continue
            centre = to_device.map(QPointF(time, row + MARKER_Y))
            p.setPen(dashed)
            p.setBrush(QBrush(HALO))
            p.drawPath(symbol.translated(centre))


class RoundLines(ViewSpanItem):
    """A line at each round boundary, drawn over the bars so rounds read through them."""

    def __init__(self) -> None:
        super().__init__()
        self.clock: RoundClock | None = None
        self.setZValue(5)

    def paint_pixels(self, p: QPainter, to_device: QTransform, view: QRectF) -> None:
        clock = self.clock
        if clock is None:
            return
        px_per_round = abs(to_device.m11()) * clock.units_per_round
        if px_per_round < 6:  # zoomed so far out that lines would be a grey wash
            return
        top = to_device.map(QPointF(0.0, view.top())).y()
        bottom = to_device.map(QPointF(0.0, view.bottom())).y()
        p.setPen(QPen(ROUND_LINE, 1.5))
        for r in range(clock.round_of(view.left()), clock.round_of(view.right()) + 1):
            start = clock.round_start(r)
            if view.left() <= start <= view.right():
                x = to_device.map(QPointF(start, 0.0)).x()
                p.drawLine(QPointF(x, top), QPointF(x, bottom))


class FutureShade(ViewSpanItem):
    """Pales everything right of the playhead: what the engine computed ahead of it."""

    def __init__(self) -> None:
        super().__init__()
        self.time = 0.0
        self.setZValue(4)

    def set_time(self, time: float) -> None:
        old, self.time = self.time, time
        view = self.viewRect()
        if view is None:
            self.update()
            return
        # Only the strip between the old and the new edge changes: playback moves it every
        # tick, and repainting the whole view each time would repaint every bar and marker.
        slack = 2 * self.pixelWidth()
        left, right = min(old, time) - slack, max(old, time) + slack
        self.update(QRectF(left, view.top(), right - left, view.height()))

    def paint_pixels(self, p: QPainter, to_device: QTransform, view: QRectF) -> None:
        if self.time >= view.right():
            return
        p.fillRect(
            device_rect(
                to_device, max(self.time, view.left()), view.top(), view.right(), view.bottom()
            ),
            FUTURE,
        )
