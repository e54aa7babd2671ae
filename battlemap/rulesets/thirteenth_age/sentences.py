"""The 13th Age events as sentences (`battlemap simulate --text`, the log dock).

The shared narrator puts the moment in front ("Round 2, initiative 17: ") or, for initiative
and the order, "Initiative: ".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from battlemap.core.events import Event
from battlemap.core.narration import Sentence, tell_roll

Name = Callable[[str | None], str]

#: Rolls told by the sentence of what they decide.
_TOLD_ELSEWHERE = frozenset({"initiative", "attack", "damage", "disengage", "death_save", "save"})


def _roll(e: Event, name: Name) -> str | None:
    return None if e["purpose"] in _TOLD_ELSEWHERE else tell_roll(e, name)


def _initiative(e: Event, name: Name) -> str:
    shared = f" (shared by kind {e['shared']})" if e.get("shared") else ""
    return f"{name(e.actor)} rolls {e['natural']}{shared} + {e['bonus']} = {e['total']}"


def _order(e: Event, name: Name) -> str:
    listed = ", ".join(f"{name(str(a))} {t}" for a, t in zip(e["order"], e["totals"], strict=True))
    return f"the order each round, highest first (PCs first on a tie): {listed}"


def _escalation(e: Event, name: Name) -> str:
    why = " (the GM holds it)" if e.get("held") else ""
    why = " (the GM resets it)" if e.get("reset") else why
    return f"the escalation die shows {e['value']}{why} (PCs add it to their attacks)"


def _delay(e: Event, name: Name) -> str:
    return f"{name(e.actor)} delays from initiative {e['initiative']} to {e['count']}"


def _ready(e: Event, name: Name) -> str:
    what = "an attack" if e["action"] == "attack" else f"a {e['action']}"
    return f"{name(e.actor)} readies {what} for when {name(str(e['trigger']))} acts"


def _readied_action(e: Event, name: Name) -> str:
    lost = "; no regular turn this round" if e["loses_regular_turn"] else ""
    return (
        f"{name(e.actor)}'s readied {e['action']} goes off just before "
        f"{name(str(e['trigger']))}'s turn: initiative {e['count']} from now on{lost}"
    )


def _ready_lost(e: Event, name: Name) -> str:
    return f"{name(e.actor)}'s readied action is lost ({e['reason']})"


def _turn(e: Event, name: Name) -> str:
    return f"{name(e.actor)}'s turn"


def _engaged(e: Event, name: Name) -> str:
    if e["on"]:
        return f"{name(e.actor)} and {name(str(e['target']))} are engaged"
    return f"{name(e.actor)} and {name(str(e['target']))} are no longer engaged"


def _attack(e: Event, name: Name) -> str:
    who, whom = name(e.actor), name(str(e["target"]))
    escalation = f" + {e['escalation']} escalation" if e["escalation"] else ""
    # Conditions' -4 and a grabber's +4 (older logs have no `modifier`).
    modifier = int(e.get("modifier") or 0)
    shown = f" - {-modifier} conditions" if modifier < 0 else ""
    shown = f" + {modifier} grabbing" if modifier > 0 else shown
    sums = (
        f"{e['natural']} + {e['bonus']}{escalation}{shown} = {e['total']} "
        f"vs {e['vs']} {e['defense']}"
    )
    if e["fumble"]:
        return f"{who} attacks {whom} with {e['attack']}: natural 1, a fumble ({sums})"
    if e["crit"]:
        return (
            f"{who} crits {whom} with {e['attack']} ({sums}): {e['rolled']} doubled, "
            f"{e['damage']} damage"
        )
    if e["hit"]:
        return f"{who} hits {whom} with {e['attack']} ({sums}): {e['damage']} damage"
    miss = f", {e['damage']} miss damage" if e["damage"] else ""
    return f"{who} misses {whom} with {e['attack']} ({sums}){miss}"


def _disengage(e: Event, name: Name) -> str:
    foes = len(e["foes"])
    penalty = f" {e['penalty']}" if e["penalty"] else ""
    result = "breaks away" if e["success"] else "fails, loses his move and stays engaged"
    return (
        f"{name(e.actor)} tries to disengage from {foes} {'foe' if foes == 1 else 'foes'}: "
        f"{e['natural']}{penalty} = {e['roll']} against {e['needed']}: {result}"
    )


def _opportunity(e: Event, name: Name) -> str:
    who, whom = name(e.actor), name(str(e["target"]))
    if e["taken"]:
        return f"{who} makes an opportunity attack on {whom} at ({e['x']:.2f}, {e['y']:.2f})"
    return f"{who} lets {whom} go (no opportunity attack)"


def _intercept(e: Event, name: Name) -> str:
    who, whom = name(e.actor), name(str(e["target"]))
    if e["taken"]:
        return f"{who} intercepts {whom} at ({e['x']:.2f}, {e['y']:.2f})"
    return f"{who} lets {whom} pass"


_RESULTS = {
    "recovers": "recovers (spends a recovery)",
    "recovers_and_acts": "a natural 20: recovers and acts",
    "fails": "fails",
    "ignored": "fails, but he is stable",
    "dies": "the fourth failure: dies",
    "coma": "the fourth failure: falls into a coma",
}


def _death_save(e: Event, name: Name) -> str:
    return (
        f"{name(e.actor)}'s death save: {e['total']} against {e['needed']}: "
        f"{_RESULTS.get(str(e['result']), str(e['result']))} ({e['failures']} failed so far)"
    )


def _save(e: Event, name: Name) -> str:
    result = "saves, it ends" if e["success"] else "fails, it goes on"
    versus = f"{e['natural']} against {e['needed']}"
    against = "ongoing damage" if e["against"] == "ongoing" else str(e["against"])
    return f"{name(e.actor)} saves against {against}: {versus}: {result}"


def _condition(e: Event, name: Name) -> str | None:
    who = name(e.actor)
    what = str(e["condition"])
    if what == "ongoing":
        if e["on"]:
            return f"{who} takes {e['amount']} ongoing damage (save ends)"
        return f"{who}'s ongoing damage ends"
    if what == "dying":
        return f"{who} is unconscious and dying" if e["on"] else f"{who} is conscious again"
    if what == "dead":
        return f"{who} is dead"
    if what == "staggered":
        return None  # the status event says it
    if not e["on"]:
        return f"{who} is no longer {what}"
    lasts = " (until the end of his next turn)" if e.get("lasts") == "next_turn" else " (save ends)"
    return f"{who} is {what}{lasts}"


def _healed(e: Event, name: Name) -> str:
    return (
        f"{name(e.actor)} heals {e['amount']} to {e['hp']} hp ({e['recoveries']} recoveries left)"
    )


def _damage(e: Event, name: Name) -> str:
    source = " ongoing" if e["source"] == "ongoing" else ""
    return f"{name(e.actor)} takes {e['amount']}{source} damage, {e['hp']} hp left"


SENTENCES: Mapping[str, Sentence] = MappingProxyType(
    {
        "roll": _roll,
        "initiative": _initiative,
        "initiative_order": _order,
        "escalation": _escalation,
        "delay": _delay,
        "ready": _ready,
        "readied_action": _readied_action,
        "ready_lost": _ready_lost,
        "condition_ignored": lambda e, name: (
            f"{name(e.actor)} is already {e['condition']}: the same condition counts once"
        ),
        "turn": _turn,
        "engaged": _engaged,
        "attack": _attack,
        "disengage": _disengage,
        "opportunity_attack": _opportunity,
        "intercept": _intercept,
        "death_save": _death_save,
        "save": _save,
        "condition": _condition,
        "healed": _healed,
        "damage": _damage,
        "blow_skipped": lambda e, name: (
            f"{name(e.actor)} cannot attack {name(str(e['target']))}: {e['reason']}"
        ),
    }
)
