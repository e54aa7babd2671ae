"""The library dock: creature templates to drag or add, and the roster of the encounter."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtWidgets import QAbstractItemView, QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from battlemap.core.encounter import AttackProfile
from battlemap.storage.creature_library import (
    CREATURE_MIME,
    CreatureTemplate,
    template_from_mime,
)
from battlemap.ui.library_dock import LibraryDock, RosterRow
from battlemap.ui.palette import side_color
from tests.ui.screenshots import save_png

GOBLIN = CreatureTemplate(
    name="Goblin", size="small", speed=30, reach=5, init_mod=1, dex=13, hp=5, ac=15,
    attacks=(AttackProfile("morningstar", 2, "1d6"),), attacks_per_round=1,
)  # fmt: skip
OGRE = CreatureTemplate(
    name="Ogre", size="large", speed=30, reach=10, init_mod=-1, dex=8, hp=29, ac=16,
    attacks=(AttackProfile("greatclub", 8, "2d8+7"),), attacks_per_round=2,
)  # fmt: skip
WOLF = CreatureTemplate(
    name="Wolf", size="medium", speed=50, reach=5, init_mod=2, dex=15, hp=13, ac=14,
    attacks=(AttackProfile("bite", 3, "1d6+1"),), attacks_per_round=1, side="beasts",
)  # fmt: skip

THORIN = RosterRow("thorin", "Thorin", "party", 24, 28, (17, 6, 6), 6, 6, 0, 0)
GOBLIN1 = RosterRow("goblin1", "Goblin", "monsters", 0, 5, (15, 13, 1), 13, 1, 1, 0)
OGRE1 = RosterRow("ogre", "Ogre", "monsters", 29, 29, (16, None, None), None, None, 0, 0)
KOBOLD = RosterRow("kobold", "Kobold", "monsters", 4, 4, (12, -2, 10), -2, 10, 0, 1)
ROSTER = [THORIN, GOBLIN1, OGRE1, KOBOLD]


@pytest.fixture
def dock(qtbot: QtBot) -> LibraryDock:
    dock = LibraryDock()
    qtbot.addWidget(dock)
    dock.set_templates([WOLF, OGRE, GOBLIN])
    dock.set_roster(ROSTER)
    dock.resize(460, 620)
    dock.show()
    qtbot.waitExposed(dock)
    return dock


def row_texts(view: QAbstractItemView) -> list[list[str]]:
    model = view.model()
    return [
        [str(model.index(row, column).data()) for column in range(model.columnCount())]
        for row in range(model.rowCount())
    ]


def index_of(view: QAbstractItemView, name: str, column: int = 0) -> QModelIndex:
    model = view.model()
    for row in range(model.rowCount()):
        if model.index(row, 0).data() == name:
            return model.index(row, column)
    raise AssertionError(f"{name} is not listed")


def selected_names(dock: LibraryDock) -> list[str]:
    rows = dock.roster_view().selectionModel().selectedRows(0)
    return [index.data() for index in sorted(rows, key=lambda index: index.row())]


def double_click(qtbot: QtBot, view: QAbstractItemView, index: QModelIndex) -> None:
    """A real double click: the system sends press and release, then the double click; item
    views only act on a double click on the item the first press landed on."""
    pos = view.visualRect(index).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def click(
    qtbot: QtBot,
    view: QAbstractItemView,
    index: QModelIndex,
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, modifier, view.visualRect(index).center()
    )


def filter_field(dock: LibraryDock) -> QLineEdit:
    field = dock.findChild(QLineEdit)
    assert isinstance(field, QLineEdit)
    return field


def test_the_dock_is_titled_library(dock: LibraryDock) -> None:
    assert dock.windowTitle() == "Library"


def test_creatures_are_listed_by_name_with_size_hp_and_ac(dock: LibraryDock) -> None:
    view = dock.template_view()
    assert [view.model().headerData(c, Qt.Orientation.Horizontal) for c in range(4)] == [
        "Name", "Size", "HP", "AC",
    ]  # fmt: skip
    assert row_texts(view) == [
        ["Goblin", "small", "5", "15"],
        ["Ogre", "large", "29", "16"],
        ["Wolf", "medium", "13", "14"],
    ]
    assert "greatclub +8 (2d8+7)" in index_of(view, "Ogre").data(Qt.ItemDataRole.ToolTipRole)


def test_typing_in_the_filter_narrows_the_list(qtbot: QtBot, dock: LibraryDock) -> None:
    qtbot.keyClicks(filter_field(dock), "GR")
    assert [row[0] for row in row_texts(dock.template_view())] == ["Ogre"]

    qtbot.keyClicks(filter_field(dock), "xyz")
    assert row_texts(dock.template_view()) == []
    empty = [label for label in dock.findChildren(QLabel) if label.isVisible()]
    assert "No creature matches “GRxyz”." in [label.text() for label in empty]


def test_down_in_the_filter_moves_into_the_list(qtbot: QtBot, dock: LibraryDock) -> None:
    field = filter_field(dock)
    field.setFocus()
    qtbot.keyClicks(field, "o")  # Goblin, Ogre, Wolf
    qtbot.keyClick(field, Qt.Key.Key_Down)
    view = dock.template_view()
    assert view.hasFocus()
    assert view.currentIndex().data() == "Goblin"


def test_double_click_on_a_creature_activates_its_template(qtbot: QtBot, dock: LibraryDock) -> None:
    view = dock.template_view()
    with qtbot.waitSignal(dock.templateActivated) as signal:
        double_click(qtbot, view, index_of(view, "Ogre"))
    assert signal.args == [OGRE]


def test_enter_on_a_creature_activates_its_template(qtbot: QtBot, dock: LibraryDock) -> None:
    view = dock.template_view()
    view.setFocus()
    view.setCurrentIndex(index_of(view, "Wolf"))
    with qtbot.waitSignal(dock.templateActivated) as signal:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert signal.args == [WOLF]


def test_dragging_a_creature_carries_its_template(dock: LibraryDock) -> None:
    view = dock.template_view()
    model = view.model()
    # The view starts a real QDrag from these: drag enabled, a drag-only view, and the model's
    # MIME data. QDrag.exec() itself runs the platform's drag loop, which waits for a real
    # pointer and cannot be driven headless, so the test stops at the payload the drop sees.
    assert view.dragEnabled()
    assert view.dragDropMode() == QAbstractItemView.DragDropMode.DragOnly
    assert view.defaultDropAction() == Qt.DropAction.CopyAction
    index = index_of(view, "Ogre")
    assert model.flags(index) & Qt.ItemFlag.ItemIsDragEnabled
    assert CREATURE_MIME in model.mimeTypes()

    mime = model.mimeData([index])

    assert mime.hasFormat(CREATURE_MIME)
    assert template_from_mime(bytes(mime.data(CREATURE_MIME).data())) == OGRE


def test_the_drag_carries_the_template_shown_after_filtering(
    qtbot: QtBot, dock: LibraryDock
) -> None:
    qtbot.keyClicks(filter_field(dock), "wo")
    model = dock.template_view().model()
    mime = model.mimeData([model.index(0, 2)])
    assert template_from_mime(bytes(mime.data(CREATURE_MIME).data())) == WOLF


def test_the_roster_shows_every_column_as_a_game_master_reads_it(dock: LibraryDock) -> None:
    view = dock.roster_view()
    model = view.model()
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(7)] == [
        "Name", "Side", "HP", "AC", "Init", "Count", "Notes",
    ]  # fmt: skip
    assert row_texts(view) == [
        ["Thorin", "party", "24/28", "17", "6", "6", ""],
        ["Goblin", "monsters", "0/5", "15", "13", "1", "1 surprise round, down"],
        ["Ogre", "monsters", "29/29", "16", "—", "—", ""],
        ["Kobold", "monsters", "4/4", "12", "-2", "10", "1 penalty round"],
    ]


def test_the_side_is_shown_in_its_colour(dock: LibraryDock) -> None:
    view = dock.roster_view()
    for name, side in (("Thorin", "party"), ("Ogre", "monsters")):
        icon = index_of(view, name, 1).data(Qt.ItemDataRole.DecorationRole)
        chip = icon.pixmap(12, 12).toImage()
        assert chip.pixelColor(6, 6) == side_color(side)


def test_double_click_on_a_combatant_activates_its_id(qtbot: QtBot, dock: LibraryDock) -> None:
    view = dock.roster_view()
    with qtbot.waitSignal(dock.combatantActivated) as signal:
        double_click(qtbot, view, index_of(view, "Ogre", 3))
    assert signal.args == ["ogre"]


def test_enter_on_a_combatant_activates_its_id(qtbot: QtBot, dock: LibraryDock) -> None:
    view = dock.roster_view()
    view.setFocus()
    view.setCurrentIndex(index_of(view, "Kobold"))
    with qtbot.waitSignal(dock.combatantActivated) as signal:
        qtbot.keyClick(view, Qt.Key.Key_Enter)
    assert signal.args == ["kobold"]


def test_clicking_rows_reports_the_selected_ids(qtbot: QtBot, dock: LibraryDock) -> None:
    view = dock.roster_view()
    with qtbot.waitSignal(dock.rosterSelectionChanged) as signal:
        click(qtbot, view, index_of(view, "Goblin"))
    assert signal.args == [["goblin1"]]

    with qtbot.waitSignal(dock.rosterSelectionChanged) as signal:
        click(qtbot, view, index_of(view, "Thorin"), Qt.KeyboardModifier.ControlModifier)
    assert signal.args == [["thorin", "goblin1"]]


def test_the_selection_survives_roster_updates(qtbot: QtBot, dock: LibraryDock) -> None:
    view = dock.roster_view()
    click(qtbot, view, index_of(view, "Ogre"))
    assert selected_names(dock) == ["Ogre"]

    hurt_ogre = RosterRow("ogre", "Ogre", "monsters", 12, 29, (16, 9, 9), 9, 9, 0, 0)
    with qtbot.assertNotEmitted(dock.rosterSelectionChanged):
        # Same combatants, new numbers (a fight playing)...
        dock.set_roster([THORIN, GOBLIN1, hurt_ogre, KOBOLD])
        assert selected_names(dock) == ["Ogre"]
        assert index_of(view, "Ogre", 2).data() == "12/29"
        # ...and a different list: a newcomer on top, the goblin gone.
        newcomer = RosterRow(
            "mialee", "Mialee", "party", 12, 12, (13, None, None), None, None, 0, 0
        )
        dock.set_roster([newcomer, THORIN, hurt_ogre, KOBOLD])
        assert selected_names(dock) == ["Ogre"]
    assert view.currentIndex().data() == "Ogre"


def test_select_roster_selects_by_id_without_echoing(qtbot: QtBot, dock: LibraryDock) -> None:
    with qtbot.assertNotEmitted(dock.rosterSelectionChanged):
        dock.select_roster(["kobold", "thorin", "nobody"])
    assert selected_names(dock) == ["Thorin", "Kobold"]

    dock.select_roster([])
    assert selected_names(dock) == []


def test_a_header_click_sorts_the_roster(qtbot: QtBot, dock: LibraryDock) -> None:
    view = dock.roster_view()
    header = view.horizontalHeader()
    init = QPoint(header.sectionViewportPosition(4) + header.sectionSize(4) // 2, 5)
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=init)
    assert [row[0] for row in row_texts(view)] == ["Ogre", "Kobold", "Thorin", "Goblin"]


def test_an_empty_roster_says_how_to_fill_it(qtbot: QtBot, dock: LibraryDock) -> None:
    dock.set_roster([])
    shown = [label.text() for label in dock.findChildren(QLabel) if label.isVisible()]
    assert "No combatants yet: drag creatures from above onto the map." in shown


def test_render(qtbot: QtBot, dock: LibraryDock, tmp_path: Path) -> None:
    dock.select_roster(["thorin"])
    qtbot.wait(10)
    save_png(dock, tmp_path, "library_dock")
