"""The state of a fight, rebuilt from events: `replay(encounter, events, until)`.

The engine never changes state directly; it appends an event and this reducer applies it, so
the live state and a replay of the log are the same by construction. Only the generic event
vocabulary changes state here (`CORE_REDUCERS`); a ruleset adds reducers for its own event
types, or replaces one of these (calling it first if it only adds to it), and keeps its own
memory in the `rules` bags of the state, each combatant and each pair.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from battlemap.core.encounter import Combatant, Encounter, Point
from battlemap.core.events import Event
from battlemap.core.motion import Knots, position_on


@dataclass
class ActionInProgress:
    """The action a combatant is busy with, from its action_start event."""

    id: str
    action: str
    start: float
    end: float
    target: str | None = None
    spell: str | None = None
    spell_level: int = 0


@dataclass
class CombatantState:
    """One combatant as of the state's time. Mutable: the reducer's accumulator, not a value."""

    combatant: Combatant
    hp: int
    position: Point
    knots: Knots | None = None
    action: ActionInProgress | None = None
    down: bool = False
    #: Has begun an action in this fight.
    acted: bool = False
    #: Statuses that come and go ("stunned", "frozen", "fleeing"...), set by `status` events.
    statuses: set[str] = field(default_factory=set)
    #: The ruleset's own per-combatant state (pools, conditions, its initiative), written only
    #: by the ruleset's reducers so that it too is rebuilt from the log.
    rules: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.combatant.id

    @property
    def casting(self) -> bool:
        return self.action is not None and self.action.spell is not None

    def position_at(self, time: float) -> Point:
        """Where the token is at `time`, between its last event and the next."""
        if self.knots is not None:
            return position_on(self.knots, time)
        return self.position

    def copy(self) -> CombatantState:
        """An independent copy: no list, set, dict or action shared with this one."""
        return CombatantState(
            combatant=self.combatant,  # frozen: the file's combatant, never changed
            hp=self.hp,
            position=self.position,
            knots=None if self.knots is None else list(self.knots),
            action=None if self.action is None else copy.copy(self.action),
            down=self.down,
            acted=self.acted,
            statuses=set(self.statuses),
            rules=copy_bag(self.rules),
        )


Reducer = Callable[["State", Event], None]


class State:
    """Every combatant's state after the events applied so far."""

    def __init__(
        self, encounter: Encounter, extra_reducers: Mapping[str, Reducer] | None = None
    ) -> None:
        self.encounter = encounter
        self.time = float("-inf")
        self.combatants: dict[str, CombatantState] = {
            c.id: CombatantState(c, c.hp, (c.x, c.y)) for c in encounter.combatants
        }
        # A plain dict, looked up once an event: a read-only proxy's lookup cost twice as much.
        # Never changed after this, so copies of the state share it.
        self._reducers: dict[str, Reducer] = {**CORE_REDUCERS, **(extra_reducers or {})}
        #: The ruleset's own state of the fight (an escalation die, the current initiative).
        self.rules: dict[str, Any] = {}
        #: The ruleset's own state of each pair of combatants (a range band, engagement).
        self.pairs: dict[frozenset[str], dict[str, Any]] = {}

    def pair(self, a: str, b: str) -> dict[str, Any]:
        """The ruleset's state of the pair (a, b), the same whichever way round."""
        return self.pairs.setdefault(frozenset((a, b)), {})

    def __getitem__(self, combatant_id: str) -> CombatantState:
        return self.combatants[combatant_id]

    def apply(self, event: Event) -> None:
        self.time = event.time
        reducer = self._reducers.get(event.type)
        if reducer is not None:
            reducer(self, event)

    def copy(self) -> State:
        """An independent copy for a checkpoint: applying events to either leaves the other as
        it was. Frozen values (the encounter, events' values, the rules' immutable entries) are
        shared; every mutable container is copied."""
        twin = State.__new__(State)
        twin.encounter = self.encounter
        twin.time = self.time
        twin._reducers = self._reducers
        twin.combatants = {cid: c.copy() for cid, c in self.combatants.items()}
        twin.rules = copy_bag(self.rules)
        twin.pairs = {pair: copy_bag(bag) for pair, bag in self.pairs.items()}
        return twin

    def positions_at(self, time: float) -> dict[str, Point]:
        return {cid: c.position_at(time) for cid, c in self.combatants.items()}

    def snapshot(self, at: float | None = None) -> dict[str, dict[str, object]]:
        """A plain comparable summary at time `at` (default: the state's time), for tests and
        the "replay gives the same state" check."""
        when = self.time if at is None else at
        return {
            cid: {
                "hp": c.hp,
                "position": c.position_at(when),
                "down": c.down,
                "acted": c.acted,
                "action": None if c.action is None else c.action.id,
                "statuses": sorted(c.statuses),
                "rules": dict(c.rules),
            }
            for cid, c in self.combatants.items()
        }


def copy_bag(bag: Mapping[str, Any]) -> dict[str, Any]:
    """A rules bag copied so that no container in it is shared.

    Rulesets replace their values rather than change them in place (d12 and Combat Experience
    both do), but a dict, list or set they hold could still be changed by a later reducer: those
    are copied, to any depth; everything else (numbers, tuples, frozen dataclasses) is shared."""
    return {key: _unshared(value) for key, value in bag.items()}


def _unshared(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _unshared(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_unshared(item) for item in value]
    if isinstance(value, set):
        return set(value)  # its items are hashable, hence not containers to copy
    return value


def replay(
    encounter: Encounter,
    events: Iterable[Event],
    until: float | None = None,
    extra_reducers: Mapping[str, Reducer] | None = None,
) -> State:
    """The state after the events at or before `until` (all of them when None)."""
    state = State(encounter, extra_reducers)
    for event in events:
        if until is not None and event.time > until:
            break
        state.apply(event)
    if until is not None:
        state.time = max(state.time, until)
    return state


def _action_start(state: State, event: Event) -> None:
    c = state[event.actor or ""]
    spell = event.get("spell")
    c.acted = True
    c.action = ActionInProgress(
        id=str(event["id"]),
        action=str(event["action"]),
        start=event.time,
        end=float(event["ends"]),
        target=event.get("target"),
        spell=None if spell is None else str(spell["name"]),
        spell_level=0 if spell is None else int(spell["level"]),
    )
    path = event.get("path")
    if path:
        arrivals = event["arrivals"]
        c.knots = [(float(t), float(x), float(y)) for t, (x, y) in zip(arrivals, path, strict=True)]


def _course(state: State, event: Event) -> None:
    """A mover's remaining path changed mid-move (cut short, or a chase turning)."""
    c = state[event.actor or ""]
    c.knots = [
        (float(t), float(x), float(y))
        for t, (x, y) in zip(event["arrivals"], event["path"], strict=True)
    ]


def _action_end(state: State, event: Event) -> None:
    c = state[event.actor or ""]
    if c.knots is not None:
        c.position = c.position_at(event.time)
        c.knots = None
    c.action = None


def _position(state: State, event: Event) -> None:
    c = state[event.actor or ""]
    c.position = (float(event["x"]), float(event["y"]))
    if event.get("stopped"):
        c.knots = None


def _damage(state: State, event: Event) -> None:
    state[event.actor or ""].hp = int(event["hp"])


def _down(state: State, event: Event) -> None:
    c = state[event.actor or ""]
    c.down = True


def _status(state: State, event: Event) -> None:
    """A status comes (`on` true) or goes: stunned, frozen, fleeing, whatever a ruleset names.
    `down` too: d12's drop is for good, but a ruleset whose fallen get up (13th Age's death
    saves, a heal) ends it with `{"status": "down", "on": false}`."""
    them = state[str(event.actor)]
    status = str(event["status"])
    if event["on"]:
        them.statuses.add(status)
    else:
        them.statuses.discard(status)
    if status == "down":
        them.down = bool(event["on"])


#: The reducers of the shared event vocabulary, by event type.
CORE_REDUCERS: Mapping[str, Reducer] = MappingProxyType(
    {
        "action_start": _action_start,
        "action_end": _action_end,
        "course": _course,
        "position": _position,
        "damage": _damage,
        "down": _down,
        "status": _status,
    }
)
