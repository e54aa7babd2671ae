"""A timeline layer drawn once into an image and copied to the screen on every repaint.

The timeline repaints many times a second while playing or scrubbing (the playhead moves, the
future shade follows it, the view scrolls with the playhead), but what its bars, markers and
lane bands show changes only when events arrive, the lanes change or the zoom changes. So each
of those layers renders a strip of time (the visible range plus half a view on each side) into
an image at the current scale, and a repaint copies the visible part of it: a frame costs a
copy of the viewport's pixels whatever the length of the fight.

- Panning inside the strip renders nothing; panning out of it shifts the strip, keeping the
  pixels it still covers and rendering only the newly exposed time.
- New events redraw only the columns of the time they touch (`invalidate(left, right)`).
- A zoom or a resize renders the strip again (the scale is part of the key).

The strip is aligned to whole device pixels so that a cached drawing and a direct one put every
pixel in the same place; `cached = False` paints directly, as the timeline did before (kept for
the benchmark and for the tests that compare the two).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QRegion, QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

#: The strip reaches this share of the view's width beyond each side of it.
MARGIN = 0.5
#: Symbols and halos reach this many pixels beyond the moment they mark, so a redraw of a time
#: range also redraws this far around it.
BLEED_PX = 16


class ViewSpanItem(pg.GraphicsObject):
    """An item as large as the visible view, painting in device pixels what lies inside it."""

    def boundingRect(self) -> QRectF:
        rect = self.viewRect()
        return QRectF() if rect is None else QRectF(rect)

    def viewTransformChanged(self) -> None:
        super().viewTransformChanged()
        self.prepareGeometryChange()

    def paint(
        self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        rect = self.viewRect()
        if rect is None or rect.width() <= 0:
            return
        to_device = p.transform()
        p.save()
        p.resetTransform()
        self.paint_pixels(p, to_device, rect)
        p.restore()

    def paint_pixels(self, p: QPainter, to_device: QTransform, view: QRectF) -> None:
        raise NotImplementedError


def device_rect(
    to_device: QTransform, left: float, top: float, right: float, bottom: float
) -> QRectF:
    return to_device.mapRect(QRectF(QPointF(left, top), QPointF(right, bottom))).normalized()


@dataclass(frozen=True)
class Scale:
    """What a cached strip's pixels depend on besides the time it spans: the zoom (pixels per
    unit), the rows' pixel height and offset, the strip's device height and pixel ratio."""

    px_per_unit: float
    px_per_row: float
    row_offset: float
    height: int
    ratio: float


class CachedSpanItem(ViewSpanItem):
    """A `ViewSpanItem` whose `paint_pixels` is rendered into a cached strip (see the module).

    Subclasses draw their content for any time range in `paint_pixels`, and draw what depends
    on the view's edges (not only on time) in `paint_overlay`, which runs on every repaint.
    """

    def __init__(self) -> None:
        super().__init__()
        #: False paints directly on every repaint (the old way; kept for comparison).
        self.cached = True
        self._image: QImage | None = None
        self._scale: Scale | None = None
        # The strip's pixels are in a frame fixed when it was laid out: frame x = device x when
        # the view's offset was `_dx0`. Panning moves the whole frame; the strip is copied at
        # the offset, so pixels drawn before and after a pan still line up with each other.
        self._dx0 = 0.0
        self._first_px = 0  # frame x of the strip's left edge (a whole pixel)
        self._top = 0  # device y of the strip's top edge
        #: How many strips were rendered whole, and how many column ranges redrawn (tests).
        self.full_renders = 0
        self.partial_renders = 0

    # --- what callers say -----------------------------------------------------------------------

    def invalidate(self, left: float = -math.inf, right: float = math.inf) -> None:
        """The content between times `left` and `right` changed: redraw it (now if cached and
        in the strip, else when next shown) and schedule a repaint of that part of the view."""
        view = self.viewRect()
        if self._image is not None and self._scale is not None:
            if math.isinf(left) and math.isinf(right):
                self._image = None
            else:
                self._redraw_columns(left, right)
        if view is None or (math.isinf(left) and math.isinf(right)):
            self.update()
            return
        bleed = BLEED_PX * self.pixelWidth()
        lo, hi = max(left - bleed, view.left()), min(right + bleed, view.right())
        if lo <= hi:
            self.update(QRectF(lo, view.top(), hi - lo, view.height()))

    def hidden_in_strip(self, to_device: QTransform, view: QRectF) -> list[QRectF]:
        """Device rectangles where the strip is not copied this time, because the overlay
        draws them otherwise (a caption kept at the view's edge); none by default."""
        return []

    def paint_overlay(self, p: QPainter, to_device: QTransform, view: QRectF) -> None:
        """Draw what depends on the view itself (device pixels); nothing by default."""

    # --- painting -------------------------------------------------------------------------------

    def paint(
        self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self.cached:
            super().paint(p, option, widget)
            return
        rect = self.viewRect()
        if rect is None or rect.width() <= 0:
            return
        to_device = p.transform()
        if to_device.m11() <= 0 or to_device.m12() != 0 or to_device.m21() != 0:
            super().paint(p, option, widget)  # rotated or mirrored in time: never in the dock
            return
        device = p.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        device_view = to_device.mapRect(rect).normalized()
        self._ensure_strip(to_device, device_view, ratio)
        image = self._image
        assert image is not None
        at = QPointF(self._first_px + (to_device.dx() - self._dx0), self._top)
        hidden = self.hidden_in_strip(to_device, rect)
        p.save()
        p.resetTransform()
        if hidden:
            p.save()
            shown = QRegion(device_view.toAlignedRect())
            for part in hidden:
                shown -= QRegion(part.toAlignedRect())
            p.setClipRegion(shown, Qt.ClipOperation.IntersectClip)
            p.drawImage(at, image)
            p.restore()
        else:
            p.drawImage(at, image)
        self.paint_overlay(p, to_device, rect)
        p.restore()

    # --- the strip ------------------------------------------------------------------------------

    def _ensure_strip(self, to_device: QTransform, device_view: QRectF, ratio: float) -> None:
        scale = Scale(
            px_per_unit=to_device.m11(),
            px_per_row=to_device.m22(),
            row_offset=to_device.dy(),
            height=math.ceil(device_view.height()) + 1,
            ratio=ratio,
        )
        image = self._image
        if image is None or scale != self._scale:
            self._scale, self._dx0 = scale, to_device.dx()
            self._top = math.floor(device_view.top())
            self._first_px, width = self._layout(to_device, device_view, MARGIN)
            self._image = self._new_image(width, scale)
            self._paint_columns(0, width)
            self.full_renders += 1
            return
        strip_width = round(image.width() / scale.ratio)
        # A kept strip need only reach half its margin beyond the view: a view panning slowly
        # shifts the strip once per half a margin, not on every frame.
        first, width = self._layout(to_device, device_view, MARGIN / 2)
        if first >= self._first_px and first + width <= self._first_px + strip_width:
            return  # the view is well inside the strip: nothing to draw
        self._shift_strip(*self._layout(to_device, device_view, MARGIN), scale)

    def _layout(
        self, to_device: QTransform, device_view: QRectF, margin_share: float
    ) -> tuple[int, int]:
        """The frame x of a strip's left edge and its width for the view as it is now, with
        `margin_share` of the view's width to spare on each side."""
        frame_left = device_view.left() - (to_device.dx() - self._dx0)
        margin = math.ceil(device_view.width() * margin_share)
        return math.floor(frame_left) - margin, math.ceil(device_view.width()) + 2 * margin + 2

    def _new_image(self, width: int, scale: Scale) -> QImage:
        image = QImage(
            max(1, round(width * scale.ratio)),
            max(1, round(scale.height * scale.ratio)),
            QImage.Format.Format_ARGB32_Premultiplied,
        )
        image.setDevicePixelRatio(scale.ratio)
        image.fill(QColor(0, 0, 0, 0))
        return image

    def _shift_strip(self, first: int, width: int, scale: Scale) -> None:
        """Move the strip to frame x `first`, keeping the pixels both strips cover."""
        old = self._image
        assert old is not None
        old_first, old_width = self._first_px, round(old.width() / scale.ratio)
        image = self._new_image(width, scale)
        painter = QPainter(image)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.drawImage(QPointF(old_first - first, 0.0), old)
        painter.end()
        self._image, self._first_px = image, first
        kept_from = max(0, old_first - first)
        kept_to = min(width, old_first + old_width - first)
        if kept_to <= kept_from:
            self._paint_columns(0, width)
            self.full_renders += 1
            return
        if kept_from > 0:
            self._paint_columns(0, kept_from)
        if kept_to < width:
            self._paint_columns(kept_to, width)
        self.partial_renders += 1

    def _redraw_columns(self, left: float, right: float) -> None:
        """Redraw the strip's columns showing times `left` to `right` (and the symbols' bleed)."""
        image, scale = self._image, self._scale
        assert image is not None and scale is not None
        width = round(image.width() / scale.ratio)
        lo, hi = 0, width
        if not math.isinf(left):
            lo = max(
                lo, math.floor(self._dx0 + left * scale.px_per_unit) - BLEED_PX - self._first_px
            )
        if not math.isinf(right):
            hi = min(
                hi, math.ceil(self._dx0 + right * scale.px_per_unit) + BLEED_PX - self._first_px
            )
        if lo < hi:
            self._paint_columns(lo, hi)
            self.partial_renders += 1

    def _paint_columns(self, lo: int, hi: int) -> None:
        """Clear and paint the strip's pixel columns [lo, hi)."""
        image, scale = self._image, self._scale
        assert image is not None and scale is not None
        # Device pixels of the strip: x from the strip's left edge, y from the view's top.
        to_strip = QTransform(
            scale.px_per_unit,
            0.0,
            0.0,
            scale.px_per_row,
            self._dx0 - self._first_px,
            scale.row_offset - self._top,
        )
        from_strip, invertible = to_strip.inverted()
        if not invertible:
            return
        painter = QPainter(image)
        try:
            columns = QRectF(lo, 0.0, hi - lo, scale.height)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Clear)
            painter.fillRect(columns, Qt.GlobalColor.transparent)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
            painter.setClipRect(columns)
            # Patterns (a dropped combatant's hatching) line up as if drawn on the viewport.
            painter.setBrushOrigin(QPointF(-self._first_px, -self._top))
            bleed = BLEED_PX
            span = from_strip.mapRect(columns.adjusted(-bleed, 0, bleed, 0)).normalized()
            self.paint_pixels(painter, to_strip, span)
        finally:
            painter.end()
