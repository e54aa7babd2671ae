"""Hostile files for the property tests: good files (the shipped examples, the format page's
example, saved fights, the creature libraries) with a few things broken at random.

A mutation changes the decoded JSON (a value made huge, negative, not a number, very long,
deeply nested or of the wrong type; a key deleted or added; an item repeated past a cap) or the
text itself (cut short, a 5,000-digit number, a key given twice, bytes that are not UTF-8).
The values are the kinds the 3,613 mutated files of issue 9 were made of.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from battlemap.cli import simulate

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "resources" / "examples").glob("*.json"))
FORMAT_EXAMPLE = ROOT / "tests" / "storage" / "data" / "format_example.json"
LIBRARIES = sorted((ROOT / "resources" / "creatures").glob("*.json"))

Json = Any
Place = tuple[str | int, ...]


def _saved_fight(path: Path, rounds: int) -> dict[str, Json]:
    """The file at `path` with the log of its first `rounds` rounds, as the window saves it."""
    out = io.StringIO()
    assert simulate(str(path), seed=0, rounds=rounds, text=False, out=out) == 0
    data: dict[str, Json] = json.loads(path.read_text(encoding="utf-8"))
    data["log"] = [json.loads(line) for line in out.getvalue().splitlines()]
    return data


def encounter_bases() -> list[dict[str, Json]]:
    """The good encounter files mutations start from: the examples, the format page's example,
    and two fights saved part way (so that logs get broken too)."""
    bases = [json.loads(path.read_text(encoding="utf-8")) for path in [*EXAMPLES, FORMAT_EXAMPLE]]
    bases.append(_saved_fight(ROOT / "resources" / "examples" / "skirmish.json", 2))
    bases.append(_saved_fight(ROOT / "resources" / "examples" / "chase.json", 1))
    return bases


def library_bases() -> list[dict[str, Json]]:
    return [json.loads(path.read_text(encoding="utf-8")) for path in LIBRARIES]


def places(value: Json, where: Place = ()) -> list[Place]:
    """Every place in a JSON value (not the root), parents before children."""
    found = [where] if where else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*where, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places(item, (*where, index))
    return found


def _nested(depth: int) -> Json:
    value: Json = 1
    for _ in range(depth):
        value = [value]
    return value


#: Values that broke the loaders or the engine, or could: huge, negative, not finite, very
#: long, nested, of the wrong type, and names the rules do not know.
HOSTILE_VALUES: list[Json] = [
    # numbers of every size
    0, -1, -5, 1, 5, 7, 12, 13, 2.5, 0.1, -0.0, 30.0, 105, 5000, 100_000, 10**6 + 1,
    1000000000000000000, -(10**18), 2**63, 10**100, 1e20, -1e20, 1e300, -1e308, 1e308,
    float("nan"), float("inf"), float("-inf"),
    # text
    "", " ", "x", "a" * 65, "a" * 201, "x" * 100_000, "\ud800", "nul\0", "é" * 70,
    # wrong types
    None, True, False, [], {}, [1, 2], [[1, 2]], {"a": 1}, [None], _nested(50),
    # names the files use, and some they do not
    "d12", "d20", "fly", "move", "run", "charge", "attack", "full_attack", "cast", "delay",
    "ready", "follow", "withdraw", "standard", "double_move", "full_round", "dance",
    "enters_area", "at_count", "starts_moving", "roll", "aoo", "intercept", "decision_dropped",
    "app", "file", "table", "small", "huge", "medium",
    # dice
    "1d6/0", "1d1e1", "1d6rr<6", "+".join(["1d6"] * 1000), "(" * 500 + "1" + ")" * 500,
    "1d6" * 10_000, "101d6", "1d0", "1d20001", "4d6kh3", "1d6>3", "0d6", "1d6mih1", "1d%",
    "2d8+7", "1d20", "1d12", "1d2", "1d6//0", "1d6%0",
    # points and paths
    [0, 0], [-1, 5], [1e308, 1], [2.5, 3.5], [[0, 0], [0, 0]], [[1, 1], [1, 1], [1, 1]],
]  # fmt: skip

#: How many copies of an item a repetition adds: a few, or past the caps (2,000 combatants,
#: 1,000 waypoints, 50 attacks).
REPEATS = [1, 2, 3, 60, 1_001, 2_001]


@st.composite
def mutated_data(draw: st.DrawFn, bases: list[dict[str, Json]]) -> Json:
    """One of `bases`, with one to four things changed in its decoded JSON."""
    data = copy.deepcopy(draw(st.sampled_from(bases)))
    # Half the files are changed only in ways the file's checks accept, so that the rules'
    # checks and the engine get their share of strange fights, not only the loader.
    plausible = draw(st.booleans())
    for _ in range(draw(st.integers(1, 4))):
        data = _mutate(draw, data, plausible)
    return data


_HOW = ["set", "set", "set", "plausible", "plausible", "borrow", "delete", "repeat", "add_key"]


def _mutate(draw: st.DrawFn, data: Json, plausible: bool) -> Json:
    spots = places(data)
    if plausible:
        spots = [spot for spot in spots if isinstance(spot[-1], str)]
    if not spots:
        return data
    place = draw(st.sampled_from(spots))
    *parents, last = place
    holder = data
    for step in parents:
        holder = holder[step]
    how = "plausible" if plausible else draw(st.sampled_from(_HOW))
    if how == "plausible" and isinstance(last, str) and isinstance(data, dict):
        # A value that passes the file's checks, so that the rules and the engine get tried.
        holder[last] = copy.deepcopy(draw(_plausible(last, data)))
    elif how == "set":
        holder[last] = copy.deepcopy(draw(st.sampled_from(HOSTILE_VALUES)))
    elif how == "borrow":
        # A value from elsewhere in the file: an id where a name goes, a path where a wall goes.
        other = draw(st.sampled_from(spots))
        value = data
        for step in other:
            value = value[step]
        holder[last] = copy.deepcopy(value)
    elif how == "delete":
        del holder[last]
    elif how == "repeat" and isinstance(holder, list):
        times = draw(st.sampled_from(REPEATS))
        # The same object repeated: json.dumps writes each copy, and the file holds them all.
        holder[last + 1 : last + 1] = [holder[last]] * times
    elif how == "add_key" and isinstance(holder, dict):
        holder[draw(st.sampled_from(["comment", "fly", "x" * 300, "rolls", "log", "key"]))] = 1
    return data


@st.composite
def hostile_bytes(draw: st.DrawFn, bases: list[dict[str, Json]]) -> bytes:
    """A mutated file's bytes, sometimes broken as text too."""
    data = draw(mutated_data(bases))
    text = json.dumps(data)  # NaN and Infinity come out as JSON readers other than ours accept
    how = draw(st.sampled_from(["as is"] * 10 + ["cut", "digits", "twice", "deep", "bytes"]))
    if how == "cut":
        text = text[: draw(st.integers(0, max(0, len(text) - 1)))]
    elif how == "digits":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + "7" * 5000 + text[at:]
    elif how == "twice" and '"name":' in text:
        text = text.replace('"name":', '"name": "twice", "name":', 1)
    elif how == "deep":
        # Nesting past what json itself can decode (its recursion limit).
        at = text.find("[")
        if at >= 0:
            text = text[:at] + "[" * 100_000 + text[at:]
    raw = text.encode("utf-8")
    if how == "bytes":
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + b"\xff\xfe" + raw[at:]
    return raw


_ACTIONS = [
    "standard", "move", "attack", "cast", "double_move", "run", "charge", "full_attack",
    "full_round", "follow", "withdraw", "delay", "ready", "fly",
]  # fmt: skip
_TRIGGERS = [
    "starts_casting", "starts_moving", "attacks", "enters_reach", "enters_area",
    "ally_attacked", "at_count",
]  # fmt: skip


def _plausible(key: str, data: dict[str, Json]) -> st.SearchStrategy[Json]:
    """Values a file may well hold under `key`, within the file's checks; the combatants' ids
    and the map's size are the file's own."""
    combatants = data.get("combatants")
    ids = (
        [c["id"] for c in combatants if isinstance(c, dict) and isinstance(c.get("id"), str)]
        if (isinstance(combatants, list))
        else []
    )
    ids = ids or ["nobody"]
    map_spec = data.get("map") if isinstance(data.get("map"), dict) else {}
    width = map_spec.get("width") if isinstance(map_spec.get("width"), int) else 10
    height = map_spec.get("height") if isinstance(map_spec.get("height"), int) else 10
    point = st.tuples(
        st.floats(0, max(width, 0), allow_nan=False), st.floats(0, max(height, 0), allow_nan=False)
    ).map(list)
    feet = st.integers(0, 24).map(lambda n: n * 5)
    plan = st.fixed_dictionaries(
        {"actor": st.sampled_from(ids), "round": st.integers(-2, 4),
         "action": st.sampled_from(_ACTIONS)},
        optional={"target": st.sampled_from(ids), "path": st.lists(point, min_size=1, max_size=4),
                  "count": st.integers(1, 12)},
    )  # fmt: skip
    by_key: dict[str, st.SearchStrategy[Json]] = {
        "action": st.sampled_from(_ACTIONS),
        "actor": st.sampled_from(ids),
        "target": st.sampled_from(ids),
        "round": st.integers(-3, 5),
        "count": st.integers(1, 12),
        "x": st.floats(0, max(width, 0), allow_nan=False),
        "y": st.floats(0, max(height, 0), allow_nan=False),
        "path": st.lists(point, min_size=1, max_size=5),
        "area": st.lists(point, min_size=3, max_size=5),
        "speed": feet,
        "reach": feet,
        "init_mod": st.integers(-30, 1000),
        "initiative_roll": st.integers(1, 12),
        "attacks_per_round": st.integers(1, 12),
        "hp": st.integers(-5, 60),
        "ac": st.integers(1, 30),
        "dex": st.integers(0, 99),
        "size": st.sampled_from(["small", "medium", "large", "huge"]),
        "damage": st.sampled_from(["1d6", "2d8+7", "1d4+1d6", "3", "0d6", "1d6-5", "1d20000"]),
        "event": st.sampled_from(_TRIGGERS),
        "trigger": st.fixed_dictionaries(
            {"event": st.sampled_from(_TRIGGERS)},
            optional={
                "actor": st.sampled_from(ids),
                "count": st.integers(1, 12),
                "area": st.lists(point, min_size=3, max_size=4),
            },
        ),
        "readied": plan.map(lambda p: {k: v for k, v in p.items() if k not in ("actor", "round")}),
        "plans": st.lists(plan, max_size=6),
        "walls": st.lists(st.lists(point, min_size=2, max_size=3), max_size=3),
        "reach_weapon": st.booleans(),
        "combat_reflexes": st.booleans(),
        "rolls": st.fixed_dictionaries(
            {},
            optional={
                "attack": st.lists(st.integers(1, 20), max_size=3),
                "damage": st.lists(st.integers(0, 30), max_size=3),
                "concentration": st.lists(st.integers(1, 20), max_size=2),
            },
        ),
        "result": st.integers(-5, 30),
        "taken": st.booleans(),
        "key": st.sampled_from(["", "initiative/thorin", "thorin.r1.1/blow1/attack", "x"]),
        "time": st.floats(-24, 40, allow_nan=False),
    }
    return by_key.get(key, st.sampled_from(HOSTILE_VALUES))
