"""The Combat Experience ruleset in the window, through the real widgets: the ambush at the
mill opened as a game master opens it, planned from the ruleset's own planning bar, set up in
its initiative panel, played, and read on the map, the roster and the timeline.

The issue: "The initiative panel asks each side's situation and the fearless flag, rolls or takes
typed results, and shows frozen and fleeing tokens; a fleeing token's run is animated on the
map; the timeline's labels are initiative values, highest first; the planning bar offers wait,
drop and skip."
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QAction, QColor, QImage
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QToolBar, QWidget
from pytestqt.qtbot import QtBot

from battlemap.storage.settings import Settings
from battlemap.ui.initiative_setup import InitiativeSetupDialog
from battlemap.ui.main_window import MainWindow
from battlemap.ui.map_grid import to_squares
from battlemap.ui.palette import status_color
from battlemap.ui.roster_model import ID_ROLE
from tests.ui.conftest import DEMO
from tests.ui.screenshots import save_png
from tests.ui.test_timeline_dock import axis_labels
from tests.ui.windows import example_window

EXAMPLE = Path(__file__).parents[2] / "resources" / "examples" / "combat_experience.json"
LEFT = Qt.MouseButton.LeftButton
CE_ACTIONS = ["Move", "Double move", "Run", "Attack", "Wait", "Drop", "Skip"]
#: Round 1's slots: the round starts at 0 (count 100), initiative i has the unit 100 - i.
BRENNAS_TURN = 81.0  # initiative 19
BANDITS_TURN = 91.0  # initiative 9: he runs and screams to the wall, 2 squares of his 24


@pytest.fixture
def mill(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The ambush at the mill (a copy), opportunities answered quietly."""
    quiet = Settings(not_offered=("aoo", "intercept"))
    return example_window(qtbot, tmp_path, "combat_experience.json", quiet)


def _tool_button(window: MainWindow, action: QAction) -> QWidget:
    return next(
        bar.widgetForAction(action)
        for bar in window.findChildren(QToolBar)
        if bar.widgetForAction(action) is not None
    )


def _click_tool(qtbot: QtBot, window: MainWindow, action: QAction) -> None:
    """Click the toolbar button of `action` (a headless window is not active, so shortcuts
    cannot be counted on; the button is the same action)."""
    button = _tool_button(window, action)
    assert button.isEnabled(), action.text()
    qtbot.mouseClick(button, LEFT)


def _click_token(qtbot: QtBot, window: MainWindow, combatant_id: str) -> None:
    c = window.document.encounter.combatant(combatant_id)
    qtbot.mouseClick(window.map.viewport(), LEFT, pos=window.map.square_to_view(c.x, c.y))


def _planning_buttons(window: MainWindow) -> list[str]:
    return [
        act.text()
        for act in window.planning.toolbar.actions()
        if act in window.planning.actions.values()
    ]


def _scrub(window: MainWindow, time: float) -> None:
    """What a click on the timeline at `time` does."""
    window.timeline.timeScrubbed.emit(time)


# --- the planning bar ---------------------------------------------------------------------------


def test_the_planning_bar_offers_the_rulesets_actions_and_follows_the_file(
    qtbot: QtBot, mill: MainWindow
) -> None:
    """Move, double move, run, attack, wait, drop and skip; none of d12's. Opening a d12 file
    rebuilds the bar (and the Plan menu) with d12's actions, and the mill's again with its."""
    assert _planning_buttons(mill) == CE_ACTIONS
    assert [a.text() for a in mill.plan_menu.actions()] == CE_ACTIONS
    assert mill.act_initiative.text() == "Set up &initiative…"
    assert mill.act_step.text() == "&Step one initiative slot"
    assert "half-second" not in mill.act_step.statusTip()

    assert mill.files.open_path(DEMO)
    d12 = _planning_buttons(mill)
    assert d12[:4] == ["Move", "Double move", "Run", "Charge"] and "Delay" in d12
    assert [a.text() for a in mill.plan_menu.actions()] == d12
    assert mill.act_initiative.text() == "Roll &initiative…"
    assert mill.act_step.statusTip() == "Forward one half-second unit"

    assert mill.files.open_path(EXAMPLE)
    assert _planning_buttons(mill) == CE_ACTIONS
    _click_token(qtbot, mill, "brenna")
    assert all(act.isEnabled() for act in mill.planning.actions.values())


def test_a_drop_is_planned_with_the_initiative_typed_in_its_dialog(
    qtbot: QtBot, mill: MainWindow
) -> None:
    """ "Character can volentarily drop his initiative to any positive number lower than his
    current initiative": Brenna (19) drops to 12 in round 1, before her attack; the fight
    plays it, and Undo takes the plan back."""
    _click_token(qtbot, mill, "brenna")
    _click_tool(qtbot, mill, mill.planning.actions["drop"])
    dialog = mill.planning.number_dialog
    assert dialog is not None and dialog.isVisible() and not dialog.isModal()
    assert "Brenna acts at 19" in dialog.question.text()
    assert dialog.number() == 18  # one below: the nearest drop allowed
    dialog.spin.selectAll()
    qtbot.keyClicks(dialog.spin, "12")
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), LEFT)
    assert mill.planning.number_dialog is None
    plans = [(p.action, p.count, p.target) for p in mill.document.plans_of("brenna", 1)]
    assert plans == [("drop", 12, None), ("attack", None, "golem")]  # the drop goes first
    assert mill.document.undo_stack.text(mill.document.undo_stack.index() - 1) == (
        "Plan drop for Brenna"
    )

    _scrub(mill, 100.0)
    log = "\n".join(mill.log.visible_lines())
    assert "Round 1, initiative 19: Brenna drops initiative from 19 to 12" in log
    assert "Round 1, initiative 12: Brenna attacks Clay golem" in log

    _click_tool(qtbot, mill, mill.act_undo)
    assert [p.action for p in mill.document.plans_of("brenna", 1)] == ["attack"]


def test_a_drop_cancelled_plans_nothing(qtbot: QtBot, mill: MainWindow) -> None:
    _click_token(qtbot, mill, "tomas")
    _click_tool(qtbot, mill, mill.planning.actions["drop"])
    dialog = mill.planning.number_dialog
    assert dialog is not None
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel), LEFT)
    assert mill.planning.number_dialog is None and not mill.planning.is_busy()
    assert [p.action for p in mill.document.plans_of("tomas", 1)] == ["skip"]


def test_a_wait_takes_its_trigger_from_the_map_and_its_interrupt_from_a_box(
    qtbot: QtBot, mill: MainWindow
) -> None:
    """ "Character can wait for specific trigger before acting. Character must specify the
    exact action he takes": Tomas waits in round 2 for the chief (clicked on the map) to
    attack, to shoot whoever sets it off, trying to interrupt."""
    _click_token(qtbot, mill, "tomas")
    mill.planning.set_round(2)
    mill.document.remove_plans(mill.document.plans_of("tomas", 2))
    _click_tool(qtbot, mill, mill.planning.actions["wait"])
    dialog = mill.planning.ready_dialog
    assert dialog is not None and dialog.windowTitle() == "Wait: Tomas"
    triggers = [dialog.trigger.itemData(i) for i in range(dialog.trigger.count())]
    assert triggers == ["acts", "starts_moving", "attacks"]
    assert [dialog.action.itemData(i) for i in range(dialog.action.count())] == ["attack", "move"]
    assert not dialog.count.isVisibleTo(dialog) and not dialog.spell.isVisibleTo(dialog)
    dialog.trigger.setCurrentIndex(triggers.index("attacks"))
    _click_token(qtbot, mill, "chief")
    assert dialog.watched.currentData() == "chief"
    qtbot.mouseClick(dialog.flags["interrupt"], LEFT)
    qtbot.mouseClick(
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok), LEFT
    )

    (wait,) = mill.document.plans_of("tomas", 2)
    assert wait.action == "wait" and dict(wait.extra) == {"interrupt": True}
    assert wait.trigger is not None and (wait.trigger.event, wait.trigger.actor) == (
        "attacks",
        "chief",
    )
    assert wait.readied is not None and (wait.readied.action, wait.readied.target) == (
        "attack",
        None,
    )
    _scrub(mill, 203.0)
    log = "\n".join(mill.log.visible_lines())
    assert "Tomas waits at 29: when Bandit chief attacks, attack (will try to interrupt)" in log


# --- the initiative panel -----------------------------------------------------------------------


def _in_setup(qtbot: QtBot, mill: MainWindow, steps: object) -> None:
    """Click the toolbar's set-up button; `steps(dialog)` runs in the modal dialog."""
    seen: list[InitiativeSetupDialog] = []

    def inside() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, InitiativeSetupDialog)
        seen.append(dialog)
        steps(dialog)  # type: ignore[operator]

    QTimer.singleShot(0, inside)
    _click_tool(qtbot, mill, mill.act_initiative)
    assert seen, "the set-up dialog did not open"


def test_the_initiative_panel_sets_a_sides_situation_and_a_fearless_flag_undoably(
    qtbot: QtBot, mill: MainWindow, tmp_path: Path
) -> None:
    """ "Difficulty 15 if you were wary and expected combat"; "If the character is fearless
    ... he can only freeze": the party becomes wary, the bandit fearless. The panel says what
    the checks give before OK; OK is one undoable edit; the fight plays it."""

    def steps(dialog: InitiativeSetupDialog) -> None:
        assert dialog.outcome["bandit"].text().endswith("fails: runs and screams at 9")
        party = dialog.side_widgets["party"]["situation"]
        party.setFocus()
        qtbot.keyClick(party, Qt.Key.Key_Down)  # initiated -> wary
        assert party.currentData() == "wary"
        assert "check 14 against 15 (wary), fails" in dialog.outcome["tomas"].text()
        fearless = dialog.combatant_widgets["bandit"]["fearless"]
        qtbot.mouseClick(fearless, LEFT, pos=QPoint(fearless.width() // 2, fearless.height() // 2))
        assert dialog.outcome["bandit"].text().endswith("fails: freezes at 9")
        save_png(dialog, tmp_path, "ce-initiative-setup")
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert ok.isEnabled()
        qtbot.mouseClick(ok, LEFT)

    _in_setup(qtbot, mill, steps)
    encounter = mill.document.encounter
    assert dict(encounter.sides["party"]) == {"situation": "wary"}
    assert dict(encounter.sides["bandits"]) == {"situation": "surprised", "scary": 1}
    assert encounter.combatant("bandit").stats["fearless"] is True
    assert "fearless" not in encounter.combatant("brenna").stats
    stack = mill.document.undo_stack
    assert stack.text(stack.index() - 1) == "Set up initiative"

    _scrub(mill, 100.0)
    log = "\n".join(mill.log.visible_lines())
    assert "Tomas's Combat Experience check 14 against 15 (wary), fails: runs and screams" in log
    assert (
        "Bandit's Combat Experience check 9 against 25 (surprised, 1 penalty die), fails: freezes"
        in log
    )

    _click_tool(qtbot, mill, mill.act_undo)
    encounter = mill.document.encounter
    assert dict(encounter.sides["party"]) == {"situation": "initiated"}
    assert "fearless" not in encounter.combatant("bandit").stats


def test_blank_checks_are_rolled_by_the_app_as_the_fight_would(
    qtbot: QtBot, mill: MainWindow
) -> None:
    """A check left blank is the app's: "Roll blanks" types in the roll the fight makes."""
    outcomes: dict[str, str] = {}

    def steps(dialog: InitiativeSetupDialog) -> None:
        checks = dialog.combatant_widgets["bandit"]["initiative_rolls"]
        checks.selectAll()
        qtbot.keyClick(checks, Qt.Key.Key_Delete)
        assert checks.text() == "" and dialog.roll_blanks.isEnabled()
        outcomes["blank"] = dialog.outcome["bandit"].text()
        qtbot.mouseClick(dialog.roll_blanks, LEFT)
        outcomes["rolled"] = checks.text()
        outcomes["after"] = dialog.outcome["bandit"].text()
        qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), LEFT)

    _in_setup(qtbot, mill, steps)
    rolled = int(outcomes["rolled"])
    assert f"check {rolled} against 25" in outcomes["blank"]
    assert outcomes["after"] == outcomes["blank"]
    assert mill.document.encounter.combatant("bandit").stats["initiative_rolls"] == (rolled,)


def test_a_check_that_is_not_a_number_is_marked_and_ok_waits(
    qtbot: QtBot, mill: MainWindow
) -> None:
    def steps(dialog: InitiativeSetupDialog) -> None:
        checks = dialog.combatant_widgets["golem"]["initiative_rolls"]
        qtbot.keyClicks(checks, ", x")
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert not ok.isEnabled()
        assert dialog.problem() == "Clay golem: 'x' is not a whole number"
        assert checks.property("invalid") is True
        qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel), LEFT)

    _in_setup(qtbot, mill, steps)
    assert mill.document.encounter.combatant("golem").stats["initiative_rolls"] == (11, 20)
    assert not mill.document.is_modified()


# --- playing it ---------------------------------------------------------------------------------


def test_play_goes_from_turn_to_turn_passing_over_empty_slots(
    qtbot: QtBot, mill: MainWindow
) -> None:
    """Initiative slots are places in an order: a step goes to the next slot where something
    happens (Brenna's turn at 19), not to initiative 99; stepping back returns."""
    _click_tool(qtbot, mill, mill.act_step)  # starts the fight: the opening checks
    assert mill.session.time == 0.0
    _click_tool(qtbot, mill, mill.act_step)
    assert mill.session.time == BRENNAS_TURN
    assert mill._time_label.text() == "Round 1, initiative 19"
    _click_tool(qtbot, mill, mill.act_step)
    assert mill._time_label.text() == "Round 1, initiative 18"  # Ilse's wait
    _click_tool(qtbot, mill, mill.act_back)
    assert mill.session.time == BRENNAS_TURN

    mill.driver.set_speed(0.01)
    _click_tool(qtbot, mill, mill.act_play)
    qtbot.waitUntil(lambda: mill.session.time >= BANDITS_TURN + 1, timeout=5000)


def test_the_fleeing_run_is_drawn_and_the_frozen_bandit_wears_his_badge(
    qtbot: QtBot, mill: MainWindow, tmp_path: Path
) -> None:
    """ "The character moves at full speed to random direction when his turn comes and tries
    to reach some kind of cover, if he reaches it he freezes there": mid-turn the bandit is on
    his way to the wall, fleeing; in round 2 he is frozen against it, his token ringed and
    badged, the roster says so."""
    bandit = mill.map.token("bandit")
    assert bandit is not None
    _scrub(mill, BANDITS_TURN)
    assert bandit.statuses == ("fleeing",) and bandit.badge.text == "fleeing"
    _scrub(mill, BANDITS_TURN + 1 / 24)  # half way along his 2 squares
    x, y = to_squares(bandit.pos())
    assert 10.0 < x < 11.0 and y == pytest.approx(7.5)
    _scrub(mill, BANDITS_TURN + 0.5)
    assert to_squares(bandit.pos()) == pytest.approx((11.5, 7.5))

    _click_tool(qtbot, mill, mill.act_round)  # to round 2
    assert mill._time_label.text() == "Round 2, start"
    _click_tool(qtbot, mill, mill.act_step)
    assert mill.session.ruleset.clock.round_of(mill.session.time) == 2
    assert bandit.statuses == ("frozen",)
    assert bandit.badge.isVisible() and bandit.badge.text == "frozen"
    golem = mill.map.token("golem")
    assert golem is not None and golem.statuses == ()  # his re-roll of 20 succeeded

    # The badge is on screen in the frozen colour, above the token.
    QApplication.processEvents()
    picture = save_png(mill.map.viewport(), tmp_path, "ce-frozen-badge")
    image = QImage(str(picture))
    top = mill.map.square_to_view(11.5, 7.0)
    blue = status_color("frozen")
    found = [
        (dx, dy)
        for dx in range(-20, 21)
        for dy in range(-18, 2)
        if _near(QColor(image.pixel(top.x() + dx, top.y() + dy)), blue)
    ]
    assert len(found) > 30, "no frozen badge above the bandit"
    assert "frozen" in _roster_notes(mill)["bandit"]


def _roster_notes(window: MainWindow) -> dict[str, str]:
    model = window.library.roster_view().model()
    return {
        model.index(row, 0).data(ID_ROLE): model.index(row, 6).data()
        for row in range(model.rowCount())
    }


def _near(a: QColor, b: QColor) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < 40


def test_the_timeline_counts_initiatives_highest_first(qtbot: QtBot, mill: MainWindow) -> None:
    """ "Characters act in initiative order, highest first": the axis under round 1 reads
    initiatives from 98 down, never d12's 12..1, and the playhead says "initiative 9"."""
    _scrub(mill, BANDITS_TURN + 0.5)
    QApplication.processEvents()
    labels = axis_labels(mill.timeline.time_axis)
    counts = [int(text) for t, text in sorted(labels.items()) if 0 < t < 101 and text.isdigit()]
    assert len(counts) >= 10
    assert counts == sorted(counts, reverse=True) and counts[0] >= 90
    assert all(c % (counts[0] - counts[1]) == 0 for c in counts)
    assert labels.get(0.0) == "R1" and labels.get(101.0) == "R2"
    assert mill.timeline.round_axis.playhead == (BANDITS_TURN + 0.5, "Round 1, initiative 9")
