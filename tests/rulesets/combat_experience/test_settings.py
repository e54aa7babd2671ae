"""The check's dice, penalty dice and degrees of success: the settings and their defaults."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from battlemap.core.dice import KeyedDice, dice_range
from battlemap.core.dice_notation import check_notation
from battlemap.core.errors import BattlemapError
from battlemap.rulesets.combat_experience.settings import (
    DEFAULT_RULES,
    ROUND_SECONDS,
    CheckRules,
)


def test_the_round_is_six_seconds() -> None:
    """ "Combat round is 6 seconds\""""
    assert ROUND_SECONDS == 6


def test_the_default_check_is_two_d12_plus_combat_experience() -> None:
    """ "Combat Experience (Willpower) skill roll": 2d12 + the skill by default."""
    assert CheckRules(dice=2, sides=12, degree_step=5) == DEFAULT_RULES
    assert DEFAULT_RULES.notation(4) == "2d12+4"
    assert DEFAULT_RULES.notation(-2) == "2d12-2"
    assert DEFAULT_RULES.notation(0) == "2d12"
    assert dice_range("2d12+4") is not None
    assert (dice_range("2d12+4").low, dice_range("2d12+4").high) == (6, 28)  # type: ignore[union-attr]


def test_a_penalty_die_rolls_one_die_more_and_drops_the_highest() -> None:
    """ "If something particularly scary is involved in combat the scared party gets penalty
    dice to Combat Experience roll": each penalty die is one more d12, the highest dropped."""
    assert DEFAULT_RULES.notation(4, penalty_dice=1) == "3d12kl2+4"
    assert DEFAULT_RULES.notation(0, penalty_dice=3) == "5d12kl2"
    assert DEFAULT_RULES.scary_penalty_dice == 1


@pytest.mark.parametrize(
    ("modifier", "penalty"),
    [(0, 0), (7, 0), (-3, 1), (12, 3), (0, DEFAULT_RULES.scary_penalty_dice)],
)
def test_every_check_notation_is_one_battlemap_rolls(modifier: int, penalty: int) -> None:
    """The engine will roll these with its keyed dice: the notation must pass the same check
    as any file's, and the kept dice must be the lowest."""
    notation = DEFAULT_RULES.notation(modifier, penalty)
    check_notation(notation)
    for key in ("a", "b", "c", "d"):
        total = KeyedDice(7).roll(notation, key).total
        assert 2 + modifier <= total <= 24 + modifier


def test_kept_dice_are_the_lowest() -> None:
    """5d12kl2: the two lowest of five, so never above the two lowest faces shown."""
    roll = KeyedDice(3).roll("5d12kl2", "kept")
    faces = sorted(int(face) for face in roll.detail.split("(")[1].split(")")[0].split(","))
    assert roll.total == faces[0] + faces[1]


@pytest.mark.parametrize(
    ("total", "difficulty", "degrees"),
    [
        (9, 10, 0),
        (10, 10, 0),
        (14, 10, 0),
        (15, 10, 1),
        (19, 10, 1),
        (20, 10, 2),
        (30, 20, 2),
        (29, 20, 1),
        (45, 20, 5),
    ],
)
def test_one_degree_of_success_per_full_five_points_over(
    total: int, difficulty: int, degrees: int
) -> None:
    """Degrees of success: a bare success has none, each full 5 points over adds one."""
    assert DEFAULT_RULES.degrees(total, difficulty) == degrees


def test_the_game_master_may_change_every_setting() -> None:
    rules = CheckRules(dice=1, sides=20, degree_step=4, scary_penalty_dice=2)
    assert rules.notation(3) == "1d20+3"
    assert rules.notation(3, penalty_dice=2) == "3d20kl1+3"
    assert rules.degrees(18, 10) == 2


def test_three_penalty_dice_on_defence_are_minus_six_armour() -> None:
    """ "Frozen characters ... defend themselves with three penalty dice": -2 AC a die."""
    assert DEFAULT_RULES.armour_penalty(3) == -6
    assert CheckRules(armour_per_penalty_die=1).armour_penalty(3) == -3


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"dice": 0}, "dice: must be between 1 and 50, not 0"),
        ({"sides": 1}, "sides: must be between 2 and 1000, not 1"),
        ({"degree_step": 0}, "degree_step: must be between 1 and 1000, not 0"),
        ({"scary_penalty_dice": -1}, "scary_penalty_dice: must be between 0 and 50, not -1"),
        ({"dice": True}, "dice: must be a whole number, not True"),
    ],
)
def test_settings_out_of_range_are_refused(fields: dict[str, int], message: str) -> None:
    with pytest.raises(BattlemapError) as raised:
        CheckRules(**fields)
    assert str(raised.value) == message


def test_negative_or_too_many_penalty_dice_are_refused() -> None:
    with pytest.raises(BattlemapError, match="penalty_dice: must be between 0 and 48, not -1"):
        DEFAULT_RULES.notation(0, penalty_dice=-1)
    with pytest.raises(BattlemapError, match="not 49"):
        DEFAULT_RULES.notation(0, penalty_dice=49)


def _chance(skill: int, difficulty: int, penalty_dice: int = 0) -> int:
    """Percent chance (rounded) that the default check meets `difficulty`, counted exactly."""
    rolls = list(itertools.product(range(1, 13), repeat=2 + penalty_dice))
    met = sum(1 for faces in rolls if sum(sorted(faces)[:2]) + skill >= difficulty)
    return round(100 * met / len(rolls))


def test_the_chances_table_of_the_rules_page_is_the_defaults() -> None:
    """docs/rules/combat-experience.md's table of chances is what the defaults give."""
    page = (Path(__file__).parents[3] / "docs" / "rules" / "combat-experience.md").read_text(
        encoding="utf-8"
    )
    rows = re.findall(r"^\| (\d+) \| (.+) \|$", page, re.MULTILINE)
    assert [int(skill) for skill, _ in rows] == [0, 3, 6, 9]
    for skill_text, cells in rows:
        skill = int(skill_text)
        shown = [int(cell.strip().rstrip(" %")) for cell in cells.split("|")]
        expected = [_chance(skill, d) for d in (10, 15, 20, 25)]
        expected += [_chance(skill, 30), _chance(skill, 15, penalty_dice=1)]
        assert shown == expected, skill
