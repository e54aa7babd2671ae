"""Token items: one round counter per combatant, and the cache of token pictures.

A token is animated every frame, so it is drawn once into a device-coordinate cache and then
only blitted; everything paint() needs (pens, brushes, rectangles, the font) is prepared when
the combatant changes, never while painting.

Statuses that come and go (a ruleset's `status` events: frozen, fleeing, stunned) ring the
token in the status's colour and put a badge naming them above it, readable at any zoom.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
    QPixmap,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.core.encounter import Combatant
from battlemap.ui.map_board import load_pixmap, resolve
from battlemap.ui.map_grid import SQUARE_PX, size_squares
from battlemap.ui.palette import health_color, side_color, status_color

#: Tokens sit above paths and below markers and the ruler.
TOKEN_Z = 10.0
#: Circle diameter as a share of the footprint: room for the health bar and selection ring.
DIAMETER = 0.88
_BORDER = QColor("#ffffff")
_SELECTED = QColor("#ffc928")
_TRACK = QColor(20, 20, 20, 170)
_DOWN_VEIL = QColor(120, 120, 120, 215)
_DOWN_CROSS = QColor("#5a1812")
_TRAILING_NUMBER = re.compile(r"(\d{1,2})$")


def token_text(name: str) -> str:
    """What a token without a picture shows: the initial, plus a trailing number if any.

    "Goblin 3" shows "G3" so that a pack of goblins can be told apart at a glance.
    """
    letters = [ch for ch in name if ch.isalnum()]
    if not letters:
        return "?"
    number = _TRAILING_NUMBER.search(name.strip())
    initial = letters[0].upper()
    if number is not None and not name.strip().isdigit():
        return initial + number.group(1)
    return initial


def tooltip(name: str, hp: int, max_hp: int, ac: int, statuses: tuple[str, ...] = ()) -> str:
    text = f"{name} — {hp}/{max_hp} hp, AC {ac}"
    return f"{text} ({', '.join(statuses)})" if statuses else text


class StatusBadge(QGraphicsItem):
    """The statuses of a token in a pill above it ("frozen"), in the first status's colour.

    A child of the token that ignores the view's zoom: its local units are device pixels, its
    origin the top of the token's footprint, so the text stays readable however far one zooms.
    """

    def __init__(self, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._font = QFont()
        self._font.setPixelSize(11)
        self._font.setBold(True)
        self._metrics = QFontMetricsF(self._font)
        self._text = ""
        self._pill = QRectF()
        self._brush = QBrush()
        self._pen = QPen(QColor("#ffffff"), 1.2)

    @property
    def text(self) -> str:
        return self._text

    def set_statuses(self, statuses: tuple[str, ...]) -> None:
        self.prepareGeometryChange()
        self._text = ", ".join(statuses)
        width = self._metrics.horizontalAdvance(self._text) + 10.0
        height = self._metrics.height() + 2.0
        self._pill = QRectF(-width / 2.0, -height - 1.0, width, height)
        self._brush = QBrush(status_color(statuses[0]) if statuses else QColor())
        self.setVisible(bool(statuses))
        self.update()

    def boundingRect(self) -> QRectF:
        return self._pill.adjusted(-1, -1, 1, 1)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(self._pen)
        painter.setBrush(self._brush)
        radius = self._pill.height() / 2.0
        painter.drawRoundedRect(self._pill, radius, radius)
        painter.setFont(self._font)
        painter.drawText(self._pill, Qt.AlignmentFlag.AlignCenter, self._text)


class TokenImages:
    """Token pictures by resolved path, loaded once and shared by every token that uses them."""

    def __init__(self) -> None:
        self._cache: dict[Path, QPixmap | None] = {}

    def get(self, image: str, base_dir: Path | None) -> tuple[QPixmap | None, str | None]:
        """The picture, or None and (the first time only) a warning naming the path."""
        key = resolve(image, base_dir)
        if key in self._cache:
            return self._cache[key], None
        pixmap, problem = load_pixmap(image, base_dir, "token image")
        self._cache[key] = pixmap
        return pixmap, problem


class TokenItem(QGraphicsItem):
    """A round token centred on its position; the item's origin is the combatant's centre."""

    def __init__(self, combatant: Combatant, picture: QPixmap | None, movable: bool) -> None:
        super().__init__()
        self.token_id = combatant.id
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.set_movable(movable)
        # Drawn once per zoom level and then blitted: the animation tick moves hundreds of these.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._font = QFont()
        self._font.setBold(True)
        self._text_pen = QPen(QColor("#ffffff"))
        self._veil = QBrush(_DOWN_VEIL)
        self._track = QBrush(_TRACK)
        self._name = ""
        self._ac = 0
        self._hp = 0
        self._max_hp = 1
        self._squares = 0
        self._picture: QPixmap | None = None
        self._statuses: tuple[str, ...] = ()
        self._status_pen: QPen | None = None
        self.badge = StatusBadge(self)
        self.badge.setVisible(False)
        self.update_from(combatant, picture)

    # --- state -------------------------------------------------------------------------------

    @property
    def squares(self) -> int:
        return self._squares

    @property
    def hp(self) -> int:
        return self._hp

    @property
    def is_down(self) -> bool:
        return self._hp <= 0

    @property
    def shows_picture(self) -> bool:
        return self._picture is not None

    @property
    def text(self) -> str:
        return self._text

    @property
    def statuses(self) -> tuple[str, ...]:
        """The statuses shown (frozen, fleeing, stunned...), as the fight has them now."""
        return self._statuses

    def set_statuses(self, statuses: tuple[str, ...]) -> None:
        """Ring the token in the first status's colour and name them all in its badge."""
        if statuses == self._statuses:
            return
        self._statuses = statuses
        self._layout_statuses()
        self.setToolTip(tooltip(self._name, self._hp, self._max_hp, self._ac, self._statuses))
        self.update()

    def set_movable(self, movable: bool) -> None:
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, movable)
        self.setCursor(Qt.CursorShape.OpenHandCursor if movable else Qt.CursorShape.ArrowCursor)

    def update_from(self, combatant: Combatant, picture: QPixmap | None) -> None:
        """Take the combatant's name, side, size, health and picture."""
        squares = size_squares(combatant.size)
        if squares != self._squares:
            self.prepareGeometryChange()
            self._squares = squares
            self.setZValue(TOKEN_Z - squares * 0.01)  # small tokens stay clickable on big ones
        self._name = combatant.name
        self._ac = combatant.ac
        self._max_hp = combatant.hit_points_max
        self._hp = combatant.hp
        self._picture = picture
        self._text = token_text(combatant.name)
        self._layout(side_color(combatant.side))
        self.update()

    def set_hp(self, hp: int) -> None:
        if hp == self._hp:
            return
        self._hp = hp
        self._layout_health()
        self.setToolTip(tooltip(self._name, self._hp, self._max_hp, self._ac, self._statuses))
        self.update()

    # --- layout, done when something changes so that paint() allocates nothing ---------------

    def _layout(self, fill: QColor) -> None:
        foot = self._squares * SQUARE_PX
        radius = foot * DIAMETER / 2.0
        # The selection ring may reach a little past the footprint; the cache clips to this.
        reach = foot * 0.53
        self._bounds = QRectF(-reach, -reach, 2 * reach, 2 * reach)
        self._circle = QRectF(-radius, -radius, 2 * radius, 2 * radius)
        self._border_pen = QPen(_BORDER, foot * 0.045)
        ring = radius + foot * 0.04
        self._ring_rect = QRectF(-ring, -ring, 2 * ring, 2 * ring)
        self._ring_pen = QPen(_SELECTED, foot * 0.07)
        self._fill = QBrush(fill)
        if self._picture is not None:
            self._fill = _cover_brush(self._picture, self._circle)
        self._font.setPixelSize(round(foot * (0.44 if len(self._text) == 1 else 0.32)))
        arm = radius * 0.55
        self._cross = (
            QPointF(-arm, -arm),
            QPointF(arm, arm),
            QPointF(arm, -arm),
            QPointF(-arm, arm),
        )
        self._cross_pen = QPen(_DOWN_CROSS, foot * 0.075)
        self._cross_pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self._layout_health()
        self._layout_statuses()
        self.setToolTip(tooltip(self._name, self._hp, self._max_hp, self._ac, self._statuses))

    def _layout_health(self) -> None:
        foot = self._squares * SQUARE_PX
        height = foot * 0.085
        width = foot * 0.64
        # Straddles the bottom of the circle, inside the footprint, like a plate under a coin.
        self._bar_track = QRectF(-width / 2.0, foot * 0.49 - height, width, height)
        share = max(0.0, min(1.0, self._hp / self._max_hp if self._max_hp > 0 else 0.0))
        inset = height * 0.22
        inner = self._bar_track.adjusted(inset, inset, -inset, -inset)
        inner.setWidth(inner.width() * share)
        self._bar_fill = inner
        self._bar_brush = QBrush(health_color(self._hp, self._max_hp))
        self._bar_radius = height / 2.0

    def _layout_statuses(self) -> None:
        foot = self._squares * SQUARE_PX
        self._status_pen = None
        if self._statuses:
            self._status_pen = QPen(status_color(self._statuses[0]), foot * 0.08)
        self.badge.setPos(0.0, -foot * 0.5)
        self.badge.set_statuses(self._statuses)

    # --- QGraphicsItem ------------------------------------------------------------------------

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        if self._status_pen is not None:
            painter.setPen(self._status_pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(self._ring_rect)
        if self.isSelected():
            painter.setPen(self._ring_pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(self._ring_rect)
        painter.setPen(self._border_pen)
        painter.setBrush(self._fill)
        painter.drawEllipse(self._circle)
        if self._picture is None:
            painter.setFont(self._font)
            painter.setPen(self._text_pen)
            painter.drawText(self._circle, Qt.AlignmentFlag.AlignCenter, self._text)
        if self._hp <= 0:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self._veil)
            painter.drawEllipse(self._circle)
            painter.setPen(self._cross_pen)
            painter.drawLine(self._cross[0], self._cross[1])
            painter.drawLine(self._cross[2], self._cross[3])
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._track)
        painter.drawRoundedRect(self._bar_track, self._bar_radius, self._bar_radius)
        if self._bar_fill.width() > 0:
            painter.setBrush(self._bar_brush)
            painter.drawRoundedRect(self._bar_fill, self._bar_radius, self._bar_radius)


def _cover_brush(picture: QPixmap, circle: QRectF) -> QBrush:
    """A brush that paints `picture` scaled to cover `circle`, centred.

    Filling an antialiased ellipse with a texture gives smooth edges, which a clip path would
    not (clipping is not antialiased).
    """
    scale = circle.width() / max(1, min(picture.width(), picture.height()))
    dx = circle.center().x() - picture.width() * scale / 2.0
    dy = circle.center().y() - picture.height() * scale / 2.0
    brush = QBrush(picture)
    brush.setTransform(QTransform().translate(dx, dy).scale(scale, scale))
    return brush
