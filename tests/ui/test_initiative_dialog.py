"""The initiative dialog: d12s typed or rolled, totals, counts and surprise rounds shown live."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
)
from pytestqt.qtbot import QtBot

from battlemap.core.dice import DiceRoller
from battlemap.core.encounter import AttackProfile, Combatant
from battlemap.rulesets import get_ruleset
from battlemap.ui.form_validation import INVALID_ROLE
from battlemap.ui.initiative_dialog import InitiativeDialog
from tests.ui.screenshots import save_png


def fighter(cid: str, name: str, init_mod: int, roll: int | None) -> Combatant:
    return Combatant(
        id=cid, name=name, side="party" if cid == "thorin" else "monsters", x=0.5, y=0.5,
        size="medium", speed=30, reach=5, init_mod=init_mod, dex=10, hp=10, ac=12,
        attacks=(AttackProfile("club", 1, "1d6"),), attacks_per_round=1, initiative_roll=roll,
    )  # fmt: skip


THORIN = fighter("thorin", "Thorin", 3, 3)
GOBLIN = fighter("goblin1", "Goblin", 8, 5)
OGRE = fighter("ogre", "Ogre", -1, None)
KOBOLD = fighter("kobold", "Kobold", -4, 2)
MIALEE = fighter("mialee", "Mialee", 2, None)
COMBATANTS = [THORIN, GOBLIN, OGRE, KOBOLD, MIALEE]
NAME, MODIFIER, ROLL, TOTAL, COUNT, NOTES = range(6)
SEED = 7


@pytest.fixture
def dialog(qtbot: QtBot) -> InitiativeDialog:
    dialog = InitiativeDialog(COMBATANTS, DiceRoller(SEED), get_ruleset("d12").standing)
    qtbot.addWidget(dialog)
    dialog.resize(600, 340)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def table(dialog: InitiativeDialog) -> QTableWidget:
    found = dialog.findChild(QTableWidget)
    assert isinstance(found, QTableWidget)
    return found


def row(dialog: InitiativeDialog, name: str) -> list[str]:
    grid = table(dialog)
    for r in range(grid.rowCount()):
        if grid.model().index(r, NAME).data() == name:
            return [str(grid.model().index(r, c).data()) for c in range(grid.columnCount())]
    raise AssertionError(f"no row for {name}")


def button(dialog: InitiativeDialog, text: str) -> QPushButton:
    for candidate in dialog.findChildren(QPushButton):
        if candidate.text().replace("&", "") == text:
            return candidate
    raise AssertionError(f"no button {text!r}")


def ok_button(dialog: InitiativeDialog) -> QPushButton:
    box = dialog.findChild(QDialogButtonBox)
    assert isinstance(box, QDialogButtonBox)
    return box.button(QDialogButtonBox.StandardButton.Ok)


def type_roll(qtbot: QtBot, dialog: InitiativeDialog, row_number: int, text: str) -> QLineEdit:
    """Double-click the row's d12 cell and type over it; the editor stays open."""
    grid = table(dialog)
    pos = grid.visualRect(grid.model().index(row_number, ROLL)).center()
    qtbot.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseDClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    return editor


def app_rolls(count: int) -> list[int]:
    roller = DiceRoller(SEED)
    return [roller.roll("1d12").total for _ in range(count)]


def test_each_combatant_has_a_row_with_total_count_and_notes(dialog: InitiativeDialog) -> None:
    grid = table(dialog)
    assert [grid.horizontalHeaderItem(c).text() for c in range(6)] == [  # type: ignore[union-attr]
        "Name", "Modifier", "d12 rolled", "Total", "Count", "Notes",
    ]  # fmt: skip
    assert row(dialog, "Thorin") == ["Thorin", "+3", "3", "6", "6", ""]
    assert row(dialog, "Goblin") == ["Goblin", "+8", "5", "13", "1", "1 surprise round"]
    assert row(dialog, "Ogre") == ["Ogre", "-1", "", "", "", ""]  # blank: the app rolls
    assert row(dialog, "Kobold") == ["Kobold", "-4", "2", "-2", "10", "1 penalty round"]
    assert ok_button(dialog).isEnabled()
    assert dialog.windowTitle() == "Initiative"


def test_totals_follow_the_roll_as_it_is_typed(qtbot: QtBot, dialog: InitiativeDialog) -> None:
    type_roll(qtbot, dialog, 2, "1")
    assert row(dialog, "Ogre")[2:] == ["1", "0", "12", "1 penalty round"]
    qtbot.keyClicks(QApplication.focusWidget(), "2")
    assert row(dialog, "Ogre")[2:] == ["12", "11", "11", ""]


def test_a_roll_outside_1_to_12_is_marked_and_blocks_ok(
    qtbot: QtBot, dialog: InitiativeDialog
) -> None:
    editor = type_roll(qtbot, dialog, 2, "13")
    grid = table(dialog)

    assert grid.model().index(2, ROLL).data(INVALID_ROLE)
    assert bool(editor.property("invalid"))
    assert not ok_button(dialog).isEnabled()
    shown = [label.text() for label in dialog.findChildren(QLabel) if label.isVisible()]
    assert "Ogre: a d12 roll is between 1 and 12, got 13" in shown
    assert row(dialog, "Ogre")[3:] == ["", "", ""]

    editor.selectAll()
    qtbot.keyClicks(editor, "0")
    assert not ok_button(dialog).isEnabled()
    editor.selectAll()
    qtbot.keyClicks(editor, "9")
    assert ok_button(dialog).isEnabled()
    assert not grid.model().index(2, ROLL).data(INVALID_ROLE)


def test_escape_in_a_cell_undoes_the_edit_and_keeps_the_dialog(
    qtbot: QtBot, dialog: InitiativeDialog
) -> None:
    editor = type_roll(qtbot, dialog, 1, "13")
    assert not ok_button(dialog).isEnabled()
    with qtbot.assertNotEmitted(dialog.rejected):
        qtbot.keyClick(editor, Qt.Key.Key_Escape)
    assert dialog.isVisible()
    assert row(dialog, "Goblin") == ["Goblin", "+8", "5", "13", "1", "1 surprise round"]
    assert ok_button(dialog).isEnabled()


def test_letters_cannot_be_typed_as_a_roll(qtbot: QtBot, dialog: InitiativeDialog) -> None:
    editor = type_roll(qtbot, dialog, 2, "x4y")
    assert editor.text() == "4"


def test_roll_blanks_fills_only_the_blank_rolls(qtbot: QtBot, dialog: InitiativeDialog) -> None:
    qtbot.mouseClick(button(dialog, "Roll blanks"), Qt.MouseButton.LeftButton)

    ogre, mialee = app_rolls(2)
    assert 1 <= ogre <= 12 and 1 <= mialee <= 12
    assert row(dialog, "Ogre")[ROLL] == str(ogre)
    assert row(dialog, "Ogre")[TOTAL] == str(ogre - 1)
    assert row(dialog, "Mialee")[ROLL] == str(mialee)
    assert [row(dialog, n)[ROLL] for n in ("Thorin", "Goblin", "Kobold")] == ["3", "5", "2"]
    assert not button(dialog, "Roll blanks").isEnabled()  # no blanks left


def test_reroll_all_replaces_every_roll(qtbot: QtBot, dialog: InitiativeDialog) -> None:
    qtbot.mouseClick(button(dialog, "Reroll all"), Qt.MouseButton.LeftButton)
    rolled = [row(dialog, c.name)[ROLL] for c in COMBATANTS]
    assert rolled == [str(value) for value in app_rolls(5)]
    assert all(1 <= int(value) <= 12 for value in rolled)


def test_ok_rolls_the_blanks_and_keeps_the_typed_rolls(
    qtbot: QtBot, dialog: InitiativeDialog
) -> None:
    type_roll(qtbot, dialog, 0, "11")
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)

    ogre, mialee = app_rolls(2)
    assert dialog.rolls() == {
        "thorin": 11,
        "goblin1": 5,
        "ogre": ogre,
        "kobold": 2,
        "mialee": mialee,
    }


def test_cancel_gives_no_rolls(qtbot: QtBot, dialog: InitiativeDialog) -> None:
    with qtbot.waitSignal(dialog.rejected):
        qtbot.mouseClick(
            dialog.findChild(QDialogButtonBox).button(  # type: ignore[union-attr]
                QDialogButtonBox.StandardButton.Cancel
            ),
            Qt.MouseButton.LeftButton,
        )
    assert not dialog.isVisible()


def test_rolls_are_typed_row_after_row_from_the_keyboard(
    qtbot: QtBot, dialog: InitiativeDialog
) -> None:
    grid = table(dialog)
    qtbot.waitUntil(grid.hasFocus)
    for digits in ("7", "12", "1", "4", "9"):
        qtbot.keyClicks(QApplication.focusWidget(), digits)  # a digit starts editing
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # and Enter moves down
    assert [row(dialog, c.name)[ROLL] for c in COMBATANTS] == ["7", "12", "1", "4", "9"]
    assert dialog.isVisible()  # Enter in a cell never pressed OK

    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # out of the table: OK
    assert dialog.rolls() == {"thorin": 7, "goblin1": 12, "ogre": 1, "kobold": 4, "mialee": 9}


def test_render(qtbot: QtBot, dialog: InitiativeDialog, tmp_path: Path) -> None:
    save_png(dialog, tmp_path, "initiative_dialog")
    type_roll(qtbot, dialog, 2, "13")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    save_png(dialog, tmp_path, "initiative_dialog_invalid")
