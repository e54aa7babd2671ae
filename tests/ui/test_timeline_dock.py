"""The timeline dock, driven with real mouse input on a real fight (examples/skirmish.json).

Positions are computed from data coordinates (time, lane row) through the plot's ViewBox, so the
tests click where a person would see the thing they aim at.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QHelpEvent, QImage, QPainter, QWheelEvent
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from battlemap.core.clock import RoundClock
from battlemap.core.encounter import Encounter
from battlemap.core.engine import Engine
from battlemap.core.events import Event
from battlemap.core.narration import Narrator
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.d12.markers import MARKERS as D12_MARKERS
from battlemap.rulesets.d12.sentences import SENTENCES as D12_SENTENCES
from battlemap.storage.encounter_file import load_encounter
from battlemap.ui.palette import side_color
from battlemap.ui.timeline_axes import CountAxis, RoundAxis
from battlemap.ui.timeline_dock import Lane, TimelineDock
from battlemap.ui.timeline_items import BAR_BOTTOM, BAR_TOP, INK, MARKER_STYLES, MARKER_Y
from battlemap.ui.timeline_model import MarkerKind
from tests.ui.screenshots import keep_copy

SKIRMISH = Path(__file__).resolve().parents[2] / "resources" / "examples" / "skirmish.json"
SIZE = (1000, 300)


@dataclass(frozen=True)
class Fight:
    encounter: Encounter
    clock: RoundClock
    events: list[Event]

    @property
    def lanes(self) -> list[Lane]:
        return [Lane(c.id, c.name, c.side) for c in self.encounter.combatants]

    def row(self, actor: str) -> int:
        return [lane.id for lane in self.lanes].index(actor)

    def of_type(self, *types: str) -> list[Event]:
        return [e for e in self.events if e.type in types]


@pytest.fixture(scope="module")
def fight() -> Fight:
    encounter = load_encounter(SKIRMISH)
    ruleset = get_ruleset(encounter.ruleset)
    # A seed under which the app's dice give the skirmish hits and misses on every lane and
    # three drops (goblin at 6.0, shaman at 7.0, wolf at 24.0): something of each to draw.
    engine = Engine(encounter, ruleset, seed=30)
    assert engine.run()
    return Fight(encounter, ruleset.clock, list(engine.log))


def _shown_dock(qtbot: QtBot) -> TimelineDock:
    dock = TimelineDock()
    qtbot.addWidget(dock)
    dock.resize(*SIZE)
    dock.show()
    qtbot.waitExposed(dock)
    return dock


@pytest.fixture
def dock(qtbot: QtBot, fight: Fight) -> TimelineDock:
    dock = _shown_dock(qtbot)
    dock.set_lanes(fight.lanes)
    dock.set_events(
        fight.events,
        fight.clock,
        Narrator(fight.encounter, fight.clock, D12_SENTENCES),
        D12_MARKERS,
    )
    QApplication.processEvents()
    return dock


@pytest.fixture(autouse=True)
def _no_tooltip_left() -> Iterator[None]:
    yield
    QToolTip.hideText()


@pytest.fixture
def every_mouse_move() -> Iterator[None]:
    """Let pyqtgraph see every move: it drops moves closer than 10 ms, as a test's are."""
    limit = pg.getConfigOption("mouseRateLimit")
    pg.setConfigOption("mouseRateLimit", -1)
    yield
    pg.setConfigOption("mouseRateLimit", limit)


def viewport_point(dock: TimelineDock, time: float, row: float) -> QPoint:
    """Where (time, lane row) is on the plot's viewport, in its pixels."""
    scene = dock.view_box.mapViewToScene(QPointF(time, row))
    point: QPoint = dock.plot_widget.mapFromScene(scene)
    return point


def pixel_width(dock: TimelineDock) -> float:
    """How much time one pixel spans at the current zoom."""
    return float(dock.view_box.viewPixelSize()[0])


def axis_labels(axis: CountAxis | RoundAxis) -> dict[float, str]:
    """The texts the axis draws, keyed by the time under each text's centre."""
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        specs = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    assert specs is not None
    lo, hi = axis.range
    bounds = axis.mapRectFromParent(axis.geometry())
    labels = {}
    for rect, _flags, text in specs[2]:
        if text:
            at = lo + (rect.center().x() - bounds.left()) / bounds.width() * (hi - lo)
            labels[round(at, 2)] = text
    return labels


# --- lanes ------------------------------------------------------------------------------------


def test_one_lane_per_combatant_top_to_bottom_with_names(dock: TimelineDock, fight: Fight) -> None:
    specs = dock.lane_axis.label_specs()
    assert len(specs) == len(fight.encounter.combatants) == 6
    shown = [text for _rect, text, _color in sorted(specs, key=lambda s: s[0].center().y())]
    assert shown == ["Thorin", "Luet", "goblin", "goblin shaman", "wolf", "Mialee"]
    for row, (rect, _text, color) in enumerate(specs):
        # Each name sits level with its lane, beside a swatch of its side's colour.
        name_y = dock.lane_axis.mapToScene(rect.center()).y()
        lane_y = dock.view_box.mapViewToScene(QPointF(0.0, row)).y()
        assert name_y == pytest.approx(lane_y, abs=1.0)
        assert color == side_color(fight.lanes[row].side)


def test_lanes_given_after_the_events_still_carry_the_bars(qtbot: QtBot, fight: Fight) -> None:
    dock = _shown_dock(qtbot)
    dock.set_events(fight.events, fight.clock, markers=D12_MARKERS)
    dock.set_lanes(list(reversed(fight.lanes)))
    thorin_bar = next(b for b in dock.content.bars if b.actor == "thorin")
    rect = dock.bars_item.bar_rect(thorin_bar)
    assert rect is not None
    assert rect.top() == pytest.approx(5 + BAR_TOP)  # Thorin is now the bottom lane


# --- bars -------------------------------------------------------------------------------------


def test_a_bar_per_action_from_its_start_to_its_end(dock: TimelineDock, fight: Fight) -> None:
    starts = fight.of_type("action_start")
    ends = {e["id"]: e.time for e in fight.of_type("action_end")}
    assert len(dock.content.bars) == len(starts) == 10
    for start in starts:
        bar = dock.content.bar(start["id"])
        rect = dock.bars_item.bar_rect(bar)
        assert rect is not None
        assert rect.left() == start.time
        assert rect.right() == ends[start["id"]]
        row = fight.row(start.actor or "")
        assert (rect.top(), rect.bottom()) == pytest.approx((row + BAR_TOP, row + BAR_BOTTOM))


def test_an_action_without_its_end_yet_runs_to_its_planned_end(
    dock: TimelineDock, fight: Fight
) -> None:
    # The log as it stands just after Mialee's readied shot began at 4.0 and before 7.0.
    early = [e for e in fight.events if e.time < 7.0]
    dock.set_events(early, fight.clock, markers=D12_MARKERS)
    shot = dock.content.bar("archer.r1.1.readied")
    assert (shot.actor, shot.action, shot.is_open) == ("archer", "attack", True)
    rect = dock.bars_item.bar_rect(shot)
    assert rect is not None
    assert (rect.left(), rect.right()) == (4.0, 10.0)  # its `ends`
    charge = dock.bars_item.bar_rect(dock.content.bar("wolf.r1.1"))
    assert charge is not None
    assert (charge.left(), charge.right()) == (1.0, 13.0)


def test_adding_events_ends_open_bars_without_rebuilding(dock: TimelineDock, fight: Fight) -> None:
    # The log as it stands the moment the shaman begins casting (4.0), before Mialee's readied
    # shot goes off: the engine stops there when the table rolls that shot.
    split = next(i for i, e in enumerate(fight.events) if e.type == "triggered")
    dock.set_events(fight.events[:split], fight.clock, markers=D12_MARKERS)
    items_before = list(dock.plot_widget.scene().items())
    untouched = dock.content.bar("luet.r1.1")  # Luet's move ends at 7.0, later
    assert dock.bars_item.bar_rect(dock.content.bar("shaman.r1.1")).right() == 10.0  # type: ignore[union-attr]
    assert dock.bars_item.bar_rect(dock.content.bar("archer.r1.1")).right() == 12.0  # type: ignore[union-attr]

    dock.add_events(fight.events[split:])

    cast = dock.content.bar("shaman.r1.1")
    assert not cast.is_open and cast.cut_short
    assert dock.bars_item.bar_rect(cast).right() == 4.0  # type: ignore[union-attr]  # spell lost
    ready = dock.content.bar("archer.r1.1")
    assert not ready.is_open and ready.cut_short
    assert dock.bars_item.bar_rect(ready).right() == 4.0  # type: ignore[union-attr]  # triggered
    assert len(dock.content.bars) == 10
    assert dock.content.bar("wolf.r1.1").end == 13.0
    # Nothing was rebuilt: the same graphics items, and unchanged bars are the same objects.
    assert list(dock.plot_widget.scene().items()) == items_before
    assert dock.content.bars[0] is dock.content.bar("archer.r1.1")
    assert dock.content.bar("luet.r1.1").start_event is untouched.start_event


def test_a_full_attack_carries_its_planned_blows(dock: TimelineDock) -> None:
    assert dock.content.bar("thorin.r1.1").blows == (6.0, 12.0)
    assert dock.content.bar("thorin.r2.1").blows == (18.0, 24.0)
    assert dock.content.bar("luet.r1.1").blows == ()


# --- markers ----------------------------------------------------------------------------------


def test_markers_at_each_blow_filled_for_a_hit_hollow_for_a_miss(
    dock: TimelineDock, fight: Fight
) -> None:
    attacks = fight.of_type("attack")
    shown = [
        (m.time, m.actor, m.kind)
        for m in dock.content.markers
        if m.kind in (MarkerKind.HIT, MarkerKind.MISS)
    ]
    expected = [(e.time, e.actor, MarkerKind.HIT if e["hit"] else MarkerKind.MISS) for e in attacks]
    assert shown == expected
    assert (4.0, "archer", MarkerKind.HIT) in shown
    assert (6.0, "thorin", MarkerKind.HIT) in shown
    assert (7.0, "wolf", MarkerKind.MISS) in shown
    assert not MARKER_STYLES[MarkerKind.HIT].hollow
    assert MARKER_STYLES[MarkerKind.MISS].hollow


def test_a_cross_where_the_spell_was_lost_and_a_mark_where_each_dropped(
    dock: TimelineDock,
) -> None:
    lost = [(m.time, m.actor, m.event.type) for m in dock.content.markers
            if m.kind is MarkerKind.LOST]  # fmt: skip
    assert lost == [(4.0, "shaman", "concentration_check"), (4.0, "shaman", "spell_lost")]
    down = [(m.time, m.actor) for m in dock.content.markers if m.kind is MarkerKind.DOWN]
    assert down == [(6.0, "goblin"), (7.0, "shaman"), (24.0, "wolf")]
    styles = {MARKER_STYLES[k].path.boundingRect().size().toTuple() for k in MarkerKind}
    assert len(styles) >= 4  # circle, star, cross and triangle differ in shape


def test_hovering_a_marker_tells_it_in_words(dock: TimelineDock, fight: Fight) -> None:
    viewport = dock.plot_widget.viewport()
    at = viewport_point(dock, 6.0, fight.row("thorin") + MARKER_Y)
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, at, viewport.mapToGlobal(at)))
    assert QToolTip.isVisible()
    first_blow = next(e for e in fight.of_type("attack") if e.actor == "thorin")
    # The same sentence as the log dock and `simulate --text` give, whatever its wording.
    assert QToolTip.text() == Narrator(fight.encounter, fight.clock, D12_SENTENCES).sentence(
        first_blow
    )
    assert QToolTip.text().startswith("Round 1, 6: Thorin attacks goblin with battleaxe")


def test_hovering_where_a_readied_action_went_off_says_what_set_it_off(
    dock: TimelineDock, fight: Fight
) -> None:
    """ "Hovering a marker explains what triggered it" (issue 5): Mialee's readied shot goes off
    at 4.0 (Round 1, 8) when the goblin shaman starts casting; her lane has the trigger's
    marker there, with the shot's hit beside it."""
    kinds = [m.kind for m in dock.content.markers_near("archer", 4.0, 1e-9)]
    assert MarkerKind.TRIGGERED in kinds and MarkerKind.HIT in kinds
    viewport = dock.plot_widget.viewport()
    at = viewport_point(dock, 4.0, fight.row("archer") + MARKER_Y)
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, at, viewport.mapToGlobal(at)))
    assert QToolTip.isVisible()
    lines = QToolTip.text().split("\n")
    said = "Round 1, 8: Mialee's readied action goes off (starts casting, by goblin shaman)"
    assert said in lines


def test_without_a_narrator_the_words_are_plain(dock: TimelineDock, fight: Fight) -> None:
    dock.set_events(fight.events, fight.clock, markers=D12_MARKERS)
    scene = dock.view_box.mapViewToScene
    # The window knows no ruleset's words: each marked event by its type and whom it concerns.
    assert dock.tooltip_at(scene(QPointF(6.0, MARKER_Y))) == "Round 1, 6: Thorin: attack (goblin)"
    shaman = fight.row("shaman")
    assert dock.tooltip_at(scene(QPointF(4.0, shaman + MARKER_Y))) == (
        "Round 1, 8: goblin shaman: concentration check\nRound 1, 8: goblin shaman: spell lost"
    )
    # Below the markers, on the bar: the action itself, here Mialee's wait cut short.
    assert dock.tooltip_at(scene(QPointF(2.0, fight.row("archer") + 0.1))) == (
        "Round 1, 12: Mialee, ready, ended Round 1, 8: triggered"
    )
    assert dock.tooltip_at(scene(QPointF(30.0, shaman))) is None


def test_hovering_a_lane_name_gives_it_whole(dock: TimelineDock, fight: Fight) -> None:
    specs = dock.lane_axis.label_specs()
    shaman = fight.row("shaman")
    at = dock.lane_axis.mapToScene(specs[shaman][0].center())
    assert dock.tooltip_at(at) == "goblin shaman (raiders)"


# --- the time axis ----------------------------------------------------------------------------


def test_the_axis_counts_each_unit_down_and_names_round_boundaries(dock: TimelineDock) -> None:
    labels = axis_labels(dock.time_axis)
    assert labels[6.0] == "6"
    assert labels[7.0] == "5"
    assert labels[11.0] == "1"
    assert labels[12.0] == "R2"
    assert labels[13.0] == "11"
    assert [labels[float(t)] for t in range(1, 12)] == [str(c) for c in range(11, 0, -1)]
    assert "Round 2" in axis_labels(dock.round_axis).values()


def test_the_view_starts_on_the_rounds_holding_events(
    dock: TimelineDock, fight: Fight, qtbot: QtBot
) -> None:
    (left, right), _ = dock.view_box.viewRange()
    assert left <= 0.0 < 36.0 <= right < 37.0  # rounds 1 to 3
    empty = _shown_dock(qtbot)
    empty.set_events([], fight.clock)
    (left, right), _ = empty.view_box.viewRange()
    assert left <= 0.0 < 12.0 <= right < 13.0  # round 1


class SegmentClock:
    """A ruleset clock unlike d12's: 10 segments a round, counted up from 1."""

    units_per_round = 10

    def round_of(self, time: float) -> int:
        return int(time // 10) + 1

    def count_of(self, time: float) -> int:
        return int(time - (self.round_of(time) - 1) * 10) + 1

    def time_of(self, round_number: int, count: int) -> float:
        return float((round_number - 1) * 10 + count - 1)

    def round_start(self, round_number: int) -> float:
        return self.time_of(round_number, 1)

    def label(self, time: float) -> str:
        return f"Round {self.round_of(time)}, segment {self.count_of(time)}"


def test_another_ruleset_labels_the_axis_its_own_way(qtbot: QtBot, fight: Fight) -> None:
    dock = _shown_dock(qtbot)
    dock.set_lanes(fight.lanes)
    dock.set_events([], SegmentClock())
    dock.view_box.setXRange(-1.0, 21.0, padding=0.0)
    QApplication.processEvents()
    labels = axis_labels(dock.time_axis)
    assert labels[0.0] == "R1" and labels[10.0] == "R2"
    assert [labels[float(t)] for t in range(1, 10)] == [str(c) for c in range(2, 11)]
    dock.set_time(13.5)
    assert dock.round_axis.playhead == (13.5, "Round 2, segment 4")


def test_zoomed_out_labels_thin_out_and_never_overlap(dock: TimelineDock) -> None:
    dock.view_box.setXRange(0.0, 12.0 * 40, padding=0.0)
    QApplication.processEvents()
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    specs = dock.time_axis.generateDrawSpecs(painter)
    painter.end()
    assert specs is not None
    rects = sorted((rect for rect, _flags, text in specs[2] if text), key=lambda r: r.left())
    assert len(rects) >= 4
    assert all(a.right() <= b.left() for a, b in itertools.pairwise(rects))
    assert all(text.startswith("R") for _r, _f, text in specs[2] if text)


# --- the playhead -----------------------------------------------------------------------------


def test_clicking_in_the_plot_moves_the_playhead_there(dock: TimelineDock, qtbot: QtBot) -> None:
    viewport = dock.plot_widget.viewport()
    with qtbot.waitSignal(dock.timeScrubbed, timeout=1000) as blocker:
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=viewport_point(dock, 8.25, 2.0))
    # The click lands on a whole pixel: within one pixel's worth of time of the aim.
    assert blocker.args[0] == pytest.approx(8.25, abs=pixel_width(dock))
    assert dock.time() == blocker.args[0]
    assert dock.playhead.value() == blocker.args[0]


def test_clicking_a_count_on_the_axis_goes_there_and_a_lane_name_does_not(
    dock: TimelineDock, qtbot: QtBot
) -> None:
    viewport = dock.plot_widget.viewport()
    axis_y = dock.time_axis.sceneBoundingRect().center().y()
    on_axis = dock.plot_widget.mapFromScene(
        QPointF(dock.view_box.mapViewToScene(QPointF(19.0, 0.0)).x(), axis_y)
    )
    with qtbot.waitSignal(dock.timeScrubbed, timeout=1000) as blocker:
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=on_axis)
    assert blocker.args[0] == pytest.approx(19.0, abs=pixel_width(dock))
    name = dock.plot_widget.mapFromScene(
        dock.lane_axis.mapToScene(dock.lane_axis.label_specs()[0][0].center())
    )
    with qtbot.assertNotEmitted(dock.timeScrubbed):
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=name)


@pytest.mark.usefixtures("every_mouse_move")
def test_dragging_the_playhead_scrubs_continuously(dock: TimelineDock, qtbot: QtBot) -> None:
    dock.set_time(3.0)
    QApplication.processEvents()
    range_before = dock.view_box.viewRange()
    seen: list[float] = []
    dock.timeScrubbed.connect(seen.append)
    viewport = dock.plot_widget.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=viewport_point(dock, 3.0, 2.0))
    for t in (4.0, 5.5, 7.25, 9.5):
        qtbot.mouseMove(viewport, viewport_point(dock, t, 2.2))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=viewport_point(dock, 9.5, 2.2))
    assert len(seen) >= 4  # one per move, not only at the end
    assert seen == sorted(seen)
    # Press and release each land on a whole pixel.
    assert seen[-1] == pytest.approx(9.5, abs=2 * pixel_width(dock))
    assert dock.time() == seen[-1]
    assert dock.view_box.viewRange() == range_before  # the line moved, not the view


def test_set_time_moves_the_playhead_without_a_signal(dock: TimelineDock, qtbot: QtBot) -> None:
    with qtbot.assertNotEmitted(dock.timeScrubbed):
        dock.set_time(14.5)
        QApplication.processEvents()
    assert dock.time() == 14.5
    assert dock.playhead.value() == 14.5
    assert dock.round_axis.playhead == (14.5, "Round 2, 9.5")


def test_follow_keeps_the_playhead_in_sight(dock: TimelineDock, qtbot: QtBot) -> None:
    dock.set_follow(True)
    with qtbot.assertNotEmitted(dock.timeScrubbed):
        for t in (10.0, 30.0, 50.0, 70.5):
            dock.set_time(t)
            (left, right), _ = dock.view_box.viewRange()
            assert left <= t <= right
    dock.set_follow(False)
    dock.set_time(200.0)
    (left, right), _ = dock.view_box.viewRange()
    assert right < 200.0


# --- panning and zooming ----------------------------------------------------------------------


@pytest.mark.usefixtures("every_mouse_move")
def test_dragging_the_background_pans_time_only(dock: TimelineDock, qtbot: QtBot) -> None:
    dock.set_time(30.0)
    (left, right), (top, bottom) = dock.view_box.viewRange()
    viewport = dock.plot_widget.viewport()
    # Where the hand goes on the screen, worked out before the view starts moving under it.
    press, halfway, end = (viewport_point(dock, t, y) for t, y in ((20, 2), (18, 3), (14, 4)))
    with qtbot.assertNotEmitted(dock.timeScrubbed):
        qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=press)
        qtbot.mouseMove(viewport, halfway)
        qtbot.mouseMove(viewport, end)
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    (new_left, new_right), (new_top, new_bottom) = dock.view_box.viewRange()
    assert new_left == pytest.approx(left + 6.0, abs=0.5)
    assert new_right - new_left == pytest.approx(right - left)
    assert (new_top, new_bottom) == (top, bottom)


def test_the_wheel_zooms_time_only(dock: TimelineDock) -> None:
    (left, right), (top, bottom) = dock.view_box.viewRange()
    viewport = dock.plot_widget.viewport()
    at = QPointF(viewport_point(dock, 12.0, 2.0))
    wheel = QWheelEvent(
        at, QPointF(viewport.mapToGlobal(at.toPoint())), QPoint(0, 0), QPoint(0, 240),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
        False,
    )  # fmt: skip
    QApplication.sendEvent(viewport, wheel)
    (new_left, new_right), (new_top, new_bottom) = dock.view_box.viewRange()
    assert new_right - new_left < right - left  # zoomed in
    assert (new_top, new_bottom) == (top, bottom)


def test_clear_forgets_everything(dock: TimelineDock, qtbot: QtBot) -> None:
    dock.set_time(5.0)
    with qtbot.assertNotEmitted(dock.timeScrubbed):
        dock.clear()
    assert dock.content.bars == [] and dock.content.markers == []
    assert dock.lanes == [] and dock.lane_axis.label_specs() == []
    assert dock.time() == 0.0


# --- what it looks like -----------------------------------------------------------------------


def _pixel(image: QImage, dock: TimelineDock, time: float, row: float) -> QColor:
    at = dock.plot_widget.viewport().mapTo(dock, viewport_point(dock, time, row))
    return image.pixelColor(at)


def test_the_same_fight_again_keeps_the_zoom_a_new_one_is_shown_whole(
    dock: TimelineDock, fight: Fight
) -> None:
    dock.view_box.setXRange(20.0, 26.0, padding=0.0)
    rewound = [e for e in fight.events if e.time <= 13.0]
    dock.set_events(rewound, fight.clock, markers=D12_MARKERS)
    assert dock.view_box.viewRange()[0] == pytest.approx([20.0, 26.0])
    other_fight = [e for e in fight.events if e.time >= 12.0]  # opens in round 2
    dock.set_events(other_fight, fight.clock, markers=D12_MARKERS)
    (left, right), _ = dock.view_box.viewRange()
    assert left < 12.0 < 36.0 < right < 37.0  # rounds 2 and 3


def test_events_before_any_clock_are_kept_and_drawn(qtbot: QtBot, fight: Fight) -> None:
    dock = _shown_dock(qtbot)
    dock.set_lanes(fight.lanes)
    dock.add_events(fight.events)
    assert len(dock.content.bars) == 10
    assert dock.tooltip_at(dock.view_box.mapViewToScene(QPointF(6.0, MARKER_Y))) is None


def _close(a: QColor, b: QColor, tolerance: int = 12) -> bool:
    return all(
        abs(x - y) <= tolerance
        for x, y in zip((a.red(), a.green(), a.blue()), (b.red(), b.green(), b.blue()), strict=True)
    )


def test_rendered_timeline_shows_lanes_bars_markers_and_playhead(
    dock: TimelineDock, fight: Fight, tmp_path: Path
) -> None:
    dock.set_time(14.5)
    QApplication.processEvents()
    image = dock.grab().toImage()
    saved = tmp_path / "timeline_dock.png"
    assert image.save(str(saved))
    keep_copy(saved)
    image = QImage(str(saved))
    assert image.size().toTuple() == SIZE

    colors = {image.pixel(x, y) for x in range(0, SIZE[0], 7) for y in range(0, SIZE[1], 7)}
    assert len(colors) > 20

    mid = (BAR_TOP + BAR_BOTTOM) / 2
    party, raiders = side_color("party"), side_color("raiders")
    # Luet's move (1 to 7) is solid party blue away from its caption; the wolf's charge, raiders.
    assert _close(_pixel(image, dock, 5.0, fight.row("luet") + mid), party)
    assert _close(_pixel(image, dock, 9.0, fight.row("wolf") + mid), raiders)
    # Thorin's hit at 6.0 is a filled dark dot; the wolf's miss at 7.0 a ring, pale inside.
    assert _close(_pixel(image, dock, 6.0, fight.row("thorin") + MARKER_Y), INK, 30)
    miss = next(e for e in fight.of_type("attack") if not e["hit"])
    centre = _pixel(image, dock, miss.time, fight.row("wolf") + MARKER_Y)
    assert centre.lightness() > 200
    # The playhead is a teal line through every lane.
    for row in range(6):
        assert _close(_pixel(image, dock, 14.5, row + 0.45), QColor("#0b7d86"), 40)
    # Past the playhead everything is paled: the same bar, lighter beyond it.
    before = _pixel(image, dock, 13.5, fight.row("thorin") + mid)
    after = _pixel(image, dock, 16.0, fight.row("thorin") + mid)
    assert after.lightness() > before.lightness() + 20


def test_opportunities_are_marked_on_the_movers_lane(qtbot: QtBot) -> None:
    """An attack of opportunity shows on the mover's lane at the moment he leaves the square."""
    from battlemap.core.decisions import take_all
    from battlemap.core.encounter import Encounter, MapSpec
    from battlemap.ui.timeline_model import MarkerKind
    from tests.factories import combatant, plan

    fighter = combatant("fighter", x=5.5, y=5.5, side="guards", initiative_roll=12)
    runner = combatant("runner", x=1.5, y=4.5, side="thieves", initiative_roll=10)
    encounter = Encounter(
        "d12",
        MapSpec(20, 20),
        (fighter, runner),
        (plan("fighter", 1, "standard"), plan("runner", 1, "move", path=[(7.5, 4.5)])),
    )
    engine = Engine(encounter, get_ruleset("d12"), seed=0, choose=take_all)
    assert engine.run()
    dock = _shown_dock(qtbot)
    dock.set_lanes([Lane("fighter", "Fighter", "guards"), Lane("runner", "Runner", "thieves")])
    dock.set_events(list(engine.log), get_ruleset("d12").clock, markers=D12_MARKERS)
    marked = [(m.actor, m.time) for m in dock.content.markers if m.kind is MarkerKind.OPPORTUNITY]
    assert marked == [("runner", 5.5)]


def test_the_ruleset_says_what_is_marked(fight: Fight) -> None:
    """Markers come from `Ruleset.markers` (each symbol one the window draws); without them
    only the shared `down` is marked."""
    from battlemap.rulesets.base import MARK_SYMBOLS
    from battlemap.ui.timeline_model import TimelineContent

    assert sorted(kind.value for kind in MarkerKind) == sorted(MARK_SYMBOLS)
    bare = TimelineContent()
    bare.add(fight.events)
    assert {m.kind for m in bare.markers} == {MarkerKind.DOWN}
    d12 = TimelineContent(get_ruleset("d12").markers)
    d12.add(fight.events)
    kinds = {m.kind for m in d12.markers}
    assert {MarkerKind.HIT, MarkerKind.MISS, MarkerKind.LOST, MarkerKind.DOWN} <= kinds
    assert len(d12.bars) == len(bare.bars) > 0
