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

import bisect
import functools
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
from battlemap.ui.timeline_model import Lane, Marker, MarkerKind, TimelineContent

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


#: Lanes lower than this (pixels) get a tick per blow instead of a symbol: symbols would cover
#: the neighbouring lanes.
COMPACT_ROW_PX = 14.0
MISS_TICK = QColor("#8a8a8a")


def _time(marker: Marker) -> float:
    return marker.time


@functools.lru_cache(maxsize=64)
def _scaled_path(kind: MarkerKind, scale: float) -> QPainterPath:
    return QTransform().scale(scale, scale).map(MARKER_STYLES[kind].path)


@functools.lru_cache(maxsize=8)
def _halo_pen(edge_width: float) -> QPen:
    return QPen(
        HALO,
        edge_width + 3.0,
        Qt.PenStyle.SolidLine,
        Qt.PenCapStyle.RoundCap,
        Qt.PenJoinStyle.RoundJoin,
    )


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
        if self.level_of_detail:
            self._paint_blows(p, to_device, view, scale)
            self._paint_notable(p, to_device, view, scale)
        else:
            self._paint_every_marker(p, to_device, view, scale)
        if not self.cached:
            self.paint_overlay(p, to_device, view)

    def _paint_symbol(
        self, p: QPainter, to_device: QTransform, marker: Marker, row: int, scale: float
    ) -> None:
        style = MARKER_STYLES[marker.kind]
        centre = to_device.map(QPointF(marker.time, row + MARKER_Y))
        path = _scaled_path(marker.kind, scale).translated(centre)
        p.setPen(_halo_pen(style.edge_width))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path)
        p.setPen(QPen(style.edge, style.edge_width))
        p.setBrush(style.fill)
        p.drawPath(path)

    def _paint_blows(self, p: QPainter, to_device: QTransform, view: QRectF, scale: float) -> None:
        """Each lane's hits and misses, at most one a slot of half a symbol (of 3 pixels where
        lanes are too low for symbols: a tick instead). Slots count from time 0, so any range
        draws as the whole timeline would there, and a lane's blows are visited by jumping from
        slot to slot: the cost follows the pixels, not the number of blows."""
        px_per_unit = max(abs(to_device.m11()), 1e-9)
        compact = abs(to_device.m22()) < COMPACT_ROW_PX
        slot_px = 3.0 if compact else MARKER_STYLES[MarkerKind.HIT].size * scale * 0.5
        slot = slot_px / px_per_unit
        reach = 12.0 / px_per_unit  # half a symbol, in time
        left, right = view.left() - reach, view.right() + reach
        tick_height = max(2.0, abs(to_device.m22()) * 0.4)
        for row, lane in enumerate(self.lane_layout.lanes):
            blows = self.content.lane_blows(lane.id)
            i = bisect.bisect_left(blows, math.floor(left / slot) * slot, key=_time)
            while i < len(blows) and blows[i].time <= right:
                marker = blows[i]
                if compact:
                    centre = to_device.map(QPointF(marker.time, row + MARKER_Y))
                    tick = QRectF(centre.x() - 1.0, centre.y() - tick_height / 2, 2.0, tick_height)
                    p.fillRect(tick, INK if marker.kind is MarkerKind.HIT else MISS_TICK)
                else:
                    self._paint_symbol(p, to_device, marker, row, scale)
                following = (math.floor(marker.time / slot) + 1) * slot
                i = bisect.bisect_left(blows, following, lo=i + 1, key=_time)

    def _paint_notable(
        self, p: QPainter, to_device: QTransform, view: QRectF, scale: float
    ) -> None:
        """Drops, spells, lost spells, opportunities and readied actions: every one, but one of
        a kind a lane per 2 pixels."""
        px_per_unit = max(abs(to_device.m11()), 1e-9)
        reach = 12.0 / px_per_unit
        taken: set[tuple[int, MarkerKind, int]] = set()
        for marker in self.content.visible_notable(view.left() - reach, view.right() + reach):
            row = self.lane_layout.row(marker.actor)
            if row is None:
                continue
            key = (row, marker.kind, math.floor(marker.time * px_per_unit / 2.0))
            if key not in taken:
                taken.add(key)
                self._paint_symbol(p, to_device, marker, row, scale)

    def _paint_every_marker(
        self, p: QPainter, to_device: QTransform, view: QRectF, scale: float
    ) -> None:
        """The old way: every marker in range, a blow skipped only by the one drawn before."""
        px_per_unit = max(abs(to_device.m11()), 1e-9)
        last_x: dict[int, float] = {}
        reach = 12.0 / px_per_unit  # half a symbol, in time
        for marker in self.content.visible_markers(view.left() - reach, view.right() + reach):
            row = self.lane_layout.row(marker.actor)
            if row is None:
                continue
            style = MARKER_STYLES[marker.kind]
            if marker.kind in (MarkerKind.HIT, MarkerKind.MISS):
                x = to_device.map(QPointF(marker.time, 0.0)).x()
                if x - last_x.get(row, -1e9) < style.size * scale * 0.5:
                    continue
                last_x[row] = x
            self._paint_symbol(p, to_device, marker, row, scale)

    def paint_overlay(self, p: QPainter, to_device: QTransform, view: QRectF) -> None:
        """The preview's hollow symbols: they change with every mouse move while planning."""
        if not self.preview:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        px_per_unit = max(abs(to_device.m11()), 1e-9)
        scale = min(max(px_per_unit / 16.0, 0.6), 1.0)
        symbol = _scaled_path(MarkerKind.OPPORTUNITY, scale)
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


class RoundLines(CachedSpanItem):
    """A line at each round boundary, drawn over the bars so rounds read through them (cached:
    a hundred full-height lines cost more than a copy, on every frame)."""

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
