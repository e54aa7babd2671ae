"""Ready from the planning bar: the action from the dialog, the trigger from its lists or
picked on the map (a token to watch, an area dragged over the squares), a readied move's path
clicked on the map.

The issue: "The planning toolbar offers Ready (pick the action, pick the trigger on the map or
from a list)".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from battlemap.ui.main_window import MainWindow
from battlemap.ui.ready_dialog import ReadyDialog
from tests.ui.screenshots import save_png

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def demo(demo_window: MainWindow) -> MainWindow:
    return demo_window


def open_ready(qtbot: QtBot, window: MainWindow, round_number: int = 3) -> ReadyDialog:
    """Thorin (at 4.5, 7.5) selected, Ready on the planning bar: the dialog opens, not modal."""
    qtbot.mouseClick(window.map.viewport(), LEFT, pos=window.map.square_to_view(4.5, 7.5))
    window.planning.set_round(round_number)
    window.planning.actions["ready"].trigger()
    dialog = window.planning.ready_dialog
    assert dialog is not None and dialog.isVisible() and not dialog.isModal()
    qtbot.waitExposed(dialog)
    return dialog


def choose(combo_owner: ReadyDialog, combo: str, key: str) -> None:
    box = getattr(combo_owner, combo)
    index = box.findData(key)
    assert index >= 0, f"{key} not offered in {combo}"
    box.setCurrentIndex(index)


def press_ok(qtbot: QtBot, dialog: ReadyDialog) -> None:
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled()
    qtbot.mouseClick(ok, LEFT)


def test_the_token_to_watch_is_clicked_on_the_map(qtbot: QtBot, demo: MainWindow) -> None:
    """Thorin readies an attack for when the goblin shaman starts casting: the trigger from the
    list, the shaman by a click on his token; Thorin stays the one selected."""
    dialog = open_ready(qtbot, demo)
    choose(dialog, "trigger", "starts_casting")
    assert dialog.hint.text() == "Or click the token to watch on the map."

    qtbot.mouseClick(demo.map.viewport(), LEFT, pos=demo.map.square_to_view(9.5, 6.5))

    assert dialog.watched.currentData() == "shaman"
    assert demo.statusBar().currentMessage() == "Watching goblin shaman."
    qtbot.waitUntil(lambda: demo.map.selected_ids() == ["thorin"])
    press_ok(qtbot, dialog)

    plan = demo.document.encounter.plans[-1]
    assert (plan.actor, plan.round, plan.action) == ("thorin", 3, "ready")
    assert plan.readied is not None and plan.trigger is not None
    assert (plan.readied.action, plan.readied.target) == ("attack", None)
    assert (plan.trigger.event, plan.trigger.actor) == ("starts_casting", "shaman")
    assert demo.statusBar().currentMessage() == (
        "Planned for round 3: Thorin ready (attack when starts casting)."
    )
    assert demo.planning.ready_dialog is None and not dialog.isVisible()


def test_an_ally_cannot_be_watched_for_an_enemy_trigger(qtbot: QtBot, demo: MainWindow) -> None:
    dialog = open_ready(qtbot, demo)
    choose(dialog, "trigger", "starts_moving")
    first = dialog.watched.currentData()

    qtbot.mouseClick(demo.map.viewport(), LEFT, pos=demo.map.square_to_view(4.5, 10.5))  # Luet

    assert dialog.watched.currentData() == first
    assert demo.statusBar().currentMessage() == "Luet cannot be watched for that trigger."


def test_an_area_is_dragged_out_on_the_map(qtbot: QtBot, demo: MainWindow, tmp_path: Path) -> None:
    """ "An enemy enters an area": a drag from square (12, 2) to (14, 3) takes the 3 x 2 squares
    from (12, 2); OK waits for the area."""
    dialog = open_ready(qtbot, demo)
    choose(dialog, "trigger", "enters_area")
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    assert not buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert demo.map.is_picking_area()
    viewport = demo.map.viewport()

    qtbot.mousePress(viewport, LEFT, pos=demo.map.square_to_view(12.4, 2.6))
    qtbot.mouseMove(viewport, demo.map.square_to_view(13.5, 3.5))
    qtbot.mouseMove(viewport, demo.map.square_to_view(14.6, 3.2))
    qtbot.mouseRelease(viewport, LEFT, pos=demo.map.square_to_view(14.6, 3.2))

    corners = ((12.0, 2.0), (15.0, 2.0), (15.0, 4.0), (12.0, 4.0))
    assert dialog.area() == corners
    assert demo.map.area_points() == corners
    assert dialog.area_label.text() == "3 x 2 squares from (12, 2)"
    assert demo.statusBar().currentMessage() == "Watching 3 x 2 squares from (12, 2)."
    assert demo.map.selected_ids() == ["thorin"]  # the drag selected nobody
    save_png(demo, tmp_path, "ready_area")
    save_png(dialog, tmp_path, "ready_dialog")
    press_ok(qtbot, dialog)

    plan = demo.document.encounter.plans[-1]
    assert plan.trigger is not None
    assert (plan.trigger.event, plan.trigger.actor, plan.trigger.area) == (
        "enters_area",
        None,
        corners,
    )
    assert not demo.map.is_picking_area()
    assert demo.map.area_points() == ()


def test_leaving_the_area_trigger_gives_the_map_back(qtbot: QtBot, demo: MainWindow) -> None:
    dialog = open_ready(qtbot, demo)
    choose(dialog, "trigger", "enters_area")
    assert demo.map.is_picking_area()
    choose(dialog, "trigger", "attacks")
    assert not demo.map.is_picking_area()


def test_a_readied_move_takes_its_path_from_the_map(qtbot: QtBot, demo: MainWindow) -> None:
    """Thorin readies a move for when the goblin starts moving; after OK the map asks for the
    waypoints, and Enter finishes: the path goes into the readied move."""
    dialog = open_ready(qtbot, demo)
    choose(dialog, "action", "move")
    choose(dialog, "trigger", "starts_moving")
    choose(dialog, "watched", "goblin")
    press_ok(qtbot, dialog)

    assert demo.map.is_planning()
    assert demo.statusBar().currentMessage() == (
        "Thorin: click the waypoints of the readied move (times as if it went off at once); "
        "Enter to finish, Esc to cancel."
    )
    viewport = demo.map.viewport()
    qtbot.mouseClick(viewport, LEFT, pos=demo.map.square_to_view(4.5, 9.5))
    qtbot.mouseClick(viewport, LEFT, pos=demo.map.square_to_view(3.5, 11.5))
    qtbot.keyClick(viewport, Qt.Key.Key_Return)

    plan = demo.document.encounter.plans[-1]
    assert (plan.actor, plan.action) == ("thorin", "ready")
    assert plan.readied is not None and plan.trigger is not None
    assert (plan.readied.action, plan.readied.path) == ("move", ((4.5, 9.5), (3.5, 11.5)))
    assert (plan.trigger.event, plan.trigger.actor) == ("starts_moving", "goblin")
    assert not demo.map.is_planning()


def test_escape_on_the_map_closes_the_dialog_and_plans_nothing(
    qtbot: QtBot, demo: MainWindow
) -> None:
    before = demo.document.encounter.plans
    dialog = open_ready(qtbot, demo)
    choose(dialog, "trigger", "enters_area")
    demo.activateWindow()
    qtbot.keyClick(demo, Qt.Key.Key_Escape)

    assert demo.planning.ready_dialog is None and not dialog.isVisible()
    assert not demo.map.is_picking_area()
    assert demo.document.encounter.plans == before
    assert demo.statusBar().currentMessage() == "Planning cancelled."
    assert demo.planning.actions["ready"].isEnabled()


def test_cancel_in_the_dialog_plans_nothing(qtbot: QtBot, demo: MainWindow) -> None:
    before = demo.document.encounter.plans
    dialog = open_ready(qtbot, demo)
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    qtbot.mouseClick(buttons.button(QDialogButtonBox.StandardButton.Cancel), LEFT)

    assert demo.planning.ready_dialog is None
    assert demo.document.encounter.plans == before
    assert demo.statusBar().currentMessage() == "Planning cancelled."


def test_the_dialog_opens_beside_the_map_not_over_it(qtbot: QtBot, demo: MainWindow) -> None:
    """Qt would centre it on the window, over the tokens to click: it goes top right."""
    dialog = open_ready(qtbot, demo)
    map_centre = demo.map.viewport().mapToGlobal(demo.map.viewport().rect().center())
    assert not dialog.frameGeometry().contains(map_centre)
    assert dialog.frameGeometry().right() <= demo.frameGeometry().right()


def test_namesakes_are_told_apart_in_the_lists(qtbot: QtBot, demo: MainWindow) -> None:
    """The demo has two goblins called "goblin"; the shaman's name is his own."""
    dialog = open_ready(qtbot, demo)
    choose(dialog, "trigger", "starts_moving")
    texts = [dialog.watched.itemText(i) for i in range(dialog.watched.count())]
    assert texts[:3] == ["goblin (goblin)", "goblin (goblin2)", "goblin shaman"]
