"""Readying an action: what to do, at whom, and what sets it off.

What it offers is the ruleset's (`PlanChoice.ready`): d12's Ready lists seven triggers and four
actions; Combat Experience's Wait three triggers, a move or an attack, and whether to try to
interrupt or to abort. The dialog is not modal: while it is open the map stays live, so the
game master can pick the trigger there instead of from the lists. A click on a token chooses
whom to watch; with "an enemy enters an area", a drag over the map's squares draws the area
(the planning controller passes the map's picks in through `pick_token` and `set_area`).
"""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlemap.core.encounter import Encounter, Plan, Point, SpellRef, Trigger
from battlemap.core.planning_choice import ReadiedChoice, ReadyChoices, TriggerChoice
from battlemap.ui.map_area import describe_area

NO_AREA = "Drag over the squares on the map"
ANYONE = "(anyone)"
WHOEVER = "(whoever sets it off)"


class ReadyDialog(QDialog):
    """The readied action and its trigger for one combatant; `plan()` builds the ready plan
    (a plan of `action`: d12's "ready", Combat Experience's "wait").

    `choices` are the ruleset's triggers, readied actions and yes/no choices; `counts` the
    range of a count trigger (the ruleset's `fields.counts`). A readied action planned by its
    path ("path") gets its waypoints on the map after OK.

    Signals:
        areaWanted(bool): the trigger became, or stopped being, "enters an area": the map
            should (or should no longer) let the game master drag out the area.
    """

    areaWanted = Signal(bool)

    def __init__(
        self,
        encounter: Encounter,
        actor: str,
        round_number: int,
        choices: ReadyChoices,
        parent: QWidget | None = None,
        *,
        action: str = "ready",
        title: str = "Ready",
        counts: tuple[int, int] = (1, 12),
    ) -> None:
        super().__init__(parent)
        me = encounter.combatant(actor)
        self.setWindowTitle(f"{title}: {me.name}")
        self._actor, self._round = actor, round_number
        self._plan_action = action
        self._triggers: dict[str, TriggerChoice] = {t.event: t for t in choices.triggers}
        self._readied: dict[str, ReadiedChoice] = {r.action: r for r in choices.readied}
        self._enemies = [c for c in encounter.combatants if c.side != me.side]
        self._allies = [c for c in encounter.combatants if c.side == me.side and c.id != actor]
        # Two goblins both called "goblin" must be told apart in the lists: by their id.
        names = Counter(c.name for c in encounter.combatants)
        self._label = {
            c.id: c.name if names[c.name] == 1 else f"{c.name} ({c.id})"
            for c in encounter.combatants
        }
        self.action = QComboBox()
        for readied in choices.readied:
            self.action.addItem(readied.label, readied.action)
        self.target = QComboBox()
        self.target.addItem(WHOEVER, None)
        for c in self._enemies:
            self.target.addItem(self._label[c.id], c.id)
        self.spell = QLineEdit()
        self.spell.setPlaceholderText("spell name")
        self.level = QSpinBox()
        self.level.setRange(0, 9)
        self.level.setValue(1)
        self.trigger = QComboBox()
        for trigger in choices.triggers:
            self.trigger.addItem(trigger.text, trigger.event)
        self.watched = QComboBox()
        # Whom the game master chose to watch (from the list or on the map) is kept across
        # trigger changes; a default the dialog put there is not.
        self._chosen_watch: str | None = None
        self.watched.activated.connect(self._watch_chosen)
        self.count = QSpinBox()
        self.count.setRange(*counts)
        self.count.setValue((counts[0] + counts[1]) // 2)
        #: The ruleset's yes/no choices (Plan.extra), by field.
        self.flags: dict[str, QCheckBox] = {}
        for field_name, label in choices.flags:
            self.flags[field_name] = QCheckBox(label)
        self.area_label = QLabel(NO_AREA)
        self._area: tuple[Point, ...] = ()
        self._wants_area = False
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        form = QFormLayout()
        # Read top down as the game master says it: "when the shaman starts casting, attack him".
        form.addRow("&When:", self.trigger)
        form.addRow("Whom to wat&ch:", self.watched)
        form.addRow("Cou&nt:", self.count)
        form.addRow("Area:", self.area_label)
        form.addRow("&Then:", self.action)
        form.addRow("&At:", self.target)
        form.addRow("&Spell:", self.spell)
        form.addRow("Spell &level:", self.level)
        for box in self.flags.values():
            form.addRow("", box)
        # Rows for what this ruleset never asks (no count trigger, no spells) are not shown.
        triggers, offered = choices.triggers, choices.readied
        form.setRowVisible(self.count, any(t.watch == "count" for t in triggers))
        form.setRowVisible(self.area_label, any(t.area for t in triggers))
        form.setRowVisible(self.target, any(r.how in ("target", "spell") for r in offered))
        for widget in (self.spell, self.level):
            form.setRowVisible(widget, any(r.how == "spell" for r in offered))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self._ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.hint)
        layout.addWidget(buttons)
        self.action.currentIndexChanged.connect(self._update)
        self.trigger.currentIndexChanged.connect(self._update)
        self.spell.textChanged.connect(self._update)
        self._update()

    def pick_token(self, combatant_id: str) -> bool:
        """A token clicked on the map: watch it, if the trigger watches someone and may watch
        this one. True when taken."""
        index = self.watched.findData(combatant_id)
        if index < 0 or not self.watched.isEnabled():
            return False
        self.watched.setCurrentIndex(index)
        self._chosen_watch = combatant_id
        return True

    def set_area(self, points: list[Point] | tuple[Point, ...]) -> None:
        """The area dragged out on the map (corners in squares)."""
        self._area = tuple(points)
        self.area_label.setText(describe_area(self._area) if self._area else NO_AREA)
        self._update()

    def area(self) -> tuple[Point, ...]:
        return self._area

    def plan(self) -> Plan:
        """The ready plan as chosen."""
        action = str(self.action.currentData())
        how = self._readied[action].how
        spell = SpellRef(self.spell.text().strip(), self.level.value()) if how == "spell" else None
        target = self.target.currentData() if how in ("target", "spell") else None
        readied = Plan(
            actor=self._actor,
            round=self._round,
            action=action,
            target=None if target is None else str(target),
            spell=spell,
        )
        chosen = self._triggers[str(self.trigger.currentData())]
        watched = self.watched.currentData()
        trigger = Trigger(
            event=chosen.event,
            actor=None if watched is None else str(watched),
            count=self.count.value() if chosen.watch == "count" else None,
            area=self._area if chosen.area else (),
        )
        return Plan(
            actor=self._actor,
            round=self._round,
            action=self._plan_action,
            readied=readied,
            trigger=trigger,
            extra=MappingProxyType({k: True for k, box in self.flags.items() if box.isChecked()}),
        )

    def _watch_chosen(self, _index: int) -> None:
        watched = self.watched.currentData()
        self._chosen_watch = None if watched is None else str(watched)

    def _update(self) -> None:
        how = self._readied[str(self.action.currentData())].how
        self.target.setEnabled(how in ("target", "spell"))
        self.spell.setEnabled(how == "spell")
        self.level.setEnabled(how == "spell")
        chosen = self._triggers[str(self.trigger.currentData())]
        who = chosen.watch
        previous = self._chosen_watch
        self.watched.clear()
        if who in ("any enemy", "any ally"):
            self.watched.addItem(ANYONE, None)
        people = self._allies if who == "any ally" else self._enemies
        if who != "count":
            for c in people:
                self.watched.addItem(self._label[c.id], c.id)
        index = self.watched.findData(previous)
        if index >= 0:
            self.watched.setCurrentIndex(index)
        self.watched.setEnabled(who != "count")
        self.count.setEnabled(who == "count")
        wants_area = chosen.area
        self.area_label.setEnabled(wants_area)
        if wants_area != self._wants_area:
            self._wants_area = wants_area
            self.areaWanted.emit(wants_area)
        if wants_area:
            self.hint.setText("Drag over the squares of the area on the map.")
        elif who == "count":
            self.hint.setText("")
        else:
            self.hint.setText("Or click the token to watch on the map.")
        self._ok.setEnabled(
            (how != "spell" or bool(self.spell.text().strip()))
            and (not wants_area or bool(self._area))
        )
