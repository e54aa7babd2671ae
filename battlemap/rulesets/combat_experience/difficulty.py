"""The difficulty of each Combat Experience check: the opening one, the re-roll ladder, stuns.

"Roll Initiative: Combat Experience (Willpower) skill roll
  - Difficulty 10 if you initiated combat
  - Difficulty 15 if you were wary and expected combat
  - Difficulty 20 if you can see the other party starting hostilities
  - Difficulty 25 if you are surprised"

"Each subsequent Combat Experience roll difficulty is reduced by 5 down to minimum of 10."

"When he is again able to act he roll new initiative check just like in the start of the
combat, difficulty 15. If character is stunned before he manages to act (whether he succeeded
in his initial Combat Experience roll or not) the difficulty of CE roll after recovering from
the stun is the difficulty rolled at the start of the combat, this is increased by 5 if the
character is not fearless."
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from battlemap.core.errors import BattlemapError


class Situation(StrEnum):
    """How a combatant came into the fight, as an encounter file writes it."""

    INITIATED = "initiated"
    WARY = "wary"
    SAW_START = "saw_start"
    SURPRISED = "surprised"


#: The opening check's difficulty by situation.
OPENING_DIFFICULTY: Mapping[Situation, int] = MappingProxyType(
    {
        Situation.INITIATED: 10,
        Situation.WARY: 15,
        Situation.SAW_START: 20,
        Situation.SURPRISED: 25,
    }
)

#: "Each subsequent Combat Experience roll difficulty is reduced by 5 down to minimum of 10."
REROLL_STEP = 5
MINIMUM_DIFFICULTY = 10

#: "When he is again able to act he roll new initiative check ..., difficulty 15."
STUN_RECOVERY_DIFFICULTY = 15
#: "... this is increased by 5 if the character is not fearless."
NOT_FEARLESS_STUN_INCREASE = 5


def parse_situation(text: str) -> Situation:
    """The situation an encounter file names; BattlemapError for any other word."""
    try:
        return Situation(text)
    except ValueError:
        known = ", ".join(situation.value for situation in Situation)
        raise BattlemapError("situation", f"{text!r} is not one of {known}") from None


def opening_difficulty(situation: Situation) -> int:
    """The difficulty of the combatant's first check of the fight."""
    return OPENING_DIFFICULTY[situation]


def easier(difficulty: int) -> int:
    """The next re-roll's difficulty after a failed check at `difficulty`: 5 less, never
    under 10 (a difficulty already under 10 stays where it is)."""
    return min(difficulty, max(MINIMUM_DIFFICULTY, difficulty - REROLL_STEP))


def ladder_difficulty(first: int, rerolls: int) -> int:
    """The difficulty after `rerolls` failed checks, from a first check at `first`."""
    if rerolls < 0:
        raise ValueError(f"a number of re-rolls is 0 or more, not {rerolls}")
    return min(first, max(MINIMUM_DIFFICULTY, first - REROLL_STEP * rerolls))


def ladder(first: int, checks: int) -> tuple[int, ...]:
    """The difficulties of `checks` checks in a row, all failed but the last: from 25,
    (25, 20, 15, 10, 10)."""
    return tuple(ladder_difficulty(first, n) for n in range(checks))


def stun_recovery_difficulty(*, opening: int, fearless: bool, acted: bool) -> int:
    """The difficulty of the check made on recovering from a stun.

    15 for a combatant who has acted in this fight; for one stunned before he managed to act,
    the fight's `opening` difficulty, and 5 more if he is not `fearless`.
    """
    if acted:
        return STUN_RECOVERY_DIFFICULTY
    return opening if fearless else opening + NOT_FEARLESS_STUN_INCREASE
