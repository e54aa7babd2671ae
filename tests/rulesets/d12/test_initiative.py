"""d12 initiative: the text's rules and its worked example, round by round."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlemap.core.engine import Engine
from battlemap.core.state import replay
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.d12.initiative import Initiative
from battlemap.rulesets.d12.reducers import REDUCERS, flat_footed
from battlemap.storage.encounter_file import load_encounter
from tests.factories import combatant, encounter, events, plan, run

EXAMPLE = Path(__file__).parents[3] / "resources" / "examples" / "initiative_example.json"


def test_surprise_round_from_a_high_total() -> None:
    """ "if a character has a +7 initiative modifier and rolls a 9, he has an initiative of 16,
    which translates to a 4 (16 – 12) with one surprise round.\""""
    assert Initiative.from_roll(9, 7) == Initiative(9, 7, 16, 4, 1, 0)


def test_penalty_round_from_a_low_total() -> None:
    """ "if a character has a –3 initiative modifier and rolls a 1, he has an initiative of –2,
    which translates to a 10 (–2 + 12) with one penalty round.\""""
    assert Initiative.from_roll(1, -3) == Initiative(1, -3, -2, 10, 0, 1)


@pytest.mark.parametrize(
    ("roll", "modifier", "count", "surprise", "penalty"),
    [(12, 0, 12, 0, 0), (1, 0, 1, 0, 0), (12, 13, 1, 2, 0), (1, -13, 12, 0, 2), (1, -1, 12, 0, 1)],
)
def test_initiative_folds_into_one_to_twelve(
    roll: int, modifier: int, count: int, surprise: int, penalty: int
) -> None:
    """ "repeatedly subtract 12 from the character's initiative until the value is between 1
    and 12" (and add 12 for totals below 1)."""
    init = Initiative.from_roll(roll, modifier)
    assert (init.count, init.surprise_rounds, init.penalty_rounds) == (count, surprise, penalty)


@pytest.fixture(scope="module")
def worked_example() -> Engine:
    enc = load_encounter(EXAMPLE)
    ruleset = get_ruleset(enc.ruleset)
    ruleset.validate(enc, str(EXAMPLE))
    engine = Engine(enc, ruleset, seed=0)
    assert engine.run()
    return engine


def _acting(engine: Engine, round_number: int) -> list[tuple[str | None, int]]:
    return [(e.actor, e.count) for e in events(engine, "action_start") if e.round == round_number]


def test_worked_example_initiatives(worked_example: Engine) -> None:
    """ "Luet's initiative of 13 translates to 1, plus one surprise round. The earth elemental's
    initiative of 0 translates to 12, plus one penalty round. The air elemental's initiative of
    26 translates to 2, plus two surprise rounds.\""""
    got = {
        e.actor: (e["total"], e.count, e["surprise_rounds"], e["penalty_rounds"])
        for e in events(worked_example, "initiative")
    }
    assert got == {
        "luet": (13, 1, 1, 0),
        "thorin": (6, 6, 0, 0),
        "earth": (0, 12, 0, 1),
        "air": (26, 2, 2, 0),
    }


def test_worked_example_first_surprise_round(worked_example: Engine) -> None:
    """ "On the first surprise round, the air elemental begins to act at 2. No one else scored a
    high enough initiative to act this round.\""""
    assert _acting(worked_example, -1) == [("air", 2)]


def test_worked_example_second_surprise_round(worked_example: Engine) -> None:
    """ "On the second surprise round, the air elemental acts at 2, then Luet acts at 1. Thorin and
    the earth elemental have not yet acted and are still flat-footed.\""""
    assert _acting(worked_example, 0) == [("air", 2), ("luet", 1)]
    end_of_round_0 = replay(
        worked_example.encounter, worked_example.log, until=-0.001, extra_reducers=REDUCERS
    )
    flat = {cid: flat_footed(c) for cid, c in end_of_round_0.combatants.items()}
    assert flat == {"luet": False, "thorin": True, "earth": True, "air": False}


def test_worked_example_first_regular_round(worked_example: Engine) -> None:
    """ "Then the first regular round begins. Thorin acts at 6, followed by the air elemental at 2,
    followed by Luet at 1. The earth elemental does not act in the first regular round, as it is
    his penalty round.\""""
    assert _acting(worked_example, 1) == [("thorin", 6), ("air", 2), ("luet", 1)]
    skipped = [(e.actor, e.round, e["reason"]) for e in events(worked_example, "plan_skipped")]
    assert skipped == [("earth", 1, "penalty round")]


def test_worked_example_second_regular_round(worked_example: Engine) -> None:
    """ "On the second regular round, the earth elemental can finally act at 12. Thorin goes again
    at 6, the air elemental goes at 2, and Luet goes at 1.\""""
    assert _acting(worked_example, 2) == [("earth", 12), ("thorin", 6), ("air", 2), ("luet", 1)]


def test_surprise_rounds_are_numbered_before_round_one(worked_example: Engine) -> None:
    """Rounds are numbered so the first regular round is 1 and surprise rounds are 0, -1."""
    starts = [(e.round, e.time) for e in events(worked_example, "round_start")]
    assert starts == [(-1, -24.0), (0, -12.0), (1, 0.0), (2, 12.0), (3, 24.0)]


def test_dexterity_breaks_a_tie() -> None:
    """ "For two characters with the same initiative, action order is determined by Dexterity
    scores as normal\" — the quicker one begins first on the shared unit."""
    slow = combatant("slow", dex=10, initiative_roll=7, x=0.5)
    quick = combatant("quick", dex=16, initiative_roll=7, x=5.5)
    engine = run(
        encounter(slow, quick, plans=(plan("slow", 1, "standard"), plan("quick", 1, "standard")))
    )
    assert [(e.actor, e.count) for e in events(engine, "action_start")] == [
        ("quick", 7),
        ("slow", 7),
    ]
    order = events(engine, "initiative_order")[0]
    assert order["ties"] == [{"ids": ["quick", "slow"], "total": 7, "by": "dexterity"}]


def _coin_flip_winner(seed: int) -> str | None:
    a = combatant("anna", dex=14, initiative_roll=5)
    b = combatant("bert", dex=14, initiative_roll=5, x=5.5)
    engine = run(
        encounter(a, b, plans=(plan("anna", 1, "standard"), plan("bert", 1, "standard"))), seed
    )
    flips = [e for e in events(engine, "roll") if e["purpose"] == "tie_break"]
    assert [(f["dice"], f["source"]) for f in flips] == [("1d2", "app")]
    first = events(engine, "action_start")[0].actor
    # The flip's result names the winner among the tied, in id order.
    assert first == ["anna", "bert"][flips[0]["result"] - 1]
    return first


def test_equal_dexterity_goes_to_a_seeded_coin_flip() -> None:
    """ "(and if the Dex scores are equal, by a coin flip)\": the flip is a logged roll, the
    same seed gives the same winner, and both outcomes happen."""
    winners = {seed: _coin_flip_winner(seed) for seed in range(8)}
    assert winners == {seed: _coin_flip_winner(seed) for seed in range(8)}
    assert set(winners.values()) == {"anna", "bert"}


def test_higher_total_goes_first_on_a_shared_count() -> None:
    """Equal counts from different totals are no tie: 13 (count 1, one surprise round) acts
    before 1 on count 1 of a regular round (docs/rules/d12.md)."""
    early = combatant("early", init_mod=8, initiative_roll=5, dex=3)
    late = combatant("late", init_mod=0, initiative_roll=1, dex=18, x=5.5)
    engine = run(
        encounter(early, late, plans=(plan("late", 1, "standard"), plan("early", 1, "standard")))
    )
    assert [(e.actor, e.round, e.count) for e in events(engine, "action_start")] == [
        ("early", 1, 1),
        ("late", 1, 1),
    ]


def test_a_plan_in_an_unearned_surprise_round_is_dropped() -> None:
    """A character who earned no surprise round does not act in one; the log says so."""
    fast = combatant("fast", init_mod=13, initiative_roll=1)  # 14: count 2, one surprise round
    slow = combatant("slow", initiative_roll=6, x=5.5)
    engine = run(
        encounter(fast, slow, plans=(plan("fast", 0, "standard"), plan("slow", 0, "standard")))
    )
    assert [(e.actor, e.round, e.count) for e in events(engine, "action_start")] == [("fast", 0, 2)]
    assert [(e.actor, e["reason"]) for e in events(engine, "plan_skipped")] == [
        ("slow", "no surprise round for this combatant")
    ]
