"""The fight being played: the engine run up to the playhead, and the state shown at it.

The engine only ever runs forward, to the playhead; scrubbing back is free because the state
at any time is the replay of the log (an incremental replay, rebuilt only when the playhead goes
back). An edit to the encounter during a fight rebuilds the engine by feeding it the rolls of
the log up to the playhead, so what already happened stays as it was.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence

from PySide6.QtCore import QObject, Signal

from battlemap.core.decisions import ChoicePolicy, ChoiceRequest, Decision, RollRequest
from battlemap.core.encounter import Encounter, Point
from battlemap.core.engine import Engine, ReplayMismatch, recorded_choices, recorded_rolls
from battlemap.core.errors import BattlemapError
from battlemap.core.events import Event
from battlemap.core.state import State
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.base import Ruleset


class _Replay:
    """State at a moving time, advanced event by event; rebuilt when time goes back."""

    def __init__(self, encounter: Encounter, reducers_from: Ruleset) -> None:
        self._encounter = encounter
        self._reducers = reducers_from.reducers
        self.state = State(encounter, self._reducers)
        self._applied = 0

    def at(self, events: list[Event], time: float) -> State:
        if time < self.state.time or self._applied > len(events):
            self.state = State(self._encounter, self._reducers)
            self._applied = 0
        while self._applied < len(events) and events[self._applied].time <= time:
            self.state.apply(events[self._applied])
            self._applied += 1
        return self.state


class FightSession(QObject):
    """Runs the fight for the window.

    Signals:
        timeChanged(float): the playhead moved.
        eventsAdded(list): events appended to the log, in order.
        logReset(): the log was rebuilt or cleared: views re-read `events()`.
        decisionPending(object): the engine waits for a person (a RollDecision).
        decisionCleared(): the pending decision was answered.
        notice(str): something the game master should read in the status bar.
    """

    timeChanged = Signal(float)
    eventsAdded = Signal(list)
    logReset = Signal()
    decisionPending = Signal(object)
    decisionCleared = Signal()
    notice = Signal(str)

    def __init__(
        self,
        encounter: Encounter,
        ask: Callable[[RollRequest], bool],
        choose: ChoicePolicy | None = None,
    ) -> None:
        super().__init__()
        self._ask = ask
        # Opportunities go to a person unless a policy answers them (tests, headless runs).
        self._choose: ChoicePolicy = choose if choose is not None else _ask_a_person
        self._encounter = encounter
        self.ruleset = get_ruleset(encounter.ruleset)
        self.engine: Engine | None = None
        self._replay = _Replay(encounter, self.ruleset)
        self.time = self.ruleset.clock.round_start(1)

    # --- reading ---------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.engine is not None

    @property
    def encounter(self) -> Encounter:
        return self._encounter

    def events(self) -> Sequence[Event]:
        """The log so far, without a copy (the roster and paths read it once a unit, and it
        grows to thousands of events): read it, never change it."""
        return self.engine.log.events if self.engine is not None else ()

    @property
    def pending(self) -> Decision | None:
        return self.engine.pending if self.engine is not None else None

    def state(self) -> State:
        """The fight as it stands at the playhead."""
        if self.engine is None:
            return self._replay.at([], self.time)
        return self._replay.at(self.engine.log.events, self.time)

    def positions(self) -> dict[str, Point]:
        return self.state().positions_at(self.time)

    def hit_points(self) -> dict[str, int]:
        return {cid: c.hp for cid, c in self.state().combatants.items()}

    def finished(self) -> bool:
        """Nothing more will happen and the playhead has reached the last event."""
        engine = self.engine
        if engine is None or engine.pending is not None or engine.has_work():
            return False
        return not engine.log or self.time >= engine.log[-1].time

    def last_time(self) -> float:
        return self.engine.now if self.engine is not None and self.engine.log else self.time

    # --- playing ---------------------------------------------------------------------------

    def start(self) -> None:
        """Begin the fight: roll initiative (or replay the saved log) and stop at round one."""
        if self.engine is not None:
            return
        saved = self._encounter.log
        self.engine = self._new_engine(recorded_rolls(saved), recorded_choices(saved))
        if saved:
            self.engine.run_until(saved[-1].time)
            if _as_json(self.engine.log) != _as_json(saved):
                self.notice.emit(
                    "The saved log does not match this encounter; "
                    "the fight was replayed from its rolls."
                )
            self.time = saved[-1].time
        else:
            # Initiative rolls before the clock starts; stepping until the first event exists
            # puts the playhead on the first round played.
            while not self.engine.log and self.engine.pending is None and self.engine.step():
                pass
            if self.engine.log:
                self.time = self.engine.log[0].time
        self._replay = _Replay(self._encounter, self.ruleset)
        self.logReset.emit()
        self._report_pending()
        self.timeChanged.emit(self.time)

    def advance_to(self, time: float) -> bool:
        """Move the playhead forward to `time`, running the engine; False if a decision stopped
        it first (the playhead then rests at the decision's moment)."""
        if self.engine is None:
            self.start()
        engine = self.engine
        assert engine is not None
        if engine.pending is not None:
            return False
        if time > engine.now or engine.now == float("-inf"):
            before = len(engine.log)
            engine.run_until(time)
            self._announce(before)
        if engine.pending is not None:
            self.time = max(self.time, engine.pending.time)
            self.timeChanged.emit(self.time)
            self._report_pending()
            return False
        self.time = time
        self.timeChanged.emit(self.time)
        return True

    def seek(self, time: float) -> None:
        """Scrub: back is a replay of the log; forward runs the engine."""
        if self.engine is not None and time <= max(self.engine.now, self.time):
            self.time = time
            self.timeChanged.emit(time)
            return
        self.advance_to(time)

    def answer(self, total: int | None) -> None:
        """Answer the pending roll (None: let the app roll) and go on to the playhead."""
        engine = self.engine
        if engine is None or engine.pending is None:
            return
        before = len(engine.log)
        engine.answer(total)  # a DecisionError here leaves the question open for the caller
        self.decisionCleared.emit()
        engine.run_until(self.time)
        self._announce(before)
        self._report_pending()

    def choose(self, taken: bool) -> None:
        """Take or decline the pending opportunity and go on to the playhead."""
        engine = self.engine
        if engine is None or engine.pending is None:
            return
        before = len(engine.log)
        engine.choose(taken)
        self.decisionCleared.emit()
        engine.run_until(self.time)
        self._announce(before)
        self._report_pending()

    def restart(self, encounter: Encounter) -> None:
        """Back to the set-up: no engine, playhead at round one."""
        self._encounter = encounter
        self.ruleset = get_ruleset(encounter.ruleset)
        self.engine = None
        self._replay = _Replay(encounter, self.ruleset)
        self.time = self.ruleset.clock.round_start(1)
        self.decisionCleared.emit()
        self.logReset.emit()
        self.timeChanged.emit(self.time)

    def update_encounter(self, encounter: Encounter) -> None:
        """The set-up changed: rerun the fight up to the playhead with the rolls already made."""
        if self.engine is None:
            self._encounter = encounter
            self._replay = _Replay(encounter, self.ruleset)
            return
        old = self.engine
        keep = [e for e in old.log if e.time <= self.time]
        self._encounter = encounter
        try:
            self.engine = self._new_engine(recorded_rolls(keep), recorded_choices(keep))
            self.engine.run_until(self.time)
            changed = _as_json(self.engine.log)[: len(keep)] != _as_json(keep)
        except (ReplayMismatch, BattlemapError):
            self.engine = self._new_engine(())
            self.engine.run_until(self.time)
            changed = True
        if changed:
            self.notice.emit(
                "The change alters what already happened: the fight so far was recomputed."
            )
        self._replay = _Replay(encounter, self.ruleset)
        self.logReset.emit()
        self._report_pending()
        self.timeChanged.emit(self.time)

    # --- internals ---------------------------------------------------------------------------

    def _new_engine(self, rolls: object, choices: Iterable[bool] = ()) -> Engine:
        return Engine(
            self._encounter,
            self.ruleset,
            seed=self._encounter.seed,
            ask=lambda request: self._ask(request),
            choose=lambda request: self._choose(request),
            recorded_rolls=rolls,  # type: ignore[arg-type]
            recorded_choices=choices,
        )

    def _announce(self, before: int) -> None:
        assert self.engine is not None
        if len(self.engine.log) > before:
            self.eventsAdded.emit([self.engine.log[i] for i in range(before, len(self.engine.log))])

    def _report_pending(self) -> None:
        if self.engine is not None and self.engine.pending is not None:
            self.decisionPending.emit(self.engine.pending)


def _as_json(events: object) -> list[str]:
    return [json.dumps(e.to_json(), sort_keys=True) for e in events]  # type: ignore[attr-defined]


def _ask_a_person(_request: ChoiceRequest) -> bool | None:
    return None
