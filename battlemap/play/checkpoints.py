"""The state at a moving playhead, with checkpoints so that a seek replays little of the log.

`Replay.at(events, time)` gives the fight's state after the events at or before `time`. Going
forward it applies the events between the last call and this one; going back (a scrub, a step
back) it starts from the latest checkpoint at or before the target instead of from event 0, so a
seek anywhere replays at most one checkpoint interval of events.

Why every N events and not every round: what a seek costs is the number of events it applies,
and a round may hold ten events or thousands (a 50-combatant melee has ~650, a quiet Combat
Experience round passed over none), so an interval counted in events bounds the work whatever
the ruleset and the fight. N starts at 1024 (about half a millisecond of replay, a round and a
half of that melee) and doubles, dropping every other checkpoint, whenever more than
`MAX_CHECKPOINTS` would be kept: the memory stays bounded (a checkpoint of 50 combatants is
~33 KB, so at most ~4 MB) while a seek in a fight of 650,000 events still replays only a few
thousand.

Checkpoints are taken as the replay passes their index, never ahead of it, so a headless run
that never asks for the state (`battlemap simulate`) pays nothing; the window replays the whole
log once when it shows the end of an opened fight, and from then on every seek is bounded.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence

from battlemap.core.encounter import Encounter
from battlemap.core.events import Event
from battlemap.core.state import Reducer, State

#: Events between checkpoints at first (see the module's docstring for why events).
FIRST_INTERVAL = 1024
#: Checkpoints kept at most; past it the interval doubles and every other one goes.
MAX_CHECKPOINTS = 128


def _time_of(event: Event) -> float:
    return event.time


class Checkpoints:
    """Copies of the state after every `interval` events: the one after `k * interval` events
    sits at position `k - 1`. They are never changed: a restore hands out a copy."""

    def __init__(self, interval: int, limit: int = MAX_CHECKPOINTS) -> None:
        if interval < 1 or limit < 1:
            raise ValueError(f"checkpoint interval {interval} and limit {limit} must be positive")
        self.interval = interval
        self._limit = limit
        self._states: list[State] = []

    def __len__(self) -> int:
        return len(self._states)

    def due(self, applied: int) -> bool:
        """Whether a state after `applied` events is the next checkpoint to keep."""
        return applied == (len(self._states) + 1) * self.interval

    def keep(self, applied: int, state: State) -> None:
        """Keep a copy of `state`, which has had `applied` events applied (a `due` one)."""
        if not self.due(applied):
            raise ValueError(f"no checkpoint is due after {applied} events")
        self._states.append(state.copy())
        if len(self._states) > self._limit:
            # Thin out: keep those at multiples of the doubled interval (positions 1, 3, 5...).
            self.interval *= 2
            self._states = self._states[1::2]

    def latest(self, applied: int) -> tuple[int, State] | None:
        """The latest checkpoint after at most `applied` events, as (its event count, a fresh
        copy of its state), or None when there is none (start from the encounter)."""
        position = min(applied // self.interval, len(self._states))
        if position == 0:
            return None
        return position * self.interval, self._states[position - 1].copy()

    def reach(self) -> int:
        """How many events the furthest checkpoint covers (0: none)."""
        return len(self._states) * self.interval

    def cut(self, keep: int) -> None:
        """The log changed after its first `keep` events: drop the checkpoints past them."""
        del self._states[max(keep, 0) // self.interval :]

    def rebase(self, encounter: Encounter) -> None:
        """The encounter was replaced by one whose combatants are the same (a plan or the map
        changed): the kept states are still right, and now belong to it."""
        for state in self._states:
            state.encounter = encounter


class Replay:
    """The state at a moving time, advanced event by event; going back restores the latest
    checkpoint before the target and replays from there (from the start with `interval` None,
    as the window did before checkpoints: kept to measure against)."""

    def __init__(
        self,
        encounter: Encounter,
        reducers: Mapping[str, Reducer] | None,
        interval: int | None = FIRST_INTERVAL,
    ) -> None:
        self._encounter = encounter
        self._reducers = reducers
        self._checkpoints = None if interval is None else Checkpoints(interval)
        self.state = State(encounter, reducers)
        self._applied = 0

    @property
    def applied(self) -> int:
        """How many events of the log the current state holds."""
        return self._applied

    @property
    def checkpoints(self) -> Checkpoints | None:
        return self._checkpoints

    def at(self, events: Sequence[Event], time: float) -> State:
        """The state after the events at or before `time` (`events` in time order, the same log
        as the last call or one that grew; `cut` first when it changed)."""
        if self._applied > len(events):
            self.cut(0)  # a shorter log that nobody announced: nothing kept can be trusted
        if self._applied < len(events) and events[self._applied].time <= time:
            target = bisect_right(events, time, lo=self._applied, key=_time_of)
        elif self._applied == 0 or events[self._applied - 1].time <= time:
            return self.state  # nothing to apply
        else:
            target = bisect_right(events, time, hi=self._applied, key=_time_of)
        self._move_to(events, target)
        return self.state

    def cut(self, keep: int) -> None:
        """The log now differs from the one replayed after its first `keep` events (a rewind,
        an edit): forget what came after them."""
        if self._checkpoints is not None:
            self._checkpoints.cut(keep)
        if self._applied > keep:
            self.state = State(self._encounter, self._reducers)
            self._applied = 0

    def rebase(self, encounter: Encounter) -> None:
        """See `Checkpoints.rebase`: the same combatants in a changed encounter."""
        self._encounter = encounter
        self.state.encounter = encounter
        if self._checkpoints is not None:
            self._checkpoints.rebase(encounter)

    def _move_to(self, events: Sequence[Event], target: int) -> None:
        """Make the state hold exactly the first `target` events."""
        checkpoints = self._checkpoints
        if target < self._applied:
            found = None if checkpoints is None else checkpoints.latest(target)
            if found is None:
                self.state = State(self._encounter, self._reducers)
                self._applied = 0
            else:
                self._applied, self.state = found
        elif checkpoints is not None and target > self._applied:
            # Far ahead over ground already covered: jump to the checkpoint nearest the target.
            found = checkpoints.latest(target)
            if found is not None and found[0] > self._applied:
                self._applied, self.state = found
        state = self.state
        applied = self._applied
        if checkpoints is None:
            for index in range(applied, target):
                state.apply(events[index])
        else:
            for index in range(applied, target):
                state.apply(events[index])
                if checkpoints.due(index + 1):
                    checkpoints.keep(index + 1, state)
        self._applied = target
