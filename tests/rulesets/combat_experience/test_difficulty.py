"""The difficulties: the opening check by situation, the re-roll ladder, stun recovery."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.combat_experience.difficulty import (
    Situation,
    easier,
    ladder,
    ladder_difficulty,
    opening_difficulty,
    parse_situation,
    stun_recovery_difficulty,
)


def test_difficulty_10_if_you_initiated_combat() -> None:
    """ "Difficulty 10 if you initiated combat\""""
    assert opening_difficulty(Situation.INITIATED) == 10


def test_difficulty_15_if_you_were_wary() -> None:
    """ "Difficulty 15 if you were wary and expected combat\""""
    assert opening_difficulty(Situation.WARY) == 15


def test_difficulty_20_if_you_saw_the_start() -> None:
    """ "Difficulty 20 if you if you can see the other party starting hostilities\""""
    assert opening_difficulty(Situation.SAW_START) == 20


def test_difficulty_25_if_you_are_surprised() -> None:
    """ "Difficulty 25 if you are surprised\""""
    assert opening_difficulty(Situation.SURPRISED) == 25


def test_situations_are_read_by_their_file_names() -> None:
    assert [parse_situation(word) for word in ("initiated", "wary", "saw_start", "surprised")] == [
        Situation.INITIATED,
        Situation.WARY,
        Situation.SAW_START,
        Situation.SURPRISED,
    ]
    with pytest.raises(BattlemapError) as raised:
        parse_situation("ambushed")
    assert str(raised.value) == (
        "situation: 'ambushed' is not one of initiated, wary, saw_start, surprised"
    )


def test_the_ladder_from_surprise_is_25_20_15_10_10() -> None:
    """ "Characters that failed the initial Combat Experience roll again at the start of each
    combat turn until they succeed or the combat ends. Each subsequent Combat Experience roll
    difficulty is reduced by 5 down to minimum of 10\""""
    assert ladder(25, 5) == (25, 20, 15, 10, 10)
    assert [ladder_difficulty(25, n) for n in range(6)] == [25, 20, 15, 10, 10, 10]
    assert [easier(d) for d in (25, 20, 15, 10)] == [20, 15, 10, 10]


@pytest.mark.parametrize(
    ("first", "expected"),
    [(10, (10, 10, 10)), (15, (15, 10, 10)), (20, (20, 15, 10)), (30, (30, 25, 20))],
)
def test_the_ladder_from_each_start(first: int, expected: tuple[int, ...]) -> None:
    """ "reduced by 5 down to minimum of 10" from any first difficulty (30: a stun recovery)."""
    assert ladder(first, 3) == expected


@given(st.integers(10, 60), st.integers(0, 30))
def test_the_ladder_never_rises_and_never_goes_under_10(first: int, rerolls: int) -> None:
    here, after = ladder_difficulty(first, rerolls), ladder_difficulty(first, rerolls + 1)
    assert 10 <= after <= here <= first
    assert after == max(10, here - 5)


def test_a_stun_after_acting_is_recovered_at_15() -> None:
    """ "When he is again able to act he roll new initiative check just like in the start of the
    combat, difficulty 15\""""
    for fearless in (True, False):
        assert stun_recovery_difficulty(opening=25, fearless=fearless, acted=True) == 15


def test_a_fearless_combatant_stunned_before_acting_recovers_at_the_opening_difficulty() -> None:
    """ "If character is stunned before he manages to act (whether he succeeded in his initial
    Combat Experience roll or not) the difficulty of CE roll after recovering from the stun is
    the difficulty rolled at the start of the combat\""""
    assert stun_recovery_difficulty(opening=20, fearless=True, acted=False) == 20
    assert stun_recovery_difficulty(opening=10, fearless=True, acted=False) == 10


def test_a_not_fearless_combatant_stunned_before_acting_recovers_5_harder() -> None:
    """ "... this is increased by 5 if the character is not fearless\""""
    assert stun_recovery_difficulty(opening=20, fearless=False, acted=False) == 25
    assert stun_recovery_difficulty(opening=25, fearless=False, acted=False) == 30
