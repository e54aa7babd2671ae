"""The combatant editor: every field of a combatant in the encounter file, checked as typed.

The form has no rules of its own: after each edit it builds the combatant's JSON object, wraps
it in the smallest encounter that could hold it, and asks the file validator
(storage.encounter_file.parse_encounter). What the form accepts is therefore exactly what a
saved file will load, and the messages are the ones a broken file would give, pointed at the
widget or attack cell the validator names.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Collection, Mapping
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRegularExpression,
    Qt,
)
from PySide6.QtGui import (
    QAction,
    QColor,
    QKeyEvent,
    QKeySequence,
    QPainter,
    QPalette,
    QPen,
    QRegularExpressionValidator,
)
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from battlemap.core.encounter import SIZE_SQUARES, AttackProfile, Combatant, MapSpec
from battlemap.core.errors import EncounterError
from battlemap.storage.encounter_file import parse_encounter
from battlemap.ui.library_dock import side_swatch

ModelIndex = QModelIndex | QPersistentModelIndex

#: The red of a field the validator refused (the palette's "time out" red, so errors look alike).
INVALID_COLOR = QColor("#d0302a")
#: Widgets with the dynamic property invalid=true get a red frame. A style sheet rather than a
#: palette change, so it works under every style and colour scheme and is undone by one property.
#: Spin boxes and combo boxes lose their native arrows once a style sheet sets their border, so
#: a form wraps each field in a thin frame (FieldFrame) and marks the frame instead.
INVALID_STYLE_SHEET = f"""
*[invalid="true"] {{
    border: 2px solid {INVALID_COLOR.name()};
    border-radius: 3px;
}}
QFrame#fieldFrame {{
    border: 2px solid transparent;
    border-radius: 4px;
}}
QFrame#fieldFrame[invalid="true"] {{
    border-color: {INVALID_COLOR.name()};
}}
QLabel#validationMessage {{
    color: {INVALID_COLOR.name()};
}}
"""
#: Model data role of a table cell the validator refused (bool); the delegate frames it in red.
INVALID_ROLE = Qt.ItemDataRole.UserRole + 10


def set_invalid(widget: QWidget, invalid: bool) -> None:
    """Mark or unmark `widget` for INVALID_STYLE_SHEET (style sheets do not watch properties)."""
    if bool(widget.property("invalid")) == invalid:
        return
    widget.setProperty("invalid", invalid)
    widget.style().unpolish(widget)
    widget.style().polish(widget)
    widget.update()


class FieldFrame(QFrame):
    """A borderless holder for one input widget; set_invalid on it draws the red frame."""

    def __init__(self, field: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fieldFrame")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(field)
        self.field = field


class LiveCellDelegate(QStyledItemDelegate):
    """Edits text cells with a line edit that writes to the model on every keystroke.

    Committing as typed lets a form validate a cell before Enter is pressed. Cells whose
    INVALID_ROLE is true are framed in red; empty cells show the column's placeholder. Enter
    ends the edit without reaching the dialog's default button; with `enter_moves_on` it also
    moves on like Tab (commit and edit the next cell the view picks).
    """

    def __init__(
        self,
        parent: QObject,
        patterns: Mapping[int, str] | None = None,
        placeholders: Mapping[int, str] | None = None,
        *,
        enter_moves_on: bool = False,
    ) -> None:
        super().__init__(parent)
        self._patterns = dict(patterns or {})
        self._placeholders = dict(placeholders or {})
        self._enter_moves_on = enter_moves_on
        self._editor: QLineEdit | None = None
        self._editor_index = QPersistentModelIndex()
        # What the cell held before editing: live commits have already changed the model, so
        # Escape puts this back by hand.
        self._editor_original = ""

    def open_editor(self) -> tuple[QLineEdit, QPersistentModelIndex] | None:
        """The line edit currently open and its cell, if a cell is being edited."""
        if self._editor is None or not self._editor_index.isValid():
            return None
        return self._editor, self._editor_index

    def createEditor(
        self, parent: QWidget, option: QStyleOptionViewItem, index: ModelIndex
    ) -> QWidget:
        editor = QLineEdit(parent)
        editor.setFrame(False)
        pattern = self._patterns.get(index.column())
        if pattern is not None:
            # Letters in a number cell can never be right; Qt keeps them out, the validator
            # judges everything else.
            editor.setValidator(QRegularExpressionValidator(QRegularExpression(pattern), editor))
        editor.setPlaceholderText(self._placeholders.get(index.column(), ""))
        alignment = index.data(Qt.ItemDataRole.TextAlignmentRole)
        if alignment is not None:
            # The text stays where it was in the cell instead of jumping left while typed.
            editor.setAlignment(Qt.AlignmentFlag(int(alignment)))
        editor.textEdited.connect(lambda _text: self.commitData.emit(editor))
        self._editor = editor
        self._editor_index = QPersistentModelIndex(index)
        self._editor_original = str(index.data(Qt.ItemDataRole.EditRole) or "")
        return editor

    def destroyEditor(self, editor: QWidget, index: ModelIndex) -> None:
        if editor is self._editor:
            self._editor = None
            self._editor_index = QPersistentModelIndex()
        super().destroyEditor(editor, index)

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:
        assert isinstance(editor, QLineEdit)
        text = str(index.data(Qt.ItemDataRole.EditRole) or "")
        # The view calls this again whenever the cell's data changes, which with live commits
        # is after every keystroke; rewriting the same text would move the cursor to the end.
        if editor.text() != text:
            editor.setText(text)

    def setModelData(self, editor: QWidget, model: Any, index: ModelIndex) -> None:
        assert isinstance(editor, QLineEdit)
        if str(index.data(Qt.ItemDataRole.EditRole) or "") != editor.text():
            model.setData(index, editor.text(), Qt.ItemDataRole.EditRole)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not (
            isinstance(watched, QLineEdit)
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
        ):
            return super().eventFilter(watched, event)
        if event.key() == Qt.Key.Key_Escape and watched is self._editor:
            # Undo the edit, and keep Escape from reaching the dialog, which would close.
            if self._editor_index.isValid():
                model = self._editor_index.model()
                model.setData(self._editor_index, self._editor_original, Qt.ItemDataRole.EditRole)
            self.closeEditor.emit(watched, QAbstractItemDelegate.EndEditHint.RevertModelCache)
            return True
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            # Qt's own handling lets Enter travel on from the editor to the dialog, whose
            # default button then accepts the whole form: Enter in a cell must only end the
            # cell's edit.
            self.commitData.emit(watched)
            hint = (
                QAbstractItemDelegate.EndEditHint.EditNextItem
                if self._enter_moves_on
                else QAbstractItemDelegate.EndEditHint.SubmitModelCache
            )
            self.closeEditor.emit(watched, hint)
            return True
        return super().eventFilter(watched, event)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: ModelIndex) -> None:
        super().paint(painter, option, index)
        placeholder = self._placeholders.get(index.column())
        if placeholder and not index.data(Qt.ItemDataRole.DisplayRole):
            painter.save()
            painter.setPen(option.palette.color(QPalette.ColorRole.PlaceholderText))
            rect = option.rect.adjusted(4, 0, -4, 0)
            alignment = index.data(Qt.ItemDataRole.TextAlignmentRole)
            flags = (
                Qt.AlignmentFlag(int(alignment))
                if alignment is not None
                else Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
            )
            painter.drawText(rect, flags, placeholder)
            painter.restore()
        if index.data(INVALID_ROLE):
            painter.save()
            painter.setPen(QPen(INVALID_COLOR, 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(option.rect.adjusted(1, 1, -1, -1))
            painter.restore()


# Form labels for the file's keys: messages name fields as the form shows them.
_LABELS: Mapping[str, str] = {
    "id": "ID",
    "name": "Name",
    "side": "Side",
    "size": "Size",
    "x": "X",
    "y": "Y",
    "speed": "Speed",
    "reach": "Reach",
    "hp": "HP",
    "max_hp": "Max HP",
    "ac": "AC",
    "init_mod": "Initiative modifier",
    "initiative_roll": "Initiative roll",
    "dex": "Dexterity",
    "concentration": "Concentration",
    "attacks_per_round": "Attacks per round",
    "attacks": "Attacks",
    "image": "Image",
}
_ATTACK_COLUMNS = ("name", "bonus", "damage", "range")
BONUS, RANGE = _ATTACK_COLUMNS.index("bonus"), _ATTACK_COLUMNS.index("range")
_POINTER = re.compile(r"combatants\[0\](?:\.(\w+))?(?:\[(\d+)\])?(?:\.(\w+))?$")
_SIGNED_NUMBER = r"[+-]?\d{0,4}"


def _column_alignment(*, numeric: bool) -> Qt.AlignmentFlag:
    """Numbers line up on the right, words on the left; headers follow their column."""
    side = Qt.AlignmentFlag.AlignRight if numeric else Qt.AlignmentFlag.AlignLeft
    return side | Qt.AlignmentFlag.AlignVCenter


def _spin(
    value: int,
    low: int,
    high: int,
    tip: str,
    *,
    step: int = 1,
    suffix: str = "",
    signed: bool = False,
) -> QSpinBox:
    """A whole-number field that cannot hold a value outside [low, high]."""
    spin = _SignedSpinBox() if signed else QSpinBox()
    spin.setRange(low, high)
    spin.setSingleStep(step)
    spin.setSuffix(suffix)
    spin.setValue(value)
    spin.setToolTip(tip)
    spin.setAlignment(Qt.AlignmentFlag.AlignRight)
    spin.setAccelerated(True)
    return spin


def _attack_number(match: re.Match[str]) -> str:
    return f"attack {int(match.group(1)) + 1}"


class _SignedSpinBox(QSpinBox):
    """A modifier shown as game masters write it: +3, -1, +0."""

    def textFromValue(self, value: int) -> str:
        return f"{value:+d}"


class CombatantDialog(QDialog):
    """Edits one combatant: every field of the encounter format, validated as typed.

    OK is enabled only while the file validator accepts the form and the id is not taken;
    `combatant()` then gives the edited Combatant.

    Signals: only QDialog's own (accepted, rejected, finished).
    """

    def __init__(
        self,
        combatant: Combatant,
        map_spec: MapSpec,
        taken_ids: Collection[str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._original = combatant
        self._map = map_spec
        # The combatant's own id is never "taken by another", whatever the caller passes.
        self._taken = frozenset(taken_ids) - {combatant.id}
        self._result = combatant
        self._valid = True
        self._marked_widget: QWidget | None = None
        self._marked_cell: tuple[int, int] | None = None
        self._frames: dict[QWidget, FieldFrame] = {}
        self._shown_coordinates: dict[QDoubleSpinBox, float] = {}
        self.setWindowTitle(f"Edit {combatant.name}")
        self.setStyleSheet(INVALID_STYLE_SHEET)
        self._build(combatant)
        self._connect()
        self._validate()

    # --- public API -------------------------------------------------------------------------

    def combatant(self) -> Combatant:
        """The edited combatant; meaningful once the dialog is accepted (OK is only enabled
        while the form is valid). Before that, the last valid state of the form."""
        return self._result

    def is_valid(self) -> bool:
        """Whether the form, as it stands, would be accepted."""
        return self._valid

    def message(self) -> str:
        """The problem shown under the form, or "" when there is none."""
        return self._message.text()

    def marked_field(self) -> QWidget | None:
        """The input widget the shown problem is about (its frame is drawn red), if any."""
        return self._marked_widget

    def marked_cell(self) -> tuple[int, int] | None:
        """The (row, column) of the attack cell the shown problem is about, if any."""
        return self._marked_cell

    # --- building ---------------------------------------------------------------------------

    def _build(self, c: Combatant) -> None:
        self._id = QLineEdit(c.id)
        self._id.setToolTip("How plans refer to this combatant; unique in the encounter")
        self._name = QLineEdit(c.name)
        self._name.setToolTip("The name shown on the map, the timeline and the log")
        self._side = QComboBox()
        self._side.setEditable(True)
        self._side.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        for side in dict.fromkeys(("party", "monsters", c.side)):
            self._side.addItem(side_swatch(side), side)
        self._side.setCurrentText(c.side)
        self._side.setToolTip("Combatants with the same side are allies; type a new side freely")
        self._image = QLineEdit(c.image or "")
        self._image.setPlaceholderText("none: the token shows the initial")
        self._image.setToolTip(
            "A picture for the token: a path relative to the encounter file, or absolute"
        )
        self._browse = QPushButton("&Browse…")
        self._browse.setToolTip("Choose a picture file for the token")
        self._browse.setAutoDefault(False)

        self._size = QComboBox()
        for size, squares in SIZE_SQUARES.items():
            self._size.addItem(f"{size} ({squares}×{squares})", size)
        self._size.setCurrentIndex(max(0, self._size.findData(c.size)))
        self._size.setToolTip("The token's footprint in squares")
        self._x = self._coordinate(c.x, self._map.width, "left edge", "width")
        self._y = self._coordinate(c.y, self._map.height, "top edge", "height")

        # Feet come in steps of 5 (one square), though the validator decides what is allowed.
        self._speed = _spin(
            c.speed, 0, 995, "Movement per move action, in feet", step=5, suffix=" ft"
        )
        self._reach = _spin(
            c.reach, 0, 100, "Melee reach in feet: 5 for most medium creatures, 10 for most "
            "large ones", step=5, suffix=" ft",
        )  # fmt: skip
        self._hp = _spin(c.hp, -999, 9999, "Current hit points; 0 or less is down")
        # 0 is never a valid max_hp, so the spin box's lowest value can stand for "not given".
        self._max_hp = _spin(
            c.max_hp or 0, 0, 9999, "Full hit points, when the combatant starts the fight hurt"
        )
        self._max_hp.setSpecialValueText("same as HP")
        self._ac = _spin(c.ac, 1, 99, "Armour class")
        self._init_mod = _spin(c.init_mod, -50, 50, "Added to the d12 for initiative", signed=True)
        self._initiative_roll = _spin(
            c.initiative_roll or 0, 0, 12, "The d12 rolled at the table, without the modifier"
        )
        self._initiative_roll.setSpecialValueText("app rolls")
        self._dex = _spin(c.dex, 0, 99, "Dexterity score: breaks initiative ties")
        self._concentration = _spin(
            c.concentration, -50, 99, "Concentration skill bonus, for keeping a spell going "
            "when hurt while casting", signed=True,
        )  # fmt: skip
        self._attacks_per_round = _spin(
            c.attacks_per_round, 1, 12, "Blows in a full attack (the full-attack table's row)"
        )

        self._attacks = QTableWidget(0, 4)
        self._attacks.setHorizontalHeaderLabels(["Name", "Bonus", "Damage", "Range"])
        header_tips = (
            "How plans refer to this attack; unique for this combatant",
            "Attack bonus, added to the d20",
            "Damage in dice notation, e.g. 1d8+3, 2d6, 1d4+1d6",
            "Range in feet for a ranged attack; leave blank for melee (uses reach)",
        )
        for column, tip in enumerate(header_tips):
            item = self._attacks.horizontalHeaderItem(column)
            assert item is not None
            item.setToolTip(tip)
            item.setTextAlignment(_column_alignment(numeric=column in (BONUS, RANGE)))
        self._attacks.verticalHeader().hide()
        self._attacks.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._attacks.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._attacks.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self._attacks.setWordWrap(False)
        self._attacks.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 10)
        # Room for four attacks before it scrolls: most stat blocks have one to three.
        self._attacks.setMinimumHeight(5 * (self.fontMetrics().height() + 10) + 4)
        header = self._attacks.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Fixed)
        self._attacks.setColumnWidth(BONUS, 70)
        self._attacks.setColumnWidth(RANGE, 80)
        self._delegate = LiveCellDelegate(
            self._attacks,
            patterns={BONUS: _SIGNED_NUMBER, RANGE: r"\d{0,4}"},
            placeholders={RANGE: "melee"},
        )
        self._attacks.setItemDelegate(self._delegate)
        for attack in c.attacks:
            self._append_attack_row(attack)
        self._add_attack = QPushButton("&Add attack")
        self._add_attack.setToolTip("Add an attack and start typing its name")
        self._add_attack.setAutoDefault(False)
        self._remove_attack = QPushButton("&Remove attack")
        self._remove_attack.setToolTip("Remove the selected attack (Delete)")
        self._remove_attack.setAutoDefault(False)
        remove_action = QAction("Remove attack", self._attacks)
        remove_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        # Only while the table itself has focus: Delete in a cell being edited deletes text.
        remove_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        remove_action.triggered.connect(self._remove_selected_attack)
        self._attacks.addAction(remove_action)

        self._warning_icon = QLabel()
        icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        self._warning_icon.setPixmap(icon.pixmap(16, 16))
        self._warning_icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self._message = QLabel()
        self._message.setObjectName("validationMessage")
        self._message.setWordWrap(True)
        self._message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setDefault(True)

        self._fields: dict[str, QWidget] = {
            "id": self._id,
            "name": self._name,
            "side": self._side,
            "size": self._size,
            "x": self._x,
            "y": self._y,
            "speed": self._speed,
            "reach": self._reach,
            "hp": self._hp,
            "max_hp": self._max_hp,
            "ac": self._ac,
            "init_mod": self._init_mod,
            "initiative_roll": self._initiative_roll,
            "dex": self._dex,
            "concentration": self._concentration,
            "attacks_per_round": self._attacks_per_round,
            "attacks": self._attacks,
            "image": self._image,
        }
        self._lay_out()

    def _lay_out(self) -> None:
        identity = QGroupBox("Who")
        form = self._form(identity)
        self._row(form, "&ID", self._id)
        self._row(form, "&Name", self._name)
        self._row(form, "Si&de", self._side)
        image_row = QHBoxLayout()
        image_row.setSpacing(4)
        image_row.addWidget(self._framed(self._image), 1)
        image_row.addWidget(self._browse)
        form.addRow(self._label("I&mage", self._image), image_row)

        place = QGroupBox("Where")
        form = self._form(place)
        self._row(form, "Si&ze", self._size)
        self._row(form, "&X", self._x)
        self._row(form, "&Y", self._y)

        body = QGroupBox("Body")
        form = self._form(body)
        self._row(form, "&Speed", self._speed)
        self._row(form, "R&each", self._reach)
        self._row(form, "&HP", self._hp)
        self._row(form, "Max H&P", self._max_hp)
        self._row(form, "A&C", self._ac)

        initiative = QGroupBox("Initiative")
        form = self._form(initiative)
        self._row(form, "Modi&fier", self._init_mod)
        self._row(form, "d&12 rolled", self._initiative_roll)
        self._row(form, "Dexteri&ty", self._dex)
        self._row(form, "Concentrati&on", self._concentration)

        attacks = QGroupBox("Attacks")
        attacks_layout = QGridLayout(attacks)
        attacks_layout.addWidget(self._label("Attac&ks per round", self._attacks_per_round), 0, 0)
        attacks_layout.addWidget(self._framed(self._attacks_per_round), 0, 1)
        attacks_layout.setColumnStretch(2, 1)
        attacks_layout.addWidget(self._attacks, 1, 0, 1, 3)
        attack_buttons = QHBoxLayout()
        attack_buttons.addWidget(self._add_attack)
        attack_buttons.addWidget(self._remove_attack)
        attack_buttons.addStretch(1)
        attacks_layout.addLayout(attack_buttons, 2, 0, 1, 3)

        grid = QGridLayout()
        grid.addWidget(identity, 0, 0)
        grid.addWidget(place, 1, 0)
        grid.addWidget(body, 0, 1)
        grid.addWidget(initiative, 1, 1)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)

        # The message has a row of its own, one line tall even when empty, so the dialog does
        # not jump as problems come and go and long messages are not squeezed by the buttons.
        message_row = QHBoxLayout()
        message_row.addWidget(self._warning_icon)
        message_row.addWidget(self._message, 1)
        self._message.setMinimumHeight(self._message.fontMetrics().height() + 4)

        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(attacks, 1)
        layout.addLayout(message_row)
        layout.addWidget(self._buttons)

        chain: list[QWidget] = [
            self._id, self._name, self._side, self._image, self._browse, self._size, self._x,
            self._y, self._speed, self._reach, self._hp, self._max_hp, self._ac, self._init_mod,
            self._initiative_roll, self._dex, self._concentration, self._attacks_per_round,
            self._attacks, self._add_attack, self._remove_attack,
            self._buttons.button(QDialogButtonBox.StandardButton.Ok),
            self._buttons.button(QDialogButtonBox.StandardButton.Cancel),
        ]  # fmt: skip
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)
        self._name.setFocus()
        self._name.selectAll()

    def _framed(self, field: QWidget) -> FieldFrame:
        frame = FieldFrame(field)
        self._frames[field] = frame
        return frame

    def _row(self, form: QFormLayout, label: str, field: QWidget) -> None:
        form.addRow(self._label(label, field), self._framed(field))

    @staticmethod
    def _form(box: QGroupBox) -> QFormLayout:
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # The field frames already add a little air around each field.
        form.setVerticalSpacing(2)
        return form

    @staticmethod
    def _label(text: str, buddy: QWidget) -> QLabel:
        label = QLabel(text)
        label.setBuddy(buddy)
        return label

    def _coordinate(self, value: float, high: int, edge: str, dimension: str) -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setRange(0.0, float(high))
        spin.setDecimals(2)
        # Half a square: small and medium tokens stand on square centres (i + 0.5).
        spin.setSingleStep(0.5)
        spin.setValue(value)
        self._shown_coordinates[spin] = spin.value()  # as rounded by the spin box
        spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        spin.setSuffix(" sq")
        spin.setToolTip(
            f"The token's centre in squares from the map's {edge} (0 to {high}, the map's "
            f"{dimension}); a medium token on a square sits at .5"
        )
        return spin

    def _append_attack_row(self, attack: AttackProfile) -> None:
        row = self._attacks.rowCount()
        self._attacks.insertRow(row)
        texts = (
            attack.name,
            f"{attack.bonus:+d}",
            attack.damage,
            "" if attack.range is None else str(attack.range),
        )
        for column, text in enumerate(texts):
            item = QTableWidgetItem(text)
            item.setTextAlignment(_column_alignment(numeric=column in (BONUS, RANGE)))
            self._attacks.setItem(row, column, item)

    # --- behaviour --------------------------------------------------------------------------

    def _connect(self) -> None:
        for line in (self._id, self._name, self._image):
            line.textChanged.connect(self._validate)
        self._side.currentTextChanged.connect(self._validate)
        self._size.currentIndexChanged.connect(self._validate)
        for spin in self._fields.values():
            if isinstance(spin, (QSpinBox, QDoubleSpinBox)):
                spin.valueChanged.connect(self._validate)
        self._name.textChanged.connect(self._update_title)
        self._attacks.itemChanged.connect(self._validate)
        self._attacks.itemSelectionChanged.connect(self._update_attack_buttons)
        self._add_attack.clicked.connect(self._add_attack_row)
        self._remove_attack.clicked.connect(self._remove_selected_attack)
        self._browse.clicked.connect(self._choose_image)
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        self._update_attack_buttons()

    def _update_title(self, name: str) -> None:
        self.setWindowTitle(f"Edit {name.strip()}" if name.strip() else "Edit combatant")

    def _update_attack_buttons(self) -> None:
        self._remove_attack.setEnabled(bool(self._attacks.selectionModel().selectedRows()))

    def _add_attack_row(self) -> None:
        names = {self._cell(row, 0) for row in range(self._attacks.rowCount())}
        name = next(
            candidate
            for number in range(1, len(names) + 2)
            if (candidate := "attack" if number == 1 else f"attack {number}") not in names
        )
        self._attacks.blockSignals(True)
        try:
            self._append_attack_row(AttackProfile(name, 0, "1d6"))
        finally:
            self._attacks.blockSignals(False)
        row = self._attacks.rowCount() - 1
        index = self._attacks.model().index(row, 0)
        self._attacks.setCurrentIndex(index)
        self._attacks.setFocus(Qt.FocusReason.OtherFocusReason)
        self._attacks.edit(index)
        self._validate()

    def _remove_selected_attack(self) -> None:
        rows = sorted({index.row() for index in self._attacks.selectionModel().selectedRows()})
        if not rows:
            return
        for row in reversed(rows):
            self._attacks.removeRow(row)
        self._marked_cell = None  # the rows under it moved; _validate marks afresh
        remaining = self._attacks.rowCount()
        if remaining:
            self._attacks.selectRow(min(rows[0], remaining - 1))
        self._update_attack_buttons()
        self._validate()

    def _choose_image(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self,
            "Choose a picture for the token",
            self._image.text(),
            "Images (*.png *.jpg *.jpeg *.bmp *.gif *.svg *.webp);;All files (*)",
        )
        if path:
            self._image.setText(path)

    def _cell(self, row: int, column: int) -> str:
        item = self._attacks.item(row, column)
        return item.text() if item is not None else ""

    def _combatant_dict(self) -> dict[str, object]:
        """The form as the encounter file would hold it."""
        data: dict[str, object] = {
            "id": self._id.text().strip(),
            "name": self._name.text().strip(),
            "side": self._side.currentText().strip(),
            "size": self._size.currentData(),
            "x": self._coordinate_value(self._x, self._original.x),
            "y": self._coordinate_value(self._y, self._original.y),
            "speed": self._speed.value(),
            "reach": self._reach.value(),
            "hp": self._hp.value(),
        }
        if self._max_hp.value() != self._max_hp.minimum():
            data["max_hp"] = self._max_hp.value()
        data["ac"] = self._ac.value()
        data["init_mod"] = self._init_mod.value()
        if self._initiative_roll.value() != self._initiative_roll.minimum():
            data["initiative_roll"] = self._initiative_roll.value()
        data["dex"] = self._dex.value()
        data["concentration"] = self._concentration.value()
        data["attacks_per_round"] = self._attacks_per_round.value()
        attacks: list[dict[str, object]] = []
        for row in range(self._attacks.rowCount()):
            attack: dict[str, object] = {
                "name": self._cell(row, 0).strip(),
                "bonus": _number_or_text(self._cell(row, 1)),
                "damage": self._cell(row, 2).strip(),
            }
            if self._cell(row, 3).strip():
                attack["range"] = _number_or_text(self._cell(row, 3))
            attacks.append(attack)
        data["attacks"] = attacks
        if self._image.text().strip():
            data["image"] = self._image.text().strip()
        return data

    def _coordinate_value(self, spin: QDoubleSpinBox, original: float) -> float:
        # The spin box shows two decimals; an untouched coordinate such as 7.3333 must come
        # back exactly as it was, not rounded.
        if spin.value() == self._shown_coordinates[spin]:
            return original
        return spin.value()

    def _validate(self) -> None:
        data = self._combatant_dict()
        problem: tuple[str, str] | None = None  # (message, pointer)
        if data["id"] in self._taken:
            problem = (
                f"ID {data['id']!r} is already used by another combatant",
                "combatants[0].id",
            )
        else:
            encounter = {
                "format": "battlemap-encounter",
                "version": 1,
                "ruleset": "d12",
                "map": {"width": self._map.width, "height": self._map.height},
                "combatants": [data],
            }
            try:
                parsed = parse_encounter(encounter, "form").combatants[0]
            except EncounterError as error:
                pointer = error.where.removeprefix("form").removeprefix(", ")
                problem = (error.problem, pointer)
            else:
                # Copied onto the original, so that anything the form does not show survives.
                fields = {f.name: getattr(parsed, f.name) for f in dataclasses.fields(parsed)}
                self._result = dataclasses.replace(self._original, **fields)
        self._valid = problem is None
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(self._valid)
        if problem is None:
            self._show_problem("", None, None)
        else:
            message, pointer = problem
            self._show_problem(*self._place(message, pointer))

    def _place(
        self, problem: str, pointer: str
    ) -> tuple[str, QWidget | None, tuple[int, int] | None]:
        """The message in the form's words, and the widget or attack cell it is about."""
        match = _POINTER.match(pointer)
        if match is None:
            return problem, None, None
        key, index, subkey = match.group(1), match.group(2), match.group(3)
        if key == "attacks" and index is not None:
            row = int(index)
            name = self._cell(row, 0).strip() if row < self._attacks.rowCount() else ""
            prefix = f"Attack {row + 1}" + (f" ({name})" if name else "")
            text = re.sub(r"attacks\[(\d+)\]", _attack_number, problem)
            cell = (row, _ATTACK_COLUMNS.index(subkey)) if subkey in _ATTACK_COLUMNS else None
            return f"{prefix}: {text}", self._attacks if cell is None else None, cell
        if key is None or key not in self._fields:
            return problem, None, None
        label = _LABELS.get(key, key)
        if problem.startswith(f"{key} "):
            problem = label + problem[len(key) :]
        elif problem[:1].islower():
            problem = problem[:1].upper() + problem[1:]
        problem = problem.replace("at least hp (", "at least HP (")
        return problem, self._fields[key], None

    def _show_problem(
        self, message: str, widget: QWidget | None, cell: tuple[int, int] | None
    ) -> None:
        self._message.setText(message)
        self._warning_icon.setVisible(bool(message))
        self._message.setToolTip(message)
        if self._marked_widget is not None and self._marked_widget is not widget:
            set_invalid(self._frames.get(self._marked_widget, self._marked_widget), False)
        if widget is not None:
            set_invalid(self._frames.get(widget, widget), True)
        self._marked_widget = widget
        self._mark_cell(cell, message)

    def _mark_cell(self, cell: tuple[int, int] | None, message: str) -> None:
        # The marks are model data: blocking the table's signals keeps itemChanged (and so a
        # second validation) quiet, while the view still repaints from the model.
        self._attacks.blockSignals(True)
        try:
            if self._marked_cell is not None and self._marked_cell != cell:
                old = self._attacks.item(*self._marked_cell)
                if old is not None:
                    old.setData(INVALID_ROLE, False)
                    old.setToolTip("")
            if cell is not None:
                item = self._attacks.item(*cell)
                if item is not None:
                    item.setData(INVALID_ROLE, True)
                    item.setToolTip(message)
        finally:
            self._attacks.blockSignals(False)
        self._marked_cell = cell
        open_editor = self._delegate.open_editor()
        if open_editor is not None:
            editor, index = open_editor
            set_invalid(editor, cell == (index.row(), index.column()))

    def accept(self) -> None:
        # Enter reaches here through the default button only while it is enabled, but a caller
        # may call accept() directly: an invalid form is never accepted.
        if self._valid:
            super().accept()


def _number_or_text(text: str) -> object:
    """A whole number if the cell holds one, else the text itself, so that the validator
    names what was typed ("got '-'") rather than the form guessing."""
    stripped = text.strip()
    try:
        return int(stripped)
    except ValueError:
        return stripped
