"""Readying an action: what to do, at whom, and what sets it off."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlemap.core.encounter import Encounter, Plan, SpellRef, Trigger

#: The readied actions the dialog offers (a readied move needs a path: plan it in the file).
ACTIONS = (("attack", "Attack"), ("cast", "Cast a spell"), ("standard", "Another standard action"))
#: Triggers as the game master says them, and who the "watched" list holds for each.
TRIGGERS = (
    ("starts_casting", "an enemy starts casting", "enemy"),
    ("starts_moving", "an enemy starts moving", "enemy"),
    ("attacks", "an enemy attacks", "enemy"),
    ("enters_reach", "an enemy comes within reach", "any enemy"),
    ("ally_attacked", "an ally is attacked", "any ally"),
    ("at_count", "a count comes", "count"),
)
ANYONE = "(anyone)"
WHOEVER = "(whoever sets it off)"


class ReadyDialog(QDialog):
    """The readied action and its trigger for one combatant; `plan()` builds the ready plan."""

    def __init__(
        self, encounter: Encounter, actor: str, round_number: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        me = encounter.combatant(actor)
        self.setWindowTitle(f"Ready: {me.name}")
        self._actor, self._round = actor, round_number
        self._enemies = [c for c in encounter.combatants if c.side != me.side]
        self._allies = [c for c in encounter.combatants if c.side == me.side and c.id != actor]
        self.action = QComboBox()
        for key, text in ACTIONS:
            self.action.addItem(text, key)
        self.target = QComboBox()
        self.target.addItem(WHOEVER, None)
        for c in self._enemies:
            self.target.addItem(c.name, c.id)
        self.spell = QLineEdit()
        self.spell.setPlaceholderText("spell name")
        self.level = QSpinBox()
        self.level.setRange(0, 9)
        self.level.setValue(1)
        self.trigger = QComboBox()
        for key, text, _who in TRIGGERS:
            self.trigger.addItem(text, key)
        self.watched = QComboBox()
        self.count = QSpinBox()
        self.count.setRange(1, 12)
        self.count.setValue(6)
        form = QFormLayout()
        form.addRow("&Then:", self.action)
        form.addRow("&At:", self.target)
        form.addRow("&Spell:", self.spell)
        form.addRow("Spell &level:", self.level)
        form.addRow("&When:", self.trigger)
        form.addRow("Whom to wat&ch:", self.watched)
        form.addRow("Cou&nt:", self.count)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self._ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.action.currentIndexChanged.connect(self._update)
        self.trigger.currentIndexChanged.connect(self._update)
        self.spell.textChanged.connect(self._update)
        self._update()

    def plan(self) -> Plan:
        """The ready plan as chosen."""
        action = str(self.action.currentData())
        spell = (
            SpellRef(self.spell.text().strip(), self.level.value()) if action == "cast" else None
        )
        target = self.target.currentData() if action in ("attack", "cast") else None
        readied = Plan(
            actor=self._actor,
            round=self._round,
            action=action,
            target=None if target is None else str(target),
            spell=spell,
        )
        event = str(self.trigger.currentData())
        watched = self.watched.currentData()
        trigger = Trigger(
            event=event,
            actor=None if watched is None else str(watched),
            count=self.count.value() if event == "at_count" else None,
        )
        return Plan(
            actor=self._actor,
            round=self._round,
            action="ready",
            readied=readied,
            trigger=trigger,
        )

    def _update(self) -> None:
        action = str(self.action.currentData())
        self.target.setEnabled(action in ("attack", "cast"))
        self.spell.setEnabled(action == "cast")
        self.level.setEnabled(action == "cast")
        who = next(w for key, _t, w in TRIGGERS if key == self.trigger.currentData())
        previous = self.watched.currentData()
        self.watched.clear()
        if who in ("any enemy", "any ally"):
            self.watched.addItem(ANYONE, None)
        people = self._allies if who == "any ally" else self._enemies
        if who != "count":
            for c in people:
                self.watched.addItem(c.name, c.id)
        index = self.watched.findData(previous)
        if index >= 0:
            self.watched.setCurrentIndex(index)
        self.watched.setEnabled(who != "count")
        self.count.setEnabled(who == "count")
        self._ok.setEnabled(action != "cast" or bool(self.spell.text().strip()))
