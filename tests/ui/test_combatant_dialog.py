"""The combatant editor: every field, checked as typed by the encounter file's own validator."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from battlemap.core.encounter import AttackProfile, Combatant, MapSpec
from battlemap.ui.combatant_dialog import CombatantDialog
from battlemap.ui.form_validation import INVALID_COLOR, INVALID_ROLE
from tests.ui.screenshots import save_png

THORIN = Combatant(
    id="thorin", name="Thorin", side="party", x=2.5, y=7.5, size="medium", speed=20, reach=5,
    init_mod=3, dex=12, hp=24, ac=17, max_hp=28, initiative_roll=3, attacks_per_round=1,
    attacks=(AttackProfile("waraxe", 6, "1d10+3"), AttackProfile("throwing axe", 4, "1d6+2", 10)),
)  # fmt: skip
MAP = MapSpec(20, 15)
NAME, BONUS, DAMAGE, RANGE = range(4)


@pytest.fixture
def dialog(qtbot: QtBot) -> CombatantDialog:
    dialog = CombatantDialog(THORIN, MAP, {"goblin1", "ogre", "thorin"})
    qtbot.addWidget(dialog)
    dialog.resize(660, 620)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def field(dialog: CombatantDialog, label: str) -> QWidget:
    """The input a label names, found as a person finds it: by the label's text."""
    for candidate in dialog.findChildren(QLabel):
        if candidate.text().replace("&", "") == label and candidate.buddy() is not None:
            return candidate.buddy()
    raise AssertionError(f"no field labelled {label!r}")


def spin(dialog: CombatantDialog, label: str) -> QSpinBox:
    widget = field(dialog, label)
    assert isinstance(widget, QSpinBox)
    return widget


def button(dialog: CombatantDialog, text: str) -> QPushButton:
    for candidate in dialog.findChildren(QPushButton):
        if candidate.text().replace("&", "") == text:
            return candidate
    raise AssertionError(f"no button {text!r}")


def ok_button(dialog: CombatantDialog) -> QPushButton:
    box = dialog.findChild(QDialogButtonBox)
    assert isinstance(box, QDialogButtonBox)
    return box.button(QDialogButtonBox.StandardButton.Ok)


def attacks_table(dialog: CombatantDialog) -> QTableWidget:
    table = dialog.findChild(QTableWidget)
    assert isinstance(table, QTableWidget)
    return table


def retype(qtbot: QtBot, widget: QWidget, text: str) -> None:
    """Select what the field holds and type over it, as a person does."""
    widget.setFocus()
    if isinstance(widget, QComboBox):
        line = widget.lineEdit()
        assert line is not None
        line.selectAll()
    else:
        assert isinstance(widget, QLineEdit | QSpinBox | QDoubleSpinBox)
        widget.selectAll()
    qtbot.keyClicks(widget, text)


def edit_cell(qtbot: QtBot, table: QTableWidget, row: int, column: int, text: str) -> QLineEdit:
    """Double-click a cell, type over its text; the editor stays open (nothing committed by
    Enter yet), so what is checked is the checking as typed."""
    index = table.model().index(row, column)
    pos = table.visualRect(index).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    return editor


def cell_marked(table: QTableWidget, row: int, column: int) -> bool:
    return bool(table.model().index(row, column).data(INVALID_ROLE))


def frame_marked(widget: QWidget) -> bool:
    frame = widget.parentWidget()
    assert frame is not None
    return bool(frame.property("invalid"))


def test_the_title_names_the_combatant(dialog: CombatantDialog) -> None:
    assert dialog.windowTitle() == "Edit Thorin"


def test_every_field_of_the_format_is_shown(dialog: CombatantDialog) -> None:
    texts = {
        label: field(dialog, label).text()  # type: ignore[attr-defined]
        for label in ("ID", "Name", "Image", "Speed", "Reach", "HP", "Max HP", "AC", "Modifier")
    }
    assert texts == {
        "ID": "thorin",
        "Name": "Thorin",
        "Image": "",
        "Speed": "20 ft",
        "Reach": "5 ft",
        "HP": "24",
        "Max HP": "28",
        "AC": "17",
        "Modifier": "+3",
    }
    side = field(dialog, "Side")
    size = field(dialog, "Size")
    assert isinstance(side, QComboBox) and isinstance(size, QComboBox)
    assert side.currentText() == "party"
    assert size.currentText() == "medium (1×1)"
    assert [field(dialog, n).text() for n in ("X", "Y")] == ["2.50 sq", "7.50 sq"]  # type: ignore[attr-defined]
    assert spin(dialog, "d12 rolled").text() == "3"
    assert spin(dialog, "Dexterity").value() == 12
    assert spin(dialog, "Concentration").text() == "+0"
    assert spin(dialog, "Attacks per round").value() == 1
    table = attacks_table(dialog)
    assert [
        [table.model().index(r, c).data() for c in range(4)] for r in range(table.rowCount())
    ] == [["waraxe", "+6", "1d10+3", ""], ["throwing axe", "+4", "1d6+2", "10"]]
    assert ok_button(dialog).isEnabled()
    assert dialog.message() == ""


def test_ok_on_an_untouched_form_gives_the_same_combatant(
    qtbot: QtBot, dialog: CombatantDialog
) -> None:
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
    assert dialog.combatant() == THORIN


def test_a_speed_of_32_is_refused_as_typed(qtbot: QtBot, dialog: CombatantDialog) -> None:
    speed = spin(dialog, "Speed")
    retype(qtbot, speed, "32")

    assert not ok_button(dialog).isEnabled()
    assert dialog.message() == (
        "Speed must be a whole number of feet, 0 or more and a multiple of 5, got 32"
    )
    assert dialog.marked_field() is speed
    assert frame_marked(speed)

    qtbot.keyClick(speed, Qt.Key.Key_Backspace)
    qtbot.keyClicks(speed, "5")
    assert ok_button(dialog).isEnabled()
    assert dialog.message() == ""
    assert not frame_marked(speed)


def test_an_id_used_by_another_combatant_is_refused(qtbot: QtBot, dialog: CombatantDialog) -> None:
    retype(qtbot, field(dialog, "ID"), "goblin1")
    assert dialog.message() == "ID 'goblin1' is already used by another combatant"
    assert not ok_button(dialog).isEnabled()
    assert frame_marked(field(dialog, "ID"))


def test_an_empty_name_is_refused(qtbot: QtBot, dialog: CombatantDialog) -> None:
    name = field(dialog, "Name")
    retype(qtbot, name, " ")
    assert dialog.message() == "Name must not be empty, got ''"
    assert not ok_button(dialog).isEnabled()
    assert dialog.windowTitle() == "Edit combatant"


def test_max_hp_below_hp_is_refused(qtbot: QtBot, dialog: CombatantDialog) -> None:
    retype(qtbot, spin(dialog, "Max HP"), "20")
    assert (
        dialog.message() == "Max HP must be a whole number, 1 or more and at least HP (24), got 20"
    )
    assert not ok_button(dialog).isEnabled()


def test_bad_damage_marks_its_cell_while_typing(qtbot: QtBot, dialog: CombatantDialog) -> None:
    table = attacks_table(dialog)
    editor = edit_cell(qtbot, table, 1, DAMAGE, "1d")

    assert cell_marked(table, 1, DAMAGE)
    assert dialog.marked_cell() == (1, DAMAGE)
    assert bool(editor.property("invalid"))
    assert dialog.message() == (
        "Attack 2 (throwing axe): damage must be dice notation such as '1d8+3', "
        "got '1d' (it ends too early)"
    )
    assert not ok_button(dialog).isEnabled()

    # Committed, the cell itself is drawn with the red frame.
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is table)
    rect = table.visualRect(table.model().index(1, DAMAGE))
    picture = table.viewport().grab().toImage()
    assert picture.pixelColor(rect.left() + 1, rect.center().y()) == INVALID_COLOR

    editor = edit_cell(qtbot, table, 1, DAMAGE, "1d6+2")
    assert not cell_marked(table, 1, DAMAGE)
    assert ok_button(dialog).isEnabled()


def test_enter_in_a_cell_ends_the_edit_not_the_dialog(
    qtbot: QtBot, dialog: CombatantDialog
) -> None:
    table = attacks_table(dialog)
    editor = edit_cell(qtbot, table, 0, NAME, "axe")
    with qtbot.assertNotEmitted(dialog.accepted):
        qtbot.keyClick(editor, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: QApplication.focusWidget() is table)
    assert dialog.isVisible()
    assert table.model().index(0, NAME).data() == "axe"


def test_escape_in_a_cell_puts_the_old_text_back(qtbot: QtBot, dialog: CombatantDialog) -> None:
    table = attacks_table(dialog)
    editor = edit_cell(qtbot, table, 1, DAMAGE, "1d")
    assert not ok_button(dialog).isEnabled()
    with qtbot.assertNotEmitted(dialog.rejected):
        qtbot.keyClick(editor, Qt.Key.Key_Escape)
    assert dialog.isVisible()
    assert table.model().index(1, DAMAGE).data() == "1d6+2"
    assert not cell_marked(table, 1, DAMAGE)
    assert ok_button(dialog).isEnabled()


def test_a_duplicate_attack_name_names_both_attacks(qtbot: QtBot, dialog: CombatantDialog) -> None:
    table = attacks_table(dialog)
    edit_cell(qtbot, table, 1, NAME, "waraxe")
    assert dialog.message() == (
        "Attack 2 (waraxe): duplicate attack name 'waraxe': attack 1 already uses it"
    )
    assert cell_marked(table, 1, NAME)


def test_a_range_that_is_not_whole_squares_is_refused(
    qtbot: QtBot, dialog: CombatantDialog
) -> None:
    table = attacks_table(dialog)
    edit_cell(qtbot, table, 1, RANGE, "12")
    assert dialog.message() == (
        "Attack 2 (throwing axe): range must be a whole number of feet, more than 0 and a "
        "multiple of 5, got 12"
    )
    assert cell_marked(table, 1, RANGE)


def test_number_cells_keep_letters_out(qtbot: QtBot, dialog: CombatantDialog) -> None:
    table = attacks_table(dialog)
    editor = edit_cell(qtbot, table, 0, BONUS, "x7")
    assert editor.text() == "7"
    editor = edit_cell(qtbot, table, 0, RANGE, "-5")
    assert editor.text() == "5"


def test_a_bare_minus_in_the_bonus_is_refused_in_plain_words(
    qtbot: QtBot, dialog: CombatantDialog
) -> None:
    table = attacks_table(dialog)
    edit_cell(qtbot, table, 0, BONUS, "-")
    assert dialog.message() == "Attack 1 (waraxe): bonus must be a whole number, got '-'"


def test_spin_boxes_keep_impossible_values_out(qtbot: QtBot, dialog: CombatantDialog) -> None:
    speed = spin(dialog, "Speed")
    assert (speed.minimum(), speed.singleStep()) == (0, 5)
    retype(qtbot, speed, "-5")
    assert speed.value() == 5  # the minus sign cannot be typed

    dex = spin(dialog, "Dexterity")
    retype(qtbot, dex, "150")
    assert dex.value() == 15

    roll = spin(dialog, "d12 rolled")
    retype(qtbot, roll, "13")
    assert roll.value() == 1

    per_round = spin(dialog, "Attacks per round")
    retype(qtbot, per_round, "0")
    assert per_round.value() == 1  # the 0 never got in

    x = field(dialog, "X")
    assert isinstance(x, QDoubleSpinBox)
    assert (x.minimum(), x.maximum()) == (0.0, 20.0)


def test_a_full_edit_gives_exactly_the_combatant_typed(
    qtbot: QtBot, dialog: CombatantDialog
) -> None:
    retype(qtbot, field(dialog, "ID"), "thorin2")
    retype(qtbot, field(dialog, "Name"), "Thorin Oakenshield")
    retype(qtbot, field(dialog, "Side"), "heroes")
    size = field(dialog, "Size")
    size.setFocus()
    qtbot.keyClicks(size, "l")  # keyboard search picks "large (2×2)"
    retype(qtbot, field(dialog, "X"), "3")
    retype(qtbot, field(dialog, "Y"), "4.25")
    retype(qtbot, spin(dialog, "Speed"), "25")
    retype(qtbot, spin(dialog, "Reach"), "10")
    retype(qtbot, spin(dialog, "HP"), "-2")
    retype(qtbot, spin(dialog, "Max HP"), "0")  # back to "same as HP"
    retype(qtbot, spin(dialog, "AC"), "18")
    retype(qtbot, spin(dialog, "Modifier"), "-1")
    retype(qtbot, spin(dialog, "d12 rolled"), "0")  # back to "app rolls"
    retype(qtbot, spin(dialog, "Dexterity"), "9")
    retype(qtbot, spin(dialog, "Concentration"), "4")
    retype(qtbot, spin(dialog, "Attacks per round"), "2")
    table = attacks_table(dialog)
    editor = edit_cell(qtbot, table, 0, DAMAGE, "2d6+1")
    qtbot.keyClick(editor, Qt.Key.Key_Tab)  # on to the range of the same attack
    tab_editor = QApplication.focusWidget()
    assert isinstance(tab_editor, QLineEdit)
    qtbot.keyClicks(tab_editor, "15")
    qtbot.keyClick(tab_editor, Qt.Key.Key_Return)
    retype(qtbot, field(dialog, "Image"), "tokens/thorin.png")
    assert dialog.windowTitle() == "Edit Thorin Oakenshield"
    assert spin(dialog, "Max HP").text() == "same as HP"
    assert spin(dialog, "d12 rolled").text() == "app rolls"

    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)

    assert dialog.combatant() == Combatant(
        id="thorin2", name="Thorin Oakenshield", side="heroes", x=3.0, y=4.25, size="large",
        speed=25, reach=10, init_mod=-1, dex=9, hp=-2, ac=18, max_hp=None, initiative_roll=None,
        concentration=4, attacks_per_round=2, image="tokens/thorin.png",
        attacks=(
            AttackProfile("waraxe", 6, "2d6+1", 15),
            AttackProfile("throwing axe", 4, "1d6+2", 10),
        ),
    )  # fmt: skip


def test_untouched_coordinates_come_back_exactly(qtbot: QtBot) -> None:
    odd = dataclasses.replace(THORIN, x=7.3333333, y=0.125)
    dialog = CombatantDialog(odd, MAP, set())
    qtbot.addWidget(dialog)
    dialog.accept()
    assert dialog.combatant() == odd


def test_attacks_are_added_and_removed(qtbot: QtBot, dialog: CombatantDialog) -> None:
    table = attacks_table(dialog)
    remove = button(dialog, "Remove attack")
    assert not remove.isEnabled()  # nothing selected yet

    qtbot.mouseClick(button(dialog, "Add attack"), Qt.MouseButton.LeftButton)
    assert table.rowCount() == 3
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)  # typing the new attack's name right away
    assert editor.text() == "attack"
    editor.selectAll()
    qtbot.keyClicks(editor, "bite")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert [table.model().index(2, c).data() for c in range(4)] == ["bite", "+0", "1d6", ""]

    qtbot.mouseClick(
        table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=table.visualRect(table.model().index(0, NAME)).center(),
    )
    assert remove.isEnabled()
    qtbot.keyClick(table, Qt.Key.Key_Delete)
    assert [table.model().index(r, 0).data() for r in range(table.rowCount())] == [
        "throwing axe",
        "bite",
    ]
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)  # the next row stayed selected
    dialog.accept()
    assert dialog.combatant().attacks == (AttackProfile("bite", 0, "1d6"),)


def test_browse_puts_the_chosen_picture_in_the_image_field(
    qtbot: QtBot, dialog: CombatantDialog, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The file chooser is a native modal dialog; headless, the test answers it instead.
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", lambda *args, **kwargs: ("/pictures/thorin.png", "")
    )
    qtbot.mouseClick(button(dialog, "Browse…"), Qt.MouseButton.LeftButton)
    assert field(dialog, "Image").text() == "/pictures/thorin.png"  # type: ignore[attr-defined]
    dialog.accept()
    assert dialog.combatant().image == "/pictures/thorin.png"


def test_an_invalid_form_is_never_accepted(qtbot: QtBot, dialog: CombatantDialog) -> None:
    retype(qtbot, spin(dialog, "Speed"), "32")
    qtbot.keyClick(spin(dialog, "Speed"), Qt.Key.Key_Return)  # the default button is disabled
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert dialog.isVisible()


def test_tab_walks_the_form_in_reading_order(qtbot: QtBot, dialog: CombatantDialog) -> None:
    field(dialog, "ID").setFocus()
    order = []
    for _ in range(6):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        focused = QApplication.focusWidget()
        labelled = {
            label.text().replace("&", ""): label.buddy() for label in dialog.findChildren(QLabel)
        }
        names = [name for name, buddy in labelled.items() if buddy is focused]
        order.append(names[0] if names else focused.text().replace("&", ""))  # type: ignore[union-attr]
    assert order == ["Name", "Side", "Image", "Browse…", "Size", "X"]


def test_render(qtbot: QtBot, dialog: CombatantDialog, tmp_path: Path) -> None:
    save_png(dialog, tmp_path, "combatant_dialog")
    table = attacks_table(dialog)
    edit_cell(qtbot, table, 1, DAMAGE, "1d")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    save_png(dialog, tmp_path, "combatant_dialog_bad_damage")
    retype(qtbot, spin(dialog, "Speed"), "32")
    save_png(dialog, tmp_path, "combatant_dialog_bad_speed")


def test_reach_weapon_and_combat_reflexes_are_edited_too(qtbot: QtBot) -> None:
    """Every field of the encounter format is in the form: the two flags as check boxes."""
    dialog = CombatantDialog(combatant_for_flags(), MapSpec(20, 15), set())
    qtbot.addWidget(dialog)
    dialog.show()
    boxes = {box.text().replace("&", ""): box for box in dialog.findChildren(QCheckBox)}
    qtbot.mouseClick(boxes["Reach weapon (not the adjacent squares)"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(boxes["Combat Reflexes"], Qt.MouseButton.LeftButton)
    result = dialog.combatant()
    assert (result.reach_weapon, result.combat_reflexes) == (True, True)


def combatant_for_flags() -> Combatant:
    return Combatant(
        id="guard", name="Guard", side="watch", x=2.5, y=2.5, size="medium", speed=30,
        reach=10, init_mod=0, dex=14, hp=11, ac=15,
        attacks=(AttackProfile("longspear", 3, "1d8+1"),), attacks_per_round=1,
    )  # fmt: skip
