"""Dice: d20 notation, our own seeded generator, honest bounds."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.core.dice import DiceRange, DiceRoller, dice_range
from battlemap.core.errors import BattlemapError


def test_same_seed_same_rolls() -> None:
    a, b = DiceRoller(42), DiceRoller(42)
    assert [a.roll("1d20").total for _ in range(20)] == [b.roll("1d20").total for _ in range(20)]


def test_rolling_leaves_the_shared_random_generator_alone() -> None:
    """d20 draws from `random`; our roller must not disturb anyone else's sequence."""
    random.seed(7)
    expected = [random.random() for _ in range(3)]
    random.seed(7)
    roller = DiceRoller(1)
    got = []
    for _ in range(3):
        roller.roll("3d6+2")
        got.append(random.random())
    assert got == expected


def test_roll_detail_is_plain_text() -> None:
    roll = DiceRoller(3).roll("1d8+3")
    assert roll.detail == f"1d8 ({roll.total - 3}) + 3 = {roll.total}"


@pytest.mark.parametrize(
    ("notation", "bounds"),
    [
        ("1d20", DiceRange(1, 20)),
        ("2d6+3", DiceRange(5, 15)),
        ("1d4-1", DiceRange(0, 3)),
        ("1d8-(1+2)", DiceRange(-2, 5)),
        ("4d6kh3", None),
    ],
)
def test_dice_range(notation: str, bounds: DiceRange | None) -> None:
    assert dice_range(notation) == bounds


def test_invalid_notation_is_a_user_error() -> None:
    with pytest.raises(BattlemapError) as caught:
        DiceRoller().roll("1d")
    assert caught.value.where == "1d"
    assert caught.value.problem.startswith("not valid dice notation")


@pytest.mark.parametrize("notation", ["1d20", "1d12", "1d2", "1d8+3", "2d6", "1d4-1"])
def test_the_single_die_fast_path_rolls_exactly_what_d20_rolls(notation: str) -> None:
    """A plain "1dN" skips d20's expression tree; its numbers and text must not differ from
    d20's own for the same generator, so a seed means the same fight either way."""
    import d20
    import d20.expression

    for seed in range(40):
        ours = DiceRoller(seed)
        theirs = random.Random(seed)
        for _ in range(5):
            shared = d20.expression.random
            d20.expression.random = theirs
            try:
                expected = d20.roll(notation, stringifier=d20.SimpleStringifier())
            finally:
                d20.expression.random = shared
            got = ours.roll(notation)
            assert (got.total, got.detail) == (expected.total, expected.result)


@settings(max_examples=200, deadline=None)
@given(
    count=st.integers(1, 100),
    faces=st.integers(1, 1000),
    modifier=st.one_of(st.none(), st.integers(-50, 50)),
    seed=st.integers(0, 2**32),
)
def test_plain_dice_roll_exactly_what_d20_rolls(
    count: int, faces: int, modifier: int | None, seed: int
) -> None:
    """ "NdM", "NdM+K" and "NdM-K" are drawn without d20's tree: the same numbers from the same
    generator and the same text as d20's, for any count, size and modifier."""
    import d20
    import d20.expression

    notation = f"{count}d{faces}"
    if modifier is not None:
        notation += f"+{modifier}" if modifier >= 0 else f"-{-modifier}"
    shared = d20.expression.random
    d20.expression.random = random.Random(seed)
    try:
        expected = d20.roll(notation, stringifier=d20.SimpleStringifier())
    finally:
        d20.expression.random = shared
    got = DiceRoller(seed).roll(notation)
    assert (got.total, got.detail) == (expected.total, expected.result)


def test_rolling_a_fight_imports_no_dice_parser_for_plain_notation() -> None:
    """d20's grammar is imported only when a notation needs it (a fifth of a second of
    `battlemap simulate`): plain dice never do."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from battlemap.core.dice import KeyedDice\n"
        "dice = KeyedDice(3)\n"
        "for n in ('1d20', '1d8+3', '2d6-1', '3d4'):\n"
        "    dice.roll(n, 'k/' + n)\n"
        "print('d20' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_a_plain_one_die_roll_showing_a_face_again_is_the_same_roll() -> None:
    roller = DiceRoller(seed=3)
    rolls = [roller.roll("1d4+1") for _ in range(40)]
    by_face: dict[int, object] = {}
    for roll in rolls:
        assert roll.detail == f"1d4 ({roll.total - 1}) + 1 = {roll.total}"
        assert by_face.setdefault(roll.total, roll) is roll
    assert len(by_face) == 4
