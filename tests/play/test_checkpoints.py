"""Checkpoints: a seek replays at most one interval of the log, and the state at the playhead
is the one a replay from the first event gives, whatever seeks, plays, rewinds and edits came
before."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlemap.core.encounter import Encounter
from battlemap.core.state import State
from battlemap.play.checkpoints import Checkpoints, Replay
from battlemap.play.session import FightModel
from tests.play.fights import (
    StepsKept,
    counting_applies,
    example,
    model_of,
    play_to_end,
    scratch,
    value_of,
)

INTERVAL = 8


def _agrees(model: FightModel) -> None:
    events = list(model.events())
    expected = scratch(model.encounter, events, model.time, model)
    got = model.state()
    assert value_of(got) == value_of(expected)
    assert got.positions_at(model.time) == expected.positions_at(model.time)


@pytest.mark.parametrize("name", ["skirmish", "combat_experience"])
def test_a_seek_anywhere_replays_at_most_one_interval(name: str) -> None:
    model = model_of(example(name), INTERVAL)
    play_to_end(model)
    model.state()  # the window shows the end once: the whole log replayed, checkpoints kept
    events = list(model.events())
    assert len(events) > 8 * INTERVAL  # enough of a fight for the bound to mean something
    times = sorted({e.time for e in events})
    # Every instant of the fight, back and forth: last to first, first to last, and each one.
    for target in [times[0], times[-1], times[0], *reversed(times), *times]:
        with counting_applies() as applied:
            model.seek(target)
            model.state()
        assert applied[0] < INTERVAL, f"seek to {target} replayed {applied[0]} events"
        _agrees(model)


def test_without_checkpoints_a_seek_back_replays_from_the_start() -> None:
    """The counter above counts: the old way applies the whole log on end -> start -> end."""
    model = model_of(example("skirmish"), None)
    play_to_end(model)
    model.state()
    end = model.time
    model.seek(model.events()[0].time)
    model.state()
    with counting_applies() as applied:
        model.seek(end)
        model.state()
    assert applied[0] > 8 * INTERVAL


def test_a_rewind_keeps_the_checkpoints_before_the_question() -> None:
    model = model_of(example("skirmish"), INTERVAL, ask_actor="thorin")
    play_to_end(model)
    model.state()
    listener = model._listener
    assert isinstance(listener, StepsKept) and listener.steps
    replay = model._replay
    checkpoints = replay.checkpoints
    assert checkpoints is not None
    kept_before = len(checkpoints)
    step = listener.steps[-1]
    model.rewind(step)
    index = next(i for i, e in enumerate(model.events()) if e.time >= step.decision.time)
    # Those wholly before the question's moment survive the rewind; none past the new log.
    assert len(checkpoints) >= min(kept_before, index // INTERVAL)
    assert checkpoints.reach() <= len(model.events())
    assert len(checkpoints) > 0
    _agrees(model)


# --- random seeks, plays, rewinds and edits --------------------------------------------------

_OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("seek"), st.floats(0.0, 1.0)),
        st.tuples(st.just("forward"), st.integers(1, 30)),
        st.tuples(st.just("answer"), st.integers(0, 0)),
        st.tuples(st.just("rewind"), st.integers(0, 50)),
        st.tuples(st.just("redo"), st.integers(0, 50)),
        st.tuples(st.just("drop_plan"), st.integers(0, 50)),
        st.tuples(st.just("hurt"), st.integers(0, 50)),
    ),
    min_size=1,
    max_size=12,
)


def _apply(model: FightModel, operation: tuple[str, float], span: tuple[float, float]) -> None:
    kind, amount = operation
    listener = model._listener
    assert isinstance(listener, StepsKept)
    encounter = model.encounter
    if kind == "seek":
        model.seek(span[0] + amount * (span[1] - span[0]))
    elif kind == "forward":
        model.advance_to(model.time + amount)
    elif kind == "answer" and model.pending is not None:
        model.answer(None)
    elif kind == "rewind" and listener.steps:
        model.rewind(listener.steps[int(amount) % len(listener.steps)])
    elif kind == "redo" and listener.steps:
        model.replay_step(listener.steps[int(amount) % len(listener.steps)])
    elif kind == "drop_plan" and encounter.plans:
        # A plan gone: the same combatants, so the checkpoints before the change are kept.
        at = int(amount) % len(encounter.plans)
        plans = (*encounter.plans[:at], *encounter.plans[at + 1 :])
        model.update_encounter(dataclasses.replace(encounter, plans=plans))
    elif kind == "hurt":
        # A combatant's hit points edited: every state differs, nothing kept can be reused.
        at = int(amount) % len(encounter.combatants)
        hurt = dataclasses.replace(encounter.combatants[at], hp=encounter.combatants[at].hp - 1)
        combatants = (*encounter.combatants[:at], hurt, *encounter.combatants[at + 1 :])
        model.update_encounter(dataclasses.replace(encounter, combatants=combatants))


def _random_session(encounter: Encounter, asked: str, operations: list[tuple[str, float]]) -> None:
    model = model_of(encounter, INTERVAL, ask_actor=asked)
    play_to_end(model)
    span = (model.events()[0].time, model.time)
    _agrees(model)
    for operation in operations:
        _apply(model, operation, span)
        _agrees(model)


_SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(operations=_OPERATIONS)
def test_d12_state_at_the_playhead_is_the_replay_from_the_start(
    operations: list[tuple[str, float]],
) -> None:
    _random_session(example("skirmish"), "thorin", operations)


@_SETTINGS
@given(operations=_OPERATIONS)
def test_combat_experience_state_at_the_playhead_is_the_replay_from_the_start(
    operations: list[tuple[str, float]],
) -> None:
    _random_session(example("combat_experience"), "brenna", operations)


# --- the pieces ---------------------------------------------------------------------------------


def test_a_state_copy_shares_nothing_that_changes() -> None:
    model = model_of(example("skirmish"), None)
    play_to_end(model)
    events = list(model.events())
    middle = next(e.time for e in events if e.type == "action_start" and e.get("path"))
    state = scratch(model.encounter, events, middle, model)
    mover = next(c for c in state.combatants.values() if c.knots)
    state.rules["waits_list"] = [1, 2]
    state.pair("thorin", "goblin")["engaged"] = True
    before = value_of(state)
    twin = state.copy()
    assert value_of(twin) == before
    # Change every mutable part of the copy; the original stays as it was.
    twin_mover = twin[mover.id]
    assert twin_mover.knots is not None and twin_mover.action is not None
    twin_mover.knots.append((99.0, 0.0, 0.0))
    twin_mover.action.spell = "fireball"
    twin_mover.statuses.add("stunned")
    twin_mover.rules["count"] = -5
    twin.rules["waits_list"].append(3)
    twin.pair("thorin", "goblin")["engaged"] = False
    for event in events:
        if event.time > middle:
            twin.apply(event)
    assert value_of(state) == before
    assert value_of(twin) != before


def test_checkpoints_thin_out_past_their_limit_and_are_cut_with_the_log() -> None:
    encounter = example("skirmish")
    state = State(encounter)
    checkpoints = Checkpoints(interval=2, limit=4)
    for applied in range(1, 21):
        state.time = float(applied)  # which checkpoint is which, read back below
        if checkpoints.due(applied):
            checkpoints.keep(applied, state)
    # 2, 4, 6, 8, then 10 made five: every other went and the interval doubled, and so on.
    assert checkpoints.interval == 8
    assert len(checkpoints) == 2
    assert [checkpoints.latest(n) for n in (7,)] == [None]
    found = checkpoints.latest(20)
    assert found is not None and found[0] == 16 and found[1].time == 16.0
    checkpoints.cut(15)
    found = checkpoints.latest(20)
    assert found is not None and found[0] == 8 and found[1].time == 8.0
    with pytest.raises(ValueError, match="no checkpoint is due"):
        checkpoints.keep(3, state)


def test_a_restored_checkpoint_is_a_copy() -> None:
    """Moving on from a restored checkpoint never changes the checkpoint itself."""
    model = model_of(example("skirmish"), INTERVAL)
    play_to_end(model)
    events = list(model.events())
    replay = Replay(model.encounter, model.ruleset.reducers, INTERVAL)
    end = replay.at(events, events[-1].time)
    end_value = value_of(end)
    replay.at(events, events[INTERVAL + 1].time)
    replay.at(events, events[-1].time)
    assert value_of(replay.state) == end_value
    replay.at(events, events[INTERVAL + 1].time)
    assert value_of(replay.state) == value_of(
        scratch(model.encounter, events, events[INTERVAL + 1].time, model)
    )
