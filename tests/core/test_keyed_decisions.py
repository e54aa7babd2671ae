"""Decisions are matched by key, never by position; app rolls come from the seed and the key.

The findings of the issue on a fight's history, each reproduced here with the engine alone (the
window's side is in tests/ui/test_fight_history.py).
"""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path
from typing import ClassVar

import pytest

from battlemap.cli import simulate
from battlemap.core.decisions import ChoiceRequest, RollRequest, take_all
from battlemap.core.encounter import AttackProfile, Encounter, MapSpec
from battlemap.core.engine import Engine, recorded_decisions
from battlemap.core.events import Event
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.d12.fields import D12_FIELDS
from battlemap.storage.encounter_file import load_encounter, save_encounter
from tests.factories import combatant, events, plan

SKIRMISH = Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json"


def _as_json(log: list[Event] | tuple[Event, ...]) -> list[str]:
    return [json.dumps(e.to_json(), sort_keys=True) for e in log]


def _nobody_is_asked(request: ChoiceRequest) -> bool:
    raise AssertionError(f"asked again: {request.key}")


def _checked(enc: Encounter) -> Encounter:
    get_ruleset("d12").validate(enc, "test")
    return enc


# --- answers follow their key -------------------------------------------------------------------


def _watch(with_watchman: bool) -> Encounter:
    """Round 2: the runner dashes east past the thief (who threatens his path) while the
    watchman, farther off, could cut him off."""
    people = [
        combatant("thief", x=5.5, y=3.5, side="guards"),
        combatant("runner", x=0.5, y=2.5, side="thieves", initiative_roll=10),
    ]
    plans = [plan("thief", 1, "standard"), plan("runner", 2, "move", path=[(12.5, 2.5)])]
    if with_watchman:
        people.insert(0, combatant("watchman", x=10.5, y=6.5, side="guards"))
        plans.insert(0, plan("watchman", 1, "standard"))
    return _checked(
        Encounter(ruleset="d12", map=MapSpec(30, 30), combatants=tuple(people), plans=tuple(plans))
    )


def test_a_declined_intercept_stays_with_the_watchman_when_he_is_removed() -> None:
    """Finding: "removing the watchman made that 'decline' land on the thief's attack of
    opportunity". The game master declined every intercept and took the thief's attack of
    opportunity; without the watchman, the thief's answers are still his own, and the
    watchman's decline is dropped by name."""
    first = Engine(_watch(True), get_ruleset("d12"), choose=lambda r: r.kind == "aoo")
    assert first.run()
    answers = [(e.type, e.actor, e["taken"], e["key"]) for e in first.log if "taken" in e.fields]
    assert answers == [
        ("intercept", "thief", False, "runner.r2.1/intercept/thief"),
        ("intercept", "watchman", False, "runner.r2.1/intercept/watchman"),
        ("aoo", "thief", True, "runner.r2.1/aoo/thief"),
    ]

    again = Engine(
        _watch(False),
        get_ruleset("d12"),
        choose=_nobody_is_asked,
        recorded=recorded_decisions(first.log, D12_FIELDS.opportunities),
    )
    assert again.run()
    answers = [(e.type, e.actor, e["taken"], e["key"]) for e in again.log if "taken" in e.fields]
    assert answers == [
        ("intercept", "thief", False, "runner.r2.1/intercept/thief"),
        ("aoo", "thief", True, "runner.r2.1/aoo/thief"),
    ]
    dropped = [(e.time, e["key"], e["was"], e["reason"]) for e in events(again, "decision_dropped")]
    # (The coin flip between thief and watchman was the app's: nothing is lost, nothing said.)
    assert dropped == [
        (0.0, "initiative/watchman", 12, "no longer asked"),
        (15.0, "runner.r2.1/intercept/watchman", False, "no longer asked"),
    ]
    # The thief's blow is the one he rolled before, not a new one.
    (before,) = events(first, "attack", "thief")
    (after,) = events(again, "attack", "thief")
    assert (after["roll"], after["damage"]) == (before["roll"], before["damage"]) == (14, 3)


def test_a_roll_whose_dice_changed_is_dropped_and_rolled_anew() -> None:
    """A recorded roll answers its question only while the dice agree."""
    enc = _watch(False)
    first = Engine(enc, get_ruleset("d12"), choose=lambda r: r.kind == "aoo")
    assert first.run()
    thief = enc.combatant("thief")
    axe = dataclasses.replace(thief, attacks=(AttackProfile("longsword", 5, "1d10"),))
    changed = dataclasses.replace(enc, combatants=(axe, enc.combatant("runner")))
    again = Engine(
        changed,
        get_ruleset("d12"),
        choose=take_all,
        recorded=recorded_decisions(first.log, D12_FIELDS.opportunities),
    )
    assert again.run()
    (dropped,) = events(again, "decision_dropped")
    assert (dropped["key"], dropped["was"], dropped["reason"]) == (
        "runner.r2.1/aoo/thief/damage",
        3,
        "the question changed: a 1d8 roll then, a 1d10 roll now",
    )
    (roll,) = [e for e in events(again, "roll", "thief") if e["purpose"] == "damage"]
    assert (roll["dice"], roll["source"]) == ("1d10", "app")


# --- fixed rolls belong to their plan's action ----------------------------------------------


def _full_attack_with_a_runner_going_by(rolls: dict[str, list[int]]) -> Encounter:
    """The fighter's full attack on the ogre (two blows: units 1 and 7, times 0 and 6) with the
    plan's fixed rolls; from time 1 the runner walks south past him, out of a square he
    threatens at 2.5."""
    fighter = combatant("fighter", x=5.5, y=5.5, attacks_per_round=2)
    ogre = combatant("ogre", x=6.5, y=5.5, side="b", initiative_roll=1)
    runner = combatant("runner", x=4.5, y=3.5, side="b", initiative_roll=11)
    return _checked(
        Encounter(
            ruleset="d12",
            map=MapSpec(20, 20),
            combatants=(fighter, ogre, runner),
            plans=(
                plan("fighter", 1, "full_attack", target="ogre", rolls=rolls),
                plan("runner", 1, "move", path=[(4.5, 8.5)]),
            ),
        )
    )


def test_an_attack_of_opportunity_never_takes_the_full_attacks_fixed_rolls() -> None:
    """Finding: "A roll fixed in a plan's `rolls` was taken by an attack of opportunity of the
    same combatant, so the full attack it belonged to rolled its second blow in the app"."""
    engine = Engine(_full_attack_with_a_runner_going_by({"attack": [15, 12]}), get_ruleset("d12"))
    assert engine.run()
    attacks = [(e.time, e["target"], e["roll"]) for e in events(engine, "attack", "fighter")]
    rolls = {e["key"]: (e["result"], e["source"]) for e in events(engine, "roll", "fighter")}
    assert attacks[0] == (0.0, "ogre", 15)
    assert attacks[-1] == (6.0, "ogre", 12)
    (opportunity,) = [a for a in attacks if a[1] == "runner"]
    assert opportunity[0] == 2.5
    assert rolls["fighter.r1.1/blow1/attack"] == (15, "file")
    assert rolls["fighter.r1.1/blow2/attack"] == (12, "file")
    assert rolls["runner.r1.1/aoo/fighter/attack"][1] == "app"
    assert events(engine, "fixed_roll_unused") == []


def test_a_fixed_roll_the_action_never_used_is_reported() -> None:
    """Two natural 1s miss: the damage roll fixed for a hit is never needed. (More attack rolls
    than blows are refused by the loader already.)"""
    engine = Engine(
        _full_attack_with_a_runner_going_by({"attack": [1, 1], "damage": [5]}), get_ruleset("d12")
    )
    assert engine.run()
    (unused,) = events(engine, "fixed_roll_unused")
    assert (unused.actor, unused["id"], unused["purpose"], unused["rolls"]) == (
        "fighter",
        "fighter.r1.1",
        "damage",
        [5],
    )


# --- the dice continue --------------------------------------------------------------------------


def test_save_at_round_3_reopen_and_play_on_is_the_straight_through_fight(tmp_path: Path) -> None:
    """Finding: "the skirmish replayed from its log up to 6.0 rolled an attack of 8 at 7.0
    where the fight played straight through with the same seed rolled 19"."""
    skirmish = dataclasses.replace(load_encounter(SKIRMISH), seed=41)
    straight = Engine(skirmish, get_ruleset("d12"), seed=41)
    assert straight.run()
    for stop in (6.0, 13.0, 24.0):
        half = Engine(skirmish, get_ruleset("d12"), seed=41)
        assert half.run_until(stop)
        path = tmp_path / f"at-{stop}.json"
        save_encounter(dataclasses.replace(skirmish, log=tuple(half.log)), path)
        reopened = load_encounter(path)
        on = Engine(
            reopened,
            get_ruleset("d12"),
            seed=reopened.seed,
            recorded=recorded_decisions(reopened.log, D12_FIELDS.opportunities),
        )
        assert on.run()
        assert _as_json(on.log.events) == _as_json(straight.log.events)
    assert len(straight.log) == 92


def test_simulate_of_a_saved_fight_prints_it_unchanged_then_plays_on(tmp_path: Path) -> None:
    """`battlemap simulate` of a file with a `log` prints the saved part first and unchanged,
    then what the straight-through fight would have printed; `--seed N` and the file's `seed`
    are the same seed."""
    skirmish = dataclasses.replace(load_encounter(SKIRMISH), seed=41)
    whole = tmp_path / "whole.json"
    save_encounter(skirmish, whole)
    straight = io.StringIO()
    assert simulate(str(whole), seed=None, rounds=None, text=False, out=straight) == 0
    given = io.StringIO()
    assert simulate(str(whole), seed=41, rounds=None, text=False, out=given) == 0
    assert given.getvalue() == straight.getvalue()

    half = Engine(skirmish, get_ruleset("d12"), seed=41)
    assert half.run_until(13.0)
    # A table roll in the saved part: what simulate must print, never roll again.
    saved = list(half.log)
    index = next(
        i
        for i, e in enumerate(saved)
        if e.type == "roll" and e["purpose"] == "damage" and e["source"] == "app"
    )
    table = Event.from_json({**saved[index].to_json(), "source": "table"})
    saved[index] = table
    path = tmp_path / "half.json"
    save_encounter(dataclasses.replace(skirmish, log=tuple(saved)), path)
    out = io.StringIO()
    assert simulate(str(path), seed=None, rounds=None, text=False, out=out) == 0
    printed = out.getvalue().splitlines()
    assert printed[: len(saved)] == [json.dumps(e.to_json()) for e in saved]
    assert printed[len(saved) :] == straight.getvalue().splitlines()[len(saved) :]


def test_a_new_creature_never_shifts_anyone_elses_dice() -> None:
    """App rolls come from the seed and the decision's key: adding a creature far away, with
    plans of its own, leaves every roll of the others where it was."""
    skirmish = load_encounter(SKIRMISH)
    before = Engine(skirmish, get_ruleset("d12"), seed=5)
    assert before.run()
    spider = combatant("spider", x=30.5, y=1.5, side="raiders", initiative_roll=None, dex=17)
    bigger = dataclasses.replace(
        skirmish,
        map=dataclasses.replace(skirmish.map, width=40),
        combatants=(*skirmish.combatants, spider),
        plans=(*skirmish.plans, plan("spider", 1, "move", path=[(34.5, 1.5)])),
    )
    after = Engine(_checked(bigger), get_ruleset("d12"), seed=5)
    assert after.run()

    def others(engine: Engine) -> list[tuple[str, int]]:
        return [
            (e["key"], e["result"])
            for e in events(engine, "roll")
            if e.actor != "spider" and e["purpose"] != "tie_break"
        ]

    assert others(after) == others(before)
    assert [e["key"] for e in events(after, "roll", "spider")] == ["initiative/spider"]


# --- asking again ---------------------------------------------------------------------------------


def test_ask_again_stops_at_a_recorded_roll_and_the_answer_replaces_it() -> None:
    enc = _watch(False)
    first = Engine(enc, get_ruleset("d12"), choose=lambda r: r.kind == "aoo")
    assert first.run()
    key = "runner.r2.1/aoo/thief/attack"
    before = [d for d in recorded_decisions(first.log, D12_FIELDS.opportunities) if d.time < 18.5]
    again = Engine(enc, get_ruleset("d12"), choose=take_all, recorded=before, ask_again={key})
    assert again.run() is False
    assert again.pending is not None
    assert again.pending.request == RollRequest(
        "thief", "attack", "1d20", "Thief attacks Runner (longsword)", key
    )
    again.answer(3)
    assert again.run()
    (attack,) = events(again, "attack", "thief")
    assert (attack["roll"], attack["hit"]) == (3, False)


def test_a_decision_key_asked_twice_is_a_ruleset_bug() -> None:
    class Twice:
        """A broken ruleset that asks the same question twice."""

        name = "twice"
        clock = get_ruleset("d12").clock
        reducers: ClassVar[dict[str, object]] = {}

        def start(self, engine: Engine) -> None:
            def process():  # type: ignore[no-untyped-def]
                from battlemap.core.engine import NeedRoll

                for _ in range(2):
                    yield NeedRoll(RollRequest("a", "attack", "1d20", "a attacks", "same"))

            engine.spawn(process(), 0.0)

    engine = Engine(_watch(False), Twice(), choose=take_all)  # type: ignore[arg-type]
    with pytest.raises(AssertionError, match="decision key 'same' asked twice"):
        engine.run()
