"""Conditions' exact effects, the worst of a kind, grabs."""

from __future__ import annotations

import pytest

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.conditions import (
    Condition,
    ConditionEffects,
    Grab,
    confused_target,
    effects_of,
    grab_bonus,
    let_go,
    parse_condition,
)


def test_each_condition_does_what_the_text_says() -> None:
    """Dazed: "You take a -4 penalty to attacks." Weakened: "You take a -4 penalty to attacks
    and to defenses." Stunned: "You suffer a -4 penalty to defenses and can't take any
    actions." Helpless: "you take a -4 penalty to all defenses and you can be the target of a
    coup de grace." Stuck: "You can't move" Hampered: "You can only make basic attacks."
    Vulnerable: "crit range expanded by 2\""""
    assert effects_of([Condition.DAZED]) == ConditionEffects(attack_penalty=-4)
    assert effects_of([Condition.WEAKENED]) == ConditionEffects(-4, -4)
    assert effects_of([Condition.STUNNED]) == ConditionEffects(defense_penalty=-4, cannot_act=True)
    assert effects_of([Condition.HELPLESS]) == ConditionEffects(
        defense_penalty=-4, coup_de_grace_target=True
    )
    assert effects_of([Condition.STUCK]) == ConditionEffects(cannot_move=True)
    assert effects_of([Condition.HAMPERED]) == ConditionEffects(basic_attacks_only=True)
    assert effects_of([Condition.VULNERABLE]) == ConditionEffects(crit_expansion_against=2)
    assert effects_of([]) == ConditionEffects()


def test_fear_dazes_and_takes_the_escalation_die() -> None:
    """ "Fear dazes you and prevents you from using the escalation die.\""""
    assert effects_of([Condition.FEAR]) == ConditionEffects(
        attack_penalty=-4, no_escalation_die=True
    )


def test_confused_attacks_a_random_nearby_ally() -> None:
    """ "You can't make opportunity attacks or use your limited powers. Your next attack action
    will be a basic or at-will attack against any nearby ally, determined randomly.\""""
    effects = effects_of([Condition.CONFUSED])
    assert (effects.no_opportunity_attacks, effects.no_limited_powers) == (True, True)
    assert effects.attacks_random_nearby_ally
    assert confused_target(["orc", "ogre", "imp"], 2) == "ogre"
    with pytest.raises(BattlemapError, match="no ally is nearby"):
        confused_target([], 1)


def test_only_the_worst_applies_and_penalties_do_not_stack() -> None:
    """ "You can only be affected by the same condition once at a time. The worst one affects
    you and the lesser effects are ignored. Similarly, penalties from these conditions don't
    stack.\""""
    combined = effects_of([Condition.DAZED, Condition.WEAKENED, Condition.FEAR, Condition.DAZED])
    assert (combined.attack_penalty, combined.defense_penalty) == (-4, -4)
    helpless_stunned = effects_of([Condition.HELPLESS, Condition.STUNNED])
    assert helpless_stunned.defense_penalty == -4


def test_grabbed_creatures_make_no_opportunity_or_ranged_attacks() -> None:
    """ "Grabbed creatures can't make opportunity attacks." "Grabbed creatures can't use ranged
    attacks, although melee and close attacks are fine.\""""
    effects = effects_of([Condition.GRABBED])
    assert (effects.no_opportunity_attacks, effects.no_ranged_attacks) == (True, True)
    assert effects.attack_penalty == 0


def test_the_grabber_gets_4_against_the_grabbed() -> None:
    """ "The creature grabbing you gets a +4 attack bonus against you.\""""
    grabs = (Grab("ochre jelly", "paladin"),)
    assert grab_bonus("ochre jelly", "paladin", grabs) == 4
    assert grab_bonus("ochre jelly", "rogue", grabs) == 0
    assert grab_bonus("paladin", "ochre jelly", grabs) == 0
    assert grab_bonus("ochre jelly", "paladin", let_go(grabs, "ochre jelly", "paladin")) == 0


def test_conditions_are_read_by_name() -> None:
    assert parse_condition(" Dazed") is Condition.DAZED
    with pytest.raises(BattlemapError, match="'prone' is not one of confused"):
        parse_condition("prone")
