"""One 13th Age fight on the engine: initiative, the escalation die, and each turn in order.

One process runs the fight, round by round:

1. **The start** of each round (count 50): the `escalation` die's value for the round (0 in
   round 1, then +1 a round to 6; PCs add it to their attacks). In round 1, before it, every
   roll group's d20 (a PC alone, or all monsters of one `kind` sharing one roll,
   `initiative/<id>` or `initiative/kind:<n>`) and each combatant's `initiative`, then the
   order (`initiative_order`): highest first, PCs first on a tie, then the higher bonus, then
   the id (initiative.turn_order).
2. **Turns in that order**, each in its count's slot (clock.py); combatants on one count split
   the slot's unit. A PC at 0 hp or below makes a death save first (16+ spends a recovery and
   wakes at the healing it rolls, acting only on a natural 20; the fourth failure kills). Then
   his plans for the round in order: `move` (movement.py), `disengage` (a normal save with -1
   per foe beyond the first: success moves without opportunity attacks from them, failure loses
   the move and stays engaged), `attack` (combat.py; a ranged attack while engaged draws
   opportunity attacks first; a hit may put on a condition, conditions_in_play.py), `delay`
   (his turn and initiative move down to the plan's count), `ready` (the readied action waits
   for its trigger's next turn and goes off just before it; his initiative becomes the
   trigger's count, ahead of it). Conditions bar what they forbid (stunned, stuck, grabbed).
   At the end of his turn, ongoing damage, then its save (11+); then a save (11+) against each
   "save ends" condition, and the end of those lasting "until the end of his next turn".
3. The escalation die is held or reset in the rounds the encounter's options name.

Every roll is keyed by what it is for (`<actor>.r<round>.<plan>/attack`, `/damage`,
`/disengage`, `/opportunity/<foe>/attack`, `<actor>.r<round>/death_save`, `/recovery`,
`/ongoing_save`), typed naturals coming from the file: `initiative_roll`, a plan's `rolls` and
`check`, a combatant's `death_saves` and `saves` in order.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import Any

from battlemap.core.decisions import ChoiceRequest, RollRequest
from battlemap.core.encounter import Plan
from battlemap.core.engine import Engine, NeedChoice, NeedRoll, Process, Wait
from battlemap.core.state import CombatantState
from battlemap.geometry.walls import wall_index
from battlemap.rulesets.thirteenth_age import movement
from battlemap.rulesets.thirteenth_age.abilities import Abilities
from battlemap.rulesets.thirteenth_age.clock import ThirteenthAgeClock
from battlemap.rulesets.thirteenth_age.combat import (
    attack,
    health_of,
    set_staggered,
    take_damage,
    update_engagement,
)
from battlemap.rulesets.thirteenth_age.conditions import Condition
from battlemap.rulesets.thirteenth_age.conditions_in_play import effects_on, text_conditions
from battlemap.rulesets.thirteenth_age.death_saves import DeathSaveResult, death_save
from battlemap.rulesets.thirteenth_age.disengage import disengage
from battlemap.rulesets.thirteenth_age.escalation import EscalationDie, next_round, reset
from battlemap.rulesets.thirteenth_age.fields import (
    abilities,
    initiative_bonus,
    is_pc,
    kind,
    level,
    recovery_die,
    typed,
    whole,
    whole_list,
)
from battlemap.rulesets.thirteenth_age.held_actions import HeldReady, ready_trigger
from battlemap.rulesets.thirteenth_age.hit_points import heal, staggered
from battlemap.rulesets.thirteenth_age.initiative import (
    Entrant,
    initiatives,
    roll_groups,
    slot_of,
    turn_order,
)
from battlemap.rulesets.thirteenth_age.ongoing import OngoingDamage, end_of_turn
from battlemap.rulesets.thirteenth_age.recoveries import (
    Recoveries,
    recovery_notation,
    use_recovery,
)
from battlemap.rulesets.thirteenth_age.reducers import (
    ahead_of,
    conditions_of,
    death_failures,
    death_saves_made,
    engaged_with,
    has,
    initiative_of,
    recoveries_left,
    saves_made,
)
from battlemap.rulesets.thirteenth_age.saves import SaveDifficulty

Steps = Generator[Any, Any, Any]

#: The actions that spend a move action.
MOVES = ("move", "disengage")


class ThirteenthAgeFight:
    """Runs one encounter by the 13th Age rules on `engine`."""

    def __init__(self, engine: Engine, clock: ThirteenthAgeClock) -> None:
        self.engine = engine
        self.state = engine.state
        self.encounter = engine.encounter
        self.clock = clock
        self.walls = wall_index(
            tuple(tuple((float(x), float(y)) for x, y in w) for w in self.encounter.map.walls)
        )
        self.plans: dict[tuple[str, int], list[Plan]] = {}
        for plan in self.encounter.plans:
            self.plans.setdefault((plan.actor, plan.round), []).append(plan)
        self.last_round = max((p.round for p in self.encounter.plans), default=1)
        # Process-local: what each combatant holds. A delay's remaining plans (taken at his
        # new count), a readied action waiting for its trigger, and the conditions that end
        # at the end of his turn (those he had when it began, lasting "until the end of his
        # next turn"). A replay reruns the fight, so these are rebuilt with it.
        self.delayed: dict[str, list[tuple[int, Plan]]] = {}
        self.readied: dict[str, HeldReady] = {}
        self.lasting: dict[str, set[Condition]] = {}
        # Where each combatant's current turn began in the log (a disengage asks whether he
        # hit his grabber this turn).
        self.turn_began: dict[str, int] = {}

    def start(self) -> None:
        self.engine.spawn(self._fight(), self.clock.round_start(1))

    # --- rounds -------------------------------------------------------------------------------

    def _fight(self) -> Process:
        die = EscalationDie(0, 1)
        for round_number in range(1, self.last_round + 1):
            if round_number > 1 and self._settled():
                return
            yield Wait(self.clock.round_start(round_number))
            self.engine.emit("round_start", None)
            if round_number == 1:
                yield from self._initiative()
            # "At the start of the second round, the GM sets the escalation die at 1."
            # The event's own `round` (its header in the file) is the round the value is for.
            die = self._escalation(die, round_number)
            yield from self._turns(round_number)

    def _escalation(self, die: EscalationDie, round_number: int) -> EscalationDie:
        """The die for `round_number`: +1 a round to 6, unless the encounter's options have the
        GM hold it that round ("the escalation die doesn't advance") or reset it ("If combat
        virtually ceases, the escalation die resets to 0")."""
        held = round_number in whole_list(self.encounter.options, "escalation_held")
        resets = round_number in whole_list(self.encounter.options, "escalation_reset")
        if round_number > 1:
            die = next_round(die, held=held)
        if resets:
            die = reset(die)
        self.engine.emit(
            "escalation", None, value=die.value, held=held and round_number > 1, reset=resets
        )
        return die

    def _settled(self) -> bool:
        """Over when fewer than two sides have anyone standing."""
        return len({c.combatant.side for c in self.state.combatants.values() if not c.down}) < 2

    def _initiative(self) -> Steps:
        entrants = [
            Entrant(c.id, initiative_bonus(c), is_pc(c), _kind_word(kind(c)))
            for c in self.encounter.combatants
        ]
        naturals: dict[str, int] = {}
        for group, members in roll_groups(entrants).items():
            first = self.encounter.combatant(members[0])
            fixed = next(
                (
                    r
                    for r in (self.encounter.combatant(m).initiative_roll for m in members)
                    if r is not None
                ),
                None,
            )
            shared = f" (shared by {len(members)})" if len(members) > 1 else ""
            roll = yield NeedRoll(
                RollRequest(
                    first.id,
                    "initiative",
                    "1d20",
                    f"{first.name}'s initiative{shared}",
                    f"initiative/{group}",
                ),
                fixed,
            )
            naturals[group] = roll.total
        found = initiatives(entrants, naturals)
        for entrant in entrants:
            got = found[entrant.actor]
            self.engine.emit(
                "initiative",
                entrant.actor,
                natural=got.natural,
                bonus=got.bonus,
                total=got.total,
                pc=got.pc,
                shared=entrant.kind if not entrant.pc and entrant.kind else None,
            )
        order = self._order()
        self.engine.emit(
            "initiative_order", None, order=order, totals=[found[a].total for a in order]
        )
        for c in self.encounter.combatants:
            update_engagement(self.engine, c.id)

    def _order(self) -> list[str]:
        slots = []
        for c in self.encounter.combatants:
            me = self.state[c.id]
            got = initiative_of(me)
            if got is not None:
                slots.append(replace(slot_of(got), ahead_of=ahead_of(me)))
        return list(turn_order(slots))

    def _turns(self, round_number: int) -> Steps:
        """Each turn in order, in its count's slot. The order is read again after every turn:
        a delay moves a combatant down to his new count, and a readied action goes off just
        before its trigger's turn."""
        counts = {a: self._count(a) for a in self._order() if self._has_turn(a)}
        done: set[str] = set()
        # A delay lasts within its round (a delayer who fell before his count lost it).
        self.delayed.clear()
        while True:
            order = [a for a in self._order() if a in counts and a not in done]
            actor = next((a for a in order if self._has_turn(a)), None)
            if actor is None:
                return
            count = counts[actor]
            on_count = [a for a in self._order() if counts.get(a) == count]
            sharing, place = len(on_count), on_count.index(actor)
            slot = self.clock.slot_of(round_number, count)
            start = slot + place / sharing
            if start > self.engine.now:
                yield Wait(start)
            delayed = self.delayed.pop(actor, None)
            if delayed is not None:
                # "act normally on whatever initiative count you decide to act"
                yield from self._readied_before(actor, round_number, done, sharing)
                if self._has_turn(actor):
                    self.engine.emit("turn", actor, initiative=self._count(actor), delayed=True)
                    yield from self._plans(actor, round_number, delayed, sharing)
                    yield from self._end_of_turn(actor, round_number)
                done.add(actor)
                continue
            plans = list(enumerate(self.plans.get((actor, round_number), []), 1))
            first = plans[0][1] if plans else None
            if first is not None and first.action == "delay" and self._delays(actor, first):
                counts[actor] = self._count(actor)
                self.delayed[actor] = plans[1:]
                continue
            yield from self._readied_before(actor, round_number, done, sharing)
            if self._has_turn(actor):
                yield from self._turn(actor, round_number, plans, sharing)
            done.add(actor)

    def _delays(self, actor: str, plan: Plan) -> bool:
        """ "you take no action and then act normally on whatever initiative count you decide
        to act ... Your initiative result becomes the count on which you took the delayed
        action." Only a count below his own is later in this round; another is refused."""
        now = self._count(actor)
        if self.state[actor].down:
            return False  # his death save comes first; the turn skips the delay with the rest
        if plan.count is None or plan.count >= now:
            self._skip(actor, [plan], plan.round, f"a delay must name a count below {now}")
            return False
        self.engine.emit("turn", actor, initiative=now)
        self.engine.emit("delay", actor, count=plan.count, initiative=now)
        return True

    def _readied_before(
        self, trigger: str, round_number: int, done: set[str], sharing: int
    ) -> Steps:
        """ "The action occurs just before the action that triggers it": every action readied
        against `trigger`, in the order they were readied. "your initiative result is the count
        on which you took the readied action, and you act immediately ahead of the character
        whose action triggered your readied action"; taken in the next round, before his own
        turn came up, "you do not get your regular action that round"."""
        for readier, held in list(self.readied.items()):
            if held.trigger != trigger:
                continue
            del self.readied[readier]
            why = "down" if self.state[readier].down else self._barred(readier, held.plan)
            if why is not None:
                self.engine.emit("ready_lost", readier, trigger=trigger, reason=why)
                continue
            loses = round_number == held.round + 1
            self.engine.emit(
                "readied_action",
                readier,
                trigger=trigger,
                count=self._count(trigger),
                action=held.plan.action,
                loses_regular_turn=loses,
            )
            if loses:
                done.add(readier)
            yield from self._action(readier, held.plan, held.action_id, sharing * 2)

    def _count(self, actor: str) -> int:
        got = initiative_of(self.state[actor])
        assert got is not None
        return got.total

    def _has_turn(self, actor: str) -> bool:
        """Standing, or a PC dying (he makes his death saves); never the dead or slain."""
        me = self.state[actor]
        if has(me, "dead"):
            return False
        return not me.down or is_pc(me.combatant)

    # --- a turn -----------------------------------------------------------------------------

    def _turn(
        self, actor: str, round_number: int, plans: list[tuple[int, Plan]], sharing: int
    ) -> Steps:
        me = self.state[actor]
        self.engine.emit("turn", actor, initiative=self._count(actor))
        held = self.readied.pop(actor, None)
        if held is not None:
            # "If you come to your next action and have not yet performed an action, you don't
            # get to take" it: the readied action is lost when his own turn comes.
            self.engine.emit("ready_lost", actor, trigger=held.trigger, reason="his turn came")
        if me.down:
            acts = yield from self._death_save(actor, round_number)
            if not acts:
                self._skip(actor, [p for _, p in plans], round_number, _why_not(me))
                return
        yield from self._plans(actor, round_number, plans, sharing)
        yield from self._end_of_turn(actor, round_number)

    def _plans(
        self, actor: str, round_number: int, plans: list[tuple[int, Plan]], sharing: int
    ) -> Steps:
        me = self.state[actor]
        self.lasting[actor] = {
            c for c, f in text_conditions(me).items() if f.get("lasts") == "next_turn"
        }
        self.turn_began[actor] = len(self.engine.log)
        moves = sum(1 for _, p in plans if p.action in MOVES)
        scale = max(1, moves) * sharing
        for place, (n, plan) in enumerate(plans):
            if me.down:
                self._skip(actor, [p for _, p in plans[place:]], round_number, "down")
                break
            action_id = f"{actor}.r{round_number}.{n}"
            why = self._barred(actor, plan)
            if why is not None:
                self._skip(actor, [plan], round_number, why)
                continue
            if plan.action == "delay":
                continue  # refused at his turn (plan_skipped says why)
            if plan.action == "ready":
                self._ready(actor, plan, action_id, round_number)
                continue
            yield from self._action(actor, plan, action_id, scale)

    def _barred(self, actor: str, plan: Plan) -> str | None:
        """What his conditions forbid of `plan`, or None."""
        effects = effects_on(self.state[actor])
        if effects.cannot_act:
            return "stunned: no actions"  # "can't take any actions"
        if effects.cannot_move and plan.action in MOVES:
            return "stuck: no moving or disengaging"
        grabbed = Condition.GRABBED in text_conditions(self.state[actor])
        if grabbed and plan.action == "move":
            return "grabbed: he can't move away unless he disengages"
        if plan.action == "attack" and effects.no_ranged_attacks:
            profile = self.state[actor].combatant.attack_named(plan.attack)
            if profile is not None and profile.range is not None:
                return "grabbed: no ranged attacks"
        return None

    def _ready(self, actor: str, plan: Plan, action_id: str, round_number: int) -> None:
        """ "Readying is a standard action": the readied action waits for its trigger."""
        assert plan.readied is not None  # validation's promise
        trigger = ready_trigger(plan)
        self.readied[actor] = HeldReady(round_number, trigger, plan.readied, action_id)
        self.engine.emit("ready", actor, trigger=trigger, action=plan.readied.action)

    def _action(self, actor: str, plan: Plan, action_id: str, scale: int) -> Steps:
        if plan.action == "move":
            yield from movement.move(self.engine, actor, plan, action_id, scale, self.walls)
        elif plan.action == "disengage":
            yield from self._disengage(actor, plan, action_id, scale)
        elif plan.action == "attack":
            yield from self._attack(actor, plan, action_id)

    def _disengage(self, actor: str, plan: Plan, action_id: str, scale: int) -> Steps:
        """ "roll a normal save (11+) ... -1 penalty for each foe beyond the first": success
        moves without opportunity attacks from them; failure loses the move, still engaged.
        Not engaged, he needs no check and simply moves."""
        foes = engaged_with(self.state, actor)
        if not foes:
            yield from movement.move(self.engine, actor, plan, action_id, scale, self.walls)
            return
        fixed = whole(plan.extra, "check", 0) or None
        roll = yield NeedRoll(
            RollRequest(
                actor,
                "disengage",
                "1d20",
                f"{self.state[actor].combatant.name} tries to disengage from {len(foes)}",
                f"{action_id}/disengage",
            ),
            fixed,
        )
        grab = text_conditions(self.state[actor]).get(Condition.GRABBED)
        check = disengage(
            roll.total,
            len(foes),
            grabbed=grab is not None,
            hit_grabber=grab is not None and self._hit_this_turn(actor, str(grab.get("source"))),
        )
        self.engine.emit(
            "disengage",
            actor,
            natural=check.natural,
            penalty=check.penalty,
            foes=foes,
            roll=check.roll,
            needed=check.needed,
            success=check.success,
        )
        if check.moves and grab is not None:
            self.engine.emit("condition", actor, condition="grabbed", on=False, reason="disengaged")
        if check.moves:
            yield from movement.move(
                self.engine, actor, plan, action_id, scale, self.walls, frozenset(foes)
            )

    def _hit_this_turn(self, actor: str, target: str) -> bool:
        """ "unless you hit the creature that is grabbing you the same turn": his attacks
        logged since his turn began."""
        log = self.engine.log
        return any(
            log[i].type == "attack" and log[i].actor == actor and log[i]["target"] == target
            and log[i]["hit"]
            for i in range(self.turn_began.get(actor, len(log)), len(log))
        )  # fmt: skip

    def _attack(self, actor: str, plan: Plan, action_id: str) -> Steps:
        me = self.state[actor]
        profile = me.combatant.attack_named(plan.attack)
        target = plan.target
        assert profile is not None and target is not None  # validation's promise
        if profile.range is not None:
            # "Ranged attacks ... while engaged": each foe he is engaged with may attack first.
            for foe in engaged_with(self.state, actor):
                basic = movement.basic_melee(self.engine, foe)
                if basic is None or self.state[foe].down:
                    continue
                if effects_on(self.state[foe]).no_opportunity_attacks:
                    continue  # confused or grabbed
                here = me.position_at(self.engine.now)
                key = f"{action_id}/opportunity/{foe}"
                taken = yield NeedChoice(
                    ChoiceRequest(
                        "opportunity_attack",
                        foe,
                        actor,
                        here[0],
                        here[1],
                        self.engine.now,
                        f"{self.state[foe].combatant.name} may attack {me.combatant.name} "
                        "shooting while engaged",
                        key,
                    )
                )
                if taken:
                    yield from attack(self.engine, foe, actor, basic, key, opportunity=True)
                if me.down:
                    return
        yield from attack(self.engine, actor, target, profile, action_id, plan)

    # --- the start and end of a turn ----------------------------------------------------------

    def _death_save(self, actor: str, round_number: int) -> Generator[Any, Any, bool]:
        """The death save at the start of a dying PC's turn; True if he acts this turn."""
        me = self.state[actor]
        c = me.combatant
        roll = yield NeedRoll(
            RollRequest(
                actor, "death_save", "1d20", f"{c.name}'s death save",
                f"{actor}.r{round_number}/death_save",
            ),
            typed(c, "death_saves", death_saves_made(me) + 1),
        )  # fmt: skip
        save = death_save(roll.total, death_failures(me))
        self.engine.emit(
            "death_save",
            actor,
            natural=save.natural,
            total=save.total,
            needed=int(SaveDifficulty.HARD),
            result=str(save.result),
            failures=save.failures,
        )
        if save.result is DeathSaveResult.DIES:
            self.engine.emit("condition", actor, condition="dead", on=True, reason="death saves")
            return False
        if save.result not in (DeathSaveResult.RECOVERS, DeathSaveResult.RECOVERS_AND_ACTS):
            return False
        yield from self._recover(actor, round_number)
        return save.result is DeathSaveResult.RECOVERS_AND_ACTS

    def _recover(self, actor: str, round_number: int) -> Steps:
        """ "use a recovery to return to consciousness and heal up to the number of hit points
        you rolled": healing from 0."""
        me = self.state[actor]
        c = me.combatant
        scores = abilities(c) or Abilities()
        notation = recovery_notation(max(1, level(c)), recovery_die(c), scores.constitution)
        roll = yield NeedRoll(
            RollRequest(
                actor, "recovery", notation, f"{c.name}'s recovery",
                f"{actor}.r{round_number}/recovery",
            )
        )  # fmt: skip
        used = use_recovery(Recoveries(recoveries_left(me)), roll.total)
        health = heal(health_of(self.engine, actor), used.healing)
        self.engine.emit(
            "healed",
            actor,
            amount=used.healing,
            hp=health.hp,
            recoveries=used.recoveries.left,
            reason="death save",
        )
        self.engine.emit("status", actor, status="down", on=False)
        self.engine.emit("condition", actor, condition="dying", on=False)
        if staggered(health):
            set_staggered(self.engine, actor, True)
        update_engagement(self.engine, actor)

    def _end_of_turn(self, actor: str, round_number: int) -> Steps:
        yield from self._ongoing(actor, round_number)
        yield from self._condition_saves(actor, round_number)

    def _ongoing(self, actor: str, round_number: int) -> Steps:
        """ "takes that damage at the end of its turn immediately before it rolls its save (11+
        unless otherwise specified)"."""
        me = self.state[actor]
        ongoing = conditions_of(me).get("ongoing")
        if ongoing is None or me.down:
            return
        effect = OngoingDamage(int(ongoing["amount"]))
        take_damage(self.engine, actor, effect.amount, "ongoing")
        if not has(me, "ongoing"):
            return  # dropped by it: the effect ends with his fall
        roll = yield from self._save(
            actor, f"{actor}.r{round_number}/ongoing_save", "ongoing damage"
        )
        result = end_of_turn(effect, roll)
        self.engine.emit(
            "save",
            actor,
            natural=roll,
            needed=effect.save,
            success=result.saved,
            against="ongoing",
        )
        if result.saved:
            self.engine.emit("condition", actor, condition="ongoing", on=False, reason="saved")

    def _condition_saves(self, actor: str, round_number: int) -> Steps:
        """The conditions an attack put on him end: "save ends" ones on a normal save (11+) at
        the end of each of his turns, the others at the end of his next turn (the first of his
        turns that began with them on)."""
        me = self.state[actor]
        lasting = self.lasting.pop(actor, set())
        for condition, fields in text_conditions(me).items():
            if fields.get("lasts") == "next_turn":
                if condition in lasting:
                    self.engine.emit(
                        "condition", actor, condition=condition.value, on=False,
                        reason="end of his turn",
                    )  # fmt: skip
                continue
            if me.down:
                continue
            key = f"{actor}.r{round_number}/save/{condition.value}"
            natural = yield from self._save(actor, key, condition.value)
            needed = int(SaveDifficulty.NORMAL)
            self.engine.emit(
                "save",
                actor,
                natural=natural,
                needed=needed,
                success=natural >= needed,
                against=condition.value,
            )
            if natural >= needed:
                self.engine.emit(
                    "condition", actor, condition=condition.value, on=False, reason="saved"
                )

    def _save(self, actor: str, key: str, against: str) -> Generator[Any, Any, int]:
        """A save's natural d20: his next typed one (`saves`, in order) or rolled."""
        me = self.state[actor]
        roll = yield NeedRoll(
            RollRequest(
                actor, "save", "1d20", f"{me.combatant.name}'s save against {against}", key
            ),
            typed(me.combatant, "saves", saves_made(me) + 1),
        )
        return int(roll.total)

    def _skip(self, actor: str, plans: list[Plan], round_number: int, reason: str) -> None:
        for plan in plans:
            self.engine.emit(
                "plan_skipped", actor, action=plan.action, plan_round=round_number, reason=reason
            )


def _why_not(me: CombatantState) -> str:
    """Why a PC who made a death save does not act: dead, still dying, or just woken (only a
    natural 20 acts that turn)."""
    if has(me, "dead"):
        return "dead"
    if me.down:
        return "unconscious"
    return "woke from a death save under 20"


def _kind_word(found: int | None) -> str | None:
    return None if found is None else str(found)
