"""One d12 fight's fixed facts, and the handles its rules work through.

Built once the acting order is known and passed to every rule function: the engine (the clock,
the state, where events go), the ranks that order work at one instant, the walls' index, and
the two process-local records: the file's fixed rolls of the actions in play (fixed_rolls.py)
and the position and threat caches (sight.py). Everything else the rules remember (initiative,
AC modifiers, opportunities used, engagements, plan slots, readied actions) is in the state,
rebuilt from the log by reducers.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from battlemap.core.encounter import Encounter, Plan
from battlemap.core.state import State
from battlemap.geometry.walls import WallIndex
from battlemap.rulesets.d12.clock import D12Clock
from battlemap.rulesets.d12.fixed_rolls import FixedRolls
from battlemap.rulesets.d12.sight import Sight

if TYPE_CHECKING:
    from battlemap.core.engine import Engine


@dataclass(frozen=True)
class Fight:
    """What every d12 rule function is given."""

    engine: Engine
    clock: D12Clock
    #: Each combatant's place in the acting order (0 first): ties at an instant.
    ranks: Mapping[str, int]
    #: Every plan by its action id (ids.py): a readied action is found from its wait's.
    plans: Mapping[str, Plan]
    walls: WallIndex | None
    fixed: FixedRolls
    sight: Sight

    @property
    def encounter(self) -> Encounter:
        return self.engine.encounter

    @property
    def state(self) -> State:
        return self.engine.state

    @property
    def now(self) -> float:
        return self.engine.now
