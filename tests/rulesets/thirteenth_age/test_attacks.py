"""Attack rolls, crits and the double-of-double rule, fumbles, miss damage, several targets."""

from __future__ import annotations

import pytest

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.attacks import (
    AttackOutcome,
    crit_threshold,
    damage_dealt,
    damage_multiplier,
    resolve_attack,
    several_targets,
)
from battlemap.rulesets.thirteenth_age.settings import ThirteenthAgeSettings


def test_equal_to_the_defense_hits() -> None:
    """ "If the total is equal to or higher than the defense, you hit.\""""
    assert resolve_attack(11, 5, 16).hit
    assert not resolve_attack(10, 5, 16).hit
    assert resolve_attack(10, 5, 16).total == 15


def test_pcs_add_the_escalation_die() -> None:
    """ "Each PC gains a bonus to attack rolls equal to the current value on the escalation
    die.\""""
    outcome = resolve_attack(8, 5, 16, escalation=3)
    assert (outcome.total, outcome.hit) == (16, True)


def test_a_natural_20_is_a_crit_for_double_damage() -> None:
    """ "Every attack roll that is natural 20 is a crit ('critical hit') for double damage.\""""
    outcome = resolve_attack(20, -5, 30)
    assert outcome == AttackOutcome(20, 15, 30, hit=True, crit=True, fumble=False)
    assert damage_dealt(outcome, 9) == 18


def test_doubling_crit_damage_triples_it_and_so_on() -> None:
    """ "If you manage to double your crit damage (through the effect of a talent, power, spell
    or other source), triple it instead. If you manage to double your triple damage, bump it up
    to quadruple, and so on.\""""
    assert damage_multiplier(crit=True) == 2
    assert damage_multiplier(crit=True, doublings=1) == 3
    assert damage_multiplier(crit=True, doublings=2) == 4
    crit = resolve_attack(20, 5, 15)
    assert damage_dealt(crit, 7, doublings=1) == 21
    assert damage_dealt(crit, 7, doublings=2) == 28
    assert damage_multiplier(crit=False, doublings=1) == 2


def test_each_point_of_crit_range_improvement_drops_the_number_by_one() -> None:
    """ "The standard crit range is a natural 20. Some powers and spells expand your crit range.
    Each point of improvement drops the number needed to score a critical hit by 1.\""""
    assert crit_threshold() == 20
    assert crit_threshold(1) == 19
    assert crit_threshold(2) == 18
    outcome = resolve_attack(19, 5, 15, crit_from=crit_threshold(1))
    assert (outcome.crit, outcome.hit) == (True, True)
    assert not resolve_attack(18, 5, 15, crit_from=crit_threshold(1)).crit


def test_vulnerable_expands_the_crit_range_by_2_and_expansions_add_up() -> None:
    """ "Attacks against you have their crit range expanded by 2 (normally 18+).\""""
    assert crit_threshold(vulnerable=True) == 18
    assert crit_threshold(1, vulnerable=True) == 17
    assert crit_threshold(19) == 2
    assert crit_threshold(18, vulnerable=True) == 2


def test_an_expanded_crit_hits_unless_the_setting_asks_it_to_reach_the_defense() -> None:
    assert resolve_attack(18, 0, 25, crit_from=18).hit
    strict = ThirteenthAgeSettings(expanded_crits_always_hit=False)
    strict_outcome = resolve_attack(18, 0, 25, crit_from=18, settings=strict)
    assert (strict_outcome.hit, strict_outcome.crit) == (False, False)
    assert resolve_attack(20, 0, 25, settings=strict).crit


def test_a_natural_1_has_no_effect_not_even_miss_damage() -> None:
    """ "Rolling a natural 1 has no effect on the target, not even miss damage.\""""
    fumble = resolve_attack(1, 30, 10)
    assert (fumble.hit, fumble.fumble, fumble.total) == (False, True, 31)
    assert damage_dealt(fumble, 12, miss_damage=5) == 0


def test_a_miss_deals_no_damage_unless_the_attack_says() -> None:
    """ "By default, a miss deals no damage, though some attacks are an exception. These
    attacks specify what happens on a miss.\""""
    miss = resolve_attack(5, 2, 20)
    assert damage_dealt(miss, 12) == 0
    assert damage_dealt(miss, 12, miss_damage=3) == 3


def test_several_targets_roll_each_but_damage_once() -> None:
    """ "If the attack targets multiple enemies, you make a separate attack roll for each one,
    but only roll damage once.\""""
    found = several_targets(
        {"orc": 20, "goblin": 12, "kobold": 1, "troll": 6},
        4,
        {"orc": 15, "goblin": 14, "kobold": 12, "troll": 18},
        10,
        miss_damage=2,
    )
    assert {target: (o.hit, o.crit, dealt) for target, (o, dealt) in found.items()} == {
        "orc": (True, True, 20),
        "goblin": (True, False, 10),
        "kobold": (False, False, 0),
        "troll": (False, False, 2),
    }


def test_a_roll_outside_1_to_20_is_refused() -> None:
    with pytest.raises(BattlemapError, match="attack natural d20: must be from 1 to 20, not 0"):
        resolve_attack(0, 5, 10)
