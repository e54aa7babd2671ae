"""Dice: notation is parsed and rolled by the d20 library, with a seeded generator we own.

d20 draws from the `random` module's shared generator. Rather than reseeding that global
(which would make every roll depend on whoever else used `random`), each roll swaps our own
generator's state in and back out, so a seed gives the same fight every time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

import d20

from battlemap.core.errors import BattlemapError


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


class DiceRoller:
    """Rolls dice notation with its own seeded generator."""

    def __init__(self, seed: int | None = 0) -> None:
        self._random = random.Random(seed)

    def roll(self, expression: str) -> Roll:
        outer = random.getstate()
        random.setstate(self._random.getstate())
        try:
            result = d20.roll(expression)
        except d20.RollError as error:
            raise BattlemapError(expression, f"not valid dice notation ({error})") from error
        finally:
            self._random.setstate(random.getstate())
            random.setstate(outer)
        return Roll(expression, int(result.total), _plain(result.result))

    def randint(self, low: int, high: int) -> int:
        """A uniform whole number in [low, high], e.g. for a coin flip."""
        return self._random.randint(low, high)


def _plain(detail: str) -> str:
    # d20 marks dice in Markdown bold for chat bots; a log line wants plain text.
    return detail.replace("**", "").replace("`", "")
