"""Tripping: an attack of opportunity taken as a trip, as D&D 3e resolves it.

The d12 text's first purpose is "Interrupting someone's movement (e.g., tripping him as he runs
past)". 3e's trip: a melee touch attack, then an opposed Strength check (the defender uses his
Dexterity instead if it is higher), each side +4 per size category above Medium and -4 per
category below. A tripped mover falls prone where he is and his movement ends; standing up is
a move-equivalent action that provokes (actions.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from battlemap.core.decisions import RollRequest
from battlemap.core.encounter import AttackProfile, Combatant
from battlemap.core.engine import NeedRoll, Process
from battlemap.rulesets.d12.context import Fight
from battlemap.rulesets.d12.fields import DEFAULT_STRENGTH
from battlemap.rulesets.d12.reducers import PRONE_AC_MELEE, flat_footed, prone

#: 3e trip: +4 for every size category larger than Medium, -4 for every category smaller.
SIZE_TRIP_MODIFIER: Mapping[str, int] = MappingProxyType(
    {"small": -4, "medium": 0, "large": 4, "huge": 8}
)
#: 3e size modifiers to armour class (a touch AC keeps them).
SIZE_AC_MODIFIER: Mapping[str, int] = MappingProxyType(
    {"small": 1, "medium": 0, "large": -1, "huge": -2}
)
TOUCH_AC_BASE = 10


def strength_modifier(c: Combatant) -> int:
    score = c.stats.get("str", DEFAULT_STRENGTH)
    return (int(score) - 10) // 2 if isinstance(score, int) else 0


def touch_ac(fight: Fight, target: str) -> int:
    """3e touch AC: 10 + Dexterity modifier (none above 0 while flat-footed) + size; prone, -4
    against this melee touch."""
    them = fight.state[target]
    c = them.combatant
    dex = c.dex_modifier if not flat_footed(them) else min(0, c.dex_modifier)
    ac = TOUCH_AC_BASE + dex + SIZE_AC_MODIFIER.get(c.size, 0)
    return ac + (PRONE_AC_MELEE if prone(them) else 0)


def trip(fight: Fight, actor: str, target: str, attack: AttackProfile, key: str) -> Process:
    """`actor` tries to trip `target` (keys under `key`, the attack of opportunity's). Touch
    attack with the attack's bonus; a hit leads to the opposed check; success fells him."""
    state, engine = fight.state, fight.engine
    me, them = state[actor].combatant, state[target].combatant
    touch = yield NeedRoll(
        RollRequest(
            actor, "attack", "1d20", f"{me.name} tries to trip {them.name} (touch)", f"{key}/touch"
        )
    )
    ac = touch_ac(fight, target)
    total = touch.total + attack.bonus
    hit = touch.total == 20 or (touch.total != 1 and total >= ac)
    # An attack event, as every attack roll has: the table's rolls for the opportunity end here.
    engine.emit(
        "attack",
        actor,
        target=target,
        attack=f"trip ({attack.name}, touch)",
        roll=touch.total,
        bonus=attack.bonus,
        total=total,
        ac=ac,
        hit=hit,
        damage=0,
        damage_roll="",
    )
    if not hit:
        engine.emit("trip", actor, target=target, success=False, reason="touch attack missed")
        return
    mine = strength_modifier(me) + SIZE_TRIP_MODIFIER.get(me.size, 0)
    # "Dexterity for the defender if higher" (3e).
    theirs = max(strength_modifier(them), them.dex_modifier) + SIZE_TRIP_MODIFIER.get(them.size, 0)
    attacker_roll = yield NeedRoll(
        RollRequest(actor, "trip", "1d20", f"{me.name}'s trip (Strength)", f"{key}/strength")
    )
    defender_roll = yield NeedRoll(
        RollRequest(target, "trip", "1d20", f"{them.name} resists the trip", f"{key}/resist")
    )
    attacker_total = attacker_roll.total + mine
    defender_total = defender_roll.total + theirs
    # 3e opposed check: the higher total wins; a tie goes to the higher modifier, and (the
    # project's choice, instead of a reroll) to the defender when the modifiers tie too.
    success = attacker_total > defender_total or (
        attacker_total == defender_total and mine > theirs
    )
    engine.emit(
        "trip",
        actor,
        target=target,
        success=success,
        roll=attacker_roll.total,
        modifier=mine,
        total=attacker_total,
        resist_roll=defender_roll.total,
        resist_modifier=theirs,
        resist_total=defender_total,
    )
    if success:
        fall(fight, target)


def fall(fight: Fight, target: str) -> None:
    """He falls prone where he is: his movement (his action) ends there."""
    them = fight.state[target]
    now = fight.engine.now
    x, y = them.position_at(now)
    if them.knots is not None:
        fight.engine.emit("position", target, x=x, y=y, stopped=True)
    fight.engine.emit("prone", target, x=x, y=y)
    if them.action is not None:
        fight.engine.emit(
            "action_end", target, id=them.action.id, action=them.action.action, result="tripped"
        )
