"""The battle-map window: map in the middle, library, timeline and log docked around it.

The window owns the document (the encounter and its undo stack), the fight session (the engine
on the playhead), the playback driver and the decision controller (the questions to the game
master), and wires them to the views. Views refresh from change reports and session signals;
nothing polls.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
from pathlib import Path

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QMenu,
    QMessageBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from battlemap.core.dice import DiceRoller
from battlemap.core.encounter import Encounter
from battlemap.core.events import Event
from battlemap.core.narration import Narrator
from battlemap.core.state import State
from battlemap.core.time_words import TimeWords
from battlemap.geometry.walls import wall_index
from battlemap.rulesets.base import (
    dials_of,
    initiative_setup_of,
    links_of,
    markers_of,
    opportunities_of,
    plannable_of,
    player_rolls_of,
    roster_columns_of,
    time_words_of,
)
from battlemap.storage.creature_library import CreatureTemplate
from battlemap.storage.settings import Settings, save_settings
from battlemap.ui.combatant_dialog import CombatantDialog
from battlemap.ui.decision_controller import DecisionController
from battlemap.ui.document import Change, EncounterDocument
from battlemap.ui.driver import PlaybackDriver
from battlemap.ui.fight_history import DecisionStep
from battlemap.ui.file_controller import FileController
from battlemap.ui.history_dock import HistoryDock
from battlemap.ui.initiative_dialog import InitiativeDialog
from battlemap.ui.initiative_setup import COMBAT_EXPERIENCE, InitiativeSetupDialog
from battlemap.ui.library_dock import LibraryDock
from battlemap.ui.log_dock import LogDock
from battlemap.ui.map_dialog import MapDialog
from battlemap.ui.map_view import MapView
from battlemap.ui.plan_paths import pending_paths
from battlemap.ui.planning import PlanningController
from battlemap.ui.roster import roster_rows
from battlemap.ui.session import AnsweredStep, FightSession
from battlemap.ui.threat_layer import threat_zones
from battlemap.ui.timeline_dock import Lane, TimelineDock
from battlemap.ui.window_actions import WindowActions

#: The Fight menu's initiative entry for each set-up a ruleset names (`initiative_setup`).
_SETUP_WORDS = {
    "d12": ("Roll &initiative…", "Roll or type everyone's initiative"),
    "combat-experience": (
        "Set up &initiative…",
        "Each side's situation, who is fearless, and the checks typed or rolled",
    ),
}


class MainWindow(WindowActions):
    """Battlemap's main window."""

    def __init__(
        self,
        encounter: Encounter,
        path: Path | None,
        settings: Settings,
        templates: tuple[CreatureTemplate, ...] = (),
    ) -> None:
        super().__init__()
        # A child of the window: when the window goes, its connections go first, so the undo
        # stack clearing itself on the way out signals no one.
        self.document = EncounterDocument(encounter, path, self)
        # The session needs the decision controller's ask policies and the controller needs
        # the session: the lambdas look the controller up only when the engine first asks.
        self.session = FightSession(
            encounter,
            lambda request: self.decisions.asks_a_person(request),
            lambda request: self.decisions.offers(request),
        )
        self.driver = PlaybackDriver(self.session, settings.playback_seconds_per_unit)
        # Before the views: it owns the prompts laid out above the map, and its slots on the
        # session's signals run before the window's (a finished "roll at the table" is dropped
        # before the views hear of the new events).
        self.decisions = DecisionController(self.session, self.driver, lambda: self.settings, self)
        self._roller = DiceRoller(None)
        self._shown_unit: int | None = None
        #: The ruleset whose actions, set-up and words the window shows (its name).
        self._shown_ruleset: str | None = None
        #: The open Combat Experience set-up dialog (modal), if any.
        self.setup_dialog: InitiativeSetupDialog | None = None

        self.map = MapView()
        # The prompts belong to the decision controller; the window lays them out above the map.
        self.prompt = self.decisions.roll_prompt
        self.choice_prompt = self.decisions.choice_prompt
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.prompt)
        layout.addWidget(self.choice_prompt)
        layout.addWidget(self.decisions.question_prompt)
        layout.addWidget(self.map, 1)
        self.setCentralWidget(central)

        self.library = LibraryDock(self)
        self.library.setObjectName("library_dock")
        self.library.set_templates(templates)
        self.timeline = TimelineDock(self)
        self.timeline.setObjectName("timeline_dock")
        self.log = LogDock(self)
        self.log.setObjectName("log_dock")
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.library)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.timeline)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log)
        self.history = HistoryDock(self.document.undo_stack, self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history)
        self.tabifyDockWidget(self.log, self.history)
        self.log.raise_()

        self.files = FileController(self.document, settings, self, self.session.events)
        self.planning = PlanningController(self.document, self.session, self.map, self)
        self._position_label = QLabel()
        self._time_label = QLabel()
        self.statusBar().addPermanentWidget(self._position_label)
        self.statusBar().addPermanentWidget(self._time_label)

        self._build_actions()
        self._build_menus_and_toolbars()
        self._connect()
        self._reload_all()
        self.resize(1400, 900)
        # A map-first layout: docks take what they need, the map keeps the rest.
        self.resizeDocks([self.timeline], [250], Qt.Orientation.Vertical)
        self.resizeDocks([self.library, self.log], [330, 430], Qt.Orientation.Horizontal)
        self._restore_geometry()

    @property
    def settings(self) -> Settings:
        """The user's settings; the file controller keeps the one copy (it updates recents)."""
        return self.files.settings

    @settings.setter
    def settings(self, value: Settings) -> None:
        self.files.settings = value

    # --- building ------------------------------------------------------------------------------

    def _connect(self) -> None:
        self.document.changed.connect(self._document_changed)
        self.document.pathChanged.connect(lambda _p: self._update_title())
        self.document.undo_stack.cleanChanged.connect(lambda _c: self._update_title())
        # Autosave follows the undo stack, not the change signal: a command reports its change
        # from inside push(), before the stack knows it is no longer clean.
        self.document.undo_stack.indexChanged.connect(self._edited)
        self.files.opened.connect(self._opened)
        self.files.message.connect(self._status)
        self.planning.message.connect(self._status)
        self.decisions.message.connect(self._status)
        self.planning.countPickRequested.connect(self._pick_count)
        self.planning.countPickEnded.connect(self.timeline.end_count_pick)
        self.timeline.countPicked.connect(self.planning.pick_count)
        self.planning.previewChanged.connect(
            lambda _n: self.timeline.set_preview_markers(self.planning.timeline_preview)
        )
        self.session.timeChanged.connect(self._time_changed)
        self.session.eventsAdded.connect(self._events_added)
        self.session.logReset.connect(self._log_reset)
        self.session.notice.connect(self._status)
        self.session.answered.connect(self._answered)
        self.session.diverged.connect(self.timeline.mark_divergence)
        self.driver.playingChanged.connect(self._playing_changed)
        self.timeline.timeScrubbed.connect(self._scrub)
        self.map.tokenMoved.connect(self.document.move_combatant)
        self.map.creatureDropped.connect(self._place_template)
        self.map.deleteRequested.connect(self.document.remove_combatants)
        self.map.tokenActivated.connect(self._edit_combatant)
        self.map.tokenContextMenu.connect(self._token_menu)
        self.map.selectionChangedIds.connect(self._map_selection)
        self.map.cursorMoved.connect(
            lambda x, y: self._position_label.setText(f"({x:.1f}, {y:.1f})")
        )
        self.map.warning.connect(self._status)
        self.library.combatantActivated.connect(self._edit_combatant)
        self.library.rosterSelectionChanged.connect(self.map.select_tokens)
        self.library.templateActivated.connect(self._place_template_centre)

    # --- refreshing views ------------------------------------------------------------------------

    def _reload_all(self) -> None:
        encounter = self.document.encounter
        self._apply_ruleset()
        self.map.set_map(encounter.map, self.document.base_dir)
        self._refresh_setup()
        self._refresh_at_playhead()
        self.map.fit_to_map()
        self._update_title()

    def _refresh_setup(self) -> None:
        encounter = self.document.encounter
        self.map.set_tokens(encounter.combatants, self.document.base_dir)
        self.timeline.set_lanes([Lane(c.id, c.name, c.side) for c in encounter.combatants])
        self._log_reset()
        self._refresh_plans()

    def _refresh_plans(self) -> None:
        paths = pending_paths(
            self.document.encounter,
            self.session.events(),
            self.session.time,
            self.session.positions(),
        )
        self.map.set_plan_paths(paths)

    def _apply_ruleset(self) -> None:
        """The open encounter's ruleset offers its own actions, initiative set-up and words for
        time (the planning bar and the Plan menu are rebuilt for another ruleset's file)."""
        ruleset = self.session.ruleset
        if ruleset.name == self._shown_ruleset:
            return
        self._shown_ruleset = ruleset.name
        self.planning.set_choices(plannable_of(ruleset))
        self._word_time(time_words_of(ruleset))
        self._offer_opportunities(opportunities_of(ruleset))
        self._word_player_rolls(player_rolls_of(ruleset))
        self.library.set_roster_columns(roster_columns_of(ruleset))
        setup = initiative_setup_of(ruleset)
        text, tip = _SETUP_WORDS.get(setup, ("&Initiative…", "Nothing to set up: the fight rolls"))
        self.act_initiative.setText(text)
        self.act_initiative.setStatusTip(tip)
        self.act_initiative.setToolTip(f"{tip} ({self.act_initiative.shortcut().toString()})")
        self.act_initiative.setEnabled(setup in _SETUP_WORDS)

    def _time_words(self) -> TimeWords:
        return time_words_of(self.session.ruleset)

    def _show_tokens(self, state: State) -> None:
        """Tokens as the fight has them at the playhead: where, how hurt, and their statuses."""
        combatants = state.combatants
        self.map.set_positions(state.positions_at(self.session.time))
        self.map.set_health({cid: c.hp for cid, c in combatants.items()})
        self.map.set_statuses({cid: c.statuses for cid, c in combatants.items() if c.statuses})
        # The ruleset's fight-wide dials and linked pairs (13th Age: the escalation die and the
        # engaged pairs); the map touches Qt only when what they read changes.
        ruleset = self.session.ruleset
        self.map.set_links(links_of(ruleset)(state))
        self.map.set_dials(
            [
                f"{dial.label} {value}"
                for dial in dials_of(ruleset)
                if (value := dial.read(state)) is not None
            ]
        )

    def _refresh_at_playhead(self) -> None:
        """Everything that shows the fight at the playhead, tokens to roster."""
        state = self.session.state()
        self._show_tokens(state)
        rows = roster_rows(self.document.encounter, self.session)
        self.library.set_roster(
            [
                dataclasses.replace(row, statuses=tuple(sorted(state[row.id].statuses)))
                if row.id in state.combatants
                else row
                for row in rows
            ]
        )
        self._refresh_plans()
        self._refresh_threats()
        self._shown_unit = math.floor(self.session.time)

    def _document_changed(self, change: Change) -> None:
        encounter = self.document.encounter
        if change.touches("map"):
            self.map.set_map(encounter.map, self.document.base_dir)
        if change.touches("log") and not encounter.log:
            self.driver.pause()
            self.session.restart(encounter)
        elif change.touches("combatants", "plans", "map", "sides", "all"):
            self.session.update_encounter(encounter)
        self._apply_ruleset()
        if change.touches("combatants", "all"):
            self.map.set_tokens(encounter.combatants, self.document.base_dir)
            self.timeline.set_lanes([Lane(c.id, c.name, c.side) for c in encounter.combatants])
        self._refresh_plans()
        self._refresh_at_playhead()

    def _answered(self, step: AnsweredStep) -> None:
        """A person answered a question: one more step in the History, undoable."""
        self.document.undo_stack.push(DecisionStep(self.session, step, self.driver.pause))

    def _edited(self, _index: int) -> None:
        if self.document.is_modified():  # an undo back to the saved state is nothing to keep
            self.files.schedule_autosave()

    def _opened(self) -> None:
        self.driver.pause()
        self.session.restart(self.document.encounter)
        self._reload_all()
        self._refresh_at_playhead()
        if self.document.encounter.log:
            self.session.start()

    def _time_changed(self, time: float) -> None:
        self.timeline.set_time(time)
        self.log.show_until(time)
        self._time_label.setText(self.session.ruleset.clock.label(time))
        self.map.set_editable(not self.session.started)
        if math.floor(time) != self._shown_unit:
            self._refresh_at_playhead()
        else:
            # The per-frame part: tokens glide; the roster and plan paths follow once a unit,
            # since nothing they show changes inside a unit except by an event.
            self._show_tokens(self.session.state())
        round_now = self.session.ruleset.clock.round_of(time)
        if not self.planning.is_busy() and self.planning.round < round_now:
            self.planning.set_round(round_now)

    def _events_added(self, events: list[Event]) -> None:
        self.timeline.add_events(events)
        self.log.add_events(events)
        self.log.show_until(self.session.time)
        self._shown_unit = None  # new events: refresh the roster and paths on the next frame
        if not self.driver.is_playing():
            # The fight so far is work too; while playing it waits for the pause, since writing
            # a long log (a quarter second for 6,000 events) would stutter the animation.
            self.files.note_progress()

    def _log_reset(self) -> None:
        events = self.session.events()
        ruleset = self.session.ruleset
        narrator = Narrator(
            self.session.encounter, ruleset.clock, ruleset.sentences, opportunities_of(ruleset)
        )
        self.timeline.set_events(
            events, ruleset.clock, narrator, markers_of(ruleset), dials_of(ruleset)
        )
        self.log.set_events(events, narrator)
        self.log.show_until(self.session.time)
        self.map.set_editable(not self.session.started)

    def _update_title(self) -> None:
        """The title: "<encounter name> (<file name>, read-only) [*] — Battlemap", what applies.

        Qt shows the `[*]` as "*" while isWindowModified() (unsaved changes) and hides it
        otherwise. A saved encounter's file name is always shown, so two fights with one name
        are told apart, and "read-only" warns before Save that it will ask where to save."""
        path = self.document.path
        name = self.document.encounter.name
        read_only = self.files.is_read_only()
        if path is None:
            title = name or "Untitled encounter"
        elif name:
            title = f"{name} ({path.name}{', read-only' if read_only else ''})"
        else:
            title = f"{path.name}{' (read-only)' if read_only else ''}"
        self.setWindowModified(self.document.is_modified())
        self.setWindowTitle(f"{title} [*] — Battlemap")

    def _pick_count(self, round_number: int, counts: list[int], actor: str) -> None:
        """A delay's count is picked on the timeline: bring it into sight if it was closed."""
        self.timeline.show()
        self.timeline.raise_()
        self.timeline.begin_count_pick(self.session.ruleset.clock, round_number, counts, actor)

    def _status(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    # --- fight -------------------------------------------------------------------------------

    def _playing_changed(self, playing: bool) -> None:
        if not playing:
            self.files.note_progress()
        self.act_play.setText("&Pause" if playing else "&Play")
        self.act_play.setIcon(
            self.style().standardIcon(
                QStyle.StandardPixmap.SP_MediaPause
                if playing
                else QStyle.StandardPixmap.SP_MediaPlay
            )
        )
        self.timeline.set_follow(playing)
        self.map.set_editable(not self.session.started)

    def _scrub(self, time: float) -> None:
        self.driver.pause()
        if not self.session.started:
            self.session.start()
        self.session.seek(time)

    def _speed_changed(self, index: int) -> None:
        seconds = float(self.speed.itemData(index))
        self.driver.set_speed(seconds)
        self.settings = _replace_settings(self.settings, playback_seconds_per_unit=seconds)

    def _set_setting(self, **changes: object) -> None:
        self.settings = _replace_settings(self.settings, **changes)

    def _set_players_roll(self, on: bool) -> None:
        self.settings = _replace_settings(self.settings, ask_player_rolls=on)

    def _roll_initiative(self) -> None:
        if self.session.started:
            QMessageBox.information(
                self,
                "Initiative",
                "Initiative is rolled when the fight begins. Restart the fight (Fight menu) "
                "to roll again.",
            )
            return
        setup = initiative_setup_of(self.session.ruleset)
        if setup == "combat-experience":
            self._set_up_checks()
            return
        if setup != "d12":
            self._status("Nothing to set up: the fight rolls its initiative when it begins.")
            return
        dialog = InitiativeDialog(
            self.document.encounter.combatants, self._roller, self.session.ruleset.standing, self
        )
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.document.set_initiative_rolls(dialog.rolls())
            self._status("Initiative set: see the Init and Count columns of the roster.")

    def _set_up_checks(self) -> None:
        """Initiative by checks: each side's situation, fearless flags, typed checks."""
        dialog = InitiativeSetupDialog(
            self.document.encounter, self.session.ruleset, COMBAT_EXPERIENCE, self
        )
        self.setup_dialog = dialog
        try:
            if dialog.exec() == QDialog.DialogCode.Accepted:
                self.document.set_ruleset_fields(dialog.sides(), dialog.stats())
                self._status("Initiative set up: see the Init and Count columns of the roster.")
        finally:
            self.setup_dialog = None

    def _restart_fight(self) -> None:
        self.driver.pause()
        self.document.set_log(())
        self.session.restart(self.document.encounter)
        self._refresh_at_playhead()

    # --- editing -----------------------------------------------------------------------------

    def _place_template(self, template: CreatureTemplate, x: float, y: float) -> None:
        combatant = template.to_combatant(self.document.free_id(template.name), x, y)
        self.document.add_combatant(combatant)
        self.map.select_tokens([combatant.id])

    def _place_template_centre(self, template: CreatureTemplate) -> None:
        spec = self.document.encounter.map
        size = {"large": 2, "huge": 3}.get(template.size, 1)
        offset = 0.5 if size % 2 else 0.0
        self._place_template(template, spec.width // 2 + offset, spec.height // 2 + offset)

    def _delete_selected(self) -> None:
        self.document.remove_combatants(self.map.selected_ids())

    def _edit_selected(self) -> None:
        selected = self.map.selected_ids()
        if len(selected) == 1:
            self._edit_combatant(selected[0])

    def _edit_combatant(self, combatant_id: str) -> None:
        encounter = self.document.encounter
        combatant = encounter.combatant(combatant_id)
        taken = {c.id for c in encounter.combatants if c.id != combatant_id}
        dialog = CombatantDialog(combatant, encounter.map, taken, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.document.update_combatant(combatant_id, dialog.combatant())

    def _edit_map(self) -> None:
        encounter = self.document.encounter
        dialog = MapDialog(encounter.map, encounter.combatants, self.document.base_dir, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.document.set_map(dialog.map_spec())
            self.map.fit_to_map()

    def _set_threat_mode(self, mode: str) -> None:
        self._threat_mode = mode
        self._refresh_threats()

    def _refresh_threats(self) -> None:
        """Tint the squares threatened at the playhead: the selected token's, or everyone's."""
        if self._threat_mode == "off":
            self.map.set_threat_zones([])
            return
        chosen = set(self.map.selected_ids()) if self._threat_mode == "selected" else None
        walls = self.document.encounter.map.walls
        self.map.set_threat_zones(
            threat_zones(
                self.session.ruleset,
                self.session.state(),
                self.session.time,
                wall_index(walls),
                chosen,
            )
        )

    def _map_selection(self, ids: list[str]) -> None:
        if self._threat_mode == "selected":
            self._refresh_threats()
        self.library.select_roster(ids)
        self.act_delete.setEnabled(bool(ids))
        self.act_edit.setEnabled(len(ids) == 1)

    def _token_menu(self, combatant_id: str, where: object) -> None:
        self.map.select_tokens([combatant_id])
        menu = QMenu(self)
        for choice in self.planning.choices:
            act = menu.addAction(choice.label)
            act.triggered.connect(
                lambda _=False, a=choice.action: self.planning.begin(a, combatant_id)
            )
        menu.addSeparator()
        menu.addAction(self.act_edit)
        menu.addAction(self.act_delete)
        menu.popup(where)  # type: ignore[arg-type]

    def _about(self) -> None:
        QMessageBox.about(
            self,
            "About Battlemap",
            "Battlemap: a battle map for game masters on the d12 Combat System's clock: "
            "12 half-second units a round, continuous movement, every blow at its moment.",
        )

    # --- window state --------------------------------------------------------------------------

    def _restore_geometry(self) -> None:
        if self.settings.window_geometry:
            self.restoreGeometry(QByteArray.fromBase64(self.settings.window_geometry.encode()))
        if self.settings.window_state:
            self.restoreState(QByteArray.fromBase64(self.settings.window_state.encode()))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.driver.pause()
        if not self.files.confirm_discard():
            event.ignore()
            return
        self.settings = _replace_settings(
            self.settings,
            window_geometry=bytes(self.saveGeometry().toBase64().data()).decode(),
            window_state=bytes(self.saveState().toBase64().data()).decode(),
        )
        with contextlib.suppress(ValueError, OSError):  # a convenience: never block closing
            save_settings(self.settings)
        self.files.clean_exit()
        event.accept()


def _replace_settings(settings: Settings, **changes: object) -> Settings:
    from dataclasses import replace

    return replace(settings, **changes)  # type: ignore[arg-type]
