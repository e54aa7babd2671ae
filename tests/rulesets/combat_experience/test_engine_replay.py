"""A Combat Experience fight is its log: replayed by key it is the same fight, and the state
at any moment is the log's up to it.

Every random outcome (checks, coins, directions, attacks) is a keyed decision: an engine given
the recorded decisions and another seed writes the same log, byte for byte.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlemap.core.encounter import Encounter, MapSpec, Trigger
from battlemap.core.engine import Engine, recorded_decisions
from battlemap.core.events import Event
from battlemap.core.state import replay
from battlemap.loading import load_checked
from tests.rulesets.combat_experience.fights import encounter, fighter, plan, ruleset, run

EXAMPLE = Path(__file__).parents[3] / "resources" / "examples" / "combat_experience.json"


def _as_json(log: list[Event]) -> list[str]:
    return [json.dumps(e.to_json(), sort_keys=True) for e in log]


def _busy() -> Encounter:
    """App-rolled checks, ties, a run and scream in a random direction, a stun, a wait."""
    return encounter(
        fighter("ann", "heroes", 2.5, 2.5, situation="initiated", combat_experience=2),
        fighter("bob", "heroes", 3.5, 2.5, situation="initiated", combat_experience=2),
        fighter("cat", "heroes", 4.5, 2.5, situation="initiated", combat_experience=2),
        fighter("orc", "orcs", 3.5, 3.5, situation="wary", combat_experience=5),
        fighter("gob", "orcs", 20.5, 20.5, situation="surprised"),
        fighter("imp", "orcs", 2.5, 3.5, situation="saw_start", fearless=True),
        plans=(
            plan("ann", 1, "attack", target="orc", stuns=1),
            plan("bob", 1, "wait", trigger=Trigger("acts"), interrupt=True,
                 readied=plan("bob", 1, "attack")),
            plan("cat", 1, "skip"),
            plan("orc", 1, "attack", target="bob"),
            plan("imp", 1, "attack", target="ann"),
            plan("ann", 2, "move", path=[(2.5, 5.5)]),
            plan("cat", 2, "attack", target="orc"),
            plan("orc", 3, "attack", target="cat"),
        ),
    )  # fmt: skip


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 5, 8])
def test_the_log_replayed_by_key_is_the_same_log(seed: int) -> None:
    first = run(_busy(), seed=seed)
    again = Engine(_busy(), ruleset(), seed=seed + 1000, recorded=recorded_decisions(first.log, ()))
    assert again.run()
    assert _as_json(again.log.events) == _as_json(first.log.events)
    assert not [e for e in again.log if e.type == "decision_dropped"]


@pytest.mark.parametrize("seed", [0, 3, 8])
def test_the_state_at_any_moment_is_the_log_replayed_up_to_it(seed: int) -> None:
    engine = run(_busy(), seed=seed)
    reducers = ruleset().reducers
    assert replay(_busy(), engine.log, extra_reducers=reducers).snapshot() == (
        engine.state.snapshot()
    )
    for time in (0.0, 50.0, 84.3, 100.5, 101.0, 190.0, 250.0):
        partial = Engine(_busy(), ruleset(), seed=seed)
        partial.run_until(time)
        assert replay(_busy(), engine.log, until=time, extra_reducers=reducers).snapshot(
            at=time
        ) == partial.state.snapshot(at=time)


def test_reopened_at_round_2_it_plays_on_as_straight_through() -> None:
    straight = run(_busy(), seed=4)
    start = ruleset().clock.round_start(2)
    partial = [e for e in straight.log if e.time < start]
    on = Engine(_busy(), ruleset(), seed=4, recorded=recorded_decisions(partial, ()))
    assert on.run()
    assert _as_json(on.log.events) == _as_json(straight.log.events)


def test_the_example_replays_by_key() -> None:
    example = load_checked(EXAMPLE)
    first = Engine(example, ruleset(), seed=example.seed)
    assert first.run()
    again = Engine(example, ruleset(), seed=99, recorded=recorded_decisions(first.log, ()))
    assert again.run()
    assert _as_json(again.log.events) == _as_json(first.log.events)


def test_another_rulesets_encounter_is_not_run() -> None:
    """The window's session reran the old ruleset on a newly opened saved fight of another
    ruleset (a d12 skirmish without situations), before restarting with the file's own: these
    rules run only their own encounters, and that run is empty rather than a crash."""
    d12 = Encounter(
        ruleset="d12",
        map=MapSpec(10, 10),
        combatants=(fighter("thorin", "party", 2.5, 2.5), fighter("orc", "orcs", 3.5, 2.5)),
        plans=(plan("thorin", 1, "full_attack", target="orc"),),
    )
    engine = Engine(d12, ruleset())
    assert engine.run()
    assert len(engine.log) == 0


def test_the_timeline_marks_blows_and_waits_going_off() -> None:
    from battlemap.rulesets.base import Mark, markers_of

    example = load_checked(EXAMPLE)
    engine = Engine(example, ruleset(), seed=example.seed)
    assert engine.run()
    markers = markers_of(ruleset())
    marks = [
        (e.actor, mark.symbol)
        for e in engine.log
        if e.type in markers and (mark := markers[e.type](e)) is not None
    ]
    assert marks[:3] == [("brenna", "hit"), ("ilse", "triggered"), ("ilse", "miss")]
    assert Mark("hit") == markers["attack"](next(e for e in engine.log if e.type == "attack"))
