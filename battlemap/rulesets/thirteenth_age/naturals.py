"""A natural d20: the number on the die, before any bonus, which many rules read directly."""

from __future__ import annotations

from battlemap.core.errors import BattlemapError

D20_FACES = 20


def require_natural(natural: int, what: str = "natural d20") -> int:
    """`natural` itself when it is a whole number from 1 to 20; BattlemapError otherwise.

    A bool is refused although Python counts it as an int: a True roll is a slip."""
    if isinstance(natural, bool) or not isinstance(natural, int):
        raise BattlemapError(what, f"must be a whole number from 1 to 20, not {natural!r}")
    if not 1 <= natural <= D20_FACES:
        raise BattlemapError(what, f"must be from 1 to 20, not {natural}")
    return natural


def require_whole(value: int, what: str, *, low: int, high: int) -> int:
    """`value` when it is a whole number from `low` to `high`; BattlemapError otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BattlemapError(what, f"must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise BattlemapError(what, f"must be from {low} to {high}, not {value}")
    return value
