"""Opening a saved fight shows its log at once; the engine replays it behind the scenes
(`catch_up`), and anything that needs the engine finishes that replay first."""

from __future__ import annotations

import dataclasses

import pytest

from battlemap.core.decisions import take_all
from battlemap.core.encounter import Encounter
from battlemap.core.events import Event
from battlemap.play.session import FightModel, QuietListener
from tests.play.fights import example, model_of, play_to_end, scratch, value_of


class Heard(QuietListener):
    """Keeps what the model says, in order."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def notice(self, text: str) -> None:
        self.said.append(f"notice: {text}")

    def diverged(self, time: float | None) -> None:
        self.said.append(f"diverged: {time}")

    def log_reset(self) -> None:
        self.said.append("log_reset")


def _saved(name: str) -> tuple[Encounter, list[Event]]:
    """The example played to its end, and the encounter saved with that log."""
    model = model_of(example(name), None)
    play_to_end(model)
    events = list(model.events())
    return dataclasses.replace(model.encounter, log=tuple(events)), events


def _opened(encounter: Encounter, heard: Heard) -> FightModel:
    model = FightModel(encounter, lambda _request: False, take_all, heard)
    model.start()
    return model


@pytest.mark.parametrize("name", ["skirmish", "combat_experience"])
def test_a_saved_fight_is_shown_at_once_and_caught_up_step_by_step(name: str) -> None:
    encounter, events = _saved(name)
    heard = Heard()
    model = _opened(encounter, heard)
    assert model.catching_up
    assert model.engine is not None and len(model.engine.log) == 0  # nothing replayed yet
    assert list(model.events()) == events
    assert model.time == events[-1].time
    assert value_of(model.state()) == value_of(scratch(encounter, events, model.time, model))
    calls = 1
    while not model.catch_up(5):
        calls += 1
    assert calls > 3  # it really went a few steps at a time
    assert not model.catching_up
    assert list(model.events()) == events
    assert list(model.engine.log.events) == events
    assert heard.said == ["log_reset", "diverged: None"]


def test_playing_on_finishes_the_replay_first_and_goes_on_as_straight_through() -> None:
    encounter, events = _saved("skirmish")
    cut = events[len(events) // 2].time
    half = dataclasses.replace(encounter, log=tuple(e for e in events if e.time <= cut))
    model = _opened(half, Heard())
    assert model.catching_up
    play_to_end(model)
    assert not model.catching_up
    assert list(model.events()) == events


def test_a_log_that_no_longer_matches_is_said_when_the_replay_reaches_it() -> None:
    encounter, events = _saved("skirmish")
    # A hand-edited file: everyone has 7 more hit points, so the hit points left that the
    # damage events tell are no longer what the replay finds.
    edited = dataclasses.replace(
        encounter,
        combatants=tuple(dataclasses.replace(c, hp=c.hp + 7) for c in encounter.combatants),
    )
    heard = Heard()
    model = _opened(edited, heard)
    assert heard.said == ["log_reset"]  # shown as saved: nothing said yet
    while not model.catch_up(50):
        pass
    notices = [s for s in heard.said if s.startswith("notice: ")]
    assert len(notices) == 1
    assert notices[0].startswith(
        "notice: The saved log does not match this encounter; the fight was replayed with its "
        "rolls and answers, and differs from "
    )
    diverged = [s for s in heard.said if s.startswith("diverged: ")]
    assert len(diverged) == 1 and diverged[0] != "diverged: None"
    assert heard.said[-2:] == ["log_reset", diverged[0]]
    assert list(model.events()) == list(model.engine.log.events)
    assert list(model.events()) != events


def test_seeking_inside_the_saved_log_needs_no_replay() -> None:
    encounter, events = _saved("skirmish")
    model = _opened(encounter, Heard())
    middle = events[len(events) // 2].time
    model.seek(middle)
    assert model.catching_up  # a scrub back over the saved log runs nothing
    assert model.time == middle
    assert value_of(model.state()) == value_of(scratch(encounter, events, middle, model))
