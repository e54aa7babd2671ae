"""The timeline's action bars and their captions, each a cached layer (timeline_cache.py).

Captions are a layer of their own above the bars because one thing they show depends on the
view and not only on time: a bar scrolled half out of the view keeps its caption at the view's
left edge. The cached strip holds every caption where its bar begins; on each repaint the few
bars crossing the view's left edge are left out of the copy and captioned at the edge instead.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen, QTransform

from battlemap.ui.timeline_cache import CachedSpanItem, device_rect
from battlemap.ui.timeline_items import BAR_BOTTOM, BAR_TOP, INK, LaneLayout
from battlemap.ui.timeline_model import Bar, TimelineContent, bar_caption

#: Narrower than this (device pixels), a bar is a plain filled rectangle: rounded corners, a
#: dashed ghost and blow ticks would not show, and a whole fight zoomed out has thousands.
THIN_BAR_PX = 3.0


def bar_rect(layout: LaneLayout, bar: Bar) -> QRectF | None:
    """The bar's rectangle in view coordinates (x is time), or None without a lane."""
    row = layout.row(bar.actor)
    if row is None:
        return None
    return QRectF(QPointF(bar.start, row + BAR_TOP), QPointF(bar.end, row + BAR_BOTTOM))


def caption_font() -> QFont:
    font = QFont()
    font.setPointSizeF(max(font.pointSizeF() - 0.5, 7.0))
    return font


class BarsItem(CachedSpanItem):
    """One bar per action in its side's colour, captioned when the caption fits.

    A bar still open (no end yet) is paler with a dashed edge; what a bar cut short had still
    planned is a dashed outline; a full attack's planned blows are white ticks from below.
    While cached, the captions are `CaptionsItem`'s; uncached, this item draws them, as before.
    `level_of_detail = False` draws every bar in full at any zoom (the old way, for comparison).
    """

    def __init__(self, layout: LaneLayout, content: TimelineContent) -> None:
        super().__init__()
        self.lane_layout = layout
        self.content = content
        self.caption_font = caption_font()
        self.level_of_detail = True
        self.setZValue(0)

    def bar_rect(self, bar: Bar) -> QRectF | None:
        """The bar's rectangle in view coordinates (x is time), or None without a lane."""
        return bar_rect(self.lane_layout, bar)

    def paint_pixels(self, p: QPainter, to_device: QTransform, view: QRectF) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setFont(self.caption_font)
        metrics = QFontMetrics(self.caption_font)
        visible_left = to_device.map(QPointF(view.left(), 0.0)).x()
        thin = THIN_BAR_PX if self.level_of_detail else -1.0
        for bar in self.content.visible_bars(view.left(), view.right()):
            rect = self.bar_rect(bar)
            if rect is None:
                continue
            color = self.lane_layout.color(bar.actor)
            box = to_device.mapRect(rect).normalized()
            if box.width() < thin:
                # Zoomed out: a bar is a few pixels; its colour is all that can show.
                fill = QColor(color)
                if bar.is_open:
                    fill.setAlpha(170)
                p.fillRect(box, fill)
                continue
            if bar.cut_short:
                ghost = device_rect(
                    to_device, bar.end, rect.top(), bar.planned_end, rect.bottom()
                ).adjusted(0.5, 0.5, -0.5, -0.5)
                p.setPen(QPen(color, 1.2, Qt.PenStyle.DashLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(ghost, 3, 3)
            box = box.adjusted(0.5, 0.5, -0.5, -0.5)
            fill = QColor(color)
            if bar.is_open:
                fill.setAlpha(170)
            edge = QPen(color.darker(140), 1.0)
            if bar.is_open:
                edge.setStyle(Qt.PenStyle.DashLine)
            p.setPen(edge)
            p.setBrush(fill)
            p.drawRoundedRect(box, 3, 3)
            self._paint_blows(p, to_device, bar, box)
            if not self.cached:
                paint_caption(p, metrics, bar, box, color, visible_left, self.lane_layout)

    def _paint_blows(self, p: QPainter, to_device: QTransform, bar: Bar, box: QRectF) -> None:
        if not bar.blows or abs(to_device.m11()) < 6:  # zoomed out, ticks would be a comb
            return
        p.setPen(QPen(QColor(255, 255, 255, 220), 2.0))
        for blow in bar.blows:
            x = to_device.map(QPointF(blow, 0.0)).x()
            if box.left() - 1 <= x <= box.right() + 1:
                x = min(max(x, box.left() + 1.5), box.right() - 1.5)
                p.drawLine(
                    QPointF(x, box.bottom() - box.height() * 0.35), QPointF(x, box.bottom() - 1)
                )


def paint_caption(
    p: QPainter,
    metrics: QFontMetrics,
    bar: Bar,
    box: QRectF,
    color: QColor,
    visible_left: float,
    layout: LaneLayout,
) -> None:
    """The short text inside a bar, from `visible_left` if the bar begins left of it."""
    # Captions stick to the view's left edge, so a bar scrolled half out still says what it is.
    left = max(box.left(), visible_left)
    room = box.right() - left - 10
    if room < metrics.horizontalAdvance("ab…") or box.height() < metrics.height() * 0.8:
        return  # no room: the tooltip says it
    caption = bar_caption(bar, layout.name)
    text = metrics.elidedText(caption, Qt.TextElideMode.ElideRight, int(room))
    light = color.red() * 0.299 + color.green() * 0.587 + color.blue() * 0.114 > 160
    p.setPen(QPen(INK if light else QColor("white")))
    # Below the markers on the top edge, so a hit on the first unit never hides the words.
    text_box = QRectF(left + 6, box.top() + box.height() * 0.12, room, box.height() * 0.88)
    p.drawText(text_box, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), text)


class CaptionsItem(CachedSpanItem):
    """The bars' captions (shown while the bars are cached; see the module)."""

    def __init__(self, bars: BarsItem) -> None:
        super().__init__()
        self.bars = bars
        self.setZValue(1)  # over the bars, under the markers

    def _fits(self, to_device: QTransform, metrics: QFontMetrics) -> bool:
        """Whether any caption could fit at this zoom (most fights zoomed out have none)."""
        tall = abs(to_device.m22()) * (BAR_BOTTOM - BAR_TOP) - 1 >= metrics.height() * 0.8
        wide = abs(to_device.m11()) * self.bars.content.longest - 11 >= metrics.horizontalAdvance(
            "ab…"
        )
        return tall and wide

    def _paint(
        self, p: QPainter, to_device: QTransform, bars: Iterable[Bar], visible_left: float
    ) -> None:
        font = self.bars.caption_font
        metrics = QFontMetrics(font)
        if not self._fits(to_device, metrics):
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setFont(font)
        layout = self.bars.lane_layout
        for bar in bars:
            rect = bar_rect(layout, bar)
            if rect is not None:
                box = to_device.mapRect(rect).normalized().adjusted(0.5, 0.5, -0.5, -0.5)
                color = layout.color(bar.actor)
                paint_caption(p, metrics, bar, box, color, visible_left, layout)

    def paint_pixels(self, p: QPainter, to_device: QTransform, view: QRectF) -> None:
        left = -1e12 if self.cached else to_device.map(QPointF(view.left(), 0.0)).x()
        self._paint(p, to_device, self.bars.content.visible_bars(view.left(), view.right()), left)

    def _crossing(self, view: QRectF) -> list[Bar]:
        return [b for b in self.bars.content.visible_bars(view.left(), view.left())]

    def hidden_in_strip(self, to_device: QTransform, view: QRectF) -> list[QRectF]:
        if not self._fits(to_device, QFontMetrics(self.bars.caption_font)):
            return []
        hidden = []
        for bar in self._crossing(view):
            rect = bar_rect(self.bars.lane_layout, bar)
            if rect is not None:
                hidden.append(
                    device_rect(to_device, view.left(), rect.top(), bar.end, rect.bottom())
                )
        return hidden

    def paint_overlay(self, p: QPainter, to_device: QTransform, view: QRectF) -> None:
        left = to_device.map(QPointF(view.left(), 0.0)).x()
        self._paint(p, to_device, self._crossing(view), left)
