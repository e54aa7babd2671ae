"""What the Combat Experience rules refuse, each with its place in the file and why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battlemap.core.encounter import Encounter, MapSpec, Plan, Trigger
from battlemap.core.errors import EncounterError
from battlemap.loading import load_checked
from tests.rulesets.combat_experience.fights import RULESET, fighter, plan, ruleset

EXAMPLE = Path(__file__).parents[3] / "resources" / "examples" / "combat_experience.json"


def _refusal(*plans: Plan, **ann: Any) -> str:
    enc = Encounter(
        ruleset=RULESET,
        map=MapSpec(20, 20),
        combatants=(
            fighter("ann", "heroes", 2.5, 2.5, **{"situation": "wary", **ann}),
            fighter("orc", "orcs", 3.5, 2.5, situation="wary"),
        ),
        plans=plans,
    )
    with pytest.raises(EncounterError) as caught:
        ruleset().validate(enc, "f.json")
    return str(caught.value)


_WAIT = {"trigger": Trigger("attacks", "orc"), "readied": plan("ann", 1, "attack", target="orc")}


@pytest.mark.parametrize(
    ("plans", "message"),
    [
        ((plan("ann", 1, "charge", target="orc"),),
         "plans[0].action: unknown action 'charge' (Combat Experience actions: move, "
         "double_move, run, attack, skip, drop, wait)"),
        ((plan("ann", 0, "attack", target="orc"),),
         "plans[0].round: Combat Experience has no surprise rounds: round 0"),
        ((plan("ann", 1, "skip"), plan("ann", 1, "attack", target="orc")),
         "plans[0]: a skip is the whole turn: Ann has other plans in round 1"),
        ((plan("ann", 1, "attack", target="orc"), plan("ann", 1, "drop", count=3)),
         "plans[1]: a drop must be the combatant's first plan of the round"),
        ((plan("ann", 1, "drop"),),
         "plans[0].count: a drop needs the initiative to drop to, 1 or more"),
        ((plan("ann", 1, "wait", readied=plan("ann", 1, "attack", target="orc")),),
         "plans[0].trigger: a wait needs its trigger"),
        ((plan("ann", 1, "wait", trigger=Trigger("attacks", "orc")),),
         "plans[0].readied: a wait needs the exact action he takes when the trigger comes"),
        ((plan("ann", 1, "wait", trigger=Trigger("enters_reach", "orc"),
               readied=plan("ann", 1, "attack", target="orc")),),
         "plans[0].trigger.event: unknown trigger 'enters_reach' (Combat Experience triggers: "
         "acts, starts_moving, attacks)"),
        ((plan("ann", 1, "wait", **_WAIT), plan("ann", 1, "attack", target="orc")),
         "plans[0]: plans after a wait are what he does on aborting with two degrees (acting "
         "normally later): they need the wait's abort"),
        ((plan("ann", 1, "move", path=[(4, 4)], stuns=1),),
         "plans[0].stuns: only an attack stuns, not a move"),
        ((plan("ann", 1, "attack", target="orc", interrupt=True),),
         "plans[0].interrupt: only a wait takes interrupt, not an attack"),
        ((plan("ann", 1, "run", path=[(6, 2)]), plan("ann", 1, "attack", target="orc")),
         "plans[1]: Ann's turn in round 1 holds a move and an attack, or one double move or run"),
        ((plan("ann", 1, "move", path=[(6, 2)]), plan("ann", 1, "move", path=[(6, 6)])),
         "plans[1]: Ann's turn in round 1 holds a move and an attack, or one double move or run"),
        ((plan("ann", 1, "move"),), "plans[0].path: a move needs a path of one waypoint or more"),
        ((plan("ann", 1, "run", path=[(6, 2), (6, 6), (2, 6)]),),
         "plans[0].path: a run must follow one straight line"),
        ((plan("ann", 1, "attack", target="orc", rolls={"concentration": [3]}),),
         "plans[0].rolls.concentration: an attack makes no concentration roll"),
    ],
)  # fmt: skip
def test_a_plan_the_rules_cannot_run_is_refused(plans: tuple[Plan, ...], message: str) -> None:
    assert _refusal(*plans) == f"f.json, {message}"


def test_a_combatant_needs_a_situation_of_his_own_or_his_sides() -> None:
    enc = Encounter(
        ruleset=RULESET,
        map=MapSpec(20, 20),
        combatants=(fighter("ann", "heroes", 2.5, 2.5),),
    )
    with pytest.raises(EncounterError) as caught:
        ruleset().validate(enc, "f.json")
    assert str(caught.value) == (
        "f.json, combatants[0].situation: Ann has no situation: give one on the combatant or on "
        "the side 'heroes' (initiated, wary, saw_start, surprised)"
    )


def _edited(tmp_path: Path, edit: Any) -> Path:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "ce.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_files_own_fields_are_checked_by_storage(tmp_path: Path) -> None:
    def bad_situation(data: dict[str, Any]) -> None:
        data["sides"]["bandits"]["situation"] = "asleep"

    with pytest.raises(EncounterError) as caught:
        load_checked(_edited(tmp_path, bad_situation))
    assert str(caught.value).endswith(
        "sides.bandits.situation: situation must be one of initiated, wary, saw_start, "
        "surprised (how the side came into the fight), got 'asleep'"
    )


def test_a_drop_may_name_counts_above_12(tmp_path: Path) -> None:
    """A d12 count stops at 12; an initiative to drop to does not."""

    def drop_to_40(data: dict[str, Any]) -> None:
        data["combatants"][0]["initiative_rolls"] = [45]
        data["plans"].append({"actor": "brenna", "round": 3, "action": "drop", "count": 40})

    assert load_checked(_edited(tmp_path, drop_to_40)).plans[-1].count == 40
