"""The Combat Experience state, rebuilt from the log by reducers.

Each combatant's `rules` holds his `InitiativeState` ("initiative", the pure core's value: his
count, condition, the check he owes, whether he has acted), how many initiative checks he has
made ("checks", which picks his next typed result), his wait ("wait", a `Waiting`) and the
round his stun ends in ("stunned_until"). The fight's `rules` holds the round's tie-break
coins ("coins"). The fight's processes read these and nothing else, so the state shown at any
moment is a replay of the log up to it.

The reducers call the pure rules (initiative.py) with the event's values: an `initiative`
event is a check, read again by `first_check`, `start_round` or `recover`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from battlemap.core.events import Event
from battlemap.core.standing import Standing
from battlemap.core.state import CORE_REDUCERS, CombatantState, Reducer, State
from battlemap.rulesets.combat_experience.fields import flag
from battlemap.rulesets.combat_experience.initiative import (
    Condition,
    InitiativeState,
    first_check,
    mark_acted,
    reach_cover,
    recover,
    set_initiative,
    skip_turn,
    start_round,
    stun,
)
from battlemap.rulesets.combat_experience.settings import CheckRules

#: A wait's states: waiting for the trigger; armed (the trigger came, he acts at his new
#: initiative); later (an abort with two degrees: a normal turn later this round); stood down
#: (an abort: nothing more this round).
WAITING, ARMED, LATER, STOOD_DOWN = "waiting", "armed", "later", "stood_down"


@dataclass(frozen=True)
class Waiting:
    """A combatant's wait: its action id, trigger (the event and whose action, None for any
    enemy), the readied action's name, the initiative he began waiting at and the round, his
    choices (interrupt, abort) and where it stands (WAITING, ARMED, LATER, STOOD_DOWN)."""

    id: str
    trigger: str
    by: str | None
    readied: str
    original: int
    round: int
    interrupt: bool
    abort: bool
    status: str = WAITING
    #: Who set it off, once the trigger came.
    fired_by: str | None = None


def initiative_of(c: CombatantState) -> InitiativeState | None:
    found = c.rules.get("initiative")
    return found if isinstance(found, InitiativeState) else None


def waiting_of(c: CombatantState) -> Waiting | None:
    found = c.rules.get("wait")
    return found if isinstance(found, Waiting) else None


def checks_made(c: CombatantState) -> int:
    return int(c.rules.get("checks", 0))


def coins(state: State) -> Mapping[str, int]:
    found = state.rules.get("coins")
    return found if isinstance(found, dict) else {}


def _put(c: CombatantState, initiative: InitiativeState) -> None:
    c.rules["initiative"] = initiative


def standing_of(state: State, combatant_id: str) -> Standing | None:
    """His initiative as the fight has it: the last check's total, and the count he acts on
    now (a drop, a skip, a stun or a trigger moves it)."""
    initiative = initiative_of(state[combatant_id])
    if initiative is None:
        return None
    return Standing(total=initiative.check.total, count=initiative.initiative)


def _current(state: State, event: Event) -> tuple[CombatantState, InitiativeState]:
    c = state[str(event.actor)]
    initiative = initiative_of(c)
    if initiative is None:
        raise ValueError(f"{event.type} for {event.actor} before his first check")
    return c, initiative


def make_reducers(rules: CheckRules) -> Mapping[str, Reducer]:
    """The reducers of the Combat Experience events, reading checks with `rules`."""

    def initiative(state: State, event: Event) -> None:
        c = state[str(event.actor)]
        total = int(event["total"])
        freezes = event["condition"] == Condition.FROZEN
        check = event["check"]
        before = initiative_of(c)
        if check == "opening" or before is None:
            after = first_check(
                opening=int(event["difficulty"]),
                fearless=flag(c.combatant.stats, "fearless"),
                total=total,
                rules=rules,
                freezes=freezes,
            )
        elif check == "recovery":
            after = recover(before, total, rules, freezes=freezes)
        else:
            after = start_round(before, total, rules)
        _put(c, after)
        c.rules["checks"] = checks_made(c) + 1
        c.rules.pop("stunned_until", None)

    def initiative_set(state: State, event: Event) -> None:
        c, before = _current(state, event)
        to = int(event["to"])
        if event["reason"] == "skip":
            _put(c, replace(before, initiative=to, next_round_initiative=None))
        else:
            _put(c, set_initiative(before, to))
        wait = waiting_of(c)
        if event["reason"] == "after trigger" and wait is not None:
            c.rules["wait"] = replace(wait, status=ARMED)

    def skip(state: State, event: Event) -> None:
        c, before = _current(state, event)
        _put(c, skip_turn(before))

    def drop(state: State, event: Event) -> None:
        c, before = _current(state, event)
        _put(c, set_initiative(before, int(event["to"])))

    core_action_start = CORE_REDUCERS["action_start"]

    def action_start(state: State, event: Event) -> None:
        """The shared reducer, then: an action of his own (not a run and scream) is acting."""
        core_action_start(state, event)
        c = state[str(event.actor)]
        before = initiative_of(c)
        if before is not None and before.can_act and event["action"] != "flee":
            _put(c, mark_acted(before))

    def frozen(state: State, event: Event) -> None:
        c, before = _current(state, event)
        if event["reason"] == "cover":
            _put(c, reach_cover(before))

    def stunned(state: State, event: Event) -> None:
        c, before = _current(state, event)
        _put(c, stun(before))
        c.rules["stunned_until"] = int(event["until_round"])
        c.rules.pop("wait", None)

    def waits(state: State, event: Event) -> None:
        c = state[str(event.actor)]
        trigger = event["trigger"]
        c.rules["wait"] = Waiting(
            id=str(event["id"]),
            trigger=str(trigger["event"]),
            by=trigger.get("actor"),
            readied=str(event["readied"]),
            original=int(event["original"]),
            round=event.round,
            interrupt=bool(event["interrupt"]),
            abort=bool(event["abort"]),
        )

    def triggered(state: State, event: Event) -> None:
        c = state[str(event.actor)]
        wait = waiting_of(c)
        if wait is not None:
            c.rules["wait"] = replace(wait, fired_by=str(event["by"]))

    def abort(state: State, event: Event) -> None:
        c, before = _current(state, event)
        wait = waiting_of(c)
        if wait is None:
            return
        if event["result"] == "stands_down":
            c.rules["wait"] = replace(wait, status=STOOD_DOWN)
        elif event["result"] == "acts_later":
            _put(c, set_initiative(before, int(event["to"])))
            c.rules["wait"] = replace(wait, status=LATER)

    def interrupt(state: State, event: Event) -> None:
        c, before = _current(state, event)
        _put(c, set_initiative(before, int(event["to"])))
        wait = waiting_of(c)
        if wait is not None:
            c.rules["wait"] = replace(wait, status=ARMED)

    def wait_ended(state: State, event: Event) -> None:
        c = state[str(event.actor)]
        c.rules.pop("wait", None)
        before = initiative_of(c)
        if event["result"] in ("no trigger", "stood down") and before is not None:
            _put(c, set_initiative(before, int(event["original"])))

    def round_start(state: State, event: Event) -> None:
        state.rules["coins"] = {}

    def tie_break(state: State, event: Event) -> None:
        found: dict[str, Any] = dict(coins(state))
        found.update({str(k): int(v) for k, v in event["coins"].items()})
        state.rules["coins"] = found

    return MappingProxyType(
        {
            "initiative": initiative,
            "initiative_set": initiative_set,
            "skip": skip,
            "drop": drop,
            "action_start": action_start,
            "frozen": frozen,
            "stunned": stunned,
            "waits": waits,
            "triggered": triggered,
            "abort": abort,
            "interrupt": interrupt,
            "wait_ended": wait_ended,
            "round_start": round_start,
            "tie_break": tie_break,
        }
    )
