"""The library dock: creature templates to drag onto the map, and the encounter's roster.

The dock shows values it is handed (`set_templates`, `set_roster`) and reports what the game
master does with them through signals; it never changes an encounter itself, so the main window
stays the one place where changes become undoable commands.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelection,
    QItemSelectionModel,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QFont,
    QGuiApplication,
    QIcon,
    QKeyEvent,
    QPainter,
    QPalette,
    QPixmap,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSplitter,
    QTableView,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from battlemap.storage.creature_library import CREATURE_MIME, CreatureTemplate, template_to_mime
from battlemap.ui.palette import side_color

ModelIndex = QModelIndex | QPersistentModelIndex

#: Numbers sort as numbers (a header click on HP must not put 100 before 9).
_SORT_ROLE = Qt.ItemDataRole.UserRole
#: A roster row's combatant id, so selections survive sorting and updates.
_ID_ROLE = Qt.ItemDataRole.UserRole + 1


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


def _plural(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def roster_notes(row: RosterRow) -> str:
    """The Notes column: surprise or penalty rounds, and "down" at 0 hp or less."""
    notes = []
    if row.surprise_rounds:
        notes.append(_plural(row.surprise_rounds, "surprise round"))
    if row.penalty_rounds:
        notes.append(_plural(row.penalty_rounds, "penalty round"))
    if row.hp <= 0:
        notes.append("down")
    return ", ".join(notes)


def side_swatch(side: str) -> QIcon:
    """A small round chip in the side's colour, the colour its tokens have on the map."""
    color = side_color(side)
    pixmap = QPixmap(12, 12)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(color.darker(130))
    painter.setBrush(color)
    painter.drawEllipse(1, 1, 10, 10)
    painter.end()
    return QIcon(pixmap)


def _header_alignment(*, numeric: bool) -> Qt.AlignmentFlag:
    """Headers line up with their column: numbers to the right, words to the left."""
    side = Qt.AlignmentFlag.AlignRight if numeric else Qt.AlignmentFlag.AlignLeft
    return side | Qt.AlignmentFlag.AlignVCenter


def _signed(number: int) -> str:
    return f"{number:+d}"


class _TemplateModel(QAbstractTableModel):
    """Creature templates as rows; a drag carries the template under CREATURE_MIME."""

    HEADERS = ("Name", "Size", "HP", "AC")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._templates: list[CreatureTemplate] = []

    def set_templates(self, templates: Sequence[CreatureTemplate]) -> None:
        self.beginResetModel()
        self._templates = list(templates)
        self.endResetModel()

    def template(self, row: int) -> CreatureTemplate:
        return self._templates[row]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008 (Qt default)
        return 0 if parent.isValid() else len(self._templates)

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
            return ("Creature name", "Token size", "Hit points", "Armour class")[section]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _header_alignment(numeric=section >= 2)
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        template = self._templates[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (template.name, template.size, str(template.hp), str(template.ac))[column]
        if role == _SORT_ROLE:
            # Sizes sort small to huge, not alphabetically.
            sizes = ("small", "medium", "large", "huge")
            size_rank = sizes.index(template.size) if template.size in sizes else len(sizes)
            return (template.name.casefold(), size_rank, template.hp, template.ac)[column]
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            return side_swatch(template.side)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(template)
        if role == Qt.ItemDataRole.TextAlignmentRole and column >= 2:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None

    @staticmethod
    def _tooltip(template: CreatureTemplate) -> str:
        attacks = "; ".join(
            f"{a.name} {_signed(a.bonus)} ({a.damage}"
            + (f", range {a.range} ft)" if a.range is not None else ")")
            for a in template.attacks
        )
        return (
            f"{template.name} ({template.size}, joins '{template.side}')\n"
            f"Speed {template.speed} ft, reach {template.reach} ft\n"
            f"HP {template.hp}, AC {template.ac}, initiative {_signed(template.init_mod)}, "
            f"Dex {template.dex}\n"
            f"Attacks ({template.attacks_per_round} a round): {attacks or 'none'}\n"
            "Drag onto the map to place one; double-click or Enter to add one."
        )

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemIsDragEnabled
            | Qt.ItemFlag.ItemNeverHasChildren
        )

    def mimeTypes(self) -> list[str]:
        return [CREATURE_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        """The payload of a drag: the template of the (single) dragged row."""
        mime = QMimeData()
        rows = sorted({index.row() for index in indexes if index.isValid()})
        if rows:
            mime.setData(CREATURE_MIME, template_to_mime(self._templates[rows[0]]))
        return mime

    def supportedDragActions(self) -> Qt.DropAction:
        # A drag copies the template onto the map; the library keeps it.
        return Qt.DropAction.CopyAction


class _RosterModel(QAbstractTableModel):
    """The encounter's combatants, in the order the main window gives them."""

    HEADERS = ("Name", "Side", "HP", "AC", "Init", "Count", "Notes")
    HEADER_TIPS = (
        "Combatant name",
        "Combatants on the same side are allies",
        "Hit points now / at full health",
        "Armour class",
        "Initiative total: the d12 rolled plus the modifier",
        "The initiative count (12 down to 1) on which the combatant acts",
        "Surprise or penalty rounds from initiative, and who is down",
    )

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[RosterRow] = []

    def set_rows(self, rows: Sequence[RosterRow]) -> None:
        new_rows = list(rows)
        if [r.id for r in new_rows] == [r.id for r in self._rows]:
            # Same combatants in the same order (the usual case while a fight plays): change
            # the cells in place so the view keeps its scroll position and editor state.
            self._rows = new_rows
            if new_rows:
                self.dataChanged.emit(
                    self.index(0, 0), self.index(len(new_rows) - 1, len(self.HEADERS) - 1)
                )
            return
        self.beginResetModel()
        self._rows = new_rows
        self.endResetModel()

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
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
            return _header_alignment(numeric=2 <= section <= 5)
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == _ID_ROLE:
            return row.id
        if role == _SORT_ROLE:
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
        if role == Qt.ItemDataRole.TextAlignmentRole and 2 <= column <= 5:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row)
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

    @staticmethod
    def _tooltip(row: RosterRow) -> str:
        lines = [f"{row.name} (id '{row.id}', side '{row.side}')", f"HP {row.hp} of {row.max_hp}"]
        if row.initiative_total is not None and row.count is not None:
            lines.append(f"Initiative {row.initiative_total}: acts on count {row.count}")
        if row.surprise_rounds:
            lines.append(f"Acts in {_plural(row.surprise_rounds, 'surprise round')} before round 1")
        if row.penalty_rounds:
            lines.append(f"Sits out {_plural(row.penalty_rounds, 'round')} before acting")
        if row.hp <= 0:
            lines.append("Down: out of the fight")
        lines.append("Double-click or Enter to edit")
        return "\n".join(lines)


class _TemplateView(QTreeView):
    """The creature list, a drag source only: nothing can be dropped into the library."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setSortingEnabled(True)
        self.sortByColumn(0, Qt.SortOrder.AscendingOrder)


class _FilterEdit(QLineEdit):
    """The filter field: Down moves into the list, so typing then arrowing is one motion."""

    def __init__(self, target: QAbstractItemView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._target = target

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_PageDown) and self._target.model():
            model = self._target.model()
            if model.rowCount() > 0:
                self._target.setFocus(Qt.FocusReason.TabFocusReason)
                if not self._target.currentIndex().isValid():
                    self._target.setCurrentIndex(model.index(0, 0))
                return
        super().keyPressEvent(event)


class _Splitter(QSplitter):
    """The dock's body. Wide enough by default for the roster's seven columns, so a fresh
    window shows initiative and notes without scrolling sideways."""

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(max(hint.width(), 440), hint.height())


class LibraryDock(QDockWidget):
    """Creature templates (filterable, draggable onto the map) above the encounter's roster.

    Signals:
        templateActivated(object): a template was double-clicked or Enter was pressed on it;
            carries the CreatureTemplate.
        combatantActivated(str): a roster row was double-clicked or Enter was pressed on it;
            carries the combatant's id.
        rosterSelectionChanged(list): the game master changed the roster selection; carries the
            selected ids (list[str]) in the order shown. Not emitted for `set_roster` or
            `select_roster`, so the map and the roster can mirror each other without echoes.
    """

    templateActivated = Signal(object)
    combatantActivated = Signal(str)
    rosterSelectionChanged = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Library", parent)
        # saveState()/restoreState() find docks by object name.
        self.setObjectName("LibraryDock")

        self._templates = _TemplateModel(self)
        self._template_proxy = QSortFilterProxyModel(self)
        self._template_proxy.setSourceModel(self._templates)
        self._template_proxy.setSortRole(_SORT_ROLE)
        self._template_proxy.setFilterKeyColumn(0)
        self._template_proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._template_view = _TemplateView()
        self._template_view.setModel(self._template_proxy)
        self._template_view.activated.connect(self._on_template_activated)

        self._filter = _FilterEdit(self._template_view)
        self._filter.setPlaceholderText("Filter creatures by name")
        self._filter.setClearButtonEnabled(True)
        self._filter.setToolTip("Type part of a name to narrow the list; Down moves into it")
        self._filter.textChanged.connect(self._on_filter_changed)
        self._template_empty = QLabel()
        self._template_empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._template_empty.setWordWrap(True)
        self._template_empty.setEnabled(False)  # drawn in the muted, disabled text colour

        header = self._template_view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)

        self._roster = _RosterModel(self)
        self._roster_proxy = QSortFilterProxyModel(self)
        self._roster_proxy.setSourceModel(self._roster)
        self._roster_proxy.setSortRole(_SORT_ROLE)
        self._roster_view = QTableView()
        self._roster_view.setModel(self._roster_proxy)
        self._roster_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._roster_view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self._roster_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._roster_view.setAlternatingRowColors(True)
        self._roster_view.setShowGrid(False)
        self._roster_view.setWordWrap(False)
        self._roster_view.setTabKeyNavigation(False)  # Tab leaves the table, arrows move in it
        rows = self._roster_view.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        # As dense as the creature list above: a roster of 30 should fit without scrolling.
        rows.setDefaultSectionSize(self._roster_view.fontMetrics().height() + 6)
        roster_header = self._roster_view.horizontalHeader()
        roster_header.setHighlightSections(False)
        # Every column as wide as its contents and Notes taking what is left: in a narrow dock
        # the numbers stay whole and only the notes scroll out of sight.
        roster_header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        roster_header.setStretchLastSection(True)
        # Sorting by a header click is offered, but the roster starts (and a third click on the
        # same header returns) in the main window's order, which is the initiative order.
        roster_header.setSortIndicatorClearable(True)
        roster_header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self._roster_view.setSortingEnabled(True)
        self._roster_view.activated.connect(self._on_roster_activated)
        selection = self._roster_view.selectionModel()
        selection.selectionChanged.connect(self._on_roster_selection_changed)
        self._roster_empty = QLabel("No combatants yet: drag creatures from above onto the map.")
        self._roster_empty.setWordWrap(True)
        self._roster_empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._roster_empty.setEnabled(False)
        # Set while the dock itself changes the selection, so only the game master's changes
        # are reported.
        self._quiet = False

        creatures = QWidget()
        creatures_layout = QVBoxLayout(creatures)
        creatures_layout.setContentsMargins(4, 4, 4, 4)
        creatures_layout.addWidget(self._caption("&Creatures", self._filter))
        creatures_layout.addWidget(self._filter)
        creatures_layout.addWidget(self._template_view, 1)
        creatures_layout.addWidget(self._template_empty)

        roster = QWidget()
        roster_layout = QVBoxLayout(roster)
        roster_layout.setContentsMargins(4, 4, 4, 4)
        roster_layout.addWidget(self._caption("R&oster", self._roster_view))
        roster_layout.addWidget(self._roster_view, 1)
        roster_layout.addWidget(self._roster_empty)

        splitter = _Splitter(Qt.Orientation.Vertical)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(creatures)
        splitter.addWidget(roster)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        self.setWidget(splitter)

        QWidget.setTabOrder(self._filter, self._template_view)
        QWidget.setTabOrder(self._template_view, self._roster_view)
        self._update_empty_states()

    @staticmethod
    def _caption(text: str, buddy: QWidget) -> QLabel:
        label = QLabel(text)
        font = label.font()
        font.setBold(True)
        label.setFont(font)
        label.setBuddy(buddy)  # Alt+C / Alt+O jump to the filter and to the roster
        return label

    # --- public API -------------------------------------------------------------------------

    def set_templates(self, templates: Sequence[CreatureTemplate]) -> None:
        """Show these creature templates (sorted by the view, name first)."""
        self._templates.set_templates(templates)
        self._update_empty_states()

    def set_roster(self, rows: Sequence[RosterRow]) -> None:
        """Show these combatants; the selected ids stay selected if they are still there."""
        selected = self._selected_ids()
        current = self._roster_view.currentIndex()
        current_id = current.data(_ID_ROLE) if current.isValid() else None
        self._quiet = True
        try:
            self._roster.set_rows(rows)
            self._apply_selection(selected, current_id, scroll=False)
        finally:
            self._quiet = False
        self._update_empty_states()

    def select_roster(self, ids: Iterable[str]) -> None:
        """Select exactly these combatants (unknown ids are ignored) and scroll to them."""
        wanted = list(ids)
        self._quiet = True
        try:
            self._apply_selection(wanted, wanted[0] if wanted else None, scroll=True)
        finally:
            self._quiet = False

    def template_view(self) -> QTreeView:
        """The creature list's view (its model is a sorting and filtering proxy)."""
        return self._template_view

    def roster_view(self) -> QTableView:
        """The roster's table view (its model is a sorting proxy)."""
        return self._roster_view

    # --- internals --------------------------------------------------------------------------

    def _selected_ids(self) -> list[str]:
        rows = self._roster_view.selectionModel().selectedRows()
        rows.sort(key=lambda index: index.row())
        return [str(index.data(_ID_ROLE)) for index in rows]

    def _proxy_row_of(self, combatant_id: str) -> int | None:
        for row in range(self._roster_proxy.rowCount()):
            if self._roster_proxy.index(row, 0).data(_ID_ROLE) == combatant_id:
                return row
        return None

    def _apply_selection(self, ids: Sequence[str], current_id: str | None, *, scroll: bool) -> None:
        selection = QItemSelection()
        last_column = self._roster_proxy.columnCount() - 1
        first_row: int | None = None
        for combatant_id in ids:
            row = self._proxy_row_of(combatant_id)
            if row is None:
                continue
            if first_row is None:
                first_row = row
            selection.select(
                self._roster_proxy.index(row, 0), self._roster_proxy.index(row, last_column)
            )
        model = self._roster_view.selectionModel()
        current_row = self._proxy_row_of(current_id) if current_id is not None else None
        if current_row is not None:
            # Moving the current index without touching the selection keeps keyboard navigation
            # where the game master left it.
            model.setCurrentIndex(
                self._roster_proxy.index(current_row, 0), QItemSelectionModel.SelectionFlag.NoUpdate
            )
        model.select(
            selection,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        if scroll and first_row is not None:
            self._roster_view.scrollTo(self._roster_proxy.index(first_row, 0))

    def _update_empty_states(self) -> None:
        if self._templates.rowCount() == 0:
            self._template_empty.setText("The creature library is empty.")
        else:
            self._template_empty.setText(f"No creature matches “{self._filter.text()}”.")
        self._template_empty.setVisible(self._template_proxy.rowCount() == 0)
        self._roster_empty.setVisible(self._roster.rowCount() == 0)

    def _on_filter_changed(self, text: str) -> None:
        self._template_proxy.setFilterFixedString(text.strip())
        self._update_empty_states()

    def _on_template_activated(self, index: QModelIndex) -> None:
        source = self._template_proxy.mapToSource(index)
        if source.isValid():
            self.templateActivated.emit(self._templates.template(source.row()))

    def _on_roster_activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.combatantActivated.emit(str(index.data(_ID_ROLE)))

    def _on_roster_selection_changed(
        self, _selected: QItemSelection, _deselected: QItemSelection
    ) -> None:
        if not self._quiet:
            self.rosterSelectionChanged.emit(self._selected_ids())
