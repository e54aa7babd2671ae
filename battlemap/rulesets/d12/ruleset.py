"""The d12 Combat System as a ruleset: its clock, actions, validation and fight."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from battlemap.core.clock import RoundClock
from battlemap.core.encounter import Combatant, Encounter, Point
from battlemap.core.fields import RulesetFields
from battlemap.core.narration import Sentence
from battlemap.core.preview import PreviewPoint
from battlemap.core.standing import Standing
from battlemap.core.state import Reducer, State
from battlemap.geometry.threat import Threatener, threatened_cells
from battlemap.geometry.walls import WallIndex
from battlemap.rulesets.base import Marking
from battlemap.rulesets.d12 import fight
from battlemap.rulesets.d12.clock import PACE_PER, D12Clock
from battlemap.rulesets.d12.fields import D12_FIELDS
from battlemap.rulesets.d12.initiative import Initiative
from battlemap.rulesets.d12.markers import MARKERS
from battlemap.rulesets.d12.preview import preview
from battlemap.rulesets.d12.reducers import REDUCERS, standing_of
from battlemap.rulesets.d12.sentences import SENTENCES
from battlemap.rulesets.d12.tables import ACTION_UNITS, MOVEMENT_MULTIPLIER
from battlemap.rulesets.d12.ui_contract import D12WindowContract
from battlemap.rulesets.d12.validate import validate_encounter

if TYPE_CHECKING:
    from battlemap.core.engine import Engine


class D12Ruleset(D12WindowContract):
    """ "A (more) fluid battle model for D&D 3rd edition": twelve half-second units a round."""

    name = "d12"
    clock: RoundClock = D12Clock()
    reducers: Mapping[str, Reducer] = REDUCERS
    sentences: Mapping[str, Sentence] = SENTENCES
    markers: Mapping[str, Marking] = MARKERS
    fields: RulesetFields = D12_FIELDS
    actions: Mapping[str, int] = ACTION_UNITS
    # Charges and follows move too, but toward a target, not along clicked waypoints.
    path_actions: Mapping[str, int] = MappingProxyType(
        {
            **{k: v for k, v in MOVEMENT_MULTIPLIER.items() if k not in ("charge", "follow")},
            "five_foot_step": 1,
        }
    )
    #: A speed's feet cover the speed in a 6-unit move (clock.py).
    pace_per: int = PACE_PER

    def validate(self, encounter: Encounter, source: str) -> None:
        validate_encounter(encounter, source)

    def start(self, engine: Engine) -> None:
        fight.start(engine)

    def standing(self, combatant: Combatant) -> Standing | None:
        if combatant.initiative_roll is None:
            return None
        init = Initiative.from_roll(combatant.initiative_roll, combatant.init_mod)
        return Standing(init.total, init.count, init.surprise_rounds, init.penalty_rounds)

    def standing_of(self, state: State, combatant_id: str) -> Standing | None:
        return standing_of(state, combatant_id)

    def threatens(
        self, state: State, combatant_id: str, time: float, walls: WallIndex | None
    ) -> frozenset[tuple[int, int]]:
        """The squares he threatens from where he stands at `time`: every square his reach
        covers (a reach weapon's ring only), walls hiding some; none once down or unarmed."""
        them = state[combatant_id]
        c = them.combatant
        if them.down or not c.attacks:
            return frozenset()
        here = Threatener(combatant_id, them.position_at(time), c.squares, c.reach, c.reach_weapon)
        return frozenset(threatened_cells(here, walls))

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
        return preview(state, actor, points, start_time, feet, duration, walls)
