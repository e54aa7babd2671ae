"""Map settings: size and background picture, refused while wrong, undoable once applied."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QDialogButtonBox, QDoubleSpinBox, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from battlemap.core.encounter import Background, MapSpec
from battlemap.storage.encounter_file import load_encounter
from battlemap.ui.document import EncounterDocument
from battlemap.ui.map_dialog import MapDialog
from tests.ui.screenshots import save_png

DEMO = Path(__file__).parents[2] / "resources" / "examples" / "demo.json"


def _dialog(qtbot: QtBot, base_dir: Path) -> MapDialog:
    encounter = load_encounter(DEMO)
    dialog = MapDialog(encounter.map, encounter.combatants, base_dir)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_a_background_picture_relative_to_the_encounter(qtbot: QtBot, tmp_path: Path) -> None:
    picture = QImage(240, 160, QImage.Format.Format_RGB32)
    picture.fill(QColor("#6b8f4e"))
    (tmp_path / "maps").mkdir()
    assert picture.save(str(tmp_path / "maps" / "field.png"))
    dialog = _dialog(qtbot, tmp_path)
    image, across = dialog.findChild(QLineEdit), dialog.findChild(QDoubleSpinBox)
    qtbot.keyClicks(image, "maps/field.png")
    across.setValue(24.0)
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled()
    assert dialog.map_spec().background == Background("maps/field.png", 24.0)
    save_png(dialog, tmp_path, "map_dialog")


def test_a_missing_picture_is_named_and_refused(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, tmp_path)
    qtbot.keyClicks(dialog.findChild(QLineEdit), "nowhere.png")
    assert dialog.problem() == f"No picture at {tmp_path / 'nowhere.png'}."
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()


def test_a_map_too_small_for_its_tokens_is_refused(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, tmp_path)
    width = dialog.findChildren(QSpinBox)[0]
    width.setValue(10)
    assert dialog.problem() == (
        "goblin, wolf, bugbear, ogre would stand off a 10x16 map; move them first."
    )


def test_changing_the_map_is_one_undoable_edit() -> None:
    document = EncounterDocument(load_encounter(DEMO), DEMO)
    document.set_map(MapSpec(30, 20, document.encounter.map.walls))
    assert (document.encounter.map.width, document.encounter.map.height) == (30, 20)
    assert document.undo_stack.undoText() == "Change map"
    document.undo_stack.undo()
    assert (document.encounter.map.width, document.encounter.map.height) == (24, 16)
