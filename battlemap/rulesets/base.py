"""The seam between the engine and a rules system.

The engine runs processes and keeps the log; a ruleset says how a round is divided and
labelled, how initiative works, which actions exist and how they resolve.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from battlemap.core.clock import RoundClock
from battlemap.core.encounter import Combatant, Encounter, Point
from battlemap.core.fields import RulesetFields
from battlemap.core.narration import Sentence
from battlemap.core.preview import PreviewPoint
from battlemap.core.standing import Standing
from battlemap.core.state import Reducer, State
from battlemap.geometry.walls import WallIndex

if TYPE_CHECKING:
    from battlemap.core.engine import Engine


class Ruleset(Protocol):
    """What every rules system provides to the engine, the file loader and the window."""

    name: str
    clock: RoundClock
    #: Reducers for event types of this ruleset's own, beside the generic ones in core.state
    #: (or instead of one: a ruleset's `initiative` is its own). They may write the state's
    #: `rules` and `pairs` and each combatant's `rules`: the ruleset's state, rebuilt from the log.
    reducers: Mapping[str, Reducer]
    #: Sentences for its own event types (or its own way of telling a shared one).
    sentences: Mapping[str, Sentence]
    #: Its own fields in the encounter file (combatants, plans, sides), read by storage.
    fields: RulesetFields
    #: Action names a plan may use, with their duration in units (for planning and validation).
    actions: Mapping[str, int]
    #: Actions that move along waypoints the game master clicks, with the multiple of the
    #: combatant's speed they move at (the planning ruler measures with it).
    path_actions: Mapping[str, int]

    def validate(self, encounter: Encounter, source: str) -> None:
        """Raise EncounterError naming `source` and the place if the encounter breaks the rules."""
        ...

    def start(self, engine: Engine) -> None:
        """Spawn the processes that run the fight (initiative, rounds, actions)."""
        ...

    def standing(self, combatant: Combatant) -> Standing | None:
        """The initiative the combatant's typed roll gives before the fight rolls it (the roster
        and planning show it); None when no roll is set."""
        ...

    def standing_of(self, state: State, combatant_id: str) -> Standing | None:
        """The combatant's initiative as the fight has it in `state` (its `count` the one he
        acts on now), read from the ruleset's own state; None before the fight gives him one.
        The roster and planning show it, and `standing` before it."""
        ...

    def preview(
        self,
        state: State,
        actor: str,
        points: Sequence[Point],
        start_time: float,
        feet: int,
        duration: float,
        walls: WallIndex | None = None,
    ) -> list[PreviewPoint]:
        """What a path being planned would run into (attacks of opportunity, intercepts), in
        time order: `points` start at the mover, who covers `feet` in `duration` units."""
        ...
