"""One d12 fight on the engine: initiative, the round ticker and each combatant's turns.

Each combatant has one process that walks through his plans round by round: a plan begins on
his initiative count, or when the plan before it in the same round ends, so actions that run
past count 1 carry into the next round. The actions themselves live in actions.py.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Generator
from typing import Any

from battlemap.core.decisions import RollRequest, decision_key
from battlemap.core.encounter import Plan
from battlemap.core.engine import Engine, NeedRoll, Process, Wait
from battlemap.rulesets.d12.actions import ActionRunner
from battlemap.rulesets.d12.clock import UNITS_PER_ROUND
from battlemap.rulesets.d12.initiative import Contender, Initiative, tie_groups
from battlemap.rulesets.d12.tables import ACTION_UNITS, PHASE_ACT, PHASE_ROUND


class D12Fight:
    """The mutable context of one fight: initiative, acting order and the fixed rolls in play."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.encounter = engine.encounter
        self.initiative: dict[str, Initiative] = {}
        self.rank: dict[str, int] = {}
        #: Rolls fixed in the encounter file for each action in play (by action id), by
        #: purpose: they belong to their plan's action, never to an attack of opportunity.
        self.fixed_rolls: dict[str, dict[str, deque[int]]] = {}
        #: When each caster's last spell went off, to explain a blow at that same instant.
        self.spell_went_off: dict[str, float] = {}
        #: Each combatant's current plan and when its slot ends: an action cut short (a lost
        #: spell) still spends its slot, so he is not free to intercept until then.
        self.slot: dict[str, tuple[str, float]] = {}

    def start(self) -> None:
        self.engine.spawn(self._begin(), float("-inf"), phase=PHASE_ROUND)

    def fixed(self, action_id: str | None, purpose: str) -> int | None:
        """The next roll of `purpose` the file fixed for the plan of action `action_id`."""
        if action_id is None:
            return None
        queue = self.fixed_rolls.get(action_id, {}).get(purpose)
        return queue.popleft() if queue else None

    # --- initiative -------------------------------------------------------------------------

    def _begin(self) -> Process:
        for c in self.encounter.combatants:
            roll = yield NeedRoll(
                RollRequest(
                    c.id,
                    "initiative",
                    "1d12",
                    f"{c.name}'s initiative",
                    decision_key("initiative", c.id),
                ),
                c.initiative_roll,
            )
            self.initiative[c.id] = Initiative.from_roll(roll.total, c.init_mod)
        order, ties = yield from self._acting_order()
        self.rank = {cid: i for i, cid in enumerate(order)}
        # The fight begins with the first surprise round anyone earned, or round 1.
        first_round = min(1, *(i.first_round for i in self.initiative.values()))
        yield Wait(self.engine.clock.time_of(first_round, UNITS_PER_ROUND), PHASE_ROUND)
        for c in self.encounter.combatants:
            init = self.initiative[c.id]
            self.engine.emit(
                "initiative",
                c.id,
                # The header's round and count name the slot where he first acts.
                label=(init.first_round, init.count),
                roll=init.roll,
                modifier=init.modifier,
                total=init.total,
                surprise_rounds=init.surprise_rounds,
                penalty_rounds=init.penalty_rounds,
                first_round=init.first_round,
            )
        self.engine.emit("initiative_order", None, order=order, ties=ties)
        self.engine.spawn(self._rounds(first_round), self.engine.now, phase=PHASE_ROUND)
        runner = ActionRunner(self)
        for c in self.encounter.combatants:
            plans = [p for p in self.encounter.plans if p.actor == c.id]
            if plans:
                self.engine.spawn(
                    self._turns(c.id, plans, runner), self.engine.now, phase=PHASE_ACT
                )

    def _acting_order(self) -> Generator[Any, Any, tuple[list[str], list[dict[str, Any]]]]:
        contenders = [
            Contender(c.id, self.initiative[c.id].total, c.dex) for c in self.encounter.combatants
        ]
        order: list[str] = []
        ties: list[dict[str, Any]] = []
        for group in tie_groups(contenders):
            remaining = [c.id for c in group]
            if len(remaining) > 1:
                # A coin flip for two; for more, each die roll picks who goes next.
                picked: list[str] = []
                group_key = _tie_key(group[0].total, remaining)
                while len(remaining) > 1:
                    roll = yield NeedRoll(
                        RollRequest(
                            remaining[0],
                            "tie_break",
                            f"1d{len(remaining)}",
                            f"coin flip between {_names(remaining)}",
                            decision_key(group_key, f"pick{len(picked) + 1}"),
                        )
                    )
                    picked.append(remaining.pop(roll.total - 1))
                picked.extend(remaining)
                ties.append({"ids": picked, "total": group[0].total, "by": "coin flip"})
                remaining = picked
            order.extend(remaining)
        by_total: dict[int, list[Contender]] = {}
        for c in contenders:
            by_total.setdefault(c.total, []).append(c)
        for total in sorted(by_total, reverse=True):
            same = by_total[total]
            if len(same) > 1 and len({c.dex for c in same}) > 1:
                members = {c.id for c in same}
                ids = [cid for cid in order if cid in members]
                ties.append({"ids": ids, "total": total, "by": "dexterity"})
        return order, ties

    # --- rounds and turns -------------------------------------------------------------------

    def _rounds(self, first_round: int) -> Process:
        """Announce each round in which anything happens; rounds where nothing at all is
        scheduled are passed over (a plan 1000 rounds away must not announce 999 empty ones)."""
        clock = self.engine.clock
        round_number = first_round
        while True:
            yield Wait(clock.round_start(round_number), PHASE_ROUND)
            if not self.engine.has_work():
                return
            self.engine.emit("round_start", None)
            upcoming = self.engine.next_time()
            following = round_number + 1
            if upcoming is not None and upcoming >= clock.round_start(following):
                following = clock.round_of(upcoming)
            round_number = following

    def _turns(self, actor: str, plans: list[Plan], runner: ActionRunner) -> Process:
        init = self.initiative[actor]
        rank = self.rank[actor]
        clock = self.engine.clock
        count = init.count  # a delay changes it "from then on"
        by_round: dict[int, list[Plan]] = {}
        for p in plans:
            by_round.setdefault(p.round, []).append(p)
        for round_number in sorted(by_round):
            in_round = by_round[round_number]
            # Action ids are stable: who, which round, which of his plans in it. Decision keys
            # hang off them, so an edit elsewhere never renames this action's rolls.
            ids = {id(p): f"{actor}.r{round_number}.{n}" for n, p in enumerate(in_round, 1)}
            slot = clock.time_of(round_number, count)
            if slot >= self.engine.now:
                yield Wait(slot, PHASE_ACT, rank)
            if round_number < init.first_round:
                reason = (
                    "penalty round" if round_number >= 1 else "no surprise round for this combatant"
                )
                for plan in in_round:
                    self.engine.emit(
                        "plan_skipped",
                        actor,
                        action=plan.action,
                        plan_round=round_number,
                        reason=reason,
                    )
                continue
            start = slot
            if in_round[0].action == "delay":
                delay, in_round = in_round[0], in_round[1:]
                later = delay.count if delay.count is not None else count
                if later >= count:
                    self.engine.emit(
                        "plan_skipped",
                        actor,
                        action="delay",
                        plan_round=round_number,
                        reason=f"a delay must be to a later count than {count}",
                    )
                else:
                    # "act at a later count ...; his initiative becomes that count from then on"
                    self.engine.emit("delay", actor, from_count=count, to_count=later)
                    count = later
                    start = clock.time_of(round_number, count)
            for plan in in_round:
                # Even when the previous action ended this very instant, the next one waits for
                # the act phase: everything that completes at this instant goes first.
                yield Wait(max(start, self.engine.now), PHASE_ACT, rank)
                # A readied action set off late may still be running: the plan waits for it.
                busy = self.engine.state[actor].action
                while busy is not None and busy.end > self.engine.now:
                    yield Wait(busy.end, PHASE_ACT, rank)
                    busy = self.engine.state[actor].action
                # Held up that way (or by an intercept), the plan begins when he is free and
                # keeps its whole duration: its path and blows are timed from then.
                start = max(start, self.engine.now)
                if self.engine.state[actor].down:
                    self.engine.emit(
                        "plan_skipped",
                        actor,
                        action=plan.action,
                        plan_round=round_number,
                        reason="down",
                    )
                    start += ACTION_UNITS[plan.action]
                    continue
                self.slot[actor] = (plan.action, start + ACTION_UNITS[plan.action])
                yield from runner.run(actor, plan, start, ids[id(plan)], in_round)
                start += ACTION_UNITS[plan.action]


def _names(ids: list[str]) -> str:
    shown = ", ".join(ids[:6])
    return shown if len(ids) <= 6 else f"{shown} and {len(ids) - 6} more"


def _tie_key(total: int, ids: list[str]) -> str:
    """The key of one tie group's picks: its total and its members (a digest for big groups,
    so that a thousand-way tie does not write its whole roll call into every key)."""
    members = "+".join(sorted(ids))
    if len(ids) > 4:
        members = hashlib.sha256(members.encode()).hexdigest()[:16]
    return decision_key("tie_break", str(total), members)
