"""What a combatant does inside his turn: moves, attacks, and the run and scream.

The text is about initiative only; a turn holds what the other rulesets' combatants do (a move
and an attack, or a double move, or a run), at their speed, with their attack profiles against
armour class, on the same map and walls.

Time: a turn happens inside its initiative's slot (clock.py) and gets a `Window` of it. Its
movement is animated there: each movement takes the share of the window that its allowance is
of the turn's whole allowance (a move and an attack: the move takes the window, the attack
falls at its end), so a token glides at one pace through its turn and never runs past it.
Attacks take no time.

Every function here works on the engine it is given and returns a process (or a value from
one); none keeps state of its own.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from battlemap.core.decisions import RollRequest
from battlemap.core.encounter import FEET_PER_SQUARE, AttackProfile, Plan
from battlemap.core.engine import Engine, NeedRoll, Wait
from battlemap.geometry.contact import footprint_gap, within_reach
from battlemap.geometry.path import Polyline
from battlemap.geometry.walls import WallIndex
from battlemap.rulesets.combat_experience.flight import Flight, flee, nearest_cover
from battlemap.rulesets.combat_experience.reducers import initiative_of
from battlemap.rulesets.combat_experience.settings import CheckRules

#: The movements a turn may hold, with the multiple of the speed each covers: a move action,
#: a double move (the whole turn), a run (four times the speed in a straight line, the whole
#: turn). "Full speed" for a run and scream is the run's.
MOVE_MULTIPLE = {"move": 1, "double_move": 2, "run": 4}
FLEE_MULTIPLE = MOVE_MULTIPLE["run"]
#: Half a square short of a wall a mover stops (as the d12 ruleset's movement does).
_WALL_GAP = 0.05

Steps = Generator[Any, Any, Any]


@dataclass
class Window:
    """The time a turn may take, from now to `end`, and the squares of movement its plans
    still allow (`allowance`): each movement takes the share of the time left that its own
    allowance is of what is left."""

    end: float
    allowance: float

    def spend(self, now: float, distance: float, allowed: float) -> float:
        """The duration of a movement of `distance` squares out of `allowed`."""
        share = distance / self.allowance if self.allowance > 0 else 0.0
        self.allowance = max(0.0, self.allowance - allowed)
        return max(0.0, self.end - now) * min(1.0, share)


def allowed_squares(speed: int, action: str) -> float:
    """How far a movement of kind `action` may go, in squares."""
    return speed * MOVE_MULTIPLE[action] / FEET_PER_SQUARE


def turn_allowance(speed: int, plans: list[Plan]) -> float:
    """The squares all the movements among `plans` allow together."""
    return sum(allowed_squares(speed, p.action) for p in plans if p.action in MOVE_MULTIPLE)


def _travel(
    engine: Engine,
    actor: str,
    line: Polyline,
    duration: float,
    start_fields: dict[str, Any],
    label: tuple[int, int],
) -> Steps:
    """Glide along `line` in `duration` units: action_start with the path and arrival times (the
    window interpolates between them), then the stop and the action's end at the arrival."""
    now = engine.now
    length = line.length
    arrivals = [now + (duration * d / length if length > 0 else 0.0) for d in line.cumulative]
    ends = now + duration
    engine.emit(
        "action_start",
        actor,
        label=label,
        ends=ends,
        path=[[x, y] for x, y in line.points],
        arrivals=arrivals,
        **start_fields,
    )
    if ends > now:
        yield Wait(ends)
    x, y = line.end
    engine.emit("position", actor, x=x, y=y, stopped=True)
    engine.emit(
        "action_end", actor, id=start_fields["id"], action=start_fields["action"], result="done"
    )


def move(
    engine: Engine,
    walls: WallIndex | None,
    actor: str,
    plan: Plan,
    action_id: str,
    window: Window,
    label: tuple[int, int],
) -> Steps:
    """A move, double move or run along the plan's waypoints from where he stands, cut where
    its allowance runs out or short of a wall. A run heads straight for the last waypoint."""
    me = engine.state[actor]
    here = me.position_at(engine.now)
    waypoints = list(plan.path)
    if plan.action == "run":
        waypoints = waypoints[-1:]
    allowed = allowed_squares(me.combatant.speed, plan.action)
    points = [here, *waypoints]
    if walls is not None:
        points = walls.stop_short(points, _WALL_GAP)
    line = Polyline.through(points).cut(allowed)
    destination = waypoints[-1] if waypoints else here
    duration = window.spend(engine.now, line.length, allowed)
    yield from _travel(
        engine,
        actor,
        line,
        duration,
        {
            "id": action_id,
            "action": plan.action,
            "destination": list(destination),
            "cut": line.end != destination,
        },
        label,
    )


def run_and_scream(
    engine: Engine,
    walls: WallIndex | None,
    actor: str,
    round_number: int,
    window: Window,
    label: tuple[int, int],
) -> Generator[Any, Any, Flight]:
    """ "The character moves at full speed to random direction ... and tries to reach some kind
    of cover": the nearest cover within a run, else the full run in a direction drawn as a
    keyed roll (1d360: degrees, 360 is 0; 0 along +x, 90 along +y). Returns the run."""
    me = engine.state[actor]
    here = me.position_at(engine.now)
    reach = me.combatant.speed * FLEE_MULTIPLE / FEET_PER_SQUARE
    clearance = me.combatant.squares / 2
    size = (float(engine.encounter.map.width), float(engine.encounter.map.height))
    angle: int | None = None
    if nearest_cover(here, reach, walls, clearance=clearance, map_size=size) is None:
        action = f"{actor}.r{round_number}.flee"
        roll = yield NeedRoll(
            RollRequest(
                actor,
                "direction",
                "1d360",
                f"{me.combatant.name} runs and screams: which way (degrees)",
                f"{action}/direction",
            )
        )
        angle = roll.total % 360
    wall_lines = engine.encounter.map.walls
    run = flee(here, reach, wall_lines, float(angle or 0), clearance=clearance, map_size=size)
    fields: dict[str, Any] = {
        "from": list(run.start),
        "to": list(run.end),
        "reach": reach,
        "at_cover": run.at_cover,
        "angle": angle,
    }
    if run.distance > 0:
        duration = window.spend(engine.now, run.distance, reach)
        engine.emit("flees", actor, **fields)
        yield from _travel(
            engine,
            actor,
            Polyline.through([run.start, run.end]),
            duration,
            {"id": f"{actor}.r{round_number}.flee", "action": "flee", "destination": list(run.end)},
            label,
        )
    else:
        engine.emit("flees", actor, **fields)
    return run


def profile_for(engine: Engine, actor: str, plan: Plan) -> AttackProfile:
    profile = engine.state[actor].combatant.attack_named(plan.attack)
    if profile is None:  # validation refuses such plans; this guards the invariant
        raise AssertionError(f"{actor} has no attack {plan.attack!r}")
    return profile


def attack(
    engine: Engine,
    rules: CheckRules,
    actor: str,
    plan: Plan,
    target: str,
    action_id: str,
    label: tuple[int, int],
) -> Generator[Any, Any, bool]:
    """One attack: d20 + bonus against armour class (a natural 20 hits, a natural 1 misses),
    a frozen target defending with three penalty dice (-2 AC each by default). Returns True on
    a hit that leaves the target standing."""
    now = engine.now
    them = engine.state[target]
    profile = profile_for(engine, actor, plan)
    engine.emit(
        "action_start",
        actor,
        label=label,
        id=action_id,
        action="attack",
        ends=now,
        target=target,
        attack=profile.name,
    )
    result = yield from _blow(engine, rules, actor, plan, target, profile, action_id)
    engine.emit("action_end", actor, id=action_id, action="attack", result="done")
    return result and not them.down


def _blow(
    engine: Engine,
    rules: CheckRules,
    actor: str,
    plan: Plan,
    target: str,
    profile: AttackProfile,
    action_id: str,
) -> Generator[Any, Any, bool]:
    now = engine.now
    me, them = engine.state[actor], engine.state[target]
    if them.down:
        engine.emit("blow_skipped", actor, target=target, reason="target is down")
        return False
    here, there = me.position_at(now), them.position_at(now)
    reach = profile.range if profile.range is not None else me.combatant.reach
    if not within_reach(here, me.combatant.squares, there, them.combatant.squares, reach):
        gap = footprint_gap(here, me.combatant.squares, there, them.combatant.squares)
        engine.emit(
            "blow_skipped",
            actor,
            target=target,
            attack=profile.name,
            reason="out of reach",
            distance=round((gap + 1) * 5),
        )
        return False
    fixed_attack = plan.rolls.get("attack", ())
    roll = yield NeedRoll(
        RollRequest(
            actor,
            "attack",
            "1d20",
            f"{me.combatant.name} attacks {them.combatant.name} ({profile.name})",
            f"{action_id}/attack",
        ),
        fixed_attack[0] if fixed_attack else None,
    )
    standing = initiative_of(them)
    penalty_dice = standing.defence_penalty_dice if standing is not None else 0
    ac = them.combatant.ac + rules.armour_penalty(penalty_dice)
    total = roll.total + profile.bonus
    hit = roll.total == 20 or (roll.total != 1 and total >= ac)
    damage = 0
    detail = ""
    if hit:
        fixed_damage = plan.rolls.get("damage", ())
        damage_roll = yield NeedRoll(
            RollRequest(
                actor,
                "damage",
                profile.damage,
                f"{me.combatant.name}'s {profile.name} damage to {them.combatant.name}",
                f"{action_id}/damage",
            ),
            fixed_damage[0] if fixed_damage else None,
        )
        damage = max(1, damage_roll.total)
        detail = damage_roll.detail
    engine.emit(
        "attack",
        actor,
        target=target,
        attack=profile.name,
        roll=roll.total,
        bonus=profile.bonus,
        total=total,
        ac=ac,
        hit=hit,
        damage=damage,
        damage_roll=detail,
        defence_penalty_dice=penalty_dice,
    )
    if not hit:
        return False
    hp = them.hp - damage
    engine.emit("damage", target, source=actor, amount=damage, hp=hp)
    if hp <= 0:
        engine.emit("down", target, hp=hp)
    return True
