"""A ruleset is one package: the tiny one in tests/rulesets/tiny/ plugs in by name, and the
files, the engine, `battlemap simulate` and the fight model run it without a change elsewhere."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from battlemap import rulesets
from battlemap.cli import simulate
from battlemap.core.errors import EncounterError
from battlemap.loading import load_checked
from battlemap.play.session import FightModel
from tests.rulesets.tiny.ruleset import TinyRuleset


@pytest.fixture
def tiny() -> Iterator[None]:
    rulesets.register("tiny", TinyRuleset)
    yield
    rulesets.unregister("tiny")


def _file(tmp_path: Path, plans: list[dict[str, object]]) -> Path:
    base = json.loads(
        (Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json").read_text()
    )
    base["ruleset"] = "tiny"
    base["plans"] = plans
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(base), encoding="utf-8")
    return path


def test_simulate_runs_a_registered_ruleset_with_its_own_clock(tiny: None, tmp_path: Path) -> None:
    path = _file(
        tmp_path,
        [
            {"actor": "thorin", "round": 1, "action": "attack", "target": "goblin"},
            {"actor": "thorin", "round": 2, "action": "attack", "target": "goblin"},
        ],
    )
    out = io.StringIO()
    assert simulate(str(path), seed=3, rounds=None, text=True, out=out) == 0
    lines = out.getvalue().splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "Round 1, segment 1",
        "Round 1, segment 1",
        "Round 1, segment 1",
        "Round 2, segment 1",
        "Round 2, segment 1",
        "Round 2, segment 1",
    ]
    damage = [json.loads(x) for x in _json(path).splitlines() if '"damage"' in x]
    keys = [d["key"] for d in damage if d["type"] == "roll"]
    assert keys == ["thorin.r1/damage", "thorin.r2/damage"]


def _json(path: Path) -> str:
    out = io.StringIO()
    assert simulate(str(path), seed=3, rounds=None, text=False, out=out) == 0
    return out.getvalue()


def test_its_own_validation_speaks_through_the_one_loader(tiny: None, tmp_path: Path) -> None:
    path = _file(tmp_path, [{"actor": "thorin", "round": 1, "action": "move", "path": [[4, 4]]}])
    with pytest.raises(EncounterError) as caught:
        load_checked(path)
    assert str(caught.value) == f"{path}, plans[0]: tiny knows only attacks"


def test_the_fight_model_plays_it_and_replays_it_by_key(tiny: None, tmp_path: Path) -> None:
    path = _file(tmp_path, [{"actor": "luet", "round": 1, "action": "attack", "target": "wolf"}])
    encounter = load_checked(path)
    fight = FightModel(encounter, lambda _r: False)
    assert fight.play_out()
    hp = fight.hit_points()["wolf"]
    assert hp < encounter.combatant("wolf").hp
    assert fight.ruleset.clock.label(fight.time) == "Round 1, segment 1"


def test_an_unregistered_name_is_refused_with_the_choices() -> None:
    with pytest.raises(EncounterError) as caught:
        rulesets.get_ruleset("tiny", "f.json")
    assert str(caught.value) == "f.json, ruleset: unknown ruleset 'tiny' (available: d12)"
