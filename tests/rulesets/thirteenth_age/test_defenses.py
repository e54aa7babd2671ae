"""Ability modifiers, the damage modifier by level, weapon damage, AC/PD/MD."""

from __future__ import annotations

import pytest

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.abilities import (
    Abilities,
    ability_modifier,
    damage_modifier,
    weapon_damage,
)
from battlemap.rulesets.thirteenth_age.defenses import (
    Defense,
    Defenses,
    middle,
    parse_defense,
    pc_defenses,
)
from battlemap.rulesets.thirteenth_age.settings import DefenseBases


def test_ability_modifier_subtracts_10_halves_and_rounds_down() -> None:
    """ "Calculate the ability modifier subtracting 10 from the ability score, halving the
    result, then rounding down.\""""
    assert [ability_modifier(s) for s in (3, 7, 8, 9, 10, 11, 16, 18, 20)] == [
        -4, -2, -1, -1, 0, 0, 3, 4, 5
    ]  # fmt: skip


def test_damage_modifier_doubles_at_5th_and_triples_at_8th_negative_too() -> None:
    """ "At 5th level, double the ability score modifier before adding to the damage roll for
    all attacks. (Negative modifiers get are doubled too). At 8th level, triple the ability
    score modifier.\""""
    assert [damage_modifier(16, level) for level in (1, 4, 5, 7, 8, 10)] == [3, 3, 6, 6, 9, 9]
    assert damage_modifier(8, 5) == -2
    assert damage_modifier(8, 8) == -3


def test_weapon_damage_is_a_die_per_level_plus_ability() -> None:
    """ "each weapon attack deals 1 die of damage per character level + ability modifier,
    notated as WEAPON + [Ability].\""""
    assert weapon_damage(3, 8, 16) == "3d8+3"
    assert weapon_damage(5, 6, 18) == "5d6+8"
    assert weapon_damage(1, 4, 10) == "1d4"


def test_defenses_use_the_middle_of_three_abilities_plus_level() -> None:
    """ "It is equal to the middle value among Con, Dex, and Wis. Disregard the higher and the
    lower values." "PCs also add their class level to their defenses.\""""
    assert middle(14, 8, 12) == 12
    rogue = Abilities(
        strength=12, constitution=14, dexterity=18, intelligence=10, wisdom=8, charisma=16
    )
    # AC: Con 14, Dex 18, Wis 8 -> 14 (+2); PD: Str 12, Con 14, Dex 18 -> 14 (+2);
    # MD: Int 10, Wis 8, Cha 16 -> 10 (+0).
    assert pc_defenses(rogue, 2) == Defenses(ac=14, pd=14, md=12)
    assert pc_defenses(rogue, 2, DefenseBases(ac=12, pd=12, md=10)) == Defenses(16, 16, 12)


def test_abilities_read_from_the_file_short_names() -> None:
    scores = Abilities.from_short({"str": 16, "dex": 14, "wis": 9})
    assert (scores.strength, scores.dexterity, scores.wisdom, scores.charisma) == (16, 14, 9, 10)
    with pytest.raises(BattlemapError, match="'luck' is not one of str, con, dex, int, wis, cha"):
        Abilities.from_short({"luck": 12})
    with pytest.raises(BattlemapError, match=r"abilities\.dex: must be from 1 to 40, not 0"):
        Abilities(dexterity=0)


def test_defenses_are_named_ac_pd_md() -> None:
    assert parse_defense(" pd ") is Defense.PD
    assert Defenses(15, 13, 11).of(Defense.MD) == 11
    with pytest.raises(BattlemapError, match="vs: 'Ref' is not a defense: AC, PD or MD"):
        parse_defense("Ref")
