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
from battlemap.rulesets.d12.clock import UNITS_PER_ROUND
from battlemap.rulesets.d12.combat import blow, cast_defensively, profile
from battlemap.rulesets.d12.context import Fight
from battlemap.rulesets.d12.opportunity import provoke_at_start
from battlemap.rulesets.d12.reducers import initiative_count, prone
from battlemap.rulesets.d12.tables import (
    MOVEMENT_MULTIPLIER,
    PHASE_ACT,
    PHASE_COMPLETE,
    blow_offsets,
    units_of,
)

#: "the attack happens as soon as the area being charged is reached": a charge gives +2 to hit
#: and -2 to AC until the charger's next turn, as in D&D 3e.
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
    if prone(fight.state[actor]) and (kind in MOVEMENT_MULTIPLIER or kind == "five_foot_step"):
        # 3e: a prone character stands up (a move-equivalent action) before he can move.
        fight.engine.emit(
            "plan_skipped",
            actor,
            action=kind,
            plan_round=plan.round,
            reason="prone: standing up is a move-equivalent action",
        )
    elif kind == "charge":
        yield from _charge(fight, actor, plan, start, action_id)
    elif kind == "ready":
        yield from readiness.ready(fight, actor, plan, start, action_id, run)
    elif kind == "follow":
        yield from movement.follow(fight, actor, plan, start, action_id)
    elif kind == "five_foot_step":
        movement.take_five_foot_step(fight, actor, plan, start, action_id)
    elif kind == "move_equivalent":
        yield from _move_equivalent(fight, actor, plan, start, action_id)
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
    units = units_of(plan.action, plan.round)
    refused = movement.charge_refusal(fight, actor, plan.target, path, start + units)
    if refused is not None:
        fight.engine.emit(
            "plan_skipped", actor, action=plan.action, plan_round=plan.round, reason=refused
        )
        return
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
    reached = yield from movement.travel(
        fight, actor, action_id, path, plan.target, until=start + units
    )
    if reached is None:
        result = "target not reached"
    else:
        fight.engine.emit(
            "ac_modifier",
            actor,
            amount=CHARGE_AC_PENALTY,
            until=_next_turn(fight, actor),
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


def _next_turn(fight: Fight, actor: str) -> float:
    """The next time his initiative count comes, after now (3e: until his next turn)."""
    clock, now = fight.clock, fight.now
    count = initiative_count(fight.state[actor])
    assert count is not None  # the fight rolled initiative before anyone acts
    turn = clock.time_of(clock.round_of(now), count)
    while turn <= now:
        turn += UNITS_PER_ROUND
    return turn


# --- attacks ------------------------------------------------------------------------------------


def _attack(fight: Fight, actor: str, plan: Plan, start: float, action_id: str) -> Process:
    """ "A character who attacks deals the blow on the first time unit of his action"."""
    assert plan.target is not None
    attack = profile(fight.state, actor, plan.attack)
    begin(fight, actor, plan, start, action_id, target=plan.target, attack=attack.name)
    if attack.range is not None:
        # 3e: shooting provokes from those who threaten him, as the attack begins.
        yield from provoke_at_start(fight, actor, action_id, "shoots")
        if not is_current(fight.state, actor, action_id):
            return
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
    if profiles[0].range is not None:
        yield from provoke_at_start(fight, actor, action_id, "shoots")
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
    if plan.extra.get("defensively"):
        yield from cast_defensively(fight, actor, action_id, plan.spell.level)
    else:
        # 3e: casting provokes from those who threaten him, as the casting begins; a blow
        # then calls for Concentration, as any damage during the casting does.
        yield from provoke_at_start(fight, actor, action_id, "begins casting")
    if not is_current(fight.state, actor, action_id):
        return
    yield Wait(start + units_of(plan.action, plan.round), PHASE_COMPLETE, fight.ranks[actor])
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


def _move_equivalent(fight: Fight, actor: str, plan: Plan, start: float, action_id: str) -> Process:
    """Six units that count as the round's move action: "obtaining an item from a backpack",
    drawing a weapon, standing up. Prone, it stands him up, which provokes (3e) as it begins;
    he is up (like the item in hand) at the end of the six units."""
    begin(fight, actor, plan, start, action_id)
    standing_up = prone(fight.state[actor])
    if standing_up:
        yield from provoke_at_start(fight, actor, action_id, "stands up")
    yield Wait(start + units_of(plan.action, plan.round), PHASE_COMPLETE, fight.ranks[actor])
    if not is_current(fight.state, actor, action_id):
        return
    if standing_up:
        fight.engine.emit("stand_up", actor)
    fight.engine.emit("action_end", actor, id=action_id, action=plan.action, result="done")


def _plain(fight: Fight, actor: str, plan: Plan, start: float, action_id: str) -> Process:
    begin(fight, actor, plan, start, action_id)
    yield from finish(fight, actor, action_id, plan, start, "done")
