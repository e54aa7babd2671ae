"""Planning a combatant's actions on the map: pick an action, click waypoints or a target.

The flow a game master expects: select a token, choose an action (toolbar, context menu or
keyboard); movement asks for waypoints on the map with a live ruler, attacks ask for a target
token, a spell asks for its name and level. The finished plan goes into the encounter as one
undoable edit.

The actions and how each is planned are the ruleset's (`Ruleset.plannable`, a list of
`PlanChoice`): the bar is rebuilt when an encounter of another ruleset is opened.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QInputDialog, QLabel, QSpinBox, QToolBar, QWidget

from battlemap.core.encounter import Encounter, Plan, Point, SpellRef
from battlemap.core.planning_choice import PlanChoice
from battlemap.geometry.walls import wall_index
from battlemap.rulesets.base import opportunity_named, pace_of, plannable_of
from battlemap.ui.document import EncounterDocument
from battlemap.ui.map_view import MapMarker, MapView, RulerSpec
from battlemap.ui.number_dialog import NumberDialog
from battlemap.ui.palette import OPPORTUNITY_TONES
from battlemap.ui.ready_dialog import ReadyDialog
from battlemap.ui.ready_flow import ReadyFlow
from battlemap.ui.session import FightSession

#: Ways of planning that choose when the combatant's turn comes (a delay, a drop): such a plan
#: goes first among his plans of the round, since the others follow it.
_FIRST_IN_ROUND = frozenset({"count", "number"})


class PlanningController(QObject):
    """Turns toolbar choices and map clicks into plans.

    Signals:
        message(str): guidance for the status bar ("Click waypoints; Enter to finish").
        planningChanged(bool): planning started or ended.
        previewChanged(int): the preview markers were redrawn (how many there are).
        countPickRequested(int, list, str): a delay wants its later count picked on the
            timeline: the round, the counts it may take, and who delays. `pick_count` answers.
        countPickEnded(): the count pick is over (picked or cancelled).
        actionsChanged(): the bar's actions were rebuilt for another ruleset (`actions`,
            `choices`).
    """

    message = Signal(str)
    planningChanged = Signal(bool)
    previewChanged = Signal(int)
    countPickRequested = Signal(int, list, str)
    countPickEnded = Signal()
    actionsChanged = Signal()

    def __init__(
        self,
        document: EncounterDocument,
        session: FightSession,
        map_view: MapView,
        parent_widget: QWidget,
    ) -> None:
        super().__init__(parent_widget)
        self.document = document
        self.session = session
        self.map = map_view
        self._parent = parent_widget
        self._actor: str | None = None
        self._action: str | None = None
        self._awaiting_target = False
        self._awaiting_count = False
        self.ready = ReadyFlow(map_view, parent_widget)
        self.ready.chosen.connect(self._ready_chosen)
        self.ready.cancelled.connect(self.cancel)
        self.ready.message.connect(self.message)
        #: A ready whose readied move waits for its path on the map.
        self._ready_plan: Plan | None = None
        self.toolbar = QToolBar("Planning", parent_widget)
        self.toolbar.setObjectName("planning_toolbar")
        self._round = QSpinBox()
        self._round.setRange(-20, 999)
        self._round.setValue(1)
        self._round.setPrefix("Round ")
        self._round.setToolTip("The round the next plan is for (surprise rounds are 0, -1, ...)")
        self.toolbar.addWidget(QLabel(" Plan for "))
        self.toolbar.addWidget(self._round)
        #: The ruleset's actions in the bar's order, and their QActions by action name.
        self.choices: tuple[PlanChoice, ...] = ()
        self.actions: dict[str, QAction] = {}
        self._group = QActionGroup(self)
        #: The open dialog asking a number (a drop's initiative), if any.
        self.number_dialog: NumberDialog | None = None
        # Esc while a target is awaited: only live then, so the map keeps its own Esc otherwise.
        self.cancel_action = QAction("Cancel planning", self)
        self.cancel_action.setShortcut("Esc")
        self.cancel_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.cancel_action.setEnabled(False)
        self.cancel_action.triggered.connect(self.cancel)
        parent_widget.addAction(self.cancel_action)
        map_view.waypointAdded.connect(self._waypoint)
        map_view.cursorMoved.connect(self._cursor)
        self._cursor_at: Point | None = None
        self._ruler_spec: RulerSpec | None = None
        self._start: Point = (0.0, 0.0)
        #: The preview's moments on the mover's timeline lane: (lane, time).
        self.timeline_preview: list[tuple[str, float]] = []
        map_view.planningFinished.connect(self._finish_path)
        map_view.planningCancelled.connect(self.cancel)
        map_view.selectionChangedIds.connect(self._selection)
        self.set_choices(plannable_of(session.ruleset))

    # --- the ruleset's actions -----------------------------------------------------------------

    def set_choices(self, choices: Sequence[PlanChoice]) -> None:
        """Offer `choices` (a ruleset's `plannable`) on the bar, replacing what it offered."""
        if tuple(choices) == self.choices:
            return
        self.cancel()
        for act in self.actions.values():
            self.toolbar.removeAction(act)
            self._group.removeAction(act)
            act.deleteLater()
        self.actions = {}
        self.choices = tuple(choices)
        for choice in self.choices:
            act = QAction(choice.label, self)
            act.setToolTip(f"{choice.tip} ({choice.shortcut})" if choice.shortcut else choice.tip)
            act.setStatusTip(choice.tip)
            if choice.shortcut:
                act.setShortcut(choice.shortcut)
            act.triggered.connect(lambda _=False, a=choice.action: self.begin(a))
            self._group.addAction(act)
            self.toolbar.addAction(act)
            self.actions[choice.action] = act
        self.update_enabled(self.map.selected_ids())
        self.actionsChanged.emit()

    def choice(self, action: str) -> PlanChoice | None:
        """How `action` is planned, if the bar offers it."""
        return next((c for c in self.choices if c.action == action), None)

    # --- state -------------------------------------------------------------------------------

    @property
    def round(self) -> int:
        return self._round.value()

    def set_round(self, round_number: int) -> None:
        self._round.setValue(round_number)

    def is_busy(self) -> bool:
        return self._action is not None

    def update_enabled(self, selected: list[str]) -> None:
        """Actions apply to exactly one selected token."""
        for act in self.actions.values():
            act.setEnabled(len(selected) == 1 and not self.is_busy())

    # --- flow --------------------------------------------------------------------------------

    def begin(self, action: str, actor: str | None = None) -> None:
        """Start planning `action` for `actor` (default: the one selected token)."""
        if actor is None:
            selected = self.map.selected_ids()
            if len(selected) != 1:
                self.message.emit("Select one token to plan for.")
                return
            actor = selected[0]
        choice = self.choice(action)
        if choice is None:
            self.message.emit(f"{action.replace('_', ' ').capitalize()} is not an action here.")
            return
        self.cancel()
        self._actor, self._action = actor, action
        name = self.document.encounter.combatant(actor).name
        if choice.how == "path":
            self._begin_path(actor, action)
            self.message.emit(
                f"{name}: click waypoints for the {action.replace('_', ' ')}; "
                "Enter or double-click to finish, Esc to cancel."
            )
        elif choice.how == "count":
            if not self._begin_delay(actor):
                self._reset()
                return
        elif choice.how == "number":
            self._begin_number(actor, choice)
        elif choice.how == "ready":
            self.ready.open(
                self.document.encounter,
                actor,
                self.round,
                choice,
                self.session.ruleset.fields.counts,
            )
            self.cancel_action.setEnabled(True)  # Esc on the map cancels, as in the dialog
            self.message.emit(
                f"{name}: choose the {choice.label.lower()}'s action and what sets it off, in "
                "the dialog or on the map."
            )
        elif choice.how in ("target", "spell"):
            self._awaiting_target = True
            self.cancel_action.setEnabled(True)
            hint = " (or press Esc for no target)" if choice.how == "spell" else ""
            self.message.emit(f"{name}: click the target of the {action.replace('_', ' ')}{hint}.")
        else:
            self._commit(Plan(actor=actor, round=self.round, action=action))
            return
        self.planningChanged.emit(True)
        self.update_enabled([])

    def _begin_path(self, actor: str, action: str) -> None:
        """Waypoint planning on the map for a move-like `action`, with its ruler."""
        ruleset = self.session.ruleset
        start, start_time = self._start_of_next_plan(actor)
        combatant = self.document.encounter.combatant(actor)
        choice = self.choice(action)
        ruler = RulerSpec(
            pace=pace_of(ruleset, combatant.speed * ruleset.path_actions[action]),
            start_time=start_time,
            duration=float(ruleset.actions[action]),
            label=ruleset.clock.label,
            most_squares=None if choice is None else choice.most_squares,
        )
        self.map.begin_planning(actor, start, combatant.squares, ruler)
        self._ruler_spec, self._start = ruler, start

    def cancel(self) -> None:
        was_busy = self.is_busy()
        if self.map.is_planning():
            self.map.end_planning()
        if self._awaiting_target and self._actor is not None and self._how() == "spell":
            # Esc while choosing a spell's target: cast with no target.
            actor = self._actor
            action = self._action or "cast"
            self._reset()
            self._cast(actor, action, None)
            return
        self._reset()
        if was_busy:
            self.message.emit("Planning cancelled.")
            self.planningChanged.emit(False)
            self.update_enabled(self.map.selected_ids())

    def pick_count(self, count: int) -> None:
        """The later count picked on the timeline for the delay being planned."""
        if not self._awaiting_count or self._actor is None:
            return
        actor = self._actor
        self._reset()
        self._commit(Plan(actor=actor, round=self.round, action="delay", count=count))

    # --- map input -----------------------------------------------------------------------------

    def _waypoint(self, x: float, y: float) -> None:
        del x, y  # the map keeps the waypoints; the preview follows them
        self._show_preview()

    def _cursor(self, x: float, y: float) -> None:
        if self.map.is_planning():
            self._cursor_at = (x, y)
            self._show_preview()

    def _show_preview(self) -> None:
        """Mark where the path being drawn would provoke or could be intercepted, and when."""
        ruler, actor = self._ruler_spec, self._actor
        if ruler is None or actor is None or not self.map.is_planning():
            return
        points = [self._start, *self.map.planned_waypoints()]
        if self._cursor_at is not None:
            points.append(self._cursor_at)
        encounter = self.document.encounter
        walls = wall_index(encounter.map.walls)
        found = self.session.ruleset.preview(
            self.session.state(),
            actor,
            points,
            ruler.start_time,
            ruler.feet,
            ruler.duration,
            walls,
        )
        ruleset = self.session.ruleset
        markers = []
        for p in found:
            # The ruleset names and tones its opportunities ("AoO", red; "Intercept", orange).
            offered = opportunity_named(ruleset, p.kind)
            short = offered.short if offered is not None else p.kind.replace("_", " ")
            tone = offered.tone if offered is not None else "danger"
            who = encounter.combatant(p.who).name
            text = f"{short}: {who} at {ruleset.clock.label(p.time)}"
            markers.append(MapMarker(p.point[0], p.point[1], text, OPPORTUNITY_TONES[tone]))
        self.map.set_markers(markers)
        self.timeline_preview = [(actor, p.time) for p in found]
        self.previewChanged.emit(len(markers))

    def _finish_path(self) -> None:
        if self._actor is None or self._action is None or not self.map.is_planning():
            return
        waypoints = tuple(self.map.planned_waypoints())
        actor, action, ready = self._actor, self._action, self._ready_plan
        self.map.end_planning()
        self._reset()
        if not waypoints:
            self.message.emit("No waypoints: nothing planned.")
            self.planningChanged.emit(False)
            return
        if ready is not None and ready.readied is not None:
            readied = replace(ready.readied, path=waypoints)
            self._commit(replace(ready, readied=readied))
            return
        self._commit(Plan(actor=actor, round=self.round, action=action, path=waypoints))

    def _selection(self, ids: list[str]) -> None:
        readying = self._actor
        if self.ready.dialog is not None and readying is not None:
            others = [i for i in ids if i != readying]
            if others:
                self.ready.token_clicked(
                    others[0], self.document.encounter.combatant(others[0]).name
                )
                QTimer.singleShot(0, lambda: self.map.select_tokens([readying]))
            return
        if self._awaiting_target and self._actor is not None and self._action is not None:
            targets = [i for i in ids if i != self._actor]
            if not targets:
                return
            actor, action, target = self._actor, self._action, targets[0]
            self._reset()
            # Reselect the actor once the click that picked the target is fully handled (the
            # view would otherwise finish its click by selecting the target again).
            QTimer.singleShot(0, lambda: self.map.select_tokens([actor]))
            if self._how(action) == "spell":
                self._cast(actor, action, target)
            else:
                self._commit(Plan(actor=actor, round=self.round, action=action, target=target))
            return
        self.update_enabled(ids)

    # --- readying --------------------------------------------------------------------------

    @property
    def ready_dialog(self) -> ReadyDialog | None:
        """The open Ready dialog (not modal: the map stays live for picking the trigger)."""
        return self.ready.dialog

    def _ready_chosen(self, plan: Plan) -> None:
        actor = self._actor
        if actor is None:
            return
        readied = plan.readied
        if readied is not None and readied.action in self.session.ruleset.path_actions:
            # The move goes from where the combatant waits: its path is clicked now.
            self._ready_plan = plan
            self._begin_path(actor, readied.action)
            self.message.emit(
                f"{self.document.encounter.combatant(actor).name}: click the waypoints of the "
                "readied move (times as if it went off at once); Enter to finish, Esc to cancel."
            )
            return
        self._reset()
        self._commit(plan)

    # --- internals ---------------------------------------------------------------------------

    def _how(self, action: str | None = None) -> str | None:
        """How `action` (default: the one being planned) is planned."""
        choice = self.choice(action or self._action or "")
        return None if choice is None else choice.how

    def _begin_number(self, actor: str, choice: PlanChoice) -> None:
        """Ask the number (a drop's initiative) in a small dialog beside the map."""
        now = self._initiative_count(actor)
        low, high = self.session.ruleset.fields.counts
        name = self.document.encounter.combatant(actor).name
        prompt = choice.prompt or choice.label
        dialog = NumberDialog(
            f"{choice.label}: {name}",
            f"{name} acts at {now}. {prompt} (round {self.round} and after):",
            low,
            high,
            now - 1,
            self._parent,
        )
        dialog.setModal(False)
        dialog.accepted.connect(lambda: self._number_chosen(dialog))
        dialog.rejected.connect(lambda: self._number_cancelled(dialog))
        self.number_dialog = dialog
        self.cancel_action.setEnabled(True)
        dialog.show()
        self.message.emit(f"{name}: {prompt.lower()}? Enter to plan it, Esc to cancel.")

    def _number_chosen(self, dialog: NumberDialog) -> None:
        if dialog is not self.number_dialog or self._actor is None or self._action is None:
            return
        actor, action, number = self._actor, self._action, dialog.number()
        self._reset()
        self._commit(Plan(actor=actor, round=self.round, action=action, count=number))

    def _number_cancelled(self, dialog: NumberDialog) -> None:
        if dialog is self.number_dialog:
            self.cancel()

    def _cast(self, actor: str, action: str, target: str | None) -> None:
        spell, ok = QInputDialog.getText(self._parent, "Cast a spell", "Spell name:")
        if not ok or not spell.strip():
            self.message.emit("No spell named: nothing planned.")
            self.planningChanged.emit(False)
            return
        level, ok = QInputDialog.getInt(self._parent, "Cast a spell", "Spell level:", 1, 0, 9)
        if not ok:
            self.planningChanged.emit(False)
            return
        plan = Plan(
            actor=actor,
            round=self.round,
            action=action,
            target=target,
            spell=SpellRef(spell.strip(), level),
        )
        self._commit(plan)

    def _begin_delay(self, actor: str) -> bool:
        """Ask for the later count on the timeline; False (and why) if there is none."""
        now = self._initiative_count(actor)
        later = self._later_counts(now)
        name = self.document.encounter.combatant(actor).name
        if not later:
            self.message.emit(f"{name} acts at {now}: there is no later count to delay to.")
            return False
        self._awaiting_count = True
        self.cancel_action.setEnabled(True)
        self.countPickRequested.emit(self.round, later, actor)
        self.message.emit(
            f"{name} acts at {now}: click a later count ({later[0]} to {later[-1]}) "
            f"on the timeline for round {self.round} and after; Esc to cancel."
        )
        return True

    def _later_counts(self, count: int) -> list[int]:
        """The counts of the planned round that come after `count`, in time order."""
        clock = self.session.ruleset.clock
        own = clock.time_of(self.round, count)
        start = clock.round_start(self.round)
        units = range(clock.units_per_round)
        return [clock.count_of(start + k) for k in units if start + k > own]

    def _commit(self, plan: Plan) -> None:
        """Add the plan if the rules accept it; otherwise say why and leave the encounter."""
        from battlemap.core.errors import EncounterError

        first = self._how(plan.action) in _FIRST_IN_ROUND
        candidate = _with_plan(self.document.encounter, plan, first=first)
        try:
            self.session.ruleset.validate(candidate, "plan")
        except EncounterError as error:
            self.message.emit(f"Cannot plan that: {error.problem}")
        else:
            self.document.add_plan(plan, first_in_round=first)
            self.message.emit(_describe(self.document.encounter, plan))
        self.planningChanged.emit(False)
        self.update_enabled(self.map.selected_ids())

    def _reset(self) -> None:
        if self._ruler_spec is not None:
            self.map.set_markers([])
            self.timeline_preview = []
            self.previewChanged.emit(0)
        self._ruler_spec = None
        self._cursor_at = None
        self._actor = None
        self._action = None
        self._awaiting_target = False
        self._ready_plan = None
        self.ready.close()
        dialog, self.number_dialog = self.number_dialog, None
        if dialog is not None:
            dialog.close()
            dialog.deleteLater()
        if self._awaiting_count:
            self._awaiting_count = False
            self.countPickEnded.emit()
        self.cancel_action.setEnabled(False)

    def _start_of_next_plan(self, actor: str) -> tuple[Point, float]:
        """Where and when the actor's next plan this round begins, for the ruler."""
        encounter = self.document.encounter
        combatant = encounter.combatant(actor)
        clock = self.session.ruleset.clock
        count = self._initiative_count(actor)
        start_time = clock.time_of(self.round, count)
        position: Point = self.session.positions().get(actor, (combatant.x, combatant.y))
        for plan in self.document.plans_of(actor, self.round):
            start_time += self.session.ruleset.actions.get(plan.action, 0)
            if plan.path:
                position = plan.path[-1]
        return position, start_time

    def _initiative_count(self, actor: str) -> int:
        ruleset = self.session.ruleset
        standing = ruleset.standing_of(self.session.state(), actor) or ruleset.standing(
            self.document.encounter.combatant(actor)
        )
        if standing is not None:
            return standing.count
        # Not rolled yet: times assume the round's first unit.
        return self.session.ruleset.clock.count_of(self.session.ruleset.clock.round_start(1))


def _with_plan(encounter: Encounter, plan: Plan, *, first: bool = False) -> Encounter:
    plans = list(encounter.plans)
    if first:
        mine = [i for i, p in enumerate(plans) if p.actor == plan.actor and p.round == plan.round]
        plans.insert(mine[0] if mine else len(plans), plan)
    else:
        plans.append(plan)
    return replace(encounter, plans=tuple(plans))


def _describe(encounter: Encounter, plan: Plan) -> str:
    actor = encounter.combatant(plan.actor).name
    text = f"Planned for round {plan.round}: {actor} {plan.action.replace('_', ' ')}"
    if plan.count is not None:
        text += f" to {plan.count}"
    if plan.readied is not None and plan.trigger is not None:
        text += f" ({plan.readied.action} when {plan.trigger.event.replace('_', ' ')})"
    if plan.target is not None:
        text += f" on {encounter.combatant(plan.target).name}"
    if plan.spell is not None:
        text += f" ({plan.spell.name}, level {plan.spell.level})"
    return text + "."
