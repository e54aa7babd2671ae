"""Stuns on the engine: initiative 0 at once, the recovery check at count 0, its difficulty.

A blow stuns when its attack plan says for how many rounds (`stuns`): he recovers at count 0
of the last of them (1: this round's)."""

from __future__ import annotations

from battlemap.core.encounter import Combatant
from tests.rulesets.combat_experience.fights import (
    checks,
    encounter,
    events,
    fighter,
    plan,
    run,
    text,
)


def _stunner() -> Combatant:
    return fighter("ann", "heroes", 2.5, 2.5, situation="initiated", initiative_rolls=(20,))


def test_a_stun_drops_his_initiative_to_0_at_once() -> None:
    """ "If character becomes stunned or some other way unable to act his initiative drop
    immediately to 0\""""
    enc = encounter(
        _stunner(),
        fighter("orc", "orcs", 3.5, 2.5, situation="wary", initiative_rolls=(17, 21)),
        plans=(
            plan("ann", 1, "attack", target="orc", stuns=1, rolls={"attack": [10], "damage": [3]}),
            plan("orc", 1, "attack", target="ann"),
            plan("orc", 2, "attack", target="ann", rolls={"attack": [1]}),
        ),
    )
    engine = run(enc)
    (stunned,) = events(engine, "stunned", "orc")
    assert (stunned.time, stunned.round, stunned.count) == (80.0, 1, 0)
    assert (stunned["by"], stunned["until_round"]) == ("ann", 1)
    # His turn at 17 never comes: his plan for round 1 is dropped at the stun.
    assert [(e["action"], e["reason"], e.time) for e in events(engine, "plan_skipped", "orc")] == [
        ("attack", "stunned", 80.0)
    ]
    assert [(e.actor, e.round, e.count) for e in events(engine, "action_start")] == [
        ("ann", 1, 20),
        ("orc", 2, 21),
    ]
    assert [(e["status"], e["on"], e.time) for e in events(engine, "status", "orc")] == [
        ("stunned", True, 80.0),
        ("stunned", False, 100.5),
    ]


def test_stunned_before_acting_he_recovers_at_the_opening_difficulty_plus_5() -> None:
    """ "If character is stunned before he manages to act (whether he succeeded in his initial
    Combat Experience roll or not) the difficulty of CE roll after recovering from the stun is
    the difficulty rolled at the start of the combat, this is increased by 5 if the character
    is not fearless": wary (15), not fearless: 20, at count 0 of the round."""
    enc = encounter(
        _stunner(),
        fighter("orc", "orcs", 3.5, 2.5, situation="wary", initiative_rolls=(17, 19, 15)),
        plans=(
            plan("ann", 1, "attack", target="orc", stuns=1, rolls={"attack": [10], "damage": [3]}),
            plan("orc", 2, "attack", target="ann", rolls={"attack": [1]}),
        ),
    )
    engine = run(enc)
    (stunned,) = events(engine, "stunned", "orc")
    assert (stunned["difficulty"], stunned["acted"]) == (20, False)
    # 19 fails against 20: "just like in the start of the combat", he runs and screams, and
    # rolls again at the start of round 2, 5 easier.
    assert checks(engine, "orc") == [
        ("opening", 1, 15, 17, True, 17, "acting"),
        ("recovery", 1, 20, 19, False, 19, "fleeing"),
        ("reroll", 2, 15, 15, True, 15, "acting"),
    ]
    (recovery,) = [e for e in events(engine, "initiative", "orc") if e["check"] == "recovery"]
    assert (recovery.time, engine.clock.label(recovery.time)) == (100.5, "Round 1, initiative 0")
    assert recovery.time == engine.clock.slot_of(1, 0) + 0.5
    assert (
        "Round 1, initiative 20: Orc is stunned by Ann: initiative 0; recovery check at count 0 "
        "of round 1, difficulty 20 (stunned before acting: the opening 15 + 5, not fearless)"
    ) in text(engine)


def test_a_fearless_one_stunned_before_acting_recovers_at_the_opening_difficulty() -> None:
    enc = encounter(
        _stunner(),
        fighter("orc", "orcs", 3.5, 2.5, situation="surprised", fearless=True,
                initiative_rolls=(26, 25)),
        plans=(
            plan("ann", 1, "attack", target="orc", stuns=1, rolls={"attack": [10], "damage": [3]}),
            plan("orc", 2, "attack", target="ann", rolls={"attack": [1]}),
        ),
    )  # fmt: skip
    engine = run(enc)
    assert checks(engine, "orc") == [
        ("opening", 1, 25, 26, True, 26, "acting"),
        ("recovery", 1, 25, 25, True, 25, "acting"),
    ]


def test_after_acting_the_recovery_check_is_at_15() -> None:
    """ "When he is again able to act he roll new initiative check just like in the start of
    the combat, difficulty 15": the orc acted in round 1, is stunned in round 2 for two rounds,
    and checks at count 0 of round 3."""
    enc = encounter(
        _stunner(),
        fighter("orc", "orcs", 3.5, 2.5, situation="surprised", initiative_rolls=(26, 14, 9)),
        plans=(
            plan("orc", 1, "attack", target="ann", rolls={"attack": [1]}),
            plan("ann", 2, "attack", target="orc", stuns=2, rolls={"attack": [10], "damage": [3]}),
            plan("orc", 2, "attack", target="ann"),
            plan("orc", 3, "attack", target="ann"),
            plan("orc", 4, "attack", target="ann", rolls={"attack": [1]}),
        ),
    )
    engine = run(enc)
    (stunned,) = events(engine, "stunned", "orc")
    assert (stunned.round, stunned["until_round"], stunned["difficulty"], stunned["acted"]) == (
        2, 3, 15, True,
    )  # fmt: skip
    assert checks(engine, "orc")[1:] == [
        ("recovery", 3, 15, 14, False, 14, "fleeing"),
        ("reroll", 4, 10, 9, False, 9, "fleeing"),
    ]
    # He attacked in round 2 at 26, before the stun at 20; round 3 he is stunned throughout.
    assert [(e.round, e["reason"]) for e in events(engine, "plan_skipped", "orc")] == [
        (3, "stunned"),
        (4, "running and screaming"),
    ]
