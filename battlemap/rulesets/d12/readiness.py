"""Readied actions: a combatant waits with an action and a trigger; the trigger fires it at once.

The d12 text replaces 3e's prepared actions with a fluid clock; here a ready is an action of
waiting that lasts until the combatant's next initiative. Triggers are watched on the event
log: an enemy beginning to cast, move or attack fires them the instant its action starts (so a
readied blow on a caster lands during the casting and calls for Concentration); an enemy
walking into reach or into an area fires them at the exact moment the geometry gives; a count
fires them at that unit. A ready not triggered by the next initiative is lost.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

import shapely

from battlemap.core.encounter import Plan, Point, Trigger
from battlemap.core.engine import Process, Wait
from battlemap.core.events import Event
from battlemap.core.motion import position_on
from battlemap.geometry.contact import first_contact, within_reach
from battlemap.geometry.path import Polyline
from battlemap.rulesets.d12.tables import MOVEMENT_MULTIPLIER, PHASE_ACT, PHASE_COMPLETE

if TYPE_CHECKING:
    from battlemap.rulesets.d12.actions import ActionRunner

#: The trigger names a ready plan may use.
TRIGGERS = frozenset(
    {
        "starts_casting",
        "starts_moving",
        "attacks",
        "enters_reach",
        "enters_area",
        "ally_attacked",
        "at_count",
    }
)
_ATTACKING = frozenset({"attack", "full_attack", "charge"})
#: Triggers set off by where a mover goes, solved on his path.
_PLACES = frozenset({"enters_reach", "enters_area"})


@dataclass
class _Waiting:
    """One combatant's ready: the wait action's id, its plan and until when it holds."""

    actor: str
    action_id: str
    plan: Plan
    expires: float
    fired: bool = False


class Readiness:
    """Watches the log for the triggers of the readied actions in play."""

    def __init__(self, runner: ActionRunner) -> None:
        self.runner = runner
        self.engine = runner.engine
        self.state = runner.state
        self._waiting: dict[str, _Waiting] = {}
        self.engine.watch(self._on_event)

    def ready(self, actor: str, plan: Plan, start: float, action_id: str) -> Process:
        """Wait with `plan.readied` until `plan.trigger` happens or the next initiative."""
        assert plan.readied is not None and plan.trigger is not None
        trigger = plan.trigger
        expires = start + 12.0
        self.runner.begin(
            actor,
            plan,
            start,
            action_id,
            readied=plan.readied.action,
            trigger=_describe(trigger),
        )
        waiting = _Waiting(actor, action_id, plan, expires)
        self._waiting[actor] = waiting
        if trigger.event in _PLACES:
            # Enemies already on the move when the wait begins are watched from now on.
            for cid, other in self.state.combatants.items():
                if other.knots is not None and not other.down:
                    self._watch_mover(waiting, trigger, cid)
        if trigger.event == "at_count" and trigger.count is not None:
            at = self.engine.clock.time_of(plan.round, trigger.count)
            if at < start:  # the count has passed this round: the next one
                at += 12.0
            if at < expires:
                self.engine.spawn(self._at(waiting, at), at, phase=PHASE_ACT)
        yield Wait(expires, PHASE_COMPLETE, self.runner.fight.rank[actor])
        if not waiting.fired and self.runner.is_current(actor, action_id):
            # "A readied action not triggered by the combatant's next initiative is lost."
            self.engine.emit("action_end", actor, id=action_id, action="ready", result="lost")
        self._waiting.pop(actor, None)

    # --- triggers -----------------------------------------------------------------------------

    def _on_event(self, event: Event) -> None:
        for waiting in list(self._waiting.values()):
            if waiting.fired or event.actor == waiting.actor:
                continue
            trigger = waiting.plan.trigger
            assert trigger is not None
            if (
                trigger.actor is not None
                and event.actor != trigger.actor
                and not (trigger.event == "ally_attacked" and event.get("target") == trigger.actor)
            ):
                continue
            if event.type == "action_start":
                self._on_start(waiting, trigger, event)
            elif event.type == "course" and trigger.event in _PLACES:
                # A mover turned or was cut short: where he goes from now is new.
                self._watch_mover(waiting, trigger, str(event.actor))
            elif event.type == "attack" and trigger.event == "ally_attacked":
                target = event.get("target")
                mine = self.state[waiting.actor].combatant.side
                if target != waiting.actor and self.state[str(target)].combatant.side == mine:
                    self._fire(waiting, event.actor, "ally_attacked")

    def _on_start(self, waiting: _Waiting, trigger: Trigger, event: Event) -> None:
        action = str(event["action"])
        by = event.actor
        if not self._is_enemy(waiting.actor, by):
            return
        if (
            (trigger.event == "starts_casting" and action == "cast")
            or (trigger.event == "starts_moving" and action in MOVEMENT_MULTIPLIER)
            or (trigger.event == "attacks" and action in _ATTACKING)
        ):
            self._fire(waiting, by, trigger.event)
        elif trigger.event in _PLACES and event.get("path"):
            self._watch_mover(waiting, trigger, str(by))

    def _watch_mover(self, waiting: _Waiting, trigger: Trigger, by: str) -> None:
        """Schedule the check for the moment `by`, on his path from now, enters the reach or
        the area. A stale moment (the mover turned since) fails its re-check at that moment."""
        if by == waiting.actor or not self._is_enemy(waiting.actor, by):
            return
        if trigger.actor is not None and by != trigger.actor:
            return
        knots = self.state[by].knots
        if not knots:
            return
        now = self.engine.now
        ahead = [(now, *position_on(knots, now)), *(k for k in knots if k[0] > now)]
        when = self._entry_time(waiting, trigger, ahead)
        if when is not None and now <= when < waiting.expires:
            self.engine.spawn(self._entered(waiting, by, when), when, phase=PHASE_ACT)

    def _entry_time(
        self, waiting: _Waiting, trigger: Trigger, knots: list[tuple[float, float, float]]
    ) -> float | None:
        now = self.engine.now
        if trigger.event == "enters_reach":
            me = self.state[waiting.actor]
            here = me.position_at(now)
            return first_contact(
                [(now, *here)],
                me.combatant.squares,
                knots,
                1,
                me.combatant.reach,
                now,
                waiting.expires,
            )
        area = shapely.Polygon(trigger.area)
        points = [(x, y) for _, x, y in knots]
        line = Polyline.through(points)
        if len(line.points) < 2:
            return None
        inside = line.line.intersection(area)
        if inside.is_empty:
            return None
        first = min(line.line.project(shapely.Point(c)) for c in shapely.get_coordinates(inside))
        # The knots give the time at each vertex; interpolate the entry along its leg.
        for (t0, *_), (t1, *_), d0, d1 in zip(
            knots, knots[1:], line.cumulative, line.cumulative[1:], strict=False
        ):
            if d0 <= first <= d1:
                return t0 + (t1 - t0) * ((first - d0) / (d1 - d0) if d1 > d0 else 0.0)
        return None

    def _entered(self, waiting: _Waiting, by: str, when: float) -> Process:
        """At the computed moment, check the mover really is there (plans change), then fire."""
        yield Wait(when, PHASE_ACT)
        trigger = waiting.plan.trigger
        assert trigger is not None
        mover = self.state[by]
        if waiting.fired or mover.down:
            return
        if trigger.event == "enters_reach":
            me = self.state[waiting.actor]
            if not within_reach(
                me.position_at(when),
                me.combatant.squares,
                mover.position_at(when),
                mover.combatant.squares,
                me.combatant.reach,
            ):
                return
        elif not _in_area(trigger.area, mover.position_at(when)):
            return
        self._fire(waiting, by, trigger.event)

    def _at(self, waiting: _Waiting, when: float) -> Process:
        yield Wait(when, PHASE_ACT)
        if not waiting.fired:
            self._fire(waiting, None, "at_count")

    def _fire(self, waiting: _Waiting, by: str | None, why: str) -> None:
        """End the wait and begin the readied action now, aimed at whoever set it off."""
        if waiting.fired or not self.runner.is_current(waiting.actor, waiting.action_id):
            return
        waiting.fired = True
        self.engine.emit("triggered", waiting.actor, trigger=why, by=by)
        self.engine.emit(
            "action_end",
            waiting.actor,
            id=waiting.action_id,
            action="ready",
            result="triggered",
        )
        readied = waiting.plan.readied
        assert readied is not None
        if readied.target is None and by is not None and readied.action != "move":
            readied = dataclasses.replace(readied, target=by)
        # Dice rolled at the table for the readied action are its own, not the wait's: `run`
        # gives the readied plan's rolls to the readied action's id.
        self.engine.spawn(
            self.runner.run(
                waiting.actor, readied, self.engine.now, f"{waiting.action_id}.readied"
            ),
            self.engine.now,
            phase=PHASE_ACT,
            rank=self.runner.fight.rank[waiting.actor],
        )

    def _is_enemy(self, me: str, other: str | None) -> bool:
        if other is None:
            return False
        return self.state[other].combatant.side != self.state[me].combatant.side


def _in_area(area: tuple[Point, ...], point: Point) -> bool:
    """Whether a centre is in the area, its edge included (give or take float dust)."""
    return bool(shapely.Polygon(area).buffer(1e-9).covers(shapely.Point(point)))


def _describe(trigger: Trigger) -> dict[str, object]:
    out: dict[str, object] = {"event": trigger.event}
    if trigger.actor is not None:
        out["actor"] = trigger.actor
    if trigger.count is not None:
        out["count"] = trigger.count
    if trigger.area:
        out["area"] = [list(p) for p in trigger.area]
    return out
