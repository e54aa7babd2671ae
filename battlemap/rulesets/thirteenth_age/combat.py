"""Attacks and damage on the engine: the roll against AC, PD or MD, crits, miss damage,
staggered, dropping, dying and death at minus half.

"roll a d20 + an ability bonus + your level ... If the total is equal to or higher than the
defense, you hit" (attacks.py decides; the escalation die is added for PCs). Damage is rolled
once and multiplied on a crit. A PC at 0 hp or below is down and dying (death saves at the
start of his turns, fight.py); at minus half his maximum he is dead. A monster at 0 is slain.

Every function works on the engine it is given and returns a process; none keeps state.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from battlemap.core.decisions import RollRequest
from battlemap.core.encounter import AttackProfile, Plan
from battlemap.core.engine import Engine, NeedRoll
from battlemap.geometry.contact import within_reach
from battlemap.rulesets.thirteenth_age.attacks import crit_threshold, damage_dealt, resolve_attack
from battlemap.rulesets.thirteenth_age.conditions_in_play import effects_on, grabber_bonus
from battlemap.rulesets.thirteenth_age.engagement import contact_changes
from battlemap.rulesets.thirteenth_age.escalation import EscalationDie, attack_bonus
from battlemap.rulesets.thirteenth_age.fields import attack_vs, defense, is_pc, miss_damage, whole
from battlemap.rulesets.thirteenth_age.hit_points import (
    MAX_HIT_POINTS,
    Health,
    dead_by_damage,
    staggered,
)
from battlemap.rulesets.thirteenth_age.reducers import escalation_of, has

Steps = Generator[Any, Any, Any]


def health_of(engine: Engine, who: str) -> Health:
    c = engine.state[who]
    top = c.combatant.hit_points_max
    return Health(max(-MAX_HIT_POINTS, min(c.hp, top)), top)


def in_range(engine: Engine, attacker: str, target: str, profile: AttackProfile) -> bool:
    me, them = engine.state[attacker], engine.state[target]
    now = engine.now
    reach = profile.range if profile.range is not None else me.combatant.reach
    return within_reach(
        me.position_at(now), me.combatant.squares, them.position_at(now), them.combatant.squares,
        reach,
    )  # fmt: skip


def attack(
    engine: Engine,
    attacker: str,
    target: str,
    profile: AttackProfile,
    key: str,
    plan: Plan | None = None,
    *,
    opportunity: bool = False,
) -> Steps:
    """One attack roll and its damage; `plan` gives typed rolls, `vs`, `miss` and `ongoing`
    (None: an opportunity attack, the attacker's basic melee attack). An `opportunity` attack
    is not checked for reach: it strikes as the mover leaves contact, the moment it is
    offered at."""
    me, them = engine.state[attacker], engine.state[target]
    if them.down:
        engine.emit("blow_skipped", attacker, target=target, reason="target is down")
        return
    if not opportunity and not in_range(engine, attacker, target, profile):
        engine.emit(
            "blow_skipped", attacker, target=target, attack=profile.name, reason="out of reach"
        )
        return
    rolls = plan.rolls if plan is not None else {}
    fixed = rolls.get("attack", ())
    roll = yield NeedRoll(
        RollRequest(
            attacker,
            "attack",
            "1d20",
            f"{me.combatant.name} attacks {them.combatant.name} ({profile.name})",
            f"{key}/attack",
        ),
        fixed[0] if fixed else None,
    )
    natural = roll.total
    pc = is_pc(me.combatant)
    mine, theirs = effects_on(me), effects_on(them)
    # "Fear dazes you and prevents you from using the escalation die."
    escalation = attack_bonus(
        EscalationDie(escalation_of(engine.state)), pc=pc, afraid=mine.no_escalation_die
    )
    vs = attack_vs(me.combatant, plan)
    # Weakened, helpless, stunned: -4 to his defences (the worst one, never summed).
    target_defense = defense(them.combatant, vs) + theirs.defense_penalty
    # Dazed, fear, weakened: -4 to attacks; "The creature grabbing you gets a +4 attack bonus".
    modifier = mine.attack_penalty + grabber_bonus(attacker, them)
    crit_from = crit_threshold(vulnerable=theirs.crit_expansion_against > 0)
    outcome = resolve_attack(
        natural,
        profile.bonus,
        target_defense,
        escalation=escalation,
        modifier=modifier,
        crit_from=crit_from,
    )
    rolled = 0
    detail = ""
    miss = miss_damage(me.combatant, plan)
    if outcome.hit:
        fixed_damage = rolls.get("damage", ())
        damage_roll = yield NeedRoll(
            RollRequest(
                attacker,
                "damage",
                profile.damage,
                f"{me.combatant.name}'s {profile.name} damage to {them.combatant.name}",
                f"{key}/damage",
            ),
            fixed_damage[0] if fixed_damage else None,
        )
        rolled, detail = damage_roll.total, damage_roll.detail
    damage = damage_dealt(outcome, rolled, miss_damage=miss)
    engine.emit(
        "attack",
        attacker,
        target=target,
        attack=profile.name,
        natural=natural,
        bonus=profile.bonus,
        escalation=escalation,
        modifier=modifier,
        total=outcome.total,
        vs=vs,
        defense=target_defense,
        hit=outcome.hit,
        crit=outcome.crit,
        fumble=outcome.fumble,
        rolled=rolled,
        damage_roll=detail,
        damage=damage,
    )
    if damage > 0:
        take_damage(engine, target, damage, attacker)
    ongoing = whole(plan.extra, "ongoing") if plan is not None else 0
    if outcome.hit and ongoing > 0 and not engine.state[target].down:
        engine.emit(
            "condition", target, condition="ongoing", on=True, amount=ongoing, source=attacker
        )
    inflicted = plan.extra.get("condition") if plan is not None else None
    if (
        plan is not None
        and outcome.hit
        and isinstance(inflicted, str)
        and not engine.state[target].down
    ):
        put_condition(engine, target, inflicted, attacker, plan)


def put_condition(engine: Engine, target: str, condition: str, source: str, plan: Plan) -> None:
    """ "You can only be affected by the same condition once at a time": one he has already
    is left as it is. A grab engages the grabber (he is in contact: grabs are melee)."""
    if has(engine.state[target], condition):
        engine.emit("condition_ignored", target, condition=condition, source=source)
        return
    lasts = plan.extra.get("lasts")
    engine.emit(
        "condition",
        target,
        condition=condition,
        on=True,
        source=source,
        lasts=lasts if isinstance(lasts, str) else "save",
    )


def take_damage(engine: Engine, target: str, amount: int, source: str) -> None:
    """`amount` off the target's hit points, and what follows: staggered, down, dying, dead."""
    them = engine.state[target]
    before = health_of(engine, target)
    hp = them.hp - amount
    engine.emit("damage", target, source=source, amount=amount, hp=hp)
    after = health_of(engine, target)
    if staggered(after) and not staggered(before):
        set_staggered(engine, target, True)
    elif staggered(before) and not staggered(after) and hp > 0:
        set_staggered(engine, target, False)  # (healed above half: not by damage; kept whole)
    if hp > 0:
        return
    if before.hp > 0:
        engine.emit("down", target, hp=hp)
        if has(them, "ongoing"):
            engine.emit("condition", target, condition="ongoing", on=False, reason="down")
        if is_pc(them.combatant):
            engine.emit("condition", target, condition="dying", on=True)
        update_engagement(engine, target)
    if is_pc(them.combatant) and dead_by_damage(after) and not has(them, "dead"):
        engine.emit("condition", target, condition="dead", on=True, reason="minus half")


def set_staggered(engine: Engine, who: str, on: bool) -> None:
    engine.emit("condition", who, condition="staggered", on=on)
    engine.emit("status", who, status="staggered", on=on)


def update_engagement(engine: Engine, who: str) -> None:
    """`engaged` events for each engagement of `who` that began or ended as things stand."""
    for other, on in contact_changes(engine.state, who, engine.now):
        engine.emit("engaged", who, target=other, on=on)
