"""The combatant editor's attacks table: one attack a row, edited in place and checked as typed."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from battlemap.core.encounter import AttackProfile
from battlemap.ui.combatant_check import ATTACK_KEYS
from battlemap.ui.form_validation import INVALID_ROLE, LiveCellDelegate, set_invalid
from battlemap.ui.table_model import column_alignment

BONUS, RANGE = ATTACK_KEYS.index("bonus"), ATTACK_KEYS.index("range")
_SIGNED_NUMBER = r"[+-]?\d{0,4}"
_HEADER_TIPS = (
    "How plans refer to this attack; unique for this combatant",
    "Attack bonus, added to the d20",
    "Damage in dice notation, e.g. 1d8+3, 2d6, 1d4+1d6",
    "Range in feet for a ranged attack; leave blank for melee (uses reach)",
)


class AttackTable(QTableWidget):
    """A combatant's attacks. Cells commit as typed (so itemChanged fires on every keystroke);
    Delete, while the table has focus, removes the selected attack.

    The owner sizes the rows and adds the first attacks with `append_attack`.

    Signals:
        rowsChanged(): an attack was added (`add_attack`) or removed (`remove_selected`).
    """

    rowsChanged = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(ATTACK_KEYS), parent)
        self._marked_cell: tuple[int, int] | None = None
        self.setHorizontalHeaderLabels(["Name", "Bonus", "Damage", "Range"])
        for column, tip in enumerate(_HEADER_TIPS):
            item = self.horizontalHeaderItem(column)
            assert item is not None
            item.setToolTip(tip)
            item.setTextAlignment(column_alignment(numeric=column in (BONUS, RANGE)))
        self.verticalHeader().hide()
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.setWordWrap(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Fixed)
        self.setColumnWidth(BONUS, 70)
        self.setColumnWidth(RANGE, 80)
        self._delegate = LiveCellDelegate(
            self,
            patterns={BONUS: _SIGNED_NUMBER, RANGE: r"\d{0,4}"},
            placeholders={RANGE: "melee"},
        )
        self.setItemDelegate(self._delegate)
        remove_action = QAction("Remove attack", self)
        remove_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        # Only while the table itself has focus: Delete in a cell being edited deletes text.
        remove_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        remove_action.triggered.connect(self.remove_selected)
        self.addAction(remove_action)

    def cell(self, row: int, column: int) -> str:
        """The text of a cell ("" for a cell with no item)."""
        item = self.item(row, column)
        return item.text() if item is not None else ""

    def attack_dicts(self) -> list[dict[str, object]]:
        """The attacks as the encounter file holds them (a blank range is melee: no key)."""
        attacks: list[dict[str, object]] = []
        for row in range(self.rowCount()):
            attack: dict[str, object] = {
                "name": self.cell(row, 0).strip(),
                "bonus": _number_or_text(self.cell(row, 1)),
                "damage": self.cell(row, 2).strip(),
            }
            if self.cell(row, 3).strip():
                attack["range"] = _number_or_text(self.cell(row, 3))
            attacks.append(attack)
        return attacks

    def append_attack(self, attack: AttackProfile) -> None:
        """A row for `attack` at the end, added quietly: itemChanged is for what is typed."""
        row = self.rowCount()
        self.blockSignals(True)
        try:
            self.insertRow(row)
            texts = (
                attack.name,
                f"{attack.bonus:+d}",
                attack.damage,
                "" if attack.range is None else str(attack.range),
            )
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                item.setTextAlignment(column_alignment(numeric=column in (BONUS, RANGE)))
                self.setItem(row, column, item)
        finally:
            self.blockSignals(False)

    def add_attack(self) -> None:
        """A new attack with a name no other row has, its name cell open for typing."""
        names = {self.cell(row, 0) for row in range(self.rowCount())}
        name = next(
            candidate
            for number in range(1, len(names) + 2)
            if (candidate := "attack" if number == 1 else f"attack {number}") not in names
        )
        self.append_attack(AttackProfile(name, 0, "1d6"))
        index = self.model().index(self.rowCount() - 1, 0)
        self.setCurrentIndex(index)
        self.setFocus(Qt.FocusReason.OtherFocusReason)
        self.edit(index)
        self.rowsChanged.emit()

    def remove_selected(self) -> None:
        """Remove the selected attacks and select the row that took the first one's place."""
        rows = sorted({index.row() for index in self.selectionModel().selectedRows()})
        if not rows:
            return
        for row in reversed(rows):
            self.removeRow(row)
        self._marked_cell = None  # the rows under it moved; the owner marks afresh
        remaining = self.rowCount()
        if remaining:
            self.selectRow(min(rows[0], remaining - 1))
        self.rowsChanged.emit()

    def marked_cell(self) -> tuple[int, int] | None:
        """The (row, column) of the cell marked invalid, if any."""
        return self._marked_cell

    def mark_cell(self, cell: tuple[int, int] | None, message: str) -> None:
        """Frame `cell` in red with `message` as its tooltip (None: no cell), unmarking the last."""
        # The marks are model data: blocking the table's signals keeps itemChanged (and so a
        # second validation) quiet, while the view still repaints from the model.
        self.blockSignals(True)
        try:
            if self._marked_cell is not None and self._marked_cell != cell:
                old = self.item(*self._marked_cell)
                if old is not None:
                    old.setData(INVALID_ROLE, False)
                    old.setToolTip("")
            if cell is not None:
                item = self.item(*cell)
                if item is not None:
                    item.setData(INVALID_ROLE, True)
                    item.setToolTip(message)
        finally:
            self.blockSignals(False)
        self._marked_cell = cell
        open_editor = self._delegate.open_editor()
        if open_editor is not None:
            editor, index = open_editor
            set_invalid(editor, cell == (index.row(), index.column()))


def _number_or_text(text: str) -> object:
    """A whole number if the cell holds one, else the text itself, so that the validator
    names what was typed ("got '-'") rather than the form guessing."""
    stripped = text.strip()
    try:
        return int(stripped)
    except ValueError:
        return stripped
