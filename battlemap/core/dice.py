"""Dice: notation is parsed and rolled by the d20 library, with a seeded generator we own.

A fight's dice are `KeyedDice`: each roll is drawn from a generator seeded by the fight's seed
and the decision's key ("thorin.r1.1/blow1/attack"), a counter-based scheme. A roll therefore
depends on nothing but the seed and what it is for: replaying half a fight from its log, adding
a creature, or reopening a saved fight next week leaves every other roll where it was.
`DiceRoller` is a plain sequential roller for rolls outside a fight (the initiative dialog).

d20 draws its numbers through the name `random` in its `d20.expression` module. Rather than
reseeding the shared global generator (which would make every roll depend on whoever else used
`random`), each roll points that name at our own seeded `random.Random` for the duration of the
call and back afterwards: a seed gives the same fight every time, and nobody else's random
sequence moves. (Copying the generator's state in and out did the same at twice the cost of the
whole simulation; tests/core/test_dice.py guards both properties.)

The plain forms a fight rolls most ("1d20", "1d8+3", "2d6-1") are drawn and written here
exactly as d20 would, without building its expression tree; d20 itself (whose grammar takes a
fifth of a second to import) is imported only for the rest.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from battlemap.core.errors import BattlemapError

if TYPE_CHECKING:
    import d20

#: "1d20", "1d12": one die and nothing else.
_SINGLE_DIE = re.compile(r"1d([1-9][0-9]*)")
#: "2d6", "1d8+3", "1d4-1": some dice of one size and a whole number added or taken away, in
#: the spelling d20 prints back (no spaces, no leading zeros). Its groups: count, faces, sign,
#: modifier.
_PLAIN_DICE = re.compile(r"([1-9][0-9]?|100)d([1-9][0-9]*)(?:([+-])(0|[1-9][0-9]*))?")


@dataclass(frozen=True)
class DiceRange:
    low: int
    high: int


@dataclass(frozen=True)
class Roll:
    """The outcome of one roll: `total`, and `detail` as people write it ("1d8 (5) + 3 = 8")."""

    expression: str
    total: int
    detail: str


@lru_cache(maxsize=512)
def dice_range(expression: str) -> DiceRange | None:
    """The lowest and highest totals of `expression`, or None for forms we cannot bound
    (kept dice, rerolls); raises BattlemapError if the notation is invalid."""
    import d20

    try:
        ast = d20.parse(expression)
    except d20.RollError as error:
        raise BattlemapError(expression, f"not valid dice notation ({error})") from error
    try:
        return DiceRange(_extreme(ast, high=False), _extreme(ast, high=True))
    except _Unbounded:
        return None


class _Unbounded(Exception):
    pass


def _extreme(node: object, *, high: bool) -> int:
    """Evaluate the notation's tree with every die at its lowest or highest face."""
    import d20

    if isinstance(node, d20.ast.Expression):
        return _extreme(node.roll, high=high)
    if isinstance(node, (d20.ast.AnnotatedNumber, d20.ast.Parenthetical)):
        return _extreme(node.value, high=high)
    if isinstance(node, d20.ast.Literal):
        return int(node.value)
    if isinstance(node, d20.ast.Dice):
        faces = 100 if node.size == "%" else int(node.size)
        return int(node.num) * (faces if high else 1)
    if isinstance(node, d20.ast.UnOp) and node.op in "+-":
        if node.op == "-":
            return -_extreme(node.value, high=not high)
        return _extreme(node.value, high=high)
    if isinstance(node, d20.ast.BinOp) and node.op in ("+", "-"):
        right = _extreme(node.right, high=high if node.op == "+" else not high)
        left = _extreme(node.left, high=high)
        return left + right if node.op == "+" else left - right
    raise _Unbounded


class _Notation:
    """Rolls notation from a given generator: the plain forms here, the rest by d20 (its
    trees cached)."""

    def __init__(self) -> None:
        self._roller: d20.Roller | None = None
        self._stringifier: d20.SimpleStringifier | None = None
        # Parsed trees by notation: a fight rolls the same few expressions thousands of times,
        # and a plain dict is cheaper than d20's own least-frequently-used cache.
        self._trees: dict[str, d20.ast.Node] = {}

    def roll(self, expression: str, generator: random.Random) -> Roll:
        plain = _PLAIN_DICE.fullmatch(expression)
        if plain is not None:
            return _roll_plain(expression, plain, generator)
        return self._roll_d20(expression, generator)

    def _roll_d20(self, expression: str, generator: random.Random) -> Roll:
        import d20
        import d20.expression

        if self._roller is None:
            self._roller = d20.Roller()
            self._stringifier = d20.SimpleStringifier()
        shared = d20.expression.random
        d20.expression.random = generator
        try:
            tree = self._trees.get(expression)
            if tree is None:
                tree = self._trees[expression] = self._roller.parse(expression)
            result = self._roller.roll(tree, stringifier=self._stringifier)
        except d20.RollError as error:
            raise BattlemapError(expression, f"not valid dice notation ({error})") from error
        finally:
            d20.expression.random = shared
        return Roll(expression, int(result.total), result.result)


def _roll_plain(expression: str, plain: re.Match[str], generator: random.Random) -> Roll:
    """`expression` (matched by _PLAIN_DICE) drawn and written exactly as d20 does: each die
    randrange(faces) + 1 from the same generator in turn, and "2d6 (3, 4) + 1 = 8".
    tests/core/test_dice.py checks the two agree roll for roll."""
    count, faces, sign, modifier = plain.groups()
    size = int(faces)
    if count == "1":
        value = generator.randrange(size) + 1
        # One Roll per face of each plain one-die form ("1d8+3"), as KeyedDice keeps for "1dN":
        # a long fight rolls damage tens of thousands of times, a new text each otherwise.
        shared = _ONE_DIE_ROLLS.get((expression, value))
        if shared is not None:
            return shared
        values = str(value)
        total = value
    else:
        drawn = [generator.randrange(size) + 1 for _ in range(int(count))]
        values = ", ".join(map(str, drawn))
        total = sum(drawn)
    dice = f"{count}d{faces} ({values})"
    if sign is None:
        roll = Roll(expression, total, f"{dice} = {total}")
    else:
        total = total + int(modifier) if sign == "+" else total - int(modifier)
        roll = Roll(expression, total, f"{dice} {sign} {modifier} = {total}")
    if count == "1" and len(_ONE_DIE_ROLLS) < _ONE_DIE_ROLLS_KEPT:
        _ONE_DIE_ROLLS[(expression, int(values))] = roll
    return roll


#: The Rolls of plain one-die forms by (notation, face): frozen values, shared by every roll
#: that shows them; a fight has a few hundred, a file could spell more, so past this many
#: they are made anew.
_ONE_DIE_ROLLS: dict[tuple[str, int], Roll] = {}
_ONE_DIE_ROLLS_KEPT = 4096


class DiceRoller:
    """Rolls dice notation in sequence from its own seeded generator (rolls outside a fight)."""

    def __init__(self, seed: int | None = 0) -> None:
        self._random = random.Random(seed)
        self._notation = _Notation()

    def roll(self, expression: str) -> Roll:
        return self._notation.roll(expression, self._random)


class KeyedDice:
    """A fight's dice: the roll for a decision key depends only on the seed and the key.

    Counter-based, as Philox or Threefry are: a keyed hash (BLAKE2b, in hashlib) of "seed:key"
    is the randomness of that roll. A plain "1dN" (most of a fight's rolls) takes its face from
    the 128-bit digest by rejection sampling, exactly uniform; any other notation is rolled by
    d20 from a generator seeded with the digest. Rolls never depend on the order they are asked
    in, or on how many came before.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random()
        self._notation = _Notation()
        # One Roll per (notation, face) of a plain die, shared by every roll that shows it: a
        # long fight logs hundreds of thousands of them, each with its own text otherwise.
        self._faces: dict[tuple[str, int], Roll] = {}

    def roll(self, expression: str, key: str) -> Roll:
        digest = self._digest(key, 0)
        single = _SINGLE_DIE.fullmatch(expression)
        if single is None:
            self._random.seed(digest)
            return self._notation.roll(expression, self._random)
        faces = int(single.group(1))
        # Rejection sampling: of the 2**128 digests, the highest few that would favour low
        # faces are thrown back (one in 2**100 for a d20: in practice never).
        limit = (_DIGEST_SPAN // faces) * faces
        attempt = 0
        while digest >= limit:
            attempt += 1
            digest = self._digest(key, attempt)
        value = digest % faces + 1
        roll = self._faces.get((expression, value))
        if roll is None:
            roll = Roll(expression, value, f"{expression} ({value}) = {value}")
            self._faces[(expression, value)] = roll
        return roll

    def _digest(self, key: str, attempt: int) -> int:
        text = f"{self.seed}:{key}" if attempt == 0 else f"{self.seed}:{key}#{attempt}"
        return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=16).digest(), "little")


_DIGEST_SPAN = 1 << 128
