"""What the d12 rules refuse in an encounter, each with the place in the file and why."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

import shapely

from battlemap.core.dice import dice_range
from battlemap.core.encounter import Combatant, Encounter, Plan, Point
from battlemap.core.errors import EncounterError
from battlemap.geometry.contact import within_reach
from battlemap.geometry.path import Polyline
from battlemap.geometry.walls import WallIndex
from battlemap.rulesets.d12.clock import UNITS_PER_ROUND
from battlemap.rulesets.d12.tables import (
    ACTION_UNITS,
    MOVEMENT_MULTIPLIER,
    STANDARD,
    STANDARD_ACTIONS,
    TRIGGERS,
    units_of,
)

_ATTACKING = frozenset({"attack", "full_attack", "charge"})
_PATHED = frozenset({"move", "double_move", "run", "withdraw", "five_foot_step"})
#: Every action that moves the token.
_MOVING = frozenset({*MOVEMENT_MULTIPLIER, "five_foot_step"})


@dataclass(frozen=True)
class _Plans:
    """What checking one plan needs to know about the others, worked out once: a file of
    20,000 plans must not look through all of them for each (that took minutes)."""

    encounter: Encounter
    by_id: Mapping[str, Combatant]
    #: (actor, round) -> the index of that actor's first plan of that round.
    first_of_round: Mapping[tuple[str, int], int]
    #: For each plan, by index: does an earlier plan of the same actor move him?
    moved_before: tuple[bool, ...]
    #: Each actor's first round with a plan that moves him (a readied move included).
    first_move: Mapping[str, int]
    #: (actor, round) -> how many of that actor's plans that round move him.
    movements: Mapping[tuple[str, int], int]

    @classmethod
    def of(cls, encounter: Encounter) -> _Plans:
        first: dict[tuple[str, int], int] = {}
        moved: set[str] = set()
        moved_before = []
        first_move: dict[str, int] = {}
        movements: dict[tuple[str, int], int] = defaultdict(int)
        for index, plan in enumerate(encounter.plans):
            first.setdefault((plan.actor, plan.round), index)
            moved_before.append(plan.actor in moved)
            readied = plan.readied.action if plan.readied is not None else ""
            if plan.action in _MOVING or readied in _MOVING:
                moved.add(plan.actor)
                first_move[plan.actor] = min(first_move.get(plan.actor, plan.round), plan.round)
            if plan.action in _MOVING:
                movements[(plan.actor, plan.round)] += 1
        by_id = {combatant.id: combatant for combatant in encounter.combatants}
        return cls(encounter, by_id, first, tuple(moved_before), first_move, movements)

    @cached_property
    def walls(self) -> WallIndex:
        """The map's walls, indexed once for all the paths checked against them."""
        return WallIndex(self.encounter.map.walls)


def validate_encounter(encounter: Encounter, source: str) -> None:
    """Raise EncounterError for the first plan the d12 rules cannot run."""
    plans = _Plans.of(encounter)
    units: dict[tuple[str, int], int] = defaultdict(int)
    standard: dict[tuple[str, int], int] = {}
    surprise: dict[tuple[str, int], int] = {}
    for index, plan in enumerate(encounter.plans):
        where = f"{source}, plans[{index}]"
        _check_plan(plans, plan, where, index)
        key = (plan.actor, plan.round)
        took = units_of(plan.action, plan.round)
        units[key] += took
        name = plans.by_id[plan.actor].name
        if plan.round < 1 and took > 0:
            _check_surprise(plan, name, took, surprise.get(key), where)
            surprise[key] = index
        if units[key] > UNITS_PER_ROUND:
            raise EncounterError(
                where,
                f"{name}'s actions in round {plan.round} take {units[key]} units; "
                f"a round has {UNITS_PER_ROUND}",
            )
        if plan.action in STANDARD_ACTIONS:
            if key in standard:
                raise EncounterError(
                    where,
                    f"{name} already takes a standard action in round {plan.round} "
                    f"(plans[{standard[key]}]); a character may take only one a round",
                )
            standard[key] = index


def _check_surprise(plan: Plan, name: str, took: int, before: int | None, where: str) -> None:
    """3e: in a surprise round each may take a standard action or a move action (a charge
    only as a partial charge: six units, a move's distance); a 5-foot step and a delay too."""
    if took > STANDARD:
        raise EncounterError(
            where,
            f"round {plan.round} is a surprise round: {name} may take one standard or move "
            f"action only (3e), and a {plan.action} takes {took} units",
        )
    if before is not None:
        raise EncounterError(
            where,
            f"round {plan.round} is a surprise round: {name} already takes his one standard "
            f"or move action in it (plans[{before}])",
        )


def _check_plan(plans: _Plans, plan: Plan, where: str, index: int | None) -> None:
    """`index` is the plan's place in the file; None for a readied action inside a ready."""
    encounter = plans.encounter
    action = plan.action
    actor = plans.by_id[plan.actor]
    if action not in ACTION_UNITS:
        # Refused here, or the fight would stop with a KeyError when the plan comes up.
        raise EncounterError(
            f"{where}.action",
            f"unknown action {_excerpt(action)} (d12 actions: {', '.join(sorted(ACTION_UNITS))})",
        )
    if action == "delay":
        if plan.count is None:
            raise EncounterError(f"{where}.count", "a delay needs the count to act on instead")
        if index is None or plans.first_of_round[(plan.actor, plan.round)] != index:
            raise EncounterError(
                where, "a delay must be the combatant's first plan of the round (it moves them all)"
            )
    elif plan.count is not None:
        raise EncounterError(f"{where}.count", f"only a delay takes a count, not a {action}")
    if action == "ready":
        _check_ready(plans, plan, where)
        return
    if plan.readied is not None or plan.trigger is not None:
        raise EncounterError(
            where, f"only a ready has a readied action and a trigger, not a {action}"
        )
    moving = action in _MOVING
    if action in _PATHED and not plan.path:
        raise EncounterError(f"{where}.path", f"a {action} needs a path of at least one waypoint")
    if action == "follow" and plan.target is None:
        raise EncounterError(f"{where}.target", "a follow needs a target: whom to chase")
    if action == "follow" and plan.path:
        raise EncounterError(f"{where}.path", "a follow chases its target; remove the path")
    if plan.path and not moving:
        raise EncounterError(f"{where}.path", f"a {action} does not move; remove the path")
    if action == "five_foot_step":
        _check_step(plans, plan, where, index)
    if action == "charge":
        _check_charge(plans, plan, where, index)
    if action == "run" and not Polyline.through(_start_and_path(plans, plan, index)).is_straight():
        raise EncounterError(f"{where}.path", "a run must follow one straight line")
    if action in _ATTACKING:
        if plan.target is None:
            raise EncounterError(f"{where}.target", f"a {action} needs a target")
        if not actor.attacks:
            raise EncounterError(f"{where}.action", f"{actor.name} has no attacks to {action} with")
    if moving and plan.path and encounter.map.walls:
        _check_walls(plans, plan, where, index)
    if action == "cast" and plan.spell is None:
        raise EncounterError(f"{where}.spell", "a cast needs a spell {name, level}")
    if action != "cast" and plan.spell is not None:
        raise EncounterError(f"{where}.spell", f"a {action} casts no spell; remove it")
    _check_rolls(actor, plan, where)


_READYABLE = frozenset({"attack", "cast", "move", "standard"})
_NAMED = frozenset({"starts_casting", "starts_moving", "attacks"})


def _check_area(area: tuple[Point, ...], where: str) -> None:
    """An area is a plain polygon: 3 or more corners, some size, edges that never cross."""
    if len(area) < 3:
        raise EncounterError(where, "enters_area needs a polygon of 3 or more points")
    polygon = shapely.Polygon(area)
    if polygon.convex_hull.area <= 0:
        raise EncounterError(where, "the area has no size: its corners lie on one line")
    if not polygon.is_valid:
        # shapely says where ("Self-intersection[2.5 2.5]"); the game master needs the point.
        reason = shapely.is_valid_reason(polygon)
        raise EncounterError(where, f"the area's edges cross each other ({reason})")


def _check_ready(plans: _Plans, plan: Plan, where: str) -> None:
    """A ready needs a standard action to take and a trigger that can happen."""
    encounter = plans.encounter
    if plan.readied is None:
        raise EncounterError(f"{where}.readied", "a ready needs the action to take when triggered")
    if plan.trigger is None:
        raise EncounterError(f"{where}.trigger", "a ready needs a trigger")
    if plan.readied.action not in _READYABLE:
        raise EncounterError(
            f"{where}.readied.action",
            f"a readied action is a standard action or a move ({', '.join(sorted(_READYABLE))}),"
            f" not {plan.readied.action!r}",
        )
    trigger = plan.trigger
    if trigger.event not in TRIGGERS:
        raise EncounterError(
            f"{where}.trigger.event",
            f"unknown trigger {trigger.event!r} (triggers: {', '.join(sorted(TRIGGERS))})",
        )
    if trigger.event in _NAMED and trigger.actor is None:
        raise EncounterError(f"{where}.trigger.actor", f"{trigger.event} names whom to watch")
    if trigger.event == "at_count" and trigger.count is None:
        raise EncounterError(f"{where}.trigger.count", "at_count needs the count")
    if trigger.event == "enters_area":
        _check_area(trigger.area, f"{where}.trigger.area")
    readied = plan.readied
    if readied.target is None and readied.action in _ATTACKING:
        # No target named: it is whoever sets the trigger off. Check it against a stand-in.
        me = plans.by_id[plan.actor]
        stand_in = trigger.actor or next(
            (c.id for c in encounter.combatants if c.side != me.side), None
        )
        if stand_in is None:
            raise EncounterError(f"{where}.readied.target", "there is no enemy to strike")
        readied = dataclasses.replace(readied, target=stand_in)
    _check_plan(plans, readied, f"{where}.readied", None)


def _check_step(plans: _Plans, plan: Plan, where: str, index: int | None) -> None:
    """3e's 5-foot step: one square (diagonals too), no other movement that round."""
    if len(plan.path) != 1:
        raise EncounterError(f"{where}.path", "a 5-foot step has one waypoint: the next square")
    start = _start_and_path(plans, plan, index)
    if len(start) == 2:
        (x0, y0), (x1, y1) = start
        if max(abs(x1 - x0), abs(y1 - y0)) > 1.0 + 1e-9:
            raise EncounterError(f"{where}.path[0]", "a 5-foot step moves one square at most (3e)")
    if plans.movements.get((plan.actor, plan.round), 0) > 1:
        raise EncounterError(
            where,
            f"a 5-foot step is allowed only with no other movement that round (3e); "
            f"{plans.by_id[plan.actor].name} moves otherwise in round {plan.round}",
        )


def _check_charge(plans: _Plans, plan: Plan, where: str, index: int | None) -> None:
    """3e charge: one straight line (a waypoint or none: straight at the target), at least 2
    squares of movement. Refused here when both positions are known from the file (neither has
    moved before); otherwise the fight refuses it when it begins (movement.charge_refusal)."""
    if len(plan.path) > 1:
        raise EncounterError(
            f"{where}.path",
            "a charge moves in one straight line (3e): give one waypoint, or none to run "
            "straight at the target",
        )
    if index is None or plans.moved_before[index] or plan.target is None:
        return
    target = plans.by_id.get(plan.target)
    if target is None or plans.first_move.get(target.id, plan.round + 1) <= plan.round:
        return
    me = plans.by_id[plan.actor]
    if within_reach((me.x, me.y), me.squares, (target.x, target.y), target.squares, me.reach):
        raise EncounterError(
            f"{where}.target",
            f"a charge needs at least 2 squares of movement toward the target (3e); "
            f"{target.name} is already within {me.name}'s reach",
        )


def _check_walls(plans: _Plans, plan: Plan, where: str, index: int | None) -> None:
    """A path may not cross a wall: refuse it, naming the crossing point."""
    points = _start_and_path(plans, plan, index)
    crossing = plans.walls.first_crossing_on(points)
    if crossing is None:
        return
    leg, (x, y) = crossing
    offset = len(points) - len(plan.path)  # the start, when it is known, is not in the file
    waypoint = max(0, leg + 1 - offset)
    raise EncounterError(
        f"{where}.path[{waypoint}]",
        f"the path crosses a wall at ({x:.2f}, {y:.2f})",
    )


def _start_and_path(plans: _Plans, plan: Plan, index: int | None) -> list[Point]:
    """The plan's waypoints, from where the mover stands if no earlier plan of his moves him.

    After an earlier movement the start is only known when the fight runs (a run then heads
    straight for its last waypoint, actions.py); so it is for a readied move (index None).
    """
    if index is None or plans.moved_before[index]:
        return list(plan.path)
    actor = plans.by_id[plan.actor]
    return [(actor.x, actor.y), *plan.path]


def _check_rolls(actor: Combatant, plan: Plan, where: str) -> None:
    blows = {"attack": 1, "charge": 1, "full_attack": actor.attacks_per_round}.get(plan.action, 0)
    for purpose, values in plan.rolls.items():
        place = f"{where}.rolls.{purpose}"
        if purpose in ("attack", "damage"):
            if blows == 0:
                raise EncounterError(place, f"a {plan.action} makes no attack rolls")
            if len(values) > blows:
                raise EncounterError(place, f"{len(values)} rolls given for {blows} blow(s)")
        if purpose == "concentration" and plan.action != "cast":
            raise EncounterError(place, "only a cast makes Concentration checks")
        if purpose == "damage":
            profile = actor.attack_named(plan.attack)
            if plan.action == "full_attack" and plan.attack is None:
                profiles = list(actor.attacks)
            else:
                profiles = [profile] if profile is not None else []
            for value in values:
                if not any(_damage_fits(p.damage, value) for p in profiles):
                    raise EncounterError(
                        place,
                        f"a damage total of {value} is impossible for "
                        f"{' or '.join(p.damage for p in profiles)}",
                    )


def _damage_fits(dice: str, value: int) -> bool:
    bounds = dice_range(dice)
    return bounds is None or bounds.low <= value <= bounds.high


def _excerpt(text: str) -> str:
    """A name as a message quotes it: cut short if long (a file may hold anything)."""
    return repr(text if len(text) <= 40 else text[:37] + "...")
