"""13th Age's delay and ready planned from the window's own planning bar, through the real
widgets: the number dialog for a delay's count, the Ready dialog for a readied attack, and the
fight playing what was planned.

The text: "you take no action and then act normally on whatever initiative count you decide to
act"; "you specify an action you will take ... The action occurs just before the action that
triggers it". Initiatives in the shipped example: Ilse 11 + 4 + 2 = 17, Brenna 10 + 1 + 2 = 13,
the goblins 12 + their bonus, the orc, Tomas 5 + 2 + 2 = 9.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialogButtonBox, QToolBar, QWidget
from pytestqt.qtbot import QtBot

from battlemap.loading import load_checked
from battlemap.storage.creature_library import default_creatures
from battlemap.storage.settings import Settings
from battlemap.ui.main_window import MainWindow

EXAMPLE = Path(__file__).parents[2] / "resources" / "examples" / "thirteenth_age.json"
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def ambush(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The shipped 13th Age example (a copy), opportunities answered quietly."""
    path = tmp_path / "thirteenth_age.json"
    path.write_bytes(EXAMPLE.read_bytes())
    quiet = Settings(not_offered=("opportunity_attack", "intercept"))
    window = MainWindow(load_checked(path), path, quiet, default_creatures())
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


def _click_tool(qtbot: QtBot, window: MainWindow, action: QAction) -> None:
    """Click the toolbar button of `action` (a headless window is not active, so shortcuts
    cannot be counted on; the button is the same action)."""
    button: QWidget = next(
        bar.widgetForAction(action)
        for bar in window.findChildren(QToolBar)
        if bar.widgetForAction(action) is not None
    )
    assert button.isEnabled(), action.text()
    qtbot.mouseClick(button, LEFT)


def _click_token(qtbot: QtBot, window: MainWindow, combatant_id: str) -> None:
    c = window.document.encounter.combatant(combatant_id)
    qtbot.mouseClick(window.map.viewport(), LEFT, pos=window.map.square_to_view(c.x, c.y))


def _log_to_round_4(window: MainWindow) -> str:
    """The log as it reads at round 4's start (what a click on the timeline there shows)."""
    window.timeline.timeScrubbed.emit(window.session.ruleset.clock.round_start(4))
    return "\n".join(window.log.visible_lines())


def test_the_planning_bar_offers_move_disengage_attack_delay_and_ready(
    ambush: MainWindow,
) -> None:
    buttons = [
        act.text()
        for act in ambush.planning.toolbar.actions()
        if act in ambush.planning.actions.values()
    ]
    assert buttons == ["Move", "Disengage", "Attack", "Delay", "Ready"]
    assert [a.text() for a in ambush.plan_menu.actions()] == buttons


def test_a_delay_is_planned_with_the_count_typed_in_its_dialog(
    qtbot: QtBot, ambush: MainWindow
) -> None:
    """Tomas (9) delays to 4 in round 3, before his firebolt: the delay goes first in his turn,
    the fight plays it at 9 and his attack comes at 4; Undo takes the plan back."""
    _click_token(qtbot, ambush, "tomas")
    ambush.planning.set_round(3)
    _click_tool(qtbot, ambush, ambush.planning.actions["delay"])
    dialog = ambush.planning.number_dialog
    assert dialog is not None and dialog.isVisible()
    assert "Tomas acts at 9" in dialog.question.text()
    assert dialog.number() == 8  # one below: the nearest later count
    dialog.spin.selectAll()
    qtbot.keyClicks(dialog.spin, "4")
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), LEFT)
    assert ambush.planning.number_dialog is None

    plans = [(p.action, p.count, p.target) for p in ambush.document.plans_of("tomas", 3)]
    assert plans == [("delay", 4, None), ("attack", None, "goblin1")]
    undo = ambush.document.undo_stack
    assert undo.text(undo.index() - 1) == "Plan delay for Tomas"

    log = _log_to_round_4(ambush)
    assert "Round 3, initiative 9: Tomas delays from initiative 9 to 4" in log
    assert "Round 3, initiative 4: Tomas hits Goblin grunt 1 with firebolt" in log

    _click_tool(qtbot, ambush, ambush.act_undo)
    assert [p.action for p in ambush.document.plans_of("tomas", 3)] == ["attack"]


def test_a_delay_to_his_own_count_is_refused_and_nothing_is_planned(
    qtbot: QtBot, ambush: MainWindow
) -> None:
    """A delay must be to a later count: the fight refuses 9 for Tomas at 9 and logs why."""
    _click_token(qtbot, ambush, "tomas")
    ambush.planning.set_round(3)
    _click_tool(qtbot, ambush, ambush.planning.actions["delay"])
    dialog = ambush.planning.number_dialog
    assert dialog is not None
    dialog.spin.selectAll()
    qtbot.keyClicks(dialog.spin, "9")
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), LEFT)
    log = _log_to_round_4(ambush)
    assert "Tomas delays" not in log
    assert "a delay must name a count below 9" in log


def test_a_ready_is_planned_in_the_ready_dialog_with_its_trigger_clicked_on_the_map(
    qtbot: QtBot, ambush: MainWindow
) -> None:
    """Tomas readies his attack on Goblin grunt 1 in round 2 (a turn he has not planned), for
    when the grunt acts (clicked on the map): it goes off just before the grunt's turn."""
    _click_token(qtbot, ambush, "tomas")
    ambush.planning.set_round(2)
    assert ambush.document.plans_of("tomas", 2) == []
    _click_tool(qtbot, ambush, ambush.planning.actions["ready"])
    dialog = ambush.planning.ready_dialog
    assert dialog is not None and dialog.windowTitle() == "Ready: Tomas"
    assert [dialog.trigger.itemData(i) for i in range(dialog.trigger.count())] == ["acts"]
    assert [dialog.action.itemData(i) for i in range(dialog.action.count())] == ["attack", "move"]
    _click_token(qtbot, ambush, "goblin1")
    assert dialog.watched.currentData() == "goblin1"
    dialog.target.setCurrentIndex(dialog.target.findData("goblin1"))
    qtbot.mouseClick(
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok), LEFT
    )

    (ready,) = ambush.document.plans_of("tomas", 2)
    assert ready.action == "ready"
    assert ready.trigger is not None
    assert (ready.trigger.event, ready.trigger.actor) == ("acts", "goblin1")
    assert ready.readied is not None
    assert (ready.readied.action, ready.readied.target) == ("attack", "goblin1")
    log = _log_to_round_4(ambush)
    assert "Tomas readies an attack for when Goblin grunt 1 acts" in log
    assert "Tomas's readied attack goes off just before Goblin grunt 1's turn" in log
