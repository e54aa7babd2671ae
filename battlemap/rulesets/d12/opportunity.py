"""Attacks of opportunity and intercepts: the moments path geometry finds along a move.

The d12 text exists so that "interrupting someone's movement (e.g., tripping him as he runs
past)" is actually done. With continuous movement each such moment is a point on the mover's
path, hence an exact time: geometry/ finds them, this module applies the 3e rules around them
(who may act, how often) and asks the game master through the engine's decisions.

What the rules remember (attacks of opportunity offered this round, who was offered what on a
mover's action, who is engaged, each plan's slot) is in the state (reducers.py): the `aoo` and
`intercept` events that record the answers write it.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Generator
from typing import Any

from battlemap.core.decisions import ChoiceRequest, Question
from battlemap.core.encounter import AttackProfile, Combatant
from battlemap.core.engine import Command, NeedAnswer, NeedChoice, Process
from battlemap.core.state import ActionInProgress
from battlemap.geometry.contact import within_reach
from battlemap.geometry.footprint import footprint_cells
from battlemap.geometry.intercept import Interception, earliest_interception
from battlemap.geometry.path import TimedPath
from battlemap.geometry.provocation import Exit, first_exits
from battlemap.geometry.threat import Threatener, threatened_cells
from battlemap.rulesets.d12 import sight
from battlemap.rulesets.d12.clock import d12_pace
from battlemap.rulesets.d12.combat import blow
from battlemap.rulesets.d12.context import Fight
from battlemap.rulesets.d12.fields import AOO_WAYS
from battlemap.rulesets.d12.ids import PROVOKED
from battlemap.rulesets.d12.reducers import (
    aoo_used,
    engaged,
    flat_footed,
    offered_aoo,
    offered_intercept,
    slot,
)
from battlemap.rulesets.d12.tables import MOVEMENT_MULTIPLIER
from battlemap.rulesets.d12.tripping import trip

# --- attacks of opportunity ---------------------------------------------------------------------


def allowance(combatant: Combatant) -> int:
    """Attacks of opportunity a round: 1, or 1 + Dex modifier with Combat Reflexes."""
    return 1 + max(0, combatant.dex_modifier) if combatant.combat_reflexes else 1


def next_provocation(
    fight: Fight, mover: str, action_id: str, rest: TimedPath, spare_first_from: frozenset[str]
) -> Exit | None:
    """The first moment, along the rest of the move, that the mover leaves a square an enemy
    threatens and that enemy may still strike."""
    round_number = fight.clock.round_of(fight.now)
    threateners = _enemies_near(
        fight,
        mover,
        rest,
        eligible=lambda cid: _may_strike(fight, cid, mover, action_id, round_number),
    )
    if not threateners:
        return None
    exits = first_exits(
        rest, fight.sight.threat_index(threateners), spare_first_cell_from=spare_first_from
    )
    return exits[0] if exits else None


def provoke(fight: Fight, mover: str, action_id: str, exit_: Exit) -> Process:
    """Offer the attack of opportunity at `exit_` and resolve it if taken. The offer spends
    one of the attacker's attacks of opportunity this round, taken or declined."""
    attacker = exit_.threatener
    state, now = fight.state, fight.now
    them = state[attacker]
    round_number = fight.clock.round_of(now)
    if them.down or aoo_used(them, round_number) >= allowance(them.combatant):
        return
    # The square was threatened from where the attacker stood when the move was checked;
    # if he has moved since (both may be moving), it must still be his square now.
    c = them.combatant
    here = Threatener(attacker, them.position_at(now), c.squares, c.reach, c.reach_weapon)
    if exit_.cell not in threatened_cells(here, fight.walls):
        return
    taken = yield NeedChoice(
        ChoiceRequest(
            "aoo",
            attacker,
            mover,
            exit_.point[0],
            exit_.point[1],
            now,
            f"{them.combatant.name} may attack {state[mover].combatant.name} "
            f"(leaves threatened square at {fight.clock.count_label(now)})",
            f"{action_id}/aoo/{attacker}",
        )
    )
    if taken:
        yield from _strike(fight, attacker, mover, f"{action_id}/aoo/{attacker}")


def _strike(fight: Fight, attacker: str, mover: str, key: str) -> Process:
    """The attack of opportunity on a mover: a blow, or a trip ("Interrupting someone's
    movement (e.g., tripping him as he runs past)"). How is asked (a pick keyed under the
    attack of opportunity's key); the combatant's `aoo` in the file answers it in advance."""
    them = fight.state[attacker].combatant
    attack = _melee(them.attacks)
    preference = them.stats.get("aoo")
    how = yield NeedAnswer(
        Question(
            key=f"{key}/how",
            kind="pick",
            decider=attacker,
            about=attacker,
            description=f"{them.name}'s attack of opportunity on "
            f"{fight.state[mover].combatant.name}: attack or trip?",
            options=AOO_WAYS,
            default=AOO_WAYS[0],
        ),
        preference if isinstance(preference, str) else None,
    )
    if how == "trip":
        yield from trip(fight, attacker, mover, attack, key)
    else:
        yield from blow(fight, attacker, mover, attack, key=key, reach_known=True)


def provoke_at_start(fight: Fight, actor: str, action_id: str, doing: str) -> Process:
    """3e: casting a spell, shooting a ranged weapon and standing up provoke attacks of
    opportunity from the enemies who threaten the actor's square; they fall the instant the
    action begins (its `action_start` is logged), each a plain blow, in the order `placed`
    gives. Stops once the actor is down or his action is over (a spell lost)."""
    state, now = fight.state, fight.now
    me = state[actor]
    round_number = fight.clock.round_of(now)
    here = me.position_at(now)
    cells = frozenset(footprint_cells(here, me.combatant.squares))
    xs, placed = fight.sight.placed(state, now)
    m = fight.sight.widest + me.combatant.squares
    side = me.combatant.side
    found = []
    for index in range(bisect_left(xs, here[0] - m), bisect_right(xs, here[0] + m)):
        cid, them, there = placed[index]
        c = them.combatant
        if cid == actor or them.down or c.side == side or abs(there[1] - here[1]) > m:
            continue
        if not _may_strike(fight, cid, actor, action_id, round_number):
            continue
        threat = Threatener(cid, there, c.squares, c.reach, c.reach_weapon)
        if cells & threatened_cells(threat, fight.walls):
            found.append(cid)
    for cid in found:
        if me.down or me.action is None or me.action.id != action_id:
            return
        them = state[cid]
        if them.down or aoo_used(them, round_number) >= allowance(them.combatant):
            continue
        taken = yield NeedChoice(
            ChoiceRequest(
                "aoo",
                cid,
                actor,
                here[0],
                here[1],
                now,
                f"{them.combatant.name} may attack {me.combatant.name} "
                f"({doing} at {fight.clock.count_label(now)})",
                f"{action_id}{PROVOKED}{cid}",
            )
        )
        if taken:
            yield from blow(
                fight,
                cid,
                actor,
                _melee(them.combatant.attacks),
                key=f"{action_id}{PROVOKED}{cid}",
                reach_known=True,
                provoked=True,
            )


# --- intercepts ---------------------------------------------------------------------------------


def next_interception(
    fight: Fight, mover: str, action_id: str, rest: TimedPath
) -> Interception | None:
    """The earliest point of the rest of the move that a free enemy can reach in time (of
    several at one moment, the first in `Sight.placed` order)."""
    if fight.encounter.options.get("intercepts") == "off":
        return None  # the table does not play the project's intercepts
    if not sight.REMEMBER_FREE:
        return _next_interception_asking_each(fight, mover, action_id, rest)
    state, now = fight.state, fight.now
    xs, placed = fight.sight.placed(state, now)
    free = fight.sight.freedom(now, fight.engine.log.events)
    side = state[mover].combatant.side
    points = rest.polyline.points
    minx, maxx = min(x for x, _ in points), max(x for x, _ in points)
    miny, maxy = min(y for _, y in points), max(y for _, y in points)
    # Farther than the fastest can come before the mover is gone: no intercept possible.
    m = fight.sight.fastest * rest.duration_of(rest.polyline.length) + 2.0
    best: Interception | None = None
    for index in range(bisect_left(xs, minx - m), bisect_right(xs, maxx + m)):
        cid, them, here = placed[index]
        if cid == mover or them.down or them.combatant.side == side:
            continue
        if not miny - m <= here[1] <= maxy + m:
            continue
        is_free = free.get(cid)
        if is_free is None:
            is_free = free[cid] = _free(fight, cid)
        if not is_free or not _may_intercept_him(fight, cid, action_id, mover):
            continue
        found = earliest_interception(
            rest,
            cid,
            here,
            d12_pace(them.combatant.speed),
            now,
            reach_squares=1.0,
            walls=fight.walls,
        )
        if found is not None and (best is None or found.time < best.time):
            best = found
    return best


def _next_interception_asking_each(
    fight: Fight, mover: str, action_id: str, rest: TimedPath
) -> Interception | None:
    """`next_interception` as it was: the rules asked about every enemy for every mover."""
    best: Interception | None = None
    now = fight.now
    # Farther than the fastest can come before the mover is gone: no intercept possible.
    remaining = rest.duration_of(rest.polyline.length)
    for enemy in _enemies_near(
        fight,
        mover,
        rest,
        eligible=lambda cid: _may_intercept(fight, cid, action_id, mover),
        margin=fight.sight.fastest * remaining + 2.0,
    ):
        me = fight.state[enemy.id].combatant
        found = earliest_interception(
            rest,
            enemy.id,
            enemy.center,
            d12_pace(me.speed),
            now,
            reach_squares=1.0,
            walls=fight.walls,
        )
        if found is not None and (best is None or found.time < best.time):
            best = found
    return best


def intercept(
    fight: Fight, mover: str, action_id: str, found: Interception
) -> Generator[Command, Any, bool]:
    """Offer the intercept (once a mover's action); True comes back when it was accepted, and
    the two are then engaged."""
    them = fight.state[found.interceptor].combatant
    taken = yield NeedChoice(
        ChoiceRequest(
            "intercept",
            found.interceptor,
            mover,
            found.point[0],
            found.point[1],
            found.time,
            f"{them.name} can intercept {fight.state[mover].combatant.name} at "
            f"({found.point[0]:.1f}, {found.point[1]:.1f}), {fight.clock.label(found.time)}",
            f"{action_id}/intercept/{found.interceptor}",
        )
    )
    return bool(taken)


# --- internals ----------------------------------------------------------------------------------


def _enemies_near(
    fight: Fight,
    mover: str,
    rest: TimedPath,
    eligible: Callable[[str], bool],
    margin: float | None = None,
) -> list[Threatener]:
    """Standing enemies of the mover within `margin` squares (default: the widest reach in
    the fight) of the rest of his path that pass `eligible`: positions first, rules after."""
    xs, placed = fight.sight.placed(fight.state, fight.now)
    side = fight.state[mover].combatant.side
    # Bounds from the points: building a shapely line just to ask would cost more.
    xs_path = [x for x, _ in rest.polyline.points]
    ys_path = [y for _, y in rest.polyline.points]
    minx, maxx, miny, maxy = min(xs_path), max(xs_path), min(ys_path), max(ys_path)
    m = fight.sight.widest if margin is None else margin
    out = []
    for index in range(bisect_left(xs, minx - m), bisect_right(xs, maxx + m)):
        cid, them, (x, y) = placed[index]
        c = them.combatant
        if cid == mover or them.down or c.side == side:
            continue
        if miny - m <= y <= maxy + m and eligible(cid):
            out.append(Threatener(cid, (x, y), c.squares, c.reach, c.reach_weapon))
    return out


def _may_strike(fight: Fight, cid: str, mover: str, action_id: str, round_number: int) -> bool:
    them = fight.state[cid]
    return (
        not flat_footed(them)  # 3e: flat-footed combatants make none
        # The project's setting: a caster does not fight while he casts (docs/rules/d12.md).
        and not them.casting
        and bool(them.combatant.attacks)
        and aoo_used(them, round_number) < allowance(them.combatant)
        and not offered_aoo(fight.state[mover], action_id, cid)
    )


def _may_intercept(fight: Fight, cid: str, action_id: str, mover: str) -> bool:
    """Free (`_free`), not yet offered to intercept this action of the mover, and not in a
    chase with the mover either way (a chase is its own interception: the quarry is not
    offered to cut off the pursuer coming at it, nor the pursuer its quarry)."""
    return _free(fight, cid) and _may_intercept_him(fight, cid, action_id, mover)


def _may_intercept_him(fight: Fight, cid: str, action_id: str, mover: str) -> bool:
    """What a free enemy's intercept also needs, for this mover."""
    state = fight.state
    if offered_intercept(state[mover], action_id, cid):
        return False
    return not (_chasing(state[cid].action, mover) or _chasing(state[mover].action, cid))


def _free(fight: Fight, cid: str) -> bool:
    """Free to intercept, whoever the mover: has acted, not in the middle of a non-movement
    action, his slot not spent on one, not engaged, not next to an enemy."""
    them = fight.state[cid]
    # The project's rule: an intercept needs a combatant already in the fight's flow, one who
    # has begun an action (a creature standing with no plan, or just added, offers none).
    if not them.acted:
        return False
    if them.action is not None and them.action.action not in MOVEMENT_MULTIPLIER:
        return False
    planned, until = slot(them)
    if until > fight.now and planned not in MOVEMENT_MULTIPLIER:
        return False  # his slot is spent on something else, even if it ended early
    if engaged(them):
        return False
    return not _next_to_an_enemy(fight, cid)


def _next_to_an_enemy(fight: Fight, cid: str) -> bool:
    """Standing next to (within 5 ft of) a conscious enemy: engaged."""
    xs, placed = fight.sight.placed(fight.state, fight.now)
    them = fight.state[cid]
    (x, y) = them.position_at(fight.now)
    near = them.combatant.squares / 2 + 2.0  # up to a huge neighbour's half-width
    for index in range(bisect_left(xs, x - near), bisect_right(xs, x + near)):
        _other_id, other, there = placed[index]
        if other.down or other.combatant.side == them.combatant.side:
            continue
        if within_reach((x, y), them.combatant.squares, there, other.combatant.squares, 5):
            return True
    return False


def _chasing(action: ActionInProgress | None, quarry: str) -> bool:
    return action is not None and action.action == "follow" and action.target == quarry


def _melee(attacks: tuple[AttackProfile, ...]) -> AttackProfile:
    """The attack used for an attack of opportunity: the first melee attack listed."""
    return next((a for a in attacks if a.range is None), attacks[0])
