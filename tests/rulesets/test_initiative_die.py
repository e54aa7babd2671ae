"""A typed initiative roll is read against the ruleset's own die: d12's d12 (1 to 12), a
d20 for a ruleset that rolls one."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from battlemap import rulesets
from battlemap.core.errors import EncounterError
from battlemap.core.fields import FieldSpec, RulesetFields
from battlemap.loading import load_checked
from tests.rulesets.test_ruleset_seam import _file
from tests.rulesets.tiny.ruleset import TinyRuleset


class TwentyRuleset(TinyRuleset):
    name = "twenty"
    fields = RulesetFields(
        initiative_roll=FieldSpec("whole", "a natural d20 as rolled", low=1, high=20)
    )


@pytest.fixture
def twenty() -> Iterator[None]:
    rulesets.register("twenty", TwentyRuleset)
    yield
    rulesets.unregister("twenty")


def _with_roll(tmp_path: Path, ruleset: str, roll: int) -> Path:
    path = _file(tmp_path, [])
    data = json.loads(path.read_text(encoding="utf-8"))
    data["ruleset"] = ruleset
    data["combatants"][0]["initiative_roll"] = roll
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_d20_ruleset_takes_a_typed_17(twenty: None, tmp_path: Path) -> None:
    encounter = load_checked(_with_roll(tmp_path, "twenty", 17))
    assert encounter.combatants[0].initiative_roll == 17


def test_its_die_bounds_the_roll_with_its_words(twenty: None, tmp_path: Path) -> None:
    path = _with_roll(tmp_path, "twenty", 21)
    with pytest.raises(EncounterError) as caught:
        load_checked(path)
    assert str(caught.value) == (
        f"{path}, combatants[0].initiative_roll: initiative_roll must be a whole number "
        "from 1 to 20 (a natural d20 as rolled), got 21"
    )


def test_d12_still_takes_only_a_d12(tmp_path: Path) -> None:
    path = _with_roll(tmp_path, "d12", 13)
    with pytest.raises(EncounterError) as caught:
        load_checked(path)
    assert str(caught.value) == (
        f"{path}, combatants[0].initiative_roll: initiative_roll must be a whole number "
        "from 1 to 12 (the d12 as rolled at the table), got 13"
    )


def test_13th_age_takes_a_typed_natural_20(tmp_path: Path) -> None:
    example = Path(__file__).parents[2] / "resources" / "examples" / "thirteenth_age.json"
    data = json.loads(example.read_text(encoding="utf-8"))
    data["combatants"][0]["initiative_roll"] = 20
    path = tmp_path / "thirteenth_age.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_checked(path).combatants[0].initiative_roll == 20
    data["combatants"][0]["initiative_roll"] = 21
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EncounterError) as caught:
        load_checked(path)
    assert str(caught.value) == (
        f"{path}, combatants[0].initiative_roll: initiative_roll must be a whole number from 1 "
        "to 20 (the natural d20 as rolled at the table), got 21"
    )
