"""Pictures in the encounter file: the map's background and the tokens' images."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battlemap.core.encounter import Background
from battlemap.storage.encounter_file import (
    encounter_to_dict,
    load_encounter,
    parse_encounter,
    save_encounter,
)
from tests.storage.samples import edited, problem_of


def with_pictures() -> dict[str, Any]:
    data = edited("map.background", {"image": "maps/ford.png", "squares_across": 25})
    data["combatants"][1]["image"] = "/srv/tokens/goblin.png"
    return data


def test_a_background_and_a_token_image_are_read() -> None:
    encounter = parse_encounter(with_pictures(), "skirmish.json")
    assert encounter.map.background == Background(image="maps/ford.png", squares_across=25.0)
    assert encounter.combatants[1].image == "/srv/tokens/goblin.png"
    assert encounter.combatants[0].image is None


def test_they_are_optional_and_null_means_not_given() -> None:
    data = edited("map.background", None)
    data["combatants"][0]["image"] = None
    encounter = parse_encounter(data, "skirmish.json")
    assert encounter.map.background is None
    assert encounter.combatants[0].image is None


def test_they_are_written_where_the_documentation_lists_them() -> None:
    written: Any = encounter_to_dict(parse_encounter(with_pictures(), "skirmish.json"))
    assert list(written["map"]) == ["width", "height", "background"]
    assert written["map"]["background"] == {"image": "maps/ford.png", "squares_across": 25}
    goblin = written["combatants"][1]
    assert list(goblin)[-2:] == ["attacks", "image"]
    assert json.dumps(written) == json.dumps(with_pictures())


def test_a_fractional_squares_across_is_kept() -> None:
    data = edited("map.background", {"image": "ford.jpg", "squares_across": 24.5})
    encounter = parse_encounter(data, "skirmish.json")
    assert encounter.map.background == Background("ford.jpg", 24.5)
    written: Any = encounter_to_dict(encounter)
    assert written["map"]["background"]["squares_across"] == 24.5


def test_a_missing_picture_file_does_not_stop_loading(tmp_path: Path) -> None:
    path = tmp_path / "skirmish.json"
    path.write_text(json.dumps(with_pictures()), encoding="utf-8")
    assert not (tmp_path / "maps" / "ford.png").exists()
    encounter = load_encounter(path)
    save_encounter(encounter, tmp_path / "again.json")
    assert load_encounter(tmp_path / "again.json") == encounter


BAD_PICTURES: list[tuple[dict[str, Any], str]] = [
    (
        edited("map.background", "ford.png"),
        "skirmish.json, map.background: the background must be a JSON object {...}, got 'ford.png'",
    ),
    (
        edited("map.background", {"image": "ford.png"}),
        "skirmish.json, map.background: missing key 'squares_across'",
    ),
    (
        edited("map.background", {"image": "ford.png", "squares": 20}),
        "skirmish.json, map.background: unknown key 'squares' (did you mean 'squares_across'?); "
        "allowed keys: image, squares_across",
    ),
    (
        edited("map.background", {"image": "", "squares_across": 20}),
        "skirmish.json, map.background.image: image must not be empty, got ''",
    ),
    (
        edited("map.background", {"image": None, "squares_across": 20}),
        "skirmish.json, map.background.image: image must be text, got null",
    ),
    (
        edited("map.background", {"image": "ford.png", "squares_across": 0}),
        "skirmish.json, map.background.squares_across: squares_across must be a number of "
        "squares, more than 0, got 0",
    ),
    (
        edited("map.background", {"image": "ford.png", "squares_across": -3.5}),
        "skirmish.json, map.background.squares_across: squares_across must be a number of "
        "squares, more than 0, got -3.5",
    ),
    (
        edited("map.background", {"image": "ford.png", "squares_across": True}),
        "skirmish.json, map.background.squares_across: squares_across must be a number of "
        "squares, more than 0, got true",
    ),
    (
        edited("combatants[0].image", 3),
        "skirmish.json, combatants[0].image: image must be text, got 3",
    ),
    (
        edited("combatants[0].image", "  "),
        "skirmish.json, combatants[0].image: image must not be empty, got '  '",
    ),
    (
        edited("combatants[1].image", "goblin\0.png"),
        "skirmish.json, combatants[1].image: image must be a file path, got 'goblin\\x00.png' "
        "(it holds a NUL)",
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD_PICTURES, ids=[m for _, m in BAD_PICTURES])
def test_bad_pictures_are_named_with_where_they_are(data: dict[str, Any], message: str) -> None:
    assert problem_of(data) == message
