"""What the app's tables share: column alignment, the sort role, and a model base class whose
columns (header text, header tooltip, which hold numbers) are described once as class data."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

ModelIndex = QModelIndex | QPersistentModelIndex

#: Numbers sort as numbers (a header click on HP must not put 100 before 9).
SORT_ROLE = Qt.ItemDataRole.UserRole

RowT = TypeVar("RowT")


def column_alignment(*, numeric: bool) -> Qt.AlignmentFlag:
    """Numbers line up on the right, words on the left; headers follow their column."""
    side = Qt.AlignmentFlag.AlignRight if numeric else Qt.AlignmentFlag.AlignLeft
    return side | Qt.AlignmentFlag.AlignVCenter


class ColumnTableModel(QAbstractTableModel, Generic[RowT]):
    """A flat table of `RowT` values, one a row, with a tooltip per row.

    Subclasses set HEADERS and HEADER_TIPS (one per column) and NUMERIC_COLUMNS (right-aligned,
    header and cells alike), keep their rows in `self._rows`, and give each row's `_tooltip`
    and every other role's data in `_cell_data`.
    """

    HEADERS: tuple[str, ...] = ()
    HEADER_TIPS: tuple[str, ...] = ()
    NUMERIC_COLUMNS: Collection[int] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[RowT] = []

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008 (Qt default)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.HEADER_TIPS[section]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return column_alignment(numeric=section in self.NUMERIC_COLUMNS)
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.TextAlignmentRole:
            # Numbers to the right; words keep the view's default.
            return column_alignment(numeric=True) if column in self.NUMERIC_COLUMNS else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row)
        return self._cell_data(row, column, role)

    def _tooltip(self, row: RowT) -> str:
        raise NotImplementedError

    def _cell_data(self, row: RowT, column: int, role: int) -> Any:
        """What `row` shows in `column` for `role` (alignment and tooltips are done)."""
        raise NotImplementedError
