"""Staggered, temporary hit points, healing from below 0, death by damage, lasting wounds."""

from __future__ import annotations

from battlemap.rulesets.thirteenth_age.hit_points import (
    Health,
    dead_by_damage,
    down,
    full,
    gain_temporary,
    heal,
    lasting_wound_max,
    roll_initiative,
    staggered,
    take_damage,
)


def test_staggered_at_half_or_fewer() -> None:
    """ "When you are reduced to half your hit points or fewer, you're staggered.\""""
    assert [staggered(Health(hp, 30)) for hp in (16, 15, 14, 1)] == [False, True, True, True]
    assert [staggered(Health(hp, 27)) for hp in (14, 13)] == [False, True]
    assert not staggered(Health(0, 30))


def test_temporary_hit_points_do_not_stack() -> None:
    """ "Temporary hit points don't stack; when you gain more temporary hit points while you
    still have temporary hit points left, use only the higher amount and ignore the lower
    amount.\""""
    health = gain_temporary(full(30), 8)
    assert gain_temporary(health, 5).temporary == 8
    assert gain_temporary(health, 12).temporary == 12


def test_damage_comes_off_temporary_hit_points_first() -> None:
    """ "When you take damage, subtract it from your temporary hit points first, and only apply
    damage to your regular hit points after the temporary hit points are used up.\""""
    health = Health(30, 30, temporary=8)
    assert take_damage(health, 5) == Health(30, 30, 3)
    assert take_damage(health, 11) == Health(27, 30, 0)


def test_temporary_hit_points_drop_to_0_on_initiative() -> None:
    """ "Temporary hit points reset to 0 after a battle and drop to 0 when you roll
    initiative.\""""
    assert roll_initiative(Health(20, 30, 9)) == Health(20, 30, 0)


def test_dead_at_negative_half_maximum() -> None:
    """ "You also die when you reach negative hit points equal to half your maximum hit
    points.\""""
    assert down(Health(0, 30))
    assert not dead_by_damage(Health(-14, 30))
    assert dead_by_damage(Health(-15, 30))
    assert not dead_by_damage(Health(-13, 27))
    assert dead_by_damage(Health(-14, 27))
    assert take_damage(Health(4, 30), 19) == Health(-15, 30)


def test_healing_while_dying_starts_from_0() -> None:
    """ "If you're able to use one of your recoveries (or otherwise get healed) while you are
    dying, ignore your current negative hit points. Start from 0 and add the hit points you've
    regained.\""""
    assert heal(Health(-9, 30), 12) == Health(12, 30)
    assert heal(Health(25, 30), 12) == Health(30, 30)


def test_lasting_wounds_take_2_plus_level_each() -> None:
    """ "Each lasting-wound reduces your maximum hp by an amount equal to 2 + your level.
    Lasting-wounds are cumulative.\""""
    assert lasting_wound_max(40, 3, 1) == 35
    assert lasting_wound_max(40, 3, 2) == 30
