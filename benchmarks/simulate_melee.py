"""How long the engine takes to play 100 rounds of a 50-combatant melee. Aim: under one second.

Run from the repository root:

    python benchmarks/simulate_melee.py

Twenty-five facing pairs on a 40 x 40 map, every combatant adjacent to an enemy and too tough to
drop, so all 100 rounds are really played. Each round a combatant either makes a full attack
(2 to 4 blows) on his opposite number, or steps one square aside and back (a move) and then
attacks once: movement, positions, attack rolls and damage all occur.

The script prints figures, never asserts them: the median and fastest of several runs, events
per second, a verdict against the aim, and the ratio to a naive baseline measured in the same
run (the same number of d20 rolls and attack comparisons with random.randint, appending the same
number of dicts to a list: the cost of rolling and recording the events without the engine).
Last, a cProfile of one run lists where the time goes.
"""

from __future__ import annotations

import cProfile
import importlib.util
import io
import pstats
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

if importlib.util.find_spec("battlemap") is None:  # a checkout that was not pip-installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlemap.core.encounter import (
    AttackProfile,
    Combatant,
    Encounter,
    MapSpec,
    Plan,
)
from battlemap.core.engine import Engine
from battlemap.core.events import Event
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.base import Ruleset

PAIRS = 25
ROUNDS = 100
RUNS = 5
SEED = 2024
AIM_SECONDS = 1.0
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


def main() -> int:
    ruleset = get_ruleset("d12")
    encounter = build_melee()
    ruleset.validate(encounter, "bench")  # raises EncounterError if the melee is not legal

    engine = simulate(encounter, ruleset)  # also warms up imports and caches
    log = list(engine.log)
    kinds = check_melee(log, ROUNDS)
    attacks = kinds["attack"]

    engine_times = timed(lambda: simulate(encounter, ruleset), RUNS)
    baseline_times = timed(lambda: naive_baseline(attacks, len(log)), RUNS)
    median = statistics.median(engine_times)
    baseline = statistics.median(baseline_times)
    hits = sum(1 for e in log if e.type == "attack" and e["hit"])

    print(f"combatants:        {len(encounter.combatants)} ({PAIRS} facing pairs)")
    print(f"rounds:            {ROUNDS} (plans: {len(encounter.plans)})")
    print(
        f"events produced:   {len(log)} (attacks {attacks}, hits {hits}, "
        f"positions {kinds['position']}, actions {kinds['action_start']})"
    )
    print(f"engine, {RUNS} runs:    median {median:.3f} s, min {min(engine_times):.3f} s")
    print(f"events per second: {len(log) / median:,.0f}")
    print(
        f"naive baseline:    median {baseline * 1000:.2f} ms ({attacks} d20 rolls and "
        f"comparisons with random.randint, {len(log)} dicts appended)"
    )
    print(f"engine / baseline: {median / baseline:.0f}x")
    if median < AIM_SECONDS:
        print(f"verdict:           MEETS the aim: median {median:.3f} s < {AIM_SECONDS:g} s")
    else:
        print(f"verdict:           MISSES the aim: median {median:.3f} s >= {AIM_SECONDS:g} s")
    print()
    print("Where the time goes (one run under cProfile, which slows it down):")
    print(profile_top(encounter, ruleset))
    return 0


if __name__ == "__main__":
    sys.exit(main())
