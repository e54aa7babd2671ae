"""Flexible attacks, two-weapon fighting, unarmed attacks, shooting into melee, invisibility,
the coup de grace."""

from __future__ import annotations

import pytest

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.actions import (
    ActionRefused,
    TurnBudget,
    coup_de_grace_budget,
)
from battlemap.rulesets.thirteenth_age.special_attacks import (
    FlexibleAttack,
    FlexibleWhen,
    choose_flexible,
    coup_de_grace_refusal,
    eligible_flexible,
    misses_invisible,
    natural_trigger,
    shooting_into_melee_target,
    two_weapon_natural,
    unarmed_attack_bonus,
    unarmed_damage,
)

MOVES = (
    FlexibleAttack("heavy blows", natural_trigger("even"), FlexibleWhen.MISS),
    FlexibleAttack("precise shot", natural_trigger("16+"), FlexibleWhen.HIT),
    FlexibleAttack("spin", natural_trigger("11-15")),
)


def test_flexible_attacks_trigger_off_the_natural_roll() -> None:
    """ "You still use the modified roll to determine whether or not you hit, but your flexible
    attacks trigger off the natural result on the die sitting in front of you.\""""
    assert natural_trigger("even") == frozenset({2, 4, 6, 8, 10, 12, 14, 16, 18, 20})
    assert natural_trigger("16+") == frozenset({16, 17, 18, 19, 20})
    assert natural_trigger("11-15") == frozenset({11, 12, 13, 14, 15})
    assert [a.name for a in eligible_flexible(16, True, MOVES)] == ["precise shot"]
    assert [a.name for a in eligible_flexible(16, False, MOVES)] == ["heavy blows"]
    assert [a.name for a in eligible_flexible(12, False, MOVES)] == ["heavy blows", "spin"]
    assert eligible_flexible(3, True, MOVES) == ()


def test_only_one_flexible_attack_at_a_time() -> None:
    """ "You can only use one flexible attack at a time.\""""
    with pytest.raises(BattlemapError, match="choose one of heavy blows, spin"):
        choose_flexible(12, False, MOVES)
    chosen = choose_flexible(12, False, MOVES, "spin")
    assert chosen is not None and chosen.name == "spin"
    with pytest.raises(BattlemapError, match="'precise shot' is not triggered by a 12"):
        choose_flexible(12, False, MOVES, "precise shot")


def test_no_flexible_attack_on_an_opportunity_attack() -> None:
    """ "You can't use a flexible attack when you make an opportunity attack.\""""
    assert eligible_flexible(18, True, MOVES, opportunity=True) == ()
    assert choose_flexible(18, True, MOVES, opportunity=True) is None


def test_a_bad_trigger_is_named() -> None:
    with pytest.raises(BattlemapError, match="'prime' is not even, odd"):
        natural_trigger("prime")
    with pytest.raises(BattlemapError, match="runs backwards"):
        natural_trigger("15-11")


def test_two_weapons_reroll_a_natural_2_and_must_use_it() -> None:
    """ "If your attack roll is a natural 2, you can reroll the attack but must use the
    reroll.\""""
    assert two_weapon_natural(2) == 2
    assert two_weapon_natural(2, 1) == 1
    assert two_weapon_natural(2, 17) == 17
    with pytest.raises(BattlemapError, match="only a natural 2 may be rerolled, not 3"):
        two_weapon_natural(3, 17)


def test_unarmed_attacks() -> None:
    """ "To punch or kick, make a Strength attack with a -2 penalty (regardless of your class)
    against AC. If you hit, you deal 1d6 damage for every two levels you have, plus your
    Strength modifier. At odd levels, including 1st level, use a d3.\""""
    assert unarmed_attack_bonus(16, 1) == 2
    assert unarmed_damage(16, 1) == "1d3+3"
    assert unarmed_damage(16, 2) == "1d6+3"
    assert unarmed_damage(16, 3) == "1d6+1d3+3"
    assert unarmed_damage(10, 4) == "2d6"
    assert unarmed_damage(16, 5) == "2d6+1d3+6"


def test_shooting_into_melee_on_a_fumble_retargets_the_engaged_ally() -> None:
    """ "When using a ranged attack to target an enemy that is engaged with one or more of your
    allies and you fumble (roll a 1), reroll that attack considering the engaged ally as the
    target. If there are multiple allies, the GM rules which ally is the target.\""""
    assert shooting_into_melee_target(1, ["fighter"]) == "fighter"
    assert shooting_into_melee_target(2, ["fighter"]) is None
    assert shooting_into_melee_target(1, []) is None
    assert shooting_into_melee_target(1, ["fighter", "paladin"], "paladin") == "paladin"
    with pytest.raises(BattlemapError, match="the GM rules which of fighter, paladin is hit"):
        shooting_into_melee_target(1, ["fighter", "paladin"])


def test_invisible_targets_are_missed_half_the_time() -> None:
    """ "Once engaged in battle, attacks against invisible enemies have a 50% chance to miss
    completely, before the attack roll.\""""
    assert [misses_invisible(p) for p in (1, 50, 51, 100)] == [True, True, False, False]
    assert not misses_invisible(10, engaged=False)


def test_coup_de_grace() -> None:
    """ "When you attack a helpless enemy you're engaged with, you score an automatic critical
    hit if you follow these three steps: Skip your move action and your quick action that
    turn. Make a standard action attack on your turn against the helpless enemy you are engaged
    with. Your attack only targets the helpless enemy\""""
    assert coup_de_grace_refusal(helpless=True, engaged=True, targets=1) is None
    assert coup_de_grace_refusal(helpless=False, engaged=True, targets=1) == (
        "the target is not helpless"
    )
    assert coup_de_grace_refusal(helpless=True, engaged=False, targets=1) == (
        "the attacker is not engaged with the target"
    )
    assert coup_de_grace_refusal(helpless=True, engaged=True, targets=2) == (
        "the attack must target only the helpless enemy"
    )
    assert coup_de_grace_budget(TurnBudget()) == TurnBudget(False, False, False)
    with pytest.raises(ActionRefused, match="standard, move and quick actions all unused"):
        coup_de_grace_budget(TurnBudget(move=False))
