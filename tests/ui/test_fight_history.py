"""A fight's history the game master can trust, through the real window: edits mid-fight keep
the rolls and answers already made; each answer is a step in the History that Undo rewinds
(the question is asked again) and Redo gives back; undoing "Roll initiative" after the fight
began changes the roster and the log together."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel, QLineEdit, QToolBar
from pytestqt.qtbot import QtBot

from battlemap.storage.creature_library import default_creatures
from battlemap.storage.encounter_file import load_encounter
from battlemap.storage.settings import Settings
from battlemap.ui.main_window import MainWindow
from tests.ui.conftest import DEMO
from tests.ui.test_library_dock import double_click, index_of

#: Thorin's first swing in the demo (Round 1, 8), as the app's dice give it under the demo's seed.
THORIN_SWINGS = (
    "Round 1, 8: Thorin attacks goblin with battleaxe: 17 vs AC 14, hit for 10 "
    "[d20 10 + 7; damage 1d8 (7) + 3 = 10]"
)
LUET_INTERCEPTS = "Luet can intercept wolf at (10.7, 7.0), Round 1, 4.93"


def _window(qtbot: QtBot, path: Path, settings: Settings) -> MainWindow:
    window = MainWindow(load_encounter(path), path, settings, default_creatures())
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


def _demo(qtbot: QtBot, tmp_path: Path, settings: Settings) -> MainWindow:
    path = tmp_path / "demo.json"
    path.write_bytes(DEMO.read_bytes())
    return _window(qtbot, path, settings)


def _scrub(window: MainWindow, time: float) -> None:
    """What a click on the timeline at `time` does."""
    window.timeline.timeScrubbed.emit(time)


def _click_tool(qtbot: QtBot, window: MainWindow, action: QAction) -> None:
    """Click the toolbar button of `action` (a shortcut needs an active window, which a
    headless test cannot count on; the button is the same action)."""
    button = next(
        bar.widgetForAction(action)
        for bar in window.findChildren(QToolBar)
        if bar.widgetForAction(action) is not None
    )
    assert button.isEnabled(), action.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _history(window: MainWindow) -> list[str]:
    stack = window.document.undo_stack
    return [stack.text(i) for i in range(stack.count())]


def _answers(window: MainWindow) -> list[tuple[str | None, str, bool]]:
    return [(e.actor, e.type, e["taken"]) for e in window.session.events() if "taken" in e.fields]


def _take_luets_intercept(qtbot: QtBot, window: MainWindow) -> None:
    _scrub(window, 7.0)
    assert window.choice_prompt.is_waiting()
    assert window.choice_prompt.question() == LUET_INTERCEPTS
    qtbot.mouseClick(window.choice_prompt.take_button, Qt.MouseButton.LeftButton)
    _scrub(window, 7.0)
    assert window.session.time == 7.0


def test_adding_a_creature_mid_fight_keeps_the_played_rolls_and_answers(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Finding: "double-clicking 'Monstrous spider' in the library recomputed the fight:
    Thorin's played attack changed, and an intercept already answered was asked again"."""
    window = _demo(qtbot, tmp_path, Settings())
    _take_luets_intercept(qtbot, window)
    assert THORIN_SWINGS in window.log.visible_lines()
    played = [e.to_json() for e in window.session.events()]

    view = window.library.template_view()
    spider = index_of(view, "Monstrous spider (medium)")
    view.scrollTo(spider)
    double_click(qtbot, view, spider)

    assert window.document.encounter.combatants[-1].name == "Monstrous spider (medium)"
    assert not window.choice_prompt.is_waiting()
    assert not window.prompt.is_waiting()
    assert _answers(window) == [("luet", "intercept", True)]
    assert THORIN_SWINGS in window.log.visible_lines()
    # Everything up to the playhead is as it was, to the last roll; the spider only adds.
    spider_id = window.document.encounter.combatants[-1].id
    now = [e.to_json() for e in window.session.events() if e.actor != spider_id]

    def past(log: list[dict[str, object]]) -> list[dict[str, object]]:
        return [e for e in log if e["time"] <= 7.0 and e["type"] != "initiative_order"]

    assert past(now) == past(played)
    (order,) = [e["order"] for e in now if e["type"] == "initiative_order"]
    (old_order,) = [e["order"] for e in played if e["type"] == "initiative_order"]
    assert [cid for cid in order if cid != spider_id] == old_order
    assert window.timeline.divergence.isVisible() is False
    assert _history(window) == ["Luet intercepts wolf", "Add Monstrous spider (medium)"]

    _click_tool(qtbot, window, window.act_undo)
    assert len(window.document.encounter.combatants) == len(load_encounter(DEMO).combatants)
    assert not window.choice_prompt.is_waiting()
    assert _answers(window) == [("luet", "intercept", True)]
    assert [e.to_json() for e in window.session.events()] == played


def test_moving_a_token_that_already_moved_says_so_and_marks_where_the_fight_differs(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _demo(qtbot, tmp_path, Settings(not_offered=("aoo", "intercept")))
    _scrub(window, 7.0)
    messages: list[str] = []
    window.statusBar().messageChanged.connect(messages.append)
    wolf = window.document.encounter.combatant("wolf")
    window.document.move_combatant("wolf", wolf.x, wolf.y + 3)
    assert messages[-1].startswith(
        "The change alters what already happened: the fight differs from Round 1, "
    )
    assert window.timeline.divergence.isVisible()
    first = window.timeline.divergence.value()
    assert 0.0 <= first <= 7.0
    assert f"Round 1, {12 - int(first)}" in messages[-1]


def test_undo_and_redo_of_an_intercept_through_the_window(qtbot: QtBot, tmp_path: Path) -> None:
    window = _demo(qtbot, tmp_path, Settings())
    _take_luets_intercept(qtbot, window)
    assert window.act_undo.text() == "&Undo Luet intercepts wolf"

    _click_tool(qtbot, window, window.act_undo)
    # Back to just before the question, which is asked again.
    assert window.choice_prompt.is_waiting()
    assert window.choice_prompt.question() == LUET_INTERCEPTS
    assert window.session.time == 1.0
    assert _answers(window) == []

    _click_tool(qtbot, window, window.act_redo)
    assert not window.choice_prompt.is_waiting()
    assert _answers(window) == [("luet", "intercept", True)]

    # Undo, then a different answer: the old one is gone from the History for good.
    _click_tool(qtbot, window, window.act_undo)
    qtbot.mouseClick(window.choice_prompt.decline_button, Qt.MouseButton.LeftButton)
    assert _answers(window) == [("luet", "intercept", False)]
    assert _history(window) == ["Luet lets wolf pass"]
    assert not window.act_redo.isEnabled()


def _players_roll(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    settings = Settings(
        ask_player_rolls=True,
        player_sides=("party",),
        not_offered=("aoo", "intercept"),
    )
    return _demo(qtbot, tmp_path, settings)


def _type_roll(qtbot: QtBot, window: MainWindow, value: str) -> None:
    field = window.prompt.findChild(QLineEdit)
    qtbot.keyClicks(field, value)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def _roll_question(window: MainWindow) -> str:
    return window.prompt.findChild(QLabel, "rollQuestion").text()


ATTACK_QUESTION = "Thorin attacks goblin (battleaxe): roll 1d20"
DAMAGE_QUESTION = "Thorin's battleaxe damage to goblin: roll 1d8+3"
TYPED_HIT = (
    "Round 1, 8: Thorin attacks goblin with battleaxe: 24 vs AC 14, hit for 9 "
    "[d20 17 + 7; damage 1d8+3 = 9 (rolled at the table)]"
)


def test_undo_of_a_roll_asks_it_again_and_redo_gives_it_back(qtbot: QtBot, tmp_path: Path) -> None:
    window = _players_roll(qtbot, tmp_path)
    _scrub(window, 7.0)
    assert _roll_question(window) == ATTACK_QUESTION
    _type_roll(qtbot, window, "17")
    assert _roll_question(window) == DAMAGE_QUESTION
    _type_roll(qtbot, window, "9")
    assert TYPED_HIT in window.log.visible_lines()
    assert _history(window) == ["Thorin's attack roll: 17", "Thorin's damage roll: 9"]

    _click_tool(qtbot, window, window.act_undo)
    assert window.prompt.is_waiting()
    assert _roll_question(window) == DAMAGE_QUESTION
    _click_tool(qtbot, window, window.act_undo)
    assert _roll_question(window) == ATTACK_QUESTION
    assert window.session.time == 4.0
    assert TYPED_HIT not in window.log.visible_lines()

    _click_tool(qtbot, window, window.act_redo)
    assert _roll_question(window) == DAMAGE_QUESTION
    _click_tool(qtbot, window, window.act_redo)
    assert not window.prompt.is_waiting()
    assert TYPED_HIT in window.log.visible_lines()
    rolls = [
        (e["key"], e["result"], e["source"])
        for e in window.session.events()
        if e.type == "roll" and e.actor == "thorin" and e["purpose"] != "initiative"
    ]
    assert rolls == [
        ("thorin.r1.1/blow1/attack", 17, "table"),
        ("thorin.r1.1/blow1/damage", 9, "table"),
    ]


def test_a_click_in_the_history_panel_jumps_back_and_forth(qtbot: QtBot, tmp_path: Path) -> None:
    window = _players_roll(qtbot, tmp_path)
    _scrub(window, 7.0)
    _type_roll(qtbot, window, "17")
    _type_roll(qtbot, window, "9")
    window.history.show()
    window.history.raise_()
    view = window.history.view
    model = view.model()
    # Row 0 is "As opened", then one row per step.
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == [
        "As opened",
        "Thorin's attack roll: 17",
        "Thorin's damage roll: 9",
    ]
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(model.index(0, 0)).center()
    )
    assert window.document.undo_stack.index() == 0
    assert _roll_question(window) == ATTACK_QUESTION
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(model.index(2, 0)).center()
    )
    assert window.document.undo_stack.index() == 2
    assert not window.prompt.is_waiting()
    assert TYPED_HIT in window.log.visible_lines()


def test_undoing_roll_initiative_after_the_fight_began_restores_roster_and_log(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Finding: "Undoing 'Roll initiative' after the fight had started left the roster showing
    'app rolls' while the log still said '(set in the file)'"."""
    data = json.loads(DEMO.read_text(encoding="utf-8"))
    for c in data["combatants"]:
        c.pop("initiative_roll", None)
    path = tmp_path / "unrolled.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    window = _window(qtbot, path, Settings(not_offered=("aoo", "intercept")))

    def accept() -> None:
        dialog = QApplication.activeModalWidget()
        assert dialog is not None
        buttons = dialog.findChild(QDialogButtonBox)
        qtbot.mouseClick(
            buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
        )

    QTimer.singleShot(0, accept)
    window.act_initiative.trigger()
    rolled = {c.id: c.initiative_roll for c in window.document.encounter.combatants}
    assert None not in rolled.values()
    _scrub(window, 7.0)
    initiative = [
        e for e in window.session.events() if e.type == "roll" and e["purpose"] == "initiative"
    ]
    assert {e.actor: (e["result"], e["source"]) for e in initiative} == {
        cid: (roll, "file") for cid, roll in rolled.items()
    }

    _click_tool(qtbot, window, window.act_undo)
    assert {c.initiative_roll for c in window.document.encounter.combatants} == {None}
    initiative = [
        e for e in window.session.events() if e.type == "roll" and e["purpose"] == "initiative"
    ]
    assert {e["source"] for e in initiative} == {"app"}
    lines = window.log.visible_lines()
    thorin = next(e for e in initiative if e.actor == "thorin")
    assert f"Initiative: Thorin rolls 1d12 for initiative: {thorin['result']}" in lines
    assert not any("(set in the file)" in line for line in lines)
    # The roster reads the same fight: each total is the log's roll plus the modifier.
    totals = {e.actor: e["total"] for e in window.session.events() if e.type == "initiative"}
    model = window.library.roster_view().model()
    shown = {model.index(r, 0).data(): model.index(r, 4).data() for r in range(model.rowCount())}
    names = {c.id: c.name for c in window.document.encounter.combatants}
    assert shown == {names[cid]: str(total) for cid, total in totals.items()}
