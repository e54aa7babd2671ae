"""Which squares the map tints as threatened: each standing combatant's, in its side's colour.

What "threatened" means is the ruleset's (d12: the squares a reach covers); the layer only
colours what the ruleset's `threatens` gives, and tints nothing for a ruleset without it.
"""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtGui import QColor

from battlemap.core.state import State
from battlemap.geometry.footprint import Cell
from battlemap.geometry.walls import WallIndex
from battlemap.rulesets.base import Ruleset
from battlemap.rulesets.threats import threats_of
from battlemap.ui.palette import side_color


def threat_zones(
    ruleset: Ruleset,
    state: State,
    time: float,
    walls: WallIndex | None,
    chosen: Collection[str] | None = None,
) -> list[tuple[QColor, frozenset[Cell]]]:
    """(colour, squares) for each combatant that threatens any (only `chosen` ones, if given),
    from where it stands at `time`."""
    threatens = threats_of(ruleset)
    zones = []
    for cid, them in state.combatants.items():
        if chosen is not None and cid not in chosen:
            continue
        cells = threatens(state, cid, time, walls)
        if cells:
            zones.append((side_color(them.combatant.side), cells))
    return zones
