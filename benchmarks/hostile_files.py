"""How `battlemap simulate` answers hostile files: every one within a few seconds, with exit 0,
or exit 2 and one line. The evidence for issue 9's "within a few seconds"; the test suite
checks the answers (tests/test_hostile_inputs.py) but never times them.

Run from the repository root:

    python benchmarks/hostile_files.py [N] [SEED]

(a) N files (default 1000) made from the shipped examples, the format page's example and two
fights saved part way, each with one to four things broken at random (the values and
repetitions of tests/hostile_mutations.py: huge and negative numbers, NaN, 100,000-character
text, deep nesting, wrong types, deleted keys, items repeated past the caps, and text cut
short, 5,000-digit numbers, keys given twice, bytes that are not UTF-8). Each is run with
`battlemap.cli.main(["simulate", FILE])` in-process. It prints how many ended with each exit
status, whether every refusal was one line, the median and the slowest files.

(b) The largest files the caps accept, each timed the same way: 2,000 combatants in 1,000
facing pairs with a full attack each for 10 rounds (20,000 plans); 2,000 combatants of whom
100 move along paths of 1,000 waypoints (100,000 points, the most the plans may hold); and a
saved fight just under the 50 MB a file may take (the chase's log repeated, 160,000 events).

Crash reports (exit 1) go to a temporary BATTLEMAP_HOME, never the user's folders; their last
line is printed.
"""

from __future__ import annotations

import contextlib
import copy
import importlib.util
import io
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if importlib.util.find_spec("battlemap") is None:  # a checkout that was not pip-installed
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT))  # tests.hostile_mutations: the values the property tests use

HOME = tempfile.mkdtemp(prefix="battlemap-hostile-")
os.environ["BATTLEMAP_HOME"] = HOME  # before battlemap reads it: crash reports land here

from battlemap.cli import main  # noqa: E402
from tests.hostile_mutations import (  # noqa: E402
    HOSTILE_VALUES,
    REPEATS,
    encounter_bases,
    places,
)

DEFAULT_FILES = 1000
DEFAULT_SEED = 9
SLOWEST_SHOWN = 5


def mutate(rng: random.Random, data: Any) -> Any:
    """One thing broken at a random place of the decoded file."""
    spots = places(data)
    if not spots:
        return data
    *parents, last = rng.choice(spots)
    holder = data
    for step in parents:
        holder = holder[step]
    how = rng.choice(["set", "set", "set", "borrow", "delete", "repeat", "alike", "alike"])
    if how == "alike" and isinstance(last, str):
        # A value another field of the same name holds (another combatant's reach, another
        # plan's path or action): the file's checks pass more often, and the rules get tried.
        alike = [spot for spot in spots if spot[-1] == last]
        value = data
        for step in rng.choice(alike):
            value = value[step]
        holder[last] = copy.deepcopy(value)
    elif how == "set":
        holder[last] = copy.deepcopy(rng.choice(HOSTILE_VALUES))
    elif how == "borrow":
        value = data
        for step in rng.choice(spots):
            value = value[step]
        holder[last] = copy.deepcopy(value)
    elif how == "delete":
        del holder[last]
    elif isinstance(holder, list):
        holder[last + 1 : last + 1] = [holder[last]] * rng.choice(REPEATS)
    return data


def hostile_file(rng: random.Random, bases: list[dict[str, Any]]) -> bytes:
    data = copy.deepcopy(rng.choice(bases))
    for _ in range(rng.randint(1, 4)):
        data = mutate(rng, data)
    text = json.dumps(data)
    how = rng.choice(["as is"] * 10 + ["cut", "digits", "twice", "deep", "bytes"])
    if how == "cut":
        text = text[: rng.randrange(max(1, len(text)))]
    elif how == "digits":
        at = rng.randrange(len(text) + 1)
        text = text[:at] + "7" * 5000 + text[at:]
    elif how == "twice":
        text = text.replace('"name":', '"name": "twice", "name":', 1)
    elif how == "deep":
        text = "[" * 100_000 + text
    raw = text.encode("utf-8")
    if how == "bytes":
        at = rng.randrange(len(raw) + 1)
        raw = raw[:at] + b"\xff\xfe" + raw[at:]
    return raw


def simulate(path: Path) -> tuple[int, float, list[str]]:
    """`battlemap simulate PATH` in-process: exit status, seconds, the lines on stderr."""
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["simulate", str(path)])
    return status, time.perf_counter() - start, err.getvalue().splitlines()


def crash_line() -> str:
    report = Path(HOME) / "log" / "crash.txt"
    lines = report.read_text(encoding="utf-8").strip().splitlines() if report.is_file() else []
    return lines[-1] if lines else "(no crash report)"


def mutated_files(count: int, seed: int, folder: Path) -> None:
    rng = random.Random(seed)
    bases = encounter_bases()
    statuses: Counter[int] = Counter()
    not_one_line = 0
    crashes: Counter[str] = Counter()
    times: list[tuple[float, int, str]] = []
    path = folder / "hostile.json"
    for index in range(count):
        path.write_bytes(hostile_file(rng, bases))
        status, seconds, lines = simulate(path)
        statuses[status] += 1
        if status == 2 and len(lines) != 1:
            not_one_line += 1
        if status == 1:
            crashes[crash_line()] += 1
            kept = Path(HOME) / f"crash-{index}.json"  # the file, to reproduce the crash
            kept.write_bytes(path.read_bytes())
        first = lines[0] if lines else ""
        times.append((seconds, index, first))
    seconds_each = [t for t, _, _ in times]
    print(f"(a) {count} mutated files (seed {seed}), `battlemap simulate` in-process")
    for status in sorted(statuses):
        print(f"    exit {status}: {statuses[status]}")
    print(f"    exit 2 with other than one line on stderr: {not_one_line}")
    for line, seen in crashes.most_common():
        print(f"    crash x{seen}: {line[:150]}")
    print(
        f"    median {statistics.median(seconds_each) * 1000:.1f} ms, "
        f"total {sum(seconds_each):.1f} s"
    )
    print(f"    slowest {SLOWEST_SHOWN}:")
    for seconds, index, first in sorted(times, reverse=True)[:SLOWEST_SHOWN]:
        print(f"      {seconds:6.3f} s  file {index}: {first[:110] or '(played)'}")


def largest_accepted(folder: Path) -> None:
    print("(b) the largest files the caps accept")
    minimal = json.loads((ROOT / "tests" / "storage" / "data" / "format_example.json").read_text())
    fighter = next(c for c in minimal["combatants"] if c["attacks"])
    for name, data in (("2,000 in full attacks, 10 rounds", _melee(fighter)),
                       ("100 of 2,000 walking 1,000 waypoints", _walkers(fighter)),
                       ("a saved fight of 48 MB", _saved_fight())):  # fmt: skip
        path = folder / "large.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        status, seconds, lines = simulate(path)
        said = lines[0][:110] if lines else ""
        size = path.stat().st_size / 1e6
        print(f"    {name}: exit {status} in {seconds:.2f} s ({size:.1f} MB) {said}")


def _melee(fighter: dict[str, Any]) -> dict[str, Any]:
    combatants, plans = [], []
    for pair in range(1000):
        x, y = 0.5 + 4 * (pair % 50), 0.5 + 4 * (pair // 50)
        for me, side, foe, cx in (
            (f"a{pair}", "a", f"b{pair}", x),
            (f"b{pair}", "b", f"a{pair}", x + 1),
        ):
            combatants.append(dict(fighter, id=me, side=side, x=cx, y=y, hp=1000, max_hp=1000,
                                   initiative_roll=None, concentration=0))  # fmt: skip
            plans += [{"actor": me, "round": r, "action": "full_attack", "target": foe}
                      for r in range(1, 11)]  # fmt: skip
    for combatant in combatants:
        combatant.pop("initiative_roll")
    return _encounter(combatants, plans, 200)


def _walkers(fighter: dict[str, Any]) -> dict[str, Any]:
    """2,000 combatants, 100 of them double-moving along 1,000 waypoints each: the most points
    the plans may hold in all."""
    combatants, plans = [], []
    for n in range(2000):
        x, y = 0.5 + 4 * (n % 50), 0.5 + 4 * (n // 50)
        combatants.append(dict(fighter, id=f"w{n}", side=("a", "b")[n % 2], x=x, y=y))
        combatants[-1].pop("initiative_roll", None)
        if n < 100:
            zigzag = [[x + (k % 2) * 0.5, y + (k % 4) * 0.25] for k in range(1, 1001)]
            plans.append({"actor": f"w{n}", "round": 1, "action": "double_move", "path": zigzag})
    return _encounter(combatants, plans, 200)


def _saved_fight() -> dict[str, Any]:
    """The chase with its whole fight's log repeated, a round later each time, to just under
    the 50 MB a file may take: the largest saved fight a file can hold."""
    chase = ROOT / "resources" / "examples" / "chase.json"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["simulate", str(chase)])
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    # Decisions carry unique keys; the other events may repeat.
    events = [e for e in events if e["type"] not in ("roll", "aoo", "intercept")]
    size = len(json.dumps(events))
    rounds = int(events[-1]["time"] - events[0]["time"]) // 12 + 1  # so that times never go back
    data: dict[str, Any] = json.loads(chase.read_text(encoding="utf-8"))
    data["log"] = [
        dict(event, time=event["time"] + 12 * rounds * copy_number)
        for copy_number in range(48_000_000 // size)
        for event in events
    ]
    return data


def _encounter(combatants: list[Any], plans: list[Any], side: int) -> dict[str, Any]:
    return {
        "format": "battlemap-encounter",
        "version": 1,
        "ruleset": "d12",
        "map": {"width": side, "height": side},
        "combatants": combatants,
        "plans": plans,
    }


def run() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_FILES
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_SEED
    with tempfile.TemporaryDirectory() as folder:
        mutated_files(count, seed, Path(folder))
        largest_accepted(Path(folder))
    print(f"crash reports, if any, are in {HOME}")


if __name__ == "__main__":
    run()
