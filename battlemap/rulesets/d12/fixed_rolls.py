"""Rolls fixed in the encounter file, given to the action whose plan fixes them.

A plan's `rolls` belong to its action (by action id): its blows take them in order through
`take`, attacks of opportunity never do, and what is left when the action ends is said in a
`fixed_roll_unused` event. The caster's own plan may fix his Concentration roll, taken when a
blow from someone else's process forces the check.

Process memory, not state: what is left is the plan's rolls less the `roll` events "from file"
of its action, so a replay by key rebuilds it by running; the state has no plan to count from.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence


class FixedRolls:
    """The fixed rolls of the actions in play in one fight."""

    def __init__(self) -> None:
        self._by_action: dict[str, dict[str, deque[int]]] = {}

    def give(self, action_id: str, rolls: Mapping[str, Sequence[int]]) -> None:
        """Action `action_id` begins: the rolls its plan fixes are its own."""
        self._by_action[action_id] = {purpose: deque(values) for purpose, values in rolls.items()}

    def take(self, action_id: str | None, purpose: str) -> int | None:
        """The next roll of `purpose` the file fixed for action `action_id`, if any is left."""
        if action_id is None:
            return None
        queue = self._by_action.get(action_id, {}).get(purpose)
        return queue.popleft() if queue else None

    def close(self, action_id: str) -> list[tuple[str, list[int]]]:
        """Action `action_id` ends: the rolls it never used, by purpose in the plan's order."""
        left = self._by_action.pop(action_id, {})
        return [(purpose, list(values)) for purpose, values in left.items() if values]
