"""The fight's questions to the game master: who is asked, the prompts, and the answers.

The engine never blocks: when it needs a person it stops with a pending decision and the
session reports it. This controller shows the matching prompt, hands the answer back to the
session, and pauses and resumes playback around the question.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from battlemap.core.decisions import (
    ChoiceDecision,
    ChoiceRequest,
    Decision,
    QuestionDecision,
    RollDecision,
    RollRequest,
)
from battlemap.core.errors import BattlemapError
from battlemap.core.events import Event
from battlemap.core.opportunities import Opportunity, taken_without_asking
from battlemap.rulesets.base import opportunity_named, player_rolls_of
from battlemap.storage.settings import Settings
from battlemap.ui.choice_prompt import ChoicePrompt
from battlemap.ui.driver import PlaybackDriver
from battlemap.ui.question_prompt import QuestionPrompt
from battlemap.ui.roll_prompt import RollPrompt
from battlemap.ui.session import FightSession


class DecisionController(QObject):
    """Asks the game master what the engine cannot decide alone, and passes the answers on.

    It owns the roll prompt (`roll_prompt`: a roll made at the table) and the choice prompt
    (`choice_prompt`: take, roll or decline an opportunity or intercept); the window only lays
    them out. It also owns the ask policies the session is built with (`asks_a_person`,
    `offers`), which read the user's settings when the engine asks, and the actors whose next
    attack and damage the players roll.

    Signals:
        message(str): a line for the status bar (an answer the engine refused).
    """

    message = Signal(str)

    def __init__(
        self,
        session: FightSession,
        driver: PlaybackDriver,
        settings: Callable[[], Settings],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.driver = driver
        # A callable, not a copy: the settings are replaced whenever the user changes one.
        self._settings = settings
        # Whether playback was running when the question came, so answering it plays on.
        self._resume_after_answer = False
        # Actors whose next rolls for an opportunity taken "at the table" the players make,
        # with that opportunity (its `rolls`, and the event that ends them).
        self._rolls_at_table: dict[str, Opportunity] = {}

        self.roll_prompt = RollPrompt()
        self.roll_prompt.hide()
        self.choice_prompt = ChoicePrompt()
        self.question_prompt = QuestionPrompt()

        session.decisionPending.connect(self._decision_pending)
        # Straight to the prompts: a decision withdrawn (a restart, an answer) closes them.
        session.decisionCleared.connect(self.roll_prompt.clear)
        session.decisionCleared.connect(self.choice_prompt.clear)
        session.decisionCleared.connect(self.question_prompt.clear)
        session.eventsAdded.connect(self._events_added)
        self.roll_prompt.answered.connect(self._answer)
        self.choice_prompt.answered.connect(self._choose)
        self.question_prompt.answered.connect(self._respond)

    # --- ask policies (the session calls these while the engine runs) -------------------------

    def asks_a_person(self, request: RollRequest) -> bool:
        """Whether this roll is made at the table rather than by the app."""
        taken = self._rolls_at_table.get(request.actor)
        if taken is not None and request.purpose in taken.rolls:
            if request.purpose == taken.rolls[-1]:
                del self._rolls_at_table[request.actor]
            return True
        settings = self._settings()
        if not settings.ask_player_rolls:
            return False
        try:
            side = self.session.encounter.combatant(request.actor).side
        except KeyError:
            return False
        return side in settings.player_sides and request.purpose in player_rolls_of(
            self.session.ruleset
        )

    def offers(self, request: ChoiceRequest) -> bool | None:
        """Ask the game master (None), unless the settings say not to offer this kind, or the
        encounter's options say the table takes it without asking ("auto")."""
        settings = self._settings()
        if request.kind in settings.not_offered:
            return False
        offered = opportunity_named(self.session.ruleset, request.kind)
        if offered is not None and taken_without_asking(offered, self.session.encounter.options):
            return True
        return None

    # --- session and prompt slots ------------------------------------------------------------

    def _decision_pending(self, decision: Decision) -> None:
        # A question stops the animation; remember it was playing (even across a chain of
        # questions, each pausing an already paused driver) so the last answer plays on.
        self._resume_after_answer = self.driver.is_playing() or self._resume_after_answer
        self.driver.pause()
        if isinstance(decision, RollDecision):
            self.roll_prompt.ask(decision.question, decision.request.dice)
            self.roll_prompt.show()
        elif isinstance(decision, QuestionDecision):
            self.question_prompt.ask(decision.request)
        else:
            offered = opportunity_named(self.session.ruleset, decision.request.kind)
            with_roll = offered is not None and offered.with_roll
            self.choice_prompt.ask(decision.question, with_roll=with_roll)

    def _answer(self, total: object) -> None:
        try:
            self.session.answer(total if isinstance(total, int) else None)
        except BattlemapError as error:
            # The question stays open (the session leaves it pending): say why and wait.
            self.message.emit(str(error))
            return
        # The answer may have led straight to the next question, which the prompt now shows.
        if self.session.pending is None:
            self.roll_prompt.clear()
            self.roll_prompt.hide()
            self._resume()

    def _respond(self, answer: object) -> None:
        try:
            self.session.respond(answer)
        except BattlemapError as error:
            self.message.emit(str(error))
            pending = self.session.pending
            if isinstance(pending, QuestionDecision):
                self.question_prompt.ask(pending.request)
            return
        if self.session.pending is None:
            self._resume()

    def _choose(self, answer: str) -> None:
        pending = self.session.pending
        if answer == "roll" and isinstance(pending, ChoiceDecision):
            offered = opportunity_named(self.session.ruleset, pending.request.kind)
            if offered is not None and offered.with_roll:
                self._rolls_at_table[pending.request.actor] = offered
        self.session.choose(answer != "decline")
        if self.session.pending is None:
            self._resume()

    def _resume(self) -> None:
        if self._resume_after_answer:
            self._resume_after_answer = False
            self.driver.play()

    def _events_added(self, events: list[Event]) -> None:
        for event in events:
            taken = self._rolls_at_table.get(event.actor or "")
            if taken is not None and event.type == taken.resolved_by:
                # The blow of an opportunity taken "at the table" is over (a miss: no damage).
                del self._rolls_at_table[event.actor or ""]
