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


class Slot(NamedTuple):
    """When scheduled work runs; compared field by field (a tuple: the heap compares these
    hundreds of thousands of times a fight)."""

    time: float
    phase: int = 0
    rank: int = 0
    sequence: int = 0


class Scheduler(Generic[T]):
    """A priority queue of work items keyed by `Slot`."""

    def __init__(self) -> None:
        self._heap: list[tuple[Slot, T]] = []
        self._sequence = itertools.count()

    def push(self, time: float, item: T, *, phase: int = 0, rank: int = 0) -> Slot:
        slot = Slot(time, phase, rank, next(self._sequence))
        heapq.heappush(self._heap, (slot, item))
        return slot

    def peek(self) -> Slot | None:
        return self._heap[0][0] if self._heap else None

    def pop(self) -> tuple[Slot, T]:
        return heapq.heappop(self._heap)

    def __len__(self) -> int:
        return len(self._heap)
