"""resources/examples/combat_experience.json through the one loader and `battlemap simulate`:
the ambush at the mill shows what it was written to show."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path
from typing import Any

from battlemap.cli import simulate
from battlemap.core.engine import Engine, recorded_decisions
from battlemap.loading import load_checked
from battlemap.rulesets import get_ruleset
from battlemap.storage.encounter_file import save_encounter

EXAMPLE = Path(__file__).parents[3] / "resources" / "examples" / "combat_experience.json"


def _json_log(path: Path, seed: int | None = None) -> list[dict[str, Any]]:
    out = io.StringIO()
    assert simulate(str(path), seed=seed, rounds=None, text=False, out=out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def _text(path: Path) -> list[str]:
    out = io.StringIO()
    assert simulate(str(path), seed=None, rounds=None, text=True, out=out) == 0
    return out.getvalue().splitlines()


def test_the_file_carries_the_rulesets_own_fields() -> None:
    example = load_checked(EXAMPLE)
    assert example.ruleset == "combat-experience"
    assert {side: dict(values) for side, values in example.sides.items()} == {
        "party": {"situation": "initiated"},
        "bandits": {"situation": "surprised", "scary": 1},
    }
    chief = example.combatant("chief")
    assert dict(chief.stats) == {
        "combat_experience": 6,
        "situation": "wary",
        "initiative_rolls": (17, 18),
    }
    wait = example.plans[0]
    assert (wait.action, dict(wait.extra)) == (
        "wait",
        {"interrupt": True, "checks": (18,), "opposed_checks": (15,)},
    )


def test_simulate_tells_the_ambush() -> None:
    lines = _text(EXAMPLE)
    for line in (
        "Initiative: Bandit chief's Combat Experience check 17 against 15 (wary, 1 penalty die), "
        "success: acts at 17 [3d12kl2+6 = 17 (from file)]",
        "Initiative: Bandit's Combat Experience check 9 against 25 (surprised, 1 penalty die), "
        "fails: runs and screams at 9 [3d12kl2+1 = 9 (from file)]",
        "Initiative: order of round 1: Brenna 19, Ilse 18, Bandit chief 17, Tomas 14, "
        "Clay golem 11, Bandit 9",
        "Round 1, initiative 18: Ilse waits at 18: when Bandit chief attacks, attack Bandit chief "
        "(will try to interrupt)",
        "Round 1, initiative 17: Ilse interrupts Bandit chief: 18 against 15, wins: acts first, "
        "at 17 [2d12+4 = 18 (from file); 2d12+6 = 15 (from file)]",
        "Round 1, initiative 14: Tomas skips the turn: acts at 29 from the next round (+15)",
        "Round 1, initiative 11: Clay golem is frozen: no action, no movement (defends with 3 "
        "penalty dice)",
        "Round 1, initiative 9: Bandit runs and screams to cover, to (11.50, 7.50)",
        "Round 1, initiative 9: Bandit reaches cover and freezes there",
        "Round 2, start: Tomas acts at 29 from this round (skipped at 14: +15)",
        "Initiative: Bandit rolls again at the start of round 2: 12 against 20, fails: still "
        "frozen, at 12 [2d12+1 = 12 (from file)]",
        "Round 2, initiative 19: Bandit chief is stunned by Brenna: initiative 0; recovery check "
        "at count 0 of round 2, difficulty 15 (has acted in this fight)",
        "Round 2, initiative 17: Ilse drops initiative from 17 to 10",
        "Initiative: Bandit chief recovers from the stun, round 2: 18 against 15, success: acts "
        "at 18 from the next round [2d12+6 = 18 (from file)]",
        "Initiative: Bandit rolls again at the start of round 3: 16 against 15, success: acts at "
        "16 [2d12+1 = 16 (from file)]",
    ):
        assert line in lines


def test_what_the_ambush_shows_holds_for_any_seed() -> None:
    """The checks are typed in the file: the initiatives, fears, interrupt, skip, drop and
    stun come out the same whatever the app rolls (Brenna's stunning blow is typed too)."""
    for seed in (None, 0, 1, 2, 3):
        log = _json_log(EXAMPLE, seed)
        checks = [
            (e["actor"], e["round"], e["check"], e["difficulty"], e["total"], e["count"])
            for e in log
            if e["type"] == "initiative"
        ]
        assert checks == [
            ("brenna", 1, "opening", 10, 19, 19),
            ("ilse", 1, "opening", 10, 18, 18),
            ("tomas", 1, "opening", 10, 14, 14),
            ("chief", 1, "opening", 15, 17, 17),
            ("bandit", 1, "opening", 25, 9, 9),
            ("golem", 1, "opening", 25, 11, 11),
            ("bandit", 2, "reroll", 20, 12, 12),
            ("golem", 2, "reroll", 20, 20, 20),
            ("chief", 2, "recovery", 15, 18, 18),
            ("bandit", 3, "reroll", 15, 16, 16),
        ]
        flees = [(e["to"], e["at_cover"]) for e in log if e["type"] == "flees"]
        assert flees == [([11.5, 7.5], True)]
        assert [e["won"] for e in log if e["type"] == "interrupt"] == [True]


def test_the_fight_saved_with_its_log_reopens_and_plays_on_unchanged(tmp_path: Path) -> None:
    """Saved in round 2 with its log, reopened, and played on (by simulate too): the same fight
    as straight through."""
    example = load_checked(EXAMPLE)
    rules = get_ruleset("combat-experience")
    engine = Engine(example, rules, seed=example.seed)
    engine.run_until(rules.clock.round_start(2) + 50)
    saved = tmp_path / "half.json"
    save_encounter(dataclasses.replace(example, log=tuple(engine.log)), saved)
    reopened = load_checked(saved)
    assert [e.to_json() for e in reopened.log] == [e.to_json() for e in engine.log]
    on = Engine(reopened, rules, seed=reopened.seed, recorded=recorded_decisions(reopened.log, ()))
    assert on.run()
    assert _json_log(saved) == [e.to_json() for e in on.log]
    assert [e.to_json() for e in on.log] == _json_log(EXAMPLE)
