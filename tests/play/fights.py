"""What the checkpoint tests share: the example fights, a listener that keeps the answered
steps, a counter of events applied, and the state as a value to compare."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from battlemap.core.decisions import RollRequest, defaults, take_all
from battlemap.core.encounter import Encounter
from battlemap.core.events import Event
from battlemap.core.state import State
from battlemap.loading import load_checked
from battlemap.play.session import AnsweredStep, FightModel, QuietListener

EXAMPLES = Path(__file__).parents[2] / "resources" / "examples"


def example(name: str) -> Encounter:
    return load_checked(EXAMPLES / f"{name}.json")


class StepsKept(QuietListener):
    """Hears only the answered steps, to undo and redo them."""

    def __init__(self) -> None:
        self.steps: list[AnsweredStep] = []

    def answered(self, step: AnsweredStep) -> None:
        self.steps.append(step)


def asking(actor: str) -> Any:
    """A policy that asks a person for every roll `actor` makes."""

    def ask(request: RollRequest) -> bool:
        return request.actor == actor

    return ask


def model_of(encounter: Encounter, interval: int | None, ask_actor: str = "") -> FightModel:
    """A fight model over `encounter` with checkpoints every `interval` events, asking a
    person for `ask_actor`'s rolls (nobody's by default)."""
    model = FightModel(encounter, asking(ask_actor), take_all, StepsKept(), defaults)
    model.set_checkpoint_interval(interval)
    return model


def play_to_end(model: FightModel) -> None:
    """Play the whole fight, letting the app roll every roll asked of a person."""
    for _ in range(1000):
        if model.play_out():
            return
        model.answer(None)
    raise AssertionError("the fight never ended")


def scratch(encounter: Encounter, events: list[Event], time: float, model: FightModel) -> State:
    """The state at `time` replayed from the first event, the way checkpoints must agree with."""
    state = State(encounter, model.ruleset.reducers)
    for event in events:
        if event.time > time:
            break
        state.apply(event)
    return state


def value_of(state: State) -> tuple[object, ...]:
    """The state as a value: combatants (dataclasses, compared field by field, rules bags and
    all), the fight's and the pairs' rules bags (an empty pair bag is nothing: reading a pair
    creates one), and the time of the last event applied."""
    pairs = {pair: dict(bag) for pair, bag in state.pairs.items() if bag}
    return (state.time, dict(state.combatants), dict(state.rules), pairs)


@contextmanager
def counting_applies() -> Iterator[list[int]]:
    """Count the events applied to any state meanwhile (the first item of the list yielded)."""
    counted = [0]
    original = State.apply

    def apply(self: State, event: Event) -> None:
        counted[0] += 1
        original(self, event)

    State.apply = apply  # type: ignore[method-assign]
    try:
        yield counted
    finally:
        State.apply = original  # type: ignore[method-assign]
