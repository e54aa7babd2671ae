"""How fast attacks of opportunity and intercepts are found from path geometry.

Run from the repository root:

    python benchmarks/provocations.py

200 combatants on a 100 x 100 map, half a side, at random positions (fixed seed) with mixed sizes
(small, medium, large, huge) and reach (5 ft, 10 ft natural, 10 ft reach weapon, 15 ft), each
with a random path of 2 to 4 legs and at most 12 squares (no more than its double move). For a
mover, "all provocations and intercepts" means: `first_exits` against the enemy side's
ThreatIndex and `InterceptorIndex.offers` against the enemy side (all free, some only from unit 3
or 6, reach 1 square). Paths and interceptors are timed at the pace d12 declares
(`Ruleset.pace_per`: 30 feet of pace a square a unit), and so is the baseline.

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

(c) the app's own planning preview, `Ruleset.preview` (rulesets/d12/preview.py), called as the
    planning view calls it on every mouse move: the same 200 combatants as an Encounter and its
    State, one mover double-moving along its planned path, the cursor dragged over 50 points of
    it (each call given [start, waypoints passed, cursor]). Per call, the median and 95th
    percentile with the preview's reused enemy indexes (steady state: the enemies stand still)
    and with the reuse defeated (a fresh cache before every call: the index rebuilt per mouse
    move, as before the reuse), in the same run, without walls and with the walls of (a).
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

from battlemap.core.encounter import AttackProfile, Combatant, Encounter, MapSpec, Point
from battlemap.core.preview import PreviewPoint
from battlemap.core.state import State
from battlemap.geometry.footprint import Cell
from battlemap.geometry.intercept import Interceptor, InterceptorIndex
from battlemap.geometry.path import Pace, Polyline, TimedPath
from battlemap.geometry.provocation import first_exits, five_foot_step
from battlemap.geometry.threat import Threatener, ThreatIndex, threatened_cells
from battlemap.geometry.walls import WallIndex, wall_index
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.d12 import preview as preview_module

SEED = 20240607
MAP = 100
PER_SIDE = 100
SAMPLES_PER_SQUARE = 20
AIM_ONE_PATH_MS = 2.0
AIM_RATIO = 20.0
DRAG_POINTS = 50
DRAGS = 6
#: The d12 double move: the speed's feet a move, in 12 units (rulesets/d12/tables.py).
DOUBLE_MOVE_UNITS = 12.0
SIZE_NAMES = {1: "medium", 2: "large", 3: "huge"}
#: The rate d12 declares (feet of pace a square a unit): the paths and the baseline use it.
PACE_PER = get_ruleset("d12").pace_per

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
                    TimedPath(
                        _random_path(rng, center, min(12.0, feet * 2 / 5)),
                        0.0,
                        Pace(feet, PACE_PER),
                    ),
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
                Interceptor(
                    f.threatener.id, f.threatener.center, Pace(f.feet, PACE_PER), f.free_at, 1.0
                )
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
            rate = enemy.feet / PACE_PER
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


def random_wall_lines(rng: random.Random, count: int = 40) -> tuple[tuple[Point, ...], ...]:
    """Room corners along grid lines: `count` L-shaped walls of 3 to 10 squares an arm."""
    walls = []
    for _ in range(count):
        x, y = rng.randrange(5, MAP - 5), rng.randrange(5, MAP - 5)
        a, b = rng.choice([-1, 1]) * rng.randint(3, 10), rng.choice([-1, 1]) * rng.randint(3, 10)
        walls.append(((float(x + a), float(y)), (float(x), float(y)), (float(x), float(y + b))))
    return tuple(walls)


def random_walls(rng: random.Random, count: int = 40) -> WallIndex:
    """The same walls indexed, as (a) queries them (the app builds its own from the map's)."""
    return WallIndex(random_wall_lines(rng, count))


# --- the app's planning preview ----------------------------------------------------------------


def encounter_of(fighters: list[Fighter], walls: tuple[tuple[Point, ...], ...] = ()) -> Encounter:
    """The fighters as the app holds them: Combatants with the same place, size, reach and
    speed, each with a melee attack (the preview only counts enemies that can attack)."""
    combatants = tuple(
        Combatant(
            id=f.threatener.id,
            name=f.threatener.id,
            side=f.side,
            x=f.threatener.center[0],
            y=f.threatener.center[1],
            size=SIZE_NAMES[f.threatener.squares],
            speed=f.feet,
            reach=f.threatener.reach_ft,
            init_mod=0,
            dex=10,
            hp=10,
            ac=10,
            attacks=(AttackProfile("blow", 0, "1d6"),),
            attacks_per_round=1,
            initiative_roll=12,
            reach_weapon=f.threatener.reach_weapon,
        )
        for f in fighters
    )
    encounter = Encounter(ruleset="d12", map=MapSpec(MAP, MAP, walls), combatants=combatants)
    # Refused by the rules, the figures would measure a fight the app cannot hold.
    get_ruleset("d12").validate(encounter, "benchmark")
    return encounter


def drag(mover: Fighter, count: int = DRAG_POINTS) -> list[list[Point]]:
    """What the preview is given as the cursor is dragged along the mover's path: the start,
    the waypoints already clicked (the corners passed) and the cursor, at `count` points."""
    line = mover.path.polyline
    moves = []
    for k in range(1, count + 1):
        along = line.length * k / count
        passed = [
            p for p, d in zip(line.points[1:-1], line.cumulative[1:-1], strict=True) if d < along
        ]
        moves.append([line.points[0], *passed, line.point_at(along)])
    return moves


def drag_times(
    encounter: Encounter, mover: Fighter, moves: list[list[Point]], reuse: bool
) -> tuple[list[float], list[list[PreviewPoint]]]:
    """Per mouse move, the wall time of the preview and what it found. Without `reuse`, a fresh
    cache before each call: the enemies' indexes are rebuilt every time, the old way."""
    ruleset, state = get_ruleset("d12"), State(encounter)
    actor = mover.threatener.id
    times: list[float] = []
    found: list[list[PreviewPoint]] = []
    for points in moves:
        if not reuse:
            preview_module._INDEXES = preview_module._LastIndex()
        started = time.perf_counter()
        # As battlemap/ui/planning.py does per mouse move, the wall index looked up included.
        result = ruleset.preview(
            state,
            actor,
            points,
            0.0,
            mover.feet,
            DOUBLE_MOVE_UNITS,
            wall_index(encounter.map.walls),
        )
        times.append(time.perf_counter() - started)
        found.append(list(result))
    return times, found


def planning_preview(mover: Fighter, encounter: Encounter) -> None:
    """(c): print the per-move figures of one drag repeated, with and without the reused index."""
    moves = drag(mover)
    kept = preview_module._INDEXES
    reused: list[float] = []
    rebuilt: list[float] = []
    same = True
    try:
        # Alternated drag by drag, so a busy spell on a shared machine hits both alike.
        for _ in range(DRAGS):
            preview_module._INDEXES = preview_module._LastIndex()
            # The drag's first move builds the index; the steady state is what follows.
            drag_times(encounter, mover, moves[-1:], reuse=True)
            with_cache, found_cached = drag_times(encounter, mover, moves, reuse=True)
            without, found_rebuilt = drag_times(encounter, mover, moves, reuse=False)
            reused += with_cache
            rebuilt += without
            same = same and found_cached == found_rebuilt
    finally:
        preview_module._INDEXES = kept
    # A path of one square or less is a five-foot step, which provokes nothing: the preview
    # skips the threat index there, so those first moves cost the same either way.
    steps = sum(five_foot_step(Polyline.through(points)) for points in moves)
    marked = found_cached[-1]
    print(
        f"    the whole path marks {sum(p.kind == 'aoo' for p in marked)} provocations and "
        f"{sum(p.kind == 'intercept' for p in marked)} intercepts; {steps} of the "
        f"{len(moves)} moves are five-foot steps (no threat check)"
    )
    fast, slow = statistics.median(reused), statistics.median(rebuilt)
    print(
        f"    reused index:  median {fast * 1000:.3f} ms, "
        f"95th percentile {percentile(reused, 0.95) * 1000:.3f} ms"
    )
    print(
        f"    rebuilt index: median {slow * 1000:.3f} ms, "
        f"95th percentile {percentile(rebuilt, 0.95) * 1000:.3f} ms"
    )
    print(
        f"    ratio rebuilt / reused: {slow / fast:.2f}x (medians), "
        f"{percentile(rebuilt, 0.95) / percentile(reused, 0.95):.2f}x (95th percentiles); "
        f"same markers every move: {'yes' if same else 'NO'}"
    )


def percentile(values: list[float], share: float) -> float:
    return sorted(values)[int(share * len(values))]


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

    # (c) The app's preview itself, per mouse move. The mover: the side "a" fighter whose path
    # leaves the most threatened squares, so the threat index has work to do.
    mover = max(
        (f for f in fighters if f.side == "a"), key=lambda f: len(opportunities(f, sides["a"])[0])
    )
    print(
        f"\n(c) the app's planning preview per mouse move: {mover.threatener.id} double-moving "
        f"{mover.path.polyline.length:.1f} squares among the 200, {DRAG_POINTS} cursor points "
        f"x {DRAGS} drags (enemy indexes reused vs rebuilt per move)"
    )
    print("    no walls:")
    planning_preview(mover, encounter_of(fighters))
    lines = random_wall_lines(random.Random(SEED + 1))
    print(f"    with the {len(lines)} walls of (a):")
    planning_preview(mover, encounter_of(fighters, lines))


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
