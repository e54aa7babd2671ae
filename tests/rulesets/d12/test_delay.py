"""Delay: "act at a later count of the combatant's choice; his initiative becomes that count
from then on" (issue 5; the Combat Experience and 13th Age texts describe delaying)."""

from __future__ import annotations

import pytest

from battlemap.core.errors import EncounterError
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.d12.reducers import initiative_count
from tests.factories import combatant, encounter, events, plan, run


def test_a_delay_moves_this_rounds_action_and_every_later_one() -> None:
    """Thorin (count 9) delays to 4 in round 1: his attack begins at 4 (time 8), and in round 2
    he acts at 4 again (time 20), not 9."""
    thorin = combatant("thorin", initiative_roll=9)
    orc = combatant("orc", side="b", x=1.5, initiative_roll=1)
    engine = run(
        encounter(
            thorin,
            orc,
            plans=(
                plan("thorin", 1, "delay", count=4),
                plan("thorin", 1, "attack", target="orc"),
                plan("thorin", 2, "standard"),
            ),
        )
    )
    (delay,) = events(engine, "delay", "thorin")
    assert (delay.time, delay["from_count"], delay["to_count"]) == (3.0, 9, 4)
    starts = [(e.round, e.count, e.time) for e in events(engine, "action_start", "thorin")]
    assert starts == [(1, 4, 8.0), (2, 4, 20.0)]
    assert initiative_count(engine.state["thorin"]) == 4
    standing = get_ruleset("d12").standing_of(engine.state, "thorin")
    assert standing is not None and (standing.total, standing.count) == (9, 4)


def test_a_delay_to_an_earlier_count_is_refused_in_play() -> None:
    thorin = combatant("thorin", initiative_roll=4)
    engine = run(
        encounter(
            thorin, plans=(plan("thorin", 1, "delay", count=9), plan("thorin", 1, "standard"))
        )
    )
    (skipped,) = events(engine, "plan_skipped", "thorin")
    assert skipped["reason"] == "a delay must be to a later count than 4"
    assert [(e.count, e.time) for e in events(engine, "action_start", "thorin")] == [(4, 8.0)]


def test_a_delay_needs_a_count_and_comes_first() -> None:
    thorin = combatant("thorin")
    with pytest.raises(EncounterError) as caught:
        encounter(
            thorin, plans=(plan("thorin", 1, "standard"), plan("thorin", 1, "delay", count=3))
        )
    assert str(caught.value) == (
        "test, plans[1]: a delay must be the combatant's first plan of the round "
        "(it moves them all)"
    )
    with pytest.raises(EncounterError) as caught:
        encounter(thorin, plans=(plan("thorin", 1, "delay"),))
    assert str(caught.value) == "test, plans[0].count: a delay needs the count to act on instead"
