"""The window's actions, menus and toolbars, built in one place.

A mixin of MainWindow: it creates the QActions (with their shortcuts, tips and icons) and lays
them out in the menu bar and the toolbars. The attributes it reads are the window's parts,
declared below so the type checker holds both sides to them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QMainWindow, QMenu, QStyle, QToolBar

from battlemap.core.opportunities import Opportunity
from battlemap.core.time_words import TimeWords
from battlemap.storage.settings import Settings, offering
from battlemap.ui.document import EncounterDocument
from battlemap.ui.driver import PlaybackDriver
from battlemap.ui.file_controller import FileController
from battlemap.ui.history_dock import HistoryDock
from battlemap.ui.library_dock import LibraryDock
from battlemap.ui.log_dock import LogDock
from battlemap.ui.map_view import MapView
from battlemap.ui.planning import PlanningController
from battlemap.ui.timeline_dock import TimelineDock

#: Playback speeds offered: real seconds per unit on screen (0.5: a d12 half-second unit in
#: real time).
SPEEDS = ((0.125, "4x"), (0.25, "2x"), (0.5, "real time"), (1.0, "1/2x"), (2.0, "1/4x"))
#: The speed shown as "1x" where a unit is no length of time (turn slots).
_NORMAL_SPEED = 0.5


class WindowActions(QMainWindow):
    """Actions, menus and toolbars of the main window (see MainWindow for the slots)."""

    # The window's parts the actions use, created by MainWindow before _build_actions runs.
    document: EncounterDocument
    driver: PlaybackDriver
    files: FileController
    map: MapView
    planning: PlanningController
    library: LibraryDock
    timeline: TimelineDock
    log: LogDock
    history: HistoryDock

    @property
    def settings(self) -> Settings:
        raise NotImplementedError

    # Slots that MainWindow provides.
    def _delete_selected(self) -> None: ...
    def _edit_selected(self) -> None: ...
    def _roll_initiative(self) -> None: ...
    def _restart_fight(self) -> None: ...
    def _set_players_roll(self, on: bool) -> None: ...
    def _set_setting(self, **changes: object) -> None: ...
    def _set_threat_mode(self, mode: str) -> None: ...
    def _speed_changed(self, index: int) -> None: ...
    def _about(self) -> None: ...
    def _edit_map(self) -> None: ...

    def _action(
        self,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
        tip: str = "",
    ) -> QAction:
        act = QAction(text, self)
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut))
        if tip:
            act.setStatusTip(tip)
            act.setToolTip(f"{tip} ({act.shortcut().toString()})" if shortcut else tip)
        act.triggered.connect(slot)
        return act

    def _build_actions(self) -> None:
        files = self.files
        self.act_new = self._action(
            "&New", files.new, QKeySequence.StandardKey.New, "Start an empty encounter"
        )
        self.act_open = self._action(
            "&Open…", files.open_dialog, QKeySequence.StandardKey.Open, "Open an encounter file"
        )
        self.act_save = self._action(
            "&Save",
            files.save,
            QKeySequence.StandardKey.Save,
            "Save the encounter and the fight so far",
        )
        self.act_save_as = self._action(
            "Save &As…", files.save_as, QKeySequence.StandardKey.SaveAs, "Save under a new name"
        )
        self.act_quit = self._action("&Quit", self.close, QKeySequence.StandardKey.Quit)
        self.act_undo = self.document.undo_stack.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(QKeySequence("Ctrl+Z"))
        self.act_redo = self.document.undo_stack.createRedoAction(self, "&Redo")
        self.act_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.act_delete = self._action(
            "&Delete tokens", self._delete_selected, None, "Remove the selected tokens"
        )
        self.act_edit = self._action(
            "&Edit stats…", self._edit_selected, "Ctrl+E", "Edit the selected token's stats"
        )
        self.act_play = self._action(
            "&Play", self.driver.toggle, "Space", "Play or pause the fight"
        )
        self.act_step = self._action("&Step one unit", self.driver.step_unit, ".", "")
        self.act_back = self._action("Step &back", self.driver.step_back, ",", "")
        self.act_round = self._action(
            "Step one &round", self.driver.step_round, "Ctrl+.", "Forward to the next round"
        )
        self.act_initiative = self._action(
            "Roll &initiative…",
            self._roll_initiative,
            "Ctrl+I",
            "Roll or type everyone's initiative",
        )
        self.act_restart = self._action(
            "Restart &fight",
            self._restart_fight,
            None,
            "Back to the set-up; the fight so far is dropped (undoable)",
        )
        self.act_players_roll = QAction("Players roll their own dice", self)
        self.act_players_roll.setCheckable(True)
        self.act_players_roll.setChecked(self.settings.ask_player_rolls)
        self.act_players_roll.toggled.connect(self._set_players_roll)
        #: One checkable "Offer ..." per kind of opportunity the open fight's ruleset offers
        #: (`_offer_opportunities` fills it when a ruleset is shown).
        self.offer_actions: dict[str, QAction] = {}
        self.act_zoom_in = self._action(
            "Zoom &in", self.map.zoom_in, QKeySequence.StandardKey.ZoomIn
        )
        self.act_zoom_out = self._action(
            "Zoom &out", self.map.zoom_out, QKeySequence.StandardKey.ZoomOut
        )
        self.act_fit = self._action("&Fit map", self.map.fit_to_map, "Ctrl+0", "Show the whole map")
        self.threat_group = QActionGroup(self)
        self.threat_actions: dict[str, QAction] = {}
        for mode, text in (
            ("off", "No threat zones"),
            ("selected", "Threat zones of the selected token"),
            ("all", "Threat zones of everyone"),
        ):
            act = QAction(text, self)
            act.setCheckable(True)
            act.setChecked(mode == "off")
            act.triggered.connect(lambda _=False, m=mode: self._set_threat_mode(m))
            self.threat_group.addAction(act)
            self.threat_actions[mode] = act
        self.threat_actions["all"].setShortcut(QKeySequence("T"))
        self._threat_mode = "off"
        self.act_about = self._action("&About Battlemap", self._about)
        self.act_map = self._action(
            "&Map settings…", self._edit_map, None, "Map size and background picture"
        )

    def _set_icons(self) -> None:
        """Standard icons from the platform's style, so the app looks native everywhere."""
        icon = self.style().standardIcon
        pix = QStyle.StandardPixmap
        for act, which in (
            (self.act_new, pix.SP_FileIcon),
            (self.act_open, pix.SP_DialogOpenButton),
            (self.act_save, pix.SP_DialogSaveButton),
            (self.act_undo, pix.SP_ArrowBack),
            (self.act_redo, pix.SP_ArrowForward),
            (self.act_play, pix.SP_MediaPlay),
            (self.act_step, pix.SP_MediaSeekForward),
            (self.act_back, pix.SP_MediaSeekBackward),
            (self.act_round, pix.SP_MediaSkipForward),
            (self.act_delete, pix.SP_TrashIcon),
        ):
            act.setIcon(icon(which))

    def _build_menus_and_toolbars(self) -> None:
        self._set_icons()
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        for act in (self.act_new, self.act_open):
            file_menu.addAction(act)
        file_menu.addMenu(self.files.recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.act_save)
        file_menu.addAction(self.act_save_as)
        file_menu.addSeparator()
        file_menu.addAction(self.act_quit)
        edit_menu = bar.addMenu("&Edit")
        for act in (self.act_undo, self.act_redo):
            edit_menu.addAction(act)
        edit_menu.addSeparator()
        edit_menu.addAction(self.act_edit)
        edit_menu.addAction(self.act_delete)
        edit_menu.addSeparator()
        edit_menu.addAction(self.act_map)
        self.plan_menu: QMenu = bar.addMenu("&Plan")
        self._fill_plan_menu()
        self.planning.actionsChanged.connect(self._fill_plan_menu)
        fight_menu = bar.addMenu("F&ight")
        for act in (
            self.act_initiative,
            self.act_play,
            self.act_step,
            self.act_back,
            self.act_round,
        ):
            fight_menu.addAction(act)
        fight_menu.addSeparator()
        fight_menu.addAction(self.act_players_roll)
        fight_menu.addAction(self.act_restart)
        self.fight_menu = fight_menu
        view_menu = bar.addMenu("&View")
        for act in (self.act_zoom_in, self.act_zoom_out, self.act_fit):
            view_menu.addAction(act)
        view_menu.addSeparator()
        for act in self.threat_actions.values():
            view_menu.addAction(act)
        view_menu.addSeparator()
        for dock in (self.library, self.timeline, self.log, self.history):
            view_menu.addAction(dock.toggleViewAction())
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.act_about)

        files_bar = QToolBar("File", self)
        files_bar.setObjectName("file_toolbar")
        for act in (self.act_new, self.act_open, self.act_save, self.act_undo, self.act_redo):
            files_bar.addAction(act)
        self.addToolBar(files_bar)
        play_bar = QToolBar("Playback", self)
        play_bar.setObjectName("playback_toolbar")
        play_bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for act in (
            self.act_initiative,
            self.act_back,
            self.act_play,
            self.act_step,
            self.act_round,
        ):
            play_bar.addAction(act)
        self.speed = QComboBox()
        self.speed.setToolTip("Playback speed")
        for seconds, label in SPEEDS:
            self.speed.addItem(label, seconds)
        current = min(
            range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i][0] - self.driver.seconds_per_unit)
        )
        self.speed.setCurrentIndex(current)
        self.speed.currentIndexChanged.connect(self._speed_changed)
        play_bar.addWidget(self.speed)
        self._word_time(self._time_words())
        self.addToolBar(play_bar)
        self.addToolBarBreak()
        self.addToolBar(self.planning.toolbar)
        view_bar = QToolBar("View", self)
        view_bar.setObjectName("view_toolbar")
        for act in (self.act_zoom_in, self.act_zoom_out, self.act_fit):
            view_bar.addAction(act)
        self.addToolBar(view_bar)

    def _time_words(self) -> TimeWords:
        """How the open encounter's ruleset words its unit (MainWindow reads its session)."""
        raise NotImplementedError

    def _fill_plan_menu(self) -> None:
        """The Plan menu: the planning bar's actions, which are the ruleset's."""
        self.plan_menu.clear()
        for act in self.planning.actions.values():
            self.plan_menu.addAction(act)

    def _offer_opportunities(self, opportunities: Sequence[Opportunity]) -> None:
        """The Fight menu's "Offer ..." toggles, one per kind of opportunity the ruleset offers
        (d12: attacks of opportunity, intercepts; none for a ruleset without any), each on
        unless the settings decline that kind unasked."""
        for act in self.offer_actions.values():
            self.fight_menu.removeAction(act)
            act.deleteLater()
        self.offer_actions = {}
        for opportunity in opportunities:
            act = QAction(opportunity.offer, self)
            act.setCheckable(True)
            act.setChecked(opportunity.kind not in self.settings.not_offered)
            act.setStatusTip(opportunity.offer_tip)
            act.toggled.connect(
                lambda on, kind=opportunity.kind: self._set_setting(
                    not_offered=offering(self.settings, kind, on).not_offered
                )
            )
            self.fight_menu.insertAction(self.act_restart, act)
            self.offer_actions[opportunity.kind] = act

    def _word_player_rolls(self, purposes: frozenset[str]) -> None:
        """ "Players roll their own dice" says which rolls (the ruleset's `player_rolls`)."""
        names = sorted(purpose.replace("_", " ") for purpose in purposes)
        if not names:
            tip = "Players roll nothing of their own in these rules"
        elif len(names) == 1:
            tip = f"Ask for the party's {names[0]} rolls"
        else:
            tip = f"Ask for the party's {', '.join(names[:-1])} and {names[-1]} rolls"
        self.act_players_roll.setStatusTip(tip)
        self.act_players_roll.setEnabled(bool(names))

    def _word_time(self, words: TimeWords) -> None:
        """Step and speed in the ruleset's words: "Step one unit" ("Forward one half-second
        unit"), or for turn slots "Step one initiative slot" ("Forward to the next initiative
        slot in which something happens")."""
        unit, said = words.unit, words.said
        if words.passes_quiet_units:
            forward = f"Forward to the next {said} in which something happens"
            back = f"Back to the last {said} in which something happened"
        else:
            forward, back = f"Forward one {said}", f"Back one {said}"
        for act, text, tip in (
            (self.act_step, f"&Step one {unit}", forward),
            (self.act_back, "Step &back", back),
        ):
            act.setText(text)
            act.setStatusTip(tip)
            act.setToolTip(f"{tip} ({act.shortcut().toString()})")
        for index, (seconds, label) in enumerate(SPEEDS):
            if seconds == _NORMAL_SPEED:
                real = words.seconds is not None and abs(words.seconds - seconds) < 1e-9
                self.speed.setItemText(index, label if real else "1x")
        if words.seconds is None:
            self.speed.setToolTip(
                f"Playback speed: how long each {unit} with something in it takes on screen "
                f"({_NORMAL_SPEED:g} s at 1x); empty ones are passed over"
            )
        else:
            self.speed.setToolTip(f"Playback speed (real time: {words.seconds:g} s a {said})")
