"""The battle map: a zoomable, pannable square grid with tokens, planned paths and a ruler.

The view speaks squares to the rest of the window (every signal and method takes or gives
square coordinates) and draws in a scene of SQUARE_PX units per square. It is tuned for the
animation tick: tokens and planned paths are device-cached, the scene has no spatial index
(everything moves every frame, so a BSP tree would be rebuilt constantly) and the static board
is painted from a cached background, so a frame is mostly blits (map_canvas.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from battlemap.core.encounter import Combatant, MapSpec, Point
from battlemap.storage.creature_library import CreatureTemplate
from battlemap.ui.map_area import AreaItem, square_rectangle
from battlemap.ui.map_board import MapBoard
from battlemap.ui.map_canvas import MapCanvas
from battlemap.ui.map_dial import DialOverlay
from battlemap.ui.map_dnd import DropPreview, accept_creature
from battlemap.ui.map_grid import SQUARE_PX, size_squares, snap_center, to_scene, to_squares
from battlemap.ui.map_items import MapMarker, MarkersItem, PlanPathsItem
from battlemap.ui.map_links import LinksItem, Segment
from battlemap.ui.map_paths import CachedPlanPaths
from battlemap.ui.map_ruler import RulerItem, RulerSpec
from battlemap.ui.map_threat import ThreatZonesItem
from battlemap.ui.map_tokens import TokenImages, TokenItem

__all__ = ["SQUARE_PX", "MapMarker", "MapView", "RulerSpec"]


class MapView(MapCanvas):
    """The battle map. All coordinates in signals are squares; positions are token centres.

    Signals:
        tokenMoved(str, float, float): a token was dragged and released; its new centre, snapped
            so its footprint sits on whole squares and clamped inside the map. Only on change.
        creatureDropped(object, float, float): a CreatureTemplate was dropped (CREATURE_MIME);
            the snapped, clamped centre where it lands.
        deleteRequested(list): Delete or Backspace with tokens selected: their ids.
        selectionChangedIds(list): the selected token ids, whenever that set changes.
        tokenActivated(str): a token was double-clicked.
        tokenContextMenu(str, QPoint): right click (no drag) on a token; global position.
        mapContextMenu(float, float, QPoint): right click (no drag) on the map; squares, global.
        waypointAdded(float, float): planning: a click added this snapped waypoint.
        planningFinished(): planning: Enter, Return or a double click. The owner ends planning.
        planningCancelled(): planning: Escape. The owner ends planning.
        areaPicked(list): area picking: a drag (or click) over whole squares ended; the
            rectangle's corners in squares, clockwise from the top left. It stays drawn.
        cursorMoved(float, float): the square coordinates under the mouse, on every move.
        warning(str): a problem the user should see (a missing picture, a bad drop).
    """

    tokenMoved = Signal(str, float, float)
    creatureDropped = Signal(object, float, float)
    deleteRequested = Signal(list)
    selectionChangedIds = Signal(list)
    tokenActivated = Signal(str)
    tokenContextMenu = Signal(str, QPoint)
    mapContextMenu = Signal(float, float, QPoint)
    waypointAdded = Signal(float, float)
    planningFinished = Signal()
    planningCancelled = Signal()
    areaPicked = Signal(list)
    cursorMoved = Signal(float, float)
    warning = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setAcceptDrops(True)
        self._board = MapBoard()
        self._images = TokenImages()
        self._tokens: dict[str, TokenItem] = {}
        #: Where set_positions last put each token (squares); any other setPos forgets it.
        self._shown_positions: dict[str, Point] = {}
        self._paths = CachedPlanPaths()
        #: The whole-path drawing from before issue 11, shown instead only for the benchmark's
        #: comparison (`set_cached_paths(False)`).
        self._whole_paths: PlanPathsItem | None = None
        self._markers = MarkersItem()
        self._preview = DropPreview()
        self._threats = ThreatZonesItem()
        self._area = AreaItem()
        self._area_picking = False
        self._area_anchor: Point | None = None
        self._links = LinksItem()
        #: The pairs the ruleset links now (set_links); their segments follow the tokens.
        self._link_pairs: tuple[tuple[str, str], ...] = ()
        self._dial = DialOverlay(self)
        for item in (
            *self._paths.items(),
            self._markers,
            self._preview,
            self._threats,
            self._area,
            self._links,
        ):
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.scene().addItem(item)
        self._ruler: RulerItem | None = None
        self._planning_actor = ""
        self._planning_squares = 1
        self._editable = True
        self._selection: list[str] = []
        self._quiet_selection = False
        self._drag_origins: dict[str, QPointF] = {}
        self.scene().selectionChanged.connect(self._on_selection_changed)

    # --- map and tokens ----------------------------------------------------------------------

    def set_map(self, spec: MapSpec, base_dir: Path | None) -> None:
        """Draw `spec`: area, background picture, grid, walls. A new map size fits the view."""
        old = self._board.spec
        problem = self._board.set_map(spec, base_dir)
        self._set_map_rect(self._board.rect, (spec.width, spec.height) != (old.width, old.height))
        self.resetCachedContent()  # the cached background holds the old board
        self.viewport().update()
        if problem is not None:
            self.warning.emit(problem)

    def map_spec(self) -> MapSpec:
        return self._board.spec

    def has_background_picture(self) -> bool:
        """Whether a background picture is drawn (False when none is set or it failed)."""
        return self._board.has_picture

    def set_tokens(self, combatants: Sequence[Combatant], base_dir: Path | None) -> None:
        """Create, update or remove token items so they match `combatants`, keyed by id."""
        problems: list[str] = []
        keep: set[str] = set()
        self._shown_positions.clear()
        self._quiet_selection = True
        try:
            for combatant in combatants:
                picture = None
                if combatant.image:
                    picture, problem = self._images.get(combatant.image, base_dir)
                    if problem is not None:
                        problems.append(problem)
                item = self._tokens.get(combatant.id)
                if item is None:
                    item = TokenItem(combatant, picture, self._movable())
                    self.scene().addItem(item)
                    self._tokens[combatant.id] = item
                else:
                    item.update_from(combatant, picture)
                item.setPos(combatant.x * SQUARE_PX, combatant.y * SQUARE_PX)
                keep.add(combatant.id)
            for token_id in [t for t in self._tokens if t not in keep]:
                self.scene().removeItem(self._tokens.pop(token_id))
        finally:
            self._quiet_selection = False
        self._on_selection_changed()
        for problem in problems:
            self.warning.emit(problem)

    def token(self, token_id: str) -> TokenItem | None:
        """The item drawing `token_id` (for tests and tools; do not keep it)."""
        return self._tokens.get(token_id)

    def set_positions(self, positions: Mapping[str, Point]) -> None:
        """Move tokens; the per-frame animation call: only tokens whose position changed are
        touched (a Python comparison is cheaper than a call into Qt that finds nothing to do)."""
        tokens = self._tokens
        shown = self._shown_positions
        for token_id, point in positions.items():
            if shown.get(token_id) == point:
                continue
            item = tokens.get(token_id)
            if item is not None:
                item.setPos(point[0] * SQUARE_PX, point[1] * SQUARE_PX)
                shown[token_id] = point
        if self._link_pairs:
            self._show_links()

    def set_links(self, pairs: Sequence[tuple[str, str]]) -> None:
        """Link these pairs of tokens with a line (the ruleset's `links_of`: 13th Age's engaged
        pairs); [] removes them. The lines follow the tokens as they move; the drawing is
        rebuilt only when a pair or an end changes."""
        wanted = tuple(pairs)
        if wanted == self._link_pairs:
            return  # the window asks every frame; set_positions moves the ends
        self._link_pairs = wanted
        self._show_links()

    def link_segments(self) -> tuple[Segment, ...]:
        """The links drawn: each pair's token centres, in squares."""
        return self._links.segments

    def _show_links(self) -> None:
        segments: list[Segment] = []
        for a, b in self._link_pairs:
            first, second = self._tokens.get(a), self._tokens.get(b)
            if first is not None and second is not None:
                segments.append(
                    (
                        (first.x() / SQUARE_PX, first.y() / SQUARE_PX),
                        (second.x() / SQUARE_PX, second.y() / SQUARE_PX),
                    )
                )
        self._links.set_segments(segments)

    def set_dials(self, readings: Sequence[str]) -> None:
        """Show the fight's dials big in the top-right corner ("Escalation 3"), fixed over the
        view as it pans and zooms; [] shows none."""
        self._dial.set_readings(readings)

    def dial_text(self) -> str:
        """What the corner overlay says ("" when hidden)."""
        return "" if self._dial.isHidden() else self._dial.text()

    def set_health(self, hp: Mapping[str, int]) -> None:
        """Update health bars; hp <= 0 draws the token as down."""
        for token_id, value in hp.items():
            item = self._tokens.get(token_id)
            if item is not None:
                item.set_hp(value)

    def set_statuses(self, statuses: Mapping[str, Iterable[str]]) -> None:
        """Show each token's statuses (frozen, fleeing, stunned...): a ring and a badge; a token
        not named has none."""
        for token_id, item in self._tokens.items():
            item.set_statuses(tuple(sorted(statuses.get(token_id, ()))))

    def set_editable(self, editable: bool) -> None:
        """Whether tokens may be dragged (False while a fight plays). The window says so on
        every frame: only a change touches the tokens."""
        if editable == self._editable:
            return
        self._editable = editable
        self._apply_movable()

    def select_tokens(self, ids: Iterable[str]) -> None:
        wanted = set(ids)
        self._quiet_selection = True
        try:
            for token_id, item in self._tokens.items():
                item.setSelected(token_id in wanted)
        finally:
            self._quiet_selection = False
        self._on_selection_changed()

    def selected_ids(self) -> list[str]:
        """Selected token ids, in the order the tokens were given."""
        return [token_id for token_id, item in self._tokens.items() if item.isSelected()]

    def set_plan_paths(self, paths: Mapping[str, Sequence[Point]]) -> None:
        """Replace the committed planned paths (polylines in squares, each from its token).
        Only what changed is drawn again: the heads of tokens that moved, the tails of plans
        that changed (map_paths.py)."""
        if self._whole_paths is not None:
            self._whole_paths.set_paths(paths)
        else:
            self._paths.set_paths(paths)

    def plan_path_count(self) -> int:
        """How many planned paths are drawn."""
        if self._whole_paths is not None:
            return self._whole_paths.path_count
        return self._paths.path_count

    def set_cached_paths(self, cached: bool) -> None:
        """Draw planned paths in cached layers (True, the default) or, for the benchmark's
        comparison with how it was done before, as one dashed whole redrawn on every change.
        The paths shown are cleared: set them again."""
        self.set_plan_paths({})
        if cached and self._whole_paths is not None:
            self.scene().removeItem(self._whole_paths)
            self._whole_paths = None
        elif not cached and self._whole_paths is None:
            self._whole_paths = PlanPathsItem()
            self._whole_paths.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.scene().addItem(self._whole_paths)

    def set_markers(self, markers: Sequence[MapMarker]) -> None:
        """Replace the labelled markers."""
        self._markers.set_markers(markers)

    def marker_texts(self) -> list[str]:
        return self._markers.texts()

    def set_threat_zones(self, zones: Sequence[tuple[QColor, Iterable[tuple[int, int]]]]) -> None:
        """Tint the squares each combatant threatens: (colour, squares) pairs; [] hides them."""
        self._threats.set_zones(zones)

    def threat_cell_count(self) -> int:
        return self._threats.cell_count()

    # --- planning ----------------------------------------------------------------------------

    def begin_planning(self, actor: str, start: Point, size_squares: int, ruler: RulerSpec) -> None:
        """Start planning `actor`'s movement from `start`: clicks add waypoints, a ruler shows."""
        self.end_planning()
        self._planning_squares = size_squares
        self._planning_actor = actor
        self._ruler = RulerItem(start, size_squares, ruler)
        self._ruler.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._ruler.set_scale(self.zoom_factor())
        self.scene().addItem(self._ruler)
        self._apply_movable()
        self.viewport().setCursor(Qt.CursorShape.CrossCursor)
        self.setFocus(Qt.FocusReason.OtherFocusReason)  # Enter and Escape must reach the view

    def end_planning(self) -> None:
        """Remove the ruler and leave planning mode (no signal)."""
        if self._ruler is None:
            return
        self.scene().removeItem(self._ruler)
        self._ruler = None
        self._apply_movable()
        self.viewport().unsetCursor()

    def is_planning(self) -> bool:
        return self._ruler is not None

    def planning_actor(self) -> str | None:
        return self._planning_actor if self._ruler is not None else None

    def planned_waypoints(self) -> list[Point]:
        return self._ruler.waypoints if self._ruler is not None else []

    def ruler_labels(self) -> list[str]:
        """The ruler's texts in path order: waypoints, where time runs out, the cursor."""
        if self._ruler is None:
            return []
        return [stop.text for stop in self._ruler.measurement.stops]

    def ruler_timeout_point(self) -> Point | None:
        """Where the planned movement's time runs out, in squares; None if it ends in time."""
        return self._ruler.timeout_point() if self._ruler is not None else None

    # --- picking an area ----------------------------------------------------------------------

    def begin_area_pick(self) -> None:
        """Drags over the map pick a rectangle of whole squares (areaPicked) instead of
        selecting or moving tokens, until `end_area_pick`."""
        self._area_picking = True
        self._area_anchor = None
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self._apply_movable()
        self.viewport().setCursor(Qt.CursorShape.CrossCursor)

    def end_area_pick(self) -> None:
        """Back to selecting and moving; the area drawn stays until `show_area([])`."""
        if not self._area_picking:
            return
        self._area_picking = False
        self._area_anchor = None
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self._apply_movable()
        self.viewport().unsetCursor()

    def is_picking_area(self) -> bool:
        return self._area_picking

    def show_area(self, points: Sequence[Point]) -> None:
        """Draw an area (corners in squares); [] removes it."""
        self._area.set_points(points)

    def area_points(self) -> tuple[Point, ...]:
        return self._area.points

    def _area_to(self, position: QPointF) -> list[Point]:
        assert self._area_anchor is not None
        spec = self._board.spec
        corners = square_rectangle(
            self._area_anchor, self._square_at(position), spec.width, spec.height
        )
        return list(corners)

    # --- internals --------------------------------------------------------------------------

    def _snapped(self, point: QPointF, squares: int) -> Point:
        x, y = self._square_at(point)
        spec = self._board.spec
        return snap_center(x, y, squares, spec.width, spec.height)

    def _token_at(self, point: QPointF) -> TokenItem | None:
        for item in self.items(point.toPoint()):
            if isinstance(item, TokenItem):
                return item
        return None

    def _movable(self) -> bool:
        return self._editable and self._ruler is None and not self._area_picking

    def _apply_movable(self) -> None:
        movable = self._movable()
        for item in self._tokens.values():
            item.set_movable(movable)

    def _on_selection_changed(self) -> None:
        if self._quiet_selection:
            return
        ids = self.selected_ids()
        if ids != self._selection:
            self._selection = ids
            self.selectionChangedIds.emit(ids)

    # --- Qt events ------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._dial.place()  # it sits over the view, not in the scene

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        super().drawBackground(painter, rect)
        self._board.paint(painter, QRectF(rect))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self._ruler is not None:
            self._add_waypoint(event.position())
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton and self._area_picking:
            self._area_anchor = self._square_at(event.position())
            self.show_area(self._area_to(event.position()))
            event.accept()
            return
        super().mousePressEvent(event)
        pressed = self._token_at(event.position())
        if event.button() == Qt.MouseButton.LeftButton and pressed is not None and self._movable():
            # Every selected token moves with the one under the mouse; each snaps on its own.
            moving = [t for t in self._tokens.values() if t.isSelected() or t is pressed]
            self._drag_origins = {t.token_id: t.pos() for t in moving}
            self._shown_positions.clear()  # Qt moves the dragged tokens

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self.cursorMoved.emit(*self._square_at(event.position()))
        if self._ruler is not None:
            self._ruler.set_cursor(self._snapped(event.position(), self._planning_squares))
        if self._area_anchor is not None:
            self.show_area(self._area_to(event.position()))
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self._ruler is not None:
            event.accept()  # the press added the waypoint
            return
        if event.button() == Qt.MouseButton.LeftButton and self._area_anchor is not None:
            corners = self._area_to(event.position())
            self._area_anchor = None
            self.show_area(corners)
            self.areaPicked.emit(corners)
            event.accept()
            return
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton:
            self._finish_drag()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            if self._ruler is not None:
                self.planningFinished.emit()
                event.accept()
                return
            token = self._token_at(event.position())
            if token is not None:
                self.tokenActivated.emit(token.token_id)
                event.accept()
                return
        super().mouseDoubleClickEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if self._ruler is not None and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.planningFinished.emit()
        elif self._ruler is not None and key == Qt.Key.Key_Escape:
            self.planningCancelled.emit()
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.selected_ids():
            self.deleteRequested.emit(self.selected_ids())
        elif key == Qt.Key.Key_Escape:
            self.scene().clearSelection()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        # Mouse menus come from the right-button release (so a right drag can pan instead).
        if event.reason() == QContextMenuEvent.Reason.Keyboard:
            selected = self.selected_ids()
            if selected:
                where = self.square_to_view(*to_squares(self._tokens[selected[0]].pos()))
            else:
                where = self.viewport().rect().center()
            self._right_clicked(QPointF(where), self.viewport().mapToGlobal(where))
        event.accept()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self.dragMoveEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        template = self._take_drop(event)
        if template is None:
            self._preview.hide()
            return
        squares = size_squares(template.size)
        self._preview.show_at(self._snapped(event.position(), squares), squares)

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self._preview.hide()
        event.accept()

    def dropEvent(self, event: QDropEvent) -> None:
        self._preview.hide()
        template = self._take_drop(event)
        if template is not None:
            x, y = self._snapped(event.position(), size_squares(template.size))
            self.creatureDropped.emit(template, x, y)

    # --- helpers for the events ------------------------------------------------------------------

    def _zoom_changed(self) -> None:
        zoom = self.zoom_factor()
        self._markers.set_scale(zoom)
        if self._ruler is not None:
            self._ruler.set_scale(zoom)

    def _stop_pan(self) -> None:
        super()._stop_pan()
        if self._ruler is not None or self._area_picking:
            self.viewport().setCursor(Qt.CursorShape.CrossCursor)

    def _add_waypoint(self, position: QPointF) -> None:
        assert self._ruler is not None
        point = self._snapped(position, self._planning_squares)
        self._ruler.set_cursor(point)
        last = self._ruler.waypoints[-1] if self._ruler.waypoints else self._ruler.start
        if point == last:
            return  # a zero-length leg would only add a label on top of the last one
        self._ruler.add_waypoint(point)
        self.waypointAdded.emit(*point)

    def _finish_drag(self) -> None:
        origins, self._drag_origins = self._drag_origins, {}
        self._shown_positions.clear()
        spec = self._board.spec
        moves: list[tuple[str, float, float]] = []
        for token_id, origin in origins.items():
            item = self._tokens.get(token_id)
            if item is None or item.pos() == origin:
                continue
            x, y = to_squares(item.pos())
            x, y = snap_center(x, y, item.squares, spec.width, spec.height)
            item.setPos(to_scene(x, y))
            if item.pos() != origin:
                moves.append((token_id, x, y))
        # Emitted after every token has settled: a receiver may call set_tokens at once.
        for move in moves:
            self.tokenMoved.emit(*move)

    def _right_clicked(self, position: QPointF, global_pos: QPoint) -> None:
        token = self._token_at(position)
        if token is not None:
            self.tokenContextMenu.emit(token.token_id, global_pos)
        else:
            x, y = self._square_at(position)
            self.mapContextMenu.emit(x, y, global_pos)

    def _take_drop(self, event: QDropEvent) -> CreatureTemplate | None:
        template, problem = accept_creature(event)
        # Said once per drag: on entering (a refused drag never drops) or on the drop itself.
        if problem and event.type() in (QEvent.Type.DragEnter, QEvent.Type.Drop):
            self.warning.emit(problem)
        return template
