"""Where a combatant stands in the order of action, as the roster and planning read it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Standing:
    """A combatant's initiative as a ruleset reports it (`Ruleset.standing` before the fight,
    `Ruleset.standing_of` during it): its `total`, the `count` it acts on, and the rounds it
    gains before round 1 (`surprise_rounds`) or loses from its start (`penalty_rounds`).

    A value on the seam, not state: each ruleset keeps its initiative in its own state and
    reads it out as this. A ruleset without such rounds leaves them 0; one that counts up
    instead of down still names its unit in `count`.
    """

    total: int
    count: int
    surprise_rounds: int = 0
    penalty_rounds: int = 0
