"""The Combat Experience events as sentences (`battlemap simulate --text`, the log dock).

The shared narrator puts the moment in front ("Round 2, initiative 17: ") or, for initiative
checks and the order, "Initiative: ".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from battlemap.core.events import Event
from battlemap.core.narration import Sentence

Name = Callable[[str | None], str]

_CONDITION_WORDS = {
    "acting": "acts",
    "frozen": "freezes",
    "fleeing": "runs and screams",
}
_MOVE_WORDS = {"move": "moves", "double_move": "makes a double move", "run": "runs"}
_TRIGGER_WORDS = {"acts": "acts", "starts_moving": "starts moving", "attacks": "attacks"}


def _point(value: list[float]) -> str:
    x, y = value
    return f"({x:.2f}, {y:.2f})"


def _penalty_dice(count: int) -> str:
    return "1 penalty die" if count == 1 else f"{count} penalty dice"


#: Rolls told by the sentence of what they decide: the checks, the attacks.
_TOLD_ELSEWHERE = frozenset({"initiative", "abort", "interrupt", "attack", "damage"})


def _roll(e: Event, name: Name) -> str | None:
    if e["purpose"] in _TOLD_ELSEWHERE:
        return None
    who = name(e.actor)
    purpose = str(e["purpose"]).replace("_", " ")
    if e["source"] == "file":
        return f"{who} rolled {e['result']} on {e['dice']} for {purpose} (set in the file)"
    if e["source"] == "table":
        return f"{who} rolled {e['result']} on {e['dice']} for {purpose} (typed in)"
    return f"{who} rolls {e['dice']} for {purpose}: {e['result']}"


def _initiative(e: Event, name: Name) -> str:
    who = name(e.actor)
    versus = f"{e['total']} against {e['difficulty']}"
    penalty = int(e.get("penalty_dice", 0))
    if e["check"] == "opening":
        what = f"{who}'s Combat Experience check"
        situation = str(e.get("situation", "")).replace("_", " ")
        extra = [situation] if situation else []
        if penalty:
            extra.append(_penalty_dice(penalty))
        if extra:
            versus += f" ({', '.join(extra)})"
    elif e["check"] == "recovery":
        what = f"{who} recovers from the stun, round {e.round}:"
    else:
        what = f"{who} rolls again at the start of round {e.round}:"
    if e["success"]:
        later = " from the next round" if e["check"] == "recovery" else ""
        return f"{what} {versus}, success: acts at {e.count}{later}{_dice(e)}"
    if e["check"] == "reroll":
        still = "still frozen" if e["condition"] == "frozen" else "still running and screaming"
        return f"{what} {versus}, fails: {still}, at {e.count}{_dice(e)}"
    return f"{what} {versus}, fails: {_CONDITION_WORDS[str(e['condition'])]} at {e.count}{_dice(e)}"


def _dice(e: Event) -> str:
    """The roll behind a check, as its detail says it ("2d12+3 = 17 (from file)")."""
    return f" [{e['roll']}]" if e.get("roll") else ""


def _order(e: Event, name: Name) -> str:
    shown = ", ".join(
        f"{name(cid)} {initiative}"
        for cid, initiative in zip(e["order"], e["initiatives"], strict=True)
    )
    ties = "; ".join(
        f"{' before '.join(name(cid) for cid in tie['ids'])} by {tie['by']}" for tie in e["ties"]
    )
    return f"order of round {e.round}: {shown}" + (f" (ties: {ties})" if ties else "")


def _initiative_set(e: Event, name: Name) -> str:
    who = name(e.actor)
    if e["reason"] == "skip":
        return f"{who} acts at {e['to']} from this round (skipped at {e['from']}: +15)"
    return f"{who} will act at {e['to']}, right after what set the wait off"


def _action_start(e: Event, name: Name) -> str | None:
    who = name(e.actor)
    action = str(e["action"])
    if action == "flee":
        return None  # the `flees` event says it
    if action in _MOVE_WORDS:
        x, y = e["destination"]
        text = f"{who} {_MOVE_WORDS[action]} toward ({x:g}, {y:g})"
        if e.get("cut"):
            text += f", stopping at {_point(e['path'][-1])}"
        return text
    return None  # an attack: the `attack` event says it


def _attack(e: Event, name: Name) -> str:
    who, whom = name(e.actor), name(e["target"])
    outcome = f"hit for {e['damage']}" if e["hit"] else "miss"
    natural = " (natural 20)" if e["roll"] == 20 else " (natural 1)" if e["roll"] == 1 else ""
    frozen = ""
    if e.get("defence_penalty_dice"):
        frozen = f", {whom} frozen: {e['defence_penalty_dice']} penalty dice on defence"
    dice = f"d20 {e['roll']} + {e['bonus']}"
    if e.get("damage_roll"):
        dice += f"; damage {e['damage_roll']}"
    return (
        f"{who} attacks {whom} with {e['attack']}: {e['total']} vs AC {e['ac']}{frozen}, "
        f"{outcome}{natural} [{dice}]"
    )


def _blow_skipped(e: Event, name: Name) -> str:
    who, whom = name(e.actor), name(e["target"])
    if e["reason"] == "out of reach":
        return f"{who} cannot reach {whom} ({e['distance']:g} ft away)"
    return f"{who} holds the blow: {whom} {str(e['reason']).removeprefix('target ')}"


def _frozen(e: Event, name: Name) -> str:
    if e["reason"] == "cover":
        return f"{name(e.actor)} reaches cover and freezes there"
    return f"{name(e.actor)} is frozen: no action, no movement (defends with 3 penalty dice)"


def _flees(e: Event, name: Name) -> str:
    who = name(e.actor)
    if e["from"] == e["to"]:
        return f"{who} screams, already at cover"
    way = "to cover" if e["angle"] is None else f"in a random direction ({e['angle']} degrees)"
    end = ": at cover" if e["at_cover"] and e["angle"] is not None else ""
    return f"{who} runs and screams {way}, to {_point(e['to'])}{end}"


def _stunned(e: Event, name: Name) -> str:
    who = name(e.actor)
    if e["acted"]:
        why = "has acted in this fight"
    elif e["fearless"]:
        why = f"stunned before acting: the opening {e['opening']}, fearless"
    else:
        why = f"stunned before acting: the opening {e['opening']} + 5, not fearless"
    return (
        f"{who} is stunned by {name(e['by'])}: initiative 0; recovery check at count 0 of "
        f"round {e['until_round']}, difficulty {e['difficulty']} ({why})"
    )


def _waits(e: Event, name: Name) -> str:
    trigger = e["trigger"]
    by = name(trigger["actor"]) if trigger.get("actor") else "an enemy"
    readied = str(e["readied"]).replace("_", " ")
    if e.get("target"):
        readied += f" {name(e['target'])}"
    choices = [word for word in ("interrupt", "abort") if e.get(word)]
    also = f" ({' and '.join(f'will try to {c}' for c in choices)})" if choices else ""
    return (
        f"{name(e.actor)} waits at {e['original']}: when {by} "
        f"{_TRIGGER_WORDS.get(str(trigger['event']), trigger['event'])}, {readied}{also}"
    )


def _triggered(e: Event, name: Name) -> str:
    what = _TRIGGER_WORDS.get(str(e["trigger"]), str(e["trigger"]))
    return (
        f"{name(e['by'])} {what}: {name(e.actor)}'s wait is set off "
        f"(current initiative {e['current']})"
    )


def _abort(e: Event, name: Name) -> str:
    who = name(e.actor)
    versus = f"{e['total']} against {e['difficulty']}"
    if e["result"] == "takes_action":
        return f"{who} tries to abort: {versus}, fails: takes the readied action{_dice(e)}"
    if e["result"] == "stands_down":
        return f"{who} aborts: {versus}, stands down: nothing more this round{_dice(e)}"
    return (
        f"{who} aborts: {versus}, {e['degrees']} degrees of success: acts normally later, "
        f"at {e['to']} (half of {e['current']}){_dice(e)}"
    )


def _interrupt(e: Event, name: Name) -> str:
    who, whom = name(e.actor), name(e["by"])
    versus = f"{e['total']} against {e['opposed_total']}"
    dice = f" [{e['roll']}; {e['opposed_roll']}]" if e.get("roll") else ""
    if e["won"]:
        return f"{who} interrupts {whom}: {versus}, wins: acts first, at {e['to']}{dice}"
    return f"{who} fails to interrupt {whom}: {versus}: acts after, at {e['to']}{dice}"


def _wait_ended(e: Event, name: Name) -> str | None:
    who = name(e.actor)
    result = e["result"]
    if result == "no trigger":
        return f"{who}'s trigger never came: acts at the original {e['original']} next round"
    if result == "stood down":
        return f"{who} stood down: acts at the original {e['original']} next round"
    if result == "acts later":
        return f"{who} acts normally, later in the round"
    if result == "stunned":
        return f"{who}'s wait ends: stunned"
    return None


#: Sentences by event type (the shared narrator's, for the rest).
SENTENCES: Mapping[str, Sentence] = MappingProxyType(
    {
        "roll": _roll,
        "initiative": _initiative,
        "initiative_order": _order,
        "initiative_set": _initiative_set,
        "tie_break": lambda e, name: None,
        "skip": lambda e, name: (
            f"{name(e.actor)} skips the turn: acts at {e['to']} from the next round (+15)"
        ),
        "drop": lambda e, name: f"{name(e.actor)} drops initiative from {e['from']} to {e['to']}",
        "acts": lambda e, name: (
            f"{name(e.actor)} takes the readied action" if e["readied"] else None
        ),
        "frozen": _frozen,
        "flees": _flees,
        "stunned": _stunned,
        "waits": _waits,
        "triggered": _triggered,
        "abort": _abort,
        "interrupt": _interrupt,
        "wait_ended": _wait_ended,
        "status": lambda e, name: None,
        "action_start": _action_start,
        "action_end": lambda e, name: None,
        "position": lambda e, name: None,
        "attack": _attack,
        "blow_skipped": _blow_skipped,
    }
)
