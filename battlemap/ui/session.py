"""The fight session for the window: the Qt-free `FightModel` with Qt signals.

Everything about the fight (the engine on the playhead, scrubbing, decisions, edits mid-fight,
the undo of answers) lives in `battlemap.play.session`, shared with `battlemap simulate`; this
class only relays what the model tells its listener as signals the views connect to.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from battlemap.core.decisions import ChoicePolicy, Decision, RollRequest
from battlemap.core.encounter import Encounter
from battlemap.core.events import Event
from battlemap.play.session import AnsweredStep, FightModel

__all__ = ["AnsweredStep", "FightSession"]


class FightSession(FightModel, QObject):
    """Runs the fight for the window.

    Signals:
        timeChanged(float): the playhead moved.
        eventsAdded(list): events appended to the log, in order.
        logReset(): the log was rebuilt or cleared: views re-read `events()`.
        decisionPending(object): the engine waits for a person (a RollDecision or ChoiceDecision).
        decisionCleared(): the pending decision was answered.
        notice(str): something the game master should read in the status bar.
        answered(object): a person answered a question (an AnsweredStep), an undoable step.
        diverged(object): after an edit, the time the fight first differs from before it (a
            float), or None when the past is unchanged.
    """

    timeChanged = Signal(float)
    eventsAdded = Signal(list)
    logReset = Signal()
    decisionPending = Signal(object)
    decisionCleared = Signal()
    notice = Signal(str)
    answered = Signal(object)
    diverged = Signal(object)

    def __init__(
        self,
        encounter: Encounter,
        ask: Callable[[RollRequest], bool],
        choose: ChoicePolicy | None = None,
    ) -> None:
        QObject.__init__(self)
        FightModel.__init__(self, encounter, ask, choose, _Relay(self))


class _Relay:
    """The model's listener: each call becomes the session's signal."""

    def __init__(self, session: FightSession) -> None:
        self._session = session

    def time_changed(self, time: float) -> None:
        self._session.timeChanged.emit(time)

    def events_added(self, events: list[Event]) -> None:
        self._session.eventsAdded.emit(events)

    def log_reset(self) -> None:
        self._session.logReset.emit()

    def decision_pending(self, decision: Decision) -> None:
        self._session.decisionPending.emit(decision)

    def decision_cleared(self) -> None:
        self._session.decisionCleared.emit()

    def notice(self, text: str) -> None:
        self._session.notice.emit(text)

    def answered(self, step: AnsweredStep) -> None:
        self._session.answered.emit(step)

    def diverged(self, time: float | None) -> None:
        self._session.diverged.emit(time)
