"""Saves: a d20 against 6, 11 or 16.

"The save mechanic, a d20 roll with no standard modifiers ... There are three difficulty
values for saves. If a save doesn't specify what type it is, it's a normal save: 11+.
Easy: Roll 6+ on a d20. Normal: Roll 11+ on a d20. Hard: Roll 16+ on a d20." "There are no
standard bonuses to saves, but there are occasional talents, feats, and magic items that
provide small bonuses to saves."
"""

from __future__ import annotations

from enum import IntEnum

from battlemap.rulesets.thirteenth_age.naturals import require_natural


class SaveDifficulty(IntEnum):
    EASY = 6
    NORMAL = 11
    HARD = 16


def save_succeeds(natural: int, needed: int = SaveDifficulty.NORMAL, *, bonus: int = 0) -> bool:
    """Whether a save with `natural` (+ a talent's or item's `bonus`) reaches `needed`."""
    return require_natural(natural, "save d20") + bonus >= needed
