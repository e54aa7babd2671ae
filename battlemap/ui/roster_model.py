"""The encounter's roster as a table model: RosterRow values, one combatant a row."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QFont, QGuiApplication, QPalette

from battlemap.core.roster_columns import Cell, RosterColumn
from battlemap.rulesets.base import PLAIN_ROSTER
from battlemap.ui.palette import side_swatch
from battlemap.ui.table_model import SORT_ROLE, ColumnTableModel


@dataclass(frozen=True)
class RosterRow:
    """One combatant as the roster shows it; the main window builds these from the state."""

    id: str
    name: str
    side: str
    hp: int
    max_hp: int
    #: The ruleset's columns' cells, in its order (core.roster_columns; d12: AC, Init, Count).
    cells: tuple[Cell, ...]
    #: His standing (the tooltip says it): initiative total and count, None before he has one.
    initiative_total: int | None
    count: int | None
    surprise_rounds: int
    penalty_rounds: int
    #: Statuses that come and go, as the fight has them at the playhead (a ruleset's `status`
    #: events: frozen, fleeing, stunned).
    statuses: tuple[str, ...] = ()


def plural(number: int, noun: str) -> str:
    """ "1 round", "2 rounds": the wording of round counts wherever initiative is shown."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def roster_notes(row: RosterRow) -> str:
    """The Notes column: surprise or penalty rounds, the statuses (frozen, fleeing, stunned),
    and "down" at 0 hp or less."""
    notes = []
    if row.surprise_rounds:
        notes.append(plural(row.surprise_rounds, "surprise round"))
    if row.penalty_rounds:
        notes.append(plural(row.penalty_rounds, "penalty round"))
    notes.extend(row.statuses)
    if row.hp <= 0:
        notes.append("down")
    return ", ".join(notes)


def changed_runs(old: Sequence[RosterRow], new: Sequence[RosterRow]) -> list[tuple[int, int]]:
    """The (first, last) rows, inclusive, of each run of consecutive rows that differ."""
    runs: list[tuple[int, int]] = []
    for row, (before, after) in enumerate(zip(old, new, strict=True)):
        if before == after:
            continue
        if runs and runs[-1][1] == row - 1:
            runs[-1] = (runs[-1][0], row)
        else:
            runs.append((row, row))
    return runs


#: A roster row's combatant id, so selections survive sorting and updates.
ID_ROLE = Qt.ItemDataRole.UserRole + 1


#: The columns every roster has before the ruleset's, and the one it ends with.
_FIRST = ("Name", "Side", "HP")
_FIRST_TIPS = (
    "Combatant name",
    "Combatants on the same side are allies",
    "Hit points now / at full health",
)
_NOTES_TIP = (
    "Surprise or penalty rounds from initiative, statuses (frozen, fleeing, stunned), "
    "and who is down"
)
#: Hit points are a number.
_HP = 2


class RosterModel(ColumnTableModel[RosterRow]):
    """The encounter's combatants, in the order the main window gives them: name, side and
    hit points, the ruleset's columns (`set_columns`), and the notes."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._columns: tuple[RosterColumn, ...] = ()
        self._use_columns(PLAIN_ROSTER)

    def columns(self) -> tuple[RosterColumn, ...]:
        return self._columns

    def set_columns(self, columns: Sequence[RosterColumn]) -> None:
        """Show the ruleset's `columns` (another ruleset's file was opened); the rows follow
        with the next `set_rows`, so until then they are cleared."""
        if tuple(columns) == self._columns:
            return
        self.beginResetModel()
        self._use_columns(tuple(columns))
        self._rows = []
        self.endResetModel()

    def _use_columns(self, columns: tuple[RosterColumn, ...]) -> None:
        first = len(_FIRST)
        self._columns = columns
        self.HEADERS = (*_FIRST, *(c.title for c in columns), "Notes")
        self.HEADER_TIPS = (*_FIRST_TIPS, *(c.tip for c in columns), _NOTES_TIP)
        self.NUMERIC_COLUMNS = (_HP, *(first + i for i, c in enumerate(columns) if c.numeric))

    def set_rows(self, rows: Sequence[RosterRow]) -> None:
        new_rows = list(rows)
        old_rows = self._rows
        if [r.id for r in new_rows] != [r.id for r in old_rows]:
            self.beginResetModel()
            self._rows = new_rows
            self.endResetModel()
            return
        # Same combatants in the same order (the usual case while a fight plays or is scrubbed):
        # only the rows whose values changed are reported, one dataChanged per run of them, so
        # the view repaints (and the sorting proxy re-sorts) what changed, and a frame or a
        # scrub that changes nothing costs nothing.
        self._rows = new_rows
        for first, last in changed_runs(old_rows, new_rows):
            self.dataChanged.emit(self.index(first, 0), self.index(last, len(self.HEADERS) - 1))

    def _cell_data(self, row: RosterRow, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == ID_ROLE:
            return row.id
        if role == SORT_ROLE:
            return self._sort_key(row, column)
        if role == Qt.ItemDataRole.DecorationRole and column == 1:
            return side_swatch(row.side)
        if role == Qt.ItemDataRole.ForegroundRole and row.hp <= 0:
            # A downed combatant stays listed (he can be healed, and plans name him) but reads
            # as out of the fight at a glance.
            return QGuiApplication.palette().color(
                QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text
            )
        if role == Qt.ItemDataRole.FontRole and row.hp <= 0:
            font = QFont()
            font.setItalic(True)
            return font
        return None

    def _cell(self, row: RosterRow, column: int) -> Cell:
        """The ruleset's cell in `column`, or None if the row has none there (rows built
        before the columns changed)."""
        index = column - len(_FIRST)
        return row.cells[index] if 0 <= index < len(row.cells) else None

    def _text(self, row: RosterRow, column: int) -> str:
        if column == 0:
            return row.name
        if column == 1:
            return row.side
        if column == _HP:
            return f"{row.hp}/{row.max_hp}"
        if column == len(self.HEADERS) - 1:
            return roster_notes(row)
        cell = self._cell(row, column)
        return "—" if cell is None else str(cell)

    def _sort_key(self, row: RosterRow, column: int) -> Any:
        # One type per column: QSortFilterProxyModel compares like with like. A missing
        # number sorts below every real one.
        if column == 0:
            return row.name.casefold()
        if column == 1:
            return row.side.casefold()
        if column == _HP:
            return float(row.hp)
        if column == len(self.HEADERS) - 1:
            return roster_notes(row)
        cell = self._cell(row, column)
        if column in self.NUMERIC_COLUMNS:
            return float(cell) if isinstance(cell, int) else -1_000_000.0
        return "" if cell is None else str(cell).casefold()

    def _tooltip(self, row: RosterRow) -> str:
        lines = [f"{row.name} (id '{row.id}', side '{row.side}')", f"HP {row.hp} of {row.max_hp}"]
        if row.initiative_total is not None and row.count is not None:
            lines.append(f"Initiative {row.initiative_total}: acts on count {row.count}")
        if row.surprise_rounds:
            lines.append(f"Acts in {plural(row.surprise_rounds, 'surprise round')} before round 1")
        if row.penalty_rounds:
            lines.append(f"Sits out {plural(row.penalty_rounds, 'round')} before acting")
        if row.statuses:
            lines.append(f"Now {', '.join(row.statuses)}")
        if row.hp <= 0:
            lines.append("Down: out of the fight")
        lines.append("Double-click or Enter to edit")
        return "\n".join(lines)
