"""What the 13th Age rules refuse in an encounter, each with its place and why."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.core.encounter import Encounter, Plan
from battlemap.core.errors import EncounterError
from battlemap.rulesets.thirteenth_age.fields import ABILITY_ORDER, wholes
from battlemap.rulesets.thirteenth_age.held_actions import READIABLE_ACTIONS, TRIGGER_EVENTS

#: The actions a plan may name: a move action (a move, a disengage), a standard (an attack).
ACTIONS = ("move", "disengage", "attack")
#: Delay (a `count` below his initiative, first in his turn) and ready (a standard action
#: holding `readied`, an attack or a move, until `trigger` acts): played by fight.py.
HELD = ("delay", "ready")
_MOVES = ("move", "disengage")
#: Plan fields only an attack takes, and only a disengage.
_ATTACK_ONLY = ("vs", "miss", "ongoing", "condition", "lasts")
_DISENGAGE_ONLY = ("check",)


def validate_encounter(encounter: Encounter, source: str) -> None:
    """Raise EncounterError for the first thing the 13th Age rules cannot run."""
    for index, combatant in enumerate(encounter.combatants):
        scores = wholes(combatant.stats, "abilities")
        if "abilities" in combatant.stats and len(scores) != len(ABILITY_ORDER):
            raise EncounterError(
                f"{source}, combatants[{index}].abilities",
                f"{combatant.name} needs six ability scores ({', '.join(ABILITY_ORDER)}), "
                f"{len(scores)} given",
            )
    turns: dict[tuple[str, int], list[int]] = {}
    for index, plan in enumerate(encounter.plans):
        _check_plan(encounter, plan, f"{source}, plans[{index}]")
        turns.setdefault((plan.actor, plan.round), []).append(index)
    for indexes in turns.values():
        _check_turn(encounter, [encounter.plans[i] for i in indexes], indexes, source)


def _check_turn(
    encounter: Encounter, plans: Sequence[Plan], indexes: Sequence[int], source: str
) -> None:
    """ "a standard action, a move action, and a quick action"; a standard can be traded for
    a move: one attack and one move, or two moves."""
    moves = attacks = 0
    for place, (plan, index) in enumerate(zip(plans, indexes, strict=True)):
        if plan.action == "delay" and place > 0:
            raise EncounterError(
                f"{source}, plans[{index}]",
                "a delay comes first in a turn: 'you take no action' before it",
            )
        moves += plan.action in _MOVES
        # "Readying is a standard action."
        attacks += plan.action in ("attack", "ready")
        if attacks > 1 or moves > 2 or moves + attacks > 2:
            name = encounter.combatant(plan.actor).name
            raise EncounterError(
                f"{source}, plans[{index}]",
                f"{name}'s turn in round {plan.round} holds more than a standard and a move "
                "action (an attack and a move, or two moves)",
            )


def _check_plan(encounter: Encounter, plan: Plan, where: str) -> None:
    action = plan.action
    if action not in ACTIONS + HELD:
        shown = action if len(action) <= 40 else action[:37] + "..."
        known = ", ".join(ACTIONS + HELD)
        raise EncounterError(
            f"{where}.action", f"unknown action {shown!r} (13th Age actions: {known})"
        )
    if plan.round < 1:
        raise EncounterError(f"{where}.round", f"13th Age rounds start at 1, not {plan.round}")
    if plan.spell is not None:
        raise EncounterError(f"{where}.spell", "13th Age plans take no spell; remove it")
    for key, value, owner in (
        ("count", plan.count, "delay"),
        ("readied", plan.readied, "ready"),
        ("trigger", plan.trigger, "ready"),
    ):
        if value is not None and action != owner:
            raise EncounterError(f"{where}.{key}", f"only a {owner} takes {key}, not a {action}")
        if value is None and action == owner:
            raise EncounterError(f"{where}.{key}", f"a {action} needs a {key}")
    if action == "ready":
        _check_ready(encounter, plan, where)
    if action in _MOVES and not plan.path:
        raise EncounterError(f"{where}.path", f"a {action} needs a path of one waypoint or more")
    if action not in _MOVES and plan.path:
        raise EncounterError(f"{where}.path", "an attack does not move; remove the path")
    if action == "attack":
        actor = encounter.combatant(plan.actor)
        if plan.target is None:
            raise EncounterError(f"{where}.target", "an attack needs a target")
        if not actor.attacks:
            raise EncounterError(f"{where}.action", f"{actor.name} has no attacks to attack with")
        if actor.attack_named(plan.attack) is None:
            raise EncounterError(f"{where}.attack", f"{actor.name} has no attack {plan.attack!r}")
    elif plan.target is not None and action not in HELD:
        raise EncounterError(f"{where}.target", f"a {action} has no target; remove it")
    for key in _ATTACK_ONLY:
        if key in plan.extra and action != "attack":
            raise EncounterError(f"{where}.{key}", f"only an attack takes {key}, not a {action}")
    for key in _DISENGAGE_ONLY:
        if key in plan.extra and action != "disengage":
            raise EncounterError(f"{where}.{key}", f"only a disengage takes {key}, not a {action}")
    for purpose, values in plan.rolls.items():
        if purpose not in ("attack", "damage") or action != "attack":
            raise EncounterError(f"{where}.rolls.{purpose}", f"a {action} makes no {purpose} roll")
        if len(values) > 1:
            raise EncounterError(
                f"{where}.rolls.{purpose}",
                f"an attack makes one {purpose} roll, {len(values)} given",
            )


def _check_ready(encounter: Encounter, plan: Plan, where: str) -> None:
    """ "You can ready a standard action, a move action, or a free action": an attack or a
    move, set off by a named combatant acting."""
    assert plan.readied is not None and plan.trigger is not None
    trigger = plan.trigger
    if trigger.event not in TRIGGER_EVENTS or trigger.actor is None:
        raise EncounterError(
            f"{where}.trigger",
            f"a 13th Age ready waits for a combatant to act: "
            f'{{"event": "{TRIGGER_EVENTS[0]}", "actor": <id>}}',
        )
    if trigger.actor == plan.actor:
        raise EncounterError(f"{where}.trigger.actor", "a ready cannot wait for his own action")
    if plan.readied.action not in READIABLE_ACTIONS:
        raise EncounterError(
            f"{where}.readied.action",
            f"a ready holds an attack or a move, not a {plan.readied.action}",
        )
    _check_plan(encounter, plan.readied, f"{where}.readied")
