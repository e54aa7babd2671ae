"""The 13th Age combat rules (shared/seeds/004) as a ruleset: `"ruleset": "13th-age"`.

Rounds of turn slots in initiative order (clock.py), the escalation die, shared monster
initiative, attacks against AC, PD and MD with crits and miss damage, staggered, death saves,
ongoing damage and its save, disengaging, and engagement read off the map: opportunity attacks
on a foe moving away, intercepts of a mover going past (engagement.py). The pure rules are the
package's other modules; docs/rules/13th-age.md says how each is played and what was chosen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from battlemap.core.encounter import FEET_PER_SQUARE, Combatant, Encounter, Point
from battlemap.core.fields import RulesetFields
from battlemap.core.narration import Sentence
from battlemap.core.opportunities import Opportunity
from battlemap.core.planning_choice import PlanChoice
from battlemap.core.preview import PreviewPoint
from battlemap.core.roster_columns import RosterColumn
from battlemap.core.standing import Standing
from battlemap.core.state import Reducer, State
from battlemap.core.time_words import TimeWords
from battlemap.geometry.walls import WallIndex
from battlemap.rulesets.base import Dial, LinkReading, Marking
from battlemap.rulesets.thirteenth_age.clock import ThirteenthAgeClock
from battlemap.rulesets.thirteenth_age.fields import FIELDS, initiative_bonus
from battlemap.rulesets.thirteenth_age.fight import ThirteenthAgeFight
from battlemap.rulesets.thirteenth_age.opportunity_kinds import OPPORTUNITIES, PLAYER_ROLLS
from battlemap.rulesets.thirteenth_age.preview import preview_path
from battlemap.rulesets.thirteenth_age.reducers import REDUCERS, standing_of
from battlemap.rulesets.thirteenth_age.sentences import SENTENCES
from battlemap.rulesets.thirteenth_age.ui_contract import MARKERS, PLANNABLE, ROSTER, TIME_WORDS
from battlemap.rulesets.thirteenth_age.validate import ACTIONS, validate_encounter
from battlemap.rulesets.thirteenth_age.window_readings import DIALS, engaged_pairs

if TYPE_CHECKING:
    from battlemap.core.engine import Engine


class ThirteenthAgeRuleset:
    """Cyclic initiative, the escalation die, engagement on the map."""

    name = "13th-age"
    fields: RulesetFields = FIELDS
    reducers: Mapping[str, Reducer] = REDUCERS
    sentences: Mapping[str, Sentence] = SENTENCES
    markers: Mapping[str, Marking] = MARKERS
    #: Every action happens inside its turn's slot: one unit. A delay spends none of the slot
    #: it leaves (the turn comes at the later count); readying is a standard action.
    actions: Mapping[str, int] = MappingProxyType(
        {**dict.fromkeys(ACTIONS, 1), "delay": 0, "ready": 1}
    )
    #: Move actions cover the combatant's move (6 squares unless his `move` says otherwise).
    path_actions: Mapping[str, int] = MappingProxyType({"move": 1, "disengage": 1})
    #: One move action (`move` squares, 6 by default) fills its turn's slot of one unit: a pace
    #: of move x 5 feet over 5 covers `move` squares a unit (the turn quickens it when moves or
    #: combatants share the slot, movement.py).
    pace_per: int = FEET_PER_SQUARE
    plannable: Sequence[PlanChoice] = PLANNABLE
    initiative_setup: str = "none"
    time_words: TimeWords = TIME_WORDS
    opportunities: Sequence[Opportunity] = OPPORTUNITIES
    player_rolls: frozenset[str] = PLAYER_ROLLS
    roster_columns: Sequence[RosterColumn] = ROSTER
    #: The escalation die, drawn big on the map and round by round on the timeline.
    dials: Sequence[Dial] = DIALS
    #: The engaged pairs, linked on the map.
    links: LinkReading = staticmethod(engaged_pairs)

    def __init__(self) -> None:
        self._clock = ThirteenthAgeClock()

    @property
    def clock(self) -> ThirteenthAgeClock:
        return self._clock

    def validate(self, encounter: Encounter, source: str) -> None:
        validate_encounter(encounter, source)

    def start(self, engine: Engine) -> None:
        if engine.encounter.ruleset != self.name:
            # Another ruleset's encounter, never validated by these rules: nothing to run
            # (the window briefly reruns the old ruleset on a newly opened file).
            return
        ThirteenthAgeFight(engine, self._clock).start()

    def standing(self, combatant: Combatant) -> Standing | None:
        """The initiative his typed natural gives (None when none is typed)."""
        if combatant.initiative_roll is None:
            return None
        total = combatant.initiative_roll + initiative_bonus(combatant)
        return Standing(total=total, count=total)

    def standing_of(self, state: State, combatant_id: str) -> Standing | None:
        return standing_of(state, combatant_id)

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
        return preview_path(state, actor, points, start_time, walls)
