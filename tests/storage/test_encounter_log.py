"""The saved fight in the encounter file: `seed` and `log`."""

from __future__ import annotations

import io
import json
import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from battlemap.cli import simulate
from battlemap.core.encounter import Encounter
from battlemap.core.engine import Engine
from battlemap.core.events import Event
from battlemap.rulesets import get_ruleset
from battlemap.storage.encounter_file import (
    encounter_to_dict,
    load_encounter,
    parse_encounter,
    save_encounter,
)
from tests.storage.samples import MINIMAL_ENCOUNTER, edited, problem_of

SKIRMISH = Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json"

ROLL = {
    "type": "roll", "round": 1, "count": 12, "time": 0.0, "actor": "goblin1",
    "purpose": "attack", "dice": "1d20", "result": 14, "detail": "1d20 (14) = 14",
    "source": "app",
}  # fmt: skip
ROUND = {"type": "round_start", "round": 1, "count": 12, "time": 0.0}
MOVE = {
    "type": "position", "round": 1, "count": 7, "time": 5.5, "actor": "thorin",
    "x": 4.5, "y": 3.5, "stopped": True,
}  # fmt: skip


def with_log(*events: object, seed: int | None = None) -> dict[str, Any]:
    data = edited("log", [dict(e) if isinstance(e, dict) else e for e in events])
    if seed is not None:
        data["seed"] = seed
    return data


def played_skirmish(seed: int) -> Encounter:
    """The skirmish with the whole fight the engine plays from it, as the window saves it."""
    encounter = load_encounter(SKIRMISH)
    engine = Engine(encounter, get_ruleset(encounter.ruleset), seed=seed)
    assert engine.run()
    return replace(encounter, seed=seed, log=tuple(engine.log))


# --- reading ------------------------------------------------------------------------------------


def test_seed_and_log_are_read() -> None:
    encounter = parse_encounter(with_log(ROUND, ROLL, MOVE, seed=42), "skirmish.json")
    assert encounter.seed == 42
    assert encounter.log == (
        Event("round_start", 0.0, 1, 12, None, {}),
        Event(
            "roll", 0.0, 1, 12, "goblin1",
            {"purpose": "attack", "dice": "1d20", "result": 14,
             "detail": "1d20 (14) = 14", "source": "app"},
        ),
        Event("position", 5.5, 1, 7, "thorin", {"x": 4.5, "y": 3.5, "stopped": True}),
    )  # fmt: skip


def test_without_them_the_fight_has_not_begun() -> None:
    encounter = parse_encounter(edited("plans"), "skirmish.json")
    assert (encounter.seed, encounter.log) == (0, ())
    assert parse_encounter(with_log(), "skirmish.json").log == ()


def test_keys_other_than_the_header_are_kept_as_they_are() -> None:
    odd = {"type": "omen", "round": 2, "count": 3, "time": 21.25, "sign": {"birds": [3, None]}}
    (event,) = parse_encounter(with_log(odd), "skirmish.json").log
    assert event == Event("omen", 21.25, 2, 3, None, {"sign": {"birds": [3, None]}})


def test_header_numbers_are_read_as_the_types_events_hold() -> None:
    (event,) = parse_encounter(
        with_log({"type": "tick", "round": 2.0, "count": 5.0, "time": 7, "actor": None}),
        "skirmish.json",
    ).log
    assert (event.round, event.count, event.time, event.actor) == (2, 5, 7.0, None)
    assert (type(event.round), type(event.count), type(event.time)) == (int, int, float)


def test_equal_times_are_fine() -> None:
    events = parse_encounter(with_log(ROUND, ROLL), "skirmish.json").log
    assert [e.time for e in events] == [0.0, 0.0]


BAD_LOGS: list[tuple[dict[str, Any], str]] = [
    (edited("seed", "7"), "skirmish.json, seed: seed must be a whole number, got '7'"),
    (edited("seed", 1.5), "skirmish.json, seed: seed must be a whole number, got 1.5"),
    (edited("seed", True), "skirmish.json, seed: seed must be a whole number, got true"),
    (edited("log", {}), "skirmish.json, log: log must be a list of events, got {}"),
    (
        with_log(ROUND, 3),
        "skirmish.json, log[1]: an event must be a JSON object {...}, got 3",
    ),
    (with_log({"round": 1, "count": 1, "time": 0}), "skirmish.json, log[0]: missing key 'type'"),
    (
        with_log({**ROUND, "time": None}),
        "skirmish.json, log[0].time: time must be a finite number, got null",
    ),
    (with_log({**ROUND, "type": 5}), "skirmish.json, log[0].type: type must be text, got 5"),
    (with_log({**ROUND, "type": ""}), "skirmish.json, log[0].type: type must not be empty, got ''"),
    (
        with_log({**ROUND, "round": 1.5}),
        "skirmish.json, log[0].round: round must be a whole number, got 1.5",
    ),
    (
        with_log({**ROUND, "count": False}),
        "skirmish.json, log[0].count: count must be a whole number, got false",
    ),
    (
        with_log({**ROUND, "time": "0.0"}),
        "skirmish.json, log[0].time: time must be a finite number, got '0.0'",
    ),
    (
        with_log({**ROUND, "time": math.inf}),
        "skirmish.json, log[0].time: time must be a finite number, got inf",
    ),
    (
        with_log(ROUND, {**ROLL, "actor": "gobln"}),
        "skirmish.json, log[1].actor: unknown combatant 'gobln' (known: thorin, goblin1)",
    ),
    (
        with_log({**ROLL, "actor": 1}),
        "skirmish.json, log[0].actor: actor must be text, got 1",
    ),
    (
        with_log(ROUND, MOVE, {**ROLL, "time": 3.0}),
        "skirmish.json, log[2].time: times must not go backwards, got 3.0 after 5.5",
    ),
    (
        with_log({**MOVE, "x": math.nan}),
        "skirmish.json, log[0].x: event values must be finite numbers, got nan",
    ),
    (
        with_log({**MOVE, "path": [[1, 2], [3, -math.inf]]}),
        "skirmish.json, log[0].path[1][1]: event values must be finite numbers, got -inf",
    ),
    (
        with_log({**MOVE, "tags": {"a": {1, 2}}}),
        "skirmish.json, log[0].tags.a: event values must be plain JSON, got a Python set",
    ),
    (
        with_log({**MOVE, "note": "\ud800"}),
        "skirmish.json, log[0].note: event text holds a broken \\u escape "
        "(half of a surrogate pair)",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("data", "message"), BAD_LOGS, ids=[m for _, m in BAD_LOGS])
def test_bad_logs_are_named_with_where_they_are(data: dict[str, Any], message: str) -> None:
    assert problem_of(data) == message


def test_the_log_is_checked_after_the_plans() -> None:
    data = with_log({**ROUND, "time": "late"})
    data["plans"][0]["actor"] = "nobody"
    assert problem_of(data).startswith("skirmish.json, plans[0].actor:")


# --- writing ------------------------------------------------------------------------------------


def test_seed_and_log_are_written_last_and_only_when_set() -> None:
    assert "seed" not in encounter_to_dict(MINIMAL_ENCOUNTER)
    assert "log" not in encounter_to_dict(MINIMAL_ENCOUNTER)
    encounter = parse_encounter(with_log(ROUND, MOVE, seed=-3), "skirmish.json")
    written = encounter_to_dict(encounter)
    assert list(written)[-2:] == ["seed", "log"]
    assert written["seed"] == -3
    assert written["log"] == [ROUND, MOVE]


def test_each_event_is_saved_on_one_line_as_simulate_prints_it(tmp_path: Path) -> None:
    out = io.StringIO()
    assert simulate(str(SKIRMISH), seed=3, rounds=None, text=False, out=out) == 0
    printed = out.getvalue().splitlines()

    save_encounter(played_skirmish(3), tmp_path / "fight.json")

    lines = (tmp_path / "fight.json").read_text(encoding="utf-8").splitlines()
    start = lines.index('  "log": [')
    saved = [line.strip().removesuffix(",") for line in lines[start + 1 : start + 1 + len(printed)]]
    assert saved == printed
    assert lines[start + 1 + len(printed) :] == ["  ]", "}"]


# --- round trips --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_played_fight_saves_and_reopens_with_the_same_log(tmp_path: Path, seed: int) -> None:
    played = played_skirmish(seed)
    assert len(played.log) > 50

    save_encounter(played, tmp_path / "fight.json")
    reopened = load_encounter(tmp_path / "fight.json")

    assert reopened.seed == seed
    assert [e.to_json() for e in reopened.log] == [e.to_json() for e in played.log]
    assert replace(reopened, log=()) == replace(played, log=())


@pytest.mark.parametrize("seed", [0, 1])
def test_a_played_fight_round_trips_to_equal_events(tmp_path: Path, seed: int) -> None:
    played = played_skirmish(seed)
    assert parse_encounter(encounter_to_dict(played), "fight.json") == played
    save_encounter(played, tmp_path / "fight.json")
    assert load_encounter(tmp_path / "fight.json") == played


def test_the_saved_file_is_plain_json(tmp_path: Path) -> None:
    save_encounter(played_skirmish(1), tmp_path / "fight.json")
    data = json.loads((tmp_path / "fight.json").read_text(encoding="utf-8"))
    assert data["log"][0]["type"] == "roll"
