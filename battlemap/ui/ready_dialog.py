"""Readying an action: what to do, at whom, and what sets it off.

The dialog is not modal: while it is open the map stays live, so the game master can pick the
trigger there instead of from the lists. A click on a token chooses whom to watch; with "an
enemy enters an area", a drag over the map's squares draws the area (the planning controller
passes the map's picks in through `pick_token` and `set_area`).
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
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
from battlemap.ui.map_area import describe_area

#: The readied actions the dialog offers; a move's path is clicked on the map after OK.
ACTIONS = (
    ("attack", "Attack"),
    ("cast", "Cast a spell"),
    ("move", "Move (click its path on the map after OK)"),
    ("standard", "Another standard action"),
)
#: Triggers as the game master says them, and who the "watched" list holds for each.
TRIGGERS = (
    ("starts_casting", "an enemy starts casting", "enemy"),
    ("starts_moving", "an enemy starts moving", "enemy"),
    ("attacks", "an enemy attacks", "enemy"),
    ("enters_reach", "an enemy comes within reach", "any enemy"),
    ("enters_area", "an enemy enters an area", "any enemy"),
    ("ally_attacked", "an ally is attacked", "any ally"),
    ("at_count", "a count comes", "count"),
)
NO_AREA = "Drag over the squares on the map"
ANYONE = "(anyone)"
WHOEVER = "(whoever sets it off)"


class ReadyDialog(QDialog):
    """The readied action and its trigger for one combatant; `plan()` builds the ready plan.

    Signals:
        areaWanted(bool): the trigger became, or stopped being, "enters an area": the map
            should (or should no longer) let the game master drag out the area.
    """

    areaWanted = Signal(bool)

    def __init__(
        self, encounter: Encounter, actor: str, round_number: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        me = encounter.combatant(actor)
        self.setWindowTitle(f"Ready: {me.name}")
        self._actor, self._round = actor, round_number
        self._enemies = [c for c in encounter.combatants if c.side != me.side]
        self._allies = [c for c in encounter.combatants if c.side == me.side and c.id != actor]
        # Two goblins both called "goblin" must be told apart in the lists: by their id.
        names = Counter(c.name for c in encounter.combatants)
        self._label = {
            c.id: c.name if names[c.name] == 1 else f"{c.name} ({c.id})"
            for c in encounter.combatants
        }
        self.action = QComboBox()
        for key, text in ACTIONS:
            self.action.addItem(text, key)
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
        for key, text, _who in TRIGGERS:
            self.trigger.addItem(text, key)
        self.watched = QComboBox()
        # Whom the game master chose to watch (from the list or on the map) is kept across
        # trigger changes; a default the dialog put there is not.
        self._chosen_watch: str | None = None
        self.watched.activated.connect(self._watch_chosen)
        self.count = QSpinBox()
        self.count.setRange(1, 12)
        self.count.setValue(6)
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
            area=self._area if event == "enters_area" else (),
        )
        return Plan(
            actor=self._actor,
            round=self._round,
            action="ready",
            readied=readied,
            trigger=trigger,
        )

    def _watch_chosen(self, _index: int) -> None:
        watched = self.watched.currentData()
        self._chosen_watch = None if watched is None else str(watched)

    def _update(self) -> None:
        action = str(self.action.currentData())
        self.target.setEnabled(action in ("attack", "cast"))
        self.spell.setEnabled(action == "cast")
        self.level.setEnabled(action == "cast")
        who = next(w for key, _t, w in TRIGGERS if key == self.trigger.currentData())
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
        wants_area = self.trigger.currentData() == "enters_area"
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
            (action != "cast" or bool(self.spell.text().strip()))
            and (not wants_area or bool(self._area))
        )
