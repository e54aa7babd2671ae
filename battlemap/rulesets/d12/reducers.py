"""What the d12 rules remember, kept in the state and rebuilt from the log: reducers and readers.

The engine applies every event to the state through the shared reducers (core/state.py) and
these, so the state at any moment, live or replayed for the window's scrubbing, holds the same
rules memory. Each combatant's `rules` holds:

- "initiative": his `Standing` as rolled (the `initiative` event); "count": the count he acts on
  now (a `delay` moves it, "from then on"); "first_round": the first round he acts in;
- "ac_modifiers": the (amount, until) of each `ac_modifier` (a charge's -2 until its end);
- "slot": the action of his current plan and when its slot ends (an `action_start` of a plan's
  own action; an action cut short, by a lost spell, still spends its slot);
- "spell_went_off": when his last spell went off (`spell_effect`);
- "aoo_used": (round, how many) attacks of opportunity offered to him that round (`aoo`: an
  offer spends one, taken or declined);
- "aoo_from" and "intercepts_offered": (the action, who) were offered an attack of opportunity
  or an intercept on this mover's current action (`aoo`, `intercept`): once an action each;
- "engaged": he intercepted someone or was intercepted (`intercept` taken), as is the pair's
  "engaged" in `State.pairs`;
- "alert": his initiative count has come in a round he may act in (`flat_footed_ends`): he is
  no longer flat-footed;
- "prone": tripped and not yet stood up (`prone`, then `stand_up`).

The fight's `rules` holds "waits": each combatant's readied action (`ReadyWait`: its wait's
action id, when it expires, whether it went off), by combatant in the order they began, from
the `action_start` of a ready and the `triggered` that sets it off; a wait is over once it
expires.

Values are immutable and replaced, never changed in place, so a snapshot taken earlier stays
what it was. Readers below give them typed; nothing else in d12 reads `rules` by key.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from battlemap.core.events import Event
from battlemap.core.standing import Standing
from battlemap.core.state import CORE_REDUCERS, CombatantState, Reducer, State
from battlemap.rulesets.d12.ids import spends_plan_slot

_INITIATIVE = "initiative"
_COUNT = "count"
_FIRST_ROUND = "first_round"
_AC_MODIFIERS = "ac_modifiers"
_SLOT = "slot"
_SPELL_WENT_OFF = "spell_went_off"
_AOO_USED = "aoo_used"
_AOO_FROM = "aoo_from"
_INTERCEPTS_OFFERED = "intercepts_offered"
_ENGAGED = "engaged"
_WAITS = "waits"
_ALERT = "alert"
_PRONE = "prone"

#: 3e prone: -4 to AC against melee attacks, +4 against ranged ones.
PRONE_AC_MELEE = -4
PRONE_AC_RANGED = 4

_NO_SLOT = ("", float("-inf"))


@dataclass(frozen=True)
class ReadyWait:
    """A combatant's readied action: the wait's action id, when it expires (his next
    initiative), and whether its trigger set it off."""

    actor: str
    action_id: str
    expires: float
    fired: bool = False


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


_shared_action_start = CORE_REDUCERS["action_start"]


def _action_start(state: State, event: Event) -> None:
    """The shared reduction, then d12's: a plan's action spends its slot; a ready waits."""
    _shared_action_start(state, event)
    actor, action, action_id = event.actor or "", str(event["action"]), str(event["id"])
    if spends_plan_slot(action, action_id):
        state[actor].rules[_SLOT] = (action, float(event["ends"]))
    if action == "ready":
        now = event.time
        live = {cid: w for cid, w in waits(state).items() if w.expires > now}
        live[actor] = ReadyWait(actor, action_id, float(event["ends"]))
        state.rules[_WAITS] = live


def _triggered(state: State, event: Event) -> None:
    actor = event.actor or ""
    found = waits(state).get(actor)
    if found is not None:
        state.rules[_WAITS] = {**waits(state), actor: dataclasses.replace(found, fired=True)}


def _spell_effect(state: State, event: Event) -> None:
    state[event.actor or ""].rules[_SPELL_WENT_OFF] = event.time


def _aoo(state: State, event: Event) -> None:
    """An attack of opportunity offered: one of the attacker's this round, and this attacker's
    one on the mover's action."""
    attacker, mover = event.actor or "", str(event["target"])
    rules = state[attacker].rules
    rules[_AOO_USED] = (event.round, aoo_used(state[attacker], event.round) + 1)
    _offered_on(state[mover], _AOO_FROM, attacker)


def _intercept(state: State, event: Event) -> None:
    """An intercept offered: once a mover's action; taken, the two are engaged."""
    interceptor, mover = event.actor or "", str(event["target"])
    _offered_on(state[mover], _INTERCEPTS_OFFERED, interceptor)
    if event["taken"]:
        state.pair(interceptor, mover)[_ENGAGED] = True
        state[interceptor].rules[_ENGAGED] = True
        state[mover].rules[_ENGAGED] = True


def _offered_on(mover: CombatantState, key: str, by: str) -> None:
    """Remember `by` among those offered something on the mover's current action."""
    action_id = None if mover.action is None else mover.action.id
    before = mover.rules.get(key)
    if before is not None and before[0] == action_id:
        mover.rules[key] = (action_id, before[1] | {by})
    else:
        mover.rules[key] = (action_id, frozenset({by}))


def _flat_footed_ends(state: State, event: Event) -> None:
    state[event.actor or ""].rules[_ALERT] = True


def _prone(state: State, event: Event) -> None:
    state[event.actor or ""].rules[_PRONE] = True


def _stand_up(state: State, event: Event) -> None:
    state[event.actor or ""].rules[_PRONE] = False


REDUCERS: Mapping[str, Reducer] = MappingProxyType(
    {
        "flat_footed_ends": _flat_footed_ends,
        "prone": _prone,
        "stand_up": _stand_up,
        "initiative": _initiative,
        "delay": _delay,
        "ac_modifier": _ac_modifier,
        "spell_lost": _spell_lost,
        "action_start": _action_start,
        "triggered": _triggered,
        "spell_effect": _spell_effect,
        "aoo": _aoo,
        "intercept": _intercept,
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


def armor_class(c: CombatantState, time: float, *, ranged: bool = False) -> int:
    """His AC at `time` against a melee (or `ranged`) attack: the file's `ac` (which holds his
    Dexterity bonus), with the modifiers still running; flat-footed, without a positive
    Dexterity modifier (3e: he loses his Dexterity bonus to AC); prone, -4 against melee and +4
    against ranged attacks (3e)."""
    ac = c.combatant.ac + sum(v for v, until in ac_modifiers(c) if time < until)
    if flat_footed(c):
        ac -= max(0, c.combatant.dex_modifier)
    if prone(c):
        ac += PRONE_AC_RANGED if ranged else PRONE_AC_MELEE
    return ac


def flat_footed(c: CombatantState) -> bool:
    """Flat-footed: his initiative count has not yet come in a round he may act in ("Thorin and
    the earth elemental have not yet acted and are still flat-footed"); 3e: no Dexterity bonus
    to AC, no attacks of opportunity."""
    return not c.rules.get(_ALERT, False)


def prone(c: CombatantState) -> bool:
    """Tripped and not yet stood up."""
    return bool(c.rules.get(_PRONE, False))


def slot(c: CombatantState) -> tuple[str, float]:
    """The action of his current plan and when its slot ends; ("", -inf) before any."""
    found = c.rules.get(_SLOT, _NO_SLOT)
    return (str(found[0]), float(found[1]))


def spell_went_off(c: CombatantState) -> float | None:
    """When his last spell went off (None: never)."""
    found = c.rules.get(_SPELL_WENT_OFF)
    return None if found is None else float(found)


def aoo_used(c: CombatantState, round_number: int) -> int:
    """Attacks of opportunity offered to him in `round_number`."""
    found = c.rules.get(_AOO_USED)
    return int(found[1]) if found is not None and found[0] == round_number else 0


def offered_aoo(mover: CombatantState, action_id: str, attacker: str) -> bool:
    """Whether `attacker` was offered an attack of opportunity on the mover's `action_id`."""
    found = mover.rules.get(_AOO_FROM)
    return found is not None and found[0] == action_id and attacker in found[1]


def offered_intercept(mover: CombatantState, action_id: str, interceptor: str) -> bool:
    """Whether `interceptor` was offered to intercept the mover's `action_id`."""
    found = mover.rules.get(_INTERCEPTS_OFFERED)
    return found is not None and found[0] == action_id and interceptor in found[1]


def engaged(c: CombatantState) -> bool:
    """Intercepted someone or was intercepted: no longer free to intercept."""
    return bool(c.rules.get(_ENGAGED, False))


def waits(state: State) -> Mapping[str, ReadyWait]:
    """The readied actions by combatant, in the order they began (expired ones may linger:
    a wait is over once `expires` is reached)."""
    found: Mapping[str, ReadyWait] = state.rules.get(_WAITS, {})
    return found
