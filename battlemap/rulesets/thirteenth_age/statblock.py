"""A 13th Age statblock attack line read into an attack: "+7 vs AC, 2d6 damage; miss: 3".

The accepted form, case-insensitive:

    [name] +BONUS vs[.] AC|PD|MD [(targets)] <, or : or dash> DICE [TYPE] damage
        [; miss: DICE [damage] | ; miss: half damage]

"Bite +7 vs. AC (one nearby enemy)—2d6 fire damage; Miss: half damage" and
"+7 vs AC, 2d6 damage; miss: 3" both read. The dice go through `check_notation` (the d20
library's grammar with Battlemap's caps), the type must be one of the text's energy types, and
anything else (a second clause, a trigger line such as "Natural even hit: ...") is refused with
one line naming the problem. `bonus` is the whole attack bonus before the escalation die.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from battlemap.core.dice_notation import check_notation
from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.defenses import Defense, parse_defense
from battlemap.rulesets.thirteenth_age.resistance import ENERGY_TYPES

#: The longest line read (a statblock attack line is well under this).
MAX_LINE = 200
MAX_NAME = 40
MAX_TARGETS = 60
MIN_BONUS, MAX_BONUS = -20, 40
HALF = "half"

_ATTACK = re.compile(r"(?P<bonus>[+\-\u2212]\s?\d{1,3})\s+vs\.?\s+(?P<vs>[A-Za-z]+)", re.I)
_TARGETS = re.compile(r"^\((?P<targets>[^()]*)\)")
_SEPARATOR = re.compile(r"^\s*(,|:|\u2014|\u2013|--?)\s*")
_DAMAGE = re.compile(r"^(?P<dice>.+?)\s+(?:(?P<type>[a-z][a-z ]*?)\s+)?damage$", re.I)
_MISS = re.compile(r"^miss\s*:\s*(?P<miss>.+?)(?:\s+damage)?$", re.I)


@dataclass(frozen=True)
class StatblockAttack:
    """An attack as a statblock writes it. `miss` is dice notation, `HALF` ("half damage"),
    or None for no damage on a miss."""

    bonus: int
    vs: Defense
    damage: str
    name: str = ""
    damage_type: str | None = None
    miss: str | None = None
    targets: str | None = None

    def text(self) -> str:
        """The line in the accepted form; `parse_attack` reads it back to the same attack."""
        head = f"{self.name} " if self.name else ""
        targets = f" ({self.targets})" if self.targets else ""
        kind = f" {self.damage_type}" if self.damage_type else ""
        line = f"{head}{self.bonus:+d} vs {self.vs}{targets}, {self.damage}{kind} damage"
        if self.miss == HALF:
            return f"{line}; miss: half damage"
        return f"{line}; miss: {self.miss}" if self.miss is not None else line


def parse_attack(line: str) -> StatblockAttack:
    """The attack `line` writes; BattlemapError with one line naming the problem otherwise."""
    if len(line) > MAX_LINE:
        raise _error(line, f"it is {len(line)} characters long; at most {MAX_LINE}")
    text = " ".join(line.split())
    if not text:
        raise _error(line, "it is empty")
    head, *clauses = [part.strip() for part in text.split(";")]
    found = _ATTACK.search(head)
    if found is None:
        raise _error(line, 'no attack bonus and defense (like "+7 vs AC")')
    name = head[: found.start()].strip()
    if len(name) > MAX_NAME:
        raise _error(line, f"the name is {len(name)} characters long; at most {MAX_NAME}")
    bonus = int(found.group("bonus").replace("\u2212", "-").replace(" ", ""))
    if not MIN_BONUS <= bonus <= MAX_BONUS:
        raise _error(line, f"the bonus {bonus:+d} is outside {MIN_BONUS} to +{MAX_BONUS}")
    try:
        vs = parse_defense(found.group("vs"))
    except BattlemapError as error:
        raise _error(line, error.problem) from None
    rest = head[found.end() :].strip()
    targets = None
    bracket = _TARGETS.match(rest)
    if bracket is not None:
        targets = bracket.group("targets").strip() or None
        if targets is not None and len(targets) > MAX_TARGETS:
            raise _error(line, f"the targets are longer than {MAX_TARGETS} characters")
        rest = rest[bracket.end() :]
    separator = _SEPARATOR.match(rest)
    if separator is None:
        raise _error(line, 'no damage after the defense (like ", 2d6 damage")')
    damage, damage_type = _damage(line, rest[separator.end() :].strip())
    miss = None
    for clause in clauses:
        if miss is not None:
            raise _error(line, f"{clause!r} comes after the miss clause; nothing may")
        miss = _miss(line, clause)
    return StatblockAttack(bonus, vs, damage, name, damage_type, miss, targets)


def _damage(line: str, clause: str) -> tuple[str, str | None]:
    found = _DAMAGE.match(clause)
    if found is None:
        raise _error(line, f'{clause!r} is not damage (like "2d6 damage" or "8 fire damage")')
    dice = _dice(line, found.group("dice"), "damage")
    damage_type = found.group("type")
    if damage_type is not None:
        damage_type = damage_type.lower()
        if damage_type not in ENERGY_TYPES:
            known = ", ".join(sorted(ENERGY_TYPES))
            raise _error(line, f"{damage_type!r} is not a damage type: {known}")
    return dice, damage_type


def _miss(line: str, clause: str) -> str:
    found = _MISS.match(clause)
    if found is None:
        raise _error(line, f'{clause!r} is not a miss clause (like "miss: 3")')
    value = found.group("miss").strip()
    if value.lower() in (HALF, "half damage"):
        return HALF
    return _dice(line, value, "miss damage")


def _dice(line: str, text: str, what: str) -> str:
    dice = text.replace(" ", "")
    try:
        check_notation(dice)
    except BattlemapError as error:
        raise _error(
            line, f"the {what} {text!r} is not dice Battlemap rolls: {error.problem}"
        ) from None
    return dice


def _error(line: str, problem: str) -> BattlemapError:
    shown = line if len(line) <= 40 else line[:37] + "..."
    return BattlemapError(f"attack {shown!r}", problem)
