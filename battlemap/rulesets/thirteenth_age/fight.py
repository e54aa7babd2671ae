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
   opportunity attacks first). At the end of his turn, ongoing damage, then its save (11+).

Every roll is keyed by what it is for (`<actor>.r<round>.<plan>/attack`, `/damage`,
`/disengage`, `/opportunity/<foe>/attack`, `<actor>.r<round>/death_save`, `/recovery`,
`/ongoing_save`), typed naturals coming from the file: `initiative_roll`, a plan's `rolls` and
`check`, a combatant's `death_saves` and `saves` in order.
"""

from __future__ import annotations

from collections.abc import Generator
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
from battlemap.rulesets.thirteenth_age.death_saves import DeathSaveResult, death_save
from battlemap.rulesets.thirteenth_age.disengage import disengage
from battlemap.rulesets.thirteenth_age.escalation import value_in_round
from battlemap.rulesets.thirteenth_age.fields import (
    abilities,
    initiative_bonus,
    is_pc,
    kind,
    level,
    recovery_die,
    typed,
    whole,
)
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

    def start(self) -> None:
        self.engine.spawn(self._fight(), self.clock.round_start(1))

    # --- rounds -------------------------------------------------------------------------------

    def _fight(self) -> Process:
        for round_number in range(1, self.last_round + 1):
            if round_number > 1 and self._settled():
                return
            yield Wait(self.clock.round_start(round_number))
            self.engine.emit("round_start", None)
            if round_number == 1:
                yield from self._initiative()
            # "At the start of the second round, the GM sets the escalation die at 1."
            # The event's own `round` (its header in the file) is the round the value is for.
            self.engine.emit("escalation", None, value=value_in_round(round_number))
            yield from self._turns(round_number)

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
            got = initiative_of(self.state[c.id])
            if got is not None:
                slots.append(slot_of(got))
        return list(turn_order(slots))

    def _turns(self, round_number: int) -> Steps:
        order = [a for a in self._order() if self._has_turn(a)]
        slots = [self.clock.slot_of(round_number, self._count(a)) for a in order]
        for index, actor in enumerate(order):
            slot = slots[index]
            sharing = slots.count(slot)
            place = slots[:index].count(slot)
            start, end = slot + place / sharing, slot + (place + 1) / sharing
            if start > self.engine.now:
                yield Wait(start)
            if self._has_turn(actor):
                yield from self._turn(actor, round_number, end, sharing)

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

    def _turn(self, actor: str, round_number: int, end: float, sharing: int) -> Steps:
        me = self.state[actor]
        plans = self.plans.get((actor, round_number), [])
        self.engine.emit("turn", actor, initiative=self._count(actor))
        if me.down:
            acts = yield from self._death_save(actor, round_number)
            if not acts:
                self._skip(actor, plans, round_number, _why_not(me))
                return
        moves = sum(1 for p in plans if p.action in MOVES)
        scale = max(1, moves) * sharing
        for n, plan in enumerate(plans, 1):
            if me.down:
                self._skip(actor, plans[n - 1 :], round_number, "down")
                break
            yield from self._action(actor, plan, f"{actor}.r{round_number}.{n}", scale)
        yield from self._end_of_turn(actor, round_number)

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
        check = disengage(roll.total, len(foes))
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
        if check.moves:
            yield from movement.move(
                self.engine, actor, plan, action_id, scale, self.walls, frozenset(foes)
            )

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
        roll = yield NeedRoll(
            RollRequest(
                actor, "save", "1d20", f"{me.combatant.name}'s save against ongoing damage",
                f"{actor}.r{round_number}/ongoing_save",
            ),
            typed(me.combatant, "saves", saves_made(me) + 1),
        )  # fmt: skip
        result = end_of_turn(effect, roll.total)
        self.engine.emit(
            "save",
            actor,
            natural=roll.total,
            needed=effect.save,
            success=result.saved,
            against="ongoing",
        )
        if result.saved:
            self.engine.emit("condition", actor, condition="ongoing", on=False, reason="saved")

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
