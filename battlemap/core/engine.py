"""The engine: a virtual clock running a ruleset's processes and appending events.

Rules are written as generator processes (as in SimPy): a process yields `Wait` to sleep
until a moment, or `NeedRoll` to get dice, and emits events through `Engine.emit`. The engine
knows nothing of any ruleset: the ruleset's `start` spawns the processes.

It never blocks: when a roll needs a person it stops with `pending` set, and `answer` resumes
it. Nothing here reads the wall clock; the Qt driver decides how fast engine time passes.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from battlemap.core.clock import clean_time
from battlemap.core.decisions import (
    CHOICE_KINDS,
    AskPolicy,
    ChoiceDecision,
    ChoicePolicy,
    ChoiceRequest,
    Decision,
    RollDecision,
    RollRequest,
    never_ask,
    take_all,
)
from battlemap.core.dice import DiceRoller, Roll, dice_range
from battlemap.core.encounter import Encounter
from battlemap.core.errors import DecisionError
from battlemap.core.events import Event, EventLog, JsonValue
from battlemap.core.scheduler import Scheduler
from battlemap.core.state import State

if TYPE_CHECKING:
    from battlemap.rulesets.base import Ruleset


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


Command: TypeAlias = Wait | NeedRoll | NeedChoice
Process: TypeAlias = Generator[Command, Any, None]


@dataclass(frozen=True)
class RecordedRoll:
    """A roll taken from an earlier log, fed back so that a replay never rolls again."""

    purpose: str
    dice: str
    total: int
    detail: str
    source: str


class ReplayMismatch(AssertionError):
    """A recorded log does not fit the encounter it is replayed against."""


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
        recorded_rolls: Iterable[RecordedRoll] = (),
        recorded_choices: Iterable[bool] = (),
    ) -> None:
        self.encounter = encounter
        self.ruleset = ruleset
        self.clock = ruleset.clock
        self.log = EventLog()
        self.state = State(encounter, ruleset.reducers)
        self.now = float("-inf")
        self.pending: Decision | None = None
        self._queue: Scheduler[tuple[Process, Any]] = Scheduler()
        self._dice = DiceRoller(seed)
        self._ask = ask
        self._choose = choose
        self._recorded: deque[RecordedRoll] = deque(recorded_rolls)
        self._recorded_choices: deque[bool] = deque(recorded_choices)
        self._blocked: Process | None = None
        self._ids = itertools.count(1)
        self._watchers: list[Callable[[Event], None]] = []
        # Events emitted before the clock starts (initiative rolls come before anyone knows
        # which round comes first) wait here and take the first moment the clock reaches.
        self._unstamped: list[tuple[str, str | None, dict[str, JsonValue]]] = []
        ruleset.start(self)

    # --- scheduling -------------------------------------------------------------------------

    def spawn(self, process: Process, time: float, *, phase: int = 0, rank: int = 0) -> None:
        """Start `process` at `time`."""
        self._queue.push(clean_time(time), (process, None), phase=phase, rank=rank)

    def next_time(self) -> float | None:
        """When the next scheduled work runs, or None when nothing is left."""
        slot = self._queue.peek()
        return None if slot is None else slot.time

    def has_work(self) -> bool:
        return len(self._queue) > 0 or self._blocked is not None

    def step(self) -> bool:
        """Run the next scheduled work; False when nothing ran (done, or a decision pending)."""
        if self.pending is not None or not self._queue:
            return False
        slot, (process, value) = self._queue.pop()
        self._advance_clock(slot.time)
        self._drive(process, value)
        return True

    def run_until(self, time: float, *, inclusive: bool = True) -> bool:
        """Run everything scheduled at or before `time` (before it, if not `inclusive`).

        Returns False if it stopped at a pending decision, True when it reached `time`.
        """
        while self.pending is None:
            slot = self._queue.peek()
            if slot is None or slot.time > time or (not inclusive and slot.time >= time):
                break
            self.step()
        return self.pending is None

    def run(self) -> bool:
        """Run until nothing is scheduled or a decision is pending (then False)."""
        while self.step():
            pass
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
        if self.now == float("-inf"):
            self._unstamped.append((type_, actor, fields))
            return None
        round_number, count = label or self.clock.round_and_count(self.now)
        event = Event(
            type=type_,
            time=self.now,
            round=round_number,
            count=count,
            actor=actor,
            fields=fields,
        )
        self.log.append(event)
        self.state.apply(event)
        for watcher in self._watchers:
            watcher(event)
        return event

    def watch(self, watcher: Callable[[Event], None]) -> None:
        """Call `watcher` with every event, just after it is applied (triggers listen here)."""
        self._watchers.append(watcher)

    def new_id(self, prefix: str) -> str:
        """A fresh identifier such as "a12", unique in this fight."""
        return f"{prefix}{next(self._ids)}"

    # --- decisions --------------------------------------------------------------------------

    def answer(self, total: int | None) -> None:
        """Answer the pending roll: the total a person rolled, or None to let the app roll."""
        if not isinstance(self.pending, RollDecision) or self._blocked is None:
            raise DecisionError("answer", "no roll is waiting for an answer")
        request = self.pending.request
        if total is None:
            roll = self._dice.roll(request.dice)
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

    # --- internals --------------------------------------------------------------------------

    def _advance_clock(self, time: float) -> None:
        if time > self.now:
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
                if command.time < self.now:
                    raise AssertionError(f"process asked to wait until {command.time} < {self.now}")
                self._queue.push(
                    clean_time(command.time),
                    (process, None),
                    phase=command.phase,
                    rank=command.rank,
                )
                return
            if isinstance(command, NeedChoice):
                taken = self._serve_choice(command.request)
                if taken is None:
                    self._blocked = process
                    return
                value = taken
                continue
            roll = self._serve_roll(command)
            if roll is None:
                self._blocked = process
                return
            value = roll

    def _serve_roll(self, command: NeedRoll) -> Roll | None:
        request = command.request
        if self._recorded:
            recorded = self._recorded.popleft()
            if (recorded.purpose, recorded.dice) != (request.purpose, request.dice):
                raise ReplayMismatch(
                    f"log has a {recorded.purpose} roll of {recorded.dice} where the encounter "
                    f"asks for a {request.purpose} roll of {request.dice}"
                )
            roll = Roll(request.dice, recorded.total, recorded.detail)
            self._record_roll(request, roll, recorded.source)
            return roll
        if command.fixed is not None:
            roll = Roll(
                request.dice, command.fixed, f"{request.dice} = {command.fixed} (from file)"
            )
            self._record_roll(request, roll, "file")
            return roll
        if self._ask(request):
            self.pending = RollDecision(request, self.now)
            return None
        roll = self._dice.roll(request.dice)
        self._record_roll(request, roll, "app")
        return roll

    def _serve_choice(self, request: ChoiceRequest) -> bool | None:
        if self._recorded_choices:
            taken = self._recorded_choices.popleft()
        else:
            answer = self._choose(request)
            if answer is None:
                self.pending = ChoiceDecision(request, self.now)
                return None
            taken = answer
        self._record_choice(request, taken)
        return taken

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
        )

    def _record_roll(self, request: RollRequest, roll: Roll, source: str) -> None:
        # Every random outcome is an event, so replaying a log never rolls again.
        self.emit(
            "roll",
            request.actor,
            purpose=request.purpose,
            dice=request.dice,
            result=roll.total,
            detail=roll.detail,
            source=source,
        )


def recorded_rolls(events: Iterable[Event]) -> list[RecordedRoll]:
    """The rolls of a log, in order, to feed a replaying engine."""
    return [
        RecordedRoll(e["purpose"], e["dice"], int(e["result"]), e["detail"], e["source"])
        for e in events
        if e.type == "roll"
    ]


def recorded_choices(events: Iterable[Event]) -> list[bool]:
    """The answers to opportunities in a log, in order, to feed a replaying engine."""
    return [bool(e["taken"]) for e in events if e.type in CHOICE_KINDS]


def _check_total(request: RollRequest, total: int) -> None:
    bounds = dice_range(request.dice)
    if bounds is not None and not bounds.low <= total <= bounds.high:
        raise DecisionError(
            request.description,
            f"a roll of {request.dice} is between {bounds.low} and {bounds.high}, got {total}",
        )
