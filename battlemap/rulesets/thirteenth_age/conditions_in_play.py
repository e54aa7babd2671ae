"""Conditions on the engine: which a hit puts on, what they change, and how they end.

A plan's `condition` puts one of the text's conditions on the target of a hit (a power's
"the target is dazed (save ends)"); `lasts` says how it ends: `save` (the default, "save
ends": a normal save, 11+, at the end of the target's turn, after ongoing damage) or
`next_turn` (until the end of the target's next turn). "You can only be affected by the same
condition once at a time": a second hit with a condition he has changes nothing. The effects
are read from the state (`conditions.effects_of`: the worst penalty of a kind, never a sum).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battlemap.core.state import CombatantState
from battlemap.rulesets.thirteenth_age.conditions import (
    Condition,
    ConditionEffects,
    Grab,
    effects_of,
    grab_bonus,
)
from battlemap.rulesets.thirteenth_age.fields import CONDITION_WORDS
from battlemap.rulesets.thirteenth_age.reducers import conditions_of


def text_conditions(c: CombatantState) -> dict[Condition, Mapping[str, Any]]:
    """The text's conditions on him now (not the bookkeeping ones: staggered, ongoing, dying,
    dead), with their `condition` events' fields."""
    found: dict[Condition, Mapping[str, Any]] = {}
    for word, fields in conditions_of(c).items():
        if word in CONDITION_WORDS:
            found[Condition(word)] = fields
    return found


def effects_on(c: CombatantState) -> ConditionEffects:
    """What his conditions do to him, combined (the worst of a kind)."""
    return effects_of(text_conditions(c))


def grabber_bonus(attacker: str, target: CombatantState) -> int:
    """+4 when `attacker` is the one grabbing `target` (the grab's `source`)."""
    grabbed = text_conditions(target).get(Condition.GRABBED)
    if grabbed is None:
        return 0
    return grab_bonus(
        attacker, target.combatant.id, (Grab(str(grabbed.get("source")), target.combatant.id),)
    )
