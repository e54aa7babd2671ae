"""How fast attacks of opportunity and intercepts are found from path geometry.

Run from the repository root:

    python benchmarks/provocations.py

200 combatants on a 100 x 100 map, half a side, at random positions (fixed seed) with mixed sizes
(small, medium, large, huge) and reach (5 ft, 10 ft natural, 10 ft reach weapon, 15 ft), each
with a random path of 2 to 4 legs and at most 12 squares (no more than its double move). For a
mover, "all provocations and intercepts" means: `first_exits` against the enemy side's
ThreatIndex and `InterceptorIndex.offers` against the enemy side (all free, some only from unit 3
or 6, reach 1 square).

Figures, printed and never asserted:

(a) the live preview: the median time for ONE planned path, the enemy indexes being reused (built
    when the side's positions change, not per mouse move); their build time is printed apart;
(b) a whole round: both sides' indexes built, then all 200 paths;

and the same work by a simple baseline in the same run: every (mover, enemy) pair, the mover's
path walked in steps of 1/20 square, each step's square checked against the enemy's set of
threatened squares (first exit) and the enemy's distance against the time it has had (first
reachable step). The baseline's results are compared with ours (they agree up to its 1/20-square
resolution). Aims: under 2 ms for one path; at least 20 times faster than the baseline for the
round.
"""

from __future__ import annotations

import functools
import importlib.util
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

if importlib.util.find_spec("battlemap") is None:  # a checkout that was not pip-installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from battlemap.geometry.footprint import Cell
from battlemap.geometry.intercept import Interceptor, InterceptorIndex
from battlemap.geometry.path import Polyline, TimedPath
from battlemap.geometry.provocation import first_exits
from battlemap.geometry.threat import Threatener, ThreatIndex, threatened_cells
from battlemap.geometry.walls import WallIndex

SEED = 20240607
MAP = 100
PER_SIDE = 100
SAMPLES_PER_SQUARE = 20
AIM_ONE_PATH_MS = 2.0
AIM_RATIO = 20.0

T = TypeVar("T")


@dataclass(frozen=True)
class Fighter:
    threatener: Threatener
    side: str
    feet: int
    free_at: float
    path: TimedPath


def build(seed: int = SEED) -> list[Fighter]:
    """The 200 combatants, their reach and their planned paths, from a fixed seed."""
    rng = random.Random(seed)
    fighters = []
    for side in ("a", "b"):
        for n in range(PER_SIDE):
            size = rng.choices([1, 1, 2, 3], weights=[10, 70, 15, 5])[0]
            if size == 3:
                reach, weapon = 15, False
            elif size == 2:
                reach, weapon = rng.choice([(10, False), (10, False), (5, False), (20, True)])
            else:
                reach, weapon = rng.choices([(5, False), (10, True), (10, False)], [80, 15, 5])[0]
            i, j = rng.randrange(0, MAP - size), rng.randrange(0, MAP - size)
            center = (i + size / 2, j + size / 2)
            feet = rng.choice([20, 30, 30, 40])
            fighters.append(
                Fighter(
                    Threatener(f"{side}{n}", center, size, reach, weapon),
                    side,
                    feet,
                    rng.choice([0.0, 0.0, 3.0, 6.0]),
                    TimedPath(_random_path(rng, center, min(12.0, feet * 2 / 5)), 0.0, feet),
                )
            )
    return fighters


def _random_path(rng: random.Random, start: tuple[float, float], most: float) -> Polyline:
    legs = rng.randint(2, 4)
    total = rng.uniform(2.0, most)
    cuts = sorted(rng.uniform(0, total) for _ in range(legs - 1))
    lengths = [b - a for a, b in zip([0.0, *cuts], [*cuts, total], strict=True)]
    points = [start]
    for length in lengths:
        angle = rng.uniform(0, 2 * math.pi)
        x, y = points[-1]
        points.append(
            (
                min(max(x + length * math.cos(angle), 0.5), MAP - 0.5),
                min(max(y + length * math.sin(angle), 0.5), MAP - 0.5),
            )
        )
    return Polyline.through(points)


# --- ours --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SideIndex:
    threats: ThreatIndex
    interceptors: InterceptorIndex


def index_side(fighters: list[Fighter], side: str, walls: WallIndex | None = None) -> SideIndex:
    """The threat zones and interceptors of one side: what the other side's paths are tried on."""
    members = [f for f in fighters if f.side == side]
    return SideIndex(
        ThreatIndex([f.threatener for f in members], walls),
        InterceptorIndex(
            [
                Interceptor(f.threatener.id, f.threatener.center, f.feet, f.free_at, 1.0)
                for f in members
            ],
            walls,
        ),
    )


def opportunities(mover: Fighter, enemies: SideIndex) -> tuple[dict[str, float], dict[str, float]]:
    """Ours: {enemy: provocation time} and {enemy: interception time} for one path."""
    exits = first_exits(mover.path, enemies.threats)
    offers = enemies.interceptors.offers(mover.path)
    return {e.threatener: e.time for e in exits}, {o.interceptor: o.time for o in offers}


def round_ours(fighters: list[Fighter]) -> list[tuple[dict[str, float], dict[str, float]]]:
    sides = {"a": index_side(fighters, "b"), "b": index_side(fighters, "a")}
    return [opportunities(f, sides[f.side]) for f in fighters]


# --- baseline ----------------------------------------------------------------------------------


def round_baseline(fighters: list[Fighter]) -> list[tuple[dict[str, float], dict[str, float]]]:
    """Every (mover, enemy) pair, walking the mover's path in steps of 1/20 square."""
    cells: dict[str, frozenset[Cell]] = {
        f.threatener.id: threatened_cells(f.threatener) for f in fighters
    }
    out = []
    for mover in fighters:
        path = mover.path
        steps = max(1, math.ceil(path.polyline.length * SAMPLES_PER_SQUARE))
        walk = []
        for k in range(steps + 1):
            d = path.polyline.length * k / steps
            x, y = path.polyline.point_at(d)
            walk.append(
                (path.start_time + path.duration_of(d), x, y, (math.floor(x), math.floor(y)))
            )
        exits: dict[str, float] = {}
        offers: dict[str, float] = {}
        for enemy in fighters:
            if enemy.side == mover.side:
                continue
            eid, threatened = enemy.threatener.id, cells[enemy.threatener.id]
            sx, sy = enemy.threatener.center
            rate = enemy.feet / 30
            previous = walk[0][3]
            exit_time = offer_time = None
            for t, x, y, cell in walk:
                if exit_time is None and cell != previous:
                    if previous in threatened:
                        exit_time = t
                    previous = cell
                if (
                    offer_time is None
                    and t >= enemy.free_at
                    and math.hypot(x - sx, y - sy) - 1.0 <= rate * (t - enemy.free_at)
                ):
                    offer_time = t
                if exit_time is not None and offer_time is not None:
                    break
            if exit_time is not None:
                exits[eid] = exit_time
            if offer_time is not None:
                offers[eid] = offer_time
        out.append((exits, offers))
    return out


# --- timing ------------------------------------------------------------------------------------


def timed(work: Callable[[], T], repeat: int) -> tuple[list[float], T]:
    """Wall times of `repeat` runs and the last result."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - started)
    return times, result


def preview_times(fighters: list[Fighter], sides: dict[str, SideIndex]) -> list[float]:
    """Per planned path, the median of 5 timings of its provocations and intercepts."""
    out = []
    for mover in fighters:
        work = functools.partial(opportunities, mover, sides[mover.side])
        out.append(statistics.median(timed(work, 5)[0]))
    return out


def random_walls(rng: random.Random, count: int = 40) -> WallIndex:
    """Room corners along grid lines: `count` L-shaped walls of 3 to 10 squares an arm."""
    walls = []
    for _ in range(count):
        x, y = rng.randrange(5, MAP - 5), rng.randrange(5, MAP - 5)
        a, b = rng.choice([-1, 1]) * rng.randint(3, 10), rng.choice([-1, 1]) * rng.randint(3, 10)
        walls.append([(x + a, y), (x, y), (x, y + b)])
    return WallIndex(walls)


def main() -> None:
    fighters = build()
    print(f"{len(fighters)} combatants on a {MAP} x {MAP} map, seed {SEED}")
    lengths = [f.path.polyline.length for f in fighters]
    print(f"paths: {statistics.mean(lengths):.1f} squares on average, at most {max(lengths):.1f}")

    # (a) One planned path: the enemy side's indexes are built once and reused per preview.
    build_times, _ = timed(lambda: index_side(fighters, "b"), 20)
    sides = {"a": index_side(fighters, "b"), "b": index_side(fighters, "a")}
    per_path = preview_times(fighters, sides)
    one_ms = statistics.median(per_path) * 1000
    print("\n(a) live preview, one planned path (enemy indexes reused)")
    print(
        f"    index build for one side (100 threat zones + interceptors): "
        f"median {statistics.median(build_times) * 1000:.2f} ms"
    )
    print(
        f"    provocations + intercepts for one path: median {one_ms:.3f} ms, "
        f"95th percentile {sorted(per_path)[int(0.95 * len(per_path))] * 1000:.3f} ms"
    )
    print(
        f"    verdict: {'MET' if one_ms < AIM_ONE_PATH_MS else 'MISSED'} "
        f"(aim under {AIM_ONE_PATH_MS} ms)"
    )
    walls = random_walls(random.Random(SEED + 1))
    walled_build, _ = timed(lambda: index_side(fighters, "b", walls), 20)
    walled = {"a": index_side(fighters, "b", walls), "b": index_side(fighters, "a", walls)}
    walled_ms = statistics.median(preview_times(fighters, walled)) * 1000
    print(
        f"    with {len(walls)} wall segments (threat through walls, intercept lines): index "
        f"build {statistics.median(walled_build) * 1000:.2f} ms, one path {walled_ms:.3f} ms"
    )

    # (b) A whole round.
    ours_times, ours = timed(lambda: round_ours(fighters), 7)
    base_times, base = timed(lambda: round_baseline(fighters), 3)
    ours_s, base_s = statistics.median(ours_times), statistics.median(base_times)
    ratio = base_s / ours_s
    print("\n(b) a whole round, all 200 paths (indexes built inside the timing)")
    print(f"    ours:     median {ours_s * 1000:.1f} ms over {len(ours_times)} runs")
    print(
        f"    baseline: median {base_s * 1000:.1f} ms over {len(base_times)} runs "
        f"(every pair, steps of 1/{SAMPLES_PER_SQUARE} square)"
    )
    print(f"    ratio baseline / ours: {ratio:.1f}x")
    print(
        f"    verdict: {'MET' if ratio >= AIM_RATIO else 'MISSED'} (aim at least {AIM_RATIO:.0f}x)"
    )
    compare(fighters, ours, base)


def compare(
    fighters: list[Fighter],
    ours: list[tuple[dict[str, float], dict[str, float]]],
    base: list[tuple[dict[str, float], dict[str, float]]],
) -> None:
    """How well the sampled baseline agrees with the exact answers.

    It can be up to one step (1/20 square of the mover's time) late, and may miss a corner
    clipped by less than a step. A large mover's centre starts on a grid corner, where floor()
    puts it in a square it never enters (the exact walk takes the square it moves into), so
    the baseline can report a spurious exit at its first step: those are counted apart.
    """
    for label, k in (("provocations", 0), ("intercepts", 1)):
        exact = {(m, e): t for m, pair in enumerate(ours) for e, t in pair[k].items()}
        sampled = {(m, e): t for m, pair in enumerate(base) for e, t in pair[k].items()}
        agree = corner = other = 0
        for key in exact.keys() | sampled.keys():
            mover = fighters[key[0]]
            step = 1 / SAMPLES_PER_SQUARE / mover.path.rate
            t_exact, t_sampled = exact.get(key), sampled.get(key)
            if (
                t_exact is not None
                and t_sampled is not None
                and -1e-9 <= t_sampled - t_exact <= step + 1e-9
            ):
                agree += 1
                continue
            if all(v == int(v) for v in mover.path.polyline.start):
                corner += 1
            else:
                other += 1
        print(
            f"    {label}: exact {len(exact)}, baseline {len(sampled)}; agree within one "
            f"step {agree}, differ for a mover starting on a grid corner {corner}, "
            f"differ otherwise {other}"
        )


if __name__ == "__main__":
    main()
