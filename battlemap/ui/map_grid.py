"""Square coordinates on the battle map: the scene scale and where footprints may stand.

The rules speak in squares (square (i, j) spans [i, i+1] x [j, j+1]); the scene draws
SQUARE_PX scene units per square. Everything here is plain arithmetic so that dragging,
dropping and planning all snap the same way.
"""

from __future__ import annotations

import itertools
import math

from PySide6.QtCore import QPointF

from battlemap.core.encounter import SIZE_SQUARES, Point

#: Scene units per square. 64 keeps token art and text crisp at a zoom factor of 1.
SQUARE_PX = 64.0


def size_squares(size: str) -> int:
    """Footprint side in squares for a size name; unknown sizes count as one square."""
    # A template from an older library may carry a size the rules do not know yet; drawing it
    # as one square beats refusing the drop.
    return SIZE_SQUARES.get(size, 1)


def snap_center(x: float, y: float, squares: int, width: int, height: int) -> Point:
    """The centre of the footprint of `squares` nearest to (x, y), wholly inside the map.

    A footprint of side s sits on whole squares, so its top-left corner is an integer and its
    centre is that corner plus s/2: (i+0.5, j+0.5) for medium, integers for large.
    """
    half = squares / 2.0
    return (
        _snap_axis(x - half, squares, width) + half,
        _snap_axis(y - half, squares, height) + half,
    )


def _snap_axis(corner: float, squares: int, extent: int) -> float:
    # floor(v + 0.5) rounds halves up on both sides of zero, unlike round()'s banker's rule,
    # so a point exactly between two squares always goes the same way.
    index = math.floor(corner + 0.5)
    return float(max(0, min(index, extent - squares)))


def to_scene(x: float, y: float) -> QPointF:
    """Scene position of a point given in squares."""
    return QPointF(x * SQUARE_PX, y * SQUARE_PX)


def to_squares(point: QPointF) -> Point:
    """Square coordinates of a scene position."""
    return (point.x() / SQUARE_PX, point.y() / SQUARE_PX)


def polyline_length(points: list[Point]) -> list[float]:
    """Cumulative length (squares) at each point of a polyline; the first is 0."""
    total = 0.0
    out = [0.0]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        total += math.hypot(x1 - x0, y1 - y0)
        out.append(total)
    return out
