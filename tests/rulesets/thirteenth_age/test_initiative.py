"""Cyclic initiative: the bonus, shared monster rolls, the order and its tie rule."""

from __future__ import annotations

import pytest

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.initiative import (
    Entrant,
    Slot,
    initiative_bonus,
    initiatives,
    roll_groups,
    slot_of,
    turn_order,
)
from battlemap.rulesets.thirteenth_age.settings import ThirteenthAgeSettings


def test_initiative_bonus_is_dexterity_modifier_plus_level() -> None:
    """ "Your initiative bonus is your Dexterity modifier + your level.\""""
    assert initiative_bonus(14, 3) == 5
    assert initiative_bonus(8, 1) == 0
    assert initiative_bonus(18, 5) == 9


PARTY = (
    Entrant("rogue", 7, pc=True),
    Entrant("wizard", 2, pc=True),
    Entrant("goblin1", 3, pc=False, kind="goblin grunt"),
    Entrant("goblin2", 3, pc=False, kind="goblin grunt"),
    Entrant("shaman", 4, pc=False, kind="goblin shaman"),
)


def test_monsters_of_the_same_exact_type_share_one_roll() -> None:
    """ "All monsters of the same exact type share the same initiative roll.\""""
    assert roll_groups(PARTY) == {
        "rogue": ("rogue",),
        "wizard": ("wizard",),
        "kind:goblin grunt": ("goblin1", "goblin2"),
        "kind:goblin shaman": ("shaman",),
    }
    found = initiatives(
        PARTY, {"rogue": 9, "wizard": 14, "kind:goblin grunt": 12, "kind:goblin shaman": 3}
    )
    assert (found["goblin1"].natural, found["goblin1"].total) == (12, 15)
    assert (found["goblin2"].natural, found["goblin2"].total) == (12, 15)
    assert found["shaman"].total == 7


def test_pcs_never_share_a_roll_even_with_a_kind() -> None:
    twins = (Entrant("a", 1, pc=True, kind="fighter"), Entrant("b", 1, pc=True, kind="fighter"))
    assert roll_groups(twins) == {"a": ("a",), "b": ("b",)}


def test_initiative_is_d20_plus_bonus_and_highest_goes_first() -> None:
    """ "Each creature rolls to determine its initiative at the start of its first turn in
    battle (d20 + initiative bonus). Use those results to determine who goes first each
    round.\""""
    found = initiatives(
        PARTY, {"rogue": 9, "wizard": 14, "kind:goblin grunt": 12, "kind:goblin shaman": 3}
    )
    assert {actor: i.total for actor, i in found.items()} == {
        "rogue": 16,
        "wizard": 16,
        "goblin1": 15,
        "goblin2": 15,
        "shaman": 7,
    }
    # rogue and wizard tie on 16: the higher bonus (rogue, +7) first.
    order = turn_order(slot_of(i) for i in found.values())
    assert order == ("rogue", "wizard", "goblin1", "goblin2", "shaman")


def test_a_tie_goes_to_the_pc_then_to_the_bonus_unless_the_setting_is_off() -> None:
    slots = [Slot("orc", 15, bonus=6, pc=False), Slot("cleric", 15, bonus=1, pc=True)]
    assert turn_order(slots) == ("cleric", "orc")
    bonus_first = ThirteenthAgeSettings(pcs_win_ties=False)
    assert turn_order(slots, bonus_first) == ("orc", "cleric")


def test_a_missing_or_impossible_roll_is_named() -> None:
    with pytest.raises(BattlemapError, match="initiative/kind:goblin shaman: no roll"):
        initiatives(PARTY, {"rogue": 9, "wizard": 14, "kind:goblin grunt": 12})
    with pytest.raises(BattlemapError, match="must be from 1 to 20, not 21"):
        initiatives(PARTY[:1], {"rogue": 21})
