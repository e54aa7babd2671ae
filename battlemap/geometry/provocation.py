"""Attacks of opportunity from path geometry: where and when a mover leaves a threatened square.

The rule (d12 on 3e): "moving out of a square that an enemy threatens provokes, once per attacker
per round, at the exact moment the mover's centre leaves that square". Which square a centre is
in, and where it leaves it, follow `crossings.square_walk` (a centre on a grid line is in the
square on the side it came from; a corner crossed exactly is one diagonal change). So:

- the provoking point is a grid-line crossing of the path, on the boundary of the square left;
  leaving one threatened square for another threatened square provokes too;
- a path that ends inside (or on the edge of) a threatened square without leaving it provokes
  nothing from it; a path sliding along the outside edge of a threatened zone provokes nothing;
- only the first exit per threatener is reported: "once per attacker per round" and Combat
  Reflexes are the engine's to apply, as are flat-footed attackers (pass them in `exclude`).

The rule follows the mover's centre, whatever its size: a large mover's centre sits on grid
corners and is placed by the side it moves into (a footprint-based rule, any of its squares
leaving a threatened square, would be a separate function).

The time is the path's own arithmetic (start_time + distance x per / feet of its `Pace`, then
`clean_time`), so whole units stay whole.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from battlemap.core.clock import clean_time
from battlemap.core.encounter import Point
from battlemap.geometry.crossings import square_walk
from battlemap.geometry.footprint import Cell
from battlemap.geometry.path import Polyline, TimedPath
from battlemap.geometry.threat import ThreatIndex


@dataclass(frozen=True)
class Exit:
    """The mover's centre leaves `cell`, which `threatener` threatens, at `point` and `time`."""

    threatener: str
    time: float
    point: Point
    cell: Cell


def first_exits(
    path: TimedPath,
    index: ThreatIndex,
    *,
    exclude: Collection[str] = (),
    spare_first_cell_from: Collection[str] = (),
) -> list[Exit]:
    """For each threatener in `index` (not in `exclude`), the first time the mover leaves a square
    it threatens; sorted by time, then threatener id.

    `spare_first_cell_from`: those threateners do not threaten the square the path starts in (a
    withdraw: 3e, "the square you start out in is not considered threatened by any opponent you
    can see"); the squares after it count as usual.
    """
    candidates = [t for t in index.candidates(path.polyline.line) if t.id not in exclude]
    if not candidates:
        return []
    walk = square_walk(path.polyline)
    exits: list[Exit] = []
    for threatener in candidates:
        cells = index.cells(threatener.id)
        spared = threatener.id in spare_first_cell_from
        for number, crossing in enumerate(walk.crossings):
            if crossing.from_cell in cells and not (spared and number == 0):
                time = clean_time(path.start_time + path.duration_of(crossing.distance))
                exits.append(Exit(threatener.id, time, crossing.point, crossing.from_cell))
                break
    exits.sort(key=lambda e: (e.time, e.threatener))
    return exits


def five_foot_step(path: Polyline) -> bool:
    """True when the centre changes square at most once: it stays in its start square and at
    most one neighbour (a single square of movement; a diagonal through the corner counts as
    one). Going to a neighbour and back is two squares of movement, so False."""
    return len(square_walk(path).crossings) <= 1
