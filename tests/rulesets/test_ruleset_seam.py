"""A ruleset is one package: the tiny one in tests/rulesets/tiny/ plugs in by name, and the
files, the engine, `battlemap simulate` and the fight model run it without a change elsewhere."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from types import MappingProxyType

import pytest

from battlemap import rulesets
from battlemap.cli import simulate
from battlemap.core.errors import EncounterError
from battlemap.core.fields import FieldSpec, RulesetFields
from battlemap.loading import load_checked
from battlemap.play.session import FightModel
from battlemap.storage.encounter_file import save_encounter
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
    assert str(caught.value) == (
        "f.json, ruleset: unknown ruleset 'tiny' (available: d12, combat-experience, 13th-age)"
    )


# --- a ruleset's own fields in the file ---------------------------------------------------------


class GrittyRuleset(TinyRuleset):
    """Tiny, with fields of its own and without d12's initiative fields."""

    name = "gritty"
    fields = RulesetFields(
        combatant=MappingProxyType(
            {
                "grit": FieldSpec("whole", "how gritty", low=0, high=10),
                "brave": FieldSpec("flag", "never flinches"),
                "rolls_typed": FieldSpec("wholes", "checks typed at the table", low=1, high=40),
            }
        ),
        plan=MappingProxyType(
            {"shout": FieldSpec("choice", "what he shouts", choices=("charge", "run"))}
        ),
        side=MappingProxyType(
            {"mood": FieldSpec("choice", "how the side feels", choices=("calm", "scared"))}
        ),
        unused=MappingProxyType(
            {"init_mod": 0, "dex": 10, "attacks_per_round": 1, "initiative_roll": None}
        ),
    )


@pytest.fixture
def gritty() -> Iterator[None]:
    rulesets.register("gritty", GrittyRuleset)
    yield
    rulesets.unregister("gritty")


def _gritty_file(tmp_path: Path, **changes: object) -> Path:
    data: dict[str, object] = {
        "format": "battlemap-encounter",
        "version": 2,
        "ruleset": "gritty",
        "map": {"width": 10, "height": 10},
        "sides": {"orcs": {"mood": "scared"}},
        "combatants": [
            {
                "id": "ann", "name": "Ann", "side": "heroes", "size": "medium",
                "x": 1.5, "y": 1.5, "speed": 30, "reach": 5, "hp": 10, "ac": 12,
                "attacks": [{"name": "sword", "bonus": 3, "damage": "1d8"}],
                "grit": 7, "brave": True, "rolls_typed": [12, 30],
            },
            {
                "id": "orc", "name": "Orc", "side": "orcs", "size": "medium",
                "x": 3.5, "y": 1.5, "speed": 30, "reach": 5, "hp": 8, "ac": 11,
                "attacks": [{"name": "axe", "bonus": 2, "damage": "1d6"}],
            },
        ],
        "plans": [
            {"actor": "ann", "round": 1, "action": "attack", "target": "orc", "shout": "charge"}
        ],
    }  # fmt: skip
    data.update(changes)
    path = tmp_path / "gritty.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_rulesets_own_fields_are_read_checked_and_written_back(
    gritty: None, tmp_path: Path
) -> None:
    path = _gritty_file(tmp_path)
    encounter = load_checked(path)
    ann = encounter.combatant("ann")
    assert dict(ann.stats) == {"grit": 7, "brave": True, "rolls_typed": (12, 30)}
    assert (ann.init_mod, ann.dex, ann.attacks_per_round, ann.initiative_roll) == (0, 10, 1, None)
    assert dict(encounter.combatant("orc").stats) == {}
    assert dict(encounter.plans[0].extra) == {"shout": "charge"}
    assert {side: dict(values) for side, values in encounter.sides.items()} == {
        "orcs": {"mood": "scared"}
    }

    copy = tmp_path / "copy.json"
    save_encounter(encounter, copy)
    written = json.loads(copy.read_text(encoding="utf-8"))
    assert written["version"] == 2
    assert written["sides"] == {"orcs": {"mood": "scared"}}
    first = written["combatants"][0]
    assert (first["grit"], first["brave"], first["rolls_typed"]) == (7, True, [12, 30])
    # The shared fields this ruleset does not use are not written.
    assert not {"init_mod", "dex", "attacks_per_round"} & set(first)
    assert written["plans"][0]["shout"] == "charge"
    assert load_checked(copy) == encounter


@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        ("grit", 11, "combatants[0].grit: grit must be a whole number from 0 to 10 (how gritty), "
         "got 11"),
        ("brave", "yes", "combatants[0].brave: brave must be true or false, got 'yes'"),
        ("rolls_typed", [12, 0], "combatants[0].rolls_typed[1]: rolls_typed[1] must be a whole "
         "number from 1 to 40 (checks typed at the table), got 0"),
    ],
)  # fmt: skip
def test_a_bad_value_of_a_rulesets_field_is_named_where_it_is(
    gritty: None, tmp_path: Path, where: str, value: object, message: str
) -> None:
    path = _gritty_file(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["combatants"][0][where] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EncounterError) as caught:
        load_checked(path)
    assert str(caught.value) == f"{path}, {message}"


def test_a_side_field_takes_only_its_words(gritty: None, tmp_path: Path) -> None:
    path = _gritty_file(tmp_path, sides={"orcs": {"mood": "angry"}})
    with pytest.raises(EncounterError) as caught:
        load_checked(path)
    assert str(caught.value) == (
        f"{path}, sides.orcs.mood: mood must be one of calm, scared (how the side feels), "
        "got 'angry'"
    )


def test_another_rulesets_field_is_an_unknown_key(tmp_path: Path) -> None:
    """The d12 ruleset declares no fields of its own: a Combat Experience skill in a d12 file
    is a typo as far as it knows."""
    data = json.loads(
        (Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json").read_text()
    )
    data["combatants"][0]["grit"] = 3
    path = tmp_path / "d12.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EncounterError) as caught:
        load_checked(path)
    assert str(caught.value).startswith(f"{path}, combatants[0]: unknown key 'grit'")


def test_a_version_1_file_reads_as_it_is_and_is_written_as_version_2(tmp_path: Path) -> None:
    data = json.loads(
        (Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json").read_text()
    )
    data["version"] = 1
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data), encoding="utf-8")
    encounter = load_checked(old)
    new = tmp_path / "new.json"
    save_encounter(encounter, new)
    assert json.loads(new.read_text(encoding="utf-8"))["version"] == 2
    assert load_checked(new) == encounter


def test_the_threat_layer_asks_the_ruleset_which_squares_are_threatened() -> None:
    """d12 threatens the squares a reach covers (Thorin, medium with 5 ft reach at (3.5, 2.5):
    the eight around his own); Combat Experience has no threatened squares, so none are tinted."""
    from battlemap.core.state import State
    from battlemap.rulesets.threats import threats_of

    examples = Path(__file__).parents[2] / "resources" / "examples"
    skirmish = load_checked(examples / "skirmish.json")
    d12 = rulesets.get_ruleset("d12")
    state = State(skirmish, d12.reducers)
    assert sorted(threats_of(d12)(state, "thorin", 0.0, None)) == [
        (2, 1), (2, 2), (2, 3), (3, 1), (3, 3), (4, 1), (4, 2), (4, 3),
    ]  # fmt: skip
    ambush = load_checked(examples / "combat_experience.json")
    ce = rulesets.get_ruleset("combat-experience")
    ce_state = State(ambush, ce.reducers)
    assert all(threats_of(ce)(ce_state, c.id, 0.0, None) == frozenset() for c in ambush.combatants)
