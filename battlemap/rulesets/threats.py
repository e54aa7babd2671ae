"""What the map's threat layer tints: which squares a combatant threatens, as his ruleset says.

Read through `threats_of`, so that a ruleset without threatened squares (Combat Experience)
needs no member for it and tints none.
"""

from __future__ import annotations

from collections.abc import Callable

from battlemap.core.state import State
from battlemap.geometry.walls import WallIndex

#: Which squares one combatant threatens at a moment, for the map's threat layer: the state,
#: his id, the moment and the walls' index to the squares (x, y) it tints.
Threatens = Callable[["State", str, float, "WallIndex | None"], frozenset[tuple[int, int]]]


def _threatens_nothing(
    _state: State, _combatant_id: str, _time: float, _walls: WallIndex | None
) -> frozenset[tuple[int, int]]:
    return frozenset()


def threats_of(ruleset: object) -> Threatens:
    """The ruleset's `threatens` (d12: the squares a combatant's reach covers, walls hiding
    some); a ruleset without threatened squares (Combat Experience) tints none."""
    found: Threatens = getattr(ruleset, "threatens", _threatens_nothing)
    return found
