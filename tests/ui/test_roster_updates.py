"""The roster follows the playhead row by row: a frame or a scrub reports only the rows whose
values changed, never resets the model, and shows what a roster built afresh would show."""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel
from pytestqt.qtbot import QtBot

from battlemap.ui.main_window import MainWindow
from battlemap.ui.roster import roster_rows
from battlemap.ui.roster_model import RosterModel, RosterRow, changed_runs


def _row(cid: str, hp: int = 10) -> RosterRow:
    return RosterRow(cid, cid.title(), "party", hp, 10, (15, 12, 12), 12, 12, 0, 0)


class _Heard:
    """The rows each dataChanged covered, and how many resets came."""

    def __init__(self, model: RosterModel) -> None:
        self.changed: list[tuple[int, int]] = []
        self.resets = 0
        model.dataChanged.connect(self._changed)
        model.modelReset.connect(self._reset)

    def _changed(self, top: QModelIndex, bottom: QModelIndex) -> None:
        self.changed.append((top.row(), bottom.row()))

    def _reset(self) -> None:
        self.resets += 1


def test_changed_runs_group_consecutive_changed_rows() -> None:
    old = [_row(c) for c in "abcdef"]
    new = [_row("a", 3), _row("b", 3), _row("c"), _row("d", 1), _row("e"), _row("f", 2)]
    assert changed_runs(old, new) == [(0, 1), (3, 3), (5, 5)]
    assert changed_runs(old, list(old)) == []


def test_the_model_reports_only_the_rows_that_changed(qtbot: QtBot) -> None:
    model = RosterModel()
    heard = _Heard(model)
    model.set_rows([_row(c) for c in "abcd"])
    assert heard.resets == 1  # new combatants: a reset
    model.set_rows([_row(c) for c in "abcd"])
    assert heard.changed == []  # nothing changed: nothing said
    model.set_rows([_row("a"), _row("b", 4), _row("c"), _row("d", 0)])
    assert heard.changed == [(1, 1), (3, 3)]
    assert model.index(1, 2).data() == "4/10"
    assert heard.resets == 1


def _shown(window: MainWindow) -> list[list[str]]:
    proxy = cast(QSortFilterProxyModel, window.library.roster_view().model())
    return [
        [str(proxy.index(r, c).data()) for c in range(proxy.columnCount())]
        for r in range(proxy.rowCount())
    ]


def _afresh(window: MainWindow) -> list[list[str]]:
    model = RosterModel()
    model.set_rows(roster_rows(window.document.encounter, window.session))
    return [
        [str(model.index(r, c).data()) for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


def test_playing_and_scrubbing_update_rows_in_place(qtbot: QtBot, demo_window: MainWindow) -> None:
    window = demo_window
    proxy = cast(QSortFilterProxyModel, window.library.roster_view().model())
    model = cast(RosterModel, proxy.sourceModel())
    window.session.start()
    heard = _Heard(model)
    end = 30.0
    assert window.session.advance_to(end)
    window.session.state()
    # Back and forth over the fight, in units and halves (frames inside a unit).
    for time in [0.0, end, 3.0, 3.5, 4.0, 12.0, 12.25, 1.0, 20.0, end, 0.0]:
        window.session.seek(time)
        assert _shown(window) == _afresh(window), f"at {time}"
    assert heard.resets == 0
    assert heard.changed  # hit points and initiative came and went
    # A seek that changes nothing shown (the same moment again) reports no row.
    heard.changed.clear()
    window.session.seek(0.0)
    assert heard.changed == []


def test_a_row_whose_values_did_not_change_is_not_reported(
    qtbot: QtBot, demo_window: MainWindow
) -> None:
    window = demo_window
    proxy = cast(QSortFilterProxyModel, window.library.roster_view().model())
    model = cast(RosterModel, proxy.sourceModel())
    window.session.start()
    assert window.session.advance_to(30.0)
    heard = _Heard(model)
    rows_before = list(roster_rows(window.document.encounter, window.session))
    window.session.seek(2.0)
    rows_after = roster_rows(window.document.encounter, window.session)
    differ = {r for r, (a, b) in enumerate(zip(rows_before, rows_after, strict=True)) if a != b}
    reported = {r for first, last in heard.changed for r in range(first, last + 1)}
    assert reported == differ
    assert differ and len(differ) < len(rows_after)
