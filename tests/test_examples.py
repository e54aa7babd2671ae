"""The example encounters in resources/examples/ keep showing what they were written to show."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlemap.core.engine import Engine
from battlemap.rulesets import get_ruleset
from battlemap.storage.encounter_file import load_encounter

EXAMPLES = Path(__file__).parents[1] / "resources" / "examples"


def _run(name: str, seed: int) -> Engine:
    encounter = load_encounter(EXAMPLES / name)
    ruleset = get_ruleset(encounter.ruleset)
    ruleset.validate(encounter, name)
    engine = Engine(encounter, ruleset, seed=seed)
    assert engine.run()
    return engine


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_skirmish_shows_movement_a_charge_a_full_attack_and_a_readied_shot(seed: int) -> None:
    engine = _run("skirmish.json", seed)
    starts = {(e.actor, e["action"]) for e in engine.log if e.type == "action_start"}
    assert {
        ("luet", "move"),
        ("wolf", "charge"),
        ("thorin", "full_attack"),
        ("archer", "ready"),
        ("archer", "attack"),
    } <= starts
    charge_blows = [e for e in engine.log if e.type == "attack" and e.actor == "wolf"]
    # The wolf (speed 50, from count 11 = time 1) reaches Thorin at the end of its 10-square
    # path, covered at 5/3 square a unit: 6 units, Round 1, 5.
    assert charge_blows[0].time == 7.0
    # Mialee's readied shot spoils the spell as the casting begins (Round 1, 8), whatever the
    # seed: every roll that decides it is fixed in the file.
    lost = [(e.actor, e.time) for e in engine.log if e.type == "spell_lost"]
    assert lost == [("shaman", 4.0)]
    assert not [e for e in engine.log if e.type == "spell_effect"]
    # Luet's rapier (fixed at 5 damage) then drops the shaman, left with 9 - 4 = 5 hp.
    shaman_hp = [
        (e.time, e["source"], e["hp"])
        for e in engine.log
        if e.type == "damage" and e.actor == "shaman"
    ]
    assert shaman_hp == [(4.0, "archer", 5), (7.0, "luet", 0)]
    assert ("shaman", 7.0) in [(e.actor, e.time) for e in engine.log if e.type == "down"]


def test_the_chase_shows_attacks_of_opportunity_an_intercept_and_a_chase() -> None:
    """resources/examples/chase.json: the thief dashes past a guard's longspear (an attack of
    opportunity where he leaves the ring at (5, 6.5)), is chased by a hound, and is cut off."""
    engine = _run("chase.json", 0)
    aoo = [(e.actor, e["target"], e.time, e["x"], e["y"]) for e in engine.log if e.type == "aoo"]
    assert ("guard", "thief", 5.5, 5.0, 6.5) in aoo
    intercepts = [(e.actor, e["taken"]) for e in engine.log if e.type == "intercept"]
    assert ("watchman", True) in intercepts
    follows = [e for e in engine.log if e.type == "action_start" and e["action"] == "follow"]
    assert [e.actor for e in follows] == ["hound", "hound"]


def test_the_readied_shot_interrupts_the_shamans_spell() -> None:
    """resources/examples/skirmish.json: Mialee readies a shot for when the shaman starts
    casting; it lands as the casting begins (4.0), the Concentration check fails (7 vs DC 15 =
    10 + 4 damage + level 1) and the spell is lost; the log says why the blow counts as during
    the casting."""
    engine = _run("skirmish.json", 0)
    fired = [(e.time, e.actor, e["by"]) for e in engine.log if e.type == "triggered"]
    assert fired == [(4.0, "archer", "shaman")]
    check = next(e for e in engine.log if e.type == "concentration_check")
    assert (check.time, check["dc"], check["total"], check["success"]) == (4.0, 15, 7, False)
    assert [(e.actor, e.time) for e in engine.log if e.type == "spell_lost"] == [("shaman", 4.0)]
    notes = [e["note"] for e in engine.log if e.type == "order_note"]
    assert notes == [
        "goblin shaman began casting at this very instant, ahead in initiative order: "
        "the blow lands during the casting"
    ]
