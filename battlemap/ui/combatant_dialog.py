"""The combatant editor: every field of a combatant in the encounter file, checked as typed.

The form has no rules of its own: after each edit it builds the combatant's JSON object and
asks the file validator (through combatant_check), so what the form accepts is exactly what a
saved file will load, and the messages are the ones a broken file would give, pointed at the
widget or attack cell the validator names.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from battlemap.core.encounter import SIZE_SQUARES, Combatant, MapSpec
from battlemap.ui.attack_table import AttackTable
from battlemap.ui.combatant_check import check_combatant
from battlemap.ui.form_validation import INVALID_STYLE_SHEET, FieldFrame, set_invalid
from battlemap.ui.number_fields import CoordinateSpinBox, whole_number_field
from battlemap.ui.palette import side_swatch


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
        self._frames: dict[QWidget, FieldFrame] = {}
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
        return self._attacks.marked_cell()

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
        self._x = CoordinateSpinBox(c.x, self._map.width, "left edge", "width")
        self._y = CoordinateSpinBox(c.y, self._map.height, "top edge", "height")

        # Feet come in steps of 5 (one square), though the validator decides what is allowed.
        self._speed = whole_number_field(
            c.speed, 0, 995, "Movement per move action, in feet", step=5, suffix=" ft"
        )
        self._reach = whole_number_field(
            c.reach, 0, 100, "Melee reach in feet: 5 for most medium creatures, 10 for most "
            "large ones", step=5, suffix=" ft",
        )  # fmt: skip
        self._hp = whole_number_field(c.hp, -999, 9999, "Current hit points; 0 or less is down")
        # 0 is never a valid max_hp, so the spin box's lowest value can stand for "not given".
        self._max_hp = whole_number_field(
            c.max_hp or 0, 0, 9999, "Full hit points, when the combatant starts the fight hurt"
        )
        self._max_hp.setSpecialValueText("same as HP")
        self._ac = whole_number_field(c.ac, 1, 99, "Armour class")
        self._init_mod = whole_number_field(
            c.init_mod, -50, 50, "Added to the d12 for initiative", signed=True
        )
        self._initiative_roll = whole_number_field(
            c.initiative_roll or 0, 0, 12, "The d12 rolled at the table, without the modifier"
        )
        self._initiative_roll.setSpecialValueText("app rolls")
        self._dex = whole_number_field(c.dex, 0, 99, "Dexterity score: breaks initiative ties")
        self._concentration = whole_number_field(
            c.concentration, -50, 99, "Concentration skill bonus, for keeping a spell going "
            "when hurt while casting", signed=True,
        )  # fmt: skip
        self._reach_weapon = QCheckBox("Reach &weapon (not the adjacent squares)")
        self._reach_weapon.setChecked(c.reach_weapon)
        self._reach_weapon.setToolTip(
            "A longspear or glaive: threatens the squares at its reach but not the adjacent ones"
        )
        self._combat_reflexes = QCheckBox("Combat Re&flexes")
        self._combat_reflexes.setChecked(c.combat_reflexes)
        self._combat_reflexes.setToolTip(
            "1 + Dex modifier attacks of opportunity a round instead of 1"
        )
        self._attacks_per_round = whole_number_field(
            c.attacks_per_round, 1, 12, "Blows in a full attack (the full-attack table's row)"
        )

        self._attacks = AttackTable()
        row_height = self.fontMetrics().height() + 10
        self._attacks.verticalHeader().setDefaultSectionSize(row_height)
        # Room for four attacks before it scrolls: most stat blocks have one to three.
        self._attacks.setMinimumHeight(5 * row_height + 4)
        for attack in c.attacks:
            self._attacks.append_attack(attack)
        self._add_attack = QPushButton("&Add attack")
        self._add_attack.setToolTip("Add an attack and start typing its name")
        self._add_attack.setAutoDefault(False)
        self._remove_attack = QPushButton("&Remove attack")
        self._remove_attack.setToolTip("Remove the selected attack (Delete)")
        self._remove_attack.setAutoDefault(False)
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
        form.addRow("", self._reach_weapon)
        self._row(form, "&HP", self._hp)
        self._row(form, "Max H&P", self._max_hp)
        self._row(form, "A&C", self._ac)

        initiative = QGroupBox("Initiative")
        form = self._form(initiative)
        self._row(form, "Modi&fier", self._init_mod)
        self._row(form, "d&12 rolled", self._initiative_roll)
        self._row(form, "Dexteri&ty", self._dex)
        self._row(form, "Concentrati&on", self._concentration)
        form.addRow("", self._combat_reflexes)

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
            self._y, self._speed, self._reach, self._reach_weapon, self._hp, self._max_hp,
            self._ac, self._init_mod, self._initiative_roll, self._dex, self._concentration,
            self._combat_reflexes, self._attacks_per_round,
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

    # --- behaviour --------------------------------------------------------------------------

    def _connect(self) -> None:
        for line in (self._id, self._name, self._image):
            line.textChanged.connect(self._validate)
        self._side.currentTextChanged.connect(self._validate)
        self._reach_weapon.toggled.connect(self._validate)
        self._combat_reflexes.toggled.connect(self._validate)
        self._size.currentIndexChanged.connect(self._validate)
        for spin in self._fields.values():
            if isinstance(spin, (QSpinBox, QDoubleSpinBox)):
                spin.valueChanged.connect(self._validate)
        self._name.textChanged.connect(self._update_title)
        self._attacks.itemChanged.connect(self._validate)
        self._attacks.itemSelectionChanged.connect(self._update_attack_buttons)
        self._attacks.rowsChanged.connect(self._update_attack_buttons)
        self._attacks.rowsChanged.connect(self._validate)
        self._add_attack.clicked.connect(self._attacks.add_attack)
        self._remove_attack.clicked.connect(self._attacks.remove_selected)
        self._browse.clicked.connect(self._choose_image)
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        self._update_attack_buttons()

    def _update_title(self, name: str) -> None:
        self.setWindowTitle(f"Edit {name.strip()}" if name.strip() else "Edit combatant")

    def _update_attack_buttons(self) -> None:
        self._remove_attack.setEnabled(bool(self._attacks.selectionModel().selectedRows()))

    def _choose_image(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self,
            "Choose a picture for the token",
            self._image.text(),
            "Images (*.png *.jpg *.jpeg *.bmp *.gif *.svg *.webp);;All files (*)",
        )
        if path:
            self._image.setText(path)

    def _combatant_dict(self) -> dict[str, object]:
        """The form as the encounter file would hold it."""
        data: dict[str, object] = {
            "id": self._id.text().strip(),
            "name": self._name.text().strip(),
            "side": self._side.currentText().strip(),
            "size": self._size.currentData(),
            "x": self._x.exact_value(),
            "y": self._y.exact_value(),
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
        data["attacks"] = self._attacks.attack_dicts()
        if self._image.text().strip():
            data["image"] = self._image.text().strip()
        if self._reach_weapon.isChecked():
            data["reach_weapon"] = True
        if self._combat_reflexes.isChecked():
            data["combat_reflexes"] = True
        return data

    def _validate(self) -> None:
        outcome = check_combatant(self._combatant_dict(), self._original, self._map, self._taken)
        self._valid = isinstance(outcome, Combatant)
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(self._valid)
        if isinstance(outcome, Combatant):
            self._result = outcome
            self._show_problem("", None, None)
        else:
            widget = None if outcome.field is None else self._fields[outcome.field]
            self._show_problem(outcome.message, widget, outcome.cell)

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
        self._attacks.mark_cell(cell, message)

    def accept(self) -> None:
        # Enter reaches here through the default button only while it is enabled, but a caller
        # may call accept() directly: an invalid form is never accepted.
        if self._valid:
            super().accept()
