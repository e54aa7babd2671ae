"""View control for the battle map: zoom, pan, fitting, and square <-> viewport coordinates.

MapView builds on this; keeping navigation here leaves MapView with what the map means.
Panning scrolls by exactly the distance the mouse travelled, so the map stays under the hand.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPixmapCache,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from battlemap.core.encounter import Point
from battlemap.ui.map_grid import SQUARE_PX, to_scene, to_squares
from battlemap.ui.palette import OUTSIDE_MAP

MIN_ZOOM = 0.03
MAX_ZOOM = 6.0
ZOOM_STEP = 1.25
#: A right press that travels further than this (device pixels) pans instead of opening a menu.
PAN_THRESHOLD_PX = 4
KEY_PAN_PX = 64
#: Margin around the map, in squares, that the view may scroll into.
MARGIN_SQUARES = 2
#: Room for the items' device caches (KiB). Qt's default, 10 MiB, holds fewer than the map
#: needs: two path layers as large as the viewport (5 MiB each at 1400 x 900) and a picture per
#: token (12 KiB each, 12 MiB at 1000 tokens). Past the limit, caches evict one another and
#: every frame draws dashes and tokens afresh.
PIXMAP_CACHE_KIB = 128 * 1024


class MapCanvas(QGraphicsView):
    """A QGraphicsView tuned for many moving items, with map navigation and no signals.

    Middle drag and right drag pan; a right press and release without travel calls
    `_right_clicked`, which subclasses override.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KIB:
            QPixmapCache.setCacheLimit(PIXMAP_CACHE_KIB)
        scene = QGraphicsScene(self)
        # Everything moves every frame; a BSP index would be rebuilt constantly (measured:
        # 4.6 ms a frame for 200 tokens with the index, 1.6 ms without).
        scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setScene(scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        # Full redraws beat minimal-region bookkeeping when most of the view changes per frame.
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setBackgroundBrush(OUTSIDE_MAP)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # Moves without a button pressed feed the status bar and the planning ruler.
        self.viewport().setMouseTracking(True)
        self._map_rect = QRectF()
        self._auto_fit = True
        self._pan_button = Qt.MouseButton.NoButton
        self._pan_last = QPointF()
        self._right_press: QPointF | None = None

    # --- coordinates -------------------------------------------------------------------------

    def square_to_view(self, x: float, y: float) -> QPoint:
        """Where square coordinate (x, y) is, in viewport pixels."""
        return self.mapFromScene(to_scene(x, y))

    def view_to_square(self, point: QPoint) -> Point:
        """The square coordinates under a viewport pixel."""
        return self._square_at(QPointF(point))

    def _scene_at(self, point: QPointF) -> QPointF:
        inverse, _invertible = self.viewportTransform().inverted()
        return inverse.map(point)

    def _square_at(self, point: QPointF) -> Point:
        return to_squares(self._scene_at(point))

    def _set_map_rect(self, rect: QRectF, refit: bool) -> None:
        """Take the map's scene rectangle; the view may scroll a margin beyond it."""
        self._map_rect = QRectF(rect)
        margin = MARGIN_SQUARES * SQUARE_PX
        self.scene().setSceneRect(rect.adjusted(-margin, -margin, margin, margin))
        if refit or self._auto_fit:
            self.fit_to_map()

    # --- zoom --------------------------------------------------------------------------------

    def zoom_factor(self) -> float:
        """Device pixels per scene unit (1.0: a square is SQUARE_PX pixels)."""
        return self.transform().m11()

    def zoom_in(self) -> None:
        self._zoom_at(ZOOM_STEP, QPointF(self.viewport().rect().center()))

    def zoom_out(self) -> None:
        self._zoom_at(1.0 / ZOOM_STEP, QPointF(self.viewport().rect().center()))

    def fit_to_map(self) -> None:
        """Zoom and centre so the whole map shows; it keeps fitting as the view is resized."""
        self._auto_fit = True
        if self._map_rect.isEmpty():
            return
        pad = 0.3 * SQUARE_PX
        area = self._map_rect.adjusted(-pad, -pad, pad, pad)
        port = self.viewport().rect()
        scale = min(port.width() / area.width(), port.height() / area.height())
        scale = max(MIN_ZOOM, min(MAX_ZOOM, scale))
        self.setTransform(QTransform.fromScale(scale, scale))
        self.centerOn(area.center())
        self._zoom_changed()

    def _zoom_at(self, factor: float, anchor: QPointF) -> None:
        self._auto_fit = False
        old = self.zoom_factor()
        new = max(MIN_ZOOM, min(MAX_ZOOM, old * factor))
        if new == old:
            return
        before = self._scene_at(anchor)
        self.setTransform(QTransform.fromScale(new, new))
        after = self._scene_at(anchor)
        # Scroll so that the scene point that was under the anchor is under it again.
        self._scroll_by((before.x() - after.x()) * new, (before.y() - after.y()) * new)
        self._zoom_changed()

    def _zoom_changed(self) -> None:
        """Called after every zoom change; subclasses re-lay out zoom-dependent items."""

    def _scroll_by(self, dx: float, dy: float) -> None:
        bar = self.horizontalScrollBar()
        bar.setValue(bar.value() + round(dx))
        bar = self.verticalScrollBar()
        bar.setValue(bar.value() + round(dy))

    # --- panning -------------------------------------------------------------------------------

    def _right_clicked(self, position: QPointF, global_pos: QPoint) -> None:
        """A right press and release without travel (viewport position, global position)."""

    def _start_pan(self, button: Qt.MouseButton, at: QPointF) -> None:
        self._auto_fit = False
        self._pan_button = button
        self._pan_last = at
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)

    def _stop_pan(self) -> None:
        self._pan_button = Qt.MouseButton.NoButton
        self._right_press = None
        self.viewport().unsetCursor()

    # --- Qt events -------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._auto_fit:
            self.fit_to_map()

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps == 0.0:
            super().wheelEvent(event)
            return
        # Fractional steps from touchpads zoom smoothly; one mouse notch is a ZOOM_STEP.
        self._zoom_at(ZOOM_STEP**steps, event.position())
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton:
            self._start_pan(Qt.MouseButton.MiddleButton, event.position())
        elif event.button() == Qt.MouseButton.RightButton:
            self._right_press = event.position()
        else:
            super().mousePressEvent(event)
            return
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        position = event.position()
        if self._pan_button != Qt.MouseButton.NoButton:
            delta = position - self._pan_last
            self._pan_last = position
            self._scroll_by(-delta.x(), -delta.y())
        elif self._right_press is not None and event.buttons() & Qt.MouseButton.RightButton:
            if (position - self._right_press).manhattanLength() > PAN_THRESHOLD_PX:
                self._start_pan(Qt.MouseButton.RightButton, self._right_press)
                self.mouseMoveEvent(event)
        else:
            super().mouseMoveEvent(event)
            return
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        button = event.button()
        if button == self._pan_button:
            self._stop_pan()
        elif button == Qt.MouseButton.RightButton:
            press, self._right_press = self._right_press, None
            if press is not None:
                self._right_clicked(event.position(), event.globalPosition().toPoint())
        else:
            super().mouseReleaseEvent(event)
            return
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        pans = {
            Qt.Key.Key_Left: (-1, 0),
            Qt.Key.Key_Right: (1, 0),
            Qt.Key.Key_Up: (0, -1),
            Qt.Key.Key_Down: (0, 1),
        }
        key = Qt.Key(event.key())
        if key in pans:
            self._auto_fit = False
            dx, dy = pans[key]
            self._scroll_by(dx * KEY_PAN_PX, dy * KEY_PAN_PX)
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key == Qt.Key.Key_Minus:
            self.zoom_out()
        else:
            super().keyPressEvent(event)
            return
        event.accept()
