"""The Combat Experience rules (shared/seeds/001) as a ruleset: "d12 Combat, Initiative".

Rounds of turn slots in initiative order (clock.py); the checks, fears, stuns, drops, skips and
waits of the text (the pure core: difficulty.py, initiative.py, waiting.py, flight.py) played
on the engine by fight.py, with the same combatants, moves and attacks as the other rulesets.
docs/rules/combat-experience.md says how, and what was chosen where the text is silent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from battlemap.core.encounter import FEET_PER_SQUARE, Combatant, Encounter, Point
from battlemap.core.events import Event
from battlemap.core.fields import RulesetFields
from battlemap.core.narration import Sentence
from battlemap.core.opportunities import Opportunity
from battlemap.core.planning_choice import PlanChoice
from battlemap.core.preview import PreviewPoint
from battlemap.core.roster_columns import (
    ARMOUR_CLASS,
    RosterColumn,
    initiative_count,
    initiative_total,
)
from battlemap.core.standing import Standing
from battlemap.core.state import Reducer, State
from battlemap.core.time_words import TimeWords
from battlemap.geometry.walls import WallIndex
from battlemap.rulesets.base import Mark, Marking
from battlemap.rulesets.combat_experience.actions import MOVE_MULTIPLE
from battlemap.rulesets.combat_experience.clock import CombatExperienceClock
from battlemap.rulesets.combat_experience.fields import FIELDS, typed_check
from battlemap.rulesets.combat_experience.fight import CombatExperienceFight
from battlemap.rulesets.combat_experience.initiative import initiative_from
from battlemap.rulesets.combat_experience.reducers import make_reducers, standing_of
from battlemap.rulesets.combat_experience.sentences import SENTENCES
from battlemap.rulesets.combat_experience.settings import DEFAULT_RULES, CheckRules
from battlemap.rulesets.combat_experience.ui_contract import (
    CE_INITIATIVE_SETUP,
    CE_PLANNABLE,
    CE_TIME_WORDS,
)
from battlemap.rulesets.combat_experience.validate import ACTIONS, validate_encounter

if TYPE_CHECKING:
    from battlemap.core.engine import Engine


def _attack_mark(event: Event) -> Mark:
    return Mark("hit" if event["hit"] else "miss")


#: What the timeline marks: blows that hit or miss, waits that go off.
MARKERS: Mapping[str, Marking] = MappingProxyType(
    {"attack": _attack_mark, "triggered": lambda event: Mark("triggered")}
)


class CombatExperienceRuleset:
    """Initiative by Combat Experience checks; a turn is a move and an attack."""

    name = "combat-experience"
    fields: RulesetFields = FIELDS
    sentences: Mapping[str, Sentence] = SENTENCES
    markers: Mapping[str, Marking] = MARKERS
    #: Every action happens inside its turn's slot: one unit.
    actions: Mapping[str, int] = MappingProxyType(dict.fromkeys(ACTIONS, 1))
    path_actions: Mapping[str, int] = MappingProxyType(dict(MOVE_MULTIPLE))
    #: A movement's allowance, speed x multiple / FEET_PER_SQUARE squares, fills its turn slot of
    #: one unit (the 1 in `actions`): so 5 feet of pace cover a square in a unit.
    pace_per: int = FEET_PER_SQUARE
    #: The window: its planning bar, its initiative set-up and its turn slots (ui_contract.py).
    plannable: Sequence[PlanChoice] = CE_PLANNABLE
    initiative_setup: str = CE_INITIATIVE_SETUP
    time_words: TimeWords = CE_TIME_WORDS
    #: No attacks of opportunity or intercepts: the text has none.
    opportunities: Sequence[Opportunity] = ()
    #: A player rolls his own blows and his own Combat Experience checks.
    player_rolls: frozenset[str] = frozenset(
        {"attack", "damage", "opening", "reroll", "recovery", "interrupt", "abort"}
    )
    #: The roster: armour class, the last Combat Experience check's total, and the initiative
    #: he acts on.
    roster_columns: Sequence[RosterColumn] = (
        ARMOUR_CLASS,
        initiative_total("The Combat Experience check's total (its result, no degrees counted)"),
        initiative_count("Initiative: the count he acts on this round, highest first; 0 stunned"),
    )

    def __init__(self, rules: CheckRules = DEFAULT_RULES) -> None:
        """`rules`: how a check is rolled and read (settings.py; the defaults are documented)."""
        self.rules = rules
        self._clock = CombatExperienceClock()
        self.reducers: Mapping[str, Reducer] = make_reducers(rules)

    @property
    def clock(self) -> CombatExperienceClock:
        return self._clock

    def validate(self, encounter: Encounter, source: str) -> None:
        validate_encounter(encounter, source)

    def start(self, engine: Engine) -> None:
        if engine.encounter.ruleset != self.name:
            # Another ruleset's encounter, never validated by these rules: nothing to run. (The
            # window's session briefly reruns the old ruleset on a newly opened saved fight
            # before it restarts with the file's own: that run must not crash.)
            return
        CombatExperienceFight(engine, self.rules, self._clock).start()

    def standing(self, combatant: Combatant) -> Standing | None:
        """The initiative his first typed check gives (None when none is typed)."""
        total = typed_check(combatant, 1)
        if total is None:
            return None
        return Standing(total=total, count=initiative_from(total))

    def standing_of(self, state: State, combatant_id: str) -> Standing | None:
        """His initiative as the fight has it at `state` (None before his first check)."""
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
        """Nothing to preview: Combat Experience has no attacks of opportunity or intercepts."""
        return []
