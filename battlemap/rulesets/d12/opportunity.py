"""Attacks of opportunity and intercepts: the moments path geometry finds along a move.

The d12 text exists so that "interrupting someone's movement (e.g., tripping him as he runs
past)" is actually done. With continuous movement each such moment is a point on the mover's
path, hence an exact time: geometry/ finds them, this module applies the 3e rules around them
(who may act, how often) and asks the game master through the engine's decisions.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from battlemap.core.decisions import ChoiceRequest
from battlemap.core.encounter import AttackProfile, Point
from battlemap.core.engine import Command, NeedChoice, Process
from battlemap.geometry.contact import within_reach
from battlemap.geometry.intercept import Interception, earliest_interception
from battlemap.geometry.path import TimedPath
from battlemap.geometry.provocation import Exit, first_exits
from battlemap.geometry.threat import Threatener, ThreatIndex, threatened_cells
from battlemap.geometry.walls import wall_index
from battlemap.rulesets.d12.tables import MOVEMENT_MULTIPLIER

if TYPE_CHECKING:
    from battlemap.core.state import ActionInProgress, CombatantState
    from battlemap.rulesets.d12.combat import Combat
    from battlemap.rulesets.d12.fight import D12Fight

#: How far beyond a mover's remaining path an enemy can stand and still matter: its reach
#: (up to 15 ft) plus a huge footprint. Enemies farther away are not even indexed.
_NEAR = 5.0


class Opportunities:
    """The attacks of opportunity and intercepts of one fight, with their per-round budgets."""

    def __init__(self, fight: D12Fight, combat: Combat) -> None:
        self.fight = fight
        self.engine = fight.engine
        self.state = fight.engine.state
        self.combat = combat
        walls = fight.encounter.map.walls
        self.walls = wall_index(walls)
        self._used: dict[tuple[str, int], int] = {}
        self._provoked: set[tuple[str, str]] = set()
        self._offered: set[tuple[str, str]] = set()
        self.engaged: set[frozenset[str]] = set()
        self._placed_at = float("nan")
        self._placed_cache: tuple[list[float], list[tuple[str, CombatantState, Point]]] = ([], [])
        self._indexes: dict[tuple[Threatener, ...], ThreatIndex] = {}
        self._fastest = max((c.speed / 30 for c in fight.encounter.combatants), default=0.0)
        # How far from a path an enemy can stand and still threaten it: its reach (in squares)
        # plus half the largest footprint, for the widest reach in the fight.
        self._widest = (
            max((c.reach / 5 + c.squares for c in fight.encounter.combatants), default=0.0) + 1.0
        )

    # --- attacks of opportunity -------------------------------------------------------------

    def allowance(self, attacker: str) -> int:
        """Attacks of opportunity a round: 1, or 1 + Dex modifier with Combat Reflexes."""
        combatant = self.state[attacker].combatant
        return 1 + max(0, combatant.dex_modifier) if combatant.combat_reflexes else 1

    def next_provocation(
        self, mover: str, action_id: str, rest: TimedPath, spare_first_from: frozenset[str]
    ) -> Exit | None:
        """The first moment, along the rest of the move, that the mover leaves a square an
        enemy threatens and that enemy may still strike."""
        now = self.engine.now
        round_number = self.engine.clock.round_of(now)
        threateners = self._enemies_near(
            mover, rest, eligible=lambda cid: self._may_strike(cid, action_id, round_number)
        )
        if not threateners:
            return None
        exits = first_exits(
            rest, self._threat_index(threateners), spare_first_cell_from=spare_first_from
        )
        return exits[0] if exits else None

    def provoke(self, mover: str, action_id: str, exit_: Exit) -> Process:
        """Offer the attack of opportunity at `exit_` and resolve it if taken."""
        attacker = exit_.threatener
        them = self.state[attacker]
        round_number = self.engine.clock.round_of(self.engine.now)
        if them.down or self._used.get((attacker, round_number), 0) >= self.allowance(attacker):
            return
        # The square was threatened from where the attacker stood when the move was checked;
        # if he has moved since (both may be moving), it must still be his square now.
        c = them.combatant
        here = Threatener(
            attacker, them.position_at(self.engine.now), c.squares, c.reach, c.reach_weapon
        )
        if exit_.cell not in threatened_cells(here, self.walls):
            return
        self._provoked.add((attacker, action_id))
        self._used[(attacker, round_number)] = self._used.get((attacker, round_number), 0) + 1
        label = self.engine.clock.count_label(self.engine.now)  # type: ignore[attr-defined]
        taken = yield NeedChoice(
            ChoiceRequest(
                "aoo",
                attacker,
                mover,
                exit_.point[0],
                exit_.point[1],
                self.engine.now,
                f"{them.combatant.name} may attack {self.state[mover].combatant.name} "
                f"(leaves threatened square at {label})",
                f"{action_id}/aoo/{attacker}",
            )
        )
        if taken:
            yield from self.combat.blow(
                attacker,
                mover,
                _melee(them.combatant.attacks),
                key=f"{action_id}/aoo/{attacker}",
                reach_known=True,
            )

    # --- intercepts ---------------------------------------------------------------------------

    def next_interception(self, mover: str, action_id: str, rest: TimedPath) -> Interception | None:
        """The earliest point of the rest of the move that a free enemy can reach in time."""
        best: Interception | None = None
        now = self.engine.now
        # Farther than the fastest can come before the mover is gone: no intercept possible.
        remaining = rest.duration_of(rest.polyline.length)
        for enemy in self._enemies_near(
            mover,
            rest,
            eligible=lambda cid: self._may_intercept(cid, action_id, mover),
            margin=self._fastest * remaining + 2.0,
        ):
            me = self.state[enemy.id].combatant
            found = earliest_interception(
                rest,
                enemy.id,
                enemy.center,
                me.speed,
                now,
                reach_squares=1.0,
                walls=self.walls,
            )
            if found is not None and (best is None or found.time < best.time):
                best = found
        return best

    def intercept(
        self, mover: str, action_id: str, found: Interception
    ) -> Generator[Command, Any, bool]:
        """Offer the intercept; True comes back when it was accepted."""
        self._offered.add((found.interceptor, action_id))
        them = self.state[found.interceptor].combatant
        label = self.engine.clock.label(found.time)
        taken = yield NeedChoice(
            ChoiceRequest(
                "intercept",
                found.interceptor,
                mover,
                found.point[0],
                found.point[1],
                found.time,
                f"{them.name} can intercept {self.state[mover].combatant.name} at "
                f"({found.point[0]:.1f}, {found.point[1]:.1f}), {label}",
                f"{action_id}/intercept/{found.interceptor}",
            )
        )
        if taken:
            self.engaged.add(frozenset((found.interceptor, mover)))
        return bool(taken)

    # --- internals ---------------------------------------------------------------------------

    def _enemies_near(
        self,
        mover: str,
        rest: TimedPath,
        eligible: Callable[[str], bool],
        margin: float | None = None,
    ) -> list[Threatener]:
        """Standing enemies of the mover within `margin` squares (default: the widest reach in
        the fight) of the rest of his path that pass `eligible`: positions first, rules after."""
        xs, placed = self._placed()
        side = self.state[mover].combatant.side
        # Bounds from the points: building a shapely line just to ask would cost more.
        xs_path = [x for x, _ in rest.polyline.points]
        ys_path = [y for _, y in rest.polyline.points]
        minx, maxx, miny, maxy = min(xs_path), max(xs_path), min(ys_path), max(ys_path)
        m = self._widest if margin is None else margin
        out = []
        for index in range(bisect_left(xs, minx - m), bisect_right(xs, maxx + m)):
            cid, them, (x, y) = placed[index]
            c = them.combatant
            if cid == mover or them.down or c.side == side:
                continue
            if miny - m <= y <= maxy + m and eligible(cid):
                out.append(Threatener(cid, (x, y), c.squares, c.reach, c.reach_weapon))
        return out

    def _placed(self) -> tuple[list[float], list[tuple[str, CombatantState, Point]]]:
        """Everyone's position at this instant, sorted by x. Events at one instant start or
        stop motion from the very point a token is at, so positions at `now` never change
        within it: computed once per instant, however many movers ask."""
        now = self.engine.now
        if self._placed_at != now:
            placed = sorted(
                ((cid, them, them.position_at(now)) for cid, them in self.state.combatants.items()),
                key=lambda entry: entry[2][0],
            )
            self._placed_cache = ([entry[2][0] for entry in placed], placed)
            self._placed_at = now
        return self._placed_cache

    def _threat_index(self, threateners: list[Threatener]) -> ThreatIndex:
        """The index for these threateners; in a melee the same few sets recur all round."""
        key = tuple(threateners)
        index = self._indexes.get(key)
        if index is None:
            if len(self._indexes) > 512:
                self._indexes.clear()
            index = self._indexes[key] = ThreatIndex(threateners, self.walls)
        return index

    def _may_strike(self, cid: str, action_id: str, round_number: int) -> bool:
        them = self.state[cid]
        return (
            them.acted  # flat-footed combatants make none
            and bool(them.combatant.attacks)
            and self._used.get((cid, round_number), 0) < self.allowance(cid)
            and (cid, action_id) not in self._provoked
        )

    def _may_intercept(self, cid: str, action_id: str, mover: str) -> bool:
        """Free: acted, not in the middle of a non-movement action, not engaged; and not in a
        chase with the mover either way (a chase is its own interception: the quarry is not
        offered to cut off the pursuer coming at it, nor the pursuer its quarry)."""
        them = self.state[cid]
        if not them.acted or (cid, action_id) in self._offered:
            return False
        if _chasing(them.action, mover) or _chasing(self.state[mover].action, cid):
            return False
        if them.action is not None and them.action.action not in MOVEMENT_MULTIPLIER:
            return False
        planned, until = self.fight.slot.get(cid, ("", float("-inf")))
        if until > self.engine.now and planned not in MOVEMENT_MULTIPLIER:
            return False  # his slot is spent on something else, even if it ended early
        if any(cid in pair for pair in self.engaged):
            return False
        return not self._next_to_an_enemy(cid)

    def _next_to_an_enemy(self, cid: str) -> bool:
        """Standing next to (within 5 ft of) a conscious enemy: engaged."""
        xs, placed = self._placed()
        them = self.state[cid]
        (x, y) = them.position_at(self.engine.now)
        near = them.combatant.squares / 2 + 2.0  # up to a huge neighbour's half-width
        for index in range(bisect_left(xs, x - near), bisect_right(xs, x + near)):
            _other_id, other, there = placed[index]
            if other.down or other.combatant.side == them.combatant.side:
                continue
            if within_reach((x, y), them.combatant.squares, there, other.combatant.squares, 5):
                return True
        return False


def _chasing(action: ActionInProgress | None, quarry: str) -> bool:
    return action is not None and action.action == "follow" and action.target == quarry


def _melee(attacks: tuple[AttackProfile, ...]) -> AttackProfile:
    """The attack used for an attack of opportunity: the first melee attack listed."""
    return next((a for a in attacks if a.range is None), attacks[0])
