"""Threatened squares and threat zones, and an STRtree over the zones for candidate search.

A combatant threatens the squares within its reach of its footprint, by Chebyshev distance in
squares from the footprint (3e reach, the d12 text's "threatened squares"):

- reach 5 ft: the ring at distance 1 (8 squares around a medium creature, 12 around a large one);
- natural reach 10 ft: distances 1 and 2; natural 15 ft: 1 to 3;
- a reach weapon doubles natural reach and cannot strike inside it (3e: a medium wielder "can
  attack a creature 10 feet away, but not a creature in an adjacent square"), so with a reach
  weapon of reach R only the distances above R / 2 count: reach 10 -> distance 2 only; a large
  wielder's 20 ft -> distances 3 and 4;
- never the footprint itself.

Walls: a square is not threatened when a wall blocks the line from the threatener's centre (of
its snapped footprint) to the square's centre (`WallIndex.blocks`: a wall meeting the open
segment, touching included). 3e draws lines between corners and grants cover; the centre-to-
centre line is simpler, deterministic, and agrees with it on the usual cases: a wall between the
two squares blocks, a wall beside the line does not, and a line through the very end of a wall is
blocked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from battlemap.core.encounter import Point
from battlemap.geometry.footprint import Cell, footprint_center, footprint_origin
from battlemap.geometry.walls import WallIndex

#: Feet in a square.
FEET_PER_SQUARE = 5
#: The farthest threat distance, in squares, `threatened_cells` lists squares for: 100 squares
#: is 40,000 of them. The loaders cap reach far below (120 feet, 24 squares); past this a
#: reach of 5,000 feet would list a million squares, and take seconds and gigabytes.
MAX_THREAT_SQUARES = 100


@dataclass(frozen=True)
class Threatener:
    """A combatant as threat sees it: where it stands, how big it is and how far it reaches."""

    id: str
    center: Point
    squares: int
    reach_ft: int
    reach_weapon: bool = False


def threat_distances(t: Threatener) -> range:
    """The Chebyshev distances (in squares from the footprint) that `t` threatens."""
    outer = t.reach_ft // FEET_PER_SQUARE
    # A reach weapon of reach R doubled a natural reach of R / 2 and cannot strike inside it.
    inner = t.reach_ft // (2 * FEET_PER_SQUARE) + 1 if t.reach_weapon else 1
    return range(inner, outer + 1)


def threatened_cells(t: Threatener, walls: WallIndex | None = None) -> frozenset[Cell]:
    """The squares `t` threatens, less those a wall hides from its centre."""
    distances = threat_distances(t)
    if not distances:
        return frozenset()
    i0, j0 = footprint_origin(t.center, t.squares)
    i1, j1 = i0 + t.squares - 1, j0 + t.squares - 1
    far = distances.stop - 1
    if far > MAX_THREAT_SQUARES:
        raise ValueError(
            f"{t.id}: a reach of {t.reach_ft} ft threatens squares up to {far} away; "
            f"threat zones stop at {MAX_THREAT_SQUARES}"
        )
    cells = [
        (i, j)
        for i in range(i0 - far, i1 + far + 1)
        for j in range(j0 - far, j1 + far + 1)
        if max(i0 - i, i - i1, j0 - j, j - j1) in distances
    ]
    if walls is not None and len(walls):
        origin = footprint_center(t.center, t.squares)
        blocked = walls.blocked_from(origin, [(i + 0.5, j + 0.5) for i, j in cells])
        cells = [cell for cell, hidden in zip(cells, blocked, strict=True) if not hidden]
    return frozenset(cells)


def cells_zone(cells: frozenset[Cell] | Sequence[Cell]) -> shapely.Geometry:
    """The union of some squares as one shapely geometry (empty if there are none)."""
    if not cells:
        return shapely.Polygon()
    corners = np.array(sorted(cells), dtype=float)
    boxes = shapely.box(corners[:, 0], corners[:, 1], corners[:, 0] + 1, corners[:, 1] + 1)
    return shapely.union_all(boxes)


def threat_zone(t: Threatener, walls: WallIndex | None = None) -> shapely.Geometry:
    """The squares `t` threatens as one geometry: a ring (a polygon with a hole) in open ground,
    possibly several polygons when walls cut it."""
    return threat_zones([t], walls)[0]


def threat_zones(
    threateners: Sequence[Threatener], walls: WallIndex | None = None
) -> list[shapely.Geometry]:
    """`threat_zone` of each, the rings in open ground built in one vectorised call."""
    zones: list[shapely.Geometry] = [shapely.Polygon()] * len(threateners)
    rings: list[int] = []
    shells, holes = [], []
    for n, t in enumerate(threateners):
        distances = threat_distances(t)
        if not distances:
            continue
        i0, j0 = footprint_origin(t.center, t.squares)
        outer = _grown(i0, j0, t.squares, distances.stop - 1)
        # A wall can only hide a square if it meets the box around the zone: the line from the
        # centre to any threatened square stays inside that box. Elsewhere the zone is the
        # ring, built directly (a union of squares costs a hundred times more).
        if walls is not None and walls.near(shapely.box(*outer)):
            zones[n] = cells_zone(threatened_cells(t, walls))
            continue
        rings.append(n)
        shells.append(_corners(outer))
        holes.append([_corners(_grown(i0, j0, t.squares, distances.start - 1))])
    if rings:
        built = shapely.polygons(np.array(shells, dtype=float), holes=np.array(holes, dtype=float))
        for n, zone in zip(rings, built.tolist(), strict=True):
            zones[n] = zone
    return zones


def _grown(i0: int, j0: int, squares: int, by: int) -> tuple[int, int, int, int]:
    """The footprint's box grown by `by` squares on every side: (xmin, ymin, xmax, ymax)."""
    return (i0 - by, j0 - by, i0 + squares + by, j0 + squares + by)


def _corners(box: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    x0, y0, x1, y1 = box
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


class ThreatIndex:
    """Threat zones of a set of combatants (usually one side), with an STRtree over them.

    Build it when threateners move or change (once per planning preview of a side, once per
    round in a batch) and query it per path: `candidates` returns only the threateners whose zone
    the path meets, so no path is ever tested against every threatener.
    """

    def __init__(self, threateners: Sequence[Threatener], walls: WallIndex | None = None) -> None:
        ids = [t.id for t in threateners]
        if len(set(ids)) != len(ids):
            raise ValueError(f"threatener ids must be unique: {sorted(ids)}")
        self.threateners: tuple[Threatener, ...] = tuple(threateners)
        self._by_id = {t.id: t for t in self.threateners}
        self._walls = walls
        # Square sets are made on first use: a query needs them only for its few candidates.
        self._cells: dict[str, frozenset[Cell]] = {}
        self.zones: tuple[shapely.Geometry, ...] = tuple(threat_zones(self.threateners, walls))
        self._tree = shapely.STRtree(np.array(self.zones, dtype=object))

    def __len__(self) -> int:
        return len(self.threateners)

    def cells(self, threatener_id: str) -> frozenset[Cell]:
        """The squares that threatener threatens (KeyError for an unknown id)."""
        cells = self._cells.get(threatener_id)
        if cells is None:
            cells = threatened_cells(self._by_id[threatener_id], self._walls)
            self._cells[threatener_id] = cells
        return cells

    def candidates(self, line: shapely.Geometry) -> list[Threatener]:
        """The threateners whose zone meets `line` (boundary contact included), in index order."""
        found = self._tree.query(line, predicate="intersects")
        return [self.threateners[i] for i in sorted(found.tolist())]
