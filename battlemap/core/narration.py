"""The event log as sentences for people.

For example "Round 1, 6: Thorin finishes the move".

Used by `battlemap simulate --text` and the window's log dock. A sentence is None for events
that only matter to machines (a token's position at a unit boundary). The shared vocabulary is
told here in plain words; a ruleset gives its own events' sentences, and its own way of telling
a shared one (`Ruleset.sentences`), which the narrator takes over these.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from battlemap.core.clock import RoundClock
from battlemap.core.encounter import Encounter
from battlemap.core.events import Event
from battlemap.core.opportunities import Opportunity

#: A ruleset's sentence for one event type: the event and a way to name combatants, to the text
#: (None: say nothing).
Sentence = Callable[[Event, Callable[[str | None], str]], str | None]


def _noun(action: str) -> str:
    return action.replace("_", " ")


def tell_roll(e: Event, name: Callable[[str | None], str]) -> str:
    """A roll as said: who rolled what for what, and whether the file or a person gave it."""
    who = name(e.actor)
    purpose = str(e["purpose"]).replace("_", " ")
    if e["source"] == "file":
        return f"{who} rolled {e['result']} on {e['dice']} for {purpose} (set in the file)"
    if e["source"] == "table":
        return f"{who} rolled {e['result']} on {e['dice']} for {purpose} (typed in)"
    return f"{who} rolls {e['dice']} for {purpose}: {e['result']}"


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
        opportunities: Sequence[Opportunity] = (),
    ) -> None:
        """`sentences`: a ruleset's own, by event type, over the shared ones (its events, or
        its way of telling a shared one such as `initiative`); `opportunities`: the ruleset's,
        to name them ("attack of opportunity") where the log only has their kind."""
        self._names = {c.id: c.name for c in encounter.combatants}
        self._opportunity_names = {o.kind: o.name for o in opportunities}
        self._clock = clock
        sayers: dict[str, Callable[[Event], str | None]] = {
            "roll": lambda e: tell_roll(e, self.name),
            "round_start": lambda e: f"--- Round {e.round} ---",
            "action_start": self._action_start,
            "action_end": self._action_end,
            "position": self._position,
            "course": lambda e: None,
            "damage": self._damage,
            "down": lambda e: f"{self.name(e.actor)} drops at {e['hp']} hp",
            "plan_skipped": self._plan_skipped,
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
        }
        for type_, say in (sentences or {}).items():
            sayers[type_] = _bound(say, self.name)
        self._sayers: Mapping[str, Callable[[Event], str | None]] = sayers

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

    def _action_start(self, e: Event) -> str:
        text = f"{self.name(e.actor)} begins the {_noun(e['action'])}"
        if e.get("target") is not None:
            text += f" on {self.name(e['target'])}"
        if e.get("ends") is None:
            return text
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

    def _damage(self, e: Event) -> str:
        return f"{self.name(e.actor)} takes {e['amount']} damage, {e['hp']} hp left"

    def _decision_dropped(self, e: Event) -> str:
        who = self.name(e.actor)
        if e["decision"] == "roll":
            what = f"{who}'s {str(e['purpose']).replace('_', ' ')} roll of {e['was']}"
        else:
            kind = str(e["decision"])
            name = self._opportunity_names.get(kind, kind.replace("_", " "))
            what = f"{who}'s answer to an {name} ({'taken' if e['was'] else 'declined'})"
        return f"{what} from before the change is dropped: {e['reason']}"

    def _plan_skipped(self, e: Event) -> str:
        return (
            f"{self.name(e.actor)} does not act in round {e['plan_round']} ({e['reason']}): "
            f"the planned {_noun(e['action'])} is dropped"
        )
