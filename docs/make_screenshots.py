"""Render the user guide's screenshots into docs/images/ (offscreen; no display needed).

Run from the repository root: `.venv/bin/python docs/make_screenshots.py [FOLDER]` (the
default folder is docs/images; the tests render into a temporary one to prove the script runs).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("BATTLEMAP_HOME", tempfile.mkdtemp(prefix="battlemap-shots-"))

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pyqtgraph as pg  # noqa: E402
from PySide6.QtCore import QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QPainter  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget  # noqa: E402

from battlemap.core.dice import DiceRoller  # noqa: E402
from battlemap.loading import load_checked  # noqa: E402
from battlemap.rulesets import get_ruleset  # noqa: E402
from battlemap.storage.creature_library import default_creatures  # noqa: E402
from battlemap.storage.encounter_file import load_encounter  # noqa: E402
from battlemap.storage.settings import Settings  # noqa: E402
from battlemap.ui.combatant_dialog import CombatantDialog  # noqa: E402
from battlemap.ui.initiative_dialog import InitiativeDialog  # noqa: E402
from battlemap.ui.initiative_setup import COMBAT_EXPERIENCE, InitiativeSetupDialog  # noqa: E402
from battlemap.ui.main_window import MainWindow  # noqa: E402

IMAGES = ROOT / "docs" / "images"
DEMO = ROOT / "resources" / "examples" / "demo.json"
MILL = ROOT / "resources" / "examples" / "combat_experience.json"
AMBUSH = ROOT / "resources" / "examples" / "thirteenth_age.json"
LEFT = Qt.MouseButton.LeftButton


def shot(widget: QWidget, name: str, beside: QWidget | None = None) -> None:
    """Save `widget` as name.png; `beside`, a separate window such as a non-modal dialog, is
    drawn into its top right corner, as the game master sees the two together."""
    QApplication.processEvents()
    picture = widget.grab()
    if beside is not None:
        painter = QPainter(picture)
        extra = beside.grab()
        painter.drawPixmap(QPoint(picture.width() - extra.width() - 24, 120), extra)
        painter.end()
    target = IMAGES / f"{name}.png"
    if not picture.save(str(target)):
        raise SystemExit(f"could not write {target}")
    print(f"wrote {target}")


def window(settings: Settings | None = None) -> MainWindow:
    win = MainWindow(load_encounter(DEMO), DEMO, settings or Settings(), default_creatures())
    win.resize(1400, 900)
    win.show()
    QApplication.processEvents()
    return win


def main() -> None:
    global IMAGES
    if len(sys.argv) > 1:
        IMAGES = Path(sys.argv[1])
    app = QApplication.instance() or QApplication([])
    IMAGES.mkdir(parents=True, exist_ok=True)
    pg.setConfigOption("mouseRateLimit", -1)  # let the timeline see every scripted move

    win = window()
    shot(win, "first-launch")

    # Planning: Mialee moves after her spell; the ruler shows the units of arrival.
    viewport = win.map.viewport()
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=win.map.square_to_view(2.5, 5.5))
    win.planning.actions["move"].trigger()
    for x, y in ((4.5, 3.5), (7.5, 3.5), (10.5, 2.5)):
        QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=win.map.square_to_view(x, y))
    QTest.mouseMove(viewport, win.map.square_to_view(12.5, 1.5))
    shot(win, "planning")
    QTest.keyClick(viewport, Qt.Key.Key_Escape)

    for _ in range(8):
        win.driver.step_unit()
    win.session.advance_to(7.5)
    shot(win, "playing")
    win.document.undo_stack.setClean()
    win.close()

    # Delay: Thorin (acts at 8) picks count 4 on the timeline.
    delaying = window()
    viewport = delaying.map.viewport()
    QTest.mouseClick(viewport, LEFT, pos=delaying.map.square_to_view(4.5, 7.5))
    delaying.planning.actions["delay"].trigger()
    dock = delaying.timeline
    row = [lane.id for lane in dock.lanes].index("thorin")
    point = dock.plot_widget.mapFromScene(dock.view_box.mapViewToScene(QPointF(8.5, row)))
    QTest.mouseMove(dock.plot_widget.viewport(), point)
    shot(delaying, "delay-pick")
    delaying.planning.cancel()
    delaying.document.undo_stack.setClean()
    delaying.close()

    # Ready: Thorin watches the squares before the door, dragged out on the map.
    readying = window()
    viewport = readying.map.viewport()
    QTest.mouseClick(viewport, LEFT, pos=readying.map.square_to_view(4.5, 7.5))
    readying.planning.actions["ready"].trigger()
    dialog = readying.planning.ready_dialog
    assert dialog is not None
    dialog.trigger.setCurrentIndex(dialog.trigger.findData("enters_area"))
    QTest.mousePress(viewport, LEFT, pos=readying.map.square_to_view(7.5, 6.5))
    QTest.mouseMove(viewport, readying.map.square_to_view(8.5, 8.5))
    QTest.mouseRelease(viewport, LEFT, pos=readying.map.square_to_view(8.5, 8.5))
    shot(readying, "ready", beside=dialog)
    readying.planning.cancel()
    readying.document.undo_stack.setClean()
    readying.close()

    asking = window(Settings(ask_player_rolls=True))
    asking.driver.set_speed(0.01)
    asking.act_play.trigger()
    for _ in range(500):
        if asking.prompt.is_waiting():
            break
        QTest.qWait(10)
    shot(asking, "roll-prompt")
    asking.document.undo_stack.setClean()
    asking.close()

    # History: an intercept taken, Thorin's rolls typed in, then the wolf moved after he had
    # already moved: the timeline marks where the fight differs, the History lists each step.
    history = window(Settings(ask_player_rolls=True, player_sides=("party",)))
    history.timeline.timeScrubbed.emit(9.0)
    history.choice_prompt.take_button.click()
    history.timeline.timeScrubbed.emit(9.0)
    history.session.answer(17)
    history.session.answer(9)
    history.timeline.timeScrubbed.emit(9.0)
    wolf = history.document.encounter.combatant("wolf")
    history.document.move_combatant("wolf", wolf.x, wolf.y + 2)
    history.history.raise_()
    QApplication.processEvents()
    shot(history, "history")
    history.document.undo_stack.setClean()
    history.close()

    # Opportunities: threat zones on, a path previewed past the guard's longspear and the hound.
    chase = ROOT / "resources" / "examples" / "chase.json"
    thief = MainWindow(load_encounter(chase), chase, Settings(), default_creatures())
    thief.resize(1400, 900)
    thief.show()
    QApplication.processEvents()
    thief.threat_actions["all"].trigger()
    viewport = thief.map.viewport()
    thief.planning.set_round(2)
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=thief.map.square_to_view(1.5, 6.5))
    thief.planning.actions["move"].trigger()
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=thief.map.square_to_view(6.5, 5.5))
    QTest.mouseMove(viewport, thief.map.square_to_view(9.5, 5.5))
    shot(thief, "opportunities")
    QTest.keyClick(viewport, Qt.Key.Key_Escape)
    thief.document.undo_stack.setClean()
    thief.close()

    combat_experience()
    thirteenth_age()

    encounter = load_encounter(DEMO)
    rolls = InitiativeDialog(encounter.combatants, DiceRoller(3), get_ruleset("d12").standing)
    rolls.show()
    shot(rolls, "initiative")
    rolls.close()
    editor = CombatantDialog(encounter.combatant("thorin"), encounter.map, set())
    editor.show()
    shot(editor, "edit-stats")
    editor.close()
    del app


def combat_experience() -> None:
    """The ambush at the mill under Combat Experience: its set-up panel, and round 2 with the
    chief stunned by Brenna's blow and the bandit frozen at the wall he ran to."""
    encounter = load_checked(MILL)
    ruleset = get_ruleset(encounter.ruleset)
    setup = InitiativeSetupDialog(encounter, ruleset, COMBAT_EXPERIENCE)
    tomas = setup.combatant_widgets["tomas"]["initiative_rolls"]
    assert isinstance(tomas, QLineEdit)
    tomas.clear()  # Tomas's check left to the app
    setup.show()
    shot(setup, "ce-setup")
    setup.close()

    mill = MainWindow(encounter, MILL, Settings(), default_creatures())
    mill.resize(1400, 900)
    mill.show()
    # The roster wide enough for its Notes (the statuses) beside the map.
    mill.resizeDocks([mill.library], [470], Qt.Orientation.Horizontal)
    QApplication.processEvents()
    slot = mill.session.ruleset.clock.time_of(2, 18)  # round 2, initiative 18: Ilse's turn
    mill.timeline.timeScrubbed.emit(slot + 0.5)
    # The timeline on the round's turns (initiatives 36 down to 0), zoomed in as one would.
    start = mill.session.ruleset.clock.round_start(2)
    mill.timeline.view_box.setXRange(start + 64, start + 101.5, padding=0.0)
    ilse = encounter.combatant("ilse")
    QTest.mouseClick(mill.map.viewport(), LEFT, pos=mill.map.square_to_view(ilse.x, ilse.y))
    shot(mill, "ce-playing")
    mill.document.undo_stack.setClean()
    mill.close()


def thirteenth_age() -> None:
    """The 13th Age example at round 3's start, as tests/ui/test_thirteenth_age_window.py
    leaves it: the escalation die at 2 on the map and the timeline, Brenna engaged with both
    goblins (opportunities answered quietly, so the rounds play through)."""
    quiet = Settings(not_offered=("opportunity_attack", "intercept"))
    ambush = MainWindow(load_checked(AMBUSH), AMBUSH, quiet, default_creatures())
    ambush.resize(1400, 900)
    ambush.show()
    QApplication.processEvents()
    for _ in range(3):  # the fight starts, then round 2, then round 3
        ambush.act_round.trigger()
        QApplication.processEvents()
    shot(ambush, "13th-age-window")
    ambush.document.undo_stack.setClean()
    ambush.close()


if __name__ == "__main__":
    main()
