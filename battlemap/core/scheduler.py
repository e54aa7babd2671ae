"""The engine's virtual clock: a heap of (time, phase, rank, sequence) like SimPy's.

Ties in time resolve by phase (what kind of thing happens first at one instant, defined by the
ruleset and documented in docs/rules/), then by rank (initiative order), then by the order in
which the work was scheduled, so a fight always unfolds the same way.
"""

from __future__ import annotations

import heapq
import itertools
from typing import Generic, NamedTuple, TypeVar

T = TypeVar("T")

_push = heapq.heappush
_pop = heapq.heappop


class Slot(NamedTuple):
    """When scheduled work runs; compared field by field."""

    time: float
    phase: int = 0
    rank: int = 0
    sequence: int = 0


#: A heap entry: time, phase, rank, sequence and the work, flat in one tuple. The sequence is
#: unique, so the work itself is never compared; a Slot and an item apart were two tuples per
#: step of a fight that takes hundreds of thousands.
Entry = tuple[float, int, int, int, T]


class Scheduler(Generic[T]):
    """A priority queue of work items keyed by (time, phase, rank, sequence)."""

    def __init__(self) -> None:
        self._heap: list[Entry[T]] = []
        self._sequence = itertools.count()

    def push(self, time: float, item: T, *, phase: int = 0, rank: int = 0) -> Slot:
        sequence = next(self._sequence)
        _push(self._heap, (time, phase, rank, sequence, item))
        return Slot(time, phase, rank, sequence)

    def add(self, time: float, phase: int, rank: int, item: T) -> None:
        """`push` without the Slot back: the engine's way, once per step of a fight."""
        _push(self._heap, (time, phase, rank, next(self._sequence), item))

    def peek(self) -> Slot | None:
        if not self._heap:
            return None
        time, phase, rank, sequence, _ = self._heap[0]
        return Slot(time, phase, rank, sequence)

    def next_time(self) -> float | None:
        """The time of the first entry, or None when empty (without building its Slot)."""
        heap = self._heap
        return heap[0][0] if heap else None

    def pop(self) -> tuple[Slot, T]:
        time, phase, rank, sequence, item = _pop(self._heap)
        return Slot(time, phase, rank, sequence), item

    def pop_entry(self) -> Entry[T]:
        """The first entry as it is held: (time, phase, rank, sequence, item)."""
        return _pop(self._heap)

    def __len__(self) -> int:
        return len(self._heap)
