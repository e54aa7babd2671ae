"""What a planned path would run into, before it is committed: the live planning preview.

For the path being drawn, where it would leave a square an enemy threatens (an attack of
opportunity) and where a free enemy could intercept it, each with who and when. The fight
decides for real when it is played; this is the game master's look ahead, so it assumes every
enemy stands where it is now and may act.
"""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.core.encounter import Point
from battlemap.core.preview import PreviewPoint
from battlemap.core.state import State
from battlemap.geometry.intercept import earliest_interception
from battlemap.geometry.path import TimedPath
from battlemap.geometry.provocation import first_exits, five_foot_step
from battlemap.geometry.threat import Threatener, ThreatIndex
from battlemap.geometry.walls import WallIndex


class _LastIndex:
    """The threat index of the last preview, reused while the enemies stand where they stood.

    The preview runs on every mouse move while a path is drawn; the enemies do not move then,
    and building their STRtree costs ten times the query (benchmarks/provocations.py).
    """

    def __init__(self) -> None:
        self._key: tuple[tuple[Threatener, ...], WallIndex | None] | None = None
        self._index: ThreatIndex | None = None

    def index(self, threateners: tuple[Threatener, ...], walls: WallIndex | None) -> ThreatIndex:
        key = (threateners, walls)
        if self._index is None or self._key is None or not _same(self._key, key):
            self._key, self._index = key, ThreatIndex(threateners, walls)
        return self._index


def _same(
    a: tuple[tuple[Threatener, ...], WallIndex | None],
    b: tuple[tuple[Threatener, ...], WallIndex | None],
) -> bool:
    # Walls by identity: the wall index is built once per set of walls (geometry.walls).
    return a[1] is b[1] and a[0] == b[0]


_INDEXES = _LastIndex()


def preview(
    state: State,
    actor: str,
    points: Sequence[Point],
    start_time: float,
    feet: int,
    duration: float,
    walls: WallIndex | None = None,
) -> list[PreviewPoint]:
    """The provocations and intercepts along `points` (the mover's position first), in time
    order."""
    if len(points) < 2 or feet <= 0:
        return []
    path = TimedPath.for_duration(list(points), start_time, feet, duration)
    me = state[actor].combatant
    enemies = [
        (cid, c)
        for cid, c in state.combatants.items()
        if cid != actor and not c.down and c.combatant.side != me.side
    ]
    found: list[PreviewPoint] = []
    if not five_foot_step(path.polyline):
        threateners = [
            Threatener(
                cid,
                c.position_at(start_time),
                c.combatant.squares,
                c.combatant.reach,
                c.combatant.reach_weapon,
            )
            for cid, c in enemies
            if c.combatant.attacks
        ]
        if threateners:
            for exit_ in first_exits(path, _INDEXES.index(tuple(threateners), walls)):
                found.append(PreviewPoint("aoo", exit_.threatener, exit_.time, exit_.point))
    for cid, c in enemies:
        meet = earliest_interception(
            path,
            cid,
            c.position_at(start_time),
            c.combatant.speed,
            start_time,
            reach_squares=1.0,
            walls=walls,
        )
        if meet is not None and meet.time > start_time:
            found.append(PreviewPoint("intercept", cid, meet.time, meet.point))
    return sorted(found, key=lambda p: (p.time, p.kind, p.who))
