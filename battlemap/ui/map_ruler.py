"""The planning ruler: the path being planned, how far it goes, and when the mover gets there.

The arithmetic (`measure`) is separate from the item so that what the ruler says can be checked
without painting. Times follow geometry/path.py: covering d squares at a `Pace` takes
d x per / feet units, `per` being the ruleset's `pace_per`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.core.encounter import FEET_PER_SQUARE, Point
from battlemap.geometry.path import Pace
from battlemap.ui.map_grid import SQUARE_PX, polyline_length, to_scene
from battlemap.ui.map_labels import MapLabel, away_from_arms, drop_item, place
from battlemap.ui.map_tokens import DIAMETER
from battlemap.ui.palette import RULER, TIME_OUT

RULER_Z = 30.0
_SPENT = QColor(120, 120, 120, 200)
#: How far either side of a labelled point (squares) the path is looked at to find its legs.
_ARM = 0.05


@dataclass(frozen=True)
class RulerSpec:
    """What the ruler measures against.

    `pace` is the mover's speed times the action's movement multiplier over the ruleset's
    `pace_per`: the token covers pace.rate squares per unit. The action runs from `start_time`
    for `duration` units; `label(time)` names a moment for people, such as "Round 1, 8".
    """

    pace: Pace
    start_time: float
    duration: float
    label: Callable[[float], str]
    #: An instant step's bound in squares (d12's 5-foot step: 1): it takes no time, so the
    #: ruler says how far it may go instead of when time runs out.
    most_squares: float | None = None

    @property
    def feet(self) -> int:
        """The pace's feet, as the ruleset's `preview` takes them."""
        return self.pace.feet


@dataclass(frozen=True)
class RulerStop:
    """One labelled point of the ruler: a waypoint, the cursor, or where time runs out."""

    kind: str  # "waypoint", "cursor" or "timeout"
    point: Point
    squares: float
    text: str
    late: bool  # reached only after time has run out


@dataclass(frozen=True)
class Measurement:
    stops: tuple[RulerStop, ...]
    #: Distance (squares) at which the action's time runs out; None if the path ends in time.
    timeout_squares: float | None
    lengths: tuple[float, ...]


def reach_squares(ruler: RulerSpec) -> float:
    """How far the mover gets before the action's time runs out (an instant step: its bound)."""
    if ruler.most_squares is not None:
        return ruler.most_squares
    return ruler.pace.distance_in(ruler.duration)


def stop_text(squares: float, ruler: RulerSpec) -> str:
    """'3.0 sq · 15 ft · Round 1, 9': distance so far and the moment the mover gets there."""
    feet = math.floor(squares * FEET_PER_SQUARE + 0.5)
    if ruler.most_squares is not None:
        when = ruler.label(ruler.start_time)  # a step of no time of its own: there at once
    elif ruler.pace.feet > 0:
        when = ruler.label(ruler.start_time + ruler.pace.duration_of(squares))
    else:
        when = "never"  # a mover with no speed arrives nowhere; no division by zero
    return f"{squares:.1f} sq · {feet} ft · {when}"


def measure(points: list[Point], has_cursor: bool, ruler: RulerSpec) -> Measurement:
    """The labelled stops along `points` (start, waypoints, then the cursor if `has_cursor`)."""
    lengths = polyline_length(points)
    reach = reach_squares(ruler)
    total = lengths[-1]
    timeout = reach if total > reach + 1e-9 else None
    stops: list[RulerStop] = []
    for index in range(1, len(points)):
        d = lengths[index]
        if timeout is not None and not _has_timeout(stops) and d > timeout:
            stops.append(_timeout_stop(points, lengths, timeout, ruler))
        kind = "cursor" if has_cursor and index == len(points) - 1 else "waypoint"
        late = timeout is not None and d > timeout + 1e-9
        stops.append(RulerStop(kind, points[index], d, stop_text(d, ruler), late))
    return Measurement(tuple(stops), timeout, tuple(lengths))


def _has_timeout(stops: list[RulerStop]) -> bool:
    return any(stop.kind == "timeout" for stop in stops)


def point_at(points: list[Point], lengths: list[float] | tuple[float, ...], d: float) -> Point:
    """The point `d` squares along the polyline (clamped to its ends)."""
    for index in range(1, len(points)):
        if d <= lengths[index] or index == len(points) - 1:
            span = lengths[index] - lengths[index - 1]
            share = 0.0 if span == 0.0 else max(0.0, min(1.0, (d - lengths[index - 1]) / span))
            (x0, y0), (x1, y1) = points[index - 1], points[index]
            return (x0 + (x1 - x0) * share, y0 + (y1 - y0) * share)
    return points[-1]


def _timeout_stop(
    points: list[Point], lengths: list[float], reach: float, ruler: RulerSpec
) -> RulerStop:
    if ruler.most_squares is not None:
        bound = ruler.most_squares
        text = f"as far as it goes ({bound:g} square{'' if bound == 1 else 's'})"
    else:
        text = f"time runs out ({ruler.label(ruler.start_time + ruler.duration)})"
    return RulerStop("timeout", point_at(points, lengths, reach), reach, text, False)


class RulerItem(QGraphicsItem):
    """The live ruler while a movement is planned: path so far, rubber band, labels, time-out."""

    def __init__(self, start: Point, squares: int, ruler: RulerSpec) -> None:
        super().__init__()
        self.setZValue(RULER_Z)
        self._start = start
        self._squares = squares
        self._ruler = ruler
        self._waypoints: list[Point] = []
        self._cursor: Point | None = None
        self._labels: list[tuple[str, bool, MapLabel]] = []
        self._scale = 1.0
        self._pens = {
            (False, False): _pen(RULER, 3.0, Qt.PenStyle.SolidLine),
            (False, True): _pen(RULER, 2.0, Qt.PenStyle.DashLine),
            (True, False): _pen(_SPENT, 3.0, Qt.PenStyle.SolidLine),
            (True, True): _pen(_SPENT, 2.0, Qt.PenStyle.DashLine),
        }
        self._ghost_pen = _pen(RULER, 1.5, Qt.PenStyle.DashLine)
        ghost = QColor(RULER)
        ghost.setAlpha(45)
        self._ghost_brush = QBrush(ghost)
        self._dot_pen = QPen(QColor("#ffffff"), 0.03 * SQUARE_PX)
        self._dot_brush = QBrush(RULER)
        self._late_brush = QBrush(_SPENT)
        self._timeout_brush = QBrush(TIME_OUT)
        self._rebuild()

    @property
    def start(self) -> Point:
        return self._start

    @property
    def waypoints(self) -> list[Point]:
        return list(self._waypoints)

    @property
    def measurement(self) -> Measurement:
        return self._measurement

    def add_waypoint(self, point: Point) -> None:
        self._waypoints.append(point)
        self._rebuild()

    def set_cursor(self, point: Point | None) -> None:
        if point != self._cursor:
            self._cursor = point
            self._rebuild()

    def timeout_point(self) -> Point | None:
        for stop in self._measurement.stops:
            if stop.kind == "timeout":
                return stop.point
        return None

    def _points(self) -> tuple[list[Point], bool]:
        points = [self._start, *self._waypoints]
        has_cursor = self._cursor is not None and self._cursor != points[-1]
        if has_cursor and self._cursor is not None:
            points.append(self._cursor)
        return points, has_cursor

    def _rebuild(self) -> None:
        self.prepareGeometryChange()
        points, has_cursor = self._points()
        self._measurement = measure(points, has_cursor, self._ruler)
        timeout = self._measurement.timeout_squares
        lengths = self._measurement.lengths
        # One path per (late, rubber band) style, each segment cut where time runs out.
        self._strokes = {key: QPainterPath() for key in self._pens}
        for index in range(1, len(points)):
            rubber = has_cursor and index == len(points) - 1
            a, b = points[index - 1], points[index]
            d0, d1 = lengths[index - 1], lengths[index]
            if index == 1:
                # Start at the edge of the mover's token, not over its face.
                a = point_at([a, b], [0.0, d1], min(d1, self._squares * DIAMETER / 2.0))
            if timeout is not None and d0 < timeout < d1:
                cut = point_at(points, lengths, timeout)
                _segment(self._strokes[(False, rubber)], a, cut)
                _segment(self._strokes[(True, rubber)], cut, b)
            else:
                late = timeout is not None and d0 >= timeout
                _segment(self._strokes[(late, rubber)], a, b)
        self._dots = [
            (to_scene(*s.point), s.late) for s in self._measurement.stops if s.kind == "waypoint"
        ]
        self._ghost = QRectF()
        if has_cursor and self._cursor is not None:
            side = self._squares * SQUARE_PX
            centre = to_scene(*self._cursor)
            self._ghost = QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side)
        bounds = QRectF(to_scene(*self._start), to_scene(*self._start))
        for stroke in self._strokes.values():
            bounds = bounds.united(stroke.boundingRect())
        margin = 0.3 * SQUARE_PX
        self._bounds = bounds.united(self._ghost).adjusted(-margin, -margin, margin, margin)
        self._sync_labels()
        self.update()

    def _sync_labels(self) -> None:
        wanted = self._measurement.stops
        # Reuse labels of the same kind and lateness: the cursor moves at mouse rate.
        for index, stop in enumerate(wanted):
            key = (stop.kind, stop.late)
            if index < len(self._labels) and self._labels[index][:2] == key:
                label = self._labels[index][2]
                label.set_text(stop.text)
            else:
                label = _make_label(stop, self)
                if index < len(self._labels):
                    drop_item(self._labels[index][2])
                    self._labels[index] = (stop.kind, stop.late, label)
                else:
                    self._labels.append((stop.kind, stop.late, label))
            label.setPos(to_scene(*stop.point))
        for _kind, _late, label in self._labels[len(wanted) :]:
            drop_item(label)
        del self._labels[len(wanted) :]
        self._place_labels()

    def set_scale(self, scale: float) -> None:
        """The view's zoom: labels keep their pixel size, so their overlaps depend on it."""
        if scale != self._scale:
            self._scale = scale
            self._place_labels()

    def _place_labels(self) -> None:
        points, _has_cursor = self._points()
        lengths = self._measurement.lengths
        stops = self._measurement.stops
        preferred = [
            away_from_arms(
                stop.point,
                [
                    point_at(points, lengths, stop.squares - _ARM),
                    point_at(points, lengths, stop.squares + _ARM),
                ],
            )
            for stop in stops
        ]
        anchors = [to_scene(*stop.point) * self._scale for stop in stops]
        sizes = [label.size for _kind, _late, label in self._labels]
        start = [to_scene(*self._start) * self._scale]
        for (_kind, _late, label), quadrant in zip(
            self._labels, place(anchors, sizes, preferred, start), strict=True
        ):
            label.set_quadrant(quadrant)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if not self._ghost.isNull():
            painter.setPen(self._ghost_pen)
            painter.setBrush(self._ghost_brush)
            painter.drawRoundedRect(self._ghost, 6.0, 6.0)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for key, stroke in self._strokes.items():
            painter.setPen(self._pens[key])
            painter.drawPath(stroke)
        painter.setPen(self._dot_pen)
        radius = 0.09 * SQUARE_PX
        for centre, late in self._dots:
            painter.setBrush(self._late_brush if late else self._dot_brush)
            painter.drawEllipse(centre, radius, radius)
        point = self.timeout_point()
        if point is not None:
            painter.setBrush(self._timeout_brush)
            painter.drawEllipse(to_scene(*point), radius * 1.4, radius * 1.4)


def _pen(color: QColor, width: float, style: Qt.PenStyle) -> QPen:
    pen = QPen(color, width, style)
    pen.setCosmetic(True)  # the ruler reads the same at any zoom
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _segment(path: QPainterPath, a: Point, b: Point) -> None:
    path.moveTo(to_scene(*a))
    path.lineTo(to_scene(*b))


def _make_label(stop: RulerStop, parent: QGraphicsItem) -> MapLabel:
    if stop.kind == "timeout":
        return MapLabel(stop.text, TIME_OUT, parent=parent)
    return MapLabel(stop.text, _SPENT if stop.late else RULER, parent=parent)
