"""The planned paths still to come, from an index of the log kept as it grows, are what a read
of the whole log gives, at any moment, as the log grows, is cut back or replaced."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.core.decisions import RollRequest
from battlemap.core.encounter import Encounter, Point
from battlemap.core.events import Event
from battlemap.play.session import FightModel
from battlemap.storage.encounter_file import load_encounter
from battlemap.ui.plan_paths import pending_paths

SKIRMISH = Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json"


def _never(_request: RollRequest) -> bool:
    return False


def _played() -> tuple[Encounter, list[Event]]:
    encounter = load_encounter(SKIRMISH)
    model = FightModel(encounter, _never, lambda _request: False)
    model.play_out()
    return encounter, list(model.events())


ENCOUNTER, EVENTS = _played()
POSITIONS = {c.id: (c.x, c.y) for c in ENCOUNTER.combatants}
LAST = EVENTS[-1].time


def reference(
    encounter: Encounter, events: Sequence[Event], time: float, positions: Mapping[str, Point]
) -> dict[str, list[Point]]:
    """The paths to come read from the whole log, as the window did before the index."""
    begun: dict[str, int] = {}
    for event in events:
        if event.time > time:
            break
        if event.type in ("action_start", "plan_skipped") and event.actor is not None:
            begun[event.actor] = begun.get(event.actor, 0) + 1
    paths: dict[str, list[Point]] = {}
    by_actor: dict[str, list[int]] = {}
    for index, plan in enumerate(encounter.plans):
        by_actor.setdefault(plan.actor, []).append(index)
    for actor, indices in by_actor.items():
        ordered = sorted(indices, key=lambda i: (encounter.plans[i].round, i))
        line: list[Point] = [positions[actor]]
        for i in ordered[begun.get(actor, 0) :]:
            line.extend(encounter.plans[i].path)
        if len(line) > 1:
            paths[actor] = line
    return paths


def test_the_fight_has_paths_that_are_begun_along_the_way() -> None:
    assert reference(ENCOUNTER, EVENTS, -1.0, POSITIONS) != reference(
        ENCOUNTER, EVENTS, LAST, POSITIONS
    )
    assert any(e.type == "action_start" for e in EVENTS)


@settings(max_examples=60, deadline=None)
@given(
    steps=st.lists(
        st.tuples(
            st.sampled_from(["grow", "cut", "replace"]),
            st.integers(min_value=0, max_value=len(EVENTS)),
            st.floats(min_value=-1.0, max_value=LAST + 1.0),
        ),
        min_size=1,
        max_size=12,
    )
)
def test_indexed_paths_equal_a_read_of_the_whole_log(
    steps: list[tuple[str, int, float]],
) -> None:
    log: list[Event] = []
    for what, size, time in steps:
        if what == "grow":
            log.extend(EVENTS[len(log) : max(len(log), size)])
        elif what == "cut":  # a rewind: the same list, cut back and grown again
            del log[size:]
        else:  # another log (a restart, an open): a new list
            log = list(EVENTS[:size])
        assert pending_paths(ENCOUNTER, log, time, POSITIONS) == reference(
            ENCOUNTER, log, time, POSITIONS
        )
