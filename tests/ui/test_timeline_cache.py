"""The timeline's cached layers: what they draw is what a full drawing shows, and what the
model reads from a log in pieces is what it reads at once.

Nothing here is timed: the benchmark (benchmarks/timeline_long_fight.py) measures speed; these
tests prove the cache and the level of detail change no picture and that new events redraw
only the time they touch.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlemap.core.engine import Engine
from battlemap.core.events import Event
from battlemap.core.narration import Narrator
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.d12.markers import MARKERS as D12_MARKERS
from battlemap.rulesets.d12.sentences import SENTENCES as D12_SENTENCES
from battlemap.storage.encounter_file import load_encounter
from battlemap.ui import timeline_items
from battlemap.ui.timeline_dock import Lane, TimelineDock
from battlemap.ui.timeline_model import Marker, TimelineContent
from tests.ui.screenshots import keep_copy

SKIRMISH = Path(__file__).resolve().parents[2] / "resources" / "examples" / "skirmish.json"
SIZE = (1000, 300)
CLOCK = get_ruleset("d12").clock


def _skirmish_events() -> tuple[list[Lane], list[Event]]:
    encounter = load_encounter(SKIRMISH)
    engine = Engine(encounter, get_ruleset(encounter.ruleset), seed=30)
    assert engine.run()
    lanes = [Lane(c.id, c.name, c.side) for c in encounter.combatants]
    return lanes, list(engine.log)


LANES, EVENTS = _skirmish_events()


def _narrator() -> Narrator:
    return Narrator(load_encounter(SKIRMISH), CLOCK, D12_SENTENCES)


def _dock(qtbot: QtBot, *, cached: bool, events: list[Event] | None = None) -> TimelineDock:
    dock = TimelineDock()
    qtbot.addWidget(dock)
    dock.resize(*SIZE)
    dock.show()
    qtbot.waitExposed(dock)
    dock.set_cached(cached, level_of_detail=True)
    dock.set_lanes(LANES)
    dock.set_events(EVENTS if events is None else events, CLOCK, _narrator(), D12_MARKERS)
    QApplication.processEvents()
    return dock


def _differ(dock: TimelineDock, a: QImage, b: QImage, tolerance: int = 3) -> float:
    """The share of the plot's pixels that differ by more than `tolerance` in a channel (its
    outermost pixels left out: where the view's edge falls inside a pixel, a copy and a direct
    drawing may round it apart)."""
    assert a.size() == b.size()
    a = a.convertToFormat(QImage.Format.Format_RGB32)
    b = b.convertToFormat(QImage.Format.Format_RGB32)
    plot = dock.plot_widget.mapFromScene(dock.view_box.sceneBoundingRect()).boundingRect()
    plot = plot.translated(dock.plot_widget.mapTo(dock, plot.topLeft()) - plot.topLeft())
    plot = plot.adjusted(2, 2, -2, -2)
    differ = 0
    for y in range(plot.top(), plot.bottom()):
        for x in range(plot.left(), plot.right()):
            pa, pb = a.pixel(x, y), b.pixel(x, y)
            if pa != pb and any(
                abs(((pa >> s) & 255) - ((pb >> s) & 255)) > tolerance for s in (0, 8, 16)
            ):
                differ += 1
    return differ / (plot.width() * plot.height())


def _content_summary(content: TimelineContent) -> object:
    def marks(markers: list[Marker] | tuple[Marker, ...]) -> list[tuple[float, str, str]]:
        return [(m.time, m.actor, m.kind.value) for m in markers]

    return (
        content.bars,
        marks(content.markers),
        marks(content.notable),
        {lane.id: marks(tuple(content.lane_blows(lane.id))) for lane in LANES},
        content.down_since,
        content.longest,
    )


# --- the model ------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(EVENTS)), max_size=12))
def test_a_log_read_in_pieces_is_read_as_at_once(cuts: list[int]) -> None:
    """However the engine's batches fall, the bars and markers are the same as from scratch."""
    whole = TimelineContent(D12_MARKERS)
    whole.add(EVENTS)
    pieces = TimelineContent(D12_MARKERS)
    bounds = [0, *sorted(cuts), len(EVENTS)]
    for start, end in itertools.pairwise(bounds):
        pieces.add(EVENTS[start:end])
    assert _content_summary(pieces) == _content_summary(whole)
    assert len(whole.markers) == len(whole.notable) + sum(
        len(whole.lane_blows(lane.id)) for lane in LANES
    )


# --- the drawing ----------------------------------------------------------------------------


@pytest.fixture
def docks(qtbot: QtBot) -> Iterator[tuple[TimelineDock, TimelineDock]]:
    yield _dock(qtbot, cached=False), _dock(qtbot, cached=True)


@pytest.mark.parametrize("rounds", [None, (2, 3)])
def test_the_cached_drawing_is_the_full_drawing(
    docks: tuple[TimelineDock, TimelineDock], rounds: tuple[int, int] | None, tmp_path: Path
) -> None:
    cached = docks[1]
    for dock in docks:
        if rounds is not None:
            dock.view_box.setXRange(
                CLOCK.round_start(rounds[0]), CLOCK.round_start(rounds[1] + 1), padding=0.0
            )
        dock.set_time(14.5)
        QApplication.processEvents()
    pictures = [dock.grab().toImage() for dock in docks]
    saved = tmp_path / f"timeline_cached_{'all' if rounds is None else 'rounds'}.png"
    assert pictures[1].save(str(saved))
    keep_copy(saved)
    assert _differ(cached, *pictures) < 0.001
    assert cached.markers_item.full_renders >= 1  # it really drew through its cache


def test_events_added_in_batches_draw_what_the_whole_log_draws(qtbot: QtBot) -> None:
    """The cached dock is given the log in batches, repainted between them (each batch redraws
    only the columns it touches), and ends with the picture of the whole log drawn at once."""
    direct = _dock(qtbot, cached=False)
    growing = _dock(qtbot, cached=True, events=EVENTS[:1])
    for dock in (direct, growing):
        dock.view_box.setXRange(0.0, CLOCK.round_start(4), padding=0.0)
        dock.set_time(20.0)
    QApplication.processEvents()
    growing.plot_widget.viewport().repaint()
    full_before = growing.markers_item.full_renders
    for start in range(1, len(EVENTS), 17):
        growing.add_events(EVENTS[start : start + 17])
        growing.plot_widget.viewport().repaint()
    assert growing.markers_item.full_renders == full_before  # never the whole strip again
    assert growing.markers_item.partial_renders > 0
    # Not quite 0: Qt starts a dashed edge's pattern where a clipped redraw begins, so the
    # dashes of an open or cut-short bar redrawn in part may fall a few pixels apart.
    assert _differ(growing, direct.grab().toImage(), growing.grab().toImage()) < 0.004


def test_moving_the_playhead_or_panning_a_little_draws_nothing_again(
    docks: tuple[TimelineDock, TimelineDock],
) -> None:
    _, dock = docks
    viewport = dock.plot_widget.viewport()
    viewport.repaint()
    layers = (dock.bands, dock.bars_item, dock.markers_item, dock.round_lines)
    before = [(layer.full_renders, layer.partial_renders) for layer in layers]
    for step in range(10):
        dock.set_time(10.0 + step * 0.3)
        viewport.repaint()
    (left, right), _ = dock.view_box.viewRange()
    dock.view_box.setXRange(left + 0.1, right + 0.1, padding=0.0)  # well inside the margin
    viewport.repaint()
    assert [(layer.full_renders, layer.partial_renders) for layer in layers] == before
    dock.view_box.setXRange(left + 2 * (right - left), right + 2 * (right - left), padding=0.0)
    viewport.repaint()
    QApplication.processEvents()
    viewport.repaint()
    after = (dock.markers_item.full_renders, dock.markers_item.partial_renders)
    assert after != before[2]  # out of the strip: drawn anew


def test_a_range_of_the_timeline_draws_the_markers_the_whole_drawing_shows_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The level of detail picks the same symbols in a strip as in the whole drawing (slots are
    counted from time 0), zoomed in and zoomed far out."""
    content = TimelineContent(D12_MARKERS)
    content.add(EVENTS)
    item = timeline_items.MarkersItem(timeline_items.LaneLayout(LANES), content)
    drawn: list[tuple[float, str]] = []

    def record(
        self: object, p: QPainter, to: QTransform, marker: Marker, row: int, s: float
    ) -> None:
        drawn.append((marker.time, marker.actor))

    monkeypatch.setattr(timeline_items.MarkersItem, "_paint_symbol", record)
    image = QImage(10, 10, QImage.Format.Format_ARGB32_Premultiplied)
    end = max(m.time for m in content.markers) + 1
    for px_per_unit in (40.0, 6.0, 1.5):
        to_device = QTransform(px_per_unit, 0, 0, 40.0, 3.0, 20.0)
        painter = QPainter(image)
        drawn.clear()
        item.paint_pixels(painter, to_device, _rect(0.0, end))
        whole = list(drawn)
        for left, right in ((5.0, 11.0), (12.0, 24.5), (7.25, 30.0)):
            drawn.clear()
            item.paint_pixels(painter, to_device, _rect(left, right))
            inside = [d for d in drawn if left <= d[0] <= right]
            assert inside == [d for d in whole if left <= d[0] <= right]
        painter.end()
    assert whole  # something was drawn at the last zoom


def _rect(left: float, right: float) -> object:
    from PySide6.QtCore import QRectF

    return QRectF(left, -0.5, right - left, len(LANES))
