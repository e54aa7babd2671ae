"""The main window, driven as a game master would: drag, click, type, play, scrub, save."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QImage
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QMessageBox
from pytestqt.qtbot import QtBot

from battlemap.core.engine import Engine
from battlemap.core.state import replay
from battlemap.rulesets import get_ruleset
from battlemap.storage.creature_library import CREATURE_MIME, default_creatures
from battlemap.storage.encounter_file import load_encounter, save_encounter
from battlemap.storage.settings import Settings
from battlemap.ui.main_window import MainWindow
from battlemap.ui.map_view import SQUARE_PX
from tests.factories import decline_all
from tests.ui.screenshots import keep_copy

EXAMPLES = Path(__file__).parents[2] / "resources" / "examples"
DEMO = EXAMPLES / "demo.json"


#: Playback tests run the demo without stopping for opportunities (they are declined and
#: logged); the tests of opportunities turn the offers back on.
QUIET = Settings(not_offered=("aoo", "intercept"))


def _open(qtbot: QtBot, path: Path, settings: Settings | None = None) -> MainWindow:
    window = MainWindow(load_encounter(path), path, settings or QUIET, default_creatures())
    # pytest-qt closes widgets before fixtures end; a test's edits must not stop the close
    # with the "save your changes?" question.
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def demo(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    # A copy, so saving never touches the shipped file.
    path = tmp_path / "demo.json"
    path.write_bytes(DEMO.read_bytes())
    return _open(qtbot, path)


def _token_centre(window: MainWindow, cid: str) -> tuple[float, float]:
    item = window.map.token(cid)
    assert item is not None
    return (item.pos().x() / SQUARE_PX, item.pos().y() / SQUARE_PX)


def _core_positions(path: Path, time: float) -> dict[str, tuple[float, float]]:
    encounter = load_encounter(path)
    engine = Engine(encounter, get_ruleset("d12"), seed=encounter.seed, choose=decline_all)
    engine.run_until(time)
    return replay(encounter, engine.log, until=time).positions_at(time)


def test_dragging_a_template_from_the_library_places_a_token_on_the_dropped_square(
    qtbot: QtBot, demo: MainWindow
) -> None:
    """The library's own drag payload (its model's MIME data), dropped near (20.3, 2.3)."""
    view = demo.library.template_view()
    model = view.model()
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data() == "Ogre")
    mime = model.mimeData([model.index(row, 0)])
    assert mime.hasFormat(CREATURE_MIME)
    target = demo.map.square_to_view(20.3, 2.3)
    viewport = demo.map.viewport()
    actions = Qt.DropAction.CopyAction
    no_buttons, no_mods = Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(target, actions, mime, no_buttons, no_mods)
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(viewport, QDragMoveEvent(target, actions, mime, no_buttons, no_mods))
    QApplication.sendEvent(
        viewport, QDropEvent(QPointF(target), actions, mime, no_buttons, no_mods)
    )
    added = demo.document.encounter.combatants[-1]
    # A large ogre covers 2x2 squares, so its centre is a grid corner: the nearest to the
    # cursor's footprint is squares 19..20 across and 1..2 down, centred at (20, 2).
    assert (added.name, added.size, added.x, added.y) == ("Ogre", "large", 20.0, 2.0)
    assert _token_centre(demo, added.id) == (added.x, added.y)
    roster = demo.library.roster_view().model()
    names = [roster.index(r, 0).data() for r in range(roster.rowCount())]
    assert names[-1] == "Ogre"


def test_a_dropped_medium_creature_lands_on_the_square_under_the_cursor(
    qtbot: QtBot, demo: MainWindow
) -> None:
    template = next(t for t in default_creatures() if t.name == "Goblin")
    mime = QMimeData()
    from battlemap.storage.creature_library import template_to_mime

    mime.setData(CREATURE_MIME, template_to_mime(template))
    target = demo.map.square_to_view(18.5, 3.5)
    viewport = demo.map.viewport()
    args = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, QDragEnterEvent(target, *args))
    QApplication.sendEvent(viewport, QDragMoveEvent(target, *args))
    QApplication.sendEvent(viewport, QDropEvent(QPointF(target), *args))
    added = demo.document.encounter.combatants[-1]
    assert (added.id, added.name, added.x, added.y) == ("goblin3", "Goblin", 18.5, 3.5)
    assert _token_centre(demo, "goblin3") == (18.5, 3.5)


def test_dragging_a_token_moves_it_and_undo_puts_it_back(qtbot: QtBot, demo: MainWindow) -> None:
    viewport = demo.map.viewport()
    start = demo.map.square_to_view(2.5, 5.5)  # Mialee
    end = demo.map.square_to_view(6.4, 2.7)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(viewport, start + (end - start) * step / 5)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    moved = demo.document.encounter.combatant("mialee")
    assert (moved.x, moved.y) == (6.5, 2.5)
    assert _token_centre(demo, "mialee") == (6.5, 2.5)
    qtbot.keyClick(demo, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    restored = demo.document.encounter.combatant("mialee")
    assert (restored.x, restored.y) == (2.5, 5.5)
    assert _token_centre(demo, "mialee") == (2.5, 5.5)
    qtbot.keyClick(
        demo, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert demo.document.encounter.combatant("mialee").x == 6.5


def test_delete_removes_a_token_with_undo(qtbot: QtBot, demo: MainWindow) -> None:
    qtbot.mouseClick(
        demo.map.viewport(), Qt.MouseButton.LeftButton, pos=demo.map.square_to_view(2.5, 5.5)
    )
    assert demo.map.selected_ids() == ["mialee"]
    qtbot.keyClick(demo.map.viewport(), Qt.Key.Key_Delete)
    assert "mialee" not in {c.id for c in demo.document.encounter.combatants}
    assert demo.map.token("mialee") is None
    demo.act_undo.trigger()
    assert demo.map.token("mialee") is not None


def test_planning_a_move_by_clicking_waypoints(qtbot: QtBot, demo: MainWindow) -> None:
    viewport = demo.map.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=demo.map.square_to_view(2.5, 5.5))
    assert demo.map.selected_ids() == ["mialee"]
    assert demo.planning.actions["move"].isEnabled()
    demo.planning.actions["move"].trigger()
    assert demo.map.is_planning()
    for x, y in ((4.5, 3.5), (6.5, 3.5)):
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=demo.map.square_to_view(x, y))
    # The live ruler: Mialee (speed 30, count 11 = time 1) first casts for 6 units, so this
    # move starts at 7.0 and reaches (4.5, 3.5) after 2.83 squares: Round 1, 2.17.
    assert demo.map.ruler_labels() == [
        "2.8 sq · 14 ft · Round 1, 2.17",
        "4.8 sq · 24 ft · Round 1, 0.17",
    ]
    qtbot.keyClick(viewport, Qt.Key.Key_Return)
    assert not demo.map.is_planning()
    plan = demo.document.encounter.plans[-1]
    assert (plan.actor, plan.round, plan.action, plan.path) == (
        "mialee",
        1,
        "move",
        ((4.5, 3.5), (6.5, 3.5)),
    )
    assert demo.act_undo.text() == "&Undo Plan move for Mialee"


def test_playback_puts_tokens_where_the_rules_core_says_and_scrubbing_back_returns_them(
    qtbot: QtBot, demo: MainWindow
) -> None:
    path = demo.document.path
    assert path is not None
    qtbot.keyClick(demo, Qt.Key.Key_Period)  # the first step begins the fight at its first round
    for unit in range(1, 8):
        qtbot.keyClick(demo, Qt.Key.Key_Period)
        assert demo.session.time == float(unit)
        core = _core_positions(path, float(unit))
        for cid in ("luet", "wolf", "ogre", "bugbear"):
            assert _token_centre(demo, cid) == pytest.approx(core[cid], abs=1e-9)
    assert demo._time_label.text() == "Round 1, 5"
    # Scrub: click the timeline at time 2.5; every token goes back to where it was then.
    timeline = demo.timeline
    scene_point = timeline.view_box.mapViewToScene(QPointF(2.5, 0.5))
    where = timeline.plot_widget.mapFromScene(scene_point)
    qtbot.mouseClick(timeline.plot_widget.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert demo.session.time == pytest.approx(2.5, abs=0.05)
    core = _core_positions(path, demo.session.time)
    for cid in ("luet", "wolf", "bugbear", "jozan"):
        assert _token_centre(demo, cid) == pytest.approx(core[cid], abs=1e-9)
    assert _token_centre(demo, "luet") != _core_positions(path, 7.0)["luet"]


def test_play_runs_on_the_event_loop_to_a_later_unit(qtbot: QtBot, demo: MainWindow) -> None:
    demo.driver.set_speed(0.01)
    qtbot.keyClick(demo, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: demo.session.time >= 6.0, timeout=5000)
    qtbot.keyClick(demo, Qt.Key.Key_Space)
    assert not demo.driver.is_playing()
    path = demo.document.path
    assert path is not None
    core = _core_positions(path, demo.session.time)
    assert _token_centre(demo, "wolf") == pytest.approx(core["wolf"], abs=1e-9)


def test_save_close_reopen_gives_the_identical_encounter_and_fight(
    qtbot: QtBot, demo: MainWindow, tmp_path: Path
) -> None:
    demo.document.move_combatant("mialee", 3.5, 4.5)
    for _ in range(10):
        demo.driver.step_unit()
    saved_to = tmp_path / "saved.json"
    demo.document.path = saved_to
    assert demo.files.save(wait=True)
    assert not demo.document.is_modified()
    before = demo.files.with_log()
    positions = {cid: _token_centre(demo, cid) for cid in ("luet", "wolf", "mialee")}
    demo.close()
    reopened = _open(qtbot, saved_to)
    assert reopened.document.encounter == load_encounter(saved_to)
    assert load_encounter(saved_to) == before
    reopened.session.start()
    assert [e.to_json() for e in reopened.session.events()] == [e.to_json() for e in before.log]
    assert reopened.session.time == before.log[-1].time
    assert {cid: _token_centre(reopened, cid) for cid in positions} == positions


def test_a_roll_prompt_answered_with_a_typed_value_shows_it_in_the_log(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "demo.json"
    path.write_bytes(DEMO.read_bytes())
    window = _open(
        qtbot,
        path,
        Settings(
            ask_player_rolls=True,
            player_sides=("party",),
            not_offered=("aoo", "intercept"),
        ),
    )
    window.driver.set_speed(0.01)
    window.act_play.trigger()
    qtbot.waitUntil(window.prompt.is_waiting, timeout=5000)
    assert not window.driver.is_playing()
    # Thorin (count 8) swings at the goblin first: the prompt asks for his d20.
    question = window.prompt.findChild(QLabel, "rollQuestion")
    assert question.text() == "Thorin attacks goblin (battleaxe): roll 1d20"
    assert window.session.time == 4.0
    field = window.prompt.findChild(QLineEdit)
    qtbot.keyClicks(field, "17")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    # 17 + 7 hits AC 15: the players roll the damage too.
    assert window.prompt.is_waiting()
    assert question.text() == "Thorin's battleaxe damage to goblin: roll 1d8+3"
    qtbot.keyClicks(field, "9")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert not window.prompt.is_waiting()
    expected = (
        "Round 1, 8: Thorin attacks goblin with battleaxe: 24 vs AC 14, hit for 9 "
        "[d20 17 + 7; damage 1d8+3 = 9 (rolled at the table)]"
    )
    qtbot.waitUntil(lambda: expected in window.log.visible_lines())
    window.document.undo_stack.setClean()


def test_the_main_window_screenshot_is_a_drawn_battle_map(
    qtbot: QtBot, demo: MainWindow, tmp_path: Path
) -> None:
    for _ in range(9):
        demo.driver.step_unit()
    qtbot.wait(50)
    image_path = tmp_path / "main_window.png"
    assert demo.grab().save(str(image_path))
    keep_copy(image_path)
    image = QImage(str(image_path))
    assert (image.width(), image.height()) == (demo.width(), demo.height())
    colours = {
        image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)
    }
    assert len(colours) > 60
    # The grid is drawn: along a row of the map, grid lines darken the map colour at whole
    # squares.
    row_y = demo.map.mapTo(demo, demo.map.square_to_view(1.0, 0.5)).y()
    xs = [demo.map.mapTo(demo, demo.map.square_to_view(float(i), 0.5)).x() for i in range(2, 6)]
    between = [demo.map.mapTo(demo, demo.map.square_to_view(i + 0.5, 0.5)).x() for i in range(2, 6)]
    # A cosmetic line may fall a pixel either side of the computed x: take the darkest of three.
    line_shades = [
        min(image.pixelColor(x + dx, row_y).lightness() for dx in (-1, 0, 1)) for x in xs
    ]
    map_shades = [image.pixelColor(x, row_y).lightness() for x in between]
    assert max(line_shades) < min(map_shades)


def test_crash_restore_is_offered_and_restores(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from battlemap.storage.autosave import pending_autosave, write_autosave
    from battlemap.ui.app import build_window

    encounter = dataclasses.replace(load_encounter(DEMO), name="Before the crash")
    write_autosave(encounter, None)
    asked: list[str] = []

    def answer(*args: object, **_kwargs: object) -> QMessageBox.StandardButton:
        asked.append(str(args[2]))
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", answer)
    window = build_window(None)
    qtbot.addWidget(window)
    assert asked and asked[0].startswith("Battlemap did not close properly last time.")
    assert window.document.encounter.name == "Before the crash"
    assert window.document.is_modified()
    window.document.undo_stack.setClean()
    window.close()
    assert pending_autosave() is None  # a clean exit clears it


def test_first_launch_opens_the_demo(qtbot: QtBot) -> None:
    from battlemap.ui.app import build_window

    window = build_window(None)
    qtbot.addWidget(window)
    assert window.document.path is not None
    assert window.document.path.resolve() == DEMO.resolve()
    assert window.settings.demo_shown
    window.close()


def test_saving_a_path_through_save_keeps_nothing_half_written(
    qtbot: QtBot, demo: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failed save says why and leaves the previous file as it was."""
    target = tmp_path / "keep.json"
    save_encounter(demo.document.encounter, target)
    before = target.read_bytes()
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Ok)
    demo.document.path = target
    # An encounter the file format refuses (speed 32) cannot be saved.
    bad = dataclasses.replace(demo.document.encounter.combatant("luet"), speed=32)
    demo.document.update_combatant("luet", bad)
    assert not demo.files.save(wait=True)
    assert target.read_bytes() == before
    assert "speed" in demo.statusBar().currentMessage()


def test_the_roster_lists_everyone_with_initiative_before_the_fight(demo: MainWindow) -> None:
    """Before anything is played the roster already shows each combatant, with the initiative
    the file fixed (Luet: 3 + 8 = 11, count 11)."""
    model = demo.library.roster_view().model()
    rows = {
        model.index(r, 0).data(): [model.index(r, c).data() for c in range(model.columnCount())]
        for r in range(model.rowCount())
    }
    assert len(rows) == 9  # two goblins share a name
    assert rows["Luet"][:6] == ["Luet", "party", "16/16", "16", "11", "11"]


def test_planning_an_attack_by_clicking_the_target(qtbot: QtBot, demo: MainWindow) -> None:
    viewport = demo.map.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=demo.map.square_to_view(4.5, 7.5))
    assert demo.map.selected_ids() == ["thorin"]
    demo.planning.set_round(3)
    qtbot.keyClick(viewport, Qt.Key.Key_A)
    assert demo.statusBar().currentMessage() == "Thorin: click the target of the attack."
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=demo.map.square_to_view(5.5, 6.5))
    plan = demo.document.encounter.plans[-1]
    assert (plan.actor, plan.round, plan.action, plan.target) == ("thorin", 3, "attack", "goblin")
    assert demo.statusBar().currentMessage() == "Planned for round 3: Thorin attack on goblin."
    qtbot.waitUntil(lambda: demo.map.selected_ids() == ["thorin"])  # ready for his next plan


def test_a_refused_plan_says_why_and_changes_nothing(qtbot: QtBot, demo: MainWindow) -> None:
    """Thorin already makes a full attack in round 1: a second action does not fit."""
    viewport = demo.map.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=demo.map.square_to_view(4.5, 7.5))
    before = demo.document.encounter
    qtbot.keyClick(viewport, Qt.Key.Key_A)
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=demo.map.square_to_view(5.5, 6.5))
    assert demo.document.encounter == before
    assert demo.statusBar().currentMessage() == (
        "Cannot plan that: Thorin's actions in round 1 take 18 units; a round has 12"
    )


def test_casting_with_no_target_by_pressing_escape(
    qtbot: QtBot, demo: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QInputDialog

    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("light", True))
    monkeypatch.setattr(QInputDialog, "getInt", lambda *a, **k: (0, True))
    viewport = demo.map.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=demo.map.square_to_view(2.5, 8.5))
    demo.planning.set_round(2)
    qtbot.keyClick(viewport, Qt.Key.Key_S)
    qtbot.keyClick(demo, Qt.Key.Key_Escape)
    plan = demo.document.encounter.plans[-1]
    assert (plan.actor, plan.round, plan.action, plan.target) == ("jozan", 2, "cast", None)
    assert plan.spell is not None and (plan.spell.name, plan.spell.level) == ("light", 0)


def test_ctrl_period_steps_to_the_next_round(qtbot: QtBot, demo: MainWindow) -> None:
    qtbot.keyClick(demo, Qt.Key.Key_Period)
    qtbot.keyClick(demo, Qt.Key.Key_Period, Qt.KeyboardModifier.ControlModifier)
    assert demo.session.time == 12.0
    assert demo._time_label.text() == "Round 2, 12"


def test_no_restore_question_when_nothing_was_lost(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An autosave identical to its saved file (killed right after opening) is not offered."""
    from battlemap.storage.autosave import pending_autosave, write_autosave
    from battlemap.ui.app import build_window

    saved = tmp_path / "fight.json"
    saved.write_bytes(DEMO.read_bytes())
    write_autosave(load_encounter(saved), str(saved))

    def no_questions(*_args: object, **_kwargs: object) -> QMessageBox.StandardButton:
        raise AssertionError("asked to restore although nothing was lost")

    monkeypatch.setattr(QMessageBox, "question", no_questions)
    window = build_window(str(saved))
    qtbot.addWidget(window)
    assert pending_autosave() is None
    assert window.document.path == saved


def test_opening_a_file_writes_no_autosave(qtbot: QtBot, demo: MainWindow) -> None:
    """Opening schedules no autosave; an edit does. No sleeping: it once waited 600 ms and
    checked that nothing was written, then waited up to 10 s for the edit's autosave, and
    failed under load; the timer's state is read and the autosave it would run is driven."""
    from battlemap.storage.autosave import pending_autosave

    path = demo.document.path
    assert path is not None
    for opened in ("by the window", "by File > Open"):
        if opened == "by File > Open":
            assert demo.files.open_path(path)
        demo.files.wait_for_writes()
        assert not demo.files.autosave_pending(), opened
        assert pending_autosave() is None, opened
    demo.document.move_combatant("mialee", 3.5, 5.5)
    assert demo.files.autosave_pending()  # due 400 ms after the edit: run it now instead
    demo.files.autosave_now()
    demo.files.wait_for_writes()
    saved = pending_autosave()
    assert saved is not None
    assert saved.encounter.combatant("mialee").y == 5.5


def test_planning_previews_where_the_path_would_provoke(qtbot: QtBot, tmp_path: Path) -> None:
    """While planning, the map marks where the path would leave a threatened square, with who
    and when, before the plan is committed. Luet plans a round-3 move (count 11: time 25) that
    cuts past the goblin at (5.5, 6.5); markers appear; Escape clears them."""
    window = _open(qtbot, DEMO)
    viewport = window.map.viewport()
    window.planning.set_round(3)
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=window.map.square_to_view(4.5, 10.5))
    assert window.map.selected_ids() == ["luet"]
    window.planning.actions["move"].trigger()
    with qtbot.waitSignal(window.planning.previewChanged, timeout=2000):
        qtbot.mouseClick(
            viewport, Qt.MouseButton.LeftButton, pos=window.map.square_to_view(7.5, 5.5)
        )
    texts = window.map.marker_texts()
    assert any(t.startswith("AoO: goblin at Round 3, ") for t in texts)
    assert all(t.startswith(("AoO: ", "Intercept: ")) and " at Round 3, " in t for t in texts)
    # The timeline shows the same moments on Luet's lane, inside round 3 (times 24 to 36).
    shown = window.timeline.preview_markers()
    assert len(shown) == len(texts)
    assert all(lane == "luet" and 24.0 < time < 36.0 for lane, time in shown)
    qtbot.keyClick(viewport, Qt.Key.Key_Escape)
    assert window.map.marker_texts() == []
    assert window.timeline.preview_markers() == []


def test_threat_zones_can_be_shown_for_everyone_or_the_selection(
    qtbot: QtBot, demo: MainWindow
) -> None:
    demo.threat_actions["all"].trigger()
    everyone = demo.map.threat_cell_count()
    assert everyone > 0
    qtbot.mouseClick(
        demo.map.viewport(), Qt.MouseButton.LeftButton, pos=demo.map.square_to_view(4.5, 7.5)
    )
    demo.threat_actions["selected"].trigger()
    # Thorin (medium, reach 5) threatens the 8 squares around him.
    assert demo.map.threat_cell_count() == 8
    demo.threat_actions["off"].trigger()
    assert demo.map.threat_cell_count() == 0


def test_planning_a_chase_by_clicking_the_quarry(qtbot: QtBot, demo: MainWindow) -> None:
    viewport = demo.map.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=demo.map.square_to_view(2.5, 5.5))
    demo.planning.set_round(3)
    demo.planning.actions["follow"].trigger()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=demo.map.square_to_view(5.5, 6.5))
    plan = demo.document.encounter.plans[-1]
    assert (plan.actor, plan.round, plan.action, plan.target) == ("mialee", 3, "follow", "goblin")


def test_an_intercept_is_offered_with_take_and_decline(qtbot: QtBot) -> None:
    """Playing the chase example with offers on stops at the watchman's intercept; there is
    nothing to roll for an intercept, so only Take and Decline are offered."""
    window = _open(qtbot, EXAMPLES / "chase.json", Settings())
    window.driver.set_speed(0.01)
    window.act_play.trigger()
    qtbot.waitUntil(window.choice_prompt.is_waiting, timeout=5000)
    assert window.choice_prompt.question() == (
        "watchman can intercept thief at (9.5, 6.5), Round 1, 2.03"
    )
    assert not window.choice_prompt.roll_button.isVisible()
    qtbot.mouseClick(window.choice_prompt.decline_button, Qt.MouseButton.LeftButton)
    declined = [e for e in window.session.events() if e.type == "intercept"]
    assert [(e.actor, e["taken"]) for e in declined] == [("watchman", False)]


def test_the_fight_is_autosaved_when_play_pauses_not_while_it_plays(
    qtbot: QtBot, demo: MainWindow
) -> None:
    """Writing a long log takes long enough to stutter the animation: play writes nothing, and
    the pause saves the fight so far."""
    from battlemap.storage.autosave import pending_autosave

    demo.driver.set_speed(0.1)  # 1.2 s of play below is 12 units: the fight (36) goes on
    demo.act_play.trigger()
    qtbot.waitUntil(lambda: demo.session.time >= 4.0, timeout=5000)
    qtbot.wait(1200)  # longer than the autosave delay
    assert demo.driver.is_playing()
    assert pending_autosave() is None
    demo.act_play.trigger()  # pause
    qtbot.waitUntil(lambda: pending_autosave() is not None, timeout=10000)
    saved = pending_autosave()
    assert saved is not None and len(saved.encounter.log) > 0
