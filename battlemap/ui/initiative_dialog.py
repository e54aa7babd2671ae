"""The initiative dialog: type the d12 each player rolled, let the app roll the rest.

Totals, counts and surprise or penalty rounds update as the rolls are typed, computed by the
ruleset's own `standing`, so what the dialog shows is what the fight will do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from battlemap.core.dice import DiceRoller
from battlemap.core.encounter import Combatant
from battlemap.core.standing import Standing
from battlemap.ui.form_validation import (
    INVALID_ROLE,
    INVALID_STYLE_SHEET,
    LiveCellDelegate,
    set_invalid,
)
from battlemap.ui.palette import side_swatch
from battlemap.ui.roster_model import plural
from battlemap.ui.table_model import column_alignment

COLUMNS = ("Name", "Modifier", "d12 rolled", "Total", "Count", "Notes")
NAME, MODIFIER, ROLL, TOTAL, COUNT, NOTES = range(len(COLUMNS))
_NUMERIC = (MODIFIER, ROLL, TOTAL, COUNT)
_TIPS = (
    "Combatant",
    "Initiative modifier, added to the d12",
    "The d12 rolled at the table, without the modifier; leave blank to let the app roll",
    "The d12 plus the modifier",
    "The count (12 down to 1) on which the combatant acts each round",
    "Extra surprise rounds for a total above 12, penalty rounds for one below 1",
)


def initiative_notes(initiative: Standing) -> str:
    """ "1 surprise round", "2 penalty rounds" or ""."""
    if initiative.surprise_rounds:
        return plural(initiative.surprise_rounds, "surprise round")
    if initiative.penalty_rounds:
        return plural(initiative.penalty_rounds, "penalty round")
    return ""


class _RollTable(QTableWidget):
    """The table; Tab and Enter go from one d12 cell to the next row's, like a score sheet."""

    def moveCursor(
        self, cursorAction: QAbstractItemView.CursorAction, modifiers: Qt.KeyboardModifier
    ) -> QModelIndex:
        current = self.currentIndex()
        step = {
            QAbstractItemView.CursorAction.MoveNext: 1,
            QAbstractItemView.CursorAction.MovePrevious: -1,
        }.get(cursorAction)
        if step is None or not current.isValid():
            return super().moveCursor(cursorAction, modifiers)
        row = current.row() + step
        if 0 <= row < self.rowCount():
            return self.model().index(row, ROLL)
        return QModelIndex()  # past the last (or first) row: Tab leaves the table


class InitiativeDialog(QDialog):
    """One row per combatant: type the d12 rolled at the table, or leave it for the app.

    OK is enabled while every typed roll is 1 to 12; blank rolls are rolled with the given
    DiceRoller when OK is pressed, and `rolls()` then has every combatant's d12.

    Signals: only QDialog's own (accepted, rejected, finished).
    """

    def __init__(
        self,
        combatants: Sequence[Combatant],
        roller: DiceRoller,
        standing: Callable[[Combatant], Standing | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._combatants = list(combatants)
        self._roller = roller
        self._standing = standing
        self._rolls: dict[str, int] = {}
        self._valid = True
        self.setWindowTitle("Initiative")
        self.setStyleSheet(INVALID_STYLE_SHEET)

        intro = QLabel(
            "Type the d12 each player rolled at the table. Leave a roll blank and Battlemap "
            "rolls it when you press OK, or press Roll blanks to see the results first."
        )
        intro.setWordWrap(True)

        self._table = _RollTable(len(self._combatants), len(COLUMNS))
        self._table.setHorizontalHeaderLabels(list(COLUMNS))
        for column, tip in enumerate(_TIPS):
            header_item = self._table.horizontalHeaderItem(column)
            assert header_item is not None
            header_item.setToolTip(tip)
            header_item.setTextAlignment(column_alignment(numeric=column in _NUMERIC))
        self._table.verticalHeader().hide()
        self._table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
            | QAbstractItemView.EditTrigger.SelectedClicked
        )
        self._table.setWordWrap(False)
        self._table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 10)
        header = self._table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(NOTES, QHeaderView.ResizeMode.Stretch)
        header.setHighlightSections(False)
        self._delegate = LiveCellDelegate(
            self._table, patterns={ROLL: r"\d{0,2}"}, placeholders={ROLL: "app rolls"},
            enter_moves_on=True,
        )  # fmt: skip
        self._table.setItemDelegate(self._delegate)
        self._fill()

        self._message = QLabel()
        self._message.setObjectName("validationMessage")
        self._message.setWordWrap(True)
        self._warning_icon = QLabel()
        icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        self._warning_icon.setPixmap(icon.pixmap(16, 16))

        self._roll_blanks = QPushButton("Roll &blanks")
        self._roll_blanks.setToolTip("Roll a d12 for every combatant whose roll is blank")
        self._roll_blanks.setAutoDefault(False)
        self._reroll_all = QPushButton("Re&roll all")
        self._reroll_all.setToolTip("Roll a new d12 for every combatant, replacing typed rolls")
        self._reroll_all.setAutoDefault(False)
        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setDefault(True)

        dice_row = QHBoxLayout()
        dice_row.addWidget(self._roll_blanks)
        dice_row.addWidget(self._reroll_all)
        dice_row.addStretch(1)
        # The message has a row of its own, one line tall even when empty, so the dialog does
        # not jump as problems come and go.
        message_row = QHBoxLayout()
        message_row.addWidget(self._warning_icon)
        message_row.addWidget(self._message, 1)
        self._message.setMinimumHeight(self._message.fontMetrics().height() + 4)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self._table, 1)
        layout.addLayout(dice_row)
        layout.addLayout(message_row)
        layout.addWidget(self._buttons)

        QWidget.setTabOrder(self._table, self._roll_blanks)
        QWidget.setTabOrder(self._roll_blanks, self._reroll_all)
        QWidget.setTabOrder(
            self._reroll_all, self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        )

        self._table.itemChanged.connect(self._on_item_changed)
        self._roll_blanks.clicked.connect(self._fill_blanks)
        self._reroll_all.clicked.connect(self._reroll)
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        self._refresh()
        self.resize(560, min(560, 190 + 30 * len(self._combatants)))
        if self._combatants:
            # Ready to type: the first d12 cell is current, so a digit starts editing it.
            self._table.setCurrentCell(0, ROLL)
        self._table.setFocus()

    # --- public API -------------------------------------------------------------------------

    def rolls(self) -> dict[str, int]:
        """Every combatant's d12 by id, once the dialog is accepted (blanks rolled then).

        Before that: the valid rolls typed or rolled so far."""
        if self.result() == QDialog.DialogCode.Accepted:
            return dict(self._rolls)
        return {
            c.id: value
            for row, c in enumerate(self._combatants)
            if isinstance(value := self._roll_value(row), int)
        }

    # --- internals --------------------------------------------------------------------------

    def _fill(self) -> None:
        self._table.blockSignals(True)
        try:
            for row, combatant in enumerate(self._combatants):
                texts = (
                    combatant.name,
                    f"{combatant.init_mod:+d}",
                    "" if combatant.initiative_roll is None else str(combatant.initiative_roll),
                    "",
                    "",
                    "",
                )
                for column, text in enumerate(texts):
                    item = QTableWidgetItem(text)
                    flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                    if column == ROLL:
                        flags |= Qt.ItemFlag.ItemIsEditable
                    item.setFlags(flags)
                    if column in _NUMERIC:
                        item.setTextAlignment(column_alignment(numeric=True))
                    if column == NAME:
                        item.setIcon(side_swatch(combatant.side))
                        item.setToolTip(f"{combatant.name} ({combatant.side}), Dex {combatant.dex}")
                    self._table.setItem(row, column, item)
        finally:
            self._table.blockSignals(False)

    def _roll_text(self, row: int) -> str:
        item = self._table.item(row, ROLL)
        return item.text().strip() if item is not None else ""

    def _roll_value(self, row: int) -> int | str | None:
        """The row's d12: an int 1..12, None when blank, or the text when it is not a d12."""
        text = self._roll_text(row)
        if not text:
            return None
        if text.isdigit() and 1 <= int(text) <= 12:
            return int(text)
        return text

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        if item.column() == ROLL:
            self._refresh()

    def _set_text(self, row: int, column: int, text: str) -> None:
        item = self._table.item(row, column)
        if item is not None and item.text() != text:
            item.setText(text)

    def _refresh(self) -> None:
        """Recompute every row's total, count and notes, and mark rolls that are not a d12."""
        problems: list[str] = []
        self._table.blockSignals(True)
        try:
            for row, combatant in enumerate(self._combatants):
                value = self._roll_value(row)
                roll_item = self._table.item(row, ROLL)
                assert roll_item is not None
                invalid = isinstance(value, str)
                roll_item.setData(INVALID_ROLE, invalid)
                initiative = (
                    self._standing(replace(combatant, initiative_roll=value))
                    if isinstance(value, int)
                    else None
                )
                if initiative is not None:
                    self._set_text(row, TOTAL, str(initiative.total))
                    self._set_text(row, COUNT, str(initiative.count))
                    self._set_text(row, NOTES, initiative_notes(initiative))
                    roll_item.setToolTip("")
                else:
                    self._set_text(row, TOTAL, "")
                    self._set_text(row, COUNT, "")
                    self._set_text(row, NOTES, "")
                    if invalid:
                        message = f"{combatant.name}: a d12 roll is between 1 and 12, got {value}"
                        roll_item.setToolTip(message)
                        problems.append(message)
                    else:
                        roll_item.setToolTip("Blank: Battlemap rolls it when you press OK")
        finally:
            self._table.blockSignals(False)
        self._valid = not problems
        self._message.setText("; ".join(problems))
        self._warning_icon.setVisible(bool(problems))
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(self._valid)
        self._roll_blanks.setEnabled(
            any(self._roll_value(r) is None for r in range(len(self._combatants)))
        )
        open_editor = self._delegate.open_editor()
        if open_editor is not None:
            editor, index = open_editor
            self._mark_editor(editor, index)

    @staticmethod
    def _mark_editor(editor: QWidget, index: QPersistentModelIndex) -> None:
        set_invalid(editor, bool(index.data(INVALID_ROLE)))

    def _set_roll(self, row: int, value: int) -> None:
        item = self._table.item(row, ROLL)
        assert item is not None
        item.setText(str(value))  # itemChanged refreshes the row

    def _fill_blanks(self) -> None:
        for row in range(len(self._combatants)):
            if self._roll_value(row) is None:
                self._set_roll(row, self._roller.roll("1d12").total)

    def _reroll(self) -> None:
        for row in range(len(self._combatants)):
            self._set_roll(row, self._roller.roll("1d12").total)

    def accept(self) -> None:
        self._refresh()
        if not self._valid:
            return
        self._fill_blanks()
        rolls: dict[str, int] = {}
        for row, combatant in enumerate(self._combatants):
            value = self._roll_value(row)
            assert isinstance(value, int)
            rolls[combatant.id] = value
        self._rolls = rolls
        super().accept()
