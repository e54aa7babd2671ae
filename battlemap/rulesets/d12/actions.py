"""d12 actions as engine processes: movement, charges, attacks, full attacks, spells.

Each `run` begins the action at `start`, emits what happens on the units it spans, and
returns when its duration is over. Another process may end an action early (its actor drops,
or loses his spell); an action notices on waking because it is no longer its actor's current
action, and stops quietly: the event that ended it already says why.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from battlemap.core.encounter import AttackProfile, Plan, Point
from battlemap.core.engine import Process, Wait
from battlemap.geometry.contact import first_contact, within_reach
from battlemap.geometry.path import TimedPath
from battlemap.rulesets.d12.combat import Combat
from battlemap.rulesets.d12.tables import (
    ACTION_UNITS,
    MOVEMENT_MULTIPLIER,
    PHASE_ACT,
    PHASE_COMPLETE,
    PHASE_MOVE,
    blow_offsets,
)

if TYPE_CHECKING:
    from battlemap.rulesets.d12.fight import D12Fight

#: "the attack happens as soon as the area being charged is reached": a charge gives +2 to hit
#: and -2 to AC until the charger's next action, as in D&D 3e.
CHARGE_ATTACK_BONUS = 2
CHARGE_AC_PENALTY = -2


class ActionRunner:
    """Runs plans as processes on the fight's engine."""

    def __init__(self, fight: D12Fight) -> None:
        self.fight = fight
        self.engine = fight.engine
        self.state = fight.engine.state
        self.combat = Combat(fight)

    def run(self, actor: str, plan: Plan, start: float) -> Process:
        kind = plan.action
        if kind in ("move", "double_move", "run"):
            yield from self._move(actor, plan, start)
        elif kind == "charge":
            yield from self._charge(actor, plan, start)
        elif kind == "attack":
            yield from self._attack(actor, plan, start)
        elif kind == "full_attack":
            yield from self._full_attack(actor, plan, start)
        elif kind == "cast":
            yield from self._cast(actor, plan, start)
        else:
            yield from self._plain(actor, plan, start)

    # --- shared -----------------------------------------------------------------------------

    def _begin(self, actor: str, plan: Plan, start: float, **fields: Any) -> str:
        action_id = self.engine.new_id("a")
        self.engine.emit(
            "action_start",
            actor,
            id=action_id,
            action=plan.action,
            ends=start + ACTION_UNITS[plan.action],
            **fields,
        )
        return action_id

    def _current(self, actor: str, action_id: str) -> bool:
        action = self.state[actor].action
        return action is not None and action.id == action_id

    def _finish(self, actor: str, action_id: str, plan: Plan, start: float, result: str) -> Process:
        yield Wait(start + ACTION_UNITS[plan.action], PHASE_COMPLETE, self.fight.rank[actor])
        if self._current(actor, action_id):
            self.engine.emit("action_end", actor, id=action_id, action=plan.action, result=result)

    def _timed_path(self, actor: str, plan: Plan, start: float) -> tuple[TimedPath, Point]:
        """The path the token will follow, cut where time runs out, and where it was headed."""
        me = self.state[actor]
        waypoints = list(plan.path)
        if not waypoints and plan.target is not None:
            waypoints = [self.state[plan.target].position_at(start)]
        if plan.action == "run":
            # "Running in a straight line": from wherever the runner stands now, straight for
            # the last waypoint (validation checked the bends it could see).
            waypoints = waypoints[-1:]
        feet = me.combatant.speed * MOVEMENT_MULTIPLIER[plan.action]
        here = me.position_at(start)
        path = TimedPath.for_duration([here, *waypoints], start, feet, ACTION_UNITS[plan.action])
        return path, (waypoints[-1] if waypoints else here)

    def _path_fields(self, path: TimedPath, destination: Point) -> dict[str, Any]:
        knots = path.knots()
        return {
            "path": [[x, y] for _, x, y in knots],
            "arrivals": [t for t, _, _ in knots],
            "rate": path.rate,
            "destination": list(destination),
            # "A path longer than the action allows stops where the time runs out": say so.
            "cut": path.polyline.end != destination,
        }

    # --- movement ---------------------------------------------------------------------------

    def _move(self, actor: str, plan: Plan, start: float) -> Process:
        path, destination = self._timed_path(actor, plan, start)
        action_id = self._begin(actor, plan, start, **self._path_fields(path, destination))
        yield from self._travel(actor, action_id, path, None)
        yield from self._finish(actor, action_id, plan, start, "done")

    def _charge(self, actor: str, plan: Plan, start: float) -> Process:
        assert plan.target is not None
        path, destination = self._timed_path(actor, plan, start)
        profile = self.combat.profile(actor, plan.attack)
        action_id = self._begin(
            actor,
            plan,
            start,
            target=plan.target,
            attack=profile.name,
            **self._path_fields(path, destination),
        )
        reached = yield from self._travel(actor, action_id, path, plan.target)
        if reached is None:
            result = "target not reached"
        else:
            self.engine.emit(
                "ac_modifier",
                actor,
                amount=CHARGE_AC_PENALTY,
                until=start + ACTION_UNITS[plan.action],
                reason="charging",
            )
            yield from self.combat.blow(actor, plan.target, profile, extra=CHARGE_ATTACK_BONUS)
            result = "done"
        yield from self._finish(actor, action_id, plan, start, result)

    def _travel(self, actor: str, action_id: str, path: TimedPath, target: str | None) -> Any:
        """Move along `path`, a position event on each unit boundary and where the token stops.

        With a `target` (a charge), stop the moment it comes within reach and return that time;
        the contact is recomputed on every unit boundary, because the target may start or stop
        moving there. Returns None when the target was not reached.
        """
        rank = self.fight.rank[actor]
        me = self.state[actor]
        now = path.start_time
        arrival = path.end_time
        end = now + (ACTION_UNITS["charge"] if target is not None else 0)
        moving = arrival > now
        x, y = path.position_at(now)
        self.engine.emit("position", actor, x=x, y=y, stopped=not moving)
        for _ in range(10_000):  # a bound, never reached: each pass advances time or returns
            contact = self._contact(actor, path, target, now, end) if target else None
            if contact is not None and contact <= now:
                return self._stop_for_contact(actor, path, now, moving)
            candidates: list[tuple[float, int]] = []
            if moving:
                boundary = math.floor(now) + 1.0
                candidates.append((boundary, 0) if boundary < arrival else (arrival, 1))
            elif target is not None and math.floor(now) + 1.0 < end:
                candidates.append((math.floor(now) + 1.0, 0))
            if contact is not None:
                candidates.append((contact, 2))
            if not candidates:
                return None
            when, what = min(candidates)
            phase = PHASE_ACT if what == 2 else PHASE_MOVE
            yield Wait(when, phase, rank)
            if not self._current(actor, action_id) or me.down:
                return None
            now = when
            if what == 0 and moving:
                x, y = path.position_at(now)
                self.engine.emit("position", actor, x=x, y=y, stopped=False)
            elif what == 1:
                x, y = path.position_at(now)
                self.engine.emit("position", actor, x=x, y=y, stopped=True)
                moving = False
        raise AssertionError("movement did not finish")

    def _stop_for_contact(self, actor: str, path: TimedPath, now: float, moving: bool) -> float:
        if moving:
            x, y = path.position_at(now)
            self.engine.emit("position", actor, x=x, y=y, stopped=True)
        return now

    def _contact(
        self, actor: str, path: TimedPath, target: str | None, now: float, end: float
    ) -> float | None:
        if target is None:
            return None
        me, them = self.state[actor], self.state[target]
        if them.down:
            return None
        mine = [(now, *path.position_at(now)), *(k for k in path.knots() if k[0] > now)]
        theirs = them.knots if them.knots is not None else [(now, *them.position)]
        return first_contact(
            mine,
            me.combatant.squares,
            theirs,
            them.combatant.squares,
            me.combatant.reach,
            now,
            end,
        )

    # --- attacks ----------------------------------------------------------------------------

    def _attack(self, actor: str, plan: Plan, start: float) -> Process:
        """ "A character who attacks deals the blow on the first time unit of his action"."""
        assert plan.target is not None
        profile = self.combat.profile(actor, plan.attack)
        action_id = self._begin(actor, plan, start, target=plan.target, attack=profile.name)
        yield from self.combat.blow(actor, plan.target, profile)
        yield from self._finish(actor, action_id, plan, start, "done")

    def _full_attack(self, actor: str, plan: Plan, start: float) -> Process:
        """Blows fall on the units of the full-attack table's row for attacks_per_round."""
        assert plan.target is not None
        me = self.state[actor].combatant
        profiles = self._full_attack_profiles(actor, plan)
        offsets = blow_offsets(me.attacks_per_round)
        action_id = self._begin(
            actor,
            plan,
            start,
            target=plan.target,
            blows=[start + offset for offset in offsets],
        )
        for offset, profile in zip(offsets, profiles, strict=True):
            if offset > 0:
                yield Wait(start + offset, PHASE_ACT, self.fight.rank[actor])
            if not self._current(actor, action_id):
                return
            if self.state[plan.target].down:
                self.engine.emit("blow_skipped", actor, target=plan.target, reason="target is down")
                break
            yield from self.combat.blow(actor, plan.target, profile)
        yield from self._finish(actor, action_id, plan, start, "done")

    def _full_attack_profiles(self, actor: str, plan: Plan) -> list[AttackProfile]:
        me = self.state[actor].combatant
        # One listed attack per blow (claw, claw, bite; or +6/+1 iteratives) when the list
        # matches the number of attacks; otherwise every blow uses the chosen attack.
        if plan.attack is None and len(me.attacks) == me.attacks_per_round:
            return list(me.attacks)
        return [self.combat.profile(actor, plan.attack)] * me.attacks_per_round

    # --- spells and plain actions -----------------------------------------------------------

    def _cast(self, actor: str, plan: Plan, start: float) -> Process:
        """ "The spell finally goes off at the beginning of the following time unit"."""
        assert plan.spell is not None
        spell = {"name": plan.spell.name, "level": plan.spell.level}
        action_id = self._begin(actor, plan, start, spell=spell, target=plan.target)
        yield Wait(start + ACTION_UNITS[plan.action], PHASE_COMPLETE, self.fight.rank[actor])
        if not self._current(actor, action_id):
            return
        self.engine.emit(
            "spell_effect",
            actor,
            spell=plan.spell.name,
            level=plan.spell.level,
            target=plan.target,
        )
        self.engine.emit("action_end", actor, id=action_id, action=plan.action, result="done")

    def _plain(self, actor: str, plan: Plan, start: float) -> Process:
        action_id = self._begin(actor, plan, start)
        yield from self._finish(actor, action_id, plan, start, "done")


__all__ = ["ActionRunner", "within_reach"]
