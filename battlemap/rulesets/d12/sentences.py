"""The d12 events as sentences (`battlemap simulate --text`, the log dock, timeline tooltips).

The shared narrator (core/narration.py) takes these over its own: d12's own events (attacks,
spells, Concentration, opportunities, readied actions, delays) and its way of telling shared
ones (its actions' verbs, the rolls an attack or a check already tells). The narrator puts the
moment in front, or "Initiative: " for initiative, the order and their rolls.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from battlemap.core.events import Event
from battlemap.core.narration import Sentence, tell_roll
from battlemap.rulesets.d12.clock import D12Clock
from battlemap.rulesets.d12.ids import PROVOKED

Name = Callable[[str | None], str]

_CLOCK = D12Clock()

_ACTION_WORDS: Mapping[str, str] = {
    "move": "moves",
    "double_move": "makes a double move",
    "run": "runs",
    "charge": "charges",
    "attack": "begins an attack",
    "full_attack": "begins a full attack",
    "cast": "begins casting",
    "standard": "takes a standard action",
    "full_round": "takes a full-round action",
    "follow": "gives chase",
    "withdraw": "withdraws",
    "intercept": "moves to intercept",
    "ready": "readies an action",
    "five_foot_step": "takes a 5-foot step",
    "move_equivalent": "takes a move-equivalent action",
}

_ACTION_NOUNS: Mapping[str, str] = {
    "standard": "standard action",
    "full_round": "full-round action",
    "double_move": "double move",
    "full_attack": "full attack",
    "cast": "casting",
    "five_foot_step": "5-foot step",
    "move_equivalent": "move-equivalent action",
}

#: Rolls told in the sentence of the check they decide (the attack, the Concentration check).
_TOLD_ELSEWHERE = frozenset({"attack", "damage", "concentration", "trip"})


def _noun(action: str) -> str:
    return _ACTION_NOUNS.get(action, action.replace("_", " "))


def _roll(e: Event, name: Name) -> str | None:
    if e["purpose"] in _TOLD_ELSEWHERE:
        return None
    return tell_roll(e, name)


def _initiative(e: Event, name: Name) -> str:
    extra = ""
    if e["surprise_rounds"]:
        extra = f", {e['surprise_rounds']} surprise round(s)"
    elif e["penalty_rounds"]:
        extra = f", {e['penalty_rounds']} penalty round(s)"
    sign = "+" if e["modifier"] >= 0 else "-"
    return (
        f"{name(e.actor)} {e['roll']} {sign} {abs(e['modifier'])} = {e['total']}: "
        f"acts at {e.count}{extra}, first in round {e['first_round']}"
    )


def _order(e: Event, name: Name) -> str:
    names = ", ".join(name(cid) for cid in e["order"])
    ties = "; ".join(
        f"{' before '.join(name(cid) for cid in tie['ids'])} by {tie['by']}" for tie in e["ties"]
    )
    return f"order on equal counts: {names}" + (f" (ties: {ties})" if ties else "")


def _action_start(e: Event, name: Name) -> str:
    who = name(e.actor)
    verb = _ACTION_WORDS.get(e["action"], e["action"])
    if e["action"] == "cast":
        spell = e["spell"]
        text = f"{who} begins casting {spell['name']} (level {spell['level']})"
    else:
        text = f"{who} {verb}"
    if e.get("target") is not None:
        preposition = "at" if e["action"] == "charge" else "on"
        text += f" {preposition} {name(e['target'])}"
    if e.get("destination"):
        x, y = e["destination"]
        text += f" toward ({x:g}, {y:g})"
        if e.get("cut"):
            x, y = e["path"][-1]
            text += f", but time runs out at ({x:.2f}, {y:.2f})"
    if e["ends"] == e.time:
        return f"{text}, taking no time"  # a 5-foot step
    return f"{text}, until {_CLOCK.label(e['ends'])}"


def _action_end(e: Event, name: Name) -> str:
    result = e["result"]
    if result == "done":
        return f"{name(e.actor)} finishes the {_noun(e['action'])}"
    return f"{name(e.actor)}'s {_noun(e['action'])} ends: {result}"


def _attack(e: Event, name: Name) -> str:
    who, whom = name(e.actor), name(e["target"])
    if str(e["attack"]).startswith("trip"):
        outcome = "touches" if e["hit"] else "miss"
    else:
        outcome = f"hit for {e['damage']}" if e["hit"] else "miss"
    natural = " (natural 20)" if e["roll"] == 20 else " (natural 1)" if e["roll"] == 1 else ""
    dice = f"d20 {e['roll']} + {e['bonus']}"
    if e.get("damage_roll"):
        dice += f"; damage {e['damage_roll']}"
    return (
        f"{who} attacks {whom} with {e['attack']}: {e['total']} vs AC {e['ac']}, "
        f"{outcome}{natural} [{dice}]"
    )


def _blow_skipped(e: Event, name: Name) -> str:
    who, whom = name(e.actor), name(e["target"])
    if e["reason"] == "out of reach":
        return f"{who} cannot reach {whom} ({e['distance']:g} ft away)"
    return f"{who} holds the blow: {whom} {e['reason'].removeprefix('target ')}"


def _spell_effect(e: Event, name: Name) -> str:
    target = f" on {name(e['target'])}" if e.get("target") else ""
    return f"{name(e.actor)}'s {e['spell']} goes off{target}"


def _concentration(e: Event, name: Name) -> str:
    verdict = "keeps the spell" if e["success"] else "fails"
    if e.get("defensively"):
        return (
            f"{name(e.actor)} casts defensively: {e['total']} vs DC {e['dc']}, {verdict} "
            f"[d20 {e['roll']} + {e['bonus']}]"
        )
    return (
        f"{name(e.actor)} must concentrate: {e['total']} vs DC {e['dc']}, {verdict} "
        f"[d20 {e['roll']} + {e['bonus']}]"
    )


def _trip(e: Event, name: Name) -> str:
    who, whom = name(e.actor), name(e["target"])
    if "total" not in e:
        return f"{who} fails to trip {whom} ({e['reason']})"
    verdict = "trips" if e["success"] else "fails to trip"
    return (
        f"{who} {verdict} {whom}: Strength {e['total']} vs {e['resist_total']} "
        f"[d20 {e['roll']} {e['modifier']:+d} vs d20 {e['resist_roll']} "
        f"{e['resist_modifier']:+d}]"
    )


def _ac_modifier(e: Event, name: Name) -> str:
    return (
        f"{name(e.actor)} has {e['amount']:+d} AC ({e['reason']}) until {_CLOCK.label(e['until'])}"
    )


def _plan_skipped(e: Event, name: Name) -> str:
    return (
        f"{name(e.actor)} does not act in round {e['plan_round']} ({e['reason']}): "
        f"the planned {_noun(e['action'])} is dropped"
    )


def _aoo(e: Event, name: Name) -> str:
    who, whom = name(e.actor), name(e["target"])
    verdict = "takes it" if e["taken"] else "declines"
    if PROVOKED in str(e.get("key", "")):
        return (
            f"{whom}'s action provokes {who} (3e: casting, shooting or standing up within "
            f"reach): attack of opportunity, {who} {verdict}"
        )
    return (
        f"{whom} leaves a square {who} threatens at ({e['x']:.2f}, {e['y']:.2f}): "
        f"attack of opportunity, {who} {verdict}"
    )


def _intercept(e: Event, name: Name) -> str:
    who, whom = name(e.actor), name(e["target"])
    where = f"({e['x']:.2f}, {e['y']:.2f}) at {_CLOCK.label(e['at'])}"
    if e["taken"]:
        return f"{who} sets off to intercept {whom}, meeting at {where}"
    return f"{who} could intercept {whom} at {where}, but holds back"


def _triggered(e: Event, name: Name) -> str:
    return f"{name(e.actor)}'s readied action goes off ({e['trigger'].replace('_', ' ')}" + (
        f", by {name(e['by'])})" if e.get("by") else ")"
    )


def _delay(e: Event, name: Name) -> str:
    return (
        f"{name(e.actor)} delays: acts at {e['to_count']} instead of {e['from_count']} from now on"
    )


#: d12's sentences by event type, over the shared narrator's.
SENTENCES: Mapping[str, Sentence] = MappingProxyType(
    {
        "roll": _roll,
        "initiative": _initiative,
        "initiative_order": _order,
        "action_start": _action_start,
        "action_end": _action_end,
        "attack": _attack,
        "blow_skipped": _blow_skipped,
        "spell_effect": _spell_effect,
        "concentration_check": _concentration,
        "spell_lost": lambda e, name: f"{name(e.actor)} loses the spell {e['spell']}",
        "ac_modifier": _ac_modifier,
        "plan_skipped": _plan_skipped,
        "aoo": _aoo,
        "intercept": _intercept,
        "order_note": lambda e, name: f"(at the same moment: {e['note']})",
        "triggered": _triggered,
        "delay": _delay,
        "trip": _trip,
        "prone": lambda e, name: f"{name(e.actor)} falls prone at ({e['x']:.2f}, {e['y']:.2f})",
        "stand_up": lambda e, name: f"{name(e.actor)} stands up",
        "flat_footed_ends": lambda e, name: f"{name(e.actor)}'s count comes: no longer flat-footed",
    }
)
