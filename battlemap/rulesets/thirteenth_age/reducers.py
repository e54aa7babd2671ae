"""What the 13th Age fight remembers, rebuilt from the log by reducers.

Each combatant's `rules` holds his initiative (`initiative`: an `initiative.Initiative`), the
conditions on him now (`conditions`: word -> the `condition` event's fields: `staggered`,
`ongoing`, `dying`, `dead`), his death saves so far (`death_saves`) and failures this battle
(`death_failures`), the saves he has rolled (`saves`: picks his next typed one) and his
recoveries left (`recoveries`, absent until one is spent). The fight's `rules` holds the
escalation die (`escalation`) and the order of turns (`order`); each pair's bag its
engagement (`engaged`). The processes read these and nothing else, so the state shown at any
moment is the log replayed up to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from battlemap.core.events import Event
from battlemap.core.standing import Standing
from battlemap.core.state import CombatantState, Reducer, State
from battlemap.rulesets.thirteenth_age.fields import starting_recoveries
from battlemap.rulesets.thirteenth_age.initiative import Initiative


def initiative_of(c: CombatantState) -> Initiative | None:
    found = c.rules.get("initiative")
    return found if isinstance(found, Initiative) else None


def ahead_of(c: CombatantState) -> str | None:
    """Whom he acts immediately ahead of on his count (a readied action's trigger), or None."""
    found = c.rules.get("ahead_of")
    return found if isinstance(found, str) else None


def escalation_of(state: State) -> int:
    return int(state.rules.get("escalation", 0))


def conditions_of(c: CombatantState) -> Mapping[str, Mapping[str, Any]]:
    found = c.rules.get("conditions")
    return found if isinstance(found, dict) else {}


def has(c: CombatantState, condition: str) -> bool:
    return condition in conditions_of(c)


def death_saves_made(c: CombatantState) -> int:
    return int(c.rules.get("death_saves", 0))


def death_failures(c: CombatantState) -> int:
    return int(c.rules.get("death_failures", 0))


def saves_made(c: CombatantState) -> int:
    return int(c.rules.get("saves", 0))


def recoveries_left(c: CombatantState) -> int:
    return int(c.rules.get("recoveries", starting_recoveries(c.combatant)))


def engaged(state: State, a: str, b: str) -> bool:
    bag = state.pairs.get(frozenset((a, b)))
    return bool(bag and bag.get("engaged"))


def engaged_with(state: State, actor: str) -> list[str]:
    """Whom `actor` is engaged with now, in the encounter's order."""
    return [
        c.combatant.id
        for c in state.combatants.values()
        if c.combatant.id != actor and engaged(state, actor, c.combatant.id)
    ]


def standing_of(state: State, combatant_id: str) -> Standing | None:
    found = initiative_of(state[combatant_id])
    return None if found is None else Standing(total=found.total, count=found.total)


def _initiative(state: State, event: Event) -> None:
    c = state[str(event.actor)]
    c.rules["initiative"] = Initiative(
        str(event.actor),
        int(event["natural"]),
        int(event["total"]),
        int(event["bonus"]),
        bool(event["pc"]),
    )


def _new_count(state: State, event: Event, ahead: str | None) -> None:
    """A delay or readied action: "Your initiative result becomes the count on which you took
    the delayed action" (a readied one: and ahead of its trigger)."""
    c = state[str(event.actor)]
    old = initiative_of(c)
    if old is None:
        return
    count = int(event["count"])
    c.rules["initiative"] = Initiative(old.actor, old.natural, count, old.bonus, old.pc)
    c.rules["ahead_of"] = ahead


def _delay(state: State, event: Event) -> None:
    _new_count(state, event, None)


def _readied_action(state: State, event: Event) -> None:
    _new_count(state, event, str(event["trigger"]))


def _order(state: State, event: Event) -> None:
    state.rules["order"] = tuple(str(a) for a in event["order"])


def _escalation(state: State, event: Event) -> None:
    state.rules["escalation"] = int(event["value"])


def _engaged(state: State, event: Event) -> None:
    state.pair(str(event.actor), str(event["target"]))["engaged"] = bool(event["on"])


def _condition(state: State, event: Event) -> None:
    c = state[str(event.actor)]
    found: dict[str, Any] = dict(conditions_of(c))
    if event["on"]:
        found[str(event["condition"])] = dict(event.fields)
    else:
        found.pop(str(event["condition"]), None)
    c.rules["conditions"] = found


def _death_save(state: State, event: Event) -> None:
    c = state[str(event.actor)]
    c.rules["death_saves"] = death_saves_made(c) + 1
    c.rules["death_failures"] = int(event["failures"])


def _save(state: State, event: Event) -> None:
    c = state[str(event.actor)]
    c.rules["saves"] = saves_made(c) + 1


def _healed(state: State, event: Event) -> None:
    c = state[str(event.actor)]
    c.hp = int(event["hp"])
    if "recoveries" in event.fields:
        c.rules["recoveries"] = int(event["recoveries"])


REDUCERS: Mapping[str, Reducer] = MappingProxyType(
    {
        "initiative": _initiative,
        "initiative_order": _order,
        "delay": _delay,
        "readied_action": _readied_action,
        "escalation": _escalation,
        "engaged": _engaged,
        "condition": _condition,
        "death_save": _death_save,
        "save": _save,
        "healed": _healed,
    }
)
