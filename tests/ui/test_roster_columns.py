"""The roster shows the ruleset's columns between hit points and the notes: headers, tips,
cells, alignment and sorting all come from the columns a ruleset declares."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractItemModel, QPoint, Qt
from pytestqt.qtbot import QtBot

from battlemap import rulesets
from battlemap.core.encounter import Combatant
from battlemap.core.roster_columns import RosterColumn
from battlemap.core.standing import Standing
from battlemap.core.state import State
from battlemap.loading import load_checked
from battlemap.storage.creature_library import default_creatures
from battlemap.storage.settings import Settings
from battlemap.ui.library_dock import LibraryDock, RosterRow
from battlemap.ui.main_window import MainWindow
from tests.rulesets.tiny.ruleset import TinyRuleset
from tests.ui.test_library_dock import row_texts

EXAMPLES = Path(__file__).parents[2] / "resources" / "examples"


def _wounds(combatant: Combatant, state: State, _standing: Standing | None) -> int:
    return combatant.hit_points_max - state[combatant.id].hp


def _mood(combatant: Combatant, _state: State, _standing: Standing | None) -> str:
    return "grim" if combatant.side == "party" else "wild"


WOUNDS = RosterColumn("Wounds", "Hit points lost so far", _wounds)
MOOD = RosterColumn("Mood", "How he feels", _mood, numeric=False)


class WoundedRuleset(TinyRuleset):
    """Tiny, with a roster of its own: wounds (a number) and a mood (a word)."""

    name = "wounded"
    roster_columns = (WOUNDS, MOOD)


@pytest.fixture
def wounded() -> Iterator[None]:
    rulesets.register("wounded", WoundedRuleset)
    yield
    rulesets.unregister("wounded")


def _headers(view_model: QAbstractItemModel) -> list[tuple[str, str]]:
    horizontal = Qt.Orientation.Horizontal
    return [
        (
            view_model.headerData(c, horizontal),
            view_model.headerData(c, horizontal, Qt.ItemDataRole.ToolTipRole),
        )
        for c in range(view_model.columnCount())
    ]


def test_a_rulesets_columns_sit_between_hit_points_and_notes(qtbot: QtBot) -> None:
    dock = LibraryDock()
    qtbot.addWidget(dock)
    dock.set_roster_columns((WOUNDS, MOOD))
    dock.set_roster(
        [
            RosterRow("a", "Anna", "party", 7, 10, (3, "grim"), None, None, 0, 0),
            RosterRow("b", "Bert", "wolves", 0, 12, (12, "wild"), None, None, 0, 0, ("bleeding",)),
            RosterRow("c", "Cato", "wolves", 10, 10, (0, None), None, None, 0, 0),
        ]
    )
    view = dock.roster_view()
    assert [title for title, _tip in _headers(view.model())] == [
        "Name", "Side", "HP", "Wounds", "Mood", "Notes",
    ]  # fmt: skip
    assert _headers(view.model())[3:5] == [
        ("Wounds", "Hit points lost so far"),
        ("Mood", "How he feels"),
    ]
    assert row_texts(view) == [
        ["Anna", "party", "7/10", "3", "grim", ""],
        ["Bert", "wolves", "0/12", "12", "wild", "bleeding, down"],
        ["Cato", "wolves", "10/10", "0", "—", ""],
    ]
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    assert view.model().index(0, 3).data(Qt.ItemDataRole.TextAlignmentRole) == right
    assert view.model().index(0, 4).data(Qt.ItemDataRole.TextAlignmentRole) is None

    header = view.horizontalHeader()
    for column, order in ((3, ["Cato", "Anna", "Bert"]), (4, ["Cato", "Anna", "Bert"])):
        # Numbers as numbers (12 after 3), words as words, nothing first.
        middle = QPoint(header.sectionViewportPosition(column) + header.sectionSize(column) // 2, 5)
        qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=middle)
        assert [row[0] for row in row_texts(view)] == order


def test_the_window_shows_the_open_fights_columns(
    qtbot: QtBot, tmp_path: Path, wounded: None
) -> None:
    data = json.loads((EXAMPLES / "skirmish.json").read_text(encoding="utf-8"))
    data["ruleset"] = "wounded"
    data["plans"] = [{"actor": "thorin", "round": 1, "action": "attack", "target": "goblin"}]
    path = tmp_path / "wounded.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    window = MainWindow(load_checked(path), path, Settings(), default_creatures())
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    view = window.library.roster_view()
    assert [title for title, _tip in _headers(view.model())] == [
        "Name", "Side", "HP", "Wounds", "Mood", "Notes",
    ]  # fmt: skip
    before = {row[0]: row[3:5] for row in row_texts(view)}
    assert before["goblin"] == ["0", "wild"]
    assert before["Thorin"] == ["0", "grim"]
    window.session.play_out()
    window.session.seek(window.session.last_time())
    after = {row[0]: row[3] for row in row_texts(view)}
    goblin = window.session.encounter.combatant("goblin")
    lost = goblin.hit_points_max - window.session.state()["goblin"].hp
    assert lost > 0
    assert after["goblin"] == str(lost)


def test_d12_and_combat_experience_word_their_initiative_columns(
    qtbot: QtBot, tmp_path: Path
) -> None:
    tips = {}
    for name in ("skirmish.json", "combat_experience.json"):
        path = tmp_path / name
        path.write_bytes((EXAMPLES / name).read_bytes())
        window = MainWindow(load_checked(path), path, Settings(), default_creatures())
        qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
        tips[name] = _headers(window.library.roster_view().model())[3:6]
    assert tips["skirmish.json"] == [
        ("AC", "Armour class"),
        ("Init", "Initiative total: the initiative roll with its modifier"),
        ("Count", "The count the combatant acts on in a round (his place on the timeline)"),
    ]
    assert tips["combat_experience.json"] == [
        ("AC", "Armour class"),
        ("Init", "The Combat Experience check's total (its result, no degrees counted)"),
        ("Count", "Initiative: the count he acts on this round, highest first; 0 stunned"),
    ]
