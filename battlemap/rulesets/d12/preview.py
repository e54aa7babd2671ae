"""What a planned path would run into, before it is committed: the live planning preview.

For the path being drawn, where it would leave a square an enemy threatens (an attack of
opportunity) and where a free enemy could intercept it, each with who and when. The fight
decides for real when it is played; this is the game master's look ahead, so it assumes every
enemy stands where it is now and may act.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from battlemap.core.encounter import Point
from battlemap.core.preview import PreviewPoint
from battlemap.core.state import State
from battlemap.geometry.intercept import Interceptor, InterceptorIndex
from battlemap.geometry.path import TimedPath
from battlemap.geometry.provocation import first_exits, five_foot_step
from battlemap.geometry.threat import Threatener, ThreatIndex
from battlemap.geometry.walls import WallIndex
from battlemap.rulesets.d12.clock import d12_pace

Value = TypeVar("Value")
Index = TypeVar("Index")


class _Kept(Generic[Value, Index]):
    """One index kept for the values (and walls, by identity) it was built from."""

    def __init__(self, build: Callable[[tuple[Value, ...], WallIndex | None], Index]) -> None:
        self._build = build
        self._last: tuple[tuple[Value, ...], WallIndex | None, Index] | None = None

    def get(self, values: tuple[Value, ...], walls: WallIndex | None) -> Index:
        last = self._last
        if last is None or last[1] is not walls or last[0] != values:
            last = self._last = (values, walls, self._build(values, walls))
        return last[2]


class _LastIndex:
    """The enemies' indexes of the last preview, reused while they stand where they stood.

    The preview runs on every mouse move while a path is drawn; the enemies do not move then,
    and building their STRtrees costs more than the queries, ten times more with walls
    (benchmarks/provocations.py, part c). Walls are compared by identity: the wall index is
    built once per set of walls (geometry.walls).
    """

    def __init__(self) -> None:
        self.threats: _Kept[Threatener, ThreatIndex] = _Kept(ThreatIndex)
        self.interceptors: _Kept[Interceptor, InterceptorIndex] = _Kept(InterceptorIndex)


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
    path = TimedPath.for_duration(list(points), start_time, d12_pace(feet), duration)
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
            for exit_ in first_exits(path, _INDEXES.threats.get(tuple(threateners), walls)):
                found.append(PreviewPoint("aoo", exit_.threatener, exit_.time, exit_.point))
    interceptors = tuple(
        Interceptor(cid, c.position_at(start_time), d12_pace(c.combatant.speed), start_time, 1.0)
        for cid, c in enemies
    )
    for meet in _INDEXES.interceptors.get(interceptors, walls).offers(path):
        if meet.time > start_time:
            found.append(PreviewPoint("intercept", meet.interceptor, meet.time, meet.point))
    return sorted(found, key=lambda p: (p.time, p.kind, p.who))
