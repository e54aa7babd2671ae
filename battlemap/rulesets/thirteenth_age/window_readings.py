"""What 13th Age asks the window to draw beyond the roster: the escalation die as a dial (big in
a corner of the map, and round by round on the timeline) and the engaged pairs as links between
their tokens. Read through `dials_of` and `links_of` (rulesets/base.py), so the window never
names 13th Age."""

from __future__ import annotations

from battlemap.core.events import Event
from battlemap.core.state import State
from battlemap.rulesets.base import Dial
from battlemap.rulesets.thirteenth_age.reducers import escalation_of


def _escalation_set_by(event: Event) -> int | None:
    """The `escalation` event said at the start of each round (and on a hold or reset)."""
    return int(event["value"]) if event.type == "escalation" else None


ESCALATION_DIAL = Dial(
    label="Escalation",
    short="Esc",
    tip="The escalation die: PCs add it to their attacks (0 in round 1, +1 a round to 6)",
    read=escalation_of,
    set_by=_escalation_set_by,
)

DIALS: tuple[Dial, ...] = (ESCALATION_DIAL,)


def engaged_pairs(state: State) -> tuple[tuple[str, str], ...]:
    """Every pair engaged now (the `engaged` in `State.pairs`), each once, sorted so the same
    set always reads the same and the map redraws only when it changes."""
    found: list[tuple[str, str]] = []
    for pair, bag in state.pairs.items():
        ids = sorted(pair)
        if bag.get("engaged") and len(ids) == 2:
            found.append((ids[0], ids[1]))
    return tuple(sorted(found))
