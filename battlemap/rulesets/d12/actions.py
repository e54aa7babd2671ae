"""d12 actions as engine processes: dispatch, charges, attacks, full attacks, spells.

Each `run` begins the action at `start`, emits what happens on the units it spans, and
returns when its duration is over. Another process may end an action early (its actor drops,
or loses his spell); an action notices on waking because it is no longer its actor's current
action, and stops quietly: the event that ended it already says why. Movement lives in
movement.py, readied actions in readiness.py (which set off a readied action through `run`).
"""

from __future__ import annotations

from collections.abc import Collection

from battlemap.core.encounter import AttackProfile, Plan
from battlemap.core.engine import Process, Wait
from battlemap.rulesets.d12 import movement, readiness
from battlemap.rulesets.d12.acting import begin, finish, is_current
from battlemap.rulesets.d12.combat import blow, profile
from battlemap.rulesets.d12.context import Fight
from battlemap.rulesets.d12.tables import (
    ACTION_UNITS,
    MOVEMENT_MULTIPLIER,
    PHASE_ACT,
    PHASE_COMPLETE,
    blow_offsets,
)

#: "the attack happens as soon as the area being charged is reached": a charge gives +2 to hit
#: and -2 to AC until the charger's next action, as in D&D 3e.
CHARGE_ATTACK_BONUS = 2
CHARGE_AC_PENALTY = -2


def run(
    fight: Fight,
    actor: str,
    plan: Plan,
    start: float,
    action_id: str,
    round_plans: Collection[Plan] = (),
) -> Process:
    """Run `plan` as action `action_id` (a stable id: decision keys hang off it). The rolls
    the plan fixes belong to this action; any it did not use are reported at its end."""
    fight.fixed.give(action_id, plan.rolls)
    kind = plan.action
    if kind == "charge":
        yield from _charge(fight, actor, plan, start, action_id)
    elif kind == "ready":
        yield from readiness.ready(fight, actor, plan, start, action_id, run)
    elif kind == "follow":
        yield from movement.follow(fight, actor, plan, start, action_id)
    elif kind in MOVEMENT_MULTIPLIER:
        yield from movement.move(fight, actor, plan, start, action_id, round_plans)
    elif kind == "attack":
        yield from _attack(fight, actor, plan, start, action_id)
    elif kind == "full_attack":
        yield from _full_attack(fight, actor, plan, start, action_id)
    elif kind == "cast":
        yield from _cast(fight, actor, plan, start, action_id)
    else:
        yield from _plain(fight, actor, plan, start, action_id)
    for purpose, values in fight.fixed.close(action_id):
        # A roll made at the table that the fight never needed is said, not lost.
        fight.engine.emit("fixed_roll_unused", actor, id=action_id, purpose=purpose, rolls=values)


# --- charges ------------------------------------------------------------------------------------


def _charge(fight: Fight, actor: str, plan: Plan, start: float, action_id: str) -> Process:
    assert plan.target is not None
    path, destination = movement.timed_path(fight, actor, plan, start)
    attack = profile(fight.state, actor, plan.attack)
    begin(
        fight,
        actor,
        plan,
        start,
        action_id,
        target=plan.target,
        attack=attack.name,
        **movement.path_fields(path, destination),
    )
    reached = yield from movement.travel(fight, actor, action_id, path, plan.target)
    if reached is None:
        result = "target not reached"
    else:
        fight.engine.emit(
            "ac_modifier",
            actor,
            amount=CHARGE_AC_PENALTY,
            until=start + ACTION_UNITS[plan.action],
            reason="charging",
        )
        yield from blow(
            fight,
            actor,
            plan.target,
            attack,
            extra=CHARGE_ATTACK_BONUS,
            key=f"{action_id}/blow1",
            fixed_from=action_id,
        )
        result = "done"
    yield from finish(fight, actor, action_id, plan, start, result)


# --- attacks ------------------------------------------------------------------------------------


def _attack(fight: Fight, actor: str, plan: Plan, start: float, action_id: str) -> Process:
    """ "A character who attacks deals the blow on the first time unit of his action"."""
    assert plan.target is not None
    attack = profile(fight.state, actor, plan.attack)
    begin(fight, actor, plan, start, action_id, target=plan.target, attack=attack.name)
    yield from blow(
        fight, actor, plan.target, attack, key=f"{action_id}/blow1", fixed_from=action_id
    )
    yield from finish(fight, actor, action_id, plan, start, "done")


def _full_attack(fight: Fight, actor: str, plan: Plan, start: float, action_id: str) -> Process:
    """Blows fall on the units of the full-attack table's row for attacks_per_round."""
    assert plan.target is not None
    state = fight.state
    me = state[actor].combatant
    profiles = _full_attack_profiles(fight, actor, plan)
    offsets = blow_offsets(me.attacks_per_round)
    begin(
        fight,
        actor,
        plan,
        start,
        action_id,
        target=plan.target,
        blows=[start + offset for offset in offsets],
    )
    for number, (offset, attack) in enumerate(zip(offsets, profiles, strict=True), 1):
        if offset > 0:
            yield Wait(start + offset, PHASE_ACT, fight.ranks[actor])
        if not is_current(state, actor, action_id):
            return
        if state[plan.target].down:
            fight.engine.emit("blow_skipped", actor, target=plan.target, reason="target is down")
            break
        yield from blow(
            fight,
            actor,
            plan.target,
            attack,
            key=f"{action_id}/blow{number}",
            fixed_from=action_id,
        )
    yield from finish(fight, actor, action_id, plan, start, "done")


def _full_attack_profiles(fight: Fight, actor: str, plan: Plan) -> list[AttackProfile]:
    me = fight.state[actor].combatant
    # One listed attack per blow (claw, claw, bite; or +6/+1 iteratives) when the list
    # matches the number of attacks; otherwise every blow uses the chosen attack.
    if plan.attack is None and len(me.attacks) == me.attacks_per_round:
        return list(me.attacks)
    return [profile(fight.state, actor, plan.attack)] * me.attacks_per_round


# --- spells and plain actions -------------------------------------------------------------------


def _cast(fight: Fight, actor: str, plan: Plan, start: float, action_id: str) -> Process:
    """ "The spell finally goes off at the beginning of the following time unit"."""
    assert plan.spell is not None
    spell = {"name": plan.spell.name, "level": plan.spell.level}
    begin(fight, actor, plan, start, action_id, spell=spell, target=plan.target)
    yield Wait(start + ACTION_UNITS[plan.action], PHASE_COMPLETE, fight.ranks[actor])
    if not is_current(fight.state, actor, action_id):
        return
    fight.engine.emit(
        "spell_effect",
        actor,
        spell=plan.spell.name,
        level=plan.spell.level,
        target=plan.target,
    )
    fight.engine.emit("action_end", actor, id=action_id, action=plan.action, result="done")


def _plain(fight: Fight, actor: str, plan: Plan, start: float, action_id: str) -> Process:
    begin(fight, actor, plan, start, action_id)
    yield from finish(fight, actor, action_id, plan, start, "done")
