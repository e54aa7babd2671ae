"""The planning preview: where a path being drawn would provoke, exact, and cheap per move."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.core.state import State
from battlemap.geometry import threat
from battlemap.geometry.intercept import earliest_interception
from battlemap.geometry.path import Pace, TimedPath
from battlemap.rulesets.d12 import preview as preview_module
from battlemap.rulesets.d12.clock import PACE_PER
from battlemap.rulesets.d12.preview import preview
from tests.factories import combatant, encounter


def _state(guard_x: float) -> State:
    mover = combatant("mover", x=0.5, y=0.5)
    guard = combatant("guard", side="b", x=guard_x, y=1.5)
    return State(encounter(mover, guard))


def test_a_path_past_a_guard_provokes_where_it_leaves_his_reach() -> None:
    """Moving out of a threatened square provokes, at the moment the centre leaves it (the
    rule of issue 4, docs/rules/d12.md). The mover (30 ft a move: 1 square a unit) goes from
    (0.5, 0.5) to (8.5, 0.5) from time 0; the guard at (3.5, 1.5) threatens squares 2..4 of
    row 0; the centre leaves square 2 at x = 3, 2.5 squares along: at 2.5."""
    found = preview(_state(3.5), "mover", [(0.5, 0.5), (8.5, 0.5)], 0.0, 30, 12.0)
    aoo = [(p.who, p.time, p.point) for p in found if p.kind == "aoo"]
    assert aoo == [("guard", 2.5, (3.0, 0.5))]


def test_the_threat_index_is_built_once_while_the_enemies_stand_still(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every mouse move re-runs the preview; the guard's threat index is reused until he
    moves. Moved to (4.5, 1.5), he threatens squares 3..5: the mover leaves square 3 at 3.5."""
    built: list[int] = []
    real = threat.ThreatIndex

    def counting(*args: object, **kwargs: object) -> threat.ThreatIndex:
        built.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(preview_module, "ThreatIndex", counting)
    monkeypatch.setattr(preview_module, "_INDEXES", preview_module._LastIndex())
    state = _state(3.5)
    for end in (6.5, 7.5, 8.5):
        preview(state, "mover", [(0.5, 0.5), (end, 0.5)], 0.0, 30, 12.0)
    assert len(built) == 1
    moved = _state(4.5)
    found = preview(moved, "mover", [(0.5, 0.5), (8.5, 0.5)], 0.0, 30, 12.0)
    assert len(built) == 2
    assert [(p.who, p.time) for p in found if p.kind == "aoo"] == [("guard", 3.5)]


@settings(max_examples=60, deadline=None)
@given(
    enemies=st.lists(
        st.tuples(st.integers(0, 29), st.integers(0, 29), st.sampled_from([20, 30, 40])),
        min_size=1,
        max_size=8,
        unique_by=lambda e: (e[0], e[1]),
    ),
    end=st.tuples(st.integers(0, 29), st.integers(0, 29)),
)
def test_the_indexed_intercepts_are_each_enemys_own_earliest(
    enemies: list[tuple[int, int, int]], end: tuple[int, int]
) -> None:
    """The preview asks an interceptor index (an STRtree that skips enemies too far to
    arrive); it must find exactly what solving every enemy on its own finds."""
    mover = combatant("mover", x=15.5, y=15.5)
    others = [
        combatant(f"e{i}", side="b", x=x + 0.5, y=y + 0.5, speed=speed)
        for i, (x, y, speed) in enumerate(enemies)
        if (x, y) != (15, 15)
    ]
    state = State(encounter(mover, *others))
    points = [(15.5, 15.5), (end[0] + 0.5, end[1] + 0.5)]
    found = preview(state, "mover", points, 0.0, 30, 12.0)
    indexed = sorted((p.who, p.time, p.point) for p in found if p.kind == "intercept")

    path = TimedPath.for_duration(points, 0.0, Pace(30, PACE_PER), 12.0)
    one_by_one = []
    for other in others:
        their_pace = Pace(other.speed, PACE_PER)
        meet = earliest_interception(path, other.id, (other.x, other.y), their_pace, 0.0, 1.0)
        if meet is not None and meet.time > 0.0:
            one_by_one.append((other.id, meet.time, meet.point))
    assert indexed == sorted(one_by_one)
