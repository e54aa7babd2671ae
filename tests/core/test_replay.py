"""Events are the truth: replaying a log gives the same state, at the end and at any time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.core.encounter import Encounter
from battlemap.core.engine import Engine, recorded_decisions
from battlemap.core.state import replay
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.d12.fields import D12_FIELDS
from battlemap.storage.encounter_file import load_encounter

SKIRMISH = Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json"


@pytest.fixture(scope="module")
def skirmish() -> Encounter:
    return load_encounter(SKIRMISH)


#: d12's own reducers: its initiative, delays, AC modifiers and opportunities are its state.
D12_REDUCERS = get_ruleset("d12").reducers


def _engine(encounter: Encounter, seed: int, **kwargs: object) -> Engine:
    return Engine(encounter, get_ruleset("d12"), seed=seed, **kwargs)  # type: ignore[arg-type]


def test_replaying_the_whole_log_gives_the_live_state(skirmish: Encounter) -> None:
    engine = _engine(skirmish, seed=3)
    assert engine.run()
    replayed = replay(skirmish, engine.log, extra_reducers=D12_REDUCERS)
    assert replayed.snapshot() == engine.state.snapshot()
    # Not a vacuous comparison: the fight changed hit points and positions.
    assert replayed["shaman"].hp < 9
    assert replayed["luet"].position == (8.5, 11.5)
    assert replayed["thorin"].rules["count"] == 6


@pytest.mark.parametrize("time", [-1.0, 0.0, 2.5, 5.0, 5.78, 6.0, 9.25, 12.0, 17.5, 30.0])
def test_replay_to_any_time_matches_an_engine_stopped_there(
    skirmish: Encounter, time: float
) -> None:
    """Scrubbing: the state at time t from the full log equals a fresh run stopped at t,
    including tokens caught between two units of a move."""
    full = _engine(skirmish, seed=3)
    assert full.run()
    partial = _engine(skirmish, seed=3)
    assert partial.run_until(time)
    replayed = replay(skirmish, full.log, until=time, extra_reducers=D12_REDUCERS)
    assert replayed.snapshot() == partial.state.snapshot(at=time)


def test_mid_move_position_is_interpolated_from_the_log(skirmish: Encounter) -> None:
    """Luet moves 6 squares east from (2.5, 11.5) over units 11..6 (time 1 to 7): at 3.5 she is
    2.5 squares along."""
    engine = _engine(skirmish, seed=3)
    assert engine.run()
    assert replay(skirmish, engine.log, until=3.5)["luet"].position_at(3.5) == (5.0, 11.5)


def test_feeding_back_the_rolls_reproduces_the_log_with_any_seed(skirmish: Encounter) -> None:
    """Every random outcome is an event: a replay never rolls again."""
    original = _engine(skirmish, seed=3)
    assert original.run()
    again = _engine(
        skirmish, seed=999, recorded=recorded_decisions(original.log, D12_FIELDS.opportunities)
    )
    assert again.run()
    as_json = [json.dumps(e.to_json()) for e in original.log]
    assert [json.dumps(e.to_json()) for e in again.log] == as_json
    assert len(as_json) > 60


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_any_seed_gives_a_replayable_monotonic_log(skirmish: Encounter, seed: int) -> None:
    engine = _engine(skirmish, seed=seed)
    assert engine.run()
    times = [e.time for e in engine.log]
    assert times == sorted(times)
    assert replay(skirmish, engine.log, extra_reducers=D12_REDUCERS).snapshot() == (
        engine.state.snapshot()
    )
