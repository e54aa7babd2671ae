"""Initiative set-up from a ruleset's own fields: each side's situation, each combatant's flags
and typed checks, with what the opening checks give shown as they are edited.

Combat Experience's panel (`Ruleset.initiative_setup` "combat-experience") asks each side's
`situation`, and for each combatant his skill, `fearless`, his own `situation` (else his
side's) and his typed check results (`initiative_rolls`, blank: the app rolls). Widgets follow
the fields' specs (`core.fields`): a choice is a list, a flag a box, a whole number a spin box,
whole numbers a line of numbers. The last column is the fight itself: the encounter as edited
runs to its first moment, and each combatant's opening check is told as the log will tell it,
typed or rolled by the app's keyed dice (the very roll the fight will make).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from types import MappingProxyType

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from battlemap.core.encounter import Encounter
from battlemap.core.errors import BattlemapError
from battlemap.core.fields import FieldSpec, StatValue
from battlemap.core.narration import Narrator
from battlemap.play.session import FightModel
from battlemap.rulesets.base import Ruleset
from battlemap.ui.form_validation import INVALID_STYLE_SHEET, set_invalid
from battlemap.ui.palette import side_swatch

#: Where the dialog's problems say they are.
SOURCE = "set-up"
#: What a combatant's situation list says when he takes his side's.
AS_SIDE = "as side"


@dataclass(frozen=True)
class SetupFields:
    """Which of a ruleset's fields a set-up panel asks, as (field, column label): each side's
    and each combatant's; `typed` names the combatant field of typed check results (the one
    "Roll blanks" fills), if any."""

    sides: tuple[tuple[str, str], ...]
    combatants: tuple[tuple[str, str], ...]
    typed: str | None = None


#: Combat Experience: "Difficulty 10 if you initiated combat ... 25 if you are surprised";
#: "If the character is fearless ... he can only freeze".
COMBAT_EXPERIENCE = SetupFields(
    sides=(("situation", "Situation"),),
    combatants=(
        ("combat_experience", "Skill"),
        ("fearless", "Fearless"),
        ("situation", "Situation"),
        ("initiative_rolls", "Checks typed"),
    ),
    typed="initiative_rolls",
)

FieldWidget = QComboBox | QCheckBox | QSpinBox | QLineEdit


def words(value: str) -> str:
    """A choice as the game master reads it: "saw_start" is "saw start"."""
    return value.replace("_", " ")


class InitiativeSetupDialog(QDialog):
    """The initiative set-up of a ruleset that asks its own fields (`SetupFields`).

    OK is enabled while the rules accept the encounter as edited; `sides()` and `stats()` then
    hold the new values (the document writes them as one undoable edit). "Roll blanks" types
    in the app's roll for each blank check, which is the roll the fight would make anyway.
    """

    def __init__(
        self,
        encounter: Encounter,
        ruleset: Ruleset,
        asked: SetupFields,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._encounter = encounter
        self._ruleset = ruleset
        self._asked = asked
        self._side_specs = ruleset.fields.side
        self._combatant_specs = ruleset.fields.combatant
        self._valid = False
        #: The app's roll of each combatant's opening check, from the last preview.
        self._app_rolls: dict[str, int] = {}
        self.setWindowTitle("Initiative")
        self.setStyleSheet(INVALID_STYLE_SHEET)
        self.side_names = _sides_of(encounter)

        intro = QLabel(
            "Say how each side came into the fight and who is fearless. Type the checks rolled "
            "at the table (the first, then any re-rolls), or leave them blank and Battlemap "
            "rolls them. The last column is what the opening check gives, as the fight will "
            "play it."
        )
        intro.setWordWrap(True)

        #: The widgets, by side then field, and by combatant id then field.
        self.side_widgets: dict[str, dict[str, FieldWidget]] = {}
        self.combatant_widgets: dict[str, dict[str, FieldWidget]] = {}
        #: What each combatant's opening check gives (the log's words).
        self.outcome: dict[str, QLabel] = {}

        sides_box = QGroupBox("Sides")
        sides_grid = QGridLayout(sides_box)
        sides_grid.addWidget(_header("Side"), 0, 0)
        for column, (name, label) in enumerate(asked.sides, start=1):
            sides_grid.addWidget(_header(label, self._side_specs[name]), 0, column)
        for row, side in enumerate(self.side_names, start=1):
            sides_grid.addWidget(_swatched(side, side), row, 0)
            values = encounter.sides.get(side, MappingProxyType({}))
            self.side_widgets[side] = {}
            for column, (name, _label) in enumerate(asked.sides, start=1):
                widget = self._field_widget(self._side_specs[name], values.get(name), None)
                widget.setObjectName(f"side_{side}_{name}")
                sides_grid.addWidget(widget, row, column)
                self.side_widgets[side][name] = widget
        sides_grid.setColumnStretch(len(asked.sides) + 1, 1)

        people = QWidget()
        grid = QGridLayout(people)
        grid.addWidget(_header("Name"), 0, 0)
        for column, (name, label) in enumerate(asked.combatants, start=1):
            grid.addWidget(_header(label, self._combatant_specs[name]), 0, column)
        outcome_column = len(asked.combatants) + 1
        grid.addWidget(_header("Opening check"), 0, outcome_column)
        for row, combatant in enumerate(encounter.combatants, start=1):
            grid.addWidget(_swatched(combatant.name, combatant.side), row, 0)
            self.combatant_widgets[combatant.id] = {}
            for column, (name, _label) in enumerate(asked.combatants, start=1):
                widget = self._field_widget(
                    self._combatant_specs[name], combatant.stats.get(name), combatant.side
                )
                widget.setObjectName(f"{combatant.id}_{name}")
                grid.addWidget(
                    widget,
                    row,
                    column,
                    alignment=Qt.AlignmentFlag.AlignCenter
                    if isinstance(widget, QCheckBox)
                    else Qt.AlignmentFlag(0),
                )
                self.combatant_widgets[combatant.id][name] = widget
            outcome = QLabel()
            outcome.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            grid.addWidget(outcome, row, outcome_column)
            self.outcome[combatant.id] = outcome
        grid.setColumnStretch(outcome_column, 1)
        grid.setRowStretch(len(encounter.combatants) + 1, 1)
        scroll = QScrollArea()
        scroll.setWidget(people)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        people_box = QGroupBox("Combatants")
        QVBoxLayout(people_box).addWidget(scroll)

        self._message = QLabel()
        self._message.setObjectName("validationMessage")
        self._message.setWordWrap(True)
        self._message.setMinimumHeight(self._message.fontMetrics().height() + 4)
        self._warning_icon = QLabel()
        icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        self._warning_icon.setPixmap(icon.pixmap(16, 16))
        self.roll_blanks = QPushButton("Roll &blanks")
        self.roll_blanks.setToolTip(
            "Type in the app's roll for every blank check: the roll the fight would make"
        )
        self.roll_blanks.setAutoDefault(False)
        self.roll_blanks.clicked.connect(self._fill_blanks)
        self.roll_blanks.setVisible(asked.typed is not None)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        message_row = QHBoxLayout()
        message_row.addWidget(self._warning_icon)
        message_row.addWidget(self._message, 1)
        buttons_row = QHBoxLayout()
        buttons_row.addWidget(self.roll_blanks)
        buttons_row.addStretch(1)
        buttons_row.addWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(sides_box)
        layout.addWidget(people_box, 1)
        layout.addLayout(message_row)
        layout.addLayout(buttons_row)
        self._refresh()
        rows = len(encounter.combatants) + len(self.side_names)
        self.resize(1100, min(760, 250 + 34 * rows))

    # --- public API -------------------------------------------------------------------------

    def sides(self) -> dict[str, dict[str, StatValue]]:
        """Every side's fields as edited (the fields not asked kept as they were)."""
        result: dict[str, dict[str, StatValue]] = {
            side: dict(values) for side, values in self._encounter.sides.items()
        }
        for side, widgets in self.side_widgets.items():
            values = result.setdefault(side, {})
            for name, widget in widgets.items():
                _put(values, name, _read(widget, self._side_specs[name]), name in values)
        return {side: values for side, values in result.items() if values}

    def stats(self) -> dict[str, dict[str, StatValue]]:
        """Every combatant's fields as edited, by id (the fields not asked kept as they were)."""
        result: dict[str, dict[str, StatValue]] = {}
        for combatant in self._encounter.combatants:
            values = dict(combatant.stats)
            for name, widget in self.combatant_widgets[combatant.id].items():
                value = _read(widget, self._combatant_specs[name])
                _put(values, name, value, name in combatant.stats)
            result[combatant.id] = values
        return result

    def edited(self) -> Encounter:
        """The encounter with the fields as edited (what OK writes)."""
        sides = self.sides()
        stats = self.stats()
        return replace(
            self._encounter,
            combatants=tuple(
                replace(c, stats=MappingProxyType(stats[c.id])) for c in self._encounter.combatants
            ),
            sides=MappingProxyType({s: MappingProxyType(v) for s, v in sides.items()}),
        )

    def problem(self) -> str:
        """Why OK is disabled, or ""."""
        return self._message.text()

    # --- building ---------------------------------------------------------------------------

    def _field_widget(self, spec: FieldSpec, value: object, side: str | None) -> FieldWidget:
        """The widget for one field of kind `spec.kind`, showing `value`; `side`: a combatant's
        choice may be left to his side's (None for a side's own field)."""
        widget: FieldWidget
        if spec.kind == "choice":
            combo = QComboBox()
            if side is not None:
                combo.addItem(AS_SIDE, None)
            else:
                combo.addItem("(not set)", None)
            for choice in spec.choices:
                combo.addItem(words(choice), choice)
            index = combo.findData(value) if isinstance(value, str) else 0
            combo.setCurrentIndex(max(index, 0))
            combo.currentIndexChanged.connect(self._refresh)
            widget = combo
        elif spec.kind == "flag":
            box = QCheckBox()
            box.setChecked(value is True)
            box.toggled.connect(self._refresh)
            widget = box
        elif spec.kind == "whole":
            spin = QSpinBox()
            spin.setRange(max(spec.low, -999_999), min(spec.high, 999_999))
            spin.setValue(value if isinstance(value, int) else max(spec.low, 0))
            spin.valueChanged.connect(self._refresh)
            widget = spin
        else:
            line = QLineEdit(", ".join(str(v) for v in value) if isinstance(value, tuple) else "")
            line.setPlaceholderText("app rolls")
            line.setMinimumWidth(110)
            line.textChanged.connect(self._refresh)
            widget = line
        widget.setToolTip(spec.meaning)
        return widget

    # --- checking and the preview -----------------------------------------------------------

    def _refresh(self) -> None:
        problems = self._typed_problems()
        self._outcomes_cleared()
        self._app_rolls = {}
        if not problems:
            candidate = self.edited()
            try:
                self._ruleset.validate(candidate, SOURCE)
            except BattlemapError as error:
                problems.append(self._explain(error))
            else:
                self._preview(candidate)
        self._valid = not problems
        self._message.setText("; ".join(problems))
        self._warning_icon.setVisible(bool(problems))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(self._valid)
        self.roll_blanks.setEnabled(bool(self._app_rolls) and self._valid)

    def _typed_problems(self) -> list[str]:
        """Lines of numbers that are not numbers, or out of their field's bounds."""
        problems = []
        for combatant in self._encounter.combatants:
            for name, widget in self.combatant_widgets[combatant.id].items():
                if not isinstance(widget, QLineEdit):
                    continue
                problem = _wholes_problem(widget.text(), self._combatant_specs[name])
                set_invalid(widget, problem is not None)
                if problem is not None:
                    problems.append(f"{combatant.name}: {problem}")
        return problems

    def _explain(self, error: BattlemapError) -> str:
        """The rules' refusal, with the combatant named rather than his index."""
        where = error.where
        found = re.search(r"combatants\[(\d+)\]", where)
        if found is not None and int(found.group(1)) < len(self._encounter.combatants):
            who = self._encounter.combatants[int(found.group(1))].name
            return f"{who}: {error.problem}"
        return error.problem

    def _outcomes_cleared(self) -> None:
        for label in self.outcome.values():
            label.setText("")
            label.setToolTip("")

    def _preview(self, candidate: Encounter) -> None:
        """Run the edited encounter to its first moment and show each opening check."""
        try:
            model = FightModel(candidate, lambda _request: False)
            model.start(to_first_event=False)
            engine = model.engine
            assert engine is not None
            engine.run_until(model.ruleset.clock.round_start(1))
        except BattlemapError as error:  # the rules refused it at the start: say so
            self._message.setText(error.problem)
            return
        narrator = Narrator(candidate, model.ruleset.clock, model.ruleset.sentences)
        told: set[str] = set()
        for event in engine.log.events:
            who = event.actor
            if who is None or who not in self.outcome:
                continue
            if event.type == "roll" and event["purpose"] == "initiative":
                if event["source"] == "app" and who not in self._app_rolls:
                    self._app_rolls[who] = int(event["result"])
            elif event.type == "initiative" and who not in told:
                told.add(who)
                self._show_outcome(who, narrator, narrator.sentence(event) or "")

    def _show_outcome(self, who: str, narrator: Narrator, sentence: str) -> None:
        """The log's sentence without its "Initiative:" and the name in front, the dice after."""
        text = sentence.removeprefix("Initiative: ").removeprefix(f"{narrator.name(who)}'s ")
        short, _, dice = text.partition(" [")
        label = self.outcome[who]
        label.setText(short[:1].upper() + short[1:])
        label.setToolTip(sentence if not dice else f"{short}\nDice: [{dice}")

    def _fill_blanks(self) -> None:
        typed = self._asked.typed
        if typed is None:
            return
        for who, total in list(self._app_rolls.items()):
            widget = self.combatant_widgets[who].get(typed)
            if isinstance(widget, QLineEdit) and not widget.text().strip():
                widget.setText(str(total))

    def accept(self) -> None:
        self._refresh()
        if self._valid:
            super().accept()


def _sides_of(encounter: Encounter) -> list[str]:
    """The sides in the order their first combatant comes, then sides with fields but nobody."""
    found: list[str] = []
    for combatant in encounter.combatants:
        if combatant.side not in found:
            found.append(combatant.side)
    return found + [s for s in encounter.sides if s not in found]


def _header(text: str, spec: FieldSpec | None = None) -> QLabel:
    label = QLabel(f"<b>{text}</b>")
    if spec is not None:
        label.setToolTip(spec.meaning)
    return label


def _swatched(text: str, side: str) -> QWidget:
    """`text` beside a chip of `side`'s colour."""
    box = QWidget()
    row = QHBoxLayout(box)
    row.setContentsMargins(0, 0, 8, 0)
    chip = QLabel()
    chip.setPixmap(side_swatch(side).pixmap(12, 12))
    row.addWidget(chip)
    row.addWidget(QLabel(text), 1)
    return box


def _read(widget: FieldWidget, spec: FieldSpec) -> StatValue | None:
    """The widget's value for its field; None: not set."""
    if isinstance(widget, QComboBox):
        data = widget.currentData()
        return None if data is None else str(data)
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QSpinBox):
        return widget.value()
    numbers = _wholes(widget.text())
    return numbers if numbers else None


def _put(values: dict[str, StatValue], name: str, value: StatValue | None, was_set: bool) -> None:
    """Set `name` to `value`, leaving a field that was absent absent while it means its
    default (a flag off, no numbers, no choice, 0)."""
    if value is None or (not was_set and value in (False, 0)):
        values.pop(name, None)
    else:
        values[name] = value


_NUMBER = re.compile(r"[+-]?\d+")


def _wholes(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in _NUMBER.findall(text))


def _wholes_problem(text: str, spec: FieldSpec) -> str | None:
    """Why `text` is not a line of whole numbers for `spec`, or None."""
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    for part in parts:
        if _NUMBER.fullmatch(part) is None:
            return f"{part!r} is not a whole number"
        if not spec.low <= int(part) <= spec.high:
            return f"{part} is not between {spec.low} and {spec.high}"
    if len(parts) > spec.most:
        return f"at most {spec.most} numbers"
    return None
