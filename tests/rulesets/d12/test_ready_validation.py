"""A ready plan the rules cannot run is refused before the fight, naming the place and why."""

from __future__ import annotations

import pytest

from battlemap.core.encounter import Plan, Trigger
from battlemap.core.errors import EncounterError
from tests.factories import combatant, encounter, plan

GUARD = combatant("guard")
THIEF = combatant("thief", side="b", x=3.5)


def _refusal(ready: Plan) -> str:
    with pytest.raises(EncounterError) as caught:
        encounter(GUARD, THIEF, plans=(ready,))
    return str(caught.value)


def _ready(readied: Plan | None, trigger: Trigger | None) -> Plan:
    return Plan(actor="guard", round=1, action="ready", readied=readied, trigger=trigger)


def test_a_ready_needs_its_action_and_its_trigger() -> None:
    assert _refusal(_ready(None, Trigger("at_count", count=5))) == (
        "test, plans[0].readied: a ready needs the action to take when triggered"
    )
    assert _refusal(_ready(plan("guard", 1, "standard"), None)) == (
        "test, plans[0].trigger: a ready needs a trigger"
    )


def test_only_a_standard_action_or_a_move_is_readied() -> None:
    """ "A combatant spends his action waiting, with a stated action": the standard action
    of his round, so not a full-round one."""
    assert _refusal(_ready(plan("guard", 1, "full_attack"), Trigger("at_count", count=5))) == (
        "test, plans[0].readied.action: a readied action is a standard action or a move "
        "(attack, cast, move, standard), not 'full_attack'"
    )


def test_a_trigger_is_one_the_ruleset_knows_and_says_what_it_needs() -> None:
    standard = plan("guard", 1, "standard")
    assert _refusal(_ready(standard, Trigger("sneezes"))) == (
        "test, plans[0].trigger.event: unknown trigger 'sneezes' (triggers: ally_attacked, "
        "at_count, attacks, enters_area, enters_reach, starts_casting, starts_moving)"
    )
    assert _refusal(_ready(standard, Trigger("starts_casting"))) == (
        "test, plans[0].trigger.actor: starts_casting names whom to watch"
    )
    assert _refusal(_ready(standard, Trigger("at_count"))) == (
        "test, plans[0].trigger.count: at_count needs the count"
    )


def test_an_area_is_a_plain_polygon() -> None:
    standard = plan("guard", 1, "standard")
    assert _refusal(_ready(standard, Trigger("enters_area", area=((1.0, 1.0), (2.0, 1.0))))) == (
        "test, plans[0].trigger.area: enters_area needs a polygon of 3 or more points"
    )
    flat = ((1.0, 1.0), (2.0, 2.0), (3.0, 3.0))
    assert _refusal(_ready(standard, Trigger("enters_area", area=flat))) == (
        "test, plans[0].trigger.area: the area has no size: its corners lie on one line"
    )
    bow_tie = ((0.0, 0.0), (5.0, 5.0), (5.0, 0.0), (0.0, 5.0))
    assert _refusal(_ready(standard, Trigger("enters_area", area=bow_tie))) == (
        "test, plans[0].trigger.area: the area's edges cross each other "
        "(Self-intersection[2.5 2.5])"
    )
