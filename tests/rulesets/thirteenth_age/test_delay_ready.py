"""Delay and Ready as the text words them; the readier placed ahead of his trigger."""

from __future__ import annotations

import pytest

from battlemap.rulesets.thirteenth_age.actions import ActionKind, ActionRefused
from battlemap.rulesets.thirteenth_age.delay_ready import (
    Taken,
    delay,
    expired,
    ready,
    take_delayed,
    take_readied,
)
from battlemap.rulesets.thirteenth_age.initiative import Slot, turn_order
from battlemap.rulesets.thirteenth_age.settings import ThirteenthAgeSettings


def test_a_delayed_action_sets_the_initiative_to_its_count() -> None:
    """ "When you delay, you voluntarily reduce your own initiative for the rest of the combat.
    Your initiative result becomes the count on which you took the delayed action.\""""
    held = delay(1, 17)
    assert take_delayed(held, 1, 9) == Taken(9, None, loses_regular_turn=False)


def test_a_delayed_action_in_the_next_round_raises_the_count_and_costs_the_turn() -> None:
    """ "If you take a delayed action in the next round, before your regular turn comes up,
    your initiative count rises to that new point in the order of battle, and you do not get
    your regular action that round.\""""
    held = delay(1, 8)
    assert take_delayed(held, 2, 12) == Taken(12, None, loses_regular_turn=True)


def test_a_held_action_is_lost_when_the_next_turn_comes() -> None:
    """ "If you come to your next action and have not yet performed an action, you don't get
    to take a delayed action (though you can delay again).\""""
    held = delay(1, 8)
    assert not expired(held, 2, 9)
    assert expired(held, 2, 8)
    assert expired(held, 3, 20)
    with pytest.raises(ActionRefused, match="his next turn has come"):
        take_delayed(held, 2, 5)


def test_ready_moves_the_initiative_just_ahead_of_the_trigger() -> None:
    """ "The action occurs just before the action that triggers it. ... For the rest of the
    encounter, your initiative result is the count on which you took the readied action, and
    you act immediately ahead of the character whose action triggered your readied action.\""""
    # The ogre (initiative 18) readies an attack; the ranger at 11 triggers it.
    held = ready(1, 18, ActionKind.STANDARD)
    taken = take_readied(held, 1, "ranger", 11)
    assert taken == Taken(11, "ranger", loses_regular_turn=False)
    # On a tie the ranger (a PC, +6) acts before the ogre (+1) on 11; the ready
    # puts the ogre immediately ahead of him for the rest of the encounter.
    settings = ThirteenthAgeSettings(pcs_win_ties=True)
    slots = [
        Slot("bard", 14, 2, pc=True),
        Slot("ranger", 11, 6, pc=True),
        Slot("ogre", taken.initiative, 1, pc=False, ahead_of=taken.ahead_of),
        Slot("rat", 4, 0, pc=False),
    ]
    assert turn_order(slots, settings) == ("bard", "ogre", "ranger", "rat")
    assert turn_order([*slots[:2], Slot("ogre", 11, 1, pc=False), slots[3]], settings) == (
        "bard",
        "ranger",
        "ogre",
        "rat",
    )


def test_a_readied_action_taken_next_round_raises_the_count() -> None:
    """ "If you take your readied action in the next round, before your regular turn comes up,
    your initiative count rises to that new point in the order of battle, and you do not get
    your regular action that round.\""""
    held = ready(1, 6, ActionKind.MOVE)
    assert take_readied(held, 2, "troll", 15) == Taken(15, "troll", loses_regular_turn=True)


def test_only_standard_move_and_free_actions_can_be_readied() -> None:
    """ "You can ready a standard action, a move action, or a free action.\""""
    assert ready(1, 10, ActionKind.FREE).action is ActionKind.FREE
    with pytest.raises(ActionRefused, match="a quick action cannot be readied"):
        ready(1, 10, ActionKind.QUICK)
