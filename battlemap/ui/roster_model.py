"""The encounter's roster as a table model: RosterRow values, one combatant a row."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QGuiApplication, QPalette

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
    ac: int
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


class RosterModel(ColumnTableModel[RosterRow]):
    """The encounter's combatants, in the order the main window gives them."""

    HEADERS = ("Name", "Side", "HP", "AC", "Init", "Count", "Notes")
    HEADER_TIPS = (
        "Combatant name",
        "Combatants on the same side are allies",
        "Hit points now / at full health",
        "Armour class",
        "Initiative total: the initiative roll with its modifier",
        "The count the combatant acts on in a round (his place on the timeline)",
        "Surprise or penalty rounds from initiative, statuses (frozen, fleeing, stunned), "
        "and who is down",
    )
    NUMERIC_COLUMNS = (2, 3, 4, 5)

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

    @staticmethod
    def _text(row: RosterRow, column: int) -> str:
        if column == 0:
            return row.name
        if column == 1:
            return row.side
        if column == 2:
            return f"{row.hp}/{row.max_hp}"
        if column == 3:
            return str(row.ac)
        if column == 4:
            return "—" if row.initiative_total is None else str(row.initiative_total)
        if column == 5:
            return "—" if row.count is None else str(row.count)
        return roster_notes(row)

    @staticmethod
    def _sort_key(row: RosterRow, column: int) -> Any:
        # One type per column: QSortFilterProxyModel compares like with like. A missing
        # initiative sorts below every real one.
        missing = -1_000_000.0
        keys: tuple[Any, ...] = (
            row.name.casefold(),
            row.side.casefold(),
            float(row.hp),
            float(row.ac),
            missing if row.initiative_total is None else float(row.initiative_total),
            missing if row.count is None else float(row.count),
            roster_notes(row),
        )
        return keys[column]

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
