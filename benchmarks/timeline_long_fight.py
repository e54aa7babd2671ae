"""The timeline dock holding a long fight: a playback frame and a playhead drag, old and new.

Promise (issue 11): the timeline's cost per frame and per mouse move does not grow with the
fight; aim: a playback frame or a drag step within a 60 Hz frame (16 ms, p95).

Run from the repository root (offscreen, about a minute):

    .venv/bin/python benchmarks/timeline_long_fight.py

The fight is the 50-combatant, 100-round melee of `simulate_melee.py` (its builder, run by the
engine headless: about 65,000 events, 7,500 bars, 15,000 markers). Two real `TimelineDock`s
(1280 x 260, the window's dock height) get the same lanes and events, with the d12 narrator and
markers, as the window gives them on opening the saved fight:

- "new": the dock as it is (bands, bars, captions, markers and round lines drawn once into
  cached strips and copied on each repaint; a level of detail when zoomed out);
- "old", today's approach before this work: `set_cached(False)`, every layer painted in full
  on every repaint, every marker visited (the code path is kept in the dock for this).

Measured, always in alternating pairs in the same run (old, new, old, new, ...), so that load
on the shared machine falls on both alike:

(a) a playback frame at round 90: the playhead moved 1/30 unit (a 60 Hz frame at 0.5 s a unit)
    with follow on (as the window does while playing), then a synchronous repaint of the plot
    (`viewport().repaint()`): once with the whole fight in view (as the dock shows a fight just
    opened), once zoomed in to four rounds. The script asserts the playhead really advanced and
    stays in view.
(b) a playhead drag at round 90, per mouse move: a real press on the playhead, then moves of
    3 pixels (QTest mouse events on the plot's viewport, pyqtgraph's move rate limit off),
    each followed by a synchronous repaint; whole fight in view. Asserts every move scrubbed
    (one `timeScrubbed` per move, times increasing).

Printed: median and 95th percentile of each, for old and new, and the ratio old / new. Figures
are printed, never asserted; the machine is shared, read the ratios more than the times.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

try:
    import battlemap  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pyqtgraph as pg
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from simulate_melee import build_melee, simulate

from battlemap.core.events import Event
from battlemap.core.narration import Narrator
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.base import markers_of
from battlemap.ui.timeline_dock import Lane, TimelineDock

SIZE = (1280, 260)
ROUND = 90
FRAME_UNITS = 1 / 30
FRAME_PAIRS = 40
DRAG_PAIRS = 6
MOVES_PER_DRAG = 12
MOVE_PX = 3
BUDGET_MS = 16.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def make_dock(app: QApplication, events: list[Event], *, cached: bool) -> TimelineDock:
    encounter = build_melee()
    ruleset = get_ruleset("d12")
    dock = TimelineDock()
    dock.resize(*SIZE)
    dock.show()
    dock.set_cached(cached)
    dock.set_lanes([Lane(c.id, c.name, c.side) for c in encounter.combatants])
    dock.set_events(
        events,
        ruleset.clock,
        Narrator(encounter, ruleset.clock, ruleset.sentences),
        markers_of(ruleset),
    )
    app.processEvents()
    return dock


def frame_step(dock: TimelineDock) -> Callable[[], None]:
    """One playback frame: the playhead moved a frame's worth with follow on, then a paint."""
    viewport = dock.plot_widget.viewport()

    def step() -> None:
        dock.set_time(dock.time() + FRAME_UNITS)
        viewport.repaint()

    return step


def alternate(
    old: Callable[[], None], new: Callable[[], None], pairs: int
) -> tuple[list[float], list[float]]:
    """Milliseconds of each call, old then new, `pairs` times."""
    old_ms: list[float] = []
    new_ms: list[float] = []
    for _ in range(pairs):
        for work, into in ((old, old_ms), (new, new_ms)):
            began = time.perf_counter()
            work()
            into.append((time.perf_counter() - began) * 1000)
    return old_ms, new_ms


def playback(
    app: QApplication, docks: tuple[TimelineDock, TimelineDock], zoom_rounds: int | None
) -> tuple[list[float], list[float]]:
    clock = get_ruleset("d12").clock
    start = clock.round_start(ROUND)
    for dock in docks:
        dock.set_follow(False)
        if zoom_rounds is None:
            dock.set_events(list(EVENTS), clock, None, markers_of(get_ruleset("d12")))
            dock._fit_time()  # the whole fight, as a fight just opened shows
        else:
            dock.view_box.setXRange(
                start - 1, start - 1 + zoom_rounds * clock.units_per_round, padding=0
            )
        dock.set_time(start)
        dock.set_follow(True)
        app.processEvents()
        dock.plot_widget.viewport().repaint()  # the first paint draws the strips: not a frame
    old, new = (frame_step(d) for d in docks)
    old_ms, new_ms = alternate(old, new, FRAME_PAIRS)
    for dock in docks:
        moved = dock.time() - start
        assert abs(moved - FRAME_PAIRS * FRAME_UNITS) < 1e-6, f"the playhead moved {moved}"
        (left, right), _ = dock.view_box.viewRange()
        assert left <= dock.time() <= right, "follow lost the playhead"
    return old_ms, new_ms


def drag(
    app: QApplication, docks: tuple[TimelineDock, TimelineDock]
) -> tuple[list[float], list[float]]:
    clock = get_ruleset("d12").clock
    start = clock.round_start(ROUND)
    pg.setConfigOption("mouseRateLimit", -1)  # every move is seen, as the tests do
    old_ms: list[float] = []
    new_ms: list[float] = []
    for dock in docks:
        dock.set_follow(False)
        dock._fit_time()
        app.processEvents()
        dock.plot_widget.viewport().repaint()
    for _ in range(DRAG_PAIRS):
        for dock, into in ((docks[0], old_ms), (docks[1], new_ms)):
            dock.set_time(start)
            app.processEvents()
            viewport = dock.plot_widget.viewport()
            scene = dock.view_box.mapViewToScene(QPointF(start, 20.0))
            at: QPoint = dock.plot_widget.mapFromScene(scene)
            seen: list[float] = []
            dock.timeScrubbed.connect(seen.append)
            QTest.mousePress(
                viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at
            )
            for move in range(1, MOVES_PER_DRAG + 1):
                began = time.perf_counter()
                QTest.mouseMove(viewport, at + QPoint(MOVE_PX * move, 0))
                viewport.repaint()
                into.append((time.perf_counter() - began) * 1000)
            QTest.mouseRelease(
                viewport,
                Qt.MouseButton.LeftButton,
                Qt.KeyboardModifier.NoModifier,
                at + QPoint(MOVE_PX * MOVES_PER_DRAG, 0),
            )
            dock.timeScrubbed.disconnect(seen.append)
            assert len(seen) >= MOVES_PER_DRAG, (
                f"only {len(seen)} of {MOVES_PER_DRAG} moves scrubbed"
            )
            assert seen == sorted(seen) and seen[-1] > start, "the drag did not move the playhead"
    return old_ms, new_ms


def report(name: str, old_ms: list[float], new_ms: list[float]) -> None:
    old_med, new_med = statistics.median(old_ms), statistics.median(new_ms)
    old_p95, new_p95 = percentile(old_ms, 0.95), percentile(new_ms, 0.95)
    print(f"{name}")
    print(
        f"  old (today's approach): median {old_med:8.2f} ms, p95 {old_p95:8.2f} ms"
        f"  (n={len(old_ms)})"
    )
    print(
        f"  new (cached strips):    median {new_med:8.2f} ms, p95 {new_p95:8.2f} ms"
        f"  (n={len(new_ms)})"
    )
    verdict = "meets" if new_p95 <= BUDGET_MS else "misses"
    print(
        f"  old / new: median {old_med / new_med:.1f}x, p95 {old_p95 / new_p95:.1f}x; "
        f"new p95 {verdict} the {BUDGET_MS:g} ms aim"
    )


EVENTS: list[Event] = []


def main() -> None:
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    ruleset = get_ruleset("d12")
    EVENTS.extend(simulate(build_melee(), ruleset).log)
    old_dock = make_dock(app, EVENTS, cached=False)
    new_dock = make_dock(app, EVENTS, cached=True)
    docks = (old_dock, new_dock)
    content = new_dock.content
    print(
        f"fight: 50 combatants x 100 rounds, {len(EVENTS):,} events, {len(content.bars):,} bars, "
        f"{len(content.markers):,} markers; docks {SIZE[0]} x {SIZE[1]}, offscreen; "
        "alternating pairs old/new"
    )
    report(
        f"(a) playback frame at round {ROUND}, whole fight in view, follow on "
        f"({FRAME_PAIRS} pairs)",
        *playback(app, docks, None),
    )
    report(
        f"(a') playback frame at round {ROUND}, four rounds in view, follow on "
        f"({FRAME_PAIRS} pairs)",
        *playback(app, docks, 4),
    )
    report(
        f"(b) playhead drag at round {ROUND}, whole fight in view, per mouse move "
        f"({DRAG_PAIRS} drags x {MOVES_PER_DRAG} moves each)",
        *drag(app, docks),
    )
    for dock in docks:
        dock.close()


if __name__ == "__main__":
    main()
