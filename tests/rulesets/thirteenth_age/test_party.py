"""Ambush rounds, fleeing, fighting in spirit."""

from __future__ import annotations

import pytest

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.party import (
    ambush_actors,
    fight_in_spirit_bonus,
    party_flees,
)
from battlemap.rulesets.thirteenth_age.settings import ThirteenthAgeSettings


def test_the_ambusher_and_the_highest_initiative_ally_act() -> None:
    """ "Only two creatures get to act in the ambush round: the nominated ambusher and their
    highest initiative ally.\""""
    assert ambush_actors("assassin", ("brute", "assassin", "archer")) == ("assassin", "brute")
    assert ambush_actors("brute", ("brute", "assassin", "archer")) == ("brute", "assassin")
    assert ambush_actors("lone", ("lone",)) == ("lone",)
    with pytest.raises(BattlemapError, match="'wolf' is not on the ambushing side"):
        ambush_actors("wolf", ("brute",))


def test_the_party_flees_only_if_all_agree() -> None:
    """ "If all players agree, they successfully retreat\""""
    assert party_flees({"ann": True, "bob": True})
    assert not party_flees({"ann": True, "bob": False})
    assert not party_flees({})


def test_fight_in_spirit() -> None:
    """ "The GM may grant any ally a +1 bonus ... The first time each battle that someone fights
    in spirit may be a +2 bonus." "If you're still (even partly) in the fight, then you can't
    fight in spirit.\""""
    assert fight_in_spirit_bonus(out_of_fight=True, first_this_battle=True) == 2
    assert fight_in_spirit_bonus(out_of_fight=True, first_this_battle=False) == 1
    plus_one = ThirteenthAgeSettings(fight_in_spirit_first_bonus=1)
    assert fight_in_spirit_bonus(out_of_fight=True, first_this_battle=True, settings=plus_one) == 1
    with pytest.raises(BattlemapError, match="someone still in the fight cannot"):
        fight_in_spirit_bonus(out_of_fight=False, first_this_battle=True)
