"""The library dock: creature templates to drag onto the map, and the encounter's roster.

The dock shows values it is handed (`set_templates`, `set_roster`) and reports what the game
master does with them through signals; it never changes an encounter itself, so the main window
stays the one place where changes become undoable commands.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import (
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QSize,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QKeyEvent
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

from battlemap.core.roster_columns import RosterColumn
from battlemap.storage.creature_library import CreatureTemplate
from battlemap.ui.palette import side_swatch
from battlemap.ui.roster_model import ID_ROLE, RosterModel, RosterRow, roster_notes
from battlemap.ui.table_model import SORT_ROLE
from battlemap.ui.template_model import TemplateModel

# RosterRow, roster_notes and side_swatch were first defined here and are still imported from
# here (the main window, ui/roster.py); they now live with the model and the palette.
__all__ = ["LibraryDock", "RosterRow", "roster_notes", "side_swatch"]


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

        self._templates = TemplateModel(self)
        self._template_proxy = QSortFilterProxyModel(self)
        self._template_proxy.setSourceModel(self._templates)
        self._template_proxy.setSortRole(SORT_ROLE)
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

        self._roster = RosterModel(self)
        self._roster_proxy = QSortFilterProxyModel(self)
        self._roster_proxy.setSourceModel(self._roster)
        self._roster_proxy.setSortRole(SORT_ROLE)
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

    def set_roster_columns(self, columns: Sequence[RosterColumn]) -> None:
        """The ruleset's roster columns (between hit points and the notes); the rows follow
        with the next `set_roster`."""
        self._roster.set_columns(columns)

    def set_roster(self, rows: Sequence[RosterRow]) -> None:
        """Show these combatants; the selected ids stay selected if they are still there."""
        selected = self._selected_ids()
        current = self._roster_view.currentIndex()
        current_id = current.data(ID_ROLE) if current.isValid() else None
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
        return [str(index.data(ID_ROLE)) for index in rows]

    def _proxy_row_of(self, combatant_id: str) -> int | None:
        for row in range(self._roster_proxy.rowCount()):
            if self._roster_proxy.index(row, 0).data(ID_ROLE) == combatant_id:
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
            self.combatantActivated.emit(str(index.data(ID_ROLE)))

    def _on_roster_selection_changed(
        self, _selected: QItemSelection, _deselected: QItemSelection
    ) -> None:
        if not self._quiet:
            self.rosterSelectionChanged.emit(self._selected_ids())
