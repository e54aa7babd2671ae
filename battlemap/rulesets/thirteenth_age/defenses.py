"""Armor Class, Physical Defense and Mental Defense from the middle of three abilities.

"Armor Class (AC) ... is equal to the middle value among Con, Dex, and Wis. Disregard the
higher and the lower values." "Physical Defense (PD) ... the middle value among Str, Con, and
Dex." "Mental Defense (MD) ... the middle value among Int, Wis, and Cha." "PCs also add their
class level to their defenses."

The "value" is read as the ability modifier (the modifier of the middle score is the middle of
the modifiers, so the two readings agree), added to a base the class chapters give and this
text does not (`DefenseBases`, 10 each by default).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.abilities import Abilities, ability_modifier
from battlemap.rulesets.thirteenth_age.naturals import require_whole
from battlemap.rulesets.thirteenth_age.settings import DEFAULT_SETTINGS, DefenseBases


class Defense(StrEnum):
    """The three defences an attack can target, as a statblock names them."""

    AC = "AC"
    PD = "PD"
    MD = "MD"


def parse_defense(text: str) -> Defense:
    """ "AC", "pd", "Md" -> the defence; BattlemapError naming the three for anything else."""
    try:
        return Defense(text.strip().upper())
    except ValueError:
        raise BattlemapError("vs", f"{text!r} is not a defense: AC, PD or MD") from None


@dataclass(frozen=True)
class Defenses:
    ac: int
    pd: int
    md: int

    def of(self, defense: Defense) -> int:
        """The value of `defense`."""
        return {Defense.AC: self.ac, Defense.PD: self.pd, Defense.MD: self.md}[defense]


def middle(a: int, b: int, c: int) -> int:
    """The middle of three values: "Disregard the higher and the lower values"."""
    return sorted((a, b, c))[1]


def middle_modifier(a: int, b: int, c: int) -> int:
    """The modifier of the middle of three ability scores."""
    return ability_modifier(middle(a, b, c))


def pc_defenses(
    abilities: Abilities, level: int, bases: DefenseBases = DEFAULT_SETTINGS.defense_bases
) -> Defenses:
    """A PC's defences: each base + the middle modifier of its three abilities + level."""
    require_whole(level, "level", low=1, high=20)
    a = abilities
    return Defenses(
        ac=bases.ac + middle_modifier(a.constitution, a.dexterity, a.wisdom) + level,
        pd=bases.pd + middle_modifier(a.strength, a.constitution, a.dexterity) + level,
        md=bases.md + middle_modifier(a.intelligence, a.wisdom, a.charisma) + level,
    )
