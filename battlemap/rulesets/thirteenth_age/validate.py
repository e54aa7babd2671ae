"""What the 13th Age rules refuse in an encounter, each with its place and why."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.core.encounter import Encounter, Plan
from battlemap.core.errors import EncounterError
from battlemap.rulesets.thirteenth_age.fields import ABILITY_ORDER, wholes

#: The actions a plan may name: a move action (a move, a disengage), a standard (an attack).
ACTIONS = ("move", "disengage", "attack")
_MOVES = ("move", "disengage")
#: Plan fields only an attack takes, and only a disengage.
_ATTACK_ONLY = ("vs", "miss", "ongoing")
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
    for plan, index in zip(plans, indexes, strict=True):
        moves += plan.action in _MOVES
        attacks += plan.action == "attack"
        if attacks > 1 or moves > 2 or moves + attacks > 2:
            name = encounter.combatant(plan.actor).name
            raise EncounterError(
                f"{source}, plans[{index}]",
                f"{name}'s turn in round {plan.round} holds more than a standard and a move "
                "action (an attack and a move, or two moves)",
            )


def _check_plan(encounter: Encounter, plan: Plan, where: str) -> None:
    action = plan.action
    if action not in ACTIONS:
        shown = action if len(action) <= 40 else action[:37] + "..."
        raise EncounterError(
            f"{where}.action", f"unknown action {shown!r} (13th Age actions: {', '.join(ACTIONS)})"
        )
    if plan.round < 1:
        raise EncounterError(f"{where}.round", f"13th Age rounds start at 1, not {plan.round}")
    for key, value in (
        ("spell", plan.spell),
        ("count", plan.count),
        ("readied", plan.readied),
        ("trigger", plan.trigger),
    ):
        if value is not None:
            raise EncounterError(f"{where}.{key}", f"13th Age plans take no {key}; remove it")
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
    elif plan.target is not None:
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
