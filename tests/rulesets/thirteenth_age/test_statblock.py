"""Statblock attack lines read into attacks; bad lines refused with one line naming why."""

from __future__ import annotations

import pytest

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.defenses import Defense
from battlemap.rulesets.thirteenth_age.statblock import HALF, StatblockAttack, parse_attack


def test_the_issue_s_example() -> None:
    assert parse_attack("+7 vs AC, 2d6 damage; miss: 3") == StatblockAttack(
        bonus=7, vs=Defense.AC, damage="2d6", miss="3"
    )


def test_the_book_s_form_with_name_targets_dash_type_and_half_on_a_miss() -> None:
    attack = parse_attack(
        "Fiery bite +9 vs. PD (one nearby enemy)\u20143d6+2 fire damage; Miss: half damage"
    )
    assert attack == StatblockAttack(
        bonus=9,
        vs=Defense.PD,
        damage="3d6+2",
        name="Fiery bite",
        damage_type="fire",
        miss=HALF,
        targets="one nearby enemy",
    )
    assert parse_attack(attack.text()) == attack


def test_spaces_negative_bonus_and_no_miss_clause() -> None:
    attack = parse_attack("  Claw  -1 vs md: 1d8 + 2 negative energy damage ")
    assert attack == StatblockAttack(-1, Defense.MD, "1d8+2", "Claw", "negative energy")
    assert parse_attack(attack.text()) == attack


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("", "it is empty"),
        ("bite 2d6 damage", 'no attack bonus and defense (like "+7 vs AC")'),
        ("+7 vs Ref, 2d6 damage", "'Ref' is not a defense: AC, PD or MD"),
        ("+99 vs AC, 2d6 damage", "the bonus +99 is outside -20 to +40"),
        ("+7 vs AC 2d6 damage", 'no damage after the defense (like ", 2d6 damage")'),
        ("+7 vs AC, 2d6", "'2d6' is not damage"),
        ("+7 vs AC, 2d6 flaming damage", "'flaming' is not a damage type: acid, cold"),
        ("+7 vs AC, 2d6/0 damage", "the damage '2d6/0' is not dice Battlemap rolls: it divides"),
        ("+7 vs AC, 200d6 damage", "it rolls more than 100 dice"),
        ("+7 vs AC, 2d6 damage; hit: 3", "'hit: 3' is not a miss clause"),
        ("+7 vs AC, 2d6 damage; miss: 3; miss: 4", "'miss: 4' comes after the miss clause"),
        ("+7 vs AC, 2d6 damage; miss: lots", "the miss damage 'lots' is not dice"),
        ("x" * 201, "it is 201 characters long; at most 200"),
        ("A" * 41 + " +7 vs AC, 2d6 damage", "the name is 41 characters long; at most 40"),
    ],
)
def test_bad_lines_are_refused_with_the_problem_named(line: str, problem: str) -> None:
    with pytest.raises(BattlemapError) as raised:
        parse_attack(line)
    assert problem in raised.value.problem
    assert str(raised.value).startswith("attack '")
    assert "\n" not in str(raised.value)
