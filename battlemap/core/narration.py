"""The event log as sentences for people.

For example "Round 1, 6: Thorin attacks the goblin: 14 vs AC 15, miss".

Used by `battlemap simulate --text` and the window's log dock. A sentence is None for events
that only matter to machines (a token's position at a unit boundary).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from battlemap.core.clock import RoundClock
from battlemap.core.encounter import Encounter
from battlemap.core.events import Event

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
}


_ACTION_NOUNS: Mapping[str, str] = {
    "standard": "standard action",
    "full_round": "full-round action",
    "double_move": "double move",
    "full_attack": "full attack",
    "cast": "casting",
}


def _noun(action: str) -> str:
    return _ACTION_NOUNS.get(action, action.replace("_", " "))


#: A ruleset's sentence for one event type: the event and a way to name combatants, to the text
#: (None: say nothing).
Sentence = Callable[[Event, Callable[[str | None], str]], str | None]


def _spoken(answer: object) -> str:
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    return str(answer)


def _bound(say: Sentence, name: Callable[[str | None], str]) -> Callable[[Event], str | None]:
    return lambda event: say(event, name)


class Narrator:
    """Turns events into sentences, with combatants' names and the ruleset's time labels."""

    def __init__(
        self,
        encounter: Encounter,
        clock: RoundClock,
        sentences: Mapping[str, Sentence] | None = None,
    ) -> None:
        """`sentences`: a ruleset's own, by event type, over the shared ones (its events, or
        its way of telling a shared one such as `initiative`)."""
        self._names = {c.id: c.name for c in encounter.combatants}
        self._clock = clock
        self._sayers: Mapping[str, Callable[[Event], str | None]] = {
            "roll": self._roll,
            "initiative": self._initiative,
            "initiative_order": self._order,
            "round_start": lambda e: f"--- Round {e.round} ---",
            "action_start": self._action_start,
            "action_end": self._action_end,
            "position": self._position,
            "attack": self._attack,
            "blow_skipped": self._blow_skipped,
            "damage": self._damage,
            "down": lambda e: f"{self.name(e.actor)} drops at {e['hp']} hp",
            "spell_effect": self._spell_effect,
            "concentration_check": self._concentration,
            "spell_lost": lambda e: f"{self.name(e.actor)} loses the spell {e['spell']}",
            "ac_modifier": self._ac_modifier,
            "plan_skipped": self._plan_skipped,
            "aoo": self._aoo,
            "intercept": self._intercept,
            "course": lambda e: None,
            "order_note": lambda e: f"(at the same moment: {e['note']})",
            "triggered": lambda e: (
                f"{self.name(e.actor)}'s readied action goes off ({e['trigger'].replace('_', ' ')}"
                + (f", by {self.name(e['by'])})" if e.get("by") else ")")
            ),
            "decision_dropped": self._decision_dropped,
            "decision": lambda e: (
                f"{e['question']} {_spoken(e['answer'])}"
                + (" (typed in)" if e["source"] == "table" else "")
                + (" (set in the file)" if e["source"] == "file" else "")
            ),
            "status": lambda e: (
                f"{self.name(e.actor)} is {e['status']}"
                if e["on"]
                else f"{self.name(e.actor)} is no longer {e['status']}"
            ),
            "fixed_roll_unused": lambda e: (
                f"{self.name(e.actor)}'s {e['purpose']} "
                f"{'roll' if len(e['rolls']) == 1 else 'rolls'} "
                f"{', '.join(str(r) for r in e['rolls'])} set in the plan went unused"
            ),
            "delay": lambda e: (
                f"{self.name(e.actor)} delays: acts at {e['to_count']} instead of "
                f"{e['from_count']} from now on"
            ),
        }
        for type_, say in (sentences or {}).items():
            self._sayers = {**self._sayers, type_: _bound(say, self.name)}

    def name(self, combatant_id: str | None) -> str:
        return self._names.get(combatant_id or "", combatant_id or "?")

    def sentence(self, event: Event) -> str | None:
        """The line a person reads for `event`, with its moment in front, or None."""
        say = self._sayers.get(event.type)
        text = say(event) if say is not None else f"{event.type} {dict(event.fields)}"
        if text is None:
            return None
        if event.type in ("round_start",):
            return text
        if event.type in ("initiative", "initiative_order") or (
            event.type == "roll" and event["purpose"] in ("initiative", "tie_break")
        ):
            return f"Initiative: {text}"
        return f"{self._clock.label(event.time)}: {text}"

    def _roll(self, e: Event) -> str | None:
        # Attack and Concentration rolls are told in the sentence of the check itself.
        if e["purpose"] in ("attack", "damage", "concentration"):
            return None
        who = self.name(e.actor)
        purpose = e["purpose"].replace("_", " ")
        if e["source"] == "file":
            return f"{who} rolled {e['result']} on {e['dice']} for {purpose} (set in the file)"
        if e["source"] == "table":
            return f"{who} rolled {e['result']} on {e['dice']} for {purpose} (typed in)"
        return f"{who} rolls {e['dice']} for {purpose}: {e['result']}"

    def _initiative(self, e: Event) -> str:
        extra = ""
        if e["surprise_rounds"]:
            extra = f", {e['surprise_rounds']} surprise round(s)"
        elif e["penalty_rounds"]:
            extra = f", {e['penalty_rounds']} penalty round(s)"
        sign = "+" if e["modifier"] >= 0 else "-"
        return (
            f"{self.name(e.actor)} {e['roll']} {sign} {abs(e['modifier'])} = {e['total']}: "
            f"acts at {e.count}{extra}, first in round {e['first_round']}"
        )

    def _order(self, e: Event) -> str:
        names = ", ".join(self.name(cid) for cid in e["order"])
        ties = "; ".join(
            f"{' before '.join(self.name(cid) for cid in tie['ids'])} by {tie['by']}"
            for tie in e["ties"]
        )
        return f"order on equal counts: {names}" + (f" (ties: {ties})" if ties else "")

    def _action_start(self, e: Event) -> str:
        who = self.name(e.actor)
        verb = _ACTION_WORDS.get(e["action"], e["action"])
        if e["action"] == "cast":
            spell = e["spell"]
            text = f"{who} begins casting {spell['name']} (level {spell['level']})"
        else:
            text = f"{who} {verb}"
        if e.get("target") is not None:
            preposition = "at" if e["action"] == "charge" else "on"
            text += f" {preposition} {self.name(e['target'])}"
        if e.get("destination"):
            x, y = e["destination"]
            text += f" toward ({x:g}, {y:g})"
            if e.get("cut"):
                x, y = e["path"][-1]
                text += f", but time runs out at ({x:.2f}, {y:.2f})"
        return f"{text}, until {self._clock.label(e['ends'])}"

    def _action_end(self, e: Event) -> str | None:
        result = e["result"]
        if result == "done":
            return f"{self.name(e.actor)} finishes the {_noun(e['action'])}"
        return f"{self.name(e.actor)}'s {_noun(e['action'])} ends: {result}"

    def _position(self, e: Event) -> str | None:
        if not e.get("stopped"):
            return None
        return f"{self.name(e.actor)} stops at ({e['x']:.2f}, {e['y']:.2f})"

    def _attack(self, e: Event) -> str:
        who, whom = self.name(e.actor), self.name(e["target"])
        outcome = f"hit for {e['damage']}" if e["hit"] else "miss"
        natural = " (natural 20)" if e["roll"] == 20 else " (natural 1)" if e["roll"] == 1 else ""
        dice = f"d20 {e['roll']} + {e['bonus']}"
        if e.get("damage_roll"):
            dice += f"; damage {e['damage_roll']}"
        return (
            f"{who} attacks {whom} with {e['attack']}: {e['total']} vs AC {e['ac']}, "
            f"{outcome}{natural} [{dice}]"
        )

    def _blow_skipped(self, e: Event) -> str:
        who, whom = self.name(e.actor), self.name(e["target"])
        if e["reason"] == "out of reach":
            return f"{who} cannot reach {whom} ({e['distance']:g} ft away)"
        return f"{who} holds the blow: {whom} {e['reason'].removeprefix('target ')}"

    def _damage(self, e: Event) -> str:
        return f"{self.name(e.actor)} takes {e['amount']} damage, {e['hp']} hp left"

    def _spell_effect(self, e: Event) -> str:
        target = f" on {self.name(e['target'])}" if e.get("target") else ""
        return f"{self.name(e.actor)}'s {e['spell']} goes off{target}"

    def _concentration(self, e: Event) -> str:
        verdict = "keeps the spell" if e["success"] else "fails"
        return (
            f"{self.name(e.actor)} must concentrate: {e['total']} vs DC {e['dc']}, {verdict} "
            f"[d20 {e['roll']} + {e['bonus']}]"
        )

    def _ac_modifier(self, e: Event) -> str:
        return (
            f"{self.name(e.actor)} has {e['amount']:+d} AC ({e['reason']}) "
            f"until {self._clock.label(e['until'])}"
        )

    def _aoo(self, e: Event) -> str:
        who, whom = self.name(e.actor), self.name(e["target"])
        verdict = "takes it" if e["taken"] else "declines"
        return (
            f"{whom} leaves a square {who} threatens at ({e['x']:.2f}, {e['y']:.2f}): "
            f"attack of opportunity, {who} {verdict}"
        )

    def _intercept(self, e: Event) -> str:
        who, whom = self.name(e.actor), self.name(e["target"])
        where = f"({e['x']:.2f}, {e['y']:.2f}) at {self._clock.label(e['at'])}"
        if e["taken"]:
            return f"{who} sets off to intercept {whom}, meeting at {where}"
        return f"{who} could intercept {whom} at {where}, but holds back"

    def _decision_dropped(self, e: Event) -> str:
        who = self.name(e.actor)
        if e["decision"] == "roll":
            what = f"{who}'s {str(e['purpose']).replace('_', ' ')} roll of {e['was']}"
        else:
            kind = "intercept" if e["decision"] == "intercept" else "attack of opportunity"
            what = f"{who}'s answer to an {kind} ({'taken' if e['was'] else 'declined'})"
        return f"{what} from before the change is dropped: {e['reason']}"

    def _plan_skipped(self, e: Event) -> str:
        return (
            f"{self.name(e.actor)} does not act in round {e['plan_round']} ({e['reason']}): "
            f"the planned {_noun(e['action'])} is dropped"
        )
