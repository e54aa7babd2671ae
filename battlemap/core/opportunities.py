"""The opportunities a ruleset offers: chances to act in someone else's action.

d12 offers attacks of opportunity and intercepts; 13th Age offers opportunity attacks; Combat
Experience offers none. Each kind is declared by its ruleset as data, so that the engine, the
saved log's check, the window's prompts, menus and markers and `battlemap simulate`'s flags
all speak of the kinds the open fight has, and none of them names a ruleset's kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

#: How an opportunity's marks look on the map: "danger" (a blow, red) or "caution" (a move to
#: cut someone off, orange). The window's palette owns the colours.
Tone = Literal["danger", "caution"]


@dataclass(frozen=True)
class Opportunity:
    """One kind of opportunity.

    `kind` is the ChoiceRequest's kind and the type of the event that records its answer;
    `name` names it in sentences ("attack of opportunity"); `short` on a map marker ("AoO");
    `offer` and `offer_tip` word the window's toggle and `decline_help` the command line's
    `--no-<kind>`; `taken` and `declined` tell an answer in the History, with `{who}` and
    `{whom}` for the one offered it and the one it is against. `rolls` are the purposes of
    the rolls taking it brings (d12's attack of opportunity: "attack", "damage"): the prompt
    then offers "take it and roll at the table", and the table makes those rolls until the
    last one is made or an event of type `resolved_by` says the blow is over (a miss has no
    damage roll). `setting` names the encounter option (`options` in the file) by which the
    table decides how this kind is offered: "ask" (the window asks; the default), "auto"
    (taken without asking) or "off" (never offered, which the ruleset itself honours).
    """

    kind: str
    name: str
    short: str
    offer: str
    offer_tip: str
    decline_help: str
    taken: str
    declined: str
    rolls: tuple[str, ...] = ()
    resolved_by: str = ""
    tone: Tone = "danger"
    setting: str = ""

    @property
    def with_roll(self) -> bool:
        """Whether taking it may come with rolls made at the table."""
        return bool(self.rolls)

    def answer_text(self, who: str, whom: str, taken: bool) -> str:
        """'Thorin attacks the runner (opportunity)': an answer as the History lists it."""
        return (self.taken if taken else self.declined).format(who=who, whom=whom)


def taken_without_asking(opportunity: Opportunity, options: Mapping[str, object]) -> bool:
    """Whether the encounter's options say this kind is taken without asking ("auto")."""
    return bool(opportunity.setting) and options.get(opportunity.setting) == "auto"


def kinds(opportunities: tuple[Opportunity, ...]) -> tuple[str, ...]:
    """The event types that record answers to `opportunities` (a ruleset's file fields)."""
    return tuple(o.kind for o in opportunities)
