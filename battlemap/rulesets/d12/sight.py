"""Who stands where at this instant, and threat indexes: caches that keep the checks cheap.

Pure memoisation of geometry over the state, never rules memory: positions at one instant never
change within it (events at an instant start or stop motion from the very point a token is at),
and a melee asks for the same few sets of threateners all round.
"""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.core.encounter import Encounter, Point
from battlemap.core.events import Event
from battlemap.core.state import CombatantState, State
from battlemap.geometry.threat import Threatener, ThreatIndex
from battlemap.geometry.walls import WallIndex
from battlemap.rulesets.d12.clock import PACE_PER

Placed = tuple[list[float], list[tuple[str, CombatantState, Point]]]

#: Whether intercepts are sought among the enemies `Sight.freedom` remembers as free (True), or
#: by asking the rules about every enemy near the path for every mover, as before (False: kept
#: for benchmarks/simulate_melee.py, and for tests/rulesets/d12/test_free_to_intercept.py,
#: which checks the logs are the same).
REMEMBER_FREE = True

#: Events that change nothing a combatant's freedom to intercept reads (whether he has acted,
#: his action and its slot, engagement, who is down). Positions are read from `placed`, fixed
#: for the instant.
_KEEP_FREE = frozenset({"position", "course", "roll", "attack", "damage", "round_start", "aoo"})
#: Events that change the freedom of their actor only.
_ACTOR_ONLY = frozenset({"action_start", "action_end", "spell_lost", "delay", "ac_modifier"})


class Sight:
    """One fight's position and threat caches, and the widest distances that matter in it."""

    def __init__(self, encounter: Encounter, walls: WallIndex | None) -> None:
        self._walls = walls
        self._placed_at = float("nan")
        self._placed: Placed = ([], [])
        self._indexes: dict[tuple[Threatener, ...], ThreatIndex] = {}
        self._free: dict[str, bool] = {}
        self._free_at = float("nan")
        self._free_seen = 0
        #: The fastest combatant's squares a unit.
        self.fastest = max((c.speed / PACE_PER for c in encounter.combatants), default=0.0)
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

    def freedom(self, now: float, events: Sequence[Event]) -> dict[str, bool]:
        """Who is free to intercept at `now`, as far as known: the rules' answers (the caller
        fills in the missing ones), kept until the instant ends and forgotten for whoever an
        event logged since (`events`: the log so far) may have changed.

        Two hundred movers checking the same enemies at one unit boundary asked the rules
        about every pair: most of the engine's time with many movers."""
        if self._free_at != now:
            self._free.clear()
            self._free_at = now
        elif self._free_seen != len(events):
            for e in events[self._free_seen :]:
                if e.type in _KEEP_FREE:
                    continue
                if e.type in _ACTOR_ONLY:
                    self._free.pop(e.actor or "", None)
                elif e.type == "intercept":
                    self._free.pop(e.actor or "", None)
                    self._free.pop(str(e.get("target")), None)
                else:  # a drop frees his neighbours; anything unknown, forget all
                    self._free.clear()
        self._free_seen = len(events)
        return self._free
