"""check_notation: the dice notation Battlemap accepts can always be rolled, quickly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.core.dice import DiceRoller, dice_range
from battlemap.core.dice_notation import MAX_TOTAL, check_notation
from battlemap.core.errors import BattlemapError

#: Everything the shipped files and the engine roll, and d20's other forms within the caps.
ACCEPTED = [
    "1d20", "1d12", "1d2", "1d2000", "1d8+3", "4d6+18", "1d6-1", "2d8+7", "1d4+1d6", "3", "d6",
    "1d%", "0d6", "4d6kh3", "(1d6,1d8)kh1", "1d6 [fire]", "1d6 + 2", "1d6>3", "2*1d6",
    "1.5+1d4", "-1d6", "+(1)", "1d6rr1", "1d6rr<4", "1d6e6", "1d2e2", "1d2ra2", "1d6ro1",
    "1d6mi2ma5", "(((((1)))))", "100d10000", "+".join(["1"] * 20),
]  # fmt: skip


@pytest.mark.parametrize("expression", ACCEPTED)
def test_ordinary_notation_is_accepted(expression: str) -> None:
    check_notation(expression)


REFUSED = [
    ("1d6/0", "it divides ('/'); division is not allowed in dice"),
    ("1d6//2", "it divides ('//'); division is not allowed in dice"),
    ("1d6%2", "it divides ('%'); division is not allowed in dice"),
    ("x" * 101, "it is 101 characters long; at most 100"),
    ("+".join(["1"] * 21), "it has more than 20 terms (numbers and dice)"),
    ("((((((1))))))", "it nests parentheses more than 5 deep"),
    ("((((((1,2))))))", "it nests parentheses more than 5 deep"),
    ("101d6", "it rolls more than 100 dice"),
    ("60d6+41d6", "it rolls more than 100 dice"),
    ("1d10001", "a d10,001 has too many faces; at most 10,000"),
    ("1d0", "a d0 has no faces to roll"),
    (
        "1d1e1",
        "'e1' would explode on 1 of the d1's 1 faces; at most half, or it may never stop",
    ),
    (
        "1d6rr<5",
        "'rr<5' would reroll on 4 of the d6's 6 faces; at most half, or it may never stop",
    ),
    (
        "1d6eh1",
        "'eh1' would explode on 6 of the d6's 6 faces; at most half, or it may never stop",
    ),
    ("1d6mih2", "'mih2' is not valid: mi takes a plain number"),
    ("100d10000+1", "its total could reach 1,000,001; at most 1,000,000"),
    ("1d6e6*1000", "its total could reach 6,000,000; at most 1,000,000"),
    ("9" * 30, "its total could reach more than 1,000,000,000,000,000; at most 1,000,000"),
    ("1d", "it ends too early"),
    ("", "it ends too early"),
    ("2x6", "unexpected 'x6' at character 2"),
]


@pytest.mark.parametrize(("expression", "problem"), REFUSED, ids=[p for _, p in REFUSED])
def test_notation_that_could_fail_or_hang_is_refused(expression: str, problem: str) -> None:
    with pytest.raises(BattlemapError) as caught:
        check_notation(expression)
    assert caught.value.problem == problem


def test_the_error_quotes_a_short_excerpt() -> None:
    with pytest.raises(BattlemapError) as caught:
        check_notation("1d6" * 10**6)
    assert str(caught.value) == (
        "'1d61d61d61d61d61d61d61d61d61d61d61d61...': it is 3,000,000 characters long; at most 100"
    )


_TERM = st.one_of(
    st.integers(0, 40).map(str),
    st.builds("{}d{}".format, st.integers(0, 10), st.integers(1, 30)),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("+-*"), _TERM), min_size=1, max_size=8))
def test_whatever_is_accepted_rolls_within_the_bounds(terms: list[tuple[str, str]]) -> None:
    """Accepted notation rolls without error, and its total stays within MAX_TOTAL."""
    expression = terms[0][1] + "".join(op + term for op, term in terms[1:])
    try:
        check_notation(expression)
    except BattlemapError:
        return
    total = DiceRoller(7).roll(expression).total
    assert abs(total) <= MAX_TOTAL
    bounds = dice_range(expression)
    if bounds is not None:
        assert bounds.low <= total <= bounds.high


@settings(max_examples=300, deadline=None)
@given(
    count=st.integers(1, 120),
    faces=st.integers(1, 12_000),
    modifier=st.one_of(st.none(), st.integers(-1_200_000, 1_200_000)),
)
def test_plain_notation_is_accepted_without_the_parser_only_where_the_parser_accepts_it(
    count: int, faces: int, modifier: int | None
) -> None:
    """ "NdM+K" is checked by hand (d20's grammar is slow to import); the answer must be the
    one the full check over d20's tree gives."""
    import d20

    from battlemap.core.dice_notation import _Walk

    notation = f"{count}d{faces}"
    if modifier is not None:
        notation += f"+{modifier}" if modifier >= 0 else f"-{-modifier}"
    try:
        _Walk(notation).expression(d20.parse(notation))
        full = True
    except BattlemapError:
        full = False
    try:
        check_notation(notation)
        ours = True
    except BattlemapError:
        ours = False
    assert ours == full
