"""The creature library as a table model: one template a row, dragged onto the map as MIME data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QMimeData, QModelIndex, Qt

from battlemap.storage.creature_library import CREATURE_MIME, CreatureTemplate, template_to_mime
from battlemap.ui.palette import side_swatch
from battlemap.ui.table_model import SORT_ROLE, ColumnTableModel, ModelIndex

#: Sizes sort small to huge, not alphabetically.
_SIZES = ("small", "medium", "large", "huge")


def _signed(number: int) -> str:
    return f"{number:+d}"


class TemplateModel(ColumnTableModel[CreatureTemplate]):
    """Creature templates as rows; a drag carries the template under CREATURE_MIME."""

    HEADERS = ("Name", "Size", "HP", "AC")
    HEADER_TIPS = ("Creature name", "Token size", "Hit points", "Armour class")
    NUMERIC_COLUMNS = (2, 3)

    def set_templates(self, templates: Sequence[CreatureTemplate]) -> None:
        self.beginResetModel()
        self._rows = list(templates)
        self.endResetModel()

    def template(self, row: int) -> CreatureTemplate:
        return self._rows[row]

    def _cell_data(self, template: CreatureTemplate, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return (template.name, template.size, str(template.hp), str(template.ac))[column]
        if role == SORT_ROLE:
            size_rank = _SIZES.index(template.size) if template.size in _SIZES else len(_SIZES)
            return (template.name.casefold(), size_rank, template.hp, template.ac)[column]
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            return side_swatch(template.side)
        return None

    def _tooltip(self, template: CreatureTemplate) -> str:
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
            mime.setData(CREATURE_MIME, template_to_mime(self._rows[rows[0]]))
        return mime

    def supportedDragActions(self) -> Qt.DropAction:
        # A drag copies the template onto the map; the library keeps it.
        return Qt.DropAction.CopyAction
