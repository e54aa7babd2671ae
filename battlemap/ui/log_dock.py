"""The combat log dock: the fight's events as sentences, up to the moment the playhead shows.

Sentences are made once, when events arrive (a batch of events is one row insert), and kept with
their times. Scrubbing only moves how many of them the list shows (a binary search and one row
insert or removal), and the view is a table of fixed-height rows, which adds, drops and scrolls
to rows by arithmetic: following the playhead costs the same at line 60,000 as at line 60.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
)
from PySide6.QtGui import QAction, QFont, QGuiApplication, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from battlemap.core.events import Event
from battlemap.core.narration import Narrator
from battlemap.ui.palette import HEALTH_LOW

ModelIndex = QModelIndex | QPersistentModelIndex

#: Model data role: True for a round's header row.
HEADER_ROLE = Qt.ItemDataRole.UserRole + 1


@dataclass(frozen=True)
class _Line:
    time: float
    text: str
    header: bool
    down: bool


class _LogModel(QAbstractListModel):
    """All sentences of the fight; only those up to `until` are rows."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lines: list[_Line] = []
        self._times: list[float] = []  # the lines' times, for bisect
        self._shown = 0
        self._until = math.inf
        self._bold = QFont()
        self._bold.setBold(True)

    def reset_lines(self, lines: list[_Line]) -> None:
        self.beginResetModel()
        self._lines = lines
        self._times = [line.time for line in lines]
        self._shown = bisect_right(self._times, self._until)
        self.endResetModel()

    def append_lines(self, lines: list[_Line]) -> None:
        # The engine's log only grows forward in time; a late event would break the bisect,
        # so it is a bug to hand one in (EventLog refuses them too).
        self._lines.extend(lines)
        self._times.extend(line.time for line in lines)
        self._show(bisect_right(self._times, self._until))

    def show_until(self, time: float) -> None:
        self._until = time
        self._show(bisect_right(self._times, time))

    def _show(self, shown: int) -> None:
        if shown > self._shown:
            self.beginInsertRows(QModelIndex(), self._shown, shown - 1)
            self._shown = shown
            self.endInsertRows()
        elif shown < self._shown:
            self.beginRemoveRows(QModelIndex(), shown, self._shown - 1)
            self._shown = shown
            self.endRemoveRows()

    def texts(self, rows: Sequence[int] | None = None) -> list[str]:
        if rows is None:
            rows = range(self._shown)
        return [self._lines[row].text for row in rows]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008 (Qt default)
        return 0 if parent.isValid() else self._shown

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= self._shown:
            return None
        line = self._lines[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return line.text
        if role == HEADER_ROLE:
            return line.header
        if role == Qt.ItemDataRole.FontRole and line.header:
            return self._bold
        if role == Qt.ItemDataRole.BackgroundRole and line.header:
            # A band across the list, from the palette so it suits light and dark themes.
            return QGuiApplication.palette().color(QPalette.ColorRole.Midlight)
        if role == Qt.ItemDataRole.ForegroundRole and line.down:
            return HEALTH_LOW
        return None


class _LineDelegate(QStyledItemDelegate):
    """Rows a little taller than the text, so a long log reads as lines, not a wall."""

    def sizeHint(self, option: QStyleOptionViewItem, index: ModelIndex) -> QSize:
        size = super().sizeHint(option, index)
        return QSize(size.width(), size.height() + 4)


def _header_text(sentence: str) -> str:
    """ "--- Round 2 ---" as the header row shows it: "Round 2"."""
    return sentence.strip().strip("-").strip()


class LogDock(QDockWidget):
    """The fight as sentences ("Round 1, 6: Thorin attacks Goblin ..."), following the playhead.

    Round starts are header rows. Lines after the time given to `show_until` are hidden, so
    scrubbing back on the timeline takes the log back too. The list follows the newest line
    unless the game master has scrolled up to read. Ctrl+C (or the context menu) copies the
    selected lines.

    Signals: none of its own.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Combat log", parent)
        self.setObjectName("LogDock")
        self._narrator: Narrator | None = None
        self._model = _LogModel(self)
        # A table of one column without headers or grid, not a QListView: a QListView lays out
        # every row again when rows are added or removed (50 ms a frame at 60,000 lines while
        # the playhead moves; a QTreeView, 27 ms), where a table of fixed-height rows only
        # appends or drops the rows' sections and places rows by arithmetic, so following the
        # playhead costs the same at line 60,000 as at line 60.
        self._view = QTableView()
        self._view.setModel(self._model)
        self._view.setItemDelegate(_LineDelegate(self._view))
        self._view.setShowGrid(False)
        self._view.setWordWrap(False)
        self._view.horizontalHeader().hide()
        self._view.horizontalHeader().setStretchLastSection(True)
        rows = self._view.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self._view.fontMetrics().height() + 6)
        self._view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self._view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self._view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setWidget(self._view)

        self._copy = QAction("&Copy", self._view)
        self._copy.setShortcut(QKeySequence(QKeySequence.StandardKey.Copy))
        self._copy.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self._copy.setToolTip("Copy the selected lines as text")
        self._copy.triggered.connect(self.copy_selection)
        select_all = QAction("Select &all", self._view)
        select_all.setShortcut(QKeySequence(QKeySequence.StandardKey.SelectAll))
        select_all.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        select_all.triggered.connect(self._view.selectAll)
        self._view.addAction(self._copy)
        self._view.addAction(select_all)
        self._view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self._view.selectionModel().selectionChanged.connect(self._update_copy)
        self._model.modelReset.connect(self._update_copy)
        self._model.rowsRemoved.connect(self._update_copy)
        self._update_copy()

    # --- public API -------------------------------------------------------------------------

    def set_events(self, events: Sequence[Event], narrator: Narrator) -> None:
        """Show the whole log anew, told by `narrator` (later add_events use it too).

        The time limit from the last show_until still applies (none at first).
        """
        self._narrator = narrator
        self._model.reset_lines(self._lines(events))
        self._view.scrollToBottom()

    def add_events(self, events: Sequence[Event]) -> None:
        """Append events that happened after those already shown (in time order)."""
        if self._narrator is None:
            raise RuntimeError("LogDock.add_events before set_events: no narrator yet")
        follow = self._at_bottom()
        self._model.append_lines(self._lines(events))
        if follow:
            self._view.scrollToBottom()

    def show_until(self, time: float) -> None:
        """Show only the lines of events at or before `time`."""
        follow = self._at_bottom()
        self._model.show_until(time)
        if follow:
            self._view.scrollToBottom()

    def visible_lines(self) -> list[str]:
        """The lines shown, top to bottom, as they read."""
        return self._model.texts()

    def view(self) -> QTableView:
        """The list view (for tests and for the main window's focus handling)."""
        return self._view

    def copy_selection(self) -> None:
        """Put the selected lines on the clipboard, one a line, in log order."""
        rows = sorted(index.row() for index in self._view.selectionModel().selectedIndexes())
        if rows:
            QGuiApplication.clipboard().setText("\n".join(self._model.texts(rows)))

    # --- internals --------------------------------------------------------------------------

    def _lines(self, events: Sequence[Event]) -> list[_Line]:
        assert self._narrator is not None
        lines = []
        for event in events:
            sentence = self._narrator.sentence(event)
            if sentence is None:
                continue
            header = event.type == "round_start"
            lines.append(
                _Line(
                    time=event.time,
                    text=_header_text(sentence) if header else sentence,
                    header=header,
                    down=event.type == "down",
                )
            )
        return lines

    def _at_bottom(self) -> bool:
        """Whether the list shows its last line: only then does it follow new lines, so a game
        master reading back through the fight is not yanked down by every new event."""
        bar = self._view.verticalScrollBar()
        return bar.value() >= bar.maximum() - 2

    def _update_copy(self, *_args: object) -> None:
        self._copy.setEnabled(self._view.selectionModel().hasSelection())
