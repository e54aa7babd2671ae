"""The map's per-frame cost of 13th Age's links and escalation dial, beside the frame without them.

Promise (issue 12, "In the window"): engaged pairs are links on the map and the escalation die
is drawn big on it, cheaply: the links are one path item rebuilt only when the set of links or
an end's position changes, and the dial's overlay is touched only when its text changes.

What it drives: a real `MapView` (offscreen, 1000 x 800) on a 60 x 60 map with N tokens
(50 and 200) in pairs a square apart, every second pair engaged (N / 4 links). A frame is what
the window's `_show_tokens` does for the map during playback, then a paint of the viewport
(`viewport().repaint()`, read with `time.perf_counter`):
- old (today's approach before this work, the baseline): `set_positions` of every token;
- new: the same, then the ruleset's reading of the engaged pairs (`links_of(ruleset)(state)`,
  13th Age's `engaged_pairs` over a `State` holding every pair's bag, as many bags as tokens),
  `set_links` and `set_dials` with the dial's reading (`Escalation 3`).
Two kinds of frame: "moving" (every token moves a tenth of a square each frame, so every link
is rebuilt each frame: the worst case) and "still" (nobody moves: what most frames of a 13th
Age turn are, since one token moves at a time; the links are kept).

Runs alternate in pairs (old, new, old, new ...), each run a few hundred frames; it prints the
median and p95 of a frame for each, medians over runs, and the ratio new / old (1.0: the links
and the dial cost nothing). Run from the repository root:
`.venv/bin/python benchmarks/engaged_links.py` (`--quick` for fewer runs). It never asserts a
speed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

from battlemap.core.encounter import Combatant, Encounter, MapSpec
from battlemap.core.state import State
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.base import dials_of, links_of
from battlemap.ui.map_view import MapView

Frame = Callable[[int], None]


def _combatant(index: int) -> Combatant:
    column, row = divmod(index // 2, 25)
    return Combatant(
        id=f"t{index}",
        name=f"T{index}",
        side="a" if index % 2 == 0 else "b",
        x=2.5 + column * 3 + index % 2,
        y=2.5 + row * 2,
        size="medium",
        speed=30,
        reach=5,
        hp=20,
        ac=15,
        init_mod=0,
        dex=10,
        attacks=(),
        attacks_per_round=1,
    )


def _setup(count: int) -> tuple[MapView, State, dict[str, tuple[float, float]]]:
    combatants = tuple(_combatant(i) for i in range(count))
    state = State(Encounter("13th-age", MapSpec(60, 60), combatants))
    for i in range(0, count, 2):
        state.pair(f"t{i}", f"t{i + 1}")["engaged"] = i % 4 == 0
    state.rules["escalation"] = 3
    view = MapView()
    view.resize(1000, 800)
    view.set_map(MapSpec(60, 60), None)
    view.set_tokens(combatants, None)
    view.show()
    home = {c.id: (c.x, c.y) for c in combatants}
    return view, state, home


def _frames(view: MapView, state: State, home: dict[str, tuple[float, float]], moving: bool,
            with_links: bool) -> Frame:  # fmt: skip
    ruleset = get_ruleset("13th-age")
    links = links_of(ruleset)
    dials = dials_of(ruleset)

    def frame(n: int) -> None:
        shift = (n % 10) / 10 if moving else 0.0
        view.set_positions({cid: (x + shift, y) for cid, (x, y) in home.items()})
        if with_links:
            view.set_links(links(state))
            view.set_dials(
                [f"{d.label} {value}" for d in dials if (value := d.read(state)) is not None]
            )
        view.viewport().repaint()

    return frame


def _run(frame: Frame, frames: int) -> tuple[float, float]:
    gaps = []
    for n in range(frames):
        start = time.perf_counter()
        frame(n)
        gaps.append((time.perf_counter() - start) * 1000)
    gaps.sort()
    return statistics.median(gaps), gaps[int(len(gaps) * 0.95)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two pairs of runs, fewer frames")
    args = parser.parse_args()
    pairs, frames = (2, 100) if args.quick else (5, 300)
    app = QApplication.instance() or QApplication(sys.argv)
    for count in (50, 200):
        for moving in (True, False):
            view, state, home = _setup(count)
            app.processEvents()
            old = _frames(view, state, home, moving, with_links=False)
            new = _frames(view, state, home, moving, with_links=True)
            runs: dict[str, list[tuple[float, float]]] = {"old": [], "new": []}
            for _ in range(pairs):
                view.set_links([])
                view.set_dials([])
                runs["old"].append(_run(old, frames))
                runs["new"].append(_run(new, frames))
            med = {k: statistics.median(r[0] for r in v) for k, v in runs.items()}
            p95 = {k: statistics.median(r[1] for r in v) for k, v in runs.items()}
            kind = "moving" if moving else "still"
            print(
                f"{count} tokens, {count // 4} links, {kind}: "
                f"old median {med['old']:.2f} ms p95 {p95['old']:.2f} ms; "
                f"new median {med['new']:.2f} ms p95 {p95['new']:.2f} ms; "
                f"ratio new/old median {med['new'] / med['old']:.2f}, "
                f"p95 {p95['new'] / p95['old']:.2f}"
            )
            view.close()


if __name__ == "__main__":
    main()
