"""What the d12 rules remember, kept in the state and rebuilt from the log: reducers and readers.

The engine applies every event to the state through the shared reducers (core/state.py) and
these, so the state at any moment, live or replayed for the window's scrubbing, holds the same
rules memory. Each combatant's `rules` holds:

- "initiative": his `Standing` as rolled (the `initiative` event); "count": the count he acts on
  now (a `delay` moves it, "from then on"); "first_round": the first round he acts in;
- "ac_modifiers": the (amount, until) of each `ac_modifier` (a charge's -2 until its end);

Values are immutable and replaced, never changed in place, so a snapshot taken earlier stays
what it was. Readers below give them typed; nothing else in d12 reads `rules` by key.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType

from battlemap.core.events import Event
from battlemap.core.standing import Standing
from battlemap.core.state import CombatantState, Reducer, State

_INITIATIVE = "initiative"
_COUNT = "count"
_FIRST_ROUND = "first_round"
_AC_MODIFIERS = "ac_modifiers"


# --- reducers ---------------------------------------------------------------------------------


def _initiative(state: State, event: Event) -> None:
    rules = state[event.actor or ""].rules
    rules[_INITIATIVE] = Standing(
        total=int(event["total"]),
        count=event.count,
        surprise_rounds=int(event.get("surprise_rounds", 0)),
        penalty_rounds=int(event.get("penalty_rounds", 0)),
    )
    rules[_COUNT] = event.count
    rules[_FIRST_ROUND] = int(event["first_round"])


def _delay(state: State, event: Event) -> None:
    state[event.actor or ""].rules[_COUNT] = int(event["to_count"])


def _ac_modifier(state: State, event: Event) -> None:
    rules = state[event.actor or ""].rules
    rules[_AC_MODIFIERS] = (
        *ac_modifiers(state[event.actor or ""]),
        (int(event["amount"]), float(event["until"])),
    )


def _spell_lost(state: State, event: Event) -> None:
    """The caster keeps his action (it ends with its own event) but no longer a spell."""
    c = state[event.actor or ""]
    if c.action is not None:
        c.action.spell = None


REDUCERS: Mapping[str, Reducer] = MappingProxyType(
    {
        "initiative": _initiative,
        "delay": _delay,
        "ac_modifier": _ac_modifier,
        "spell_lost": _spell_lost,
    }
)


# --- readers ----------------------------------------------------------------------------------


def standing_of(state: State, combatant_id: str) -> Standing | None:
    """His initiative as rolled, with the count he acts on now; None before the fight rolls it."""
    rules = state[combatant_id].rules
    rolled = rules.get(_INITIATIVE)
    if not isinstance(rolled, Standing):
        return None
    count = rules.get(_COUNT, rolled.count)
    return rolled if count == rolled.count else dataclasses.replace(rolled, count=int(count))


def initiative_count(c: CombatantState) -> int | None:
    """The count he acts on now (a delay moves it); None before the fight rolls initiative."""
    count = c.rules.get(_COUNT)
    return None if count is None else int(count)


def first_round(c: CombatantState) -> int | None:
    found = c.rules.get(_FIRST_ROUND)
    return None if found is None else int(found)


def ac_modifiers(c: CombatantState) -> tuple[tuple[int, float], ...]:
    found = c.rules.get(_AC_MODIFIERS, ())
    return tuple(found)


def armor_class(c: CombatantState, time: float) -> int:
    """His AC at `time`: the file's, with the modifiers still running."""
    return c.combatant.ac + sum(v for v, until in ac_modifiers(c) if time < until)


def flat_footed(c: CombatantState) -> bool:
    """Not yet acted in this fight (3e: no Dex to AC, no attacks of opportunity)."""
    return not c.acted
