"""One kind of decision for every ruleset: declarations, picks, numbers and yes/no questions
are keyed, logged as `decision` events, asked of a person or answered by a policy, answered in
advance by a plan, replayed by key and dropped when they no longer fit."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from battlemap import rulesets
from battlemap.core.decisions import Question, QuestionDecision
from battlemap.core.encounter import Encounter
from battlemap.core.engine import Engine, recorded_decisions
from battlemap.core.errors import DecisionError
from battlemap.play.session import FightModel
from battlemap.storage.encounter_file import load_encounter
from tests.factories import plan
from tests.rulesets.asking import AskingRuleset

SKIRMISH = Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json"


def _encounter(*plans: object) -> Encounter:
    base = load_encounter(SKIRMISH)
    return dataclasses.replace(base, ruleset="asking", plans=plans)  # type: ignore[arg-type]


def _decisions(engine: Engine) -> list[tuple[str, object, str]]:
    return [(e["key"], e["answer"], e["source"]) for e in engine.log if e.type == "decision"]


def test_a_question_with_no_default_stops_the_engine_until_a_person_answers() -> None:
    engine = Engine(_encounter(plan("thorin", 1, "attack", target="goblin")), AskingRuleset())
    assert engine.run() is False
    pending = engine.pending
    assert isinstance(pending, QuestionDecision)
    assert pending.request == Question(
        key="thorin/r1/stance",
        kind="declaration",
        decider="side:party",
        about="thorin",
        description="What does thorin do?",
        options=("fight", "flee"),
    )
    with pytest.raises(DecisionError) as caught:
        engine.respond("dance")
    assert str(caught.value) == "What does thorin do?: answer one of fight, flee, got 'dance'"
    engine.respond("fight")
    assert engine.run() is False  # the morale: a number, no default
    with pytest.raises(DecisionError) as caught:
        engine.respond(13)
    assert str(caught.value) == "thorin's morale: answer a whole number from 2 to 12, got 13"
    engine.respond(7)
    assert engine.run() is True  # "cornered" has a default: no
    assert _decisions(engine) == [
        ("thorin/r1/stance", "fight", "table"),
        ("thorin/r1/morale", 7, "table"),
        ("thorin/r1/cornered", False, "app"),
    ]
    (note,) = [e["note"] for e in engine.log if e.type == "order_note"]
    assert note == "fight, morale 7, cornered False"


def test_a_plan_answers_in_advance_and_a_replay_answers_by_key() -> None:
    encounter = _encounter(plan("thorin", 1, "attack", target="goblin", count=1))
    first = Engine(
        encounter, AskingRuleset(), respond=lambda q: 9 if q.kind == "number" else q.default
    )
    assert first.run()
    assert _decisions(first) == [
        ("thorin/r1/stance", "flee", "file"),
        ("thorin/r1/morale", 9, "app"),
        ("thorin/r1/cornered", False, "app"),
    ]
    again = Engine(encounter, AskingRuleset(), recorded=recorded_decisions(first.log, ()))
    assert again.run()  # nothing asked: every answer recorded
    assert [e.to_json() for e in again.log] == [e.to_json() for e in first.log]


def test_a_recorded_answer_that_no_longer_fits_is_dropped_and_asked_again() -> None:
    encounter = _encounter(plan("thorin", 1, "attack", target="goblin"))
    answers = {"declaration": "flee", "number": 5, "yes_no": False}
    first = Engine(encounter, AskingRuleset(), respond=lambda q: answers[q.kind])
    assert first.run()

    class Fewer(AskingRuleset):
        options = ("fight", "parley")

    again = Engine(encounter, Fewer(), recorded=recorded_decisions(first.log, ()))
    assert again.run() is False
    dropped = [(e["key"], e["was"], e["reason"]) for e in again.log if e.type == "decision_dropped"]
    assert dropped == [("thorin/r1/stance", "flee", "the answer no longer fits the question")]
    assert isinstance(again.pending, QuestionDecision)
    assert again.pending.request.options == ("fight", "parley")


@pytest.fixture
def asking() -> Iterator[None]:
    rulesets.register("asking", AskingRuleset)
    yield
    rulesets.unregister("asking")


def test_the_fight_model_makes_each_answer_an_undoable_step(asking: None) -> None:
    encounter = _encounter(plan("thorin", 1, "attack", target="goblin"))
    steps = []

    class Listener:
        def __getattr__(self, name: str) -> object:
            return lambda *args: steps.append(args[0]) if name == "answered" else None

    fight = FightModel(encounter, lambda _r: False, listener=Listener())  # type: ignore[arg-type]
    fight._ruleset_for_tests = AskingRuleset()
    fight.ruleset = AskingRuleset()
    fight.start()
    fight.respond("flee")
    fight.respond(4)
    assert [s.text for s in steps] == ["What does thorin do?: flee", "thorin's morale: 4"]
    fight.rewind(steps[1])
    assert isinstance(fight.pending, QuestionDecision)
    assert fight.pending.request.key == "thorin/r1/morale"
    fight.replay_step(steps[1])
    # In the window every question goes to a person, defaults or not: next, "cornered?".
    assert isinstance(fight.pending, QuestionDecision)
    assert fight.pending.request.key == "thorin/r1/cornered"
    fight.respond(False)
    assert fight.pending is None
    assert [e["answer"] for e in fight.events() if e.type == "decision"] == ["flee", 4, False]


def test_down_is_a_status_that_can_go() -> None:
    """Statuses come and go, `down` included, for a ruleset whose fallen get up again."""
    from battlemap.core.events import Event
    from battlemap.core.state import State

    state = State(_encounter())
    state.apply(Event("down", 1.0, 1, 11, "thorin", {"hp": 0}))
    assert state["thorin"].down
    state.apply(Event("status", 2.0, 1, 10, "thorin", {"status": "down", "on": False}))
    assert not state["thorin"].down
    state.apply(Event("status", 3.0, 1, 9, "thorin", {"status": "stunned", "on": True}))
    assert (state["thorin"].down, state["thorin"].statuses) == (False, {"stunned"})
