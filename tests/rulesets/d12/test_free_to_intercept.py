"""Who may intercept, remembered within an instant (`Sight.freedom`), finds exactly what asking
the rules about every enemy for every mover found: the same log, event for event, in fights
where movers cross free enemies, intercepts are taken or declined, and someone drops."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from battlemap.core.decisions import ChoiceRequest, take_all
from battlemap.core.encounter import Encounter, MapSpec
from battlemap.core.engine import Engine
from battlemap.core.errors import EncounterError
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.d12 import sight
from battlemap.storage.encounter_file import load_encounter
from tests.factories import combatant, plan

SCENARIOS = Path(__file__).parent / "scenarios"
ACTIONS = ("move", "double_move", "run", "withdraw", "attack", "full_attack", "charge")


def _log(encounter: Encounter, *, remember: bool, take: bool, seed: int = 0) -> list[str]:
    def choose(request: ChoiceRequest) -> bool:
        return take_all(request) if take else request.kind == "aoo"

    previous = sight.REMEMBER_FREE
    sight.REMEMBER_FREE = remember
    try:
        engine = Engine(encounter, get_ruleset("d12"), seed=seed, choose=choose)
        assert engine.run()
    finally:
        sight.REMEMBER_FREE = previous
    return [json.dumps(e.to_json()) for e in engine.log]


def _same_either_way(encounter: Encounter, take: bool, seed: int = 0) -> list[str]:
    remembered = _log(encounter, remember=True, take=take, seed=seed)
    assert remembered == _log(encounter, remember=False, take=take, seed=seed)
    return remembered


@pytest.mark.parametrize("take", [True, False])
def test_the_scenario_of_every_rule_logs_the_same(take: bool) -> None:
    for path in sorted(SCENARIOS.glob("*.json")):
        _same_either_way(load_encounter(path), take)


@pytest.mark.parametrize("take", [True, False])
def test_columns_running_past_each_other_log_the_same(take: bool) -> None:
    """Sixteen tokens in columns, sides alternating, running the map's length and back: free
    enemies everywhere, intercepts offered all the time."""
    tokens, plans = [], []
    for i in range(16):
        x, y = 1.5 + (i % 8) * 2.9, 1.5 + (i // 8) * 5.5
        tokens.append(
            combatant(f"t{i}", side="ab"[i % 2], x=x, y=y, speed=30 + 10 * (i % 4), hp=12)
        )
        for r in range(1, 4):
            plans.append(plan(f"t{i}", r, "double_move", path=[(x, 25.5 if r % 2 else 1.5)]))
    encounter = Encounter("d12", MapSpec(28, 28), tuple(tokens), tuple(plans))
    log = _same_either_way(encounter, take)
    assert any('"type": "intercept"' in line for line in log)


@st.composite
def _fights(draw: st.DrawFn) -> Encounter:
    count = draw(st.integers(3, 9))
    cells = draw(
        st.lists(
            st.tuples(st.integers(0, 11), st.integers(0, 11)),
            min_size=count,
            max_size=count,
            unique=True,
        )
    )
    tokens = [
        combatant(
            f"c{i}",
            side=draw(st.sampled_from("ab")),
            x=x + 0.5,
            y=y + 0.5,
            speed=draw(st.sampled_from((20, 30, 40))),
            hp=draw(st.integers(3, 30)),
            initiative_roll=draw(st.integers(1, 12)),
        )
        for i, (x, y) in enumerate(cells)
    ]
    plans = []
    for token in tokens:
        for r in range(1, 3):
            action = draw(st.sampled_from(ACTIONS))
            if action in ("attack", "full_attack", "charge"):
                foes = [t.id for t in tokens if t.side != token.side]
                if not foes:
                    continue
                plans.append(plan(token.id, r, action, target=draw(st.sampled_from(foes))))
            else:
                to = draw(st.tuples(st.integers(0, 11), st.integers(0, 11)))
                plans.append(plan(token.id, r, action, path=[(to[0] + 0.5, to[1] + 0.5)]))
    return Encounter("d12", MapSpec(12, 12), tuple(tokens), tuple(plans))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_fights(), st.booleans(), st.integers(0, 3))
def test_random_fights_log_the_same(encounter: Encounter, take: bool, seed: int) -> None:
    try:
        get_ruleset("d12").validate(encounter, "test")
    except EncounterError:
        assume(False)
    _same_either_way(encounter, take, seed)
