"""The d12 Combat System as a ruleset: its clock, actions, validation and fight."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from battlemap.core.clock import RoundClock
from battlemap.core.encounter import Encounter
from battlemap.core.state import Reducer
from battlemap.rulesets.d12.clock import D12Clock
from battlemap.rulesets.d12.fight import D12Fight
from battlemap.rulesets.d12.tables import ACTION_UNITS
from battlemap.rulesets.d12.validate import validate_encounter

if TYPE_CHECKING:
    from battlemap.core.engine import Engine


class D12Ruleset:
    """ "A (more) fluid battle model for D&D 3rd edition": twelve half-second units a round."""

    name = "d12"
    clock: RoundClock = D12Clock()
    reducers: Mapping[str, Reducer] = MappingProxyType({})
    actions: Mapping[str, int] = ACTION_UNITS

    def validate(self, encounter: Encounter, source: str) -> None:
        validate_encounter(encounter, source)

    def start(self, engine: Engine) -> None:
        D12Fight(engine).start()
