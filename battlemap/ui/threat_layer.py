"""Which squares the map tints as threatened: each standing combatant's, in its side's colour."""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtGui import QColor

from battlemap.core.state import State
from battlemap.geometry.footprint import Cell
from battlemap.geometry.threat import Threatener, threatened_cells
from battlemap.geometry.walls import WallIndex
from battlemap.ui.palette import side_color


def threat_zones(
    state: State,
    time: float,
    walls: WallIndex | None,
    chosen: Collection[str] | None = None,
) -> list[tuple[QColor, frozenset[Cell]]]:
    """(colour, squares) for each standing combatant that can strike (only `chosen` ones, if
    given), from where it stands at `time`."""
    zones = []
    for cid, them in state.combatants.items():
        c = them.combatant
        if them.down or not c.attacks or (chosen is not None and cid not in chosen):
            continue
        threat = Threatener(cid, them.position_at(time), c.squares, c.reach, c.reach_weapon)
        zones.append((side_color(c.side), threatened_cells(threat, walls)))
    return zones
