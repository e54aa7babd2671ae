"""13th Age in the window, through the real widgets: the escalation die drawn big on the map and
beside each round's name on the timeline, the engaged pairs linked on the map.

The issue: "the escalation die is drawn big on the map and on the timeline; engaged pairs are
links on the map". The window reads both from the ruleset's declarations (`dials_of`,
`links_of`); a d12 fight declares neither and shows neither.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QToolBar, QWidget
from pytestqt.qtbot import QtBot

from battlemap.storage.settings import Settings
from battlemap.ui.main_window import MainWindow
from battlemap.ui.map_grid import to_squares
from tests.ui.screenshots import save_png
from tests.ui.test_timeline_dock import axis_labels
from tests.ui.windows import example_window

EXAMPLE = Path(__file__).parents[2] / "resources" / "examples" / "thirteenth_age.json"
#: Set to keep the window's picture for the docs (docs/images/13th-age-window.png).
DOCS_IMAGE = Path(__file__).parents[2] / "docs" / "images" / "13th-age-window.png"


@pytest.fixture
def ambush(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The shipped 13th Age example (a copy), opportunities answered quietly."""
    quiet = Settings(not_offered=("opportunity_attack", "intercept"))
    return example_window(qtbot, tmp_path, "thirteenth_age.json", quiet)


def _click_tool(qtbot: QtBot, window: MainWindow, action: QAction) -> None:
    """Click the toolbar button of `action` (a headless window is not active, so shortcuts
    cannot be counted on)."""
    button: QWidget = next(
        bar.widgetForAction(action)
        for bar in window.findChildren(QToolBar)
        if bar.widgetForAction(action) is not None
    )
    assert button.isEnabled(), action.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _centre(window: MainWindow, combatant_id: str) -> tuple[float, float]:
    token = window.map.token(combatant_id)
    assert token is not None
    return to_squares(token.pos())


def _round_names(window: MainWindow) -> list[str]:
    """The names over rounds 1 to 3, the timeline zoomed so each has room for its note."""
    clock = window.session.ruleset.clock
    window.timeline.view_box.setXRange(clock.round_start(1), clock.round_start(4), padding=0)
    QApplication.processEvents()
    return sorted(axis_labels(window.timeline.round_axis).values())


def test_round_three_shows_the_die_at_two_and_the_engaged_pairs_linked(
    qtbot: QtBot, ambush: MainWindow, tmp_path: Path
) -> None:
    """ "At the start of the second round, the GM sets the escalation die at 1 ... Each round,
    the escalation die advances by +1": at round 3's start the map's corner says
    "Escalation 2" and the rounds' names on the timeline "Esc 0", "Esc 1", "Esc 2". Goblin
    grunt 2 moved back onto Brenna in round 2 and grunt 1 stands beside her (the
    intercept and the opportunity attacks declined, as the quiet settings answer them): two
    links, each from Brenna's token to a goblin's."""
    assert ambush.map.dial_text() == "Escalation 0"  # before the fight: round 1's die
    _click_tool(qtbot, ambush, ambush.act_round)  # the fight starts
    _click_tool(qtbot, ambush, ambush.act_round)  # to round 2
    assert ambush._time_label.text() == "Round 2, start"
    assert ambush.map.dial_text() == "Escalation 1"
    assert ambush.map.link_segments() == ()  # Brenna broke away, Tomas walked off the orc
    _click_tool(qtbot, ambush, ambush.act_round)  # to round 3
    assert ambush._time_label.text() == "Round 3, start"

    assert ambush.map.dial_text() == "Escalation 2"
    overlay = ambush.map.findChild(QWidget, "map_dial")
    assert overlay is not None and overlay.isVisible()
    # In the view's top-right corner, and it stays there as the map zooms and pans.
    viewport = ambush.map.viewport().geometry()
    assert overlay.geometry().left() > viewport.center().x()
    assert overlay.geometry().bottom() < viewport.center().y()
    where = overlay.geometry()
    ambush.map.zoom_in()
    ambush.map._scroll_by(40.0, 30.0)
    QApplication.processEvents()
    assert overlay.geometry() == where

    brenna = _centre(ambush, "brenna")
    assert ambush.map.link_segments() == (
        (brenna, _centre(ambush, "goblin1")),
        (brenna, _centre(ambush, "goblin2")),
    )
    assert ambush.map.link_segments() == (
        ((5.5, 5.5), (6.5, 5.5)),
        ((5.5, 5.5), (4.5, 6.5)),
    )
    names = _round_names(ambush)
    assert {"Round 1 · Esc 0", "Round 2 · Esc 1", "Round 3 · Esc 2"} <= set(names)

    QApplication.processEvents()
    picture = save_png(ambush, tmp_path, "13th-age-window")
    if os.environ.get("BATTLEMAP_DOCS_IMAGES"):
        shutil.copyfile(picture, DOCS_IMAGE)


def test_links_follow_the_pairs_and_the_tokens(qtbot: QtBot, ambush: MainWindow) -> None:
    """Round 1's start: Brenna engaged with both goblins, Tomas with the orc, as the file
    places them: three links. Scrubbed back to it from round 3, the links are those again,
    each line on its tokens' centres; mid-round 2, after grunt 2's move onto Brenna, one."""
    _click_tool(qtbot, ambush, ambush.act_round)  # the fight starts
    _click_tool(qtbot, ambush, ambush.act_round)  # to round 2
    _click_tool(qtbot, ambush, ambush.act_round)  # to round 3
    ambush.timeline.timeScrubbed.emit(0.0)  # back to round 1's start
    assert ambush.map.link_segments() == (
        (_centre(ambush, "brenna"), _centre(ambush, "goblin1")),
        (_centre(ambush, "brenna"), _centre(ambush, "goblin2")),
        (_centre(ambush, "orc"), _centre(ambush, "tomas")),
    )
    assert ambush.map.dial_text() == "Escalation 0"


def test_a_d12_fight_shows_no_dial_and_no_links(qtbot: QtBot, demo_window: MainWindow) -> None:
    """d12 declares neither: after a round of its fight the corner is empty, no link is drawn
    and the timeline's rounds carry only their names."""
    _click_tool(qtbot, demo_window, demo_window.act_round)  # the fight starts
    _click_tool(qtbot, demo_window, demo_window.act_round)  # to round 2
    assert demo_window.session.ruleset.clock.round_of(demo_window.session.time) == 2
    assert demo_window.map.dial_text() == ""
    overlay = demo_window.map.findChild(QWidget, "map_dial")
    assert overlay is not None and not overlay.isVisible()
    assert demo_window.map.link_segments() == ()
    names = _round_names(demo_window)
    assert names and all("·" not in name for name in names)
