"""A combatant's initiative: the opening check, freezing and fleeing, re-rolls, stuns, drops,
skips and the order of the round. Every total here is a typed check result (the table rolled
it), as the game master would enter it."""

from __future__ import annotations

import pytest

from battlemap.rulesets.combat_experience.difficulty import Situation, opening_difficulty
from battlemap.rulesets.combat_experience.initiative import (
    CheckOutcome,
    Condition,
    InitiativeRefused,
    InitiativeState,
    Turn,
    drop_initiative,
    drop_refusal,
    first_check,
    initiative_from,
    mark_acted,
    reach_cover,
    recover,
    resolve_check,
    set_initiative,
    skip_turn,
    start_round,
    stun,
    turn_order,
)

SURPRISED = opening_difficulty(Situation.SURPRISED)
WARY = opening_difficulty(Situation.WARY)


def test_a_check_meeting_its_difficulty_succeeds() -> None:
    assert resolve_check(15, 15) == CheckOutcome(total=15, difficulty=15, success=True, degrees=0)
    assert resolve_check(14, 15) == CheckOutcome(total=14, difficulty=15, success=False, degrees=0)
    assert resolve_check(27, 15) == CheckOutcome(total=27, difficulty=15, success=True, degrees=2)


def test_a_typed_total_outside_the_dice_is_accepted() -> None:
    """A typed check result is always accepted as the total: 2d12 + 3 cannot make 40 or -4,
    but the table's own dice may have."""
    assert resolve_check(40, 25).success
    assert first_check(opening=10, fearless=True, total=-4).initiative == 0


def test_initiative_is_the_result_with_no_degrees_counted() -> None:
    """ "Characters act in initiative order = result of Combat Experience roll (no degrees of
    success counted)\""""
    state = first_check(opening=WARY, fearless=False, total=27)
    assert state.check.degrees == 2
    assert state.initiative == 27
    assert state.condition is Condition.ACTING
    assert state.reroll_due is None


def test_minimum_initiative_is_0() -> None:
    """ "Minimum initiative is 0, when various stun recovery checks are made\""""
    assert [initiative_from(total) for total in (-3, 0, 1, 18)] == [0, 0, 1, 18]
    state = first_check(opening=10, fearless=False, total=12)
    assert set_initiative(state, -1).initiative == 0


def test_a_fearless_combatant_who_fails_only_freezes() -> None:
    """ "If the character is fearless (whatever the means, being robot, drugs, magic ,
    training…) he can only freeze" - "Frozen characters can't act or move during their turn and
    defend themselves with three penalty dice\""""
    robot = first_check(opening=SURPRISED, fearless=True, total=17)
    assert robot.condition is Condition.FROZEN
    assert robot.initiative == 17  # his (frozen) turn still comes at his result
    assert (robot.can_act, robot.can_move) == (False, False)
    assert robot.defence_penalty_dice == 3
    assert robot.reroll_due == 20
    # Even if asked to, a fearless combatant never runs.
    assert first_check(opening=SURPRISED, fearless=True, total=17, freezes=False).condition == (
        Condition.FROZEN
    )


def test_others_who_fail_run_and_scream() -> None:
    """ "Non-fearless characters can also run and scream" - "The character moves at full speed
    to random direction when his turn [comes] and tries to reach some kind of cover\""""
    clerk = first_check(opening=SURPRISED, fearless=False, total=11)
    assert clerk.condition is Condition.FLEEING
    assert (clerk.can_act, clerk.can_move) == (False, True)
    assert clerk.defence_penalty_dice == 0
    assert clerk.initiative == 11
    assert clerk.reroll_due == 20


def test_others_who_fail_may_freeze_instead() -> None:
    """ "can also": freezing stays open to a combatant who is not fearless."""
    clerk = first_check(opening=SURPRISED, fearless=False, total=11, freezes=True)
    assert clerk.condition is Condition.FROZEN


def test_a_runner_who_reaches_cover_freezes_there() -> None:
    """ "... if he reaches it he freezes there\""""
    clerk = reach_cover(first_check(opening=SURPRISED, fearless=False, total=11))
    assert clerk.condition is Condition.FROZEN
    assert clerk.defence_penalty_dice == 3
    assert clerk.reroll_due == 20
    acting = first_check(opening=10, fearless=False, total=12)
    assert reach_cover(acting) == acting


def test_the_failed_re_roll_at_the_start_of_each_round_on_the_ladder() -> None:
    """ "Characters that failed the initial Combat Experience roll again at the start of each
    combat turn until they succeed or the combat ends. Each subsequent Combat Experience roll
    difficulty is reduced by 5 down to minimum of 10\" - 25, 20, 15, 10, 10."""
    state = first_check(opening=SURPRISED, fearless=True, total=3)
    difficulties = [state.check.difficulty]
    for total in (4, 5, 6, 7):
        state = start_round(state, total)
        difficulties.append(state.check.difficulty)
        assert state.condition is Condition.FROZEN
        assert state.initiative == total
    assert difficulties == [25, 20, 15, 10, 10]
    assert state.reroll_due == 10
    state = start_round(state, 10)
    assert state.condition is Condition.ACTING
    assert (state.initiative, state.reroll_due, state.next_difficulty) == (10, None, None)
    # Once he succeeds, no more checks: the next round starts with nothing to roll.
    assert start_round(state) == state


def test_a_runner_who_fails_again_keeps_running() -> None:
    clerk = first_check(opening=SURPRISED, fearless=False, total=11)
    clerk = start_round(clerk, 19)
    assert (clerk.condition, clerk.initiative, clerk.check.difficulty) == (
        Condition.FLEEING,
        19,
        20,
    )
    clerk = start_round(clerk, 15)
    assert clerk.condition is Condition.ACTING
    assert clerk.initiative == 15


def test_a_re_roll_total_is_needed_exactly_when_one_is_due() -> None:
    frozen = first_check(opening=SURPRISED, fearless=True, total=3)
    with pytest.raises(ValueError, match="a re-roll at difficulty 20 is due"):
        start_round(frozen)
    acting = first_check(opening=10, fearless=True, total=13)
    with pytest.raises(ValueError, match="no re-roll is due"):
        start_round(acting, 14)


def test_a_stun_drops_initiative_to_0_at_once() -> None:
    """ "If character becomes stunned or some other way unable to act his initiative drop
    immediately to 0\""""
    state = stun(first_check(opening=WARY, fearless=False, total=22))
    assert state.initiative == 0
    assert state.condition is Condition.STUNNED
    assert (state.can_act, state.can_move) == (False, False)
    # Stunned is not a failed check: no re-roll at the start of the round; he waits to recover.
    assert start_round(state) == state


def test_recovery_after_acting_is_at_15() -> None:
    """ "When he is again able to act he roll new initiative check just like in the start of the
    combat, difficulty 15\""""
    state = mark_acted(first_check(opening=SURPRISED, fearless=False, total=26))
    state = stun(state)
    assert state.next_difficulty == 15
    recovered = recover(state, 15)
    assert (recovered.condition, recovered.initiative) == (Condition.ACTING, 15)
    assert recovered.check == CheckOutcome(15, 15, True, 0)


def test_a_fearless_combatant_stunned_before_acting_recovers_at_the_opening_difficulty() -> None:
    """ "If character is stunned before he manages to act (whether he succeeded in his initial
    Combat Experience roll or not) the difficulty of CE roll after recovering from the stun is
    the difficulty rolled at the start of the combat\""""
    succeeded = stun(first_check(opening=SURPRISED, fearless=True, total=26))
    failed = stun(first_check(opening=SURPRISED, fearless=True, total=8))
    assert succeeded.next_difficulty == failed.next_difficulty == 25


def test_a_not_fearless_combatant_stunned_before_acting_recovers_5_harder() -> None:
    """ "... this is increased by 5 if the character is not fearless\""""
    state = stun(first_check(opening=WARY, fearless=False, total=16))
    assert state.next_difficulty == 20
    assert recover(state, 19).condition is Condition.FLEEING
    assert recover(state, 20).condition is Condition.ACTING


def test_a_frozen_turn_is_not_acting() -> None:
    """A frozen combatant who is stunned has still not "managed to act"."""
    robot = first_check(opening=WARY, fearless=True, total=9)
    with pytest.raises(InitiativeRefused, match="a frozen combatant cannot act"):
        mark_acted(robot)
    assert stun(robot).next_difficulty == 15  # the opening difficulty, fearless


def test_a_failed_recovery_is_like_a_failed_opening_check() -> None:
    """ "... roll new initiative check just like in the start of the combat": a failure
    freezes or flees, re-rolling each round 5 easier, down to 10."""
    state = stun(first_check(opening=SURPRISED, fearless=False, total=2))
    assert state.next_difficulty == 30
    state = recover(state, 12)
    assert (state.condition, state.initiative, state.reroll_due) == (Condition.FLEEING, 12, 25)
    state = start_round(state, 22)
    assert (state.condition, state.reroll_due) == (Condition.FLEEING, 20)


def test_only_the_stunned_recover() -> None:
    with pytest.raises(InitiativeRefused, match="recover: an acting combatant is not stunned"):
        recover(first_check(opening=10, fearless=True, total=12), 15)


def test_dropping_initiative_to_a_lower_positive_number() -> None:
    """ "Character can volentarily drop his initiative to any positive number lower than his
    current initiative\""""
    state = first_check(opening=WARY, fearless=False, total=18)
    assert drop_initiative(state, 17).initiative == 17
    assert drop_initiative(state, 1).initiative == 1
    assert drop_refusal(state, 9) is None


@pytest.mark.parametrize(
    ("count", "reason"),
    [
        (18, "18 is not lower than his initiative 18"),
        (25, "25 is not lower than his initiative 18"),
        (0, "0 is not a positive number: he may drop only to 1 or more"),
        (-2, "-2 is not a positive number: he may drop only to 1 or more"),
    ],
)
def test_dropping_initiative_is_refused_with_a_reason(count: int, reason: str) -> None:
    state = first_check(opening=WARY, fearless=False, total=18)
    assert drop_refusal(state, count) == reason
    with pytest.raises(InitiativeRefused) as raised:
        drop_initiative(state, count)
    assert str(raised.value) == f"drop: {reason}"


def test_a_frozen_or_stunned_combatant_cannot_drop() -> None:
    frozen = first_check(opening=SURPRISED, fearless=True, total=18)
    assert drop_refusal(frozen, 5) == "a frozen combatant cannot choose his initiative"
    stunned = stun(first_check(opening=WARY, fearless=True, total=18))
    assert drop_refusal(stunned, 5) == "a stunned combatant cannot choose his initiative"


def test_skipping_a_turn_gives_15_more_from_the_next_round() -> None:
    """ "Character can skip his turn and get +15 to his initiative count starting the next
    turn\""""
    state = skip_turn(first_check(opening=WARY, fearless=False, total=16))
    assert state.initiative == 16  # this round: nothing more
    state = start_round(state)
    assert (state.initiative, state.next_round_initiative) == (31, None)
    assert start_round(state).initiative == 31  # and it stays


def test_a_frozen_combatant_has_no_turn_to_skip() -> None:
    with pytest.raises(InitiativeRefused, match="skip: a frozen combatant has no turn to skip"):
        skip_turn(first_check(opening=SURPRISED, fearless=True, total=2))


def test_a_stun_loses_the_skip_bonus() -> None:
    state = stun(skip_turn(first_check(opening=WARY, fearless=False, total=16)))
    assert state.next_round_initiative is None
    assert start_round(state).initiative == 0


def test_the_round_goes_highest_first() -> None:
    """ "Characters act in initiative order, highest first\": ties go to the higher Combat
    Experience, then the engine's coin."""
    order = turn_order(
        [
            Turn("clerk", 9, combat_experience=1),
            Turn("guard", 21, combat_experience=4),
            Turn("thief", 21, combat_experience=6),
            Turn("stunned", 0, combat_experience=9),
            Turn("twin_a", 9, combat_experience=1, coin=1),
            Turn("twin_b", 9, combat_experience=1, coin=2),
        ]
    )
    assert order == ("thief", "guard", "twin_b", "twin_a", "clerk", "stunned")


def test_the_state_is_a_frozen_value() -> None:
    state = first_check(opening=10, fearless=True, total=12)
    assert isinstance(state, InitiativeState)
    with pytest.raises(AttributeError):
        state.initiative = 3  # type: ignore[misc]
