"""The Combat Experience clock: rounds of turn slots in initiative order, highest first.

"Characters act in initiative order, highest first"; "Minimum initiative is 0, when various
stun recovery checks are made"."""

from __future__ import annotations

from battlemap.rulesets.combat_experience.clock import CombatExperienceClock

CLOCK = CombatExperienceClock()


def test_a_round_is_its_start_then_a_slot_per_initiative_highest_first() -> None:
    assert CLOCK.units_per_round == 101
    assert CLOCK.round_start(1) == 0.0
    assert CLOCK.round_start(2) == 101.0
    assert CLOCK.slot_of(1, 99) == 1.0
    assert CLOCK.slot_of(1, 17) == 83.0
    assert CLOCK.slot_of(2, 17) == 184.0
    # Higher initiatives come earlier in the round.
    assert CLOCK.slot_of(1, 18) < CLOCK.slot_of(1, 17) < CLOCK.slot_of(1, 16)


def test_initiative_0_is_the_last_slot_of_the_round() -> None:
    assert CLOCK.slot_of(1, 0) == 100.0
    assert CLOCK.slot_of(1, 0) + 1 == CLOCK.round_start(2)
    assert CLOCK.round_and_count(100.5) == (1, 0)


def test_initiatives_of_99_and_more_share_the_first_slot() -> None:
    assert CLOCK.slot_of(1, 99) == CLOCK.slot_of(1, 130) == 1.0
    assert CLOCK.slot_of(1, -3) == CLOCK.slot_of(1, 0)


def test_moments_are_labelled_as_people_say_them() -> None:
    assert CLOCK.label(CLOCK.slot_of(2, 17)) == "Round 2, initiative 17"
    assert CLOCK.label(CLOCK.slot_of(2, 17) + 0.75) == "Round 2, initiative 17"
    assert CLOCK.label(CLOCK.round_start(2)) == "Round 2, start"
    assert CLOCK.label(CLOCK.slot_of(3, 0) + 0.5) == "Round 3, initiative 0"
    assert CLOCK.label(CLOCK.slot_of(1, 120)) == "Round 1, initiative 99+"


def test_counts_and_times_agree() -> None:
    for round_number in (1, 2, 7):
        for count in (100, 99, 50, 17, 1, 0):
            time = CLOCK.time_of(round_number, count)
            assert CLOCK.round_and_count(time) == (round_number, count)
            assert CLOCK.round_of(time) == round_number
            assert CLOCK.count_of(time + 0.999) == count
