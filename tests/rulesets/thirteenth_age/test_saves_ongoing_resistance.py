"""Saves, ongoing damage then its save, resistance."""

from __future__ import annotations

from battlemap.rulesets.thirteenth_age.ongoing import OngoingDamage, TurnEnd, end_of_turn
from battlemap.rulesets.thirteenth_age.resistance import resisted
from battlemap.rulesets.thirteenth_age.saves import SaveDifficulty, save_succeeds


def test_saves_are_easy_6_normal_11_hard_16() -> None:
    """ "Easy: Roll 6+ on a d20. Normal: Roll 11+ on a d20. Hard: Roll 16+ on a d20." "If a save
    doesn't specify what type it is, it's a normal save: 11+.\""""
    assert [save_succeeds(5, SaveDifficulty.EASY), save_succeeds(6, SaveDifficulty.EASY)] == [
        False,
        True,
    ]
    assert [save_succeeds(10), save_succeeds(11)] == [False, True]
    assert [save_succeeds(15, SaveDifficulty.HARD), save_succeeds(16, SaveDifficulty.HARD)] == [
        False,
        True,
    ]
    assert save_succeeds(9, bonus=2)


def test_ongoing_damage_is_taken_then_saved_against() -> None:
    """ "A creature ... taking ongoing damage takes that damage at the end of its turn
    immediately before it rolls its save (11+ unless otherwise specified) against that ongoing
    damage. Success with the save means the creature won't take the damage again; failure
    means the effect will be repeated at the end of the creature's next turn.\""""
    poison = OngoingDamage(5, damage_type="poison")
    failed = end_of_turn(poison, 10)
    assert failed == TurnEnd(5, saved=False)
    assert failed.continues
    assert end_of_turn(poison, 11) == TurnEnd(5, saved=True)
    hard = OngoingDamage(5, save=SaveDifficulty.HARD)
    assert end_of_turn(hard, 15) == TurnEnd(5, saved=False)


def test_resisted_ongoing_damage_uses_the_original_attack_roll() -> None:
    """ "If you take ongoing damage of a type you resist, use the original attack roll to
    determine whether you take the full amount of ongoing damage or half the amount (rounded
    down).\""""
    low_roll = OngoingDamage(7, damage_type="fire", attack_natural=12)
    assert end_of_turn(low_roll, 11, resistance=16).damage == 3
    high_roll = OngoingDamage(7, damage_type="fire", attack_natural=16)
    assert end_of_turn(high_roll, 11, resistance=16).damage == 7


def test_resistance_halves_damage_under_the_number() -> None:
    """ "the natural attack roll must equal or exceed your resistance number to deal full
    damage. If the roll is lower than your resistance, the attack deals half damage.\""""
    assert resisted(15, 16, 16) == 15
    assert resisted(15, 15, 16) == 7
    assert resisted(15, 3, None) == 15


def test_non_magical_energy_of_a_resisted_type_does_nothing() -> None:
    """ "Any creature with resistance to an energy type is immune to normal energy of that
    type. Magical attacks, magical weapons, and spells are different" "This resistance =
    immunity rule only applies to energy types, not to weapons.\""""
    assert resisted(10, 20, 12, energy=True, magical=False) == 0
    assert resisted(10, 20, 12, energy=True, magical=True) == 10
    assert resisted(10, 5, 12, energy=False, magical=False) == 5
