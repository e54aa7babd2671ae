"""`battlemap simulate`: JSON lines or sentences on stdout, one-line messages on stderr.

Most tests call `battlemap.cli.main` in-process; two run `python -m battlemap` in a subprocess
to prove the console path (entry point, exit status, streams) works the same way.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from battlemap.cli import main

REPO = Path(__file__).resolve().parents[2]
SKIRMISH = REPO / "resources" / "examples" / "skirmish.json"

HEADER_KEYS = ("type", "round", "count", "time")

#: Thorin's first blow in the skirmish with the default seed 0, the second blow of the fight
#: (Mialee's readied shot lands first, at Round 1, 8). Every initiative is fixed in the file, and so
#: are the rolls of that shot and of the shaman's Concentration check, so it is the first die the
#: app rolls.
THORIN_FIRST_BLOW = {
    "type": "attack",
    "round": 1,
    "count": 6,
    "time": 6.0,
    "actor": "thorin",
    "target": "goblin",
    "attack": "battleaxe",
    "roll": 10,
    "bonus": 6,
    "total": 16,
    # The goblin is flat-footed (its count, 7, has not come): AC 15 without its Dex +1.
    "ac": 14,
    "hit": True,
    "damage": 10,
    "damage_roll": "1d8 (7) + 3 = 10",
}
THORIN_FIRST_BLOW_TEXT = (
    "Round 1, 6: Thorin attacks goblin with battleaxe: 16 vs AC 14, hit for 10 "
    "[d20 10 + 6; damage 1d8 (7) + 3 = 10]"
)

#: skirmish.json's initiative: roll and modifier from the file, the count each acts on.
SKIRMISH_INITIATIVE = {
    "thorin": (3, 3, 6),
    "luet": (3, 8, 11),
    "goblin": (4, 1, 5),
    "shaman": (7, 1, 8),
    "wolf": (9, 2, 11),
    "archer": (12, 0, 12),
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """`battlemap ARGV...` in-process: exit status, stdout, stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def parse_lines(stdout: str) -> list[dict[str, Any]]:
    """Every stdout line as a JSON object; fails on any line that is not one."""
    events = []
    for number, line in enumerate(stdout.splitlines(), start=1):
        event = json.loads(line)
        assert isinstance(event, dict), f"line {number} is not a JSON object: {line}"
        events.append(event)
    return events


# --- (a) JSON lines ---------------------------------------------------------------------------


def test_simulate_prints_only_json_events_in_time_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "simulate", str(SKIRMISH))

    assert (status, err) == (0, "")
    assert out.endswith("\n")
    events = parse_lines(out)
    for event in events:
        assert list(event)[:4] == list(HEADER_KEYS)
        assert type(event["type"]) is str
        assert type(event["round"]) is int
        assert type(event["count"]) is int and 1 <= event["count"] <= 12
        assert type(event["time"]) is float
    times = [event["time"] for event in events]
    assert times == sorted(times)
    assert events[0] == {
        "type": "roll",
        "round": 1,
        "count": 12,
        "time": 0.0,
        "actor": "thorin",
        "purpose": "initiative",
        "dice": "1d12",
        "result": 3,
        "detail": "1d12 = 3 (from file)",
        "source": "file",
        "key": "initiative/thorin",
    }
    initiative = {
        event["actor"]: (event["roll"], event["modifier"], event["count"])
        for event in events
        if event["type"] == "initiative"
    }
    assert initiative == SKIRMISH_INITIATIVE
    attacks = [e for e in events if e["type"] == "attack"]
    assert [(e["actor"], e["time"]) for e in attacks[:2]] == [("archer", 4.0), ("thorin", 6.0)]
    assert attacks[1] == THORIN_FIRST_BLOW
    assert [e["round"] for e in events if e["type"] == "round_start"] == [1, 2, 3]


# --- (b) sentences ----------------------------------------------------------------------------


def test_text_prints_sentences(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "simulate", str(SKIRMISH), "--text")

    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Initiative: Thorin rolled 3 on 1d12 for initiative (set in the file)"
    assert "Initiative: wolf 9 + 2 = 11: acts at 11, first in round 1" in lines
    assert (
        "Round 1, 8: Mialee's readied action goes off (starts casting, by goblin shaman)" in lines
    )
    assert [line for line in lines if line.startswith("---")] == [
        "--- Round 1 ---",
        "--- Round 2 ---",
        "--- Round 3 ---",
    ]
    assert THORIN_FIRST_BLOW_TEXT in lines
    sentence = re.compile(r"Initiative: \S|--- Round \d+ ---$|Round \d+, \d+(\.\d+)?: \S")
    assert [line for line in lines if not sentence.match(line)] == []


# --- (c) --rounds -----------------------------------------------------------------------------


def test_rounds_1_stops_before_round_2(capsys: pytest.CaptureFixture[str]) -> None:
    _, full_out, _ = run(capsys, "simulate", str(SKIRMISH))
    status, out, err = run(capsys, "simulate", str(SKIRMISH), "--rounds", "1")

    assert (status, err) == (0, "")
    events = parse_lines(out)
    # Initiative events are labelled with the round their combatant first acts in.
    for event in events:
        if event["type"] == "initiative":
            assert event["round"] == event["first_round"]
    assert [e for e in events if e["type"] != "initiative" and e["round"] > 1] == []
    assert events[-1]["time"] < 12.0
    assert [e["round"] for e in events if e["type"] == "round_start"] == [1]
    # Stopping early changes nothing that happened before the stop.
    assert events == [e for e in parse_lines(full_out) if e["time"] < 12.0]
    assert THORIN_FIRST_BLOW in events


# --- (d) --seed -------------------------------------------------------------------------------


def test_same_seed_same_fight_other_seed_other_rolls(capsys: pytest.CaptureFixture[str]) -> None:
    _, default, _ = run(capsys, "simulate", str(SKIRMISH))
    _, seed0, _ = run(capsys, "simulate", str(SKIRMISH), "--seed", "0")
    _, first, _ = run(capsys, "simulate", str(SKIRMISH), "--seed", "7")
    _, again, _ = run(capsys, "simulate", str(SKIRMISH), "--seed", "7")
    _, other, _ = run(capsys, "simulate", str(SKIRMISH), "--seed", "8")

    assert seed0 == default
    assert again == first
    rolls_7 = [e for e in parse_lines(first) if e["type"] == "roll"]
    rolls_8 = [e for e in parse_lines(other) if e["type"] == "roll"]
    # Rolls fixed in the file stay; the first roll the app makes (Thorin's first blow) changes.
    file_rolls = [(e["actor"], e["purpose"], e["result"]) for e in rolls_7 if e["source"] == "file"]
    assert file_rolls[:6] == [(cid, "initiative", v[0]) for cid, v in SKIRMISH_INITIATIVE.items()]
    first_app_7 = next(e for e in rolls_7 if e["source"] == "app")
    first_app_8 = next(e for e in rolls_8 if e["source"] == "app")
    assert (first_app_7["actor"], first_app_7["purpose"]) == ("thorin", "attack")
    assert (first_app_8["actor"], first_app_8["purpose"]) == ("thorin", "attack")
    assert first_app_7["result"] != first_app_8["result"]


# --- (e) bad input ----------------------------------------------------------------------------


def valid_encounter() -> dict[str, Any]:
    """Two combatants side by side and one attack: the smallest fight that runs."""
    return {
        "format": "battlemap-encounter",
        "version": 1,
        "ruleset": "d12",
        "map": {"width": 10, "height": 10},
        "combatants": [
            {
                "id": "ann",
                "name": "Ann",
                "side": "party",
                "size": "medium",
                "x": 2.5,
                "y": 2.5,
                "speed": 30,
                "reach": 5,
                "hp": 10,
                "ac": 15,
                "init_mod": 1,
                "initiative_roll": 6,
                "dex": 12,
                "attacks_per_round": 1,
                "attacks": [{"name": "sword", "bonus": 4, "damage": "1d8+2"}],
            },
            {
                "id": "orc",
                "name": "Orc",
                "side": "monsters",
                "size": "medium",
                "x": 3.5,
                "y": 2.5,
                "speed": 30,
                "reach": 5,
                "hp": 12,
                "ac": 13,
                "init_mod": 0,
                "initiative_roll": 4,
                "dex": 10,
                "attacks_per_round": 1,
                "attacks": [{"name": "axe", "bonus": 3, "damage": "1d12+1"}],
            },
        ],
        "plans": [{"actor": "ann", "round": 1, "action": "attack", "target": "orc"}],
    }


def _without_hp(data: dict[str, Any]) -> None:
    del data["combatants"][0]["hp"]


def _hp_as_text(data: dict[str, Any]) -> None:
    data["combatants"][0]["hp"] = "ten"


def _unknown_actor(data: dict[str, Any]) -> None:
    data["plans"][0]["actor"] = "gobbo"


def _negative_speed(data: dict[str, Any]) -> None:
    data["combatants"][1]["speed"] = -30


def _dance(data: dict[str, Any]) -> None:
    data["plans"][0]["action"] = "dance"


def _eighteen_units(data: dict[str, Any]) -> None:
    # An attack (6 units) and a full attack (12) in the same round.
    data["plans"].append({"actor": "ann", "round": 1, "action": "full_attack", "target": "orc"})


def test_valid_base_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The base the bad files are made from is itself good, so each case breaks one thing."""
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(valid_encounter()), encoding="utf-8")

    status, out, err = run(capsys, "simulate", str(path), "--text")

    assert (status, err) == (0, "")
    assert (
        "Round 1, 7: Ann attacks Orc with sword: 11 vs AC 13, miss [d20 7 + 4]"
    ) in out.splitlines()


@pytest.mark.parametrize(
    ("mutate", "place", "problem"),
    [
        pytest.param(_without_hp, "combatants[0]", None, id="missing-field"),
        pytest.param(_hp_as_text, "combatants[0].hp", None, id="wrong-type"),
        pytest.param(_unknown_actor, "plans[0].actor", None, id="unknown-combatant"),
        pytest.param(_negative_speed, "combatants[1].speed", None, id="speed-minus-30"),
        pytest.param(
            _dance,
            "plans[0].action",
            "unknown action 'dance' (d12 actions: attack, cast, charge, delay, double_move, "
            "five_foot_step, follow, full_attack, full_round, move, move_equivalent, ready, run, "
            "standard, withdraw)",
            id="unknown-action",
        ),
        pytest.param(
            _eighteen_units,
            "plans[1]",
            "Ann's actions in round 1 take 18 units; a round has 12",
            id="over-12-units",
        ),
    ],
)
def test_bad_encounter_is_one_line_and_status_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    mutate: Callable[[dict[str, Any]], None],
    place: str,
    problem: str | None,
) -> None:
    data = valid_encounter()
    mutate(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")

    status, out, err = run(capsys, "simulate", str(path))

    assert (status, out) == (2, "")
    assert err.endswith("\n") and err.count("\n") == 1, err
    prefix = f"battlemap: {path}, {place}: "
    assert err.startswith(prefix), err
    if problem is not None:
        assert err == prefix + problem + "\n"
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        pytest.param(
            '{"format": "battlemap-encounter",\n "version": 1,}',
            "the file is not valid JSON: Expecting property name enclosed in double quotes "
            "at line 2, column 15",
            id="invalid-json",
        ),
        pytest.param(None, "no such file", id="missing-file"),
    ],
)
def test_unreadable_file_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, problem: str
) -> None:
    path = tmp_path / "broken.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")

    status, out, err = run(capsys, "simulate", str(path), "--text")

    assert (status, out) == (2, "")
    assert err == f"battlemap: {path}: {problem}\n"


# --- (f) no arguments -------------------------------------------------------------------------


def test_no_arguments_opens_the_window(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str | None] = []

    def fake_run_app(file: str | None) -> int:
        opened.append(file)
        return 0

    monkeypatch.setattr("battlemap.ui.app.run_app", fake_run_app)
    assert run(capsys) == (0, "", "")
    assert run(capsys, str(SKIRMISH)) == (0, "", "")
    assert opened == [None, str(SKIRMISH)]


# --- (g) the console path ---------------------------------------------------------------------


def _console(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "battlemap", *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_python_m_battlemap_simulate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, in_process, _ = run(capsys, "simulate", str(SKIRMISH))

    done = _console("simulate", str(SKIRMISH), cwd=tmp_path)

    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == in_process
    assert THORIN_FIRST_BLOW in parse_lines(done.stdout)


def test_python_m_battlemap_bad_file(tmp_path: Path) -> None:
    data = valid_encounter()
    _dance(data)
    path = tmp_path / "dance.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    done = _console("simulate", str(path), "--text", cwd=tmp_path)

    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"battlemap: {path}, plans[0].action: unknown action 'dance' (d12 actions: attack, "
        "cast, charge, delay, double_move, five_foot_step, follow, full_attack, full_round, move, "
        "move_equivalent, ready, run, standard, "
        "withdraw)\n"
    )


# --- opportunities ------------------------------------------------------------------------------

CHASE = REPO / "resources" / "examples" / "chase.json"


@pytest.mark.parametrize(
    ("flags", "taken"),
    [((), True), (("--no-aoo",), False), (("--no-intercept",), True)],
)
def test_opportunities_are_taken_by_default_and_declined_on_request(
    capsys: pytest.CaptureFixture[str], flags: tuple[str, ...], taken: bool
) -> None:
    """`simulate` takes every attack of opportunity and accepts every intercept by default;
    --no-aoo and --no-intercept decline them, still logged, marked declined."""
    status, out, err = run(capsys, "simulate", str(CHASE), *flags)
    assert (status, err) == (0, "")
    events = [json.loads(line) for line in out.splitlines()]
    aoo = [e for e in events if e["type"] == "aoo"]
    intercepts = [e for e in events if e["type"] == "intercept"]
    assert aoo and intercepts
    assert {e["taken"] for e in aoo} == {taken}
    assert {e["taken"] for e in intercepts} == {"--no-intercept" not in flags}
    guard_blows = [e for e in events if e["type"] == "attack" and e["actor"] == "guard"]
    assert bool(guard_blows) is taken
