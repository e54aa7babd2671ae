"""Links between tokens on the map: a line from one token's centre to the other's for every
pair the ruleset links (13th Age: the engaged pairs, `links_of`).

One path item for every link: the window asks each frame (tokens glide), and the path is
rebuilt only when the set of segments changes, so a frame where nobody engaged moves costs a
tuple comparison.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from battlemap.core.encounter import Point
from battlemap.ui.map_grid import SQUARE_PX

#: Over the tokens (a link between adjacent tokens would hide under them), under the markers.
LINKS_Z = 15.0
#: A deep red that reads on the board and on either side's colour.
LINK_COLOR = QColor(200, 25, 40, 220)
#: How far from each centre the line starts, in squares: clear of the token's letters, still
#: on the token, so two touching tokens show a short bar across their rims.
TRIM = 0.3
#: The dot at each end, in squares: says which tokens the line joins when tokens touch.
END_RADIUS = 0.07

#: One link as drawn: both ends' centres in squares.
Segment = tuple[Point, Point]


class LinksItem(QGraphicsPathItem):
    """Every link as one path: a line between the tokens, clear of their letters, and a dot at
    each end."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(LINKS_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # Every frame repaints the whole view; an antialiased path of lines and dots stroked
        # again each time cost about a millisecond at 50 links: draw it once per change, blit.
        self.setCacheMode(QGraphicsPathItem.CacheMode.DeviceCoordinateCache)
        pen = QPen(LINK_COLOR, 3.0)
        pen.setCosmetic(True)  # as thick at any zoom
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.setPen(pen)
        self.setBrush(QBrush(LINK_COLOR))
        self._segments: tuple[Segment, ...] = ()
        #: How many times the path was rebuilt (for tests and the frame-work check).
        self.rebuilds = 0

    @property
    def segments(self) -> tuple[Segment, ...]:
        return self._segments

    def set_segments(self, segments: Sequence[Segment]) -> None:
        """Show these links; nothing is rebuilt when they are the ones shown."""
        wanted = tuple(segments)
        if wanted == self._segments:
            return
        self._segments = wanted
        self.rebuilds += 1
        path = QPainterPath()
        radius = END_RADIUS * SQUARE_PX
        for (ax, ay), (bx, by) in wanted:
            length = math.hypot(bx - ax, by - ay)
            trim = TRIM / length if length > 2 * TRIM else 0.0
            dx, dy = (bx - ax) * trim, (by - ay) * trim
            a = QPointF((ax + dx) * SQUARE_PX, (ay + dy) * SQUARE_PX)
            b = QPointF((bx - dx) * SQUARE_PX, (by - dy) * SQUARE_PX)
            path.moveTo(a)
            path.lineTo(b)
            path.addEllipse(a, radius, radius)
            path.addEllipse(b, radius, radius)
        self.setPath(path)
