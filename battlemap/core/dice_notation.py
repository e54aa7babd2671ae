"""What dice notation Battlemap accepts from outside: a file, a saved log, a form.

d20 parses far more than a fight needs, and some of what it parses fails or never ends only
when rolled, in the middle of a fight: `1d6/0` divides by zero, `1d1e1` explodes until d20
gives up, a thousand summed terms or five hundred nested parentheses exhaust the recursion
limit, and `1d6` repeated a million times takes longer to parse than the fight to play.
`check_notation` refuses all of that up front, with one line that says why, so that every
expression that reaches `DiceRoller` can be rolled, quickly, every time.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from battlemap.core.errors import BattlemapError

if TYPE_CHECKING:
    import d20

#: Longer notation is not a damage roll anyone types; it also bounds the parser's work.
MAX_LENGTH = 100
#: Numbers and dice groups in one expression ("2d6+1d4+3" has three).
MAX_TERMS = 20
#: Parentheses (and d20's sets, which are written in parentheses) inside each other.
MAX_DEPTH = 5
#: Dice rolled by one expression in all ("4d6+2d8" rolls six): d20 stops at 1,000 rolls, and
#: explosions and rerolls may roll a die several times.
MAX_DICE = 100
#: Faces of one die. A coin flip among tied combatants rolls 1dN for N of them, so this is
#: well above the most combatants a file may hold.
MAX_FACES = 10_000
#: The largest total (either way) an expression may reach, so that a roll always fits the
#: bounds a saved log's `result` is read with.
MAX_TOTAL = 1_000_000
#: d20's own limit on the dice one roll may throw, explosions and rerolls included.
_D20_MAX_ROLLS = 1_000

_DIVISIONS = frozenset({"/", "//", "%"})
#: Operators that roll a die again while it matches: they stop only if it can fail to match.
_REPEATING = {"e": "explode", "rr": "reroll"}
_SHOWN_MAX = 40
#: "1d20", "2d6+3", "1d4-1": a few dice of one size and a whole number, all a file usually
#: holds; within the limits below (checked by hand) they need no parser. d20's grammar takes a
#: fifth of a second to import, most of `battlemap simulate`'s start-up, so it is imported
#: only for the rest. Groups: count, faces, modifier.
_PLAIN = re.compile(r"([1-9][0-9]?|100)d([1-9][0-9]{0,3}|10000)(?:[+-](0|[1-9][0-9]{0,5}))?")


def check_notation(expression: str) -> None:
    """Raise BattlemapError unless `expression` is dice notation Battlemap can always roll.

    The error's `problem` says what is wrong in words ("it divides ('/'): ..."), for callers
    that put it after their own "damage must be dice notation ..."; its `where` is a short
    excerpt of the expression.
    """
    where = _excerpt(expression)
    if len(expression) > MAX_LENGTH:
        raise BattlemapError(
            where, f"it is {len(expression):,} characters long; at most {MAX_LENGTH}"
        )
    plain = _PLAIN.fullmatch(expression)
    if plain is not None:
        count, faces, modifier = plain.groups()
        if int(count) * int(faces) + int(modifier or 0) <= MAX_TOTAL:
            return  # two terms at most, no depth, and count and faces within their limits
    import d20

    try:
        tree = d20.parse(expression)
    except d20.RollSyntaxError as error:
        got = str(error.got)
        detail = f"unexpected {_excerpt(got)} at character {error.col}" if got else ""
        raise BattlemapError(where, detail or "it ends too early") from None
    except (d20.RollError, RecursionError):
        raise BattlemapError(where, "it is not dice notation d20 can read") from None
    _Walk(where).expression(tree)


class _Walk:
    """One pass over d20's tree: counts terms and dice, measures depth, bounds the total."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.terms = 0
        self.dice = 0

    def fail(self, problem: str) -> BattlemapError:
        return BattlemapError(self.where, problem)

    def expression(self, tree: d20.ast.Expression) -> None:
        bound = self.bound(tree.roll, 0)
        if not bound <= MAX_TOTAL:  # written so that NaN (0 times an overflow) is refused too
            raise self.fail(f"its total could reach {_amount(bound)}; at most {MAX_TOTAL:,}")

    def bound(self, node: object, depth: int) -> float:
        """The largest absolute value `node` can take; raises on the first thing refused."""
        import d20  # already imported by check_notation: a lookup

        if isinstance(node, d20.ast.AnnotatedNumber):
            return self.bound(node.value, depth)
        if isinstance(node, d20.ast.Literal):
            self.count_term()
            return abs(float(node.value))
        if isinstance(node, d20.ast.UnOp):
            return self.bound(node.value, depth)
        if isinstance(node, d20.ast.BinOp):
            return self.binary(node, depth)
        if isinstance(node, d20.ast.Parenthetical):
            return self.bound(node.value, self.deeper(depth))
        if isinstance(node, d20.ast.OperatedDice):
            return self.dice_group(node.value, node.operations)
        if isinstance(node, d20.ast.Dice):
            return self.dice_group(node, [])
        if isinstance(node, d20.ast.OperatedSet):
            # Keeping or dropping members only lowers the total.
            return self.bound(node.value, depth)
        if isinstance(node, d20.ast.NumberSet):
            inner = self.deeper(depth)
            return sum(self.bound(value, inner) for value in node.values)
        raise self.fail(f"it uses a form Battlemap does not roll ({type(node).__name__})")

    def binary(self, node: d20.ast.BinOp, depth: int) -> float:
        if node.op in _DIVISIONS:
            # d20 raises on a zero divisor, and a divisor made of dice can be zero on any roll.
            raise self.fail(f"it divides ({node.op!r}); division is not allowed in dice")
        left = self.bound(node.left, depth)
        right = self.bound(node.right, depth)
        if node.op == "*":
            return left * right
        if node.op in ("+", "-"):
            return left + right
        return 1.0  # a comparison: true or false, 1 or 0

    def deeper(self, depth: int) -> int:
        if depth + 1 > MAX_DEPTH:
            raise self.fail(f"it nests parentheses more than {MAX_DEPTH} deep")
        return depth + 1

    def count_term(self) -> None:
        self.terms += 1
        if self.terms > MAX_TERMS:
            raise self.fail(f"it has more than {MAX_TERMS} terms (numbers and dice)")

    def dice_group(self, dice: d20.ast.Dice, operations: list[d20.ast.SetOperator]) -> float:
        self.count_term()
        faces = 100 if dice.size == "%" else int(dice.size)
        if faces < 1:
            raise self.fail(f"a d{faces} has no faces to roll")
        if faces > MAX_FACES:
            raise self.fail(f"a d{faces:,} has too many faces; at most {MAX_FACES:,}")
        self.dice += dice.num
        if self.dice > MAX_DICE:
            raise self.fail(f"it rolls more than {MAX_DICE} dice")
        rolls = float(dice.num)
        highest = float(faces)
        for operation in operations:
            text = "".join(f"{operation.op}{selector}" for selector in operation.sels)
            if operation.op in ("mi", "ma"):
                if any(selector.cat is not None for selector in operation.sels):
                    raise self.fail(f"{text!r} is not valid: {operation.op} takes a plain number")
                highest = max([highest, *(float(s.num) for s in operation.sels)])
            if operation.op in _REPEATING:
                self.check_repeating(operation, faces, text)
            if operation.op in ("e", "ra"):
                # Each explosion adds a die; d20 stops at its roll limit.
                rolls = float(_D20_MAX_ROLLS)
        return rolls * highest

    def check_repeating(self, operation: d20.ast.SetOperator, faces: int, text: str) -> None:
        """An explosion or a recursive reroll goes on while the new die matches: refused if
        it matches more than half the faces (the chance of going on, roll after roll)."""
        matched = 0
        for selector in operation.sels:
            if selector.cat in ("l", "h"):
                # The lowest or highest die always exists: it would match every time.
                matched = faces
                break
            if selector.cat == "<":
                matched += min(max(selector.num - 1, 0), faces)
            elif selector.cat == ">":
                matched += min(max(faces - selector.num, 0), faces)
            elif 1 <= selector.num <= faces:
                matched += 1
        if 2 * matched > faces:
            verb = _REPEATING[operation.op]
            raise self.fail(
                f"{text!r} would {verb} on {min(matched, faces)} of the d{faces}'s {faces} "
                "faces; at most half, or it may never stop"
            )


def _excerpt(text: str) -> str:
    """The notation as a message shows it: quoted, and cut short if long."""
    return repr(text if len(text) <= _SHOWN_MAX else text[: _SHOWN_MAX - 3] + "...")


def _amount(value: float) -> str:
    return f"{value:,.0f}" if value < 1e15 else "more than 1,000,000,000,000,000"
