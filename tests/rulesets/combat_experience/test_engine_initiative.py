"""The Combat Experience initiative played on the engine: each bullet of the text with typed
check results (`initiative_rolls`) and the exact events they give."""

from __future__ import annotations

import pytest

from battlemap.core.decisions import RollDecision
from battlemap.core.encounter import Point
from battlemap.core.state import replay
from tests.rulesets.combat_experience.fights import (
    asking,
    checks,
    encounter,
    events,
    fighter,
    plan,
    ruleset,
    run,
    text,
)

#: A wall along x = 10 from y = 0 to y = 20.
EAST_WALL: tuple[tuple[Point, ...], ...] = (((10.0, 0.0), (10.0, 20.0)),)


def test_the_opening_difficulty_is_set_by_the_situation() -> None:
    """ "Difficulty 10 if you initiated combat" - "Difficulty 15 if you were wary and expected
    combat" - "Difficulty 20 if you if you can see the other party starting hostilities" -
    "Difficulty 25 if you are surprised\""""
    enc = encounter(
        fighter("ann", "heroes", 2.5, 2.5, situation="initiated", initiative_rolls=(10,)),
        fighter("bob", "heroes", 3.5, 2.5, situation="wary", initiative_rolls=(14,), fearless=True),
        fighter("cat", "orcs", 10.5, 2.5, situation="saw_start", initiative_rolls=(20,)),
        fighter("dan", "orcs", 11.5, 2.5, initiative_rolls=(24,), fearless=True),
        sides={"orcs": {"situation": "surprised"}},
    )
    engine = run(enc)
    assert [checks(engine, cid) for cid in ("ann", "bob", "cat", "dan")] == [
        [("opening", 1, 10, 10, True, 10, "acting")],
        [("opening", 1, 15, 14, False, 14, "frozen")],
        # Her own situation over her side's.
        [("opening", 1, 20, 20, True, 20, "acting")],
        [("opening", 1, 25, 24, False, 24, "frozen")],
    ]


def test_initiative_is_the_result_of_the_roll_and_the_order_is_highest_first() -> None:
    """ "Characters act in initiative order = result of Combat Experience roll (no degrees of
    success counted)" - "Characters act in initiative order, highest first\""""
    enc = encounter(
        fighter("ann", "heroes", 2.5, 2.5, situation="wary", initiative_rolls=(27,)),
        fighter("orc", "orcs", 3.5, 2.5, situation="wary", initiative_rolls=(16,)),
        plans=(
            plan("ann", 1, "attack", target="orc", rolls={"attack": [2]}),
            plan("orc", 1, "attack", target="ann", rolls={"attack": [2]}),
        ),
    )
    engine = run(enc)
    (order,) = events(engine, "initiative_order")
    assert (order["order"], order["initiatives"]) == (["ann", "orc"], [27, 16])
    starts = [(e.actor, e.round, e.count, e.time) for e in events(engine, "action_start")]
    # Two degrees of success (27 against 15), yet she acts at 27; slots are 100 - initiative.
    assert starts == [("ann", 1, 27, 73.0), ("orc", 1, 16, 84.0)]
    assert engine.clock.label(73.0) == "Round 1, initiative 27"


def test_something_scary_gives_the_scared_party_penalty_dice() -> None:
    """ "If something particularly scary is involved in combat the scared party gets penalty
    dice to Combat Experience roll": each penalty die rolls one die more and drops the
    highest."""
    enc = encounter(
        fighter("ann", "heroes", 2.5, 2.5, situation="wary", combat_experience=3),
        fighter("orc", "orcs", 3.5, 2.5, situation="wary", combat_experience=3, scary=0),
        fighter("imp", "orcs", 4.5, 2.5, situation="wary", combat_experience=3),
        sides={"heroes": {"scary": 2}, "orcs": {"scary": 1}},
    )
    engine = run(enc)
    dice = {e.actor: e["dice"] for e in events(engine, "roll") if e["purpose"] == "initiative"}
    # His own "scary": 0 over his side's.
    assert dice == {"ann": "4d12kl2+3", "orc": "2d12+3", "imp": "3d12kl2+3"}
    assert [e["penalty_dice"] for e in events(engine, "initiative")] == [2, 0, 1]


def test_a_fearless_combatant_who_fails_only_freezes() -> None:
    """ "If the character is fearless ... he can only freeze" - "Frozen characters can't act or
    move during their turn and defend themselves with three penalty dice\""""
    enc = encounter(
        fighter("orc", "orcs", 4.5, 5.5, situation="surprised", fearless=True,
                initiative_rolls=(21,)),
        fighter("ann", "heroes", 5.5, 5.5, situation="initiated", initiative_rolls=(17,)),
        plans=(
            plan("orc", 1, "move", path=[(4.5, 9.5)]),
            plan("orc", 1, "attack", target="ann"),
            plan("ann", 1, "attack", target="orc", rolls={"attack": [3], "damage": [5]}),
        ),
        walls=EAST_WALL,
    )  # fmt: skip
    engine = run(enc)
    (frozen,) = events(engine, "frozen", "orc")
    assert (frozen.round, frozen.count, frozen["reason"]) == (1, 21, "turn")
    skipped = [(e["action"], e["reason"]) for e in events(engine, "plan_skipped", "orc")]
    assert skipped == [("move", "frozen"), ("attack", "frozen")]
    assert engine.state["orc"].position == (4.5, 5.5)
    assert not events(engine, "action_start", "orc")
    # Three penalty dice on his defence: -2 AC each by default, so 3 + 4 = 7 hits AC 12 - 6.
    (attack,) = events(engine, "attack", "ann")
    assert (attack["total"], attack["ac"], attack["hit"], attack["defence_penalty_dice"]) == (
        7, 6, True, 3,
    )  # fmt: skip
    statuses = [(e["status"], e["on"]) for e in events(engine, "status", "orc")]
    assert statuses == [("frozen", True)]


def test_one_who_is_not_fearless_runs_and_screams_to_cover_and_freezes_there() -> None:
    """ "Non-fearless characters can also run and scream" - "The character moves at full speed
    to random direction when his turn [comes] and tries to reach some kind of cover, if he
    reaches it he freezes there": the nearest wall within a run (four times his 30 ft, 24
    squares) is 5.5 squares east; he stops half a square short of it, at (9.5, 5.5)."""
    enc = encounter(
        fighter("gob", "orcs", 4.5, 5.5, situation="surprised", initiative_rolls=(12,)),
        fighter("ann", "heroes", 20.5, 30.5, situation="initiated", initiative_rolls=(17,)),
        plans=(plan("gob", 1, "attack", target="ann"),),
        walls=EAST_WALL,
    )
    engine = run(enc)
    assert checks(engine, "gob") == [("opening", 1, 25, 12, False, 12, "fleeing")]
    (flees,) = events(engine, "flees", "gob")
    assert (flees.count, flees["from"], flees["to"], flees["at_cover"], flees["angle"]) == (
        12, [4.5, 5.5], [9.5, 5.5], True, None,
    )  # fmt: skip
    (start,) = events(engine, "action_start", "gob")
    # His turn is the unit of initiative 12 (88 to 89); 5 squares of a 24-square run take 5/24.
    assert (start["action"], start["path"], start["arrivals"]) == (
        "flee", [[4.5, 5.5], [9.5, 5.5]], [88.0, 88 + 5 / 24],
    )  # fmt: skip
    (frozen,) = events(engine, "frozen", "gob")
    assert (frozen["reason"], frozen.time) == ("cover", 88 + 5 / 24)
    assert [(e["status"], e["on"]) for e in events(engine, "status", "gob")] == [
        ("fleeing", True), ("fleeing", False), ("frozen", True),
    ]  # fmt: skip
    assert engine.state["gob"].position == (9.5, 5.5)
    assert [(e["action"], e["reason"]) for e in events(engine, "plan_skipped", "gob")] == [
        ("attack", "running and screaming")
    ]
    # Animated on the map: half way through his run he is half way to the wall.
    middle = replay(enc, engine.log, until=88 + 2.5 / 24, extra_reducers=ruleset().reducers)
    assert middle["gob"].position_at(88 + 2.5 / 24) == pytest.approx((7.0, 5.5))
    assert "Round 1, initiative 12: Gob runs and screams to cover, to (9.50, 5.50)" in text(engine)


def test_with_no_cover_in_reach_he_runs_the_whole_run_in_a_random_direction() -> None:
    """The direction is a keyed roll (1d360, degrees): typed at the table here, 180 is west."""
    enc = encounter(
        fighter("gob", "orcs", 30.5, 20.5, situation="surprised", initiative_rolls=(12,)),
        fighter("ann", "heroes", 2.5, 2.5, situation="initiated", initiative_rolls=(17,)),
    )
    engine = asking(enc, "direction")
    assert isinstance(engine.pending, RollDecision)
    assert (engine.pending.request.key, engine.pending.request.dice) == (
        "gob.r1.flee/direction",
        "1d360",
    )
    engine.answer(180)
    assert engine.run()
    (flees,) = events(engine, "flees", "gob")
    assert flees["to"] == pytest.approx([6.5, 20.5])
    assert (flees["at_cover"], flees["angle"]) == (False, 180)
    # Still running and screaming: no cover reached.
    assert engine.state["gob"].statuses == {"fleeing"}


def test_a_combatant_who_is_not_fearless_may_freeze_instead() -> None:
    """ "can also": `freezes` says he freezes rather than running."""
    enc = encounter(
        fighter("gob", "orcs", 4.5, 5.5, situation="surprised", freezes=True,
                initiative_rolls=(12,)),
        fighter("ann", "heroes", 20.5, 30.5, situation="initiated", initiative_rolls=(17,)),
        walls=EAST_WALL,
    )  # fmt: skip
    engine = run(enc)
    assert checks(engine, "gob") == [("opening", 1, 25, 12, False, 12, "frozen")]
    assert not events(engine, "flees")
    assert [e["reason"] for e in events(engine, "frozen", "gob")] == ["turn"]


def test_the_frightened_roll_again_each_round_5_easier_down_to_10() -> None:
    """ "Characters that failed the initial Combat Experience roll again at the start of each
    combat turn until they succeed or the combat ends. Each subsequent Combat Experience roll
    difficulty is reduced by 5 down to minimum of 10": from surprise, 25, 20, 15, 10, 10."""
    enc = encounter(
        fighter("dan", "orcs", 4.5, 5.5, situation="surprised", fearless=True,
                initiative_rolls=(5, 6, 7, 8, 9, 12)),
        fighter("ann", "heroes", 20.5, 30.5, situation="initiated", initiative_rolls=(17,)),
        plans=(plan("ann", 7, "move", path=[(20.5, 31.5)]),),
    )  # fmt: skip
    engine = run(enc)
    assert checks(engine, "dan") == [
        ("opening", 1, 25, 5, False, 5, "frozen"),
        ("reroll", 2, 20, 6, False, 6, "frozen"),
        ("reroll", 3, 15, 7, False, 7, "frozen"),
        ("reroll", 4, 10, 8, False, 8, "frozen"),
        ("reroll", 5, 10, 9, False, 9, "frozen"),
        ("reroll", 6, 10, 12, True, 12, "acting"),
    ]
    # The re-rolls are at the start of each round, keyed by round.
    rerolls = [e for e in events(engine, "roll", "dan")]
    assert [(e["key"], e.time) for e in rerolls][:3] == [
        ("initiative/dan/r1", 0.0),
        ("initiative/dan/r2", 101.0),
        ("initiative/dan/r3", 202.0),
    ]
    # Frozen through round 5, no turn of his own from round 6 (he has no plans).
    assert [e.round for e in events(engine, "frozen", "dan")] == [1, 2, 3, 4, 5]
    assert [(e["status"], e["on"], e.round) for e in events(engine, "status", "dan")] == [
        ("frozen", True, 1), ("frozen", False, 6),
    ]  # fmt: skip


def test_a_skip_gives_15_more_from_the_next_round() -> None:
    """ "Character can skip his turn and get +15 to his initiative count starting the next
    turn": a skip at 16 acts at 31 from the next round on."""
    enc = encounter(
        fighter("ann", "heroes", 2.5, 2.5, situation="initiated", initiative_rolls=(16,)),
        fighter("orc", "orcs", 3.5, 2.5, situation="wary", initiative_rolls=(20,)),
        plans=(
            plan("ann", 1, "skip"),
            plan("ann", 2, "attack", target="orc", rolls={"attack": [2]}),
            plan("orc", 2, "attack", target="ann", rolls={"attack": [2]}),
            plan("ann", 3, "attack", target="orc", rolls={"attack": [2]}),
        ),
    )
    engine = run(enc)
    (skip,) = events(engine, "skip", "ann")
    assert (skip.round, skip.count, skip["from"], skip["to"]) == (1, 16, 16, 31)
    (bonus,) = events(engine, "initiative_set", "ann")
    assert (bonus.time, bonus["reason"], bonus["to"]) == (101.0, "skip", 31)
    starts = [(e.actor, e.round, e.count) for e in events(engine, "action_start")]
    assert starts == [("ann", 2, 31), ("orc", 2, 20), ("ann", 3, 31)]
    assert [e["order"] for e in events(engine, "initiative_order")][1] == ["ann", "orc"]
    assert "Round 1, initiative 16: Ann skips the turn: acts at 31 from the next round (+15)" in (
        text(engine)
    )


def test_a_drop_moves_his_turn_to_a_lower_count_from_then_on() -> None:
    """ "Character can volentarily drop his initiative to any positive number lower than his
    current initiative\""""
    enc = encounter(
        fighter("ann", "heroes", 2.5, 2.5, situation="initiated", initiative_rolls=(18,)),
        fighter("orc", "orcs", 3.5, 2.5, situation="initiated", initiative_rolls=(14,)),
        plans=(
            plan("ann", 1, "drop", count=12),
            plan("ann", 1, "attack", target="orc", rolls={"attack": [2]}),
            plan("orc", 1, "attack", target="ann", rolls={"attack": [2]}),
            plan("ann", 2, "attack", target="orc", rolls={"attack": [2]}),
        ),
    )
    engine = run(enc)
    (drop,) = events(engine, "drop", "ann")
    assert (drop.time, drop["from"], drop["to"]) == (82.0, 18, 12)
    starts = [(e.actor, e["id"], e.round, e.count, e.time) for e in events(engine, "action_start")]
    assert starts == [
        ("orc", "orc.r1.1", 1, 14, 86.0),
        ("ann", "ann.r1.2", 1, 12, 88.0),
        ("ann", "ann.r2.1", 2, 12, 189.0),
    ]


def test_a_drop_not_lower_than_his_initiative_is_refused() -> None:
    enc = encounter(
        fighter("ann", "heroes", 2.5, 2.5, situation="initiated", initiative_rolls=(18,)),
        fighter("orc", "orcs", 3.5, 2.5, situation="initiated", initiative_rolls=(14,)),
        plans=(
            plan("ann", 1, "drop", count=18),
            plan("ann", 1, "attack", target="orc", rolls={"attack": [2]}),
        ),
    )
    engine = run(enc)
    (skipped,) = events(engine, "plan_skipped", "ann")
    assert (skipped["action"], skipped["reason"]) == (
        "drop",
        "18 is not lower than his initiative 18",
    )
    assert [(e.actor, e.count) for e in events(engine, "action_start")] == [("ann", 18)]


def test_ties_go_to_the_higher_combat_experience_then_to_a_logged_d100() -> None:
    enc = encounter(
        fighter("ann", "heroes", 2.5, 2.5, situation="wary", initiative_rolls=(15,)),
        fighter("bob", "heroes", 3.5, 2.5, situation="wary", initiative_rolls=(15,)),
        fighter("orc", "orcs", 9.5, 2.5, situation="wary", combat_experience=1,
                initiative_rolls=(15,)),
    )  # fmt: skip
    engine = run(enc, seed=4)
    coins = {e.actor: e["result"] for e in events(engine, "roll") if e["purpose"] == "tie_break"}
    assert sorted(coins) == ["ann", "bob"]
    assert {e["key"] for e in events(engine, "roll") if e["purpose"] == "tie_break"} == {
        "tie_break/r1/ann",
        "tie_break/r1/bob",
    }
    first, second = sorted(coins, key=lambda cid: -coins[cid])
    (order,) = events(engine, "initiative_order")
    assert order["order"] == ["orc", first, second]
    assert order["ties"] == [
        {"ids": ["orc", first, second], "total": 15, "by": "Combat Experience"}
    ]


def test_a_target_out_of_reach_is_not_attacked() -> None:
    enc = encounter(
        fighter("ann", "heroes", 2.5, 2.5, situation="initiated", initiative_rolls=(18,)),
        fighter("orc", "orcs", 6.5, 2.5, situation="initiated", initiative_rolls=(14,)),
        plans=(plan("ann", 1, "attack", target="orc"),),
    )
    engine = run(enc)
    assert not events(engine, "attack")
    assert "Round 1, initiative 18: Ann cannot reach Orc (20 ft away)" in text(engine)


def test_rounds_where_nothing_would_happen_are_passed_over() -> None:
    """No plans, nobody frightened, stunned or owed a skip's +15: the fight goes on at the next
    round with a plan (a plan in round 50 does not announce 47 empty rounds)."""
    enc = encounter(
        fighter("ann", "heroes", 2.5, 2.5, situation="initiated", initiative_rolls=(16,)),
        fighter("dan", "orcs", 9.5, 9.5, situation="wary", fearless=True, initiative_rolls=(9, 21)),
        plans=(plan("ann", 1, "skip"), plan("ann", 50, "move", path=[(2.5, 4.5)])),
    )
    engine = run(enc)
    # Round 2: Dan re-rolls and Ann's skip takes effect; round 3 would change nothing.
    assert [e.round for e in events(engine, "round_start")] == [1, 2, 50]
    (moved,) = events(engine, "action_start", "ann")
    assert (moved.round, moved.count) == (50, 31)
