"""Blows, damage, dropping and Concentration: D&D 3e resolution on the d12 clock."""

from __future__ import annotations

from battlemap.core.decisions import RollRequest
from battlemap.core.encounter import AttackProfile
from battlemap.core.engine import NeedRoll, Process
from battlemap.core.state import State
from battlemap.geometry.contact import footprint_gap, within_reach
from battlemap.rulesets.d12.context import Fight
from battlemap.rulesets.d12.reducers import armor_class, prone, spell_went_off

#: 3e: "If you take damage while trying to cast a spell, you must make a Concentration check
#: (DC 10 + points of damage taken + the level of the spell you're casting)."
CONCENTRATION_BASE_DC = 10
#: 3e: casting defensively takes a Concentration check (DC 15 + spell level).
DEFENSIVE_BASE_DC = 15
#: 3e prone: -4 on melee attack rolls.
PRONE_MELEE_ATTACK = -4
#: Feet to an adjacent square: what a reach weapon cannot strike.
ADJACENT = 5


def profile(state: State, actor: str, name: str | None) -> AttackProfile:
    """The attack `actor`'s plan names (None: his first)."""
    found = state[actor].combatant.attack_named(name)
    if found is None:  # validation refuses such plans; this guards the invariant
        raise AssertionError(f"{actor} has no attack {name!r}")
    return found


def blow(
    fight: Fight,
    actor: str,
    target: str,
    profile: AttackProfile,
    extra: int = 0,
    *,
    key: str,
    fixed_from: str | None = None,
    reach_known: bool = False,
    provoked: bool = False,
) -> Process:
    """One attack roll: d20 + bonus against AC; a natural 20 hits and a natural 1 misses.

    `key`: the blow's decision key ("thorin.r1.1/blow2"), under which its attack and damage
    rolls are keyed. `fixed_from`: the action whose plan's fixed rolls this blow takes
    (None for an attack of opportunity, which never takes a plan's rolls).
    `reach_known`: the rules already established the target is in reach (an attack of
    opportunity is made because the square the target leaves is threatened). `provoked`: an
    attack of opportunity provoked by the action the target begins at this instant."""
    now = fight.engine.now
    me, them = fight.state[actor], fight.state[target]
    if them.down:
        fight.engine.emit("blow_skipped", actor, target=target, reason="target is down")
        return
    here, there = me.position_at(now), them.position_at(now)
    melee = profile.range is None
    if (
        melee
        and me.combatant.reach_weapon
        and within_reach(here, me.combatant.squares, there, them.combatant.squares, ADJACENT)
    ):
        # 3e: a reach weapon cannot be used against an adjacent foe.
        fight.engine.emit(
            "blow_skipped",
            actor,
            target=target,
            attack=profile.name,
            reason="too close for a reach weapon",
        )
        return
    reach = profile.range if profile.range is not None else me.combatant.reach
    if not reach_known and not within_reach(
        here, me.combatant.squares, there, them.combatant.squares, reach
    ):
        gap = footprint_gap(here, me.combatant.squares, there, them.combatant.squares)
        fight.engine.emit(
            "blow_skipped",
            actor,
            target=target,
            attack=profile.name,
            reason="out of reach",
            # Feet as a game master counts them: squares to the target's edge, times 5.
            distance=round((gap + 1) * 5),
        )
        return
    roll = yield NeedRoll(
        RollRequest(
            actor,
            "attack",
            "1d20",
            f"{me.combatant.name} attacks {them.combatant.name} ({profile.name})",
            f"{key}/attack",
        ),
        fight.fixed.take(fixed_from, "attack"),
    )
    # 3e: a prone attacker takes -4 on melee attack rolls.
    bonus = profile.bonus + extra + (PRONE_MELEE_ATTACK if melee and prone(me) else 0)
    total = roll.total + bonus
    ac = armor_class(them, now, ranged=not melee)
    hit = roll.total == 20 or (roll.total != 1 and total >= ac)
    dealt = 0
    damage_detail = ""
    if hit:
        damage_roll = yield NeedRoll(
            RollRequest(
                actor,
                "damage",
                profile.damage,
                f"{me.combatant.name}'s {profile.name} damage to {them.combatant.name}",
                f"{key}/damage",
            ),
            fight.fixed.take(fixed_from, "damage"),
        )
        dealt = max(1, damage_roll.total)  # 3e: a hit always deals at least 1 damage
        damage_detail = damage_roll.detail
    fight.engine.emit(
        "attack",
        actor,
        target=target,
        attack=profile.name,
        roll=roll.total,
        bonus=bonus,
        total=total,
        ac=ac,
        hit=hit,
        damage=dealt,
        damage_roll=damage_detail,
    )
    if hit:
        yield from damage(fight, target, dealt, source=actor, key=key, provoked=provoked)


def damage(
    fight: Fight,
    target: str,
    amount: int,
    source: str | None,
    key: str,
    *,
    provoked: bool = False,
) -> Process:
    """Lower hit points; drop the target at 0 or below; a caster mid-spell must concentrate
    (a check keyed under the damaging blow's `key`)."""
    them = fight.state[target]
    hp = them.hp - amount
    fight.engine.emit("damage", target, source=source, amount=amount, hp=hp)
    if hp <= 0:
        drop(fight, target)
        return
    action = them.action
    now = fight.engine.now
    name = them.combatant.name
    if spell_went_off(them) == now:
        # Simultaneous: say why this blow does not disturb the spell.
        fight.engine.emit(
            "order_note",
            target,
            note=f"{name}'s spell went off at the start of this unit, before the blow: "
            "what completes at an instant comes first, so no Concentration check",
        )
    if action is None or action.spell is None or not action.start <= now < action.end:
        return
    if action.start == now and not provoked:
        fight.engine.emit(
            "order_note",
            target,
            note=f"{name} began casting at this very instant, ahead in initiative order: "
            "the blow lands during the casting",
        )
    dc = CONCENTRATION_BASE_DC + amount + action.spell_level
    roll = yield NeedRoll(
        RollRequest(
            target,
            "concentration",
            "1d20",
            f"{them.combatant.name} keeps casting {action.spell} (Concentration DC {dc})",
            f"{key}/concentration",
        ),
        # The caster's own cast plan may fix his Concentration roll.
        fight.fixed.take(action.id, "concentration"),
    )
    bonus = them.combatant.concentration
    total = roll.total + bonus
    success = total >= dc
    fight.engine.emit(
        "concentration_check",
        target,
        spell=action.spell,
        dc=dc,
        roll=roll.total,
        bonus=bonus,
        total=total,
        success=success,
        damage=amount,
        source=source,
    )
    if not success:
        spell = action.spell
        fight.engine.emit("spell_lost", target, spell=spell)
        fight.engine.emit(
            "action_end", target, id=action.id, action=action.action, result="spell lost"
        )


def drop(fight: Fight, target: str) -> None:
    """At 0 hit points or fewer a combatant is out of the fight: he stops where he is."""
    them = fight.state[target]
    now = fight.engine.now
    fight.engine.emit("down", target, hp=them.hp)
    if them.knots is not None:
        x, y = them.position_at(now)
        fight.engine.emit("position", target, x=x, y=y, stopped=True)
    if them.action is not None:
        fight.engine.emit(
            "action_end", target, id=them.action.id, action=them.action.action, result="down"
        )


def cast_defensively(fight: Fight, caster: str, action_id: str, spell_level: int) -> Process:
    """3e casting defensively: no attack of opportunity, but a Concentration check (DC 15 +
    spell level) when the casting begins; failed, the spell is lost."""
    them = fight.state[caster]
    dc = DEFENSIVE_BASE_DC + spell_level
    roll = yield NeedRoll(
        RollRequest(
            caster,
            "concentration",
            "1d20",
            f"{them.combatant.name} casts defensively (Concentration DC {dc})",
            f"{action_id}/defensively/concentration",
        ),
        fight.fixed.take(action_id, "concentration"),
    )
    bonus = them.combatant.concentration
    total = roll.total + bonus
    success = total >= dc
    action = them.action
    spell = None if action is None else action.spell
    fight.engine.emit(
        "concentration_check",
        caster,
        spell=spell,
        dc=dc,
        roll=roll.total,
        bonus=bonus,
        total=total,
        success=success,
        damage=0,
        source=None,
        defensively=True,
    )
    if not success and action is not None:
        fight.engine.emit("spell_lost", caster, spell=spell)
        fight.engine.emit(
            "action_end", caster, id=action.id, action=action.action, result="spell lost"
        )
