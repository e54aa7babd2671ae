"""What the d12 rules remember is in the state, rebuilt from the log (rulesets/d12/reducers.py).

Opportunities offered per round, who was offered what on a mover's action, engagements, plan
slots, readied actions, initiative counts and AC modifiers: a replay of the log to any moment
gives the same memory as the fight had then, so the window's scrubbing shows it and nothing of
it lives in a process alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from battlemap.core.decisions import take_all
from battlemap.core.engine import Engine
from battlemap.core.state import State, replay
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.d12.reducers import (
    ac_modifiers,
    aoo_used,
    armor_class,
    engaged,
    offered_aoo,
    offered_intercept,
    slot,
    waits,
)
from battlemap.storage.encounter_file import load_encounter
from tests.factories import combatant, encounter, events, plan, run

EVERY_RULE = Path(__file__).parent / "scenarios" / "every_rule.json"
D12 = get_ruleset("d12")


def _memory(state: State) -> tuple[object, ...]:
    return (
        {cid: dict(c.rules) for cid, c in state.combatants.items()},
        dict(state.rules),
        {pair: dict(values) for pair, values in state.pairs.items()},
    )


@pytest.mark.parametrize("until", [0.0, 3.0, 4.5, 9.0, 13.0, 14.0, 20.25, 24.0, 30.0, 40.0])
def test_a_replay_to_any_moment_has_the_memory_the_fight_had(until: float) -> None:
    """The scenario with delays, readies on every trigger, chases, intercepts and attacks of
    opportunity, stopped at `until`, against its whole log replayed to `until`."""
    fight = load_encounter(EVERY_RULE)
    full = Engine(fight, D12, seed=7, choose=take_all)
    assert full.run()
    partial = Engine(fight, D12, seed=7, choose=take_all)
    assert partial.run_until(until)
    replayed = replay(fight, full.log, until=until, extra_reducers=D12.reducers)
    assert _memory(replayed) == _memory(partial.state)


def test_the_scenario_exercises_what_is_remembered() -> None:
    fight = load_encounter(EVERY_RULE)
    engine = Engine(fight, D12, seed=7, choose=take_all)
    assert engine.run()
    state = engine.state
    assert any(c.rules.get("aoo_used") for c in state.combatants.values())
    assert any(engaged(c) for c in state.combatants.values())
    assert any(values.get("engaged") for values in state.pairs.values())
    assert {w.actor for w in waits(state).values()} >= {"archer", "guard", "sentry"}
    assert ac_modifiers(state["orc"]) == ((-2, 28.0),)  # its charge from 16, for 12 units


def test_an_intercept_taken_engages_both_and_is_offered_once_a_move() -> None:
    guard = combatant("guard", x=10.5, y=6.5, side="guards")
    runner = combatant("runner", x=0.5, y=2.5, side="thieves", initiative_roll=10)
    engine = run(
        encounter(
            guard,
            runner,
            plans=(plan("guard", 1, "standard"), plan("runner", 2, "move", path=[(6.5, 2.5)])),
        ),
        choose=take_all,
    )
    (offer,) = events(engine, "intercept")
    at_offer = replay(engine.encounter, engine.log, until=offer.time, extra_reducers=D12.reducers)
    assert offered_intercept(at_offer["runner"], "runner.r2.1", "guard")
    assert not offered_intercept(at_offer["runner"], "runner.r2.2", "guard")
    assert engaged(at_offer["guard"]) and engaged(at_offer["runner"])
    assert at_offer.pair("runner", "guard") == {"engaged": True}
    before = replay(engine.encounter, engine.log, until=13.0, extra_reducers=D12.reducers)
    assert not engaged(before["guard"])
    # The guard's plan of round 1 (a standard action) spent his slot until 6.
    assert slot(before["guard"]) == ("standard", 6.0)


def test_an_attack_of_opportunity_offered_spends_one_that_round_taken_or_declined() -> None:
    fighter = combatant("fighter", x=5.5, y=5.5, side="guards", initiative_roll=12)
    runner = combatant("runner", x=1.5, y=4.5, side="thieves", initiative_roll=10)
    engine = run(
        encounter(
            fighter,
            runner,
            plans=(plan("fighter", 1, "standard"), plan("runner", 1, "move", path=[(7.5, 4.5)])),
        )
    )
    (offer,) = events(engine, "aoo")
    assert offer["taken"] is False
    state = engine.state
    assert aoo_used(state["fighter"], 1) == 1
    assert aoo_used(state["fighter"], 2) == 0
    assert offered_aoo(state["runner"], "runner.r1.1", "fighter")
    assert not offered_aoo(state["runner"], "runner.r1.1", "someone else")


def test_a_charge_lowers_the_chargers_ac_until_its_end() -> None:
    charger = combatant("charger", x=0.5, y=0.5, initiative_roll=12, ac=15)
    target = combatant("target", x=8.5, y=0.5, side="b", initiative_roll=1)
    engine = run(encounter(charger, target, plans=(plan("charger", 1, "charge", target="target"),)))
    (modifier,) = events(engine, "ac_modifier", "charger")
    during = replay(engine.encounter, engine.log, until=modifier.time, extra_reducers=D12.reducers)
    assert armor_class(during["charger"], modifier.time) == 13
    assert armor_class(during["charger"], 12.0) == 15
