"""The engine: a virtual clock running a ruleset's processes and appending events.

Rules are written as generator processes (as in SimPy): a process yields `Wait` to sleep
until a moment, or `NeedRoll` to get dice, and emits events through `Engine.emit`. The engine
knows nothing of any ruleset: the ruleset's `start` spawns the processes.

It never blocks: when a roll needs a person it stops with `pending` set, and `answer` resumes
it. Nothing here reads the wall clock; the Qt driver decides how fast engine time passes.

Decisions (rolls and answers) are keyed (core/decisions.py). An engine may be given the recorded
decisions of an earlier log: each question whose key was recorded gets the recorded answer
(a roll only if its dice still agree), and a recorded decision that the new run passes by
without asking is dropped with a `decision_dropped` event. App rolls come from `KeyedDice`, so a
question asked anew gets the roll the same seed gives that key in any run.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Collection, Generator, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from battlemap.core.clock import TIME_EPSILON, clean_time
from battlemap.core.decisions import (
    QUESTION_KINDS,
    Answer,
    AnswerPolicy,
    AskPolicy,
    ChoiceDecision,
    ChoicePolicy,
    ChoiceRequest,
    Decision,
    Question,
    QuestionDecision,
    RecordedDecision,
    RollDecision,
    RollRequest,
    defaults,
    never_ask,
    take_all,
)
from battlemap.core.dice import KeyedDice, Roll, dice_range
from battlemap.core.encounter import Encounter
from battlemap.core.errors import DecisionError
from battlemap.core.events import Event, EventLog, JsonValue, event_of
from battlemap.core.scheduler import Scheduler
from battlemap.core.state import State

if TYPE_CHECKING:
    from battlemap.rulesets.base import Ruleset

#: The engine's time before its clock starts.
_NEVER = float("-inf")


@dataclass(frozen=True)
class Wait:
    """Sleep until `time`; `phase` and `rank` order work that falls on the same instant."""

    time: float
    phase: int = 0
    rank: int = 0


@dataclass(frozen=True)
class NeedRoll:
    """Get a roll: `fixed` is a value set in the encounter file (the table already rolled)."""

    request: RollRequest
    fixed: int | None = None


@dataclass(frozen=True)
class NeedChoice:
    """Ask whether an opportunity is taken; the process receives True or False."""

    request: ChoiceRequest


@dataclass(frozen=True)
class NeedAnswer:
    """Ask a Question; the process receives the answer. `given` is an answer set in advance
    (a plan's declaration in the file), used while it fits the question."""

    question: Question
    given: Answer | None = None


Command: TypeAlias = Wait | NeedRoll | NeedChoice | NeedAnswer
Process: TypeAlias = Generator[Command, Any, None]


class Engine:
    """Runs one encounter under one ruleset.

    `log` is the truth; `state` is the log applied so far. `step()` runs the next piece of
    scheduled work, `run_until(t)` everything up to time t; both stop at a pending decision.
    """

    def __init__(
        self,
        encounter: Encounter,
        ruleset: Ruleset,
        *,
        seed: int | None = 0,
        ask: AskPolicy = never_ask,
        choose: ChoicePolicy = take_all,
        respond: AnswerPolicy = defaults,
        recorded: Iterable[RecordedDecision] = (),
        ask_again: Collection[str] = (),
    ) -> None:
        """`recorded`: decisions of an earlier log to answer again; `ask_again`: keys a person
        must be asked even where the policy would let the app roll (an undone roll)."""
        self.encounter = encounter
        self.ruleset = ruleset
        self.clock = ruleset.clock
        self.log = EventLog()
        self._events = self.log.events
        self.state = State(encounter, ruleset.reducers)
        self.now = float("-inf")
        self.pending: Decision | None = None
        self._queue: Scheduler[tuple[Process, Any]] = Scheduler()
        # No seed: draw one, so that the fight is still reproducible from its log.
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        self._dice = KeyedDice(self.seed)
        self._ask = ask
        self._choose = choose
        self._respond = respond
        self._recorded: dict[str, RecordedDecision] = {}
        # Logs written before keys existed: matched in order, once, by purpose and dice.
        self._legacy: deque[RecordedDecision] = deque()
        for decision in recorded:
            if decision.key:
                self._recorded[decision.key] = decision
            else:
                self._legacy.append(decision)
        # Recorded decisions by time, to drop those the clock passes without asking them.
        self._unasked: deque[RecordedDecision] = deque(
            sorted([*self._recorded.values(), *self._legacy], key=lambda d: d.time)
        )
        self._used: set[int] = set()
        self._asked: set[str] = set()
        self._ask_again = set(ask_again)
        self._blocked: Process | None = None
        self._watchers: list[Callable[[Event], None]] = []
        # Events emitted before the clock starts (initiative rolls come before anyone knows
        # which round comes first) wait here and take the first moment the clock reaches.
        self._unstamped: list[tuple[str, str | None, dict[str, JsonValue]]] = []
        # The clock's label of the last instant an event was emitted at.
        self._labelled_at = _NEVER
        self._label: tuple[int, int] = (0, 0)
        ruleset.start(self)

    # --- scheduling -------------------------------------------------------------------------

    def spawn(self, process: Process, time: float, *, phase: int = 0, rank: int = 0) -> None:
        """Start `process` at `time`."""
        self._queue.add(clean_time(time), phase, rank, (process, None))

    def next_time(self) -> float | None:
        """When the next scheduled work runs, or None when nothing is left."""
        return self._queue.next_time()

    def has_work(self) -> bool:
        return len(self._queue) > 0 or self._blocked is not None

    def step(self) -> bool:
        """Run the next scheduled work; False when nothing ran (done, or a decision pending)."""
        if self.pending is not None or not self._queue:
            return False
        time, _, _, _, (process, value) = self._queue.pop_entry()
        if time > self.now or self._unstamped:
            self._advance_clock(time)
        self._drive(process, value)
        return True

    def run_until(self, time: float, *, inclusive: bool = True) -> bool:
        """Run everything scheduled at or before `time` (before it, if not `inclusive`).

        Returns False if it stopped at a pending decision, True when it reached `time`.
        """
        next_time = self._queue.next_time
        step = self.step
        while self.pending is None:
            at = next_time()
            if at is None or at > time or (not inclusive and at >= time):
                break
            step()
        return self.pending is None

    def run(self) -> bool:
        """Run until nothing is scheduled or a decision is pending (then False)."""
        step = self.step
        while step():
            pass
        if self.pending is None and not self._queue:
            # The fight is over: recorded decisions it never came to are dropped.
            self._drop_unasked(float("inf"))
        return self.pending is None

    # --- events -----------------------------------------------------------------------------

    def emit(
        self,
        type_: str,
        actor: str | None = None,
        *,
        label: tuple[int, int] | None = None,
        **fields: JsonValue,
    ) -> Event | None:
        """Append an event at the current time and apply it to the state.

        `label` replaces the (round, count) the clock gives the time, for the rare event that
        is about another moment (an initiative is labelled with the slot where its owner first
        acts).
        """
        now = self.now
        if now == _NEVER:
            self._unstamped.append((type_, actor, fields))
            return None
        if label is None:
            # Most events share their instant with the one before: label it once.
            if now != self._labelled_at:
                self._label = self.clock.round_and_count(now)
                self._labelled_at = now
            label = self._label
        event = event_of(type_, now, label[0], label[1], actor, fields)
        # Straight onto the log's list: `now` never goes back (_advance_clock), so the order
        # EventLog.append checks holds by construction.
        self._events.append(event)
        self.state.apply(event)
        if self._watchers:
            for watcher in self._watchers:
                watcher(event)
        return event

    def watch(self, watcher: Callable[[Event], None]) -> None:
        """Call `watcher` with every event, just after it is applied (triggers listen here)."""
        self._watchers.append(watcher)

    # --- decisions --------------------------------------------------------------------------

    def answer(self, total: int | None) -> None:
        """Answer the pending roll: the total a person rolled, or None to let the app roll."""
        if not isinstance(self.pending, RollDecision) or self._blocked is None:
            raise DecisionError("answer", "no roll is waiting for an answer")
        request = self.pending.request
        if total is None:
            roll = self._dice.roll(request.dice, request.key)
            source = "app"
        else:
            _check_total(request, total)
            roll = Roll(request.dice, total, f"{request.dice} = {total} (rolled at the table)")
            source = "table"
        process, self._blocked, self.pending = self._blocked, None, None
        self._record_roll(request, roll, source)
        self._drive(process, roll)

    def choose(self, taken: bool) -> None:
        """Answer the pending opportunity: take it (True) or decline it (False)."""
        if not isinstance(self.pending, ChoiceDecision) or self._blocked is None:
            raise DecisionError("choose", "no opportunity is waiting for an answer")
        request = self.pending.request
        process, self._blocked, self.pending = self._blocked, None, None
        self._record_choice(request, taken)
        self._drive(process, taken)

    def respond(self, answer: object) -> None:
        """Answer the pending Question (checked against it: DecisionError leaves it open)."""
        if not isinstance(self.pending, QuestionDecision) or self._blocked is None:
            raise DecisionError("respond", "no question is waiting for an answer")
        question = self.pending.request
        checked = question.check(answer)
        process, self._blocked, self.pending = self._blocked, None, None
        self._record_answer(question, checked, "table")
        self._drive(process, checked)

    # --- internals --------------------------------------------------------------------------

    def _advance_clock(self, time: float) -> None:
        if time > self.now:
            # Everything that could be asked at the instants before `time` has been asked.
            self._drop_unasked(time)
            self.now = time
        if self._unstamped and self.now != float("-inf"):
            waiting, self._unstamped = self._unstamped, []
            for type_, actor, fields in waiting:
                self.emit(type_, actor, **fields)

    def _drive(self, process: Process, value: Any) -> None:
        """Resume `process` with `value` and serve what it asks for until it sleeps or ends."""
        while True:
            try:
                command = process.send(value)
            except StopIteration:
                return
            if isinstance(command, Wait):
                when = command.time
                if when < self.now:
                    if self.now - when > TIME_EPSILON:
                        raise AssertionError(f"process asked to wait until {when} < {self.now}")
                    # Float dust (a time summed one way against the same time summed another,
                    # one ulp apart): the same instant, as clean_time treats it.
                    when = self.now
                self._queue.add(clean_time(when), command.phase, command.rank, (process, None))
                return
            if isinstance(command, NeedChoice):
                taken = self._serve_choice(command.request)
                if taken is None:
                    self._blocked = process
                    return
                value = taken
                continue
            if isinstance(command, NeedAnswer):
                answer = self._serve_answer(command)
                if answer is None:
                    self._blocked = process
                    return
                value = answer
                continue
            roll = self._serve_roll(command)
            if roll is None:
                self._blocked = process
                return
            value = roll

    def _serve_roll(self, command: NeedRoll) -> Roll | None:
        request = command.request
        self._check_unique(request.key)
        recorded = self._take_recorded(request.key, "roll", request.purpose, request.dice)
        if recorded is not None and recorded.source == "file" and command.fixed is None:
            # The file fixed this roll then and no longer does (its plan or the initiative set
            # in it was undone): the file's word is gone with it.
            self._emit_dropped(recorded, "no longer fixed in the file")
            recorded = None
        if command.fixed is not None:
            # A roll fixed in the plan is the file's to say, even over one recorded earlier.
            roll = Roll(
                request.dice, command.fixed, f"{request.dice} = {command.fixed} (from file)"
            )
            self._record_roll(request, roll, "file")
            return roll
        if recorded is not None:
            roll = Roll(request.dice, recorded.total, recorded.detail)
            self._record_roll(request, roll, recorded.source)
            return roll
        if request.key in self._ask_again or self._ask(request):
            self._ask_again.discard(request.key)
            self.pending = RollDecision(request, self.now)
            return None
        roll = self._dice.roll(request.dice, request.key)
        self._record_roll(request, roll, "app")
        return roll

    def _serve_choice(self, request: ChoiceRequest) -> bool | None:
        # An opportunity the ruleset never declared could not be checked in a saved log nor
        # answered again on replay: a ruleset bug, like a key asked twice.
        assert request.kind in self.ruleset.fields.opportunities, (
            f"{self.ruleset.name} offers an undeclared opportunity {request.kind!r}"
        )
        self._check_unique(request.key)
        recorded = self._take_recorded(request.key, request.kind, request.kind, "")
        if recorded is not None:
            taken = recorded.taken
        elif request.key in self._ask_again:
            self._ask_again.discard(request.key)
            self.pending = ChoiceDecision(request, self.now)
            return None
        else:
            answer = self._choose(request)
            if answer is None:
                self.pending = ChoiceDecision(request, self.now)
                return None
            taken = answer
        self._record_choice(request, taken)
        return taken

    def _serve_answer(self, command: NeedAnswer) -> Answer | None:
        question = command.question
        self._check_unique(question.key)
        recorded = self._take_recorded(question.key, question.kind, question.kind, "")
        given = _fits(question, command.given)
        if recorded is not None and _fits(question, recorded.value) is None:
            self._emit_dropped(recorded, "the answer no longer fits the question")
            recorded = None
        if given is not None:
            # Answered in advance (a plan's declaration): the file's word, as for fixed rolls.
            self._record_answer(question, given, "file")
            return given
        if recorded is not None and recorded.value is not None:
            self._record_answer(question, recorded.value, recorded.source)
            return recorded.value
        if question.key in self._ask_again:
            self._ask_again.discard(question.key)
        else:
            answer = _fits(question, self._respond(question))
            if answer is not None:
                self._record_answer(question, answer, "app")
                return answer
        self.pending = QuestionDecision(question, self.now)
        return None

    def _record_answer(self, question: Question, answer: Answer, source: str) -> None:
        # One event for every kind of question, so that replay and undo treat them alike.
        self.emit(
            "decision",
            question.about,
            key=question.key,
            kind=question.kind,
            decider=question.decider,
            question=question.description,
            answer=answer,
            source=source,
        )

    def _check_unique(self, key: str) -> None:
        # Two questions with one key would share an answer: a ruleset bug, never the user's.
        if key in self._asked:
            raise AssertionError(f"decision key {key!r} asked twice")
        self._asked.add(key)

    def _take_recorded(
        self, key: str, kind: str, purpose: str, dice: str
    ) -> RecordedDecision | None:
        """The recorded decision for this question, if one still applies."""
        recorded = self._recorded.pop(key, None)
        if recorded is None and self._legacy:
            head = self._legacy[0]
            if (head.kind, head.purpose, head.dice) == (kind, purpose, dice):
                recorded = self._legacy.popleft()
        if recorded is None:
            return None
        self._used.add(id(recorded))
        if recorded.kind != kind or recorded.dice != dice:
            was = f"a {recorded.dice} roll" if recorded.kind == "roll" else recorded.kind
            now = f"a {dice} roll" if kind == "roll" else kind
            self._emit_dropped(recorded, f"the question changed: {was} then, {now} now")
            return None
        return recorded

    def _drop_unasked(self, before: float) -> None:
        """Drop the recorded decisions made before `before` that this run never asked."""
        while self._unasked and self._unasked[0].time < before:
            recorded = self._unasked.popleft()
            if id(recorded) in self._used:
                continue
            self._used.add(id(recorded))
            if recorded.key and self._recorded.get(recorded.key) is recorded:
                del self._recorded[recorded.key]
            elif not recorded.key:
                self._legacy.remove(recorded)
            if recorded.kind == "roll" and recorded.source == "app":
                # Nothing is lost: the same seed and key would roll it again. Said aloud, the
                # undo of an added creature would leave a trace of his dice in the log.
                continue
            self._emit_dropped(recorded, "no longer asked")

    def _emit_dropped(self, recorded: RecordedDecision, reason: str) -> None:
        # Said in the log, so that an answer given at the table never vanishes unremarked.
        self.emit(
            "decision_dropped",
            recorded.actor,
            key=recorded.key,
            decision=recorded.kind,
            purpose=recorded.purpose,
            was=recorded.answer,
            reason=reason,
        )

    def _record_choice(self, request: ChoiceRequest, taken: bool) -> None:
        # The opportunity and its answer are one event: a replay answers it the same way.
        self.emit(
            request.kind,
            request.actor,
            target=request.target,
            x=request.x,
            y=request.y,
            at=request.at,
            taken=taken,
            key=request.key,
        )

    def _record_roll(self, request: RollRequest, roll: Roll, source: str) -> None:
        # Every random outcome is an event, so replaying a log never rolls again.
        extra: dict[str, JsonValue] = {"any_total": True} if request.any_total else {}
        self.emit(
            "roll",
            request.actor,
            purpose=request.purpose,
            dice=request.dice,
            result=roll.total,
            detail=roll.detail,
            source=source,
            key=request.key,
            **extra,
        )


def recorded_decisions(
    events: Iterable[Event], opportunities: Collection[str]
) -> list[RecordedDecision]:
    """The decisions of a log (rolls, answered questions, and answers to opportunities: the
    event types `opportunities`, the ruleset's `fields.opportunities`), to feed a replaying
    engine."""
    out = []
    for e in events:
        if e.type == "roll":
            out.append(
                RecordedDecision(
                    key=str(e.get("key", "")),
                    kind="roll",
                    time=e.time,
                    actor=e.actor,
                    purpose=str(e["purpose"]),
                    dice=str(e["dice"]),
                    total=int(e["result"]),
                    detail=str(e["detail"]),
                    source=str(e["source"]),
                )
            )
        elif e.type == "decision" and e.get("kind") in QUESTION_KINDS:
            out.append(
                RecordedDecision(
                    key=str(e["key"]),
                    kind=str(e["kind"]),
                    time=e.time,
                    actor=e.actor,
                    purpose=str(e["kind"]),
                    source=str(e["source"]),
                    value=e["answer"],
                )
            )
        elif e.type in opportunities:
            out.append(
                RecordedDecision(
                    key=str(e.get("key", "")),
                    kind=e.type,
                    time=e.time,
                    actor=e.actor,
                    purpose=e.type,
                    taken=bool(e["taken"]),
                )
            )
    return out


def _fits(question: Question, answer: object) -> Answer | None:
    """`answer` if it is one `question` accepts, else None."""
    if answer is None:
        return None
    try:
        return question.check(answer)
    except DecisionError:
        return None


def _check_total(request: RollRequest, total: int) -> None:
    if request.any_total:
        return
    bounds = dice_range(request.dice)
    if bounds is not None and not bounds.low <= total <= bounds.high:
        raise DecisionError(
            request.description,
            f"a roll of {request.dice} is between {bounds.low} and {bounds.high}, got {total}",
        )
