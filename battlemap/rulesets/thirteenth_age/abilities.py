"""Ability scores, their modifiers, and the level multiplier on damage and recovery bonuses.

"Calculate the ability modifier subtracting 10 from the ability score, halving the result,
then rounding down." "At 5th level, double the ability score modifier before adding to the
damage roll for all attacks. (Negative modifiers get are doubled too). At 8th level, triple
the ability score modifier."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.naturals import require_whole

#: Ability scores a file may hold (the text gives none; 3..18 is a starting range, magic and
#: monsters go beyond it).
MIN_SCORE, MAX_SCORE = 1, 40
#: Character levels (13th Age runs 1 to 10; monsters go a little higher).
MIN_LEVEL, MAX_LEVEL = 0, 20
#: "At 5th level, double ..." "At 8th level, triple ..."
DOUBLE_AT, TRIPLE_AT = 5, 8


#: The file's short names (`str`, `con`...) for each field of `Abilities`.
SHORT_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "str": "strength",
        "con": "constitution",
        "dex": "dexterity",
        "int": "intelligence",
        "wis": "wisdom",
        "cha": "charisma",
    }
)


@dataclass(frozen=True)
class Abilities:
    """The six ability scores (a file writes them `str`, `con`, `dex`, `int`, `wis`, `cha`:
    `from_short` reads that form; the fields are spelled out since `str` and `int` would hide
    Python's types in the class)."""

    strength: int = 10
    constitution: int = 10
    dexterity: int = 10
    intelligence: int = 10
    wisdom: int = 10
    charisma: int = 10

    def __post_init__(self) -> None:
        for short, name in SHORT_NAMES.items():
            require_whole(getattr(self, name), f"abilities.{short}", low=MIN_SCORE, high=MAX_SCORE)

    @classmethod
    def from_short(cls, scores: Mapping[str, int]) -> Abilities:
        """The scores a file gives by short name; a missing one is 10, an unknown name an
        error."""
        unknown = sorted(set(scores) - set(SHORT_NAMES))
        if unknown:
            known = ", ".join(SHORT_NAMES)
            raise BattlemapError("abilities", f"{unknown[0]!r} is not one of {known}")
        return cls(**{SHORT_NAMES[short]: value for short, value in scores.items()})


def ability_modifier(score: int) -> int:
    """(score - 10) / 2 rounded down: 16 gives +3, 9 gives -1, 8 gives -1, 7 gives -2."""
    return (score - 10) // 2


def level_multiplier(level: int) -> int:
    """How many times a level counts an ability modifier on damage: 1, 2 from 5th, 3 from 8th."""
    require_whole(level, "level", low=MIN_LEVEL, high=MAX_LEVEL)
    if level >= TRIPLE_AT:
        return 3
    if level >= DOUBLE_AT:
        return 2
    return 1


def damage_modifier(score: int, level: int) -> int:
    """The ability modifier added to a damage roll at `level` (negative ones multiplied too)."""
    return ability_modifier(score) * level_multiplier(level)


def weapon_damage(level: int, die: int, score: int) -> str:
    """ "each weapon attack deals 1 die of damage per character level + ability modifier,
    notated as WEAPON + [Ability]": a 3rd-level fighter with a d8 and Str 16 rolls "3d8+3"."""
    require_whole(level, "level", low=1, high=MAX_LEVEL)
    require_whole(die, "weapon die", low=2, high=20)
    return _with_modifier(f"{level}d{die}", damage_modifier(score, level))


def _with_modifier(dice: str, modifier: int) -> str:
    return dice if modifier == 0 else f"{dice}{modifier:+d}"
