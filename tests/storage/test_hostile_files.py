"""Hostile files (issue 9): every loader answers a broken, huge or hand-edited file with its own
error, one line naming the file, the place and the problem, and never with a traceback, a hang
or gigabytes of memory.

The findings of the issue are reproduced one by one with the exact message; then a property
test feeds thousands of mutated files (tests/hostile_mutations.py) to every loader.
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlemap.core.errors import BattlemapError, EncounterError
from battlemap.loading import load_checked
from battlemap.storage.creature_library import (
    LibraryError,
    load_creature_library,
    template_from_mime,
)
from battlemap.storage.encounter_file import load_encounter, parse_encounter
from battlemap.storage.limits import MAX_FILE_BYTES
from battlemap.storage.paths import user_data_dir
from battlemap.storage.settings import load_settings, settings_path
from tests.hostile_mutations import (
    encounter_bases,
    hostile_bytes,
    library_bases,
    mutated_data,
)
from tests.storage.samples import MINIMAL, edited, problem_of

ENCOUNTERS = encounter_bases()
LIBRARIES = library_bases()

#: A saved fight's first roll, as the engine writes it.
INITIATIVE_ROLL: dict[str, Any] = {
    "type": "roll", "round": 1, "count": 12, "time": 0.0, "actor": "thorin",
    "purpose": "initiative", "dice": "1d12", "result": 3, "detail": "1d12 (3) = 3",
    "source": "app", "key": "initiative/thorin",
}  # fmt: skip
#: An attack of opportunity taken, as the engine writes it.
AOO: dict[str, Any] = {
    "type": "aoo", "round": 1, "count": 9, "time": 3.5, "actor": "goblin1", "target": "thorin",
    "x": 3.0, "y": 3.5, "at": 3.5, "taken": True, "key": "thorin.r1.1/aoo/goblin1",
}  # fmt: skip


def with_log(*events: dict[str, Any]) -> dict[str, Any]:
    data = edited("plans")
    data["log"] = [copy.deepcopy(event) for event in events]
    return data


def checked_problem(path: Path) -> str:
    with pytest.raises(BattlemapError) as caught:
        load_checked(path)
    return str(caught.value)


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in tmp_path, so messages name files as a user would type them."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- the findings of the issue, one by one ------------------------------------------------------


def test_a_huge_initiative_modifier_is_refused_at_once() -> None:
    """It used to run for minutes: initiative subtracted 12 at a time."""
    assert problem_of(edited("combatants[0].init_mod", 1000000000000000000)) == (
        "skirmish.json, combatants[0].init_mod: init_mod must be from -1,000 to 1,000, "
        "got 1000000000000000000"
    )


def test_a_logged_roll_of_1e300_is_refused() -> None:
    """It used to stop the window from ever showing."""
    roll = dict(INITIATIVE_ROLL, result=1e300)
    assert problem_of(with_log(roll)) == (
        "skirmish.json, log[0].result: result must be from -1,000,000 to 1,000,000, got 1e+300"
    )


def test_a_reach_of_5000_feet_is_refused() -> None:
    """It used to take 20 s and 3 GB listing every square in reach."""
    assert problem_of(edited("combatants[0].reach", 5000)) == (
        "skirmish.json, combatants[0].reach: reach must be from 0 to 120 feet, got 5000"
    )


def test_an_unknown_ruleset_is_refused_by_the_one_validation(in_tmp: Path) -> None:
    (in_tmp / "skirmish.json").write_text(json.dumps(edited("ruleset", "d20")), encoding="utf-8")
    assert checked_problem(Path("skirmish.json")) == (
        "skirmish.json, ruleset: unknown ruleset 'd20' "
        "(available: d12, combat-experience, 13th-age)"
    )


def test_an_unknown_action_is_refused_by_the_one_validation(in_tmp: Path) -> None:
    """The file layer takes any action name; load_checked asks the rules, as simulate did."""
    (in_tmp / "skirmish.json").write_text(
        json.dumps(edited("plans[0].action", "fly")), encoding="utf-8"
    )
    load_encounter("skirmish.json")  # the file itself is well formed
    assert checked_problem(Path("skirmish.json")) == (
        "skirmish.json, plans[0].action: unknown action 'fly' (d12 actions: attack, cast, "
        "charge, delay, double_move, five_foot_step, follow, full_attack, full_round, move, "
        "move_equivalent, ready, run, standard, withdraw)"
    )


DICE = "skirmish.json, combatants[0].attacks[0].damage: damage must be dice notation such as "


@pytest.mark.parametrize(
    ("damage", "problem"),
    [
        ("1d6/0", "got '1d6/0' (it divides ('/'); division is not allowed in dice)"),
        (
            "+".join(["1d6"] * 1000),
            "got '1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1...' "
            "(it is 3,999 characters long; at most 100)",
        ),
        (
            "(" * 500 + "1d6" + ")" * 500,
            "got '(((((((((((((((((((((((((((((((((((((...' "
            "(it is 1,003 characters long; at most 100)",
        ),
        (
            "1d6" * 10**6,
            "got '1d61d61d61d61d61d61d61d61d61d61d61d61...' "
            "(it is 3,000,000 characters long; at most 100)",
        ),
        ("1d1e1", "got '1d1e1' ('e1' would explode on 1 of the d1's 1 faces; at most half, "
         "or it may never stop)"),
        ("1d0", "got '1d0' (a d0 has no faces to roll)"),
    ],
    ids=["divide by zero", "1,000 terms", "500 parentheses", "1d6 a million times",
         "explodes forever", "no faces"],
)  # fmt: skip
def test_dice_that_broke_the_fight_are_refused_when_read(damage: str, problem: str) -> None:
    """d20 raised RollValueError, RecursionError, or took 20 s, only once the fight rolled."""
    data = edited("combatants[0].attacks[0].damage", damage)
    assert problem_of(data) == DICE + "'1d8+3', " + problem


def test_a_5000_digit_number_is_refused_naming_the_file(in_tmp: Path) -> None:
    """json raises a bare ValueError for it; the app used to quit at launch."""
    text = json.dumps(MINIMAL, indent=2).replace('"hp": 24', '"hp": ' + "7" * 5000)
    (in_tmp / "skirmish.json").write_text(text, encoding="utf-8")
    with pytest.raises(EncounterError) as caught:
        load_encounter("skirmish.json")
    assert str(caught.value) == (
        "skirmish.json: the file holds a number of 5,000 digits on line 19; at most 4,300"
    )


@pytest.mark.parametrize(
    ("round_number", "shown"), [(1e20, "1e+20"), (-1e308, "-1e+308"), (10_001, "10001")]
)
def test_a_plan_round_out_of_range_is_refused(round_number: float, shown: str) -> None:
    """1e20 used to loop forever; -1e308 raised OverflowError."""
    assert problem_of(edited("plans[0].round", round_number)) == (
        f"skirmish.json, plans[0].round: round must be from -100 to 10,000, got {shown}"
    )


def test_100000_combatants_are_refused_by_the_cap() -> None:
    """Counted before any is read: they used to take over 300 s to play."""
    data = edited("plans")
    goblin = data["combatants"][1]
    data["combatants"] = [dict(goblin, id=f"goblin{n}") for n in range(100_000)]
    assert problem_of(data) == (
        "skirmish.json, combatants: combatants may hold at most 2,000 combatants, got 100,000"
    )


def test_a_path_of_100000_waypoints_is_refused() -> None:
    """The window froze painting it."""
    assert problem_of(edited("plans[0].path", [[4.5, 3.5]] * 100_000)) == (
        "skirmish.json, plans[0].path: path may hold at most 1,000 points, got 100,000"
    )


@pytest.mark.parametrize("pointer", ["combatants[0].id", "plans[0].actor", "plans[0].target"])
def test_a_5_mb_id_is_quoted_as_a_short_excerpt(pointer: str) -> None:
    """Messages used to repeat it word for word."""
    message = problem_of(edited(pointer, "x" * (5 * 2**20)))
    label = pointer.split(".")[-1]
    assert message == (
        f"skirmish.json, {pointer}: {label} must be at most 64 characters long, "
        f"got '{'x' * 37}...' (5,242,880 characters)"
    )


# --- the other caps -----------------------------------------------------------------------------


CAPS: list[tuple[dict[str, Any], str]] = [
    (
        edited("combatants[0].speed", 1005),
        "skirmish.json, combatants[0].speed: speed must be from 0 to 1,000 feet, got 1005",
    ),
    (
        edited("combatants[0].hp", -(10**7)),
        "skirmish.json, combatants[0].hp: hp must be from -1,000,000 to 1,000,000, got -10000000",
    ),
    (
        edited("combatants[0].ac", 1001),
        "skirmish.json, combatants[0].ac: ac must be from 1 to 1,000, got 1001",
    ),
    (
        edited("combatants[0].attacks[0].bonus", 2**63),
        "skirmish.json, combatants[0].attacks[0].bonus: bonus must be from -1,000 to 1,000, "
        "got 9223372036854775808",
    ),
    (
        edited("combatants[0].attacks[0].range", 10**100),
        "skirmish.json, combatants[0].attacks[0].range: range must be from 5 to 10,000 feet, "
        "got a number too large to show",
    ),
    (
        edited("combatants[0].concentration", -1001),
        "skirmish.json, combatants[0].concentration: concentration must be from -1,000 to "
        "1,000, got -1001",
    ),
    (
        edited("map.width", 1001),
        "skirmish.json, map.width: width must be from 1 to 1,000 squares, got 1001",
    ),
    (
        edited("map.walls", [[[0, 0], [1, 1]]] * 10_001),
        "skirmish.json, map.walls: walls may hold at most 10,000 items, got 10,001",
    ),
    (
        edited("map.walls", [[[0, 0], [1, 1]] * 501]),
        "skirmish.json, map.walls[0]: a wall may hold at most 1,000 points, got 1,002",
    ),
    (
        edited("map.walls", [[[0, 0], [1, 1]] * 500] * 101),
        "skirmish.json, map.walls[100]: the walls may hold at most 100,000 points in all; "
        "this wall brings them to 101,000",
    ),
    (
        edited("plans", [{**MINIMAL["plans"][0], "path": [[4.5, 3.5]] * 1000}] * 101),
        "skirmish.json, plans: the plans' paths and areas may hold at most 100,000 points in "
        "all, got 101,000",
    ),
    (
        edited("plans", [MINIMAL["plans"][0]] * 20_001),
        "skirmish.json, plans: plans may hold at most 20,000 plans, got 20,001",
    ),
    (
        edited("combatants[0].attacks", [MINIMAL["combatants"][0]["attacks"][0]] * 51),
        "skirmish.json, combatants[0].attacks: attacks may hold at most 50 attacks, got 51",
    ),
    (
        edited("plans[0].rolls", {"attack": [10] * 101}),
        "skirmish.json, plans[0].rolls.attack: attack may hold at most 100 rolls, got 101",
    ),
    (
        edited("map.walls", [[["\ud800", 0], [1, 1]]]),
        "skirmish.json, map.walls[0][0]: a wall point must be a pair of numbers [x, y], "
        'got ["\\ud800", 0]',
    ),
    (
        edited("name", "n" * 201),
        "skirmish.json, name: name must be at most 200 characters long, "
        f"got '{'n' * 37}...' (201 characters)",
    ),
    (
        edited("combatants[0].image", "p" * 4097),
        "skirmish.json, combatants[0].image: image must be at most 4,096 characters long, "
        f"got '{'p' * 37}...' (4,097 characters)",
    ),
    (
        edited("combatants[0].attacks[0].damage", "1d6+" * 20 + "1"),
        DICE + "'1d8+3', got '1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1...' "
        "(it has more than 20 terms (numbers and dice))",
    ),
    (
        edited("combatants[0].attacks[0].damage", "((((((1d6))))))"),
        DICE + "'1d8+3', got '((((((1d6))))))' (it nests parentheses more than 5 deep)",
    ),
    (
        edited("combatants[0].attacks[0].damage", "101d6"),
        DICE + "'1d8+3', got '101d6' (it rolls more than 100 dice)",
    ),
    (
        edited("combatants[0].attacks[0].damage", "1d10001"),
        DICE + "'1d8+3', got '1d10001' (a d10,001 has too many faces; at most 10,000)",
    ),
    (
        edited("combatants[0].attacks[0].damage", "100d100*1000"),
        DICE + "'1d8+3', got '100d100*1000' (its total could reach 10,000,000; at most 1,000,000)",
    ),
]


@pytest.mark.parametrize(("data", "message"), CAPS, ids=[m.split(": ")[0] for _, m in CAPS])
def test_every_cap_is_told_in_one_line(data: dict[str, Any], message: str) -> None:
    assert problem_of(data) == message


def test_a_file_over_50_mb_is_refused_without_reading_it_whole(in_tmp: Path) -> None:
    (in_tmp / "big.json").write_bytes(b"{" + b" " * MAX_FILE_BYTES + b"}")
    with pytest.raises(EncounterError) as caught:
        load_encounter("big.json")
    assert str(caught.value) == "big.json: the file is larger than 50 MB, the most Battlemap reads"


def test_millions_of_empty_lists_are_refused_before_decoding(in_tmp: Path) -> None:
    """50 MB of `[[], [], ...]` would take 1.3 GB and seconds to build."""
    (in_tmp / "lists.json").write_bytes(b"[" + b"[]," * 5_000_000 + b"[]]")
    with pytest.raises(EncounterError) as caught:
        load_encounter("lists.json")
    assert str(caught.value) == (
        "lists.json: the file holds 5,000,002 objects and lists ('{' and '['); at most 4,000,000"
    )


def test_a_library_is_capped_as_an_encounter_is(in_tmp: Path) -> None:
    library = copy.deepcopy(LIBRARIES[0])
    library["creatures"][0]["reach"] = 5000
    (in_tmp / "monsters.json").write_text(json.dumps(library), encoding="utf-8")
    with pytest.raises(LibraryError) as caught:
        load_creature_library("monsters.json")
    assert str(caught.value) == (
        "monsters.json, creatures[0].reach: reach must be from 0 to 120 feet, got 5000"
    )


# --- saved logs ---------------------------------------------------------------------------------


LOGS: list[tuple[dict[str, Any], str]] = [
    (
        with_log({k: v for k, v in INITIATIVE_ROLL.items() if k != "purpose"}),
        "skirmish.json, log[0]: missing key 'purpose' (a roll event needs it)",
    ),
    (
        with_log(dict(INITIATIVE_ROLL, dice="1d6/0")),
        "skirmish.json, log[0].dice: dice must be dice notation such as '1d8+3', got '1d6/0' "
        "(it divides ('/'); division is not allowed in dice)",
    ),
    (
        with_log(dict(INITIATIVE_ROLL, result=13)),
        "skirmish.json, log[0].result: a roll of 1d12 is between 1 and 12, got 13",
    ),
    (
        with_log(dict(INITIATIVE_ROLL, result=2.5)),
        "skirmish.json, log[0].result: result must be a whole number, got 2.5",
    ),
    (
        with_log(dict(INITIATIVE_ROLL, detail=None)),
        "skirmish.json, log[0].detail: detail must be text, got null",
    ),
    (
        with_log(dict(INITIATIVE_ROLL, source="dm")),
        "skirmish.json, log[0].source: source must be one of app, file, table, got 'dm'",
    ),
    (
        with_log(dict(INITIATIVE_ROLL, key=7)),
        "skirmish.json, log[0].key: key must be text, got 7",
    ),
    (
        with_log(INITIATIVE_ROLL, dict(INITIATIVE_ROLL, time=1.0)),
        "skirmish.json, log[1].key: decision key 'initiative/thorin' is already used by log[0]",
    ),
    (
        with_log({k: v for k, v in AOO.items() if k != "taken"}),
        "skirmish.json, log[0]: missing key 'taken' (a aoo event needs it)",
    ),
    (
        with_log(dict(AOO, taken="yes")),
        "skirmish.json, log[0].taken: taken must be true or false, got 'yes'",
    ),
    (
        with_log(dict(AOO, type="intercept", target="orc")),
        "skirmish.json, log[0].target: unknown combatant 'orc' (known: thorin, goblin1)",
    ),
    (
        with_log(dict(AOO, note="n" * 10_001)),
        "skirmish.json, log[0].note: event text must be at most 10,000 characters long, "
        f"got '{'n' * 37}...' (10,001 characters)",
    ),
    (
        with_log(dict(AOO, **{"k" * 5_000_000: 1})),
        "skirmish.json, log[0]: event keys must be at most 64 characters long, "
        f"got '{'k' * 37}...'",
    ),
    (
        with_log(dict(AOO, actor=[-1, 5])),
        "skirmish.json, log[0].actor: actor must be text, got [-1, 5]",
    ),
    (
        with_log(dict(AOO, path=[["\ud800", 0]])),
        "skirmish.json, log[0].path[0][0]: event text holds a broken \\u escape (half of a "
        "surrogate pair)",
    ),
    (
        with_log(dict(AOO, **{"\ud800": [1]})),
        "skirmish.json, log[0].\\ud800: event text holds a broken \\u escape (half of a "
        "surrogate pair)",
    ),
    (
        with_log(dict(AOO, round=10**9)),
        "skirmish.json, log[0].round: round must be from -1,000,000 to 1,000,000, got 1000000000",
    ),
    (
        with_log(dict(AOO, time=1e300)),
        "skirmish.json, log[0].time: time must be from -12,000,000 to 12,000,000 units, got 1e+300",
    ),
]


@pytest.mark.parametrize(("data", "message"), LOGS, ids=[m.split(": ", 1)[1] for _, m in LOGS])
def test_a_hand_edited_log_is_refused_where_it_is_wrong(data: dict[str, Any], message: str) -> None:
    """The replay reads these fields: a missing one used to raise KeyError: 'purpose'."""
    assert problem_of(data) == message


def test_a_log_may_drop_a_decision_and_keep_keys_of_old_logs() -> None:
    """decision_dropped is checked loosely; a roll without a key is from a log written before
    keys existed."""
    dropped = {
        "type": "decision_dropped", "round": 1, "count": 12, "time": 0.0, "actor": "thorin",
        "key": "initiative/thorin", "reason": "no longer asked",
    }  # fmt: skip
    legacy = {k: v for k, v in INITIATIVE_ROLL.items() if k != "key"}
    encounter = parse_encounter(with_log(legacy, dropped, AOO), "skirmish.json")
    assert [event.type for event in encounter.log] == ["roll", "decision_dropped", "aoo"]


# --- thousands of mutated files -----------------------------------------------------------------


@contextlib.contextmanager
def refused(kind: type[BattlemapError] = BattlemapError) -> Iterator[None]:
    """Let the block load or raise `kind`, whose message must be one short printable line."""
    try:
        yield
    except kind as error:
        message = str(error)
        assert "\n" not in message, message[:1000]
        assert len(message) < 1000, message[:1000]
        message.encode("utf-8")  # half a surrogate pair would not print: it must come escaped


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_every_loader_refuses_a_hostile_file_with_its_own_error(data: st.DataObject) -> None:
    """Decoded data, file bytes and drag payloads: nothing escapes but BattlemapError."""
    decoded = data.draw(mutated_data(ENCOUNTERS))
    with refused():
        parse_encounter(decoded, "mutated.json")
    raw = data.draw(hostile_bytes(ENCOUNTERS))
    # One name in the test's own BATTLEMAP_HOME folder: hypothesis runs every example in one
    # test call, so a file per example would only pile up.
    path = user_data_dir() / "mutated.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    for loader in (load_encounter, load_checked):
        with refused():
            loader(path)
    library = data.draw(hostile_bytes(LIBRARIES))
    path.write_bytes(library)
    with refused(LibraryError):
        load_creature_library(path)
    mutated = data.draw(mutated_data(LIBRARIES))
    creatures = mutated.get("creatures")
    creature = creatures[0] if isinstance(creatures, list) and creatures else mutated
    payload = json.dumps(creature).encode()
    for dropped in (payload, payload[1:-1], library[: len(library) // 2]):
        with refused(LibraryError):
            template_from_mime(dropped)
    # Settings never raise: a broken file falls back, per key, and says so.
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_bytes(raw)
    load_settings()
