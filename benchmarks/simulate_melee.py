"""`battlemap simulate` and the engine at 50 combatants x 100 and 1,000 rounds, and a fight
full of intercepts: today's code beside the code before issue 11, in the same run.

Run from the repository root (about four minutes; --runs N for more or fewer pairs):

    python benchmarks/simulate_melee.py

The melee (`build_melee`): twenty-five facing pairs on a 40 x 40 map, every combatant adjacent
to an enemy and too tough to drop, so all the rounds are really played. Each round a combatant
either makes a full attack (2 to 4 blows) on his opposite number, or steps one square aside and
back (a move) and then attacks once: movement, positions, attacks of opportunity, attack rolls
and damage all occur. `check_melee` refuses a run that is not that fight.

"Before" is the code of commit BASELINE_COMMIT (the last one before this work), extracted with
`git archive` into a temporary folder and imported from there by a worker process; "now" is
this checkout. `--before REV` and `--now REV` compare two other revisions the same way (say, a
pass of work alone: `--before 19702eb^ --now HEAD`, when the checkout holds others' work in
progress). Every figure is measured in worker processes run in alternating pairs (before,
now, before, now...), so that a machine's load falls on both alike; medians, p95 (nearest
rank) and the ratio before / now of the medians are printed. What is measured:

(a) the whole command, `python -m battlemap simulate FILE > /dev/null`, on the 100-round melee
    saved with its plans by the storage layer (`save_encounter`): start-up, imports, loading and
    checking the file, the fight, writing 65,000 JSON lines. Wall time of the process.
(b) the engine alone on the 100-round melee: `Engine(...).run()` in a warm process (imports and
    one run first), seconds per run, with events per second and the naive baseline of the old
    script beside it (the same number of d20 rolls and comparisons with random.randint and as
    many dicts appended: rolling and recording without an engine).
(c) 1,000 rounds x 50 headless, in code (a file holds at most 20,000 plans): one engine run in
    a fresh process, seconds and peak resident memory (ru_maxrss), with the memory the process
    held before the engine started (Python, the libraries and the 75,000-plan encounter) beside
    it, so that what the fight itself costs can be read off.
(d) a fight of intercepts (`build_crossing`): 200 tokens in columns, sides alternating, each
    double-moving the map's length and back for four rounds, past free enemies all the way, so
    intercepts are offered and taken (take all, never ask): the engine alone, as (b). A third
    column runs today's code with the rules asked about every enemy for every mover, as before
    (`sight.REMEMBER_FREE = False`), to show what that change alone does. The run asserts
    intercepts were taken and that every token moved in every round.
(e) opening the saved 100-round melee alone: `load_checked(FILE)` (reading, the file's checks
    and the rules' checks) in a warm process, as (b).

Last, a cProfile of one run of today's engine on the melee lists where the time goes. The
script prints figures and never asserts them.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import io
import json
import math
import os
import pstats
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _tree_from_argv() -> str | None:
    """A worker's `--tree PATH`: the code to import, put first on the path before any import."""
    if "--tree" in sys.argv:
        return sys.argv[sys.argv.index("--tree") + 1]
    return None


_TREE = _tree_from_argv()
if _TREE is not None:
    sys.path.insert(0, _TREE)
elif importlib.util.find_spec("battlemap") is None:  # a checkout that was not pip-installed
    sys.path.insert(0, str(ROOT))

from battlemap.core.decisions import never_ask, take_all  # noqa: E402
from battlemap.core.encounter import (  # noqa: E402
    AttackProfile,
    Combatant,
    Encounter,
    MapSpec,
    Plan,
)
from battlemap.core.engine import Engine  # noqa: E402
from battlemap.core.events import Event  # noqa: E402
from battlemap.rulesets import get_ruleset  # noqa: E402
from battlemap.rulesets.base import Ruleset  # noqa: E402

#: The last commit before issue 11's engine work: "before" in every comparison.
BASELINE_COMMIT = "991f5ebaf18ab643a2bddaab8ae40fa9a69d329b"
PAIRS = 25
ROUNDS = 100
RUNS = 5
LONG_ROUNDS = 1000
LONG_RUNS = 3
CROSSING_TOKENS = 200
CROSSING_ROUNDS = 4
SEED = 2024
MAP_SIDE = 40
#: Pairs stand on a 5 x 5 grid, this many squares apart, so that no pair gets in another's way.
SPACING = 7
HIT_POINTS = 100_000
PROFILE_LINES = 8


def build_melee(pairs: int = PAIRS, rounds: int = ROUNDS) -> Encounter:
    """Side "red" at (x + 0.5, y + 0.5) faces side "blue" at (x + 1.5, y + 0.5), pair by pair."""
    combatants: list[Combatant] = []
    plans: list[Plan] = []
    for pair in range(pairs):
        x, y = 2 + SPACING * (pair % 5), 2 + SPACING * (pair // 5)
        red, blue = f"red{pair}", f"blue{pair}"
        for me, side, foe, cx in ((red, "red", blue, x + 0.5), (blue, "blue", red, x + 1.5)):
            cy = y + 0.5
            # Varied, but the same for everyone on every run: speeds of 20 ft give fractional
            # arrival times, 2 to 4 blows exercise the full-attack table.
            variant = pair + (1 if side == "blue" else 0)
            combatants.append(
                Combatant(
                    id=me,
                    name=f"{side} fighter {pair}",
                    side=side,
                    x=cx,
                    y=cy,
                    size="medium",
                    speed=(20, 30)[variant % 2],
                    reach=5,
                    init_mod=variant % 4,
                    dex=10 + variant % 7,
                    hp=HIT_POINTS,
                    ac=14 + variant % 4,
                    attacks=(
                        AttackProfile("longsword", 5 + variant % 3, "1d8+3"),
                        AttackProfile("dagger", 3, "1d4+1"),
                    ),
                    attacks_per_round=2 + variant % 3,
                )
            )
            for round_number in range(1, rounds + 1):
                if (round_number + pair) % 2:
                    full = Plan(me, round_number, "full_attack", target=foe, attack="longsword")
                    plans.append(full)
                else:
                    # One square aside and back: still adjacent to the foe (diagonally) meanwhile,
                    # and home again for the attack that follows.
                    step = -1 if (round_number // 2) % 2 else 1
                    aside = (cx, cy + step)
                    plans.append(Plan(me, round_number, "move", path=(aside, (cx, cy))))
                    plans.append(Plan(me, round_number, "attack", target=foe, attack="dagger"))
    return Encounter(
        ruleset="d12",
        map=MapSpec(MAP_SIDE, MAP_SIDE),
        combatants=tuple(combatants),
        plans=tuple(plans),
        name=f"Benchmark melee: {2 * pairs} combatants, {rounds} rounds",
    )


def simulate(encounter: Encounter, ruleset: Ruleset, seed: int = SEED) -> Engine:
    """The engine after running the whole encounter headless."""
    engine = Engine(encounter, ruleset, seed=seed)
    if not engine.run():
        raise AssertionError(f"headless run stopped at a decision: {engine.pending}")
    return engine


def naive_baseline(
    attacks: int, events: int, seed: int = SEED, bonus: int = 5, ac: int = 15
) -> list[dict[str, object]]:
    """`attacks` d20 rolls and comparisons with random.randint, and `events` dicts recorded.

    What the same fight costs with no engine at all: no clock, no processes, no state, no dice
    notation; just rolling and appending. Damage is rolled for each hit as the engine does.
    """
    rng = random.Random(seed)
    log: list[dict[str, object]] = []
    hp = HIT_POINTS
    for index in range(attacks):
        d20 = rng.randint(1, 20)
        total = d20 + bonus
        hit = d20 == 20 or (d20 != 1 and total >= ac)
        log.append({"type": "roll", "time": float(index), "dice": "1d20", "result": d20})
        damage = rng.randint(1, 8) + 3 if hit else 0
        log.append({"type": "attack", "time": float(index), "total": total, "hit": hit})
        if hit:
            hp -= damage
            log.append({"type": "damage", "time": float(index), "amount": damage, "hp": hp})
    # The engine's other events (actions, positions, rounds) cost at least one dict each.
    while len(log) < events:
        log.append({"type": "other", "time": float(len(log))})
    return log[:events]


def timed(work: Callable[[], object], runs: int) -> list[float]:
    """Wall-clock seconds of each of `runs` calls to `work`."""
    times: list[float] = []
    for _ in range(runs):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return times


def check_melee(log: list[Event], rounds: int) -> Counter[str]:
    """Event counts by type; raises if the fight is not the melee this benchmark promises."""
    kinds = Counter(event.type for event in log)
    played = max((e.round for e in log if e.type == "round_start"), default=0)
    problems = []
    if played < rounds:
        problems.append(f"only {played} of {rounds} rounds were played")
    if kinds["down"]:
        problems.append(f"{kinds['down']} combatant(s) dropped")
    if kinds["blow_skipped"]:
        problems.append(f"{kinds['blow_skipped']} blow(s) were skipped (out of reach?)")
    for needed in ("attack", "damage", "position"):
        if not kinds[needed]:
            problems.append(f"no {needed} events")
    if problems:
        raise AssertionError("the benchmark melee is broken: " + "; ".join(problems))
    return kinds


def profile_top(encounter: Encounter, ruleset: Ruleset, lines: int = PROFILE_LINES) -> str:
    """One run under cProfile: the top `lines` functions by cumulative time, then by own time."""
    profiler = cProfile.Profile()
    profiler.runcall(simulate, encounter, ruleset)
    tables = []
    for order in (pstats.SortKey.CUMULATIVE, pstats.SortKey.TIME):
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(lines)
        # Keep the table only: pstats' preamble (totals, "Ordered by") ends at its heading.
        text = out.getvalue()
        tables.append(text[max(text.find("   ncalls"), 0) :].rstrip())
    return "\n".join(
        [f"top {lines} by cumulative time:", tables[0], f"top {lines} by own time:", tables[1]]
    )


def build_crossing(tokens: int = CROSSING_TOKENS, rounds: int = CROSSING_ROUNDS) -> Encounter:
    """`tokens` tokens in columns 2.9 squares apart, sides alternating, each double-moving the
    map's length and back (one plan a round): every mover passes free enemies all the way."""
    columns = max(20, math.ceil(math.sqrt(tokens * 2)))
    rows = math.ceil(tokens / columns)
    side = max(60, math.ceil(columns * 2.9) + 2, math.ceil(rows * 5.5) + 2)
    combatants = []
    plans = []
    for i in range(tokens):
        x, y = 1.5 + (i % columns) * 2.9, 1.5 + (i // columns) * 5.5
        combatants.append(
            Combatant(
                id=f"t{i}",
                name=f"Token {i}",
                side="party" if i % 2 else "monsters",
                x=x,
                y=y,
                size="medium",
                speed=30 + 10 * (i % 4),
                reach=5,
                init_mod=0,
                dex=10 + i % 8,
                hp=HIT_POINTS,
                ac=12,
                attacks=(AttackProfile("club", 2, "1d6"),),
                attacks_per_round=1,
                initiative_roll=1 + i % 12,
            )
        )
        for round_number in range(1, rounds + 1):
            target = (x, side - 2.5) if round_number % 2 else (x, 1.5)
            plans.append(Plan(f"t{i}", round_number, "double_move", path=(target,)))
    return Encounter(
        ruleset="d12",
        map=MapSpec(side, side),
        combatants=tuple(combatants),
        plans=tuple(plans),
        name=f"Benchmark crossing: {tokens} tokens, {rounds} rounds",
    )


def check_crossing(log: list[Event], tokens: int, rounds: int) -> Counter[str]:
    """Event counts by type; raises unless intercepts were taken and every token moved in every
    round (a fight stopped early, or tokens standing still, would time nothing)."""
    kinds = Counter(event.type for event in log)
    taken = sum(1 for e in log if e.type == "intercept" and e["taken"])
    moved = {(e.actor, e.round) for e in log if e.type == "position" and not e["stopped"]}
    problems = []
    if not taken:
        problems.append("no intercept was taken")
    if len(moved) < tokens * rounds:
        problems.append(f"only {len(moved)} of {tokens * rounds} token-rounds moved")
    if problems:
        raise AssertionError("the crossing is broken: " + "; ".join(problems))
    return kinds


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: p95 of five runs is the slowest."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


# --- workers: one measurement each, in a process of its own ------------------------------------


def work(kind: str, old_intercepts: bool) -> dict[str, float]:
    """Run one measurement in this process and return its figures."""
    ruleset = get_ruleset("d12")
    if old_intercepts:
        from battlemap.rulesets.d12 import sight

        sight.REMEMBER_FREE = False  # absent before the change: never asked of "before"
    if kind == "engine":
        encounter = build_melee()
        log = list(simulate(encounter, ruleset).log)  # a warm-up run, and the checks
        kinds = check_melee(log, ROUNDS)
        began = time.perf_counter()
        simulate(encounter, ruleset)
        seconds = time.perf_counter() - began
        return {"seconds": seconds, "events": len(log), "attacks": kinds["attack"]}
    if kind == "long":
        encounter = build_melee(rounds=LONG_ROUNDS)
        before = _peak_mib()
        began = time.perf_counter()
        engine = simulate(encounter, ruleset)
        seconds = time.perf_counter() - began
        peak = _peak_mib()
        check_melee(list(engine.log), LONG_ROUNDS)
        return {"seconds": seconds, "peak": peak, "before": before, "events": len(engine.log)}
    if kind == "load":
        from battlemap.loading import load_checked

        file = sys.argv[sys.argv.index("--file") + 1]
        load_checked(file)  # a warm-up
        began = time.perf_counter()
        encounter = load_checked(file)
        return {"seconds": time.perf_counter() - began, "plans": len(encounter.plans)}
    if kind == "crossing":
        encounter = build_crossing()

        def run() -> Engine:
            engine = Engine(encounter, ruleset, seed=SEED, ask=never_ask, choose=take_all)
            if not engine.run():
                raise AssertionError(f"the crossing stopped at a decision: {engine.pending}")
            return engine

        log = list(run().log)
        kinds = check_crossing(log, CROSSING_TOKENS, CROSSING_ROUNDS)
        began = time.perf_counter()
        run()
        return {
            "seconds": time.perf_counter() - began,
            "events": len(log),
            "intercepts": kinds["intercept"],
        }
    raise ValueError(f"unknown measurement {kind!r}")


def _worker(
    kind: str, tree: Path | None, old_intercepts: bool = False, file: Path | None = None
) -> dict[str, float]:
    command = [sys.executable, __file__, "--worker", kind]
    if tree is not None:
        command += ["--tree", str(tree)]
    if file is not None:
        command += ["--file", str(file)]
    if old_intercepts:
        command.append("--old-intercepts")
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def _command(tree: Path | None, file: Path) -> float:
    """Wall seconds of `python -m battlemap simulate FILE > /dev/null` with `tree`'s code."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    command = [sys.executable, "-m", "battlemap", "simulate", str(file)]
    began = time.perf_counter()
    # Run from the file's folder: from the checkout, `-m` would import the checkout's code first.
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env, cwd=file.parent)
    return time.perf_counter() - began


# --- the comparison -------------------------------------------------------------------------------


def _baseline_tree(folder: Path, revision: str = BASELINE_COMMIT, name: str = "before") -> Path:
    """The code of `revision`, extracted into a folder `name` of its own under `folder` (nothing
    in the checkout is touched; `folder` itself must not hold a `battlemap`, see `_command`)."""
    tree = folder / name
    tree.mkdir()
    archive = subprocess.run(
        ["git", "archive", revision, "battlemap"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree


def _pairs(
    runs: int, measures: dict[str, Callable[[], dict[str, float]]]
) -> dict[str, list[dict[str, float]]]:
    """Each measure run `runs` times, taking turns (before, now, before, now...)."""
    out: dict[str, list[dict[str, float]]] = {name: [] for name in measures}
    for _ in range(runs):
        for name, measure in measures.items():
            out[name].append(measure())
    return out


def _row(label: str, values: list[float], unit: str = "s", scale: float = 1.0) -> str:
    med, p95 = statistics.median(values) * scale, percentile(values, 0.95) * scale
    return f"  {label:<34} median {med:8.3f} {unit}, p95 {p95:8.3f} {unit}"


def _ratio(before: list[float], now: list[float]) -> str:
    ratio = statistics.median(before) / statistics.median(now)
    return f"  {'before / now (medians)':<34} {ratio:.2f}x"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=RUNS, help="alternating pairs per figure")
    parser.add_argument("--long-runs", type=int, default=LONG_RUNS, help="pairs for (c)")
    parser.add_argument("--before", default=BASELINE_COMMIT, help="the revision compared against")
    parser.add_argument("--now", default=None, help="a revision for now (default: this checkout)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--file", help=argparse.SUPPRESS)
    parser.add_argument("--tree", help=argparse.SUPPRESS)
    parser.add_argument("--old-intercepts", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(work(args.worker, args.old_intercepts)))
        return 0

    with tempfile.TemporaryDirectory(prefix="simulate-melee-") as scratch:
        before = _baseline_tree(Path(scratch), args.before)
        now = None if args.now is None else _baseline_tree(Path(scratch), args.now, "now")
        from battlemap.storage.encounter_file import save_encounter

        file = Path(scratch) / "melee100.json"
        save_encounter(build_melee(), file)
        print(f"before: {args.before}; now: {args.now or ROOT}")
        print(f"{args.runs} alternating pairs per figure ({args.long_runs} for c)\n")

        print("(a) battlemap simulate on the saved 100-round melee, the whole command:")
        whole = _pairs(
            args.runs,
            {
                "before": lambda: {"seconds": _command(before, file)},
                "now": lambda: {"seconds": _command(now, file)},
            },
        )
        _report(whole)

        print("(b) the engine alone, 100 rounds x 50 combatants:")
        engine = _pairs(
            args.runs,
            {"before": lambda: _worker("engine", before), "now": lambda: _worker("engine", now)},
        )
        _report(engine)
        events = engine["now"][0]["events"]
        print(f"  events: {events:,.0f}; now {events / _median(engine['now']):,.0f} a second")
        attacks = int(engine["now"][0]["attacks"])
        baseline = statistics.median(timed(lambda: naive_baseline(attacks, int(events)), args.runs))
        print(
            f"  naive baseline (rolls and dicts, no engine): {baseline * 1000:.1f} ms; "
            f"now / baseline {_median(engine['now']) / baseline:.0f}x\n"
        )

        print(f"(c) {LONG_ROUNDS:,} rounds x 50 combatants headless, one run per process:")
        long = _pairs(
            args.long_runs,
            {"before": lambda: _worker("long", before), "now": lambda: _worker("long", now)},
        )
        _report(long)
        for name in ("before", "now"):
            peaks = [r["peak"] for r in long[name]]
            held = statistics.median([r["before"] for r in long[name]])
            print(
                f"  {name:<6} peak memory median {statistics.median(peaks):6.1f} MiB, "
                f"max {max(peaks):6.1f} MiB (held before the fight: {held:5.1f} MiB)"
            )
        for name in ("before", "now"):
            held = statistics.median([r["before"] for r in long[name]])
            fight = statistics.median([r["peak"] for r in long[name]]) - held
            print(
                f"  {name:<6} the fight's own peak: {fight:6.1f} MiB, "
                f"{fight * 2**20 / long[name][0]['events']:4.0f} bytes an event"
            )
        print(f"  events: {long['now'][0]['events']:,.0f}\n")

        print(
            f"(d) {CROSSING_TOKENS} tokens crossing free enemies, {CROSSING_ROUNDS} rounds, "
            "intercepts taken, the engine alone:"
        )
        crossing = _pairs(
            args.runs,
            {
                "before": lambda: _worker("crossing", before),
                "now, rules asked each time": lambda: _worker("crossing", now, True),
                "now": lambda: _worker("crossing", now),
            },
        )
        _report(crossing)
        print(
            f"  events: {crossing['now'][0]['events']:,.0f}, "
            f"intercepts offered: {crossing['now'][0]['intercepts']:,.0f}\n"
        )

        print("(e) opening the saved 100-round melee alone (load_checked, warm):")
        opening = _pairs(
            args.runs,
            {
                "before": lambda: _worker("load", before, file=file),
                "now": lambda: _worker("load", now, file=file),
            },
        )
        _report(opening)

    print("Where today's engine spends its time (one run of (b) under cProfile, which slows it):")
    print(profile_top(build_melee(), get_ruleset("d12")))
    return 0


def _median(rows: list[dict[str, float]]) -> float:
    return statistics.median([r["seconds"] for r in rows])


def _report(rows: dict[str, list[dict[str, float]]]) -> None:
    for name, runs in rows.items():
        print(_row(name, [r["seconds"] for r in runs]))
    print(_ratio([r["seconds"] for r in rows["before"]], [r["seconds"] for r in rows["now"]]))
    print()


if __name__ == "__main__":
    sys.exit(main())
