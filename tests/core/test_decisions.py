"""Decisions are data: a roll a person makes stops the engine until it is answered."""

from __future__ import annotations

import pytest

from battlemap.core.decisions import RollRequest
from battlemap.core.engine import Engine
from battlemap.core.errors import DecisionError
from battlemap.rulesets import get_ruleset
from tests.factories import combatant, encounter, events, plan


def _players_roll_attacks(request: RollRequest) -> bool:
    return request.actor == "hero" and request.purpose == "attack"


def _engine() -> Engine:
    hero = combatant("hero", initiative_roll=10)
    orc = combatant("orc", side="b", x=1.5, initiative_roll=4, ac=12)
    enc = encounter(
        hero,
        orc,
        plans=(
            plan("hero", 1, "attack", target="orc"),
            plan("orc", 1, "attack", target="hero"),
        ),
    )
    return Engine(enc, get_ruleset("d12"), seed=1, ask=_players_roll_attacks)


def test_a_player_roll_pauses_the_engine_until_answered() -> None:
    engine = _engine()
    assert engine.run() is False
    assert engine.pending is not None
    assert engine.pending.request == RollRequest(
        "hero", "attack", "1d20", "Hero attacks Orc (longsword)", "hero.r1.1/blow1/attack"
    )
    assert engine.pending.time == 2.0
    assert engine.step() is False  # nothing moves while the question is open
    engine.answer(17)
    assert engine.run() is True
    (roll,) = [e for e in events(engine, "roll", "hero") if e["purpose"] == "attack"]
    assert (roll["result"], roll["source"]) == (17, "table")
    (attack,) = events(engine, "attack", "hero")
    assert (attack["roll"], attack["total"], attack["hit"]) == (17, 22, True)


def test_an_impossible_answer_is_refused_and_the_question_stays() -> None:
    engine = _engine()
    engine.run()
    with pytest.raises(DecisionError) as caught:
        engine.answer(21)
    assert str(caught.value) == (
        "Hero attacks Orc (longsword): a roll of 1d20 is between 1 and 20, got 21"
    )
    assert engine.pending is not None
    engine.answer(None)  # "roll for me"
    assert engine.run() is True
    (roll,) = [e for e in events(engine, "roll", "hero") if e["purpose"] == "attack"]
    assert roll["source"] == "app"


def test_answering_with_nothing_pending_is_an_error() -> None:
    engine = _engine()
    engine.run()
    engine.answer(5)
    engine.run()
    with pytest.raises(DecisionError):
        engine.answer(5)
