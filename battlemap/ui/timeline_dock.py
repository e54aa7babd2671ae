"""The timeline dock: who does what in which unit, read from the event log, with a playhead.

One lane per combatant; a bar per action from its start to its end (to its planned end while
it runs); markers for blows, spells, lost spells and drops; counts and rounds along the time
axis; a playhead the game master clicks or drags to scrub. Time is labelled only through the
ruleset's RoundClock, so other rulesets label themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pyqtgraph as pg
from pyqtgraph.GraphicsScene.mouseEvents import MouseClickEvent
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QHelpEvent
from PySide6.QtWidgets import QDockWidget, QToolTip, QWidget

from battlemap.core.clock import RoundClock
from battlemap.core.events import Event
from battlemap.core.narration import Narrator
from battlemap.rulesets.base import Dial, Marking
from battlemap.ui.timeline_axes import CountAxis, LaneAxis, RoundAxis
from battlemap.ui.timeline_bars import BarsItem, CaptionsItem
from battlemap.ui.timeline_dials import RoundDials
from battlemap.ui.timeline_items import (
    BAR_BOTTOM,
    BAR_TOP,
    MARKER_Y,
    FutureShade,
    LaneBands,
    LaneLayout,
    MarkersItem,
    RoundLines,
)
from battlemap.ui.timeline_model import (
    Bar,
    Changes,
    Lane,
    Marker,
    MarkerKind,
    TimelineContent,
    describe_bar,
    describe_event,
)
from battlemap.ui.timeline_pick import CountPickItem

__all__ = ["Lane", "TimelineDock"]

BACKGROUND = QColor("#fbfaf7")
PLAYHEAD = QColor("#0b7d86")  # teal: unlike every side colour and the black markers
DIVERGENCE = QColor("#c2410c")  # burnt orange: a warning, and unlike the teal playhead
#: How near (pixels) the pointer must be to a marker for its tooltip.
_HOVER_PX = 9.0
#: With follow on, the playhead is kept this far (share of the view) from the right edge.
_FOLLOW_MARGIN = 0.2


class TimelineDock(QDockWidget):
    """A dock titled "Timeline" drawing the event log on lanes against time.

    Signals:
        timeScrubbed(float): the game master clicked in the plot or dragged the playhead; the
            new time in engine units (continuous, fractional). `set_time` never emits it, so
            a playback driver can follow the signal and call `set_time` without a loop.

        countPicked(int): while a count pick is open (`begin_count_pick`), the game master
            clicked one of the offered counts. The pick stays open until `end_count_pick`.

    The plot pans and zooms in time with the mouse (drag, wheel); the lanes stay put. A click
    in the plot or on the time axes moves the playhead there, except while a count pick is
    open: then a click picks a count and never scrubs.

    Its parts are public for tests and neighbours that need pixels: `plot_widget`, `view_box`
    (x is time, y the lane row, 0 at the top), `playhead`, `time_axis`, `round_axis`,
    `lane_axis`, `bars_item`, `markers_item`; `content` holds what was read from the log.
    """

    timeScrubbed = Signal(float)
    countPicked = Signal(int)

    def __init__(self, parent: QWidget | None = None, clock: RoundClock | None = None) -> None:
        super().__init__("Timeline", parent)
        self.setObjectName("timelineDock")
        self.setAllowedAreas(
            Qt.DockWidgetArea.BottomDockWidgetArea | Qt.DockWidgetArea.TopDockWidgetArea
        )
        self._clock = clock
        self._narrator: Narrator | None = None
        self._markers: Mapping[str, Marking] = {}
        self._round_dials = RoundDials()
        self._layout = LaneLayout()
        self._content = TimelineContent()
        self._time = 0.0
        self._follow = False
        self._extent: tuple[float, float] | None = None  # first and last event time
        self._opening: Event | None = None  # the log's first event: which fight this is

        self.time_axis = CountAxis()
        self.round_axis = RoundAxis()
        self.lane_axis = LaneAxis()
        self.plot_widget = pg.PlotWidget(
            background=BACKGROUND,
            axisItems={"bottom": self.time_axis, "top": self.round_axis, "left": self.lane_axis},
        )
        self.plot_widget.setToolTip("")  # tooltips come from what is under the pointer
        plot = self.plot_widget.getPlotItem()
        plot.showAxis("top")
        plot.hideButtons()
        plot.setMenuEnabled(False)
        self.view_box = plot.getViewBox()
        self.view_box.invertY(True)  # lane 0 at the top, in the order given
        self.view_box.setMouseEnabled(x=True, y=False)
        self.view_box.disableAutoRange()
        self.view_box.setLimits(minXRange=1.0)

        self.bands = LaneBands(self._layout, self._content)
        self.bars_item = BarsItem(self._layout, self._content)
        self.captions_item = CaptionsItem(self.bars_item)
        self.markers_item = MarkersItem(self._layout, self._content)
        self.future = FutureShade()
        self.round_lines = RoundLines()
        self.count_pick = CountPickItem()
        for item in (
            self.bands,
            self.bars_item,
            self.captions_item,
            self.markers_item,
            self.future,
            self.round_lines,
            self.count_pick,
        ):
            plot.addItem(item, ignoreBounds=True)

        self.playhead = pg.InfiniteLine(
            pos=0.0,
            angle=90,
            movable=True,
            pen=pg.mkPen(PLAYHEAD, width=2.5),
            hoverPen=pg.mkPen(PLAYHEAD, width=4),
        )
        self.playhead.setZValue(10)
        self.round_axis.tag_color = PLAYHEAD
        plot.addItem(self.playhead, ignoreBounds=True)
        # Where an edit made the fight differ from what was played before it (hidden until an
        # edit changes the past): the game master sees from which moment the dice told anew.
        self.divergence = pg.InfiniteLine(
            pos=0.0,
            angle=90,
            movable=False,
            pen=pg.mkPen(DIVERGENCE, width=2, style=Qt.PenStyle.DashLine),
            label="changed from here",
            labelOpts={"position": 0.04, "color": DIVERGENCE, "anchors": [(0, 0), (0, 0)]},
        )
        self.divergence.setZValue(9)
        self.divergence.hide()
        plot.addItem(self.divergence, ignoreBounds=True)
        self.playhead.sigDragged.connect(self._on_playhead_dragged)
        self.plot_widget.scene().sigMouseClicked.connect(self._on_scene_clicked)
        self.plot_widget.scene().sigMouseMoved.connect(self._on_scene_moved)
        self.plot_widget.viewport().installEventFilter(self)

        self.setWidget(self.plot_widget)
        self._apply_clock()
        self._fit_lanes()
        self._fit_time()
        self._show_time(0.0)

    # --- lanes and events ---------------------------------------------------------------------

    @property
    def content(self) -> TimelineContent:
        """The bars and markers read from the log so far (read it, do not change it)."""
        return self._content

    @property
    def lanes(self) -> list[Lane]:
        return list(self._layout.lanes)

    def set_lanes(self, lanes: Sequence[Lane]) -> None:
        """One lane per combatant, top to bottom in this order, named and tinted by side."""
        self._layout = LaneLayout(lanes)
        for item in (self.bands, self.bars_item, self.markers_item):
            item.lane_layout = self._layout
        self._invalidate_all()
        self.lane_axis.set_lanes(lanes)
        self._fit_lanes()

    def set_events(
        self,
        events: Sequence[Event],
        clock: RoundClock,
        narrator: Narrator | None = None,
        markers: Mapping[str, Marking] | None = None,
        dials: Sequence[Dial] = (),
    ) -> None:
        """Replace everything drawn from the log; the view shows the rounds holding events.

        The same fight again (rewound, branched, undone: its log opens with the same event)
        keeps the game master's pan and zoom; a new fight is shown whole. `narrator`, when
        given, words the tooltips as the log dock does; `markers` are the ruleset's
        (`Ruleset.markers`: which events get a symbol), `dials` the values named beside each
        round's name (`dials_of`: 13th Age's "Esc 2").
        """
        self._round_dials = RoundDials(dials)
        self.round_axis.notes = self._round_dials.note
        same_fight = bool(events) and events[0] == self._opening
        self._clock = clock
        self._narrator = narrator
        self._markers = markers or {}
        self._set_content(TimelineContent(self._markers))
        self._extent = None
        self._opening = None
        self._apply_clock()
        self.add_events(events)
        if not same_fight:
            self._fit_time()
        self._show_time(self._time)

    def set_preview_markers(self, markers: Sequence[tuple[str, float]]) -> None:
        """Show where a path being planned would meet an attack of opportunity or an intercept:
        (lane id, time) pairs, drawn hollow; [] clears them."""
        self.markers_item.preview = list(markers)
        self.markers_item.update()  # drawn over the cached symbols: nothing to redraw

    def preview_markers(self) -> list[tuple[str, float]]:
        return list(self.markers_item.preview)

    def add_events(self, events: Sequence[Event]) -> None:
        """Draw more of the log as it grows: only the time the new events touch is redrawn."""
        if not events:
            return
        if self._opening is None:
            self._opening = events[0]
        first, last = min(e.time for e in events), max(e.time for e in events)
        if self._extent is not None:
            first, last = min(first, self._extent[0]), max(last, self._extent[1])
        self._extent = (first, last)
        self._redraw(self._content.add(events))
        if self._round_dials.add(events):
            self.round_axis.picture = None  # the round names are drawn again with their notes
            self.round_axis.update()

    def _redraw(self, changes: Changes) -> None:
        """Redraw the times a batch of events touched, in the layers it touched."""
        bars = changes.new_bars + changes.ended_bars
        if bars:
            # An ended bar was drawn to its planned end until now: redraw as far as both reach.
            left = min(bar.start for bar in bars)
            right = max(max(bar.end, bar.planned_end) for bar in bars)
            self.bars_item.invalidate(left, right)
            self.captions_item.invalidate(left, right)
        if changes.markers:
            times = [marker.time for marker in changes.markers]
            self.markers_item.invalidate(min(times), max(times))
            downs = [m.time for m in changes.markers if m.kind is MarkerKind.DOWN]
            if downs:
                self.bands.invalidate(min(downs))  # a drop hatches the rest of the lane

    def _set_content(self, content: TimelineContent) -> None:
        self._content = content
        for item in (self.bands, self.bars_item, self.markers_item):
            item.content = content
        self._invalidate_all()

    def _invalidate_all(self) -> None:
        for layer in (self.bands, self.bars_item, self.captions_item, self.markers_item):
            layer.invalidate()

    def set_cached(self, cached: bool, *, level_of_detail: bool | None = None) -> None:
        """Whether bands, bars, markers and round lines are drawn once and copied (on by
        default) or drawn in full on every repaint (the old way: the benchmark compares the
        two, tests check both show the same); `level_of_detail` (by default as `cached`) thins
        markers and bars by the pixel when zoomed out."""
        detail = cached if level_of_detail is None else level_of_detail
        for layer in (
            self.bands,
            self.bars_item,
            self.captions_item,
            self.markers_item,
            self.round_lines,
        ):
            layer.cached = cached
        self.bars_item.level_of_detail = detail
        self.markers_item.level_of_detail = detail
        self.captions_item.setVisible(cached)
        self._invalidate_all()

    def clear(self) -> None:
        """Forget the lanes and the events; the playhead goes back to 0 (without a signal)."""
        self.set_lanes([])
        self._set_content(TimelineContent(self._markers))
        self._extent = None
        self._opening = None
        self._fit_time()
        self._show_time(0.0)

    def mark_divergence(self, time: float | None) -> None:
        """Mark where the fight first differs from before an edit; None hides the mark."""
        if time is None:
            self.divergence.hide()
            return
        self.divergence.setValue(time)
        self.divergence.show()

    # --- the playhead -------------------------------------------------------------------------

    def time(self) -> float:
        """Where the playhead is, in engine time units."""
        return self._time

    def set_time(self, t: float) -> None:
        """Move the playhead (playback, undo, ...). Never emits timeScrubbed."""
        self._show_time(t)
        if self._follow:
            self._keep_in_view(t)

    def set_follow(self, follow: bool) -> None:
        """While on, `set_time` scrolls the view so the playhead stays in sight."""
        self._follow = follow
        if follow:
            self._keep_in_view(self._time)

    def set_future_dimmed(self, dimmed: bool) -> None:
        """Whether what lies right of the playhead is paled (on by default)."""
        self.future.setVisible(dimmed)

    # --- picking a count ------------------------------------------------------------------------

    def begin_count_pick(
        self, clock: RoundClock, round_number: int, counts: Sequence[int], lane_id: str | None
    ) -> None:
        """Offer `counts` of round `round_number` to click (a delay's later count); `lane_id`'s
        lane shows where the action would begin. The round is brought into view."""
        rows = [i for i, lane in enumerate(self._layout.lanes) if lane.id == lane_id]
        self.count_pick.begin(clock, round_number, counts, rows[0] if rows else None)
        span = self.count_pick.span()
        (left, right), _ = self.view_box.viewRange()
        if span is not None and not (left <= span[0] and span[1] <= right):
            start = clock.round_start(round_number)
            self.view_box.setXRange(start, start + clock.units_per_round, padding=0.02)

    def end_count_pick(self) -> None:
        self.count_pick.end()

    def _on_scene_moved(self, scene_pos: QPointF) -> None:
        if not self.count_pick.active:
            return
        inside = self.view_box.sceneBoundingRect().contains(scene_pos)
        self.count_pick.hover(self.view_box.mapSceneToView(scene_pos).x() if inside else None)

    # --- inside -------------------------------------------------------------------------------

    def _apply_clock(self) -> None:
        self.time_axis.clock = self._clock
        self.round_axis.clock = self._clock
        self.round_lines.clock = self._clock
        self.round_lines.invalidate()
        for axis in (self.time_axis, self.round_axis):
            axis.picture = None  # the labels depend on the clock, not only on the range
            axis.update()
        self.round_lines.update()

    def _fit_lanes(self) -> None:
        rows = max(len(self._layout.lanes), 1)
        self.view_box.setLimits(yMin=-0.5, yMax=rows - 0.5)
        self.view_box.setYRange(-0.5, rows - 0.5, padding=0.0)

    def _fit_time(self) -> None:
        clock = self._clock
        if clock is None:
            self.view_box.setXRange(0.0, 12.0, padding=0.02)
            return
        if self._extent is None:
            first = last = 1
        else:
            first, last = clock.round_of(self._extent[0]), clock.round_of(self._extent[1])
        self.view_box.setXRange(clock.round_start(first), clock.round_start(last + 1), padding=0.02)

    def _show_time(self, t: float) -> None:
        self._time = t
        self.playhead.setValue(t)
        self.future.set_time(t)
        self.round_axis.set_playhead(t, "" if self._clock is None else self._clock.label(t))

    def _keep_in_view(self, t: float) -> None:
        (left, right), _ = self.view_box.viewRange()
        width = right - left
        if t > right - _FOLLOW_MARGIN * width:
            self.view_box.setXRange(
                t - (1 - _FOLLOW_MARGIN) * width, t + _FOLLOW_MARGIN * width, padding=0.0
            )
        elif t < left:
            self.view_box.setXRange(
                t - _FOLLOW_MARGIN * width, t + (1 - _FOLLOW_MARGIN) * width, padding=0.0
            )

    def _on_playhead_dragged(self) -> None:
        t = float(self.playhead.value())
        self._show_time(t)
        self.timeScrubbed.emit(t)

    def _on_scene_clicked(self, event: MouseClickEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        scene_pos = event.scenePos()
        # The time axes count too: clicking a count on them is a natural way to say "go there".
        if not any(
            part.sceneBoundingRect().contains(scene_pos)
            for part in (self.view_box, self.time_axis, self.round_axis)
        ):
            return  # on the lane names or the margins
        t = float(self.view_box.mapSceneToView(scene_pos).x())
        if self.count_pick.active:
            count = self.count_pick.count_at(t)
            if count is not None:
                self.countPicked.emit(count)
            return
        self._show_time(t)
        self.timeScrubbed.emit(t)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and watched is self.plot_widget.viewport():
            assert isinstance(event, QHelpEvent)
            text = self.tooltip_at(self.plot_widget.mapToScene(event.pos()))
            if text:
                # Hidden once the pointer leaves this box, so it never lingers on the next thing.
                near = QRect(event.pos() - QPoint(8, 8), QSize(16, 16))
                QToolTip.showText(event.globalPos(), text, self.plot_widget.viewport(), near)
            else:
                QToolTip.hideText()
            return True
        return super().eventFilter(watched, event)

    def tooltip_at(self, scene_pos: QPointF) -> str | None:
        """What the markers, else the bar, under a scene point say, in words; None if nothing.

        Over a lane's name: the whole name and side (long names are elided there).
        """
        if self.lane_axis.sceneBoundingRect().contains(scene_pos):
            row = round(self.view_box.mapSceneToView(scene_pos).y())
            if 0 <= row < len(self._layout.lanes):
                lane = self._layout.lanes[row]
                return f"{lane.name} ({lane.side})"
            return None
        if self._clock is None or not self.view_box.sceneBoundingRect().contains(scene_pos):
            return None
        point = self.view_box.mapSceneToView(scene_pos)
        if self.count_pick.active:
            count = self.count_pick.count_at(point.x())
            return None if count is None else f"Act at {count} from now on (click to pick)"
        row = round(point.y())
        if not 0 <= row < len(self._layout.lanes):
            return None
        actor = self._layout.lanes[row].id
        px_w, px_h = self.view_box.viewPixelSize()
        lines: list[str] = []
        if abs(point.y() - (row + MARKER_Y)) <= _HOVER_PX * px_h:
            markers = self._content.markers_near(actor, point.x(), _HOVER_PX * px_w)
            lines = [self._describe_marker(m) for m in markers]
        if not lines and row + BAR_TOP <= point.y() <= row + BAR_BOTTOM:
            lines = [self._describe_bar(b) for b in self._content.bars_at(actor, point.x())]
        return "\n".join(lines) or None

    def _describe_marker(self, marker: Marker) -> str:
        assert self._clock is not None
        said = self._narrator.sentence(marker.event) if self._narrator is not None else None
        return said or describe_event(marker.event, self._clock, self._layout.name)

    def _describe_bar(self, bar: Bar) -> str:
        assert self._clock is not None
        if self._narrator is None:
            return describe_bar(bar, self._clock, self._layout.name)
        said = [self._narrator.sentence(bar.start_event)]
        if bar.end_event is not None:
            said.append(self._narrator.sentence(bar.end_event))
        return "\n".join(s for s in said if s)
