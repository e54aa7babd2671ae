""" "Tiny": rounds of ten segments counted up; each planned `attack` hits for 1d6 on segment 1.

Nothing here is a real game: it exists to show that the engine, the files, `simulate` and the
window's fight model take a ruleset that lives in its own package and is registered by name.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from battlemap.core.decisions import RollRequest, decision_key
from battlemap.core.encounter import Combatant, Encounter, Point
from battlemap.core.engine import NeedRoll, Process, Wait
from battlemap.core.errors import EncounterError
from battlemap.core.events import Event
from battlemap.core.fields import NO_FIELDS, RulesetFields
from battlemap.core.narration import Sentence, tell_roll
from battlemap.core.opportunities import Opportunity
from battlemap.core.planning_choice import PlanChoice
from battlemap.core.preview import PreviewPoint
from battlemap.core.standing import Standing
from battlemap.core.state import Reducer, State
from battlemap.core.time_words import TimeWords
from battlemap.geometry.walls import WallIndex
from battlemap.rulesets.base import Marking

if TYPE_CHECKING:
    from battlemap.core.engine import Engine

SEGMENTS = 10


class SegmentClock:
    """Ten segments a round, counted up from 1 (ADDICT's way, unlike d12's countdown)."""

    units_per_round = SEGMENTS

    def round_of(self, time: float) -> int:
        return math.floor(time / SEGMENTS) + 1

    def count_of(self, time: float) -> int:
        return math.floor(time - (self.round_of(time) - 1) * SEGMENTS) + 1

    def round_and_count(self, time: float) -> tuple[int, int]:
        return self.round_of(time), self.count_of(time)

    def time_of(self, round_number: int, count: int) -> float:
        return float((round_number - 1) * SEGMENTS + count - 1)

    def round_start(self, round_number: int) -> float:
        return self.time_of(round_number, 1)

    def label(self, time: float) -> str:
        return f"Round {self.round_of(time)}, segment {self.count_of(time)}"


def _roll(event: Event, name: Callable[[str | None], str]) -> str | None:
    """Its damage roll is told by the damage it does."""
    return None if event["purpose"] == "damage" else tell_roll(event, name)


class TinyRuleset:
    name = "tiny"
    clock = SegmentClock()
    reducers: Mapping[str, Reducer] = MappingProxyType({})
    sentences: Mapping[str, Sentence] = MappingProxyType({"roll": _roll})
    markers: Mapping[str, Marking] = MappingProxyType({})
    fields: RulesetFields = NO_FIELDS
    actions: Mapping[str, int] = MappingProxyType({"attack": SEGMENTS})
    path_actions: Mapping[str, int] = MappingProxyType({})
    #: Nothing moves here, but every ruleset says its rate: 5-ft squares and ten segments a
    #: round, so a speed's feet are covered in a whole round.
    pace_per = 50
    plannable: Sequence[PlanChoice] = (
        PlanChoice("attack", "Attack", "target", "", "Hit the target for 1d6 on segment 1"),
    )
    initiative_setup = "none"
    time_words = TimeWords("segment", "segments", 0.6)
    opportunities: Sequence[Opportunity] = ()
    player_rolls = frozenset({"damage"})

    def validate(self, encounter: Encounter, source: str) -> None:
        for index, plan in enumerate(encounter.plans):
            if plan.action != "attack" or plan.target is None:
                raise EncounterError(f"{source}, plans[{index}]", "tiny knows only attacks")

    def start(self, engine: Engine) -> None:
        for plan in engine.encounter.plans:
            engine.spawn(self._attack(engine, plan.actor, plan.target or "", plan.round), 0.0)

    def _attack(self, engine: Engine, actor: str, target: str, round_number: int) -> Process:
        yield Wait(self.clock.round_start(round_number))
        action = f"{actor}.r{round_number}"
        engine.emit("action_start", actor, id=action, action="attack", target=target,
                    ends=engine.now + SEGMENTS)  # fmt: skip
        roll = yield NeedRoll(
            RollRequest(
                actor, "damage", "1d6", f"{actor} hits {target}", decision_key(action, "damage")
            )
        )
        engine.emit("damage", target, source=actor, amount=roll.total,
                    hp=engine.state[target].hp - roll.total)  # fmt: skip
        engine.emit("action_end", actor, id=action, action="attack", result="done")

    def standing(self, combatant: Combatant) -> Standing | None:
        return None

    def standing_of(self, state: State, combatant_id: str) -> Standing | None:
        return None

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
        return []
