"""One Combat Experience fight on the engine: the checks, the rounds and each turn in order.

One process runs the fight, round by round:

1. **The start** (count 100): round 1, everyone's opening check; later rounds, a skip's +15
   takes effect and the frightened (frozen or fleeing) roll again, 5 easier each time. Then
   the order of the round (ties: higher Combat Experience, then a logged d100 each, then id).
2. **Turns in initiative order, highest first**, each in its initiative's slot. A frozen
   combatant's turn passes; a fleeing one runs and screams toward cover; a stunned one has
   none. One acting normally runs his plans for the round: a `drop` first moves his turn to
   the lower count, a `skip` gives +15 from the next round, a `wait` waits for its trigger;
   otherwise he acts (a move and an attack, say: actions.py). Before he acts, moves or attacks,
   whoever waits for that trigger reacts: aborts (a difficulty-20 check), interrupts (the
   opposed check: a win acts at once, first; a loss at current - 1), or acts at current - 1.
   The order is taken afresh before each turn, since drops and triggers change initiatives.
3. **Count 0**, after the turns at 0: the stun recovery checks of the stuns that end this
   round; then the waits whose trigger never came end (he acts at his original initiative
   next round).

Every check, coin and direction is a keyed roll (`initiative/<id>/r<round>`, its recovery
`.../recovery`, `<wait action>/abort`, `<wait action>/interrupt[/<opponent>]`,
`tie_break/r<round>/<id>`, `<id>.r<round>.flee/direction`, `<action>/attack` and `/damage`),
typed results coming from the file: `initiative_rolls` in order, a wait's `checks` and
`opposed_checks`, a plan's `rolls`. The process keeps no state of the fight that the log does
not hold, beyond the turns already taken in the current round: it reads initiatives, waits and
stuns from the state (reducers.py).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import Any

from battlemap.core.decisions import RollRequest
from battlemap.core.encounter import Combatant, Plan
from battlemap.core.engine import Engine, NeedRoll, Process, Wait
from battlemap.geometry.walls import wall_index
from battlemap.rulesets.combat_experience import actions
from battlemap.rulesets.combat_experience.actions import Window
from battlemap.rulesets.combat_experience.clock import CombatExperienceClock
from battlemap.rulesets.combat_experience.difficulty import (
    opening_difficulty,
    stun_recovery_difficulty,
)
from battlemap.rulesets.combat_experience.fields import (
    combat_experience,
    flag,
    plan_flag,
    scary_dice,
    situation_of,
    typed_check,
    whole,
    wholes,
)
from battlemap.rulesets.combat_experience.initiative import (
    SKIP_BONUS,
    Condition,
    InitiativeState,
    Turn,
    drop_refusal,
    failed_condition,
    initiative_from,
    resolve_check,
    turn_order,
)
from battlemap.rulesets.combat_experience.reducers import (
    ARMED,
    LATER,
    STOOD_DOWN,
    WAITING,
    Waiting,
    checks_made,
    coins,
    initiative_of,
    waiting_of,
)
from battlemap.rulesets.combat_experience.settings import CheckRules
from battlemap.rulesets.combat_experience.waiting import (
    ABORT_DIFFICULTY,
    AbortResult,
    abort,
    after_trigger,
    interrupt,
)

Steps = Generator[Any, Any, Any]

#: The statuses a combatant's condition shows as (core `status` events).
_STATUS = {Condition.FROZEN: "frozen", Condition.FLEEING: "fleeing", Condition.STUNNED: "stunned"}
#: The turns at initiative 0 fit in the first half of its slot; the stun recovery checks and
#: the end of the round's waits come at its middle.
_ROUND_END_OFFSET = 0.5
#: The triggers a wait may name: the triggering combatant begins to act, to move, to attack.
TRIGGERS = ("acts", "starts_moving", "attacks")


class CombatExperienceFight:
    """Runs one encounter by the Combat Experience rules on `engine`."""

    def __init__(self, engine: Engine, rules: CheckRules, clock: CombatExperienceClock) -> None:
        self.engine = engine
        self.state = engine.state
        self.encounter = engine.encounter
        self.rules = rules
        self.clock = clock
        self.walls = wall_index(
            tuple(tuple((float(x), float(y)) for x, y in w) for w in self.encounter.map.walls)
        )
        self.plans: dict[tuple[str, int], list[Plan]] = {}
        for plan in self.encounter.plans:
            self.plans.setdefault((plan.actor, plan.round), []).append(plan)
        self.last_round = max((p.round for p in self.encounter.plans), default=1)
        # The current round's flow: who has had his turn, and the plans a drop moved later.
        self._done: set[str] = set()
        self._later: dict[str, list[tuple[int, Plan]]] = {}

    def start(self) -> None:
        self.engine.spawn(self._fight(), self.clock.round_start(1))

    # --- rounds -------------------------------------------------------------------------------

    def _fight(self) -> Process:
        round_number = 1
        while round_number <= self.last_round:
            if round_number > 1 and self._settled():
                return
            if round_number > 1 and self._quiet(round_number):
                # Nothing would happen: pass over to the next round with a plan (d12 too
                # passes over empty rounds; a plan 1000 rounds away must not announce 999).
                round_number = min(p.round for p in self.encounter.plans if p.round > round_number)
                continue
            yield Wait(self.clock.round_start(round_number))
            self._done = set()
            self._later = {}
            self.engine.emit("round_start", None)
            yield from self._round_start(round_number)
            yield from self._announce_order(round_number)
            yield from self._turns(round_number)
            yield from self._round_end(round_number)
            round_number += 1

    def _quiet(self, round_number: int) -> bool:
        """Round `round_number` would change nothing: no plans for it, and everyone standing
        acts normally (no one to re-roll, recover, or take a skip's +15)."""
        if any(p.round == round_number for p in self.encounter.plans):
            return False
        for c in self.state.combatants.values():
            standing = initiative_of(c)
            if c.down or standing is None:
                continue
            if (
                standing.condition is not Condition.ACTING
                or standing.next_round_initiative is not None
            ):
                return False
        return True

    def _settled(self) -> bool:
        """The fight is over when fewer than two sides have anyone standing."""
        return len({c.combatant.side for c in self.state.combatants.values() if not c.down}) < 2

    def _round_start(self, round_number: int) -> Steps:
        for c in self.encounter.combatants:
            me = self.state[c.id]
            standing = initiative_of(me)
            if me.down or (standing is not None and standing.condition is Condition.STUNNED):
                # No turn this round: his plans for it are dropped, said now.
                reason = "down" if me.down else "stunned"
                for plan in self.plans.get((c.id, round_number), []):
                    self._skipped(c.id, plan, round_number, reason)
            if me.down:
                continue
            if round_number == 1:
                yield from self._opening(c)
                continue
            standing = self._initiative(c.id)
            if standing.next_round_initiative is not None:
                # "... get +15 to his initiative count starting the next turn."
                self.engine.emit(
                    "initiative_set",
                    c.id,
                    label=(round_number, standing.next_round_initiative),
                    to=standing.next_round_initiative,
                    reason="skip",
                    **{"from": standing.initiative},
                )
            due = standing.reroll_due
            if due is not None:
                yield from self._check(
                    c, "reroll", due, 0, f"initiative/{c.id}/r{round_number}", round_number
                )

    def _opening(self, c: Combatant) -> Steps:
        situation = situation_of(self.encounter, c)
        if situation is None:  # validation refuses this; the guard keeps the invariant
            raise AssertionError(f"{c.id} has no situation")
        yield from self._check(
            c,
            "opening",
            opening_difficulty(situation),
            scary_dice(self.encounter, c),
            f"initiative/{c.id}/r1",
            1,
            situation=situation.value,
        )

    def _check(
        self,
        c: Combatant,
        kind: str,
        difficulty: int,
        penalty_dice: int,
        key: str,
        round_number: int,
        **extra: Any,
    ) -> Steps:
        """An initiative check (opening, re-roll or recovery) and its `initiative` event."""
        me = self.state[c.id]
        number = checks_made(me) + 1
        notation = self.rules.notation(combat_experience(c), penalty_dice)
        roll = yield NeedRoll(
            _check(
                c.id,
                "initiative",
                notation,
                f"{c.name}'s Combat Experience check ({kind}, difficulty {difficulty})",
                key,
            ),
            typed_check(c, number),
        )
        before = initiative_of(me)
        outcome = resolve_check(roll.total, difficulty, self.rules)
        if outcome.success:
            condition = Condition.ACTING
        elif kind == "reroll" and before is not None:
            condition = before.condition
        else:
            condition = failed_condition(
                flag(c.stats, "fearless"), freezes=flag(c.stats, "freezes")
            )
        initiative = initiative_from(roll.total)
        self.engine.emit(
            "initiative",
            c.id,
            label=(round_number, initiative),
            check=kind,
            number=number,
            difficulty=difficulty,
            penalty_dice=penalty_dice,
            total=roll.total,
            roll=roll.detail,
            success=outcome.success,
            degrees=outcome.degrees,
            condition=str(condition),
            **extra,
        )
        self._statuses(c.id, before.condition if before is not None else None)

    def _announce_order(self, round_number: int) -> Steps:
        ids = [cid for cid in self._candidates()]
        yield from self._break_ties(ids, round_number)
        order = self._order(ids)
        ties = []
        for initiative in sorted({self._initiative(cid).initiative for cid in order}, reverse=True):
            same = [cid for cid in order if self._initiative(cid).initiative == initiative]
            if len(same) > 1:
                by_ce = len({combat_experience(self.state[cid].combatant) for cid in same}) > 1
                ties.append(
                    {
                        "ids": same,
                        "total": initiative,
                        "by": "Combat Experience" if by_ce else "coin flip",
                    }
                )
        self.engine.emit(
            "initiative_order",
            None,
            order=order,
            initiatives=[self._initiative(cid).initiative for cid in order],
            ties=ties,
        )

    def _round_end(self, round_number: int) -> Steps:
        recovering = [
            c
            for c in self.encounter.combatants
            if not self.state[c.id].down
            and self.state[c.id].rules.get("stunned_until", round_number + 1) <= round_number
        ]
        waiting = [c for c in self.encounter.combatants if waiting_of(self.state[c.id])]
        if not recovering and not waiting:
            return
        end = self.clock.slot_of(round_number, 0) + _ROUND_END_OFFSET
        yield Wait(max(end, self.engine.now))
        for c in recovering:
            standing = self._initiative(c.id)
            assert standing.next_difficulty is not None
            yield from self._check(
                c,
                "recovery",
                standing.next_difficulty,
                0,
                f"initiative/{c.id}/r{round_number}/recovery",
                round_number,
            )
        for c in waiting:
            wait = waiting_of(self.state[c.id])
            if wait is None:
                continue
            result = {WAITING: "no trigger", STOOD_DOWN: "stood down"}.get(wait.status, "lost")
            if wait.status == STOOD_DOWN:
                for _, plan in self._after_wait(c.id, wait):
                    self._skipped(c.id, plan, round_number, "stood down")
            self.engine.emit("wait_ended", c.id, result=result, original=wait.original)

    # --- the order of turns ---------------------------------------------------------------

    def _initiative(self, cid: str) -> InitiativeState:
        found = initiative_of(self.state[cid])
        if found is None:
            raise AssertionError(f"{cid} has made no check")
        return found

    def _candidates(self) -> list[str]:
        """Who still has a turn to take this round."""
        out = []
        for c in self.encounter.combatants:
            me = self.state[c.id]
            standing = initiative_of(me)
            if me.down or c.id in self._done or standing is None:
                continue
            if standing.condition is Condition.STUNNED:
                continue
            wait = waiting_of(me)
            if wait is not None and wait.status in (WAITING, STOOD_DOWN):
                continue
            out.append(c.id)
        return out

    def _order(self, ids: list[str]) -> list[str]:
        found = coins(self.state)
        return list(
            turn_order(
                Turn(
                    cid,
                    self._initiative(cid).initiative,
                    combat_experience(self.state[cid].combatant),
                    found.get(cid, 0),
                )
                for cid in ids
            )
        )

    def _break_ties(self, ids: list[str], round_number: int) -> Steps:
        """A d100 for each combatant tied on initiative and Combat Experience who has none this
        round (higher goes first), logged as a `tie_break`."""
        groups: dict[tuple[int, int], list[str]] = {}
        for cid in ids:
            key = (self._initiative(cid).initiative, combat_experience(self.state[cid].combatant))
            groups.setdefault(key, []).append(cid)
        for (initiative, _), members in groups.items():
            have = coins(self.state)
            lacking = [cid for cid in members if cid not in have]
            if len(members) < 2 or not lacking:
                continue
            rolled: dict[str, int] = {}
            for cid in lacking:
                roll = yield NeedRoll(
                    RollRequest(
                        cid,
                        "tie_break",
                        "1d100",
                        f"tie at initiative {initiative}: "
                        f"{', '.join(self.state[m].combatant.name for m in members)}",
                        f"tie_break/r{round_number}/{cid}",
                    )
                )
                rolled[cid] = roll.total
            self.engine.emit("tie_break", None, ids=members, initiative=initiative, coins=rolled)

    def _turns(self, round_number: int) -> Steps:
        while True:
            candidates = self._candidates()
            if not candidates:
                return
            top = max(self._initiative(cid).initiative for cid in candidates)
            tied = [cid for cid in candidates if self._initiative(cid).initiative == top]
            yield from self._break_ties(tied, round_number)
            actor = self._order(tied)[0]
            slot = self.clock.slot_of(round_number, top)
            if slot > self.engine.now:
                yield Wait(slot)
            # Those who share the slot (equal initiatives, or 99 and above) share its unit.
            sharing = sum(
                1
                for cid in candidates
                if self.clock.slot_of(round_number, self._initiative(cid).initiative) == slot
            )
            slot_end = slot + (_ROUND_END_OFFSET if top == 0 else 1.0)
            end = self.engine.now + max(0.0, slot_end - self.engine.now) / sharing
            self._done.add(actor)
            yield from self._turn(actor, round_number, end)

    # --- a turn -----------------------------------------------------------------------------

    def _turn(self, actor: str, round_number: int, end: float) -> Steps:
        me = self.state[actor]
        standing = self._initiative(actor)
        label = (round_number, standing.initiative)
        wait = waiting_of(me)
        numbered = self._later.pop(actor, None)
        if numbered is None:
            numbered = list(enumerate(self.plans.get((actor, round_number), []), 1))
        if standing.condition is Condition.FROZEN:
            # "Frozen characters can't act or move during their turn."
            self.engine.emit("frozen", actor, label=label, reason="turn")
            for _, plan in numbered:
                self._skipped(actor, plan, round_number, "frozen")
            return
        if standing.condition is Condition.FLEEING:
            yield from self._flee(actor, round_number, end, label)
            for _, plan in numbered:
                self._skipped(actor, plan, round_number, "running and screaming")
            return
        if wait is not None and wait.status == ARMED:
            yield from self._readied(actor, wait, Window(end, 0.0))
            return
        if wait is not None and wait.status == LATER:
            # Two degrees on the abort: "he can act normally later during the combat round".
            self.engine.emit("wait_ended", actor, result="acts later", original=wait.original)
            numbered = self._after_wait(actor, wait)
        if not numbered:
            return
        n, first = numbered[0]
        if first.action == "drop":
            count = first.count if first.count is not None else 0
            refused = drop_refusal(standing, count)
            if refused is not None:
                self._skipped(actor, first, round_number, refused)
                numbered = numbered[1:]
            else:
                self.engine.emit(
                    "drop", actor, label=label, to=count, **{"from": standing.initiative}
                )
                # His turn moves to the new count, with the rest of his plans.
                self._later[actor] = numbered[1:]
                self._done.discard(actor)
                return
            if not numbered:
                return
            n, first = numbered[0]
        if first.action == "skip":
            self.engine.emit(
                "skip", actor, label=label, to=standing.initiative + SKIP_BONUS,
                **{"from": standing.initiative},
            )  # fmt: skip
            return
        if first.action == "wait":
            self._begin_wait(actor, first, f"{actor}.r{round_number}.{n}", label)
            return
        yield from self._act(actor, round_number, numbered, end)

    def _act(
        self, actor: str, round_number: int, numbered: list[tuple[int, Plan]], end: float
    ) -> Steps:
        me = self.state[actor]
        speed = me.combatant.speed
        window = Window(end, actions.turn_allowance(speed, [plan for _, plan in numbered]))
        self.engine.emit("acts", actor, label=self._label(actor), readied=False)
        yield from self._triggers(actor, "acts", window)
        for n, plan in numbered:
            yield from self._action(actor, plan, f"{actor}.r{round_number}.{n}", window)

    def _action(self, actor: str, plan: Plan, action_id: str, window: Window) -> Steps:
        """One of his plans: the triggers it sets off first (an interrupt may stun or drop
        him before it), then the action itself."""
        if self._able(actor):
            trigger = "attacks" if plan.action == "attack" else "starts_moving"
            yield from self._triggers(actor, trigger, window)
        if not self._able(actor):
            self._skipped(actor, plan, self.clock.round_of(self.engine.now), self._unable(actor))
            return
        label = self._label(actor)
        if plan.action in actions.MOVE_MULTIPLE:
            yield from actions.move(self.engine, self.walls, actor, plan, action_id, window, label)
        elif plan.action == "attack":
            target = plan.target
            assert target is not None
            hit = yield from actions.attack(
                self.engine, self.rules, actor, plan, target, action_id, label
            )
            if self.state[target].down:
                self._skip_rest(target, self._rest_of_turn(target), "down")
            rounds = whole(plan.extra, "stuns")
            if hit and rounds > 0:
                self._stun(target, actor, rounds)

    def _flee(self, actor: str, round_number: int, end: float, label: tuple[int, int]) -> Steps:
        speed = self.state[actor].combatant.speed
        reach = speed * actions.FLEE_MULTIPLE / 5
        run = yield from actions.run_and_scream(
            self.engine, self.walls, actor, round_number, Window(end, reach), label
        )
        if run.at_cover:
            # "... if he reaches it he freezes there."
            before = self._initiative(actor).condition
            self.engine.emit("frozen", actor, label=label, reason="cover")
            self._statuses(actor, before)

    # --- stuns ----------------------------------------------------------------------------------

    def _stun(self, target: str, by: str, rounds: int) -> None:
        """ "If character becomes stunned ... his initiative drop immediately to 0": until
        count 0 of the last of `rounds` rounds (1: this one), when he checks to recover."""
        them = self.state[target]
        standing = initiative_of(them)
        if them.down or standing is None:
            return
        rest = self._rest_of_turn(target)
        wait = waiting_of(them)
        if wait is not None:
            self.engine.emit("wait_ended", target, result="stunned", original=wait.original)
        round_now = self.clock.round_of(self.engine.now)
        until = max(round_now + rounds - 1, int(them.rules.get("stunned_until", 0)))
        difficulty = stun_recovery_difficulty(
            opening=standing.opening, fearless=standing.fearless, acted=standing.acted
        )
        self.engine.emit(
            "stunned",
            target,
            label=(round_now, 0),
            by=by,
            rounds=rounds,
            until_round=until,
            difficulty=difficulty,
            acted=standing.acted,
            opening=standing.opening,
            fearless=standing.fearless,
        )
        self._statuses(target, standing.condition)
        self._skip_rest(target, rest, "stunned")

    # --- waits ----------------------------------------------------------------------------------

    def _begin_wait(self, actor: str, plan: Plan, action_id: str, label: tuple[int, int]) -> None:
        trigger, readied = plan.trigger, plan.readied
        assert trigger is not None and readied is not None
        described: dict[str, Any] = {"event": trigger.event}
        if trigger.actor is not None:
            described["actor"] = trigger.actor
        self.engine.emit(
            "waits",
            actor,
            label=label,
            id=action_id,
            trigger=described,
            readied=readied.action,
            target=readied.target,
            original=self._initiative(actor).initiative,
            interrupt=plan_flag(plan, "interrupt"),
            abort=plan_flag(plan, "abort"),
        )

    def _wait_plan(self, actor: str, wait: Waiting) -> tuple[int, Plan]:
        n = int(wait.id.rsplit(".", 1)[1])
        return n, self.plans[(actor, wait.round)][n - 1]

    def _after_wait(self, actor: str, wait: Waiting) -> list[tuple[int, Plan]]:
        """His plans of the round after the wait (for an abort's "act normally later")."""
        n, _ = self._wait_plan(actor, wait)
        return list(enumerate(self.plans[(actor, wait.round)], 1))[n:]

    def _triggers(self, actor: str, what: str, window: Window) -> Steps:
        """`actor` is about to act, move or attack (`what`): those waiting for it react."""
        current = self._initiative(actor).initiative
        for c in self.encounter.combatants:
            if not self._able(actor):
                return
            waiter = self.state[c.id]
            wait = waiting_of(waiter)
            if wait is None or wait.status != WAITING or waiter.down or c.id == actor:
                continue
            if wait.trigger != what:
                continue
            if wait.by is not None and wait.by != actor:
                continue
            if wait.by is None and waiter.combatant.side == self.state[actor].combatant.side:
                continue
            yield from self._fire(c.id, wait, actor, what, current, window)

    def _fire(
        self, waiter: str, wait: Waiting, by: str, what: str, current: int, window: Window
    ) -> Steps:
        """`by`'s `what` sets off `waiter`'s wait at the `current` initiative."""
        _, plan = self._wait_plan(waiter, wait)
        label = self._label(by)
        self.engine.emit("triggered", waiter, label=label, by=by, trigger=what, current=current)
        own = list(wholes(plan.extra, "checks"))
        opposed = list(wholes(plan.extra, "opposed_checks"))
        me = self.state[waiter].combatant
        if wait.abort:
            roll = yield NeedRoll(
                _check(
                    waiter,
                    "abort",
                    self.rules.notation(combat_experience(me)),
                    f"{me.name} tries to abort (Combat Experience, difficulty {ABORT_DIFFICULTY})",
                    f"{wait.id}/abort",
                ),
                own.pop(0) if own else None,
            )
            result = abort(roll.total, current, self.rules)
            self.engine.emit(
                "abort",
                waiter,
                label=label,
                total=roll.total,
                roll=roll.detail,
                difficulty=ABORT_DIFFICULTY,
                degrees=result.check.degrees,
                result=str(result.result),
                to=result.initiative,
                current=current,
            )
            if result.result is AbortResult.STANDS_DOWN:
                return
            if result.result is AbortResult.ACTS_LATER:
                self._done.discard(waiter)
                return
        if wait.interrupt:
            them = self.state[by].combatant
            mine = yield NeedRoll(
                _check(
                    waiter,
                    "interrupt",
                    self.rules.notation(combat_experience(me)),
                    f"{me.name} tries to interrupt {them.name} (Combat Experience, opposed)",
                    f"{wait.id}/interrupt",
                ),
                own.pop(0) if own else None,
            )
            theirs = yield NeedRoll(
                _check(
                    by,
                    "interrupt",
                    self.rules.notation(combat_experience(them)),
                    f"{them.name} resists {me.name}'s interrupt (Combat Experience, opposed)",
                    f"{wait.id}/interrupt/{by}",
                ),
                opposed.pop(0) if opposed else None,
            )
            reaction = interrupt(
                waiting_total=mine.total, acting_total=theirs.total, current=current
            )
            self.engine.emit(
                "interrupt",
                waiter,
                label=(label[0], reaction.initiative),
                by=by,
                total=mine.total,
                opposed_total=theirs.total,
                roll=mine.detail,
                opposed_roll=theirs.detail,
                won=bool(reaction.won),
                to=reaction.initiative,
                current=current,
            )
            if reaction.before_trigger:
                # "In case the waiting character wins, his initiative is set to the same as the
                # current initiative": his action now, before the one that set it off.
                # It takes half the time left of the turn it interrupts.
                half = self.engine.now + max(0.0, window.end - self.engine.now) / 2
                yield from self._readied(waiter, wait, Window(half, 0.0))
                return
        else:
            reaction = after_trigger(current)
            self.engine.emit(
                "initiative_set",
                waiter,
                label=(label[0], reaction.initiative),
                to=reaction.initiative,
                reason="after trigger",
                **{"from": self._initiative(waiter).initiative},
            )
        # He takes his action at current - 1, after the one that set it off.
        self._done.discard(waiter)

    def _readied(self, actor: str, wait: Waiting, window: Window) -> Steps:
        """The readied action, as his turn: aimed at whoever set it off if it names no one."""
        _, plan = self._wait_plan(actor, wait)
        readied = plan.readied
        assert readied is not None
        fired_by = waiting_of(self.state[actor])
        by = fired_by.fired_by if fired_by is not None else None
        if readied.action == "attack" and readied.target is None and by is not None:
            readied = replace(readied, target=by)
        speed = self.state[actor].combatant.speed
        window.allowance = actions.turn_allowance(speed, [readied])
        self.engine.emit("acts", actor, label=self._label(actor), readied=True)
        yield from self._triggers(actor, "acts", window)
        yield from self._action(actor, readied, f"{wait.id}.readied", window)
        if waiting_of(self.state[actor]) is not None:
            self.engine.emit("wait_ended", actor, result="acted", original=wait.original)

    # --- small helpers ------------------------------------------------------------------------

    def _label(self, actor: str) -> tuple[int, int]:
        return (self.clock.round_of(self.engine.now), self._initiative(actor).initiative)

    def _able(self, actor: str) -> bool:
        me = self.state[actor]
        standing = initiative_of(me)
        return not me.down and standing is not None and standing.can_act

    def _unable(self, actor: str) -> str:
        me = self.state[actor]
        if me.down:
            return "down"
        standing = initiative_of(me)
        return str(standing.condition) if standing is not None else "no initiative"

    def _rest_of_turn(self, actor: str) -> list[tuple[int, Plan]]:
        """His plans still to come this round (to drop when he is stunned or down)."""
        round_number = self.clock.round_of(self.engine.now)
        wait = waiting_of(self.state[actor])
        if actor in self._later:
            return self._later.pop(actor)
        if wait is not None and wait.status == LATER:
            return self._after_wait(actor, wait)
        if actor in self._done or wait is not None:
            return []
        return list(enumerate(self.plans.get((actor, round_number), []), 1))

    def _skip_rest(self, actor: str, rest: list[tuple[int, Plan]], reason: str) -> None:
        round_number = self.clock.round_of(self.engine.now)
        for _, plan in rest:
            self._skipped(actor, plan, round_number, reason)

    def _skipped(self, actor: str, plan: Plan, round_number: int, reason: str) -> None:
        self.engine.emit(
            "plan_skipped", actor, action=plan.action, plan_round=round_number, reason=reason
        )

    def _statuses(self, actor: str, before: Condition | None) -> None:
        """`status` events for the condition he left and the one he is in now."""
        after = self._initiative(actor).condition
        if before == after:
            return
        if before in _STATUS:
            self.engine.emit("status", actor, status=_STATUS[before], on=False)
        if after in _STATUS:
            self.engine.emit("status", actor, status=_STATUS[after], on=True)


def _check(actor: str, purpose: str, notation: str, description: str, key: str) -> RollRequest:
    """A Combat Experience check: "A typed check result (the table rolled it) is always
    accepted", whatever the dice alone could give."""
    return RollRequest(actor, purpose, notation, description, key, any_total=True)
