"""Delay from the planning bar, its later count picked on the timeline with the mouse.

The rule (issue 5, after the Combat Experience text): "Delay: act at a later count of the
combatant's choice; his initiative becomes that count from then on."
"""

from __future__ import annotations

from pathlib import Path

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from battlemap.rulesets import get_ruleset
from battlemap.ui.main_window import MainWindow
from battlemap.ui.timeline_dock import Lane, TimelineDock
from battlemap.ui.timeline_pick import HOVERED
from tests.ui.screenshots import save_png

CLOCK = get_ruleset("d12").clock


@pytest.fixture
def demo(demo_window: MainWindow) -> MainWindow:
    return demo_window


@pytest.fixture(autouse=True)
def every_mouse_move() -> object:
    """pyqtgraph drops moves closer than 10 ms apart, as a test's are."""
    limit = pg.getConfigOption("mouseRateLimit")
    pg.setConfigOption("mouseRateLimit", -1)
    yield
    pg.setConfigOption("mouseRateLimit", limit)


def at(dock: TimelineDock, time: float, row: float) -> QPoint:
    """Where (time, lane row) is on the timeline's viewport."""
    point: QPoint = dock.plot_widget.mapFromScene(dock.view_box.mapViewToScene(QPointF(time, row)))
    return point


def thorin_row(dock: TimelineDock) -> int:
    return [lane.id for lane in dock.lanes].index("thorin")


def begin_thorins_delay(qtbot: QtBot, window: MainWindow, round_number: int) -> None:
    qtbot.mouseClick(
        window.map.viewport(), Qt.MouseButton.LeftButton, pos=window.map.square_to_view(4.5, 7.5)
    )
    assert window.map.selected_ids() == ["thorin"]
    window.planning.set_round(round_number)
    window.planning.actions["delay"].trigger()


def test_delay_offers_the_later_counts_of_the_round_on_the_timeline(
    qtbot: QtBot, demo: MainWindow
) -> None:
    """Thorin acts at 8 (demo: d12 6 + 2); the counts after his are 7 down to 1."""
    begin_thorins_delay(qtbot, demo, 2)

    pick = demo.timeline.count_pick
    assert pick.active
    assert (pick.round_number, pick.counts) == (2, (7, 6, 5, 4, 3, 2, 1))
    assert demo.statusBar().currentMessage() == (
        "Thorin acts at 8: click a later count (7 to 1) on the timeline for round 2 and after; "
        "Esc to cancel."
    )
    # The round is in view: round 2 runs from 12 to 24.
    left, right = demo.timeline.view_box.viewRange()[0]
    assert left <= 12.0 and right >= 24.0


def test_clicking_count_4_plans_the_delay_first_in_the_round(
    qtbot: QtBot, demo: MainWindow
) -> None:
    """Round 2's count 4 is the unit from 20 to 21; a click in it picks 4. The delay goes
    before Thorin's other round-2 plan, since it moves them all; the playhead stays put."""
    begin_thorins_delay(qtbot, demo, 2)
    dock = demo.timeline
    viewport = dock.plot_widget.viewport()
    playhead = demo.session.time
    assert CLOCK.time_of(2, 4) == 20.0

    qtbot.mouseMove(viewport, at(dock, 20.5, thorin_row(dock)))
    assert dock.count_pick.hovered == 4
    assert dock.tooltip_at(dock.view_box.mapViewToScene(QPointF(20.5, 0.0))) == (
        "Act at 4 from now on (click to pick)"
    )
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=at(dock, 20.5, thorin_row(dock)))

    thorins = [
        (p.action, p.count)
        for p in demo.document.encounter.plans
        if p.actor == "thorin" and p.round == 2
    ]
    assert thorins == [("delay", 4), ("full_attack", None)]
    assert demo.statusBar().currentMessage() == "Planned for round 2: Thorin delay to 4."
    assert not dock.count_pick.active
    assert demo.session.time == playhead
    demo.document.undo_stack.undo()
    assert [
        p.action for p in demo.document.encounter.plans if p.actor == "thorin" and p.round == 2
    ] == ["full_attack"]


def test_a_click_outside_the_offered_counts_neither_picks_nor_scrubs(
    qtbot: QtBot, demo: MainWindow
) -> None:
    """Count 10 of round 2 (time 14.5) comes before Thorin's 8: not offered."""
    begin_thorins_delay(qtbot, demo, 2)
    dock = demo.timeline
    before = list(demo.document.encounter.plans)
    playhead = demo.session.time

    qtbot.mouseClick(dock.plot_widget.viewport(), Qt.MouseButton.LeftButton, pos=at(dock, 14.5, 0))

    assert demo.document.encounter.plans == tuple(before)
    assert dock.count_pick.active
    assert demo.session.time == playhead


def test_escape_cancels_the_pick(qtbot: QtBot, demo: MainWindow) -> None:
    begin_thorins_delay(qtbot, demo, 2)
    before = demo.document.encounter.plans

    qtbot.keyClick(demo, Qt.Key.Key_Escape)

    assert not demo.timeline.count_pick.active
    assert demo.document.encounter.plans == before
    assert demo.statusBar().currentMessage() == "Planning cancelled."
    # A click on the timeline scrubs again.
    dock = demo.timeline
    qtbot.mouseClick(dock.plot_widget.viewport(), Qt.MouseButton.LeftButton, pos=at(dock, 14.5, 0))
    assert demo.session.time == pytest.approx(14.5, abs=2 * dock.view_box.viewPixelSize()[0])


def test_the_hovered_count_is_lit_on_screen(qtbot: QtBot, tmp_path: Path) -> None:
    """A bare dock: counts 7..1 of round 1 offered, the pointer on 4 (time 8 to 9)."""
    dock = TimelineDock(clock=CLOCK)
    qtbot.addWidget(dock)
    dock.resize(900, 240)
    dock.set_lanes([Lane("thorin", "Thorin", "party"), Lane("gob", "Goblin", "goblins")])
    dock.show()
    qtbot.waitExposed(dock)
    dock.begin_count_pick(CLOCK, 1, [7, 6, 5, 4, 3, 2, 1], "thorin")
    dock.view_box.setXRange(0.0, 12.0, padding=0.0)
    qtbot.mouseMove(dock.plot_widget.viewport(), at(dock, 8.5, 1))
    assert dock.count_pick.hovered == 4

    image = dock.plot_widget.grab().toImage()
    save_png(dock, tmp_path, "delay_pick")

    def colour(time: float) -> QColor:
        point = at(dock, time, 1.45)  # the lane's lower edge: no bar, no marker
        return image.pixelColor(point)

    lit, offered, before = colour(8.5), colour(6.5), colour(2.5)
    # Lit is the most teal, then offered, then the counts before Thorin's (not tinted).
    assert lit.red() < offered.red() < before.red()
    assert HOVERED.alpha() > 0


def test_a_closed_timeline_comes_back_for_the_pick(qtbot: QtBot, demo: MainWindow) -> None:
    demo.timeline.close()
    assert not demo.timeline.isVisible()
    begin_thorins_delay(qtbot, demo, 2)
    assert demo.timeline.isVisible()
    assert demo.timeline.count_pick.active
