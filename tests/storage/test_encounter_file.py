"""The encounter file: what loads, what each kind of mistake is told as, and safe saving."""

from __future__ import annotations

import copy
import io
import json
import os
import re
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.core.encounter import (
    SIZE_SQUARES,
    AttackProfile,
    Background,
    Combatant,
    Encounter,
    MapSpec,
    Plan,
    SpellRef,
)
from battlemap.core.errors import EncounterError
from battlemap.core.events import HEADER_KEYS, Event
from battlemap.storage import json_text
from battlemap.storage.encounter_file import (
    FORMAT,
    ONE_LINE_ITEMS,
    VERSION,
    encounter_to_dict,
    load_encounter,
    parse_encounter,
    save_encounter,
)
from tests.storage.samples import DATA, MINIMAL, MINIMAL_ENCOUNTER, edited, problem_of

DOCS = Path(__file__).parents[2] / "docs" / "encounter-format.md"


def test_a_minimal_file_loads_to_the_expected_encounter(tmp_path: Path) -> None:
    path = tmp_path / "skirmish.json"
    path.write_text(json.dumps(MINIMAL), encoding="utf-8")
    assert load_encounter(path) == MINIMAL_ENCOUNTER


def test_optional_fields_take_their_defaults() -> None:
    encounter = parse_encounter(edited("plans"), "skirmish.json")
    assert encounter.plans == ()
    assert encounter.name == ""
    assert encounter.map.walls == ()
    thorin = encounter.combatants[0]
    assert (thorin.initiative_roll, thorin.max_hp, thorin.concentration) == (None, None, 0)
    assert thorin.attacks[0].range is None


def test_null_for_an_optional_field_means_not_given() -> None:
    data = edited("combatants[0].max_hp", None)
    data["plans"][0]["target"] = None
    encounter = parse_encounter(data, "skirmish.json")
    assert encounter.combatants[0].max_hp is None
    assert encounter.plans[0].target is None


def test_whole_numbers_written_with_a_decimal_point_are_accepted() -> None:
    encounter = parse_encounter(edited("combatants[0].speed", 30.0), "skirmish.json")
    assert encounter.combatants[0].speed == 30
    assert type(encounter.combatants[0].speed) is int


def test_integer_coordinates_are_accepted_for_points() -> None:
    encounter = parse_encounter(edited("combatants[0].x", 3), "skirmish.json")
    assert encounter.combatants[0].x == 3.0


def test_every_optional_field_is_read() -> None:
    data = edited("name", "Ambush")
    data["map"]["walls"] = [[[0, 0], [4, 0], [4, 2.5]]]
    data["combatants"][0].update(max_hp=30, initiative_roll=12, concentration=4)
    data["combatants"][0]["attacks"].append(
        {"name": "throwing axe", "bonus": 4, "damage": "1d6+2", "range": 10}
    )
    data["plans"].append(
        {
            "actor": "thorin", "round": 0, "action": "attack", "target": "goblin1",
            "attack": "throwing axe", "spell": {"name": "bless", "level": 1},
            "rolls": {"attack": [20, 1], "damage": [0, 7], "concentration": [11]},
        }
    )  # fmt: skip
    encounter = parse_encounter(data, "skirmish.json")
    assert encounter.name == "Ambush"
    assert encounter.map.walls == (((0.0, 0.0), (4.0, 0.0), (4.0, 2.5)),)
    thorin = encounter.combatants[0]
    assert (thorin.max_hp, thorin.initiative_roll, thorin.concentration) == (30, 12, 4)
    assert thorin.attacks[1] == AttackProfile("throwing axe", 4, "1d6+2", 10)
    assert encounter.plans[1] == Plan(
        actor="thorin", round=0, action="attack", target="goblin1", attack="throwing axe",
        spell=SpellRef("bless", 1),
        rolls=MappingProxyType({"attack": (20, 1), "damage": (0, 7), "concentration": (11,)}),
    )  # fmt: skip


BAD_CONTENT: list[tuple[dict[str, Any], str]] = [
    # missing fields
    (edited("ruleset"), "skirmish.json: missing key 'ruleset'"),
    (edited("map.height"), "skirmish.json, map: missing key 'height'"),
    (edited("combatants[1].hp"), "skirmish.json, combatants[1]: missing key 'hp'"),
    (edited("plans[0].round"), "skirmish.json, plans[0]: missing key 'round'"),
    # wrong types
    (edited("ruleset", 12), "skirmish.json, ruleset: ruleset must be text, got 12"),
    (edited("map", []), "skirmish.json, map: the map must be a JSON object {...}, got []"),
    (
        edited("combatants", {"thorin": {}}),
        'skirmish.json, combatants: combatants must be a list of combatants, got {"thorin": {}}',
    ),
    (
        edited("combatants[0].hp", "24"),
        "skirmish.json, combatants[0].hp: hp must be a whole number, got '24'",
    ),
    (
        edited("combatants[0].hp", 2.5),
        "skirmish.json, combatants[0].hp: hp must be a whole number, got 2.5",
    ),
    (
        edited("combatants[0].size", "tiny"),
        "skirmish.json, combatants[0].size: size must be one of small, medium, large, huge, "
        "got 'tiny'",
    ),
    (
        edited("plans[0].path", [4.5, 3.5]),
        "skirmish.json, plans[0].path[0]: a path point must be a pair of numbers [x, y], got 4.5",
    ),
    (
        edited("plans[0].path[0]", [4.5]),
        "skirmish.json, plans[0].path[0]: a path point must be a pair of numbers [x, y], got [4.5]",
    ),
    (
        edited("combatants[0].id", ""),
        "skirmish.json, combatants[0].id: id must not be empty, got ''",
    ),
    (
        edited("combatants[0].name", "   "),
        "skirmish.json, combatants[0].name: name must not be empty, got '   '",
    ),
    # booleans are not numbers
    (
        edited("combatants[0].ac", True),
        "skirmish.json, combatants[0].ac: ac must be a whole number, 1 or more, got true",
    ),
    (
        edited("combatants[0].x", False),
        "skirmish.json, combatants[0].x: x must be a number from 0 to 10 (the map's width), "
        "got false",
    ),
    (
        edited("plans[0].path[0]", [True, 3]),
        "skirmish.json, plans[0].path[0]: a path point must be a pair of numbers [x, y], "
        "got [true, 3]",
    ),
    (
        edited("map.width", True),
        "skirmish.json, map.width: width must be a whole number of squares, 1 or more, got true",
    ),
    # unknown keys
    (
        edited("plans[0].tagret", "goblin1"),
        "skirmish.json, plans[0]: unknown key 'tagret' (did you mean 'target'?); allowed keys: "
        "actor, round, action, count, target, attack, spell, path, rolls, readied, trigger, "
        "defensively",
    ),
    (
        edited("comment", "ambush"),
        "skirmish.json: unknown key 'comment'; allowed keys: "
        "format, version, ruleset, name, map, options, sides, combatants, plans, seed, log",
    ),
    (
        edited("combatants[0].attacks[0].rnage", 10),
        "skirmish.json, combatants[0].attacks[0]: unknown key 'rnage' (did you mean 'range'?); "
        "allowed keys: name, bonus, damage, range",
    ),
    (
        edited("plans[0].rolls", {"save": [12]}),
        "skirmish.json, plans[0].rolls: unknown key 'save'; "
        "allowed keys: attack, damage, concentration",
    ),
    # references
    (
        edited("plans[0].actor", "gobln"),
        "skirmish.json, plans[0].actor: unknown combatant 'gobln' (known: thorin, goblin1)",
    ),
    (
        edited("plans[0].target", "orc"),
        "skirmish.json, plans[0].target: unknown combatant 'orc' (known: thorin, goblin1)",
    ),
    (
        edited("plans[0].target", "thorin"),
        "skirmish.json, plans[0].target: a combatant cannot target itself "
        "('thorin' is the plan's actor)",
    ),
    (
        edited("plans[0].attack", "morningstar"),
        "skirmish.json, plans[0].attack: 'thorin' has no attack named 'morningstar' "
        "(its attacks: waraxe)",
    ),
    (
        edited("combatants[1].id", "thorin"),
        "skirmish.json, combatants[1].id: duplicate combatant id 'thorin': "
        "combatants[0] already uses it",
    ),
    (
        edited("combatants[0].attacks[1]", {"name": "waraxe", "bonus": 1, "damage": "1d4"}),
        "skirmish.json, combatants[0].attacks[1].name: duplicate attack name 'waraxe': "
        "attacks[0] already uses it",
    ),
    # off the map
    (
        edited("combatants[0].x", 10.5),
        "skirmish.json, combatants[0].x: x must be a number from 0 to 10 (the map's width), "
        "got 10.5",
    ),
    (
        edited("combatants[1].y", -1),
        "skirmish.json, combatants[1].y: y must be a number from 0 to 8 (the map's height), got -1",
    ),
    (
        edited("plans[0].path[0]", [11, 3]),
        "skirmish.json, plans[0].path[0]: a path point [11, 3] is outside the 10 x 8 map "
        "(x must be from 0 to 10, y from 0 to 8)",
    ),
    (
        edited("map.walls", [[[0, 0], [0, 9]]]),
        "skirmish.json, map.walls[0][1]: a wall point [0, 9] is outside the 10 x 8 map "
        "(x must be from 0 to 10, y from 0 to 8)",
    ),
    (
        edited("map.walls", [[[0, 0]]]),
        "skirmish.json, map.walls[0]: a wall must be a list of 2 or more [x, y] points, "
        "got [[0, 0]]",
    ),
    # dice notation
    (
        edited("combatants[0].attacks[0].damage", "1d"),
        "skirmish.json, combatants[0].attacks[0].damage: damage must be dice notation such as "
        "'1d8+3', got '1d' (it ends too early)",
    ),
    (
        edited("combatants[0].attacks[0].damage", "2x6"),
        "skirmish.json, combatants[0].attacks[0].damage: damage must be dice notation such as "
        "'1d8+3', got '2x6' (unexpected 'x6' at character 2)",
    ),
    (
        edited("combatants[0].attacks[0].damage", 6),
        "skirmish.json, combatants[0].attacks[0].damage: damage must be dice notation such as "
        "'1d8+3', got 6",
    ),
    # impossible values
    (
        edited("combatants[0].speed", -5),
        "skirmish.json, combatants[0].speed: speed must be a whole number of feet, 0 or more and "
        "a multiple of 5, got -5",
    ),
    (
        edited("combatants[0].speed", 32),
        "skirmish.json, combatants[0].speed: speed must be a whole number of feet, 0 or more and "
        "a multiple of 5, got 32",
    ),
    (
        edited("combatants[0].reach", 7),
        "skirmish.json, combatants[0].reach: reach must be a whole number of feet, 0 or more and "
        "a multiple of 5, got 7",
    ),
    (
        edited("combatants[0].ac", 0),
        "skirmish.json, combatants[0].ac: ac must be a whole number, 1 or more, got 0",
    ),
    (
        edited("combatants[0].initiative_roll", 13),
        "skirmish.json, combatants[0].initiative_roll: initiative_roll must be a whole number "
        "from 1 to 12 (the d12 as rolled at the table), got 13",
    ),
    (
        edited("combatants[0].attacks_per_round", 0),
        "skirmish.json, combatants[0].attacks_per_round: attacks_per_round must be a whole "
        "number from 1 to 12, got 0",
    ),
    (
        edited("combatants[0].dex", 100),
        "skirmish.json, combatants[0].dex: dex must be a whole number from 0 to 99, got 100",
    ),
    (
        edited("combatants[0].max_hp", 20),
        "skirmish.json, combatants[0].max_hp: max_hp must be a whole number, 1 or more and at "
        "least hp (24), got 20",
    ),
    (
        edited("combatants[0].attacks[0].range", 0),
        "skirmish.json, combatants[0].attacks[0].range: range must be a whole number of feet, "
        "more than 0 and a multiple of 5, got 0",
    ),
    (
        edited("map.width", 0),
        "skirmish.json, map.width: width must be a whole number of squares, 1 or more, got 0",
    ),
    (
        edited("plans[0].spell", {"name": "wish", "level": 10}),
        "skirmish.json, plans[0].spell.level: level must be a whole number from 0 to 9, got 10",
    ),
    (
        edited("plans[0].rolls", {"attack": [12, 21]}),
        "skirmish.json, plans[0].rolls.attack[1]: an attack roll must be a whole number from "
        "1 to 20 (a d20 as rolled), got 21",
    ),
    (
        edited("plans[0].rolls", {"damage": [-1]}),
        "skirmish.json, plans[0].rolls.damage[0]: a damage roll must be a whole number, "
        "0 or more, got -1",
    ),
    (
        edited("plans[0].rolls", {"concentration": [0]}),
        "skirmish.json, plans[0].rolls.concentration[0]: a concentration roll must be a whole "
        "number from 1 to 20 (a d20 as rolled), got 0",
    ),
    (
        edited("combatants", []),
        "skirmish.json, combatants: combatants must list at least one combatant, got []",
    ),
    # the format and its version
    (
        edited("version", 3),
        "skirmish.json: this file is format version 3, written by a newer Battlemap; this one "
        "reads versions up to 2, so update Battlemap to open it",
    ),
    (
        edited("version", "1"),
        "skirmish.json, version: version must be a whole number, 1 or more, got '1'",
    ),
    (
        edited("version", 0),
        "skirmish.json, version: version must be a whole number, 1 or more, got 0",
    ),
    (edited("version"), "skirmish.json: missing key 'version'"),
    (
        edited("format", "battlemap-map"),
        "skirmish.json: not a Battlemap encounter file: format is 'battlemap-map', "
        'expected "format": "battlemap-encounter"',
    ),
    (
        edited("format"),
        "skirmish.json: not a Battlemap encounter file: it has no 'format' key, "
        'expected "format": "battlemap-encounter"',
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD_CONTENT, ids=[m for _, m in BAD_CONTENT])
def test_bad_content_is_named_with_where_it_is(data: dict[str, Any], message: str) -> None:
    assert problem_of(data) == message


def test_a_newer_version_is_reported_before_keys_it_may_have_added() -> None:
    data = edited("version", 3)
    data["fog_of_war"] = True
    assert "written by a newer Battlemap" in problem_of(data)


def test_the_first_problem_is_the_one_reported() -> None:
    data = edited("combatants[0].speed", 32)
    data["combatants"][1]["ac"] = 0
    assert problem_of(data).startswith("skirmish.json, combatants[0].speed:")


def test_the_error_carries_where_and_problem_apart() -> None:
    with pytest.raises(EncounterError) as caught:
        parse_encounter(edited("combatants[1].speed", 32), "skirmish.json")
    assert caught.value.where == "skirmish.json, combatants[1].speed"
    assert caught.value.problem.startswith("speed must be a whole number of feet")


@pytest.mark.parametrize(
    ("data", "found"), [([], "[]"), ("encounter", "'encounter'"), (None, "null"), (3, "3")]
)
def test_the_top_level_must_be_an_object(data: object, found: str) -> None:
    assert problem_of(data) == (
        f"skirmish.json: an encounter file must hold a JSON object {{...}}, got {found}"
    )


# --- reading the file ---------------------------------------------------------------------------


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in tmp_path, so messages name files as a user would type them."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def load_problem(path: str) -> str:
    with pytest.raises(EncounterError) as caught:
        load_encounter(path)
    return str(caught.value)


def test_a_missing_file(in_tmp: Path) -> None:
    assert load_problem("nothere.json") == "nothere.json: no such file"


def test_a_folder(in_tmp: Path) -> None:
    (in_tmp / "maps").mkdir()
    assert load_problem("maps") in (
        "maps: this is a folder, not an encounter file",
        "maps: cannot read the file: permission denied",  # what Windows says
    )


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="needs POSIX permissions")
def test_an_unreadable_file(in_tmp: Path) -> None:
    path = in_tmp / "skirmish.json"
    path.write_text(json.dumps(MINIMAL), encoding="utf-8")
    path.chmod(0)
    assert load_problem("skirmish.json") == "skirmish.json: cannot read the file: permission denied"


def test_invalid_json_names_line_and_column(in_tmp: Path) -> None:
    (in_tmp / "skirmish.json").write_text(
        '{\n  "format": "battlemap-encounter",\n  "version": 1\n  "ruleset": "d12"\n}\n',
        encoding="utf-8",
    )
    assert (
        "skirmish.json: the file is not valid JSON: Expecting ',' delimiter at line 4, column 3"
        in (load_problem("skirmish.json"))
    )


def test_text_that_is_not_utf8(in_tmp: Path) -> None:
    (in_tmp / "skirmish.json").write_bytes(b'{\n"name": "Caf\xe9"}')
    assert load_problem("skirmish.json") == (
        "skirmish.json: the file is not UTF-8 text: byte 0xe9 on line 2"
    )


def test_a_byte_order_mark_is_tolerated(in_tmp: Path) -> None:
    (in_tmp / "skirmish.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(MINIMAL).encode())
    assert load_encounter("skirmish.json") == MINIMAL_ENCOUNTER


def test_a_key_given_twice(in_tmp: Path) -> None:
    (in_tmp / "skirmish.json").write_text('{"format": "a", "format": "b"}', encoding="utf-8")
    assert load_problem("skirmish.json") == (
        "skirmish.json: the key 'format' appears twice in one object; remove one of them"
    )


def test_content_problems_name_the_file_as_given(in_tmp: Path) -> None:
    (in_tmp / "fights").mkdir()
    (in_tmp / "fights" / "skirmish.json").write_text(
        json.dumps(edited("combatants[1].speed", 32)), encoding="utf-8"
    )
    assert load_problem(os.path.join("fights", "skirmish.json")).startswith(
        f"{os.path.join('fights', 'skirmish.json')}, combatants[1].speed: speed must be"
    )


def test_a_top_level_list(in_tmp: Path) -> None:
    (in_tmp / "skirmish.json").write_text("[1, 2]", encoding="utf-8")
    assert load_problem("skirmish.json") == (
        "skirmish.json: an encounter file must hold a JSON object {...}, got [1, 2]"
    )


def test_nan_is_not_a_coordinate(in_tmp: Path) -> None:
    text = json.dumps(edited("combatants[0].x", float("nan")))
    (in_tmp / "skirmish.json").write_text(text, encoding="utf-8")
    assert load_problem("skirmish.json").endswith("got nan")


# --- writing the file ---------------------------------------------------------------------------


def test_to_dict_writes_the_documented_order_and_leaves_defaults_out() -> None:
    written = encounter_to_dict(MINIMAL_ENCOUNTER)
    assert json.dumps(written) == json.dumps(MINIMAL)


def test_save_then_load_gives_the_same_encounter(tmp_path: Path) -> None:
    example = load_encounter(DATA / "format_example.json")
    save_encounter(example, tmp_path / "copy.json")
    assert load_encounter(tmp_path / "copy.json") == example


def test_saving_the_example_reproduces_it_byte_for_byte(tmp_path: Path) -> None:
    save_encounter(load_encounter(DATA / "format_example.json"), tmp_path / "copy.json")
    assert (tmp_path / "copy.json").read_bytes() == (DATA / "format_example.json").read_bytes()


def test_saving_over_a_file_replaces_it(tmp_path: Path) -> None:
    path = tmp_path / "skirmish.json"
    save_encounter(MINIMAL_ENCOUNTER, path)
    renamed = Encounter("d12", MINIMAL_ENCOUNTER.map, MINIMAL_ENCOUNTER.combatants, name="Round 2")
    save_encounter(renamed, path)
    assert load_encounter(path) == renamed
    assert os.listdir(tmp_path) == ["skirmish.json"]


def _old_file(tmp_path: Path) -> tuple[Path, bytes]:
    path = tmp_path / "skirmish.json"
    save_encounter(MINIMAL_ENCOUNTER, path)
    return path, path.read_bytes()


def test_a_failure_while_writing_leaves_the_old_file_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, before = _old_file(tmp_path)
    real_scalar = json_text._scalar
    calls = 0

    def fail_halfway(value: object) -> str:
        nonlocal calls
        calls += 1
        if calls > 20:  # some of the new file is written by then
            raise RuntimeError("disk on fire")
        return real_scalar(value)

    monkeypatch.setattr(json_text, "_scalar", fail_halfway)
    with pytest.raises(RuntimeError, match="disk on fire"):
        save_encounter(MINIMAL_ENCOUNTER, path)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["skirmish.json"]


def test_a_failure_of_json_dump_leaves_the_old_file_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, before = _old_file(tmp_path)

    def broken(*args: object, **kwargs: object) -> str:
        raise TypeError("not serialisable")

    monkeypatch.setattr(json, "dumps", broken)
    monkeypatch.setattr(json, "dump", broken)
    with pytest.raises(TypeError):
        save_encounter(MINIMAL_ENCOUNTER, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["skirmish.json"]


def test_a_failing_rename_is_reported_and_leaves_the_old_file_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, before = _old_file(tmp_path)

    def no_rename(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", no_rename)
    with pytest.raises(EncounterError) as caught:
        save_encounter(MINIMAL_ENCOUNTER, path)
    assert caught.value.problem == "cannot save the file: No space left on device"
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["skirmish.json"]


def test_an_encounter_that_would_not_load_is_not_saved(tmp_path: Path) -> None:
    path, before = _old_file(tmp_path)
    thorin = MINIMAL_ENCOUNTER.combatants[0]
    too_fast = Combatant(**{**thorin.__dict__, "speed": 32})
    broken = Encounter("d12", MINIMAL_ENCOUNTER.map, (too_fast,))
    with pytest.raises(EncounterError) as caught:
        save_encounter(broken, path)
    assert caught.value.where == f"{path}, combatants[0].speed"
    assert path.read_bytes() == before


def test_saving_into_a_missing_folder(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / "skirmish.json"
    with pytest.raises(EncounterError) as caught:
        save_encounter(MINIMAL_ENCOUNTER, path)
    assert caught.value.problem == f"cannot save: the folder {tmp_path / 'nowhere'} does not exist"


# --- the documented example ---------------------------------------------------------------------


def test_the_documented_example_loads() -> None:
    encounter = load_encounter(DATA / "format_example.json")
    assert encounter.ruleset == "d12"
    assert len(encounter.combatants) == 4
    assert {c.side for c in encounter.combatants} == {"party", "monsters"}
    assert {"move", "charge", "full_attack", "cast"} <= {p.action for p in encounter.plans}


def test_the_documentation_shows_the_example_file() -> None:
    doc = DOCS.read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", doc, flags=re.DOTALL)
    example = (DATA / "format_example.json").read_text(encoding="utf-8")
    assert example in blocks


def test_the_documentation_lists_every_key() -> None:
    doc = DOCS.read_text(encoding="utf-8")
    from battlemap.storage import encounter_schema as schema

    for keys in (
        schema.TOP_KEYS, schema.MAP_KEYS, schema.BACKGROUND_KEYS, schema.COMBATANT_KEYS,
        schema.ATTACK_KEYS, schema.PLAN_KEYS, schema.SPELL_KEYS, schema.ROLL_KEYS,
    ):  # fmt: skip
        for key in keys:
            assert f"`{key}`" in doc, key


# --- properties ---------------------------------------------------------------------------------

_TEXT = st.text(min_size=1, max_size=12).filter(lambda s: s.strip() != "")
_FEET = st.integers(0, 24).map(lambda n: n * 5)
_DICE = st.one_of(
    st.sampled_from(["1d8+3", "2d6", "d20", "3", "1d4+1d6", "2d6kh1", "1d8 [fire]"]),
    st.builds(lambda n, s, k: f"{n}d{s}+{k}", st.integers(1, 9), st.integers(2, 20),
              st.integers(0, 9)),
)  # fmt: skip


@st.composite
def encounters(draw: st.DrawFn) -> Encounter:
    width, height = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    xs, ys = st.floats(0, width), st.floats(0, height)
    point = st.tuples(xs, ys)
    walls = draw(st.lists(st.lists(point, min_size=2, max_size=4).map(tuple), max_size=3))
    combatants = []
    for combatant_id in draw(st.lists(_TEXT, min_size=1, max_size=4, unique=True)):
        attack_names = draw(st.lists(_TEXT, max_size=3, unique=True))
        hp = draw(st.integers(-10, 200))
        combatants.append(
            Combatant(
                id=combatant_id, name=draw(_TEXT), side=draw(_TEXT), x=draw(xs), y=draw(ys),
                size=draw(st.sampled_from(sorted(SIZE_SQUARES))), speed=draw(_FEET),
                reach=draw(_FEET), init_mod=draw(st.integers(-10, 30)),
                dex=draw(st.integers(0, 99)), hp=hp, ac=draw(st.integers(1, 40)),
                attacks=tuple(
                    AttackProfile(name, draw(st.integers(-5, 30)), draw(_DICE),
                                  draw(st.none() | st.integers(1, 60).map(lambda n: n * 5)))
                    for name in attack_names
                ),
                attacks_per_round=draw(st.integers(1, 12)),
                initiative_roll=draw(st.none() | st.integers(1, 12)),
                max_hp=draw(st.none() | st.integers(max(1, hp), 300)),
                concentration=draw(st.integers(-5, 30)),
                image=draw(st.none() | _PATH),
            )
        )  # fmt: skip
    plans = []
    for _ in range(draw(st.integers(0, 4))):
        actor = draw(st.sampled_from(combatants))
        others = [c.id for c in combatants if c.id != actor.id]
        d20_rolls = st.lists(st.integers(1, 20), max_size=3).map(tuple)
        rolls = draw(
            st.fixed_dictionaries(
                {},
                optional={
                    "attack": d20_rolls,
                    "damage": st.lists(st.integers(0, 99), max_size=3).map(tuple),
                    "concentration": d20_rolls,
                },
            )
        )
        plans.append(
            Plan(
                actor=actor.id, round=draw(st.integers(-3, 20)),
                action=draw(st.sampled_from(["move", "charge", "full_attack", "cast"]) | _TEXT),
                path=tuple(draw(st.lists(point, max_size=4))),
                target=draw(st.none() | st.sampled_from(others)) if others else None,
                spell=draw(st.none() | st.builds(SpellRef, _TEXT, st.integers(0, 9))),
                attack=draw(st.none() | st.sampled_from([a.name for a in actor.attacks]))
                if actor.attacks else None,
                rolls=MappingProxyType(rolls),
            )
        )  # fmt: skip
    name = draw(st.just("") | _TEXT)
    background = draw(st.none() | st.builds(Background, _PATH, _SQUARES))
    ids = [c.id for c in combatants]
    return Encounter("d12", MapSpec(width, height, tuple(walls), background),
                     tuple(combatants), tuple(plans), name, seed=draw(st.integers()),
                     log=draw(event_logs(ids)))  # fmt: skip


_SQUARES = st.floats(min_value=0, exclude_min=True, allow_infinity=False)
_PATH = _TEXT.filter(lambda s: "\0" not in s)
_PLAIN_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=5,
)  # fmt: skip


#: Any type but the decisions (roll, aoo, intercept, decision), whose fields the log reader
#: checks: they have tests of their own (tests/storage/test_hostile_files.py).
_EVENT_TYPE = _TEXT.filter(lambda t: t not in ("roll", "aoo", "intercept", "decision"))


@st.composite
def event_logs(draw: st.DrawFn, ids: list[str]) -> tuple[Event, ...]:
    """Events with times that never decrease and any JSON in their other keys."""
    steps = draw(st.lists(st.floats(0, 100), max_size=6))
    start = draw(st.floats(-100, 100))
    events = []
    for index in range(len(steps)):
        fields = draw(
            st.dictionaries(
                st.text(max_size=6).filter(lambda k: k not in HEADER_KEYS), _PLAIN_JSON, max_size=3
            )
        )
        events.append(
            Event(
                type=draw(_EVENT_TYPE), time=start + sum(steps[: index + 1]),
                round=draw(st.integers(-5, 50)), count=draw(st.integers(1, 12)),
                actor=draw(st.none() | st.sampled_from(ids)), fields=fields,
            )
        )  # fmt: skip
    return tuple(events)


@settings(max_examples=200)
@given(encounters())
def test_any_valid_encounter_round_trips_through_a_dict(encounter: Encounter) -> None:
    assert parse_encounter(encounter_to_dict(encounter), "random.json") == encounter


@settings(max_examples=100)
@given(encounters())
def test_any_valid_encounter_round_trips_through_the_json_text(encounter: Encounter) -> None:
    stream = io.StringIO()
    json_text.write_json(encounter_to_dict(encounter), stream, one_line_items=ONE_LINE_ITEMS)
    assert parse_encounter(json.loads(stream.getvalue()), "random.json") == encounter


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


def _places(value: object, where: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    found = [where] if where else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _places(item, (*where, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _places(item, (*where, index))
    return found


_EXAMPLE = json.loads((DATA / "format_example.json").read_text(encoding="utf-8"))


@settings(max_examples=300)
@given(st.sampled_from(_places(_EXAMPLE)), st.none() | _JSON)
def test_any_edit_of_a_good_file_loads_or_says_what_is_wrong(
    place: tuple[str | int, ...], value: object
) -> None:
    data = copy.deepcopy(_EXAMPLE)
    holder: Any = data
    for step in place[:-1]:
        holder = holder[step]
    if value is None and isinstance(holder, dict):
        del holder[place[-1]]
    else:
        holder[place[-1]] = value
    try:
        parse_encounter(data, "fuzz.json")
    except EncounterError as error:
        assert error.where.startswith("fuzz.json")
        assert error.problem


def test_format_and_version_constants() -> None:
    assert (FORMAT, VERSION) == ("battlemap-encounter", 2)


def test_a_ready_plan_round_trips_through_the_file(tmp_path: Path) -> None:
    """A ready plan's readied action and trigger are written and read back exactly."""
    import dataclasses

    from battlemap.core.encounter import Plan, Trigger

    base = load_encounter(Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json")
    readied = Plan(actor="thorin", round=3, action="attack", rolls={"attack": (12,)})
    ready = Plan(
        actor="thorin",
        round=3,
        action="ready",
        readied=readied,
        trigger=Trigger("enters_area", area=((1.0, 1.0), (4.0, 1.0), (4.0, 4.0))),
    )
    encounter = dataclasses.replace(base, plans=(*base.plans, ready))
    save_encounter(encounter, tmp_path / "fight.json")
    assert load_encounter(tmp_path / "fight.json") == encounter


def test_a_fight_too_big_to_reopen_is_not_saved_and_the_old_file_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Save writes nothing Open would refuse: past the loader's size cap the save stops, with
    one line, and the file already there is untouched. (The cap is lowered to 2 kB here so that
    a small fight passes it.)"""
    import dataclasses

    from battlemap.core.engine import Engine
    from battlemap.rulesets import get_ruleset
    from battlemap.storage import encounter_file

    examples = Path(__file__).parents[2] / "resources" / "examples"
    skirmish = load_encounter(examples / "skirmish.json")
    path = tmp_path / "fight.json"
    save_encounter(skirmish, path)
    before = path.read_bytes()
    engine = Engine(skirmish, get_ruleset("d12"))
    assert engine.run()
    monkeypatch.setattr(encounter_file, "MAX_FILE_BYTES", 2048)
    with pytest.raises(EncounterError) as caught:
        save_encounter(dataclasses.replace(skirmish, log=tuple(engine.log)), path)
    assert str(caught.value) == (
        f"{path}: cannot save: the fight would make a file over 50 MB, the most Battlemap "
        "opens; restart the fight or split it into encounters"
    )
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.json"]
