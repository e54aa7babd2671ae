"""What the Combat Experience rules refuse in an encounter, each with its place and why."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.core.encounter import Encounter, Plan
from battlemap.core.errors import EncounterError
from battlemap.geometry.path import Polyline
from battlemap.rulesets.combat_experience.actions import MOVE_MULTIPLE
from battlemap.rulesets.combat_experience.difficulty import Situation
from battlemap.rulesets.combat_experience.fight import TRIGGERS

#: The actions a plan may name: movements, an attack, and the initiative choices.
ACTIONS = (*MOVE_MULTIPLE, "attack", "skip", "drop", "wait")
#: Movements that fill the turn: nothing else besides them.
_WHOLE_TURN = frozenset({"double_move", "run"})
#: What a wait may have ready.
_READYABLE = ("move", "attack")
#: Plan fields only a wait takes, and only an attack.
_WAIT_ONLY = ("interrupt", "abort", "checks", "opposed_checks")
_ATTACK_ONLY = ("stuns",)
_SITUATIONS = tuple(s.value for s in Situation)


def validate_encounter(encounter: Encounter, source: str) -> None:
    """Raise EncounterError for the first thing the Combat Experience rules cannot run."""
    for index, combatant in enumerate(encounter.combatants):
        where = f"{source}, combatants[{index}]"
        value = combatant.stats.get("situation")
        if value is None:
            value = encounter.sides.get(combatant.side, {}).get("situation")
        if value is None:
            raise EncounterError(
                f"{where}.situation",
                f"{combatant.name} has no situation: give one on the combatant or on the side "
                f"{combatant.side!r} ({', '.join(_SITUATIONS)})",
            )
        if value not in _SITUATIONS:
            raise EncounterError(
                f"{where}.situation",
                f"{value!r} is not a situation ({', '.join(_SITUATIONS)})",
            )
    rounds: dict[tuple[str, int], list[int]] = {}
    for index, plan in enumerate(encounter.plans):
        _check_plan(encounter, plan, f"{source}, plans[{index}]", readied=False)
        rounds.setdefault((plan.actor, plan.round), []).append(index)
    for indexes in rounds.values():
        _check_turn(encounter, [encounter.plans[i] for i in indexes], indexes, source)


def _check_turn(
    encounter: Encounter, plans: Sequence[Plan], indexes: Sequence[int], source: str
) -> None:
    """One combatant's plans for one round: what a turn may hold, in what order."""
    name = encounter.combatant(plans[0].actor).name
    round_number = plans[0].round
    moves = attacks = 0
    for position, (plan, index) in enumerate(zip(plans, indexes, strict=True)):
        where = f"{source}, plans[{index}]"
        action = plan.action
        if action == "skip" and len(plans) > 1:
            raise EncounterError(
                where, f"a skip is the whole turn: {name} has other plans in round {round_number}"
            )
        if action == "drop" and position != 0:
            raise EncounterError(where, "a drop must be the combatant's first plan of the round")
        if action == "wait":
            if position > 1 or (position == 1 and plans[0].action != "drop"):
                raise EncounterError(
                    where, "a wait must be the combatant's first plan of the round (after a drop)"
                )
            later = len(plans) - position - 1
            if later and not plan.extra.get("abort"):
                raise EncounterError(
                    where,
                    "plans after a wait are what he does on aborting with two degrees "
                    "(acting normally later): they need the wait's abort",
                )
            return  # what follows a wait is a turn of its own, checked from there
        if action in MOVE_MULTIPLE:
            moves += 1
        if action == "attack":
            attacks += 1
        if moves > 1 or attacks > 1 or (moves + attacks > 1 and _fills_turn(plans)):
            raise EncounterError(
                where,
                f"{name}'s turn in round {round_number} holds a move and an attack, or one "
                "double move or run",
            )


def _fills_turn(plans: Sequence[Plan]) -> bool:
    return any(p.action in _WHOLE_TURN for p in plans)


def _check_plan(encounter: Encounter, plan: Plan, where: str, *, readied: bool) -> None:
    action = plan.action
    if action not in ACTIONS:
        shown = action if len(action) <= 40 else action[:37] + "..."
        raise EncounterError(
            f"{where}.action",
            f"unknown action {shown!r} (Combat Experience actions: {', '.join(ACTIONS)})",
        )
    if plan.round < 1:
        raise EncounterError(
            f"{where}.round", f"Combat Experience has no surprise rounds: round {plan.round}"
        )
    if plan.spell is not None:
        raise EncounterError(f"{where}.spell", "Combat Experience casts no spells; remove it")
    if action == "drop":
        if plan.count is None or plan.count < 1:
            raise EncounterError(
                f"{where}.count", "a drop needs the initiative to drop to, 1 or more"
            )
    elif plan.count is not None:
        raise EncounterError(f"{where}.count", f"only a drop takes a count, not {_a(action)}")
    if action == "wait":
        _check_wait(encounter, plan, where)
    elif plan.readied is not None or plan.trigger is not None:
        raise EncounterError(
            where, f"only a wait has a readied action and a trigger, not {_a(action)}"
        )
    for key in _WAIT_ONLY:
        if key in plan.extra and action != "wait":
            raise EncounterError(f"{where}.{key}", f"only a wait takes {key}, not {_a(action)}")
    for key in _ATTACK_ONLY:
        if key in plan.extra and action != "attack":
            raise EncounterError(f"{where}.{key}", f"only an attack stuns, not {_a(action)}")
    if action in MOVE_MULTIPLE:
        if not plan.path:
            raise EncounterError(
                f"{where}.path",
                f"{_a(action)} needs a path of one waypoint or more",
            )
        if action == "run" and not Polyline.through(plan.path).is_straight():
            raise EncounterError(f"{where}.path", "a run must follow one straight line")
    elif plan.path:
        raise EncounterError(f"{where}.path", f"{_a(action)} does not move; remove the path")
    if action == "attack":
        if plan.target is None and not readied:
            raise EncounterError(f"{where}.target", "an attack needs a target")
        actor = encounter.combatant(plan.actor)
        if not actor.attacks:
            raise EncounterError(f"{where}.action", f"{actor.name} has no attacks to attack with")
        if plan.attack is not None and actor.attack_named(plan.attack) is None:
            raise EncounterError(f"{where}.attack", f"{actor.name} has no attack {plan.attack!r}")
    elif plan.target is not None and action != "wait":
        raise EncounterError(f"{where}.target", f"{_a(action)} has no target; remove it")
    for purpose, values in plan.rolls.items():
        if purpose not in ("attack", "damage") or action != "attack":
            raise EncounterError(
                f"{where}.rolls.{purpose}", f"{_a(action)} makes no {purpose} roll"
            )
        if len(values) > 1:
            raise EncounterError(
                f"{where}.rolls.{purpose}",
                f"an attack makes one {purpose} roll, {len(values)} given",
            )


def _check_wait(encounter: Encounter, plan: Plan, where: str) -> None:
    """ "Character must specify the exact action he takes when the trigger condition comes
    up": a trigger that can happen and a move or an attack."""
    if plan.trigger is None:
        raise EncounterError(f"{where}.trigger", "a wait needs its trigger")
    if plan.readied is None:
        raise EncounterError(
            f"{where}.readied", "a wait needs the exact action he takes when the trigger comes"
        )
    trigger = plan.trigger
    if trigger.event not in TRIGGERS:
        raise EncounterError(
            f"{where}.trigger.event",
            f"unknown trigger {trigger.event!r} (Combat Experience triggers: "
            f"{', '.join(TRIGGERS)})",
        )
    if trigger.actor == plan.actor:
        raise EncounterError(f"{where}.trigger.actor", "a combatant cannot wait for himself")
    if trigger.count is not None or trigger.area:
        raise EncounterError(
            f"{where}.trigger", "a Combat Experience trigger is an action: no count, no area"
        )
    if plan.readied.action not in _READYABLE:
        raise EncounterError(
            f"{where}.readied.action",
            f"a readied action is a move or an attack, not {plan.readied.action!r}",
        )
    _check_plan(encounter, plan.readied, f"{where}.readied", readied=True)


def _a(action: str) -> str:
    """ "an attack", "a double move": an action with its article, for messages."""
    words = action.replace("_", " ")
    return f"an {words}" if words[0] in "aeiou" else f"a {words}"
