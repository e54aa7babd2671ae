"""The creature library: the shipped stat blocks, library files, and dragged creatures."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.core.encounter import SIZE_SQUARES, AttackProfile, Encounter, MapSpec
from battlemap.rulesets import get_ruleset
from battlemap.storage.creature_library import (
    CREATURE_MIME,
    CreatureTemplate,
    LibraryError,
    default_creatures,
    load_creature_library,
    template_from_mime,
    template_to_mime,
)
from battlemap.storage.creature_schema import LIBRARY_KEYS, parse_library
from battlemap.storage.creature_template import TEMPLATE_KEYS
from battlemap.storage.encounter_file import load_encounter, save_encounter

DOCS = Path(__file__).parents[2] / "docs" / "encounter-format.md"

GOBLIN = CreatureTemplate(
    name="Goblin", side="monsters", size="small", speed=30, reach=5, hp=5, ac=15, init_mod=1,
    dex=13, attacks_per_round=1,
    attacks=(AttackProfile("morningstar", 2, "1d6"), AttackProfile("javelin", 3, "1d4", 30)),
)  # fmt: skip


def by_name() -> dict[str, CreatureTemplate]:
    return {template.name: template for template in default_creatures()}


# --- the shipped library ------------------------------------------------------------------------


def test_the_shipped_library_holds_four_heroes_then_seventeen_monsters() -> None:
    creatures = default_creatures()
    # Files in name order (heroes.json, srd.json), creatures in file order.
    assert [c.name for c in creatures] == [
        "Thorin", "Luet", "Mialee", "Merel",
        "Goblin", "Kobold", "Orc", "Hobgoblin", "Gnoll", "Bugbear", "Skeleton (human warrior)",
        "Zombie (human commoner)", "Wolf", "Dire wolf", "Ogre", "Troll", "Owlbear",
        "Monstrous spider (medium)", "Black bear", "Bandit (human warrior)", "Cloud giant",
    ]  # fmt: skip
    assert [c.side for c in creatures] == ["party"] * 4 + ["monsters"] * 17


def test_the_goblin_is_the_srd_goblin() -> None:
    assert by_name()["Goblin"] == GOBLIN


def test_the_ogre_is_large_with_a_reach_of_ten_feet() -> None:
    ogre = by_name()["Ogre"]
    assert (ogre.size, ogre.reach, ogre.speed, ogre.hp, ogre.ac) == ("large", 10, 30, 29, 16)
    assert (ogre.init_mod, ogre.dex, ogre.attacks_per_round) == (-1, 8, 1)
    assert ogre.attacks[0] == AttackProfile("greatclub", 8, "2d8+7")


def test_the_troll_full_attacks_with_claw_claw_bite() -> None:
    troll = by_name()["Troll"]
    assert (troll.size, troll.reach, troll.hp, troll.ac, troll.attacks_per_round) == (
        "large", 10, 63, 16, 3,
    )  # fmt: skip
    assert troll.attacks == (
        AttackProfile("left claw", 9, "1d6+6"),
        AttackProfile("right claw", 9, "1d6+6"),
        AttackProfile("bite", 4, "1d6+3"),
    )


def test_the_cloud_giant_is_huge_with_three_iterative_swings() -> None:
    giant = by_name()["Cloud giant"]
    assert (giant.size, giant.reach, giant.speed, giant.hp, giant.ac) == ("huge", 15, 50, 178, 25)
    assert [(a.bonus, a.damage) for a in giant.attacks] == [(22, "4d6+18"), (17, "4d6+18"),
                                                            (12, "4d6+18")]  # fmt: skip
    assert giant.attacks_per_round == 3


def test_the_heroes() -> None:
    heroes = by_name()
    thorin, mialee = heroes["Thorin"], heroes["Mialee"]
    assert thorin.attacks_per_round == 2
    assert thorin.attacks == (
        AttackProfile("waraxe", 11, "1d10+5"),
        AttackProfile("waraxe (second swing)", 6, "1d10+5"),
    )
    assert (mialee.concentration, mialee.hp, mialee.init_mod) == (11, 20, 6)
    assert heroes["Merel"].concentration == 9
    assert heroes["Luet"].attacks[1] == AttackProfile("shortbow", 8, "1d6", 60)


def test_every_size_is_in_the_library() -> None:
    assert {c.size for c in default_creatures()} == set(SIZE_SQUARES)


def test_every_creature_makes_a_combatant_the_encounter_file_and_the_rules_accept(
    tmp_path: Path,
) -> None:
    creatures = default_creatures()
    combatants = tuple(
        template.to_combatant(f"c{index}", 2.0 + 4 * (index % 10), 2.0 + 4 * (index // 10))
        for index, template in enumerate(creatures)
    )
    encounter = Encounter("d12", MapSpec(40, 12), combatants, name="Everyone")
    get_ruleset("d12").validate(encounter, "everyone.json")

    save_encounter(encounter, tmp_path / "everyone.json")

    assert load_encounter(tmp_path / "everyone.json") == encounter


def test_a_dropped_copy_can_join_another_side() -> None:
    wolf = by_name()["Wolf"].to_combatant("wolf1", 3.5, 4.5, side="party")
    assert (wolf.id, wolf.side, wolf.x, wolf.y, wolf.hp) == ("wolf1", "party", 3.5, 4.5, 13)


# --- library files ------------------------------------------------------------------------------

LIBRARY: dict[str, Any] = {
    "format": "battlemap-creatures",
    "version": 1,
    "creatures": [GOBLIN.to_json(), by_name()["Troll"].to_json()],
}


def library_with(pointer: list[str | int], value: object) -> dict[str, Any]:
    data = copy.deepcopy(LIBRARY)
    holder: Any = data
    for step in pointer[:-1]:
        holder = holder[step]
    if value is _GONE:
        del holder[pointer[-1]]
    else:
        holder[pointer[-1]] = value
    return data


_GONE = object()


def test_a_library_file_loads_in_file_order(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(LIBRARY), encoding="utf-8")
    assert load_creature_library(path) == (GOBLIN, by_name()["Troll"])


def test_side_concentration_and_image_are_optional() -> None:
    data = library_with(["creatures", 0, "side"], _GONE)
    data["creatures"][0]["concentration"] = 4
    data["creatures"][0]["image"] = "tokens/goblin.png"
    goblin = parse_library(data, "mine.json")[0]
    assert (goblin.side, goblin.concentration, goblin.image) == ("monsters", 4, "tokens/goblin.png")


BAD_LIBRARIES: list[tuple[dict[str, Any], str]] = [
    (
        library_with(["format"], "battlemap-encounter"),
        "mine.json: not a Battlemap creature library: format is 'battlemap-encounter', "
        'expected "format": "battlemap-creatures"',
    ),
    (
        library_with(["version"], 2),
        "mine.json: this file is format version 2, written by a newer Battlemap; this one reads "
        "versions up to 1, so update Battlemap to open it",
    ),
    (library_with(["creatures"], _GONE), "mine.json: missing key 'creatures'"),
    (
        library_with(["monsters"], []),
        "mine.json: unknown key 'monsters'; allowed keys: format, version, creatures",
    ),
    (
        library_with(["creatures"], {}),
        "mine.json, creatures: creatures must be a list of creatures, got {}",
    ),
    (
        library_with(["creatures", 1], "troll"),
        "mine.json, creatures[1]: a creature must be a JSON object {...}, got 'troll'",
    ),
    (
        library_with(["creatures", 1, "hp"], 0),
        "mine.json, creatures[1].hp: hp must be a whole number, 1 or more, got 0",
    ),
    (
        library_with(["creatures", 0, "speed"], 32),
        "mine.json, creatures[0].speed: speed must be a whole number of feet, 0 or more and a "
        "multiple of 5, got 32",
    ),
    (
        library_with(["creatures", 0, "size"], "tiny"),
        "mine.json, creatures[0].size: size must be one of small, medium, large, huge, got 'tiny'",
    ),
    (
        library_with(["creatures", 0, "x"], 3),
        "mine.json, creatures[0]: unknown key 'x'; allowed keys: name, side, size, speed, reach, "
        "hp, ac, init_mod, dex, attacks_per_round, attacks, concentration, image",
    ),
    (
        library_with(["creatures", 1, "attacks", 2, "name"], "left claw"),
        "mine.json, creatures[1].attacks[2].name: duplicate attack name 'left claw': "
        "attacks[0] already uses it",
    ),
    (
        library_with(["creatures", 1, "attacks", 0, "damage"], "1d"),
        "mine.json, creatures[1].attacks[0].damage: damage must be dice notation such as "
        "'1d8+3', got '1d' (it ends too early)",
    ),
    (
        library_with(["creatures", 1, "name"], "Goblin"),
        "mine.json, creatures[1].name: duplicate creature name 'Goblin': creatures[0] already "
        "uses it",
    ),
    (
        library_with(["creatures", 0, "attacks_per_round"], 13),
        "mine.json, creatures[0].attacks_per_round: attacks_per_round must be a whole number "
        "from 1 to 12, got 13",
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD_LIBRARIES, ids=[m for _, m in BAD_LIBRARIES])
def test_bad_libraries_are_named_with_where_they_are(data: dict[str, Any], message: str) -> None:
    with pytest.raises(LibraryError) as caught:
        parse_library(data, "mine.json")
    assert str(caught.value) == message


def test_a_library_that_is_not_an_object() -> None:
    with pytest.raises(LibraryError, match=r"^mine\.json: a creature library must hold a JSON "):
        parse_library([], "mine.json")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        (b'{"format": "battlemap-creatures",', "the file is not valid JSON: Expecting"),
        (b"\xff{}", "the file is not UTF-8 text: byte 0xff on line 1"),
        (b'{"version": 1, "version": 1}', "the key 'version' appears twice in one object"),
    ],
)
def test_unreadable_library_files(tmp_path: Path, content: bytes | None, message: str) -> None:
    path = tmp_path / "mine.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(LibraryError) as caught:
        load_creature_library(path)
    assert caught.value.where == str(path)
    assert caught.value.problem.startswith(message)


def test_library_errors_are_value_errors() -> None:
    assert issubclass(LibraryError, ValueError)


def test_default_creatures_reads_every_file_of_the_resources_folder_in_name_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "creatures"
    folder.mkdir()
    troll = by_name()["Troll"]
    for name, templates in [("b.json", [GOBLIN]), ("a.json", [troll]), ("notes.txt", [])]:
        data = {**LIBRARY, "creatures": [t.to_json() for t in templates]}
        (folder / name).write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("BATTLEMAP_RESOURCES", str(tmp_path))
    assert default_creatures() == (troll, GOBLIN)


def test_default_creatures_refuses_a_broken_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "creatures").mkdir()
    (tmp_path / "creatures" / "bad.json").write_text("{}", encoding="utf-8")
    monkeypatch.setenv("BATTLEMAP_RESOURCES", str(tmp_path))
    with pytest.raises(LibraryError, match=r"bad\.json: not a Battlemap creature library"):
        default_creatures()


def test_default_creatures_needs_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BATTLEMAP_RESOURCES", str(tmp_path))
    with pytest.raises(LibraryError) as caught:
        default_creatures()
    assert str(caught.value) == f"{tmp_path / 'creatures'}: the creature library folder is missing"


def test_the_documentation_lists_every_key() -> None:
    doc = DOCS.read_text(encoding="utf-8")
    for key in (*LIBRARY_KEYS, *TEMPLATE_KEYS):
        assert f"`{key}`" in doc, key
    assert f"`{CREATURE_MIME}`" in doc


# --- drag and drop ------------------------------------------------------------------------------


def test_a_dragged_creature_arrives_as_it_left() -> None:
    for template in default_creatures():
        assert template_from_mime(template_to_mime(template)) == template


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        (b"", "dragged creature: the file is not valid JSON: Expecting value at line 1, column 1"),
        (b"\xc3\x28", "dragged creature: the file is not UTF-8 text: byte 0xc3 on line 1"),
        (b"[]", "dragged creature: a creature must be a JSON object {...}, got []"),
        (b"{}", "dragged creature: missing key 'name'"),
        (b"[" * 100_000, "dragged creature: the file nests lists or objects too deeply"),
        (
            b'{"name": "a", "name": "b"}',
            "dragged creature: the key 'name' appears twice in one object; remove one of them",
        ),
        (
            json.dumps({**GOBLIN.to_json(), "attacks": [{"name": "bite"}]}).encode(),
            "dragged creature, attacks[0]: missing key 'bonus'",
        ),
        (
            json.dumps({**GOBLIN.to_json(), "hp": "5"}).encode(),
            "dragged creature, hp: hp must be a whole number, 1 or more, got '5'",
        ),
        (
            json.dumps({**GOBLIN.to_json(), "attacks": None}).encode(),
            "dragged creature, attacks: attacks must be a list of attacks, got null",
        ),
    ],
)
def test_a_malformed_payload_is_a_value_error(payload: bytes, message: str) -> None:
    with pytest.raises(LibraryError) as caught:
        template_from_mime(payload)
    assert str(caught.value) == message


def test_payloads_may_come_as_any_bytes_like_object() -> None:
    payload = template_to_mime(GOBLIN)
    assert template_from_mime(bytearray(payload)) == GOBLIN  # type: ignore[arg-type]
    assert template_from_mime(memoryview(payload)) == GOBLIN  # type: ignore[arg-type]


def test_a_payload_that_is_not_bytes_is_a_value_error() -> None:
    with pytest.raises(LibraryError, match="the payload is not bytes"):
        template_from_mime("Goblin")  # type: ignore[arg-type]


_TEXT = st.text(min_size=1, max_size=10).filter(lambda s: s.strip() != "")
_FEET = st.integers(0, 24).map(lambda n: n * 5)
templates = st.builds(
    CreatureTemplate,
    name=_TEXT,
    size=st.sampled_from(sorted(SIZE_SQUARES)),
    speed=_FEET,
    reach=_FEET,
    init_mod=st.integers(-10, 30),
    dex=st.integers(0, 99),
    hp=st.integers(1, 500),
    ac=st.integers(1, 50),
    attacks=st.lists(_TEXT, max_size=3, unique=True).flatmap(
        lambda names: st.tuples(
            *(
                st.builds(
                    AttackProfile,
                    st.just(name),
                    st.integers(-5, 40),
                    st.sampled_from(["1d6", "2d8+7", "1d4+1d6", "3"]),
                    st.none() | st.integers(1, 60).map(lambda n: n * 5),
                )
                for name in names
            )
        )
    ),
    attacks_per_round=st.integers(1, 12),
    concentration=st.integers(-5, 30),
    side=_TEXT,
    image=st.none() | _TEXT.filter(lambda s: "\0" not in s),
)


@given(templates)
def test_any_template_survives_a_drag(template: CreatureTemplate) -> None:
    assert template_from_mime(template_to_mime(template)) == template


@given(st.lists(templates, max_size=4, unique_by=lambda t: t.name))
def test_any_library_round_trips_through_its_json(creatures: list[CreatureTemplate]) -> None:
    data = {"format": "battlemap-creatures", "version": 1,
            "creatures": [t.to_json() for t in creatures]}  # fmt: skip
    assert parse_library(json.loads(json.dumps(data)), "mine.json") == tuple(creatures)


@settings(max_examples=300)
@given(st.binary(max_size=200))
def test_any_bytes_give_a_template_or_a_value_error(payload: bytes) -> None:
    try:
        template_from_mime(payload)
    except ValueError as error:
        assert isinstance(error, LibraryError)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)
_GOBLIN_JSON = GOBLIN.to_json()


@settings(max_examples=300)
@given(
    st.sampled_from([*_GOBLIN_JSON, "attacks.0.name", "attacks.1.range", "attacks.0", "new"]),
    st.none() | _JSON,
)
def test_any_edit_of_a_payload_gives_a_template_or_a_value_error(place: str, value: object) -> None:
    data: Any = copy.deepcopy(_GOBLIN_JSON)
    holder = data
    *parents, last = place.split(".")
    for step in parents:
        holder = holder[int(step)] if isinstance(holder, list) else holder[step]
    key: Any = int(last) if isinstance(holder, list) else last
    holder[key] = value
    try:
        template_from_mime(json.dumps(data).encode("utf-8"))
    except ValueError as error:
        assert isinstance(error, LibraryError)
        assert error.where.startswith("dragged creature")
