"""Who stands where at this instant, and threat indexes: caches that keep the checks cheap.

Pure memoisation of geometry over the state, never rules memory: positions at one instant never
change within it (events at an instant start or stop motion from the very point a token is at),
and a melee asks for the same few sets of threateners all round.
"""

from __future__ import annotations

from battlemap.core.encounter import Encounter, Point
from battlemap.core.state import CombatantState, State
from battlemap.geometry.threat import Threatener, ThreatIndex
from battlemap.geometry.walls import WallIndex

Placed = tuple[list[float], list[tuple[str, CombatantState, Point]]]


class Sight:
    """One fight's position and threat caches, and the widest distances that matter in it."""

    def __init__(self, encounter: Encounter, walls: WallIndex | None) -> None:
        self._walls = walls
        self._placed_at = float("nan")
        self._placed: Placed = ([], [])
        self._indexes: dict[tuple[Threatener, ...], ThreatIndex] = {}
        #: The fastest combatant's squares a unit.
        self.fastest = max((c.speed / 30 for c in encounter.combatants), default=0.0)
        #: How far from a path an enemy can stand and still threaten it: its reach (in
        #: squares) plus half the largest footprint, for the widest reach in the fight.
        self.widest = (
            max((c.reach / 5 + c.squares for c in encounter.combatants), default=0.0) + 1.0
        )

    def placed(self, state: State, now: float) -> Placed:
        """Everyone's position at `now`, sorted by x: computed once per instant, however many
        movers ask."""
        if self._placed_at != now:
            placed = sorted(
                ((cid, them, them.position_at(now)) for cid, them in state.combatants.items()),
                key=lambda entry: entry[2][0],
            )
            self._placed = ([entry[2][0] for entry in placed], placed)
            self._placed_at = now
        return self._placed

    def threat_index(self, threateners: list[Threatener]) -> ThreatIndex:
        """The index for these threateners."""
        key = tuple(threateners)
        index = self._indexes.get(key)
        if index is None:
            if len(self._indexes) > 512:
                self._indexes.clear()
            index = self._indexes[key] = ThreatIndex(threateners, self._walls)
        return index
