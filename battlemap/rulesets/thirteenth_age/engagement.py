"""The text's abstract positions read off the map: engaged, moving away, nearby, intercepting.

- **Engaged**: melee contact. Two enemies are engaged when a square of one's footprint is in
  the other's contact ring: the squares within his melee reach (`Combatant.reach`: 5 ft is the
  ring of adjacent squares, sharing an edge or a corner; 10 ft two rings), each token standing
  in the square its centre is in. Kept in `State.pairs` by `engaged` events, said whenever a
  movement ends or someone drops, so the map can link the pairs and a replay rebuilds them.
- **Moving away** (opportunity attacks): the mover's centre leaves the last square of an
  engaged foe's contact ring (the squares within its reach, walls hiding squares from its
  centre, as `geometry.threat` draws them) for a square outside it. Shuffling round a foe
  inside the ring is not moving away. Walls do not cut rings (contact and leaving read the
  same squares).
- **Nearby** (intercepts): within one move action of straight-line travel (`move` squares),
  the line not crossing a wall (walls only delay an interceptor, as `geometry.intercept`
  solves it: no path-finding round corners).
- **Intercept**: an unengaged enemy nearby both the mover's start and his destination, whose
  ring the destination is not in (a mover coming to engage him is not moving past), may move
  to the earliest point of the mover's path he can reach in time (at his own move, started as
  the mover starts), stopping adjacent: the mover stops there, engaged.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable

from battlemap.core.encounter import FEET_PER_SQUARE, Point
from battlemap.core.state import CombatantState, State
from battlemap.geometry.crossings import square_walk
from battlemap.geometry.footprint import Cell, footprint_cells
from battlemap.geometry.intercept import Interception, Interceptor, InterceptorIndex
from battlemap.geometry.path import Pace, TimedPath
from battlemap.geometry.provocation import Exit
from battlemap.geometry.threat import Threatener, threatened_cells
from battlemap.geometry.walls import WallIndex
from battlemap.rulesets.thirteenth_age.fields import move_squares
from battlemap.rulesets.thirteenth_age.reducers import engaged, engaged_with

#: An interceptor stops one square short of the point he cuts the mover off at: adjacent.
_INTERCEPT_REACH = 1.0


def enemies(state: State, actor: str) -> list[CombatantState]:
    """The standing combatants of other sides than `actor`'s, in the encounter's order."""
    side = state[actor].combatant.side
    return [c for c in state.combatants.values() if c.combatant.side != side and not c.down]


def contact_ring(c: CombatantState, time: float) -> frozenset[Cell]:
    """The squares within `c`'s melee reach of his footprint at `time` (his contact ring)."""
    threat = Threatener(c.combatant.id, c.position_at(time), c.combatant.squares, c.combatant.reach)
    return threatened_cells(threat)


def in_contact(state: State, a: str, b: str, time: float) -> bool:
    """Melee contact at `time`: a square of either footprint in the other's contact ring
    (squares, as `leaving_points` reads moving away, so the two never disagree)."""
    one, two = state[a], state[b]
    cells_one = footprint_cells(one.position_at(time), one.combatant.squares)
    cells_two = footprint_cells(two.position_at(time), two.combatant.squares)
    return bool(
        contact_ring(one, time).intersection(cells_two)
        or contact_ring(two, time).intersection(cells_one)
    )


def contact_changes(state: State, actor: str, time: float) -> list[tuple[str, bool]]:
    """The engagements of `actor` that begin (True) or end (False) as things stand at `time`:
    every foe he is engaged with when he is down, else each enemy whose contact differs from
    the pair's `engaged`."""
    me = state[actor]
    if me.down:
        return [(other, False) for other in engaged_with(state, actor)]
    out = []
    for them in enemies(state, actor):
        now = in_contact(state, actor, them.combatant.id, time)
        if now != engaged(state, actor, them.combatant.id):
            out.append((them.combatant.id, now))
    for other in engaged_with(state, actor):
        if state[other].down:
            out.append((other, False))
    return out


def leaving_points(state: State, path: TimedPath, foes: Iterable[str]) -> list[Exit]:
    """For each foe, where and when the path's centre first leaves his contact ring for a
    square outside it (moving away); sorted by time, then foe."""
    walk = square_walk(path.polyline)
    exits = []
    for foe in foes:
        ring = contact_ring(state[foe], path.start_time)
        for crossing in walk.crossings:
            if crossing.from_cell in ring and crossing.to_cell not in ring:
                time = path.start_time + path.duration_of(crossing.distance)
                exits.append(Exit(foe, time, crossing.point, crossing.from_cell))
                break
    exits.sort(key=lambda e: (e.time, e.threatener))
    return exits


def _near(a: Point, b: Point, squares: float) -> bool:
    return math.dist(a, b) <= squares + _INTERCEPT_REACH


def interceptions(
    state: State,
    actor: str,
    path: TimedPath,
    scale: int,
    walls: WallIndex | None,
    exclude: Collection[str] = (),
) -> list[Interception]:
    """The unengaged enemies nearby both the mover's start and his destination, with the
    earliest point of `path` each can reach in time moving at his own move (times `scale`,
    the turn's compression of a move into its share of the slot)."""
    start, end = path.polyline.start, path.polyline.end
    candidates = []
    for them in enemies(state, actor):
        who = them.combatant.id
        if who in exclude or engaged_with(state, who):
            continue
        here = them.position_at(path.start_time)
        squares = move_squares(them.combatant)
        if not (_near(here, start, squares) and _near(here, end, squares)):
            continue
        if footprint_cells(end, state[actor].combatant.squares)[0] in contact_ring(
            them, path.start_time
        ):
            continue  # coming to engage him: not moving past
        pace = Pace(squares * FEET_PER_SQUARE * scale, FEET_PER_SQUARE)
        candidates.append(Interceptor(who, here, pace, path.start_time, _INTERCEPT_REACH))
    if not candidates:
        return []
    return InterceptorIndex(candidates, walls).offers(path)


def stop_short(start: Point, point: Point) -> Point:
    """Where an interceptor from `start` stops to be adjacent to `point`: one square short."""
    distance = math.dist(start, point)
    if distance <= _INTERCEPT_REACH:
        return start
    f = (distance - _INTERCEPT_REACH) / distance
    return (start[0] + (point[0] - start[0]) * f, start[1] + (point[1] - start[1]) * f)
