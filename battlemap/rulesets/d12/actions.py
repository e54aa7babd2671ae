"""d12 actions as engine processes: dispatch, charges, attacks, full attacks, spells.

Each `run` begins the action at `start`, emits what happens on the units it spans, and
returns when its duration is over. Another process may end an action early (its actor drops,
or loses his spell); an action notices on waking because it is no longer its actor's current
action, and stops quietly: the event that ended it already says why. Movement lives in
movement.py.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from battlemap.core.encounter import AttackProfile, Plan, Point
from battlemap.core.engine import Process, Wait
from battlemap.geometry.path import Polyline, TimedPath
from battlemap.rulesets.d12.combat import Combat
from battlemap.rulesets.d12.movement import Movement
from battlemap.rulesets.d12.opportunity import Opportunities
from battlemap.rulesets.d12.readiness import Readiness
from battlemap.rulesets.d12.tables import (
    ACTION_UNITS,
    MOVEMENT_MULTIPLIER,
    PHASE_ACT,
    PHASE_COMPLETE,
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
        self.opportunities = Opportunities(fight, self.combat)
        self.movement = Movement(self)
        self.readiness = Readiness(self)

    def run(
        self,
        actor: str,
        plan: Plan,
        start: float,
        action_id: str,
        round_plans: Collection[Plan] = (),
    ) -> Process:
        """Run `plan` as action `action_id` (a stable id: decision keys hang off it). The rolls
        the plan fixes belong to this action; any it did not use are reported at its end."""
        fixed = self.fight.fixed_rolls[action_id] = {
            purpose: deque(values) for purpose, values in plan.rolls.items()
        }
        kind = plan.action
        if kind == "charge":
            yield from self._charge(actor, plan, start, action_id)
        elif kind == "ready":
            yield from self.readiness.ready(actor, plan, start, action_id)
        elif kind == "follow":
            yield from self.movement.follow(actor, plan, start, action_id)
        elif kind in MOVEMENT_MULTIPLIER:
            yield from self.movement.move(actor, plan, start, action_id, round_plans)
        elif kind == "attack":
            yield from self._attack(actor, plan, start, action_id)
        elif kind == "full_attack":
            yield from self._full_attack(actor, plan, start, action_id)
        elif kind == "cast":
            yield from self._cast(actor, plan, start, action_id)
        else:
            yield from self._plain(actor, plan, start, action_id)
        del self.fight.fixed_rolls[action_id]
        for purpose, values in fixed.items():
            if values:
                # A roll made at the table that the fight never needed is said, not lost.
                self.engine.emit(
                    "fixed_roll_unused", actor, id=action_id, purpose=purpose, rolls=list(values)
                )

    # --- shared -----------------------------------------------------------------------------

    def begin(self, actor: str, plan: Plan, start: float, action_id: str, **fields: Any) -> str:
        self.engine.emit(
            "action_start",
            actor,
            id=action_id,
            action=plan.action,
            ends=start + ACTION_UNITS[plan.action],
            **fields,
        )
        return action_id

    def is_current(self, actor: str, action_id: str) -> bool:
        action = self.state[actor].action
        return action is not None and action.id == action_id

    def finish(self, actor: str, action_id: str, plan: Plan, start: float, result: str) -> Process:
        yield Wait(start + ACTION_UNITS[plan.action], PHASE_COMPLETE, self.fight.rank[actor])
        if self.is_current(actor, action_id):
            self.engine.emit("action_end", actor, id=action_id, action=plan.action, result=result)

    def set_off(
        self, interceptor: str, mover: str, mover_action: str, point: Point, meet: float
    ) -> None:
        """An accepted intercept: the interceptor drops what it was doing (a move) and heads
        straight for the meeting point, arriving at `meet`."""
        them = self.state[interceptor]
        now = self.engine.now
        if them.action is not None:
            self.engine.emit(
                "action_end",
                interceptor,
                id=them.action.id,
                action=them.action.action,
                result="intercepting",
            )
        here = them.position_at(now)
        # It meets the mover within one square of the point (the intercept's reach), so it
        # heads for the spot one square short of the point on its line.
        distance = math.hypot(point[0] - here[0], point[1] - here[1])
        short = max(0.0, distance - 1.0) / distance if distance > 0 else 0.0
        stop = (here[0] + (point[0] - here[0]) * short, here[1] + (point[1] - here[1]) * short)
        path = TimedPath(Polyline.through([here, stop]), now, them.combatant.speed)
        action_id = f"{interceptor}.intercepts.{mover_action}"
        knots = path.knots()
        self.engine.emit(
            "action_start",
            interceptor,
            id=action_id,
            action="intercept",
            ends=max(meet, path.end_time),
            target=mover,
            path=[[x, y] for _, x, y in knots],
            arrivals=[t for t, _, _ in knots],
            rate=path.rate,
        )
        self.engine.spawn(
            self._intercept_run(interceptor, action_id, path, max(meet, path.end_time)),
            now,
            phase=PHASE_ACT,
            rank=self.fight.rank[interceptor],
        )

    def _intercept_run(self, actor: str, action_id: str, path: TimedPath, ends: float) -> Process:
        yield from self.movement.travel(actor, action_id, path, None, provokes=False)
        yield Wait(ends, PHASE_COMPLETE, self.fight.rank[actor])
        if self.is_current(actor, action_id):
            self.engine.emit("action_end", actor, id=action_id, action="intercept", result="done")

    # --- charges ------------------------------------------------------------------------------

    def _charge(self, actor: str, plan: Plan, start: float, action_id: str) -> Process:
        assert plan.target is not None
        path, destination = self.movement.timed_path(actor, plan, start)
        profile = self.combat.profile(actor, plan.attack)
        self.begin(
            actor,
            plan,
            start,
            action_id,
            target=plan.target,
            attack=profile.name,
            **self.movement.path_fields(path, destination),
        )
        reached = yield from self.movement.travel(actor, action_id, path, plan.target)
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
            yield from self.combat.blow(
                actor,
                plan.target,
                profile,
                extra=CHARGE_ATTACK_BONUS,
                key=f"{action_id}/blow1",
                fixed_from=action_id,
            )
            result = "done"
        yield from self.finish(actor, action_id, plan, start, result)

    # --- attacks ----------------------------------------------------------------------------

    def _attack(self, actor: str, plan: Plan, start: float, action_id: str) -> Process:
        """ "A character who attacks deals the blow on the first time unit of his action"."""
        assert plan.target is not None
        profile = self.combat.profile(actor, plan.attack)
        self.begin(actor, plan, start, action_id, target=plan.target, attack=profile.name)
        yield from self.combat.blow(
            actor, plan.target, profile, key=f"{action_id}/blow1", fixed_from=action_id
        )
        yield from self.finish(actor, action_id, plan, start, "done")

    def _full_attack(self, actor: str, plan: Plan, start: float, action_id: str) -> Process:
        """Blows fall on the units of the full-attack table's row for attacks_per_round."""
        assert plan.target is not None
        me = self.state[actor].combatant
        profiles = self._full_attack_profiles(actor, plan)
        offsets = blow_offsets(me.attacks_per_round)
        self.begin(
            actor,
            plan,
            start,
            action_id,
            target=plan.target,
            blows=[start + offset for offset in offsets],
        )
        for number, (offset, profile) in enumerate(zip(offsets, profiles, strict=True), 1):
            if offset > 0:
                yield Wait(start + offset, PHASE_ACT, self.fight.rank[actor])
            if not self.is_current(actor, action_id):
                return
            if self.state[plan.target].down:
                self.engine.emit("blow_skipped", actor, target=plan.target, reason="target is down")
                break
            yield from self.combat.blow(
                actor, plan.target, profile, key=f"{action_id}/blow{number}", fixed_from=action_id
            )
        yield from self.finish(actor, action_id, plan, start, "done")

    def _full_attack_profiles(self, actor: str, plan: Plan) -> list[AttackProfile]:
        me = self.state[actor].combatant
        # One listed attack per blow (claw, claw, bite; or +6/+1 iteratives) when the list
        # matches the number of attacks; otherwise every blow uses the chosen attack.
        if plan.attack is None and len(me.attacks) == me.attacks_per_round:
            return list(me.attacks)
        return [self.combat.profile(actor, plan.attack)] * me.attacks_per_round

    # --- spells and plain actions -----------------------------------------------------------

    def _cast(self, actor: str, plan: Plan, start: float, action_id: str) -> Process:
        """ "The spell finally goes off at the beginning of the following time unit"."""
        assert plan.spell is not None
        spell = {"name": plan.spell.name, "level": plan.spell.level}
        self.begin(actor, plan, start, action_id, spell=spell, target=plan.target)
        yield Wait(start + ACTION_UNITS[plan.action], PHASE_COMPLETE, self.fight.rank[actor])
        if not self.is_current(actor, action_id):
            return
        self.engine.emit(
            "spell_effect",
            actor,
            spell=plan.spell.name,
            level=plan.spell.level,
            target=plan.target,
        )
        self.fight.spell_went_off[actor] = self.engine.now
        self.engine.emit("action_end", actor, id=action_id, action=plan.action, result="done")

    def _plain(self, actor: str, plan: Plan, start: float, action_id: str) -> Process:
        self.begin(actor, plan, start, action_id)
        yield from self.finish(actor, action_id, plan, start, "done")
