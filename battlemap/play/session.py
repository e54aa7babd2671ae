"""The fight being played: the engine run up to the playhead, and the state shown at it.

Qt-free, so that the window and `battlemap simulate` share one model: the window's
`ui.session.FightSession` only turns the listener's calls into Qt signals.

The engine only ever runs forward, to the playhead; scrubbing back is cheap because the state
at any time is the replay of the log (an incremental replay that goes back from the latest
checkpoint before the target: `play/checkpoints.py`; a rewind or an edit keeps the checkpoints
before the first event it changed). An edit to the encounter during a fight rebuilds the engine
by feeding it the decisions of the log, matched by key: every roll and answer whose question is
still asked stays as it was, and app rolls asked anew come from the seed and their key, so what
already happened stays unless the edit changed it. A person's answer is a step that can be
undone: the fight rewinds to just before the question and asks it again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from battlemap.core.decisions import (
    QUESTION_KINDS,
    Answer,
    AnswerPolicy,
    ChoicePolicy,
    ChoiceRequest,
    Decision,
    Question,
    RecordedDecision,
    RollRequest,
)
from battlemap.core.encounter import Encounter, Point
from battlemap.core.engine import Engine, recorded_decisions
from battlemap.core.events import Event
from battlemap.core.state import State
from battlemap.play.checkpoints import FIRST_INTERVAL, Replay
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.base import opportunity_named


@dataclass(frozen=True)
class AnsweredStep:
    """A question a person answered: what the History lists and Undo rewinds.

    `decision` is the answer as the log recorded it (to redo it exactly), `text` a readable
    line ("Thorin's attack roll: 21"), `resume_at` where the playhead was when it was answered.
    """

    decision: RecordedDecision
    text: str
    resume_at: float


class SessionListener(Protocol):
    """What a fight model tells whoever shows it (the window turns these into Qt signals)."""

    def time_changed(self, time: float) -> None:
        """The playhead moved."""

    def events_added(self, events: list[Event]) -> None:
        """Events were appended to the log, in order."""

    def log_reset(self) -> None:
        """The log was rebuilt or cleared: views re-read `events()`."""

    def decision_pending(self, decision: Decision) -> None:
        """The engine waits for a person."""

    def decision_cleared(self) -> None:
        """The pending decision was answered (or dropped with a rebuilt fight)."""

    def notice(self, text: str) -> None:
        """Something the game master should read."""

    def answered(self, step: AnsweredStep) -> None:
        """A person answered a question: an undoable step."""

    def diverged(self, time: float | None) -> None:
        """After an edit, the time the fight first differs from before it, or None."""


class QuietListener:
    """A listener that hears nothing (headless runs)."""

    def time_changed(self, time: float) -> None:
        pass

    def events_added(self, events: list[Event]) -> None:
        pass

    def log_reset(self) -> None:
        pass

    def decision_pending(self, decision: Decision) -> None:
        pass

    def decision_cleared(self) -> None:
        pass

    def notice(self, text: str) -> None:
        pass

    def answered(self, step: AnsweredStep) -> None:
        pass

    def diverged(self, time: float | None) -> None:
        pass


class FightModel:
    """Runs the fight for a view: the engine up to the playhead, scrubbing, decisions, edits
    mid-fight and the undo of answers. What changes is told to `listener`."""

    def __init__(
        self,
        encounter: Encounter,
        ask: Callable[[RollRequest], bool],
        choose: ChoicePolicy | None = None,
        listener: SessionListener | None = None,
        respond: AnswerPolicy | None = None,
    ) -> None:
        """`ask`, `choose` and `respond` say which rolls, opportunities and other questions a
        person answers (the window asks; `simulate` answers them all by policy)."""
        self._listener: SessionListener = listener if listener is not None else QuietListener()
        self._ask = ask
        # Opportunities go to a person unless a policy answers them (tests, headless runs).
        self._choose: ChoicePolicy = choose if choose is not None else _ask_a_person
        self._respond: AnswerPolicy = respond if respond is not None else _ask_them
        self._encounter = encounter
        self.ruleset = get_ruleset(encounter.ruleset)
        self.engine: Engine | None = None
        self._checkpoint_interval: int | None = FIRST_INTERVAL
        self._replay = self._new_replay()
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
            return self._replay.at((), self.time)
        return self._replay.at(self.engine.log.events, self.time)

    def set_checkpoint_interval(self, events: int | None) -> None:
        """Checkpoints every `events` events at first (None: none, so a seek back replays from
        the first event, as before checkpoints; the benchmark measures the two side by side)."""
        self._checkpoint_interval = events
        self._replay = self._new_replay()

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

    def start(self, *, to_first_event: bool = True) -> None:
        """Begin the fight: roll initiative (or replay the saved log) and stop at round one
        (with `to_first_event` False, before anything runs: headless runs step on their own)."""
        if self.engine is not None:
            return
        saved = self._encounter.log
        self.engine = self._new_engine(self._recorded(saved))
        if saved:
            self.engine.run_until(saved[-1].time)
            differs = _first_difference(saved, self.engine.log.events, frozenset())
            if differs is not None:
                self._listener.notice(
                    "The saved log does not match this encounter; the fight was replayed "
                    "with its rolls and answers, and differs from "
                    f"{self.ruleset.clock.label(differs)}."
                )
            self._listener.diverged(differs)
            self.time = saved[-1].time
        elif to_first_event:
            # Initiative rolls before the clock starts; stepping until the first event exists
            # puts the playhead on the first round played.
            while not self.engine.log and self.engine.pending is None and self.engine.step():
                pass
            if self.engine.log:
                self.time = self.engine.log[0].time
        self._replay = self._new_replay()
        self._listener.log_reset()
        self._report_pending()
        self._listener.time_changed(self.time)

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
            self._listener.time_changed(self.time)
            self._report_pending()
            return False
        self.time = time
        self._listener.time_changed(self.time)
        return True

    def play_out(self, before: float | None = None) -> bool:
        """Run on headless: to the end, or up to but not including `before`. False when a
        decision stopped it (a policy that asks a person, with nobody to ask)."""
        if self.engine is None:
            self.start(to_first_event=False)
        engine = self.engine
        assert engine is not None
        count = len(engine.log)
        done = engine.run() if before is None else engine.run_until(before, inclusive=False)
        self._announce(count)
        self.time = self.last_time()
        self._listener.time_changed(self.time)
        self._report_pending()
        return done

    def seek(self, time: float) -> None:
        """Scrub: back is a replay of the log; forward runs the engine."""
        if self.engine is not None and time <= max(self.engine.now, self.time):
            self.time = time
            self._listener.time_changed(time)
            return
        self.advance_to(time)

    def answer(self, total: int | None) -> None:
        """Answer the pending roll (None: let the app roll) and go on to the playhead."""
        engine = self.engine
        if engine is None or engine.pending is None:
            return
        before = len(engine.log)
        engine.answer(total)  # a DecisionError here leaves the question open for the caller
        self._answered(before)

    def respond(self, answer: object) -> None:
        """Answer the pending question (a yes/no, a pick, a number, a declaration) and go on
        to the playhead; a DecisionError leaves it open."""
        engine = self.engine
        if engine is None or engine.pending is None:
            return
        before = len(engine.log)
        engine.respond(answer)
        self._answered(before)

    def choose(self, taken: bool) -> None:
        """Take or decline the pending opportunity and go on to the playhead."""
        engine = self.engine
        if engine is None or engine.pending is None:
            return
        before = len(engine.log)
        engine.choose(taken)
        self._answered(before)

    def rewind(self, step: AnsweredStep) -> None:
        """Undo an answered step: back to just before its question, which is asked again.

        Everything after it in the log goes (it followed from the answer); the decisions before
        it stay, matched by key as always.
        """
        engine = self.engine
        if engine is None:
            return
        events = engine.log.events
        index = _index_of(events, step.decision.key)
        keep = self._recorded(events[:index] if index is not None else events)
        self.engine = self._new_engine(keep, ask_again={step.decision.key})
        self.engine.run_until(step.decision.time)
        self.time = self.engine.pending.time if self.engine.pending else step.decision.time
        self._replay.cut(_common_prefix(events, self.engine.log.events))
        self._rebuilt()

    def replay_step(self, step: AnsweredStep) -> None:
        """Redo an answered step: give the same answer again and go on to where it was."""
        engine = self.engine
        if engine is None:
            return
        if engine.pending is None or _key_of(engine.pending) != step.decision.key:
            # Not at that question (the fight was changed meanwhile): rebuild with the answer.
            keep = [*self._recorded(engine.log.events), step.decision]
            self.engine = self._new_engine(keep)
            self._replay.cut(_common_prefix(engine.log.events, self.engine.log.events))
            engine = self.engine
        else:
            self._give(engine, step.decision)
        engine.run_until(step.resume_at)
        self.time = engine.pending.time if engine.pending else step.resume_at
        self._rebuilt()

    def restart(self, encounter: Encounter) -> None:
        """Back to the set-up: no engine, playhead at round one."""
        self._encounter = encounter
        self.ruleset = get_ruleset(encounter.ruleset)
        self.engine = None
        self._replay = self._new_replay()
        self.time = self.ruleset.clock.round_start(1)
        self._listener.decision_cleared()
        self._listener.diverged(None)
        self._listener.log_reset()
        self._listener.time_changed(self.time)

    def update_encounter(self, encounter: Encounter) -> None:
        """The set-up changed: rerun the fight up to the playhead with the rolls already made."""
        if encounter.ruleset != self.ruleset.name:
            # Another ruleset (a file of another kind opened): nothing of this fight carries.
            self.restart(encounter)
            return
        if self.engine is None:
            self._encounter = encounter
            self._replay = self._new_replay()
            return
        old = self.engine
        before = [e for e in old.log if e.time <= self.time]
        old_combatants = self._encounter.combatants
        known = {c.id for c in old_combatants}
        newcomers = frozenset(c.id for c in encounter.combatants if c.id not in known)
        self._encounter = encounter
        # Every decision of the log, even those past the playhead (the game master may have
        # scrubbed back to edit): an answer whose question is still asked keeps its answer.
        self.engine = self._new_engine(self._recorded(old.log.events))
        self.engine.run_until(self.time)
        if encounter.combatants == old_combatants:
            # Only plans, the map or the sides changed: the states before the first event that
            # differs are still right (the state holds combatants, never plans).
            self._replay.rebase(encounter)
            self._replay.cut(_common_prefix(old.log.events, self.engine.log.events))
        else:
            self._replay = self._new_replay()
        differs = _first_difference(before, self.engine.log.events, newcomers)
        if differs is not None:
            self._listener.notice(
                "The change alters what already happened: the fight differs from "
                f"{self.ruleset.clock.label(differs)} on (marked on the timeline); "
                "rolls and answers that still apply were kept."
            )
        self._listener.diverged(differs)
        self._rebuilt()

    # --- internals ---------------------------------------------------------------------------

    def _new_engine(
        self, recorded: Iterable[RecordedDecision], ask_again: Iterable[str] = ()
    ) -> Engine:
        return Engine(
            self._encounter,
            self.ruleset,
            seed=self._encounter.seed,
            ask=lambda request: self._ask(request),
            choose=lambda request: self._choose(request),
            respond=lambda question: self._respond(question),
            recorded=recorded,
            ask_again=frozenset(ask_again),
        )

    def _answered(self, before: int) -> None:
        """A person answered: report the step, then run on to the playhead."""
        engine = self.engine
        assert engine is not None
        answer = next(
            (
                e
                for e in engine.log.events[before:]
                if e.type in ("roll", "decision") or "taken" in e.fields
            ),
            None,
        )
        self._listener.decision_cleared()
        if answer is not None:
            decision = self._recorded([answer])[0]
            self._listener.answered(AnsweredStep(decision, self._step_text(decision), self.time))
        engine.run_until(self.time)
        self._announce(before)
        self._report_pending()

    def _step_text(self, decision: RecordedDecision) -> str:
        names = {c.id: c.name for c in self._encounter.combatants}
        who = names.get(decision.actor or "", decision.actor or "?")
        if decision.kind == "roll":
            purpose = decision.purpose.replace("_", " ")
            return f"{who}'s {purpose} roll: {decision.total}"
        if decision.kind in QUESTION_KINDS:
            asked = next(
                (str(e["question"]) for e in self.events() if e.get("key") == decision.key),
                decision.kind,
            )
            value = decision.value
            shown = ("yes" if value else "no") if isinstance(value, bool) else value
            return f"{asked}: {shown}"
        target = next((str(e["target"]) for e in self.events() if e.get("key") == decision.key), "")
        whom = names.get(target, target)
        opportunity = opportunity_named(self.ruleset, decision.kind)
        if opportunity is None:  # a kind the ruleset no longer declares: say it plainly
            verdict = "taken" if decision.taken else "declined"
            return f"{who}: {decision.kind.replace('_', ' ')} {verdict}"
        return opportunity.answer_text(who, whom, bool(decision.taken))

    @staticmethod
    def _give(engine: Engine, decision: RecordedDecision) -> None:
        if decision.kind == "roll":
            # A roll the app made for a person ("roll for me") comes out the same from its key.
            engine.answer(decision.total if decision.source == "table" else None)
        elif decision.kind in QUESTION_KINDS:
            engine.respond(decision.value)
        else:
            engine.choose(decision.taken)

    def _recorded(self, events: Iterable[Event]) -> list[RecordedDecision]:
        """The decisions in `events`, with the answers to this ruleset's opportunities."""
        return recorded_decisions(events, self.ruleset.fields.opportunities)

    def _new_replay(self) -> Replay:
        return Replay(self._encounter, self.ruleset.reducers, self._checkpoint_interval)

    def _rebuilt(self) -> None:
        """The engine was rebuilt or rewound: whoever made the change cut the replay's
        checkpoints where the new log departs from the old."""
        self._listener.decision_cleared()
        self._listener.log_reset()
        self._report_pending()
        self._listener.time_changed(self.time)

    def _announce(self, before: int) -> None:
        assert self.engine is not None
        if len(self.engine.log) > before:
            self._listener.events_added(
                [self.engine.log[i] for i in range(before, len(self.engine.log))]
            )

    def _report_pending(self) -> None:
        if self.engine is not None and self.engine.pending is not None:
            self._listener.decision_pending(self.engine.pending)


def _first_difference(
    before: Sequence[Event], after: Sequence[Event], newcomers: frozenset[str]
) -> float | None:
    """The time of the first event of `before` that `after` does not repeat, or None when
    `after` begins with all of `before`.

    What only adds `newcomers` (combatants added by the edit: their rolls, their place in the
    initiative order) is not a change to what happened."""
    if newcomers:
        after = [_without(e, newcomers) for e in after if e.actor not in newcomers]
    for old, new in zip(before, after, strict=False):
        # Events compare as values (a log read from the file equals the one the engine wrote):
        # no need to print thousands of them as JSON on every edit.
        if old != new:
            return min(old.time, new.time)
    if len(after) < len(before):
        return before[len(after)].time
    return None


def _common_prefix(before: Sequence[Event], after: Sequence[Event]) -> int:
    """How many events the two logs begin with alike (a rebuilt engine makes new, equal
    events: compared as values, a few milliseconds for 65,000 events, against the seconds the
    rebuild itself took)."""
    for index, (old, new) in enumerate(zip(before, after, strict=False)):
        if old is not new and old != new:
            return index
    return min(len(before), len(after))


def _without(event: Event, newcomers: frozenset[str]) -> Event:
    """An initiative order as it reads without the newcomers."""
    if event.type != "initiative_order":
        return event
    ties = []
    for tie in event.get("ties", []):
        ids = [cid for cid in tie["ids"] if cid not in newcomers]
        if len(ids) > 1:
            ties.append({**tie, "ids": ids})
    order = [cid for cid in event["order"] if cid not in newcomers]
    return Event.from_json({**event.to_json(), "order": order, "ties": ties})


def _index_of(events: Sequence[Event], key: str) -> int | None:
    return next((i for i, e in enumerate(events) if e.get("key") == key), None)


def _key_of(decision: Decision) -> str:
    return decision.request.key


def _ask_a_person(_request: ChoiceRequest) -> bool | None:
    return None


def _ask_them(_question: Question) -> Answer | None:
    return None
