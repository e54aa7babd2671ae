"""The planning ruler measures at the ruleset's pace: d12's 30 feet of pace a square a unit, and
Combat Experience's 5, where a movement's whole allowance fills its one-unit turn slot."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from battlemap.geometry.path import Pace
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.base import pace_of
from battlemap.rulesets.combat_experience.actions import allowed_squares
from battlemap.storage.settings import Settings
from battlemap.ui.map_ruler import RulerSpec, reach_squares, stop_text
from tests.ui.windows import example_window


def _label(time: float) -> str:
    return f"t={time:g}"


@pytest.mark.parametrize("action", ["move", "double_move", "run"])
@pytest.mark.parametrize("speed", [20, 30, 40])
def test_combat_experience_reach_is_its_allowance(action: str, speed: int) -> None:
    """ "speed x multiple / 5 squares" a movement allows: the ruler, built as planning builds
    it, reaches exactly that far in the action's one unit."""
    ruleset = get_ruleset("combat-experience")
    spec = RulerSpec(
        pace_of(ruleset, speed * ruleset.path_actions[action]),
        0.0,
        float(ruleset.actions[action]),
        _label,
    )
    assert reach_squares(spec) == allowed_squares(speed, action)


def test_the_same_squares_take_the_time_of_each_rulesets_pace() -> None:
    """6 squares at 30 ft: 6 units at d12's pace (a square a unit), 1 unit at Combat
    Experience's (6 squares a unit)."""
    d12 = RulerSpec(Pace(30, 30), 10.0, 6.0, _label)
    ce = RulerSpec(Pace(30, 5), 10.0, 1.0, _label)
    assert stop_text(6.0, d12) == "6.0 sq · 30 ft · t=16"
    assert stop_text(6.0, ce) == "6.0 sq · 30 ft · t=11"
    assert stop_text(6.0, RulerSpec(Pace(0, 5), 10.0, 1.0, _label)).endswith("never")


def test_planning_a_combat_experience_move_measures_its_allowance(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The golem (speed 20) plans a move in the mill: 4 squares in his slot, so time runs out
    4 squares along the line to the cursor (at d12's rate it would be 2/3 of a square)."""
    quiet = Settings(not_offered=("aoo", "intercept"))
    window = example_window(qtbot, tmp_path, "combat_experience.json", quiet)
    window.document.remove_plans(window.document.plans_of("golem", 1))
    viewport = window.map.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=window.map.square_to_view(6.5, 5.5))
    assert window.map.selected_ids() == ["golem"]
    window.planning.actions["move"].trigger()
    assert window.map.is_planning()
    qtbot.mouseMove(viewport, window.map.square_to_view(11.5, 5.5))
    timeout = window.map.ruler_timeout_point()
    assert timeout is not None
    assert timeout == pytest.approx((6.5 + allowed_squares(20, "move"), 5.5), abs=0.05)
    assert timeout == pytest.approx((10.5, 5.5), abs=0.05)


def test_a_five_foot_step_is_measured_by_its_square_not_by_time(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """3e: a 5-foot step takes no time of its own and goes one square: its ruler says how far
    it may go ("as far as it goes (1 square)") and that it is there at once, instead of "time
    runs out" at the start as a ruler over no time at all would."""
    quiet = Settings(not_offered=("aoo", "intercept"))
    window = example_window(qtbot, tmp_path, "skirmish.json", quiet)
    window.document.remove_plans(window.document.plans_of("luet", 1))
    viewport = window.map.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=window.map.square_to_view(2.5, 11.5))
    assert window.map.selected_ids() == ["luet"]
    window.planning.actions["five_foot_step"].trigger()
    assert window.map.is_planning()
    qtbot.mouseMove(viewport, window.map.square_to_view(2.5, 8.5))
    timeout = window.map.ruler_timeout_point()
    assert timeout == pytest.approx((2.5, 10.5), abs=0.05)
    start = window.session.ruleset.clock.label(window.planning._ruler_spec.start_time)
    assert window.map.ruler_labels() == [
        "as far as it goes (1 square)",
        f"3.0 sq · 15 ft · {start}",
    ]
