"""The animation tick: engine step, token updates and scene repaint, 200 tokens on a 60x60 map.

Promise: a tick fits a 60 Hz frame (16.7 ms) with room to spare; aim: 95th percentile under
4 ms. Baseline in the same run: 200 plain QGraphicsEllipseItems moved and repainted in the same
kind of view (the bare cost of Qt drawing that many moving shapes), so the ratio shows what the
product's own work adds. Rendered offscreen; run as `python benchmarks/animation_tick.py`.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

try:
    import battlemap  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QApplication, QGraphicsEllipseItem, QGraphicsScene, QGraphicsView

from battlemap.core.decisions import never_ask
from battlemap.core.encounter import AttackProfile, Combatant, Encounter, MapSpec, Plan
from battlemap.ui.map_view import SQUARE_PX, MapView
from battlemap.ui.session import FightSession

TOKENS = 200
MAP_SIDE = 60
FRAMES = 600
FRAME_UNITS = 1 / 30  # a 60 Hz frame at real time (0.5 s a unit) moves time 1/30 unit
BUDGET_MS = 1000 / 60
VIEW_SIZE = (1280, 900)


def melee() -> Encounter:
    """200 tokens, each double-moving back and forth across the map for several rounds."""
    combatants = []
    plans = []
    for i in range(TOKENS):
        x, y = 1.5 + (i % 20) * 2.9, 1.5 + (i // 20) * 5.5
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
                hp=10,
                ac=12,
                attacks=(AttackProfile("club", 2, "1d6"),),
                attacks_per_round=1,
                initiative_roll=1 + i % 12,
            )
        )
        for round_number in range(1, 5):
            target = (x, MAP_SIDE - 2.5) if round_number % 2 else (x, 1.5)
            plans.append(Plan(f"t{i}", round_number, "double_move", path=(target,)))
    return Encounter("d12", MapSpec(MAP_SIDE, MAP_SIDE), tuple(combatants), tuple(plans))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure_product(app: QApplication) -> list[float]:
    encounter = melee()
    view = MapView()
    view.resize(*VIEW_SIZE)
    view.set_map(encounter.map, None)
    view.set_tokens(encounter.combatants, None)
    view.set_editable(False)
    view.show()
    view.fit_to_map()
    app.processEvents()
    session = FightSession(encounter, never_ask)
    session.start()
    ticks = []
    for _ in range(FRAMES):
        started = time.perf_counter()
        session.advance_to(session.time + FRAME_UNITS)
        view.set_positions(session.positions())
        view.viewport().repaint()  # a synchronous paint: the frame's real cost
        ticks.append((time.perf_counter() - started) * 1000)
    view.close()
    return ticks


def measure_baseline(app: QApplication) -> list[float]:
    scene = QGraphicsScene()
    scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
    view = QGraphicsView(scene)
    view.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
    view.resize(*VIEW_SIZE)
    scene.setSceneRect(QRectF(0, 0, MAP_SIDE * SQUARE_PX, MAP_SIDE * SQUARE_PX))
    items = []
    for _ in range(TOKENS):
        item = QGraphicsEllipseItem(-28, -28, 56, 56)
        item.setBrush(QBrush(QColor("#2f6fd6")))
        item.setCacheMode(QGraphicsEllipseItem.CacheMode.DeviceCoordinateCache)
        scene.addItem(item)
        items.append(item)
    view.show()
    view.fitInView(scene.sceneRect())
    app.processEvents()
    ticks = []
    for frame in range(FRAMES):
        started = time.perf_counter()
        for i, item in enumerate(items):
            item.setPos((i % 20) * 190 + frame, (i // 20) * 350 + frame)
        view.viewport().repaint()
        ticks.append((time.perf_counter() - started) * 1000)
    view.close()
    return ticks


def main() -> None:
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    product = measure_product(app)
    baseline = measure_baseline(app)
    med, p95 = statistics.median(product), percentile(product, 0.95)
    base_med, base_p95 = statistics.median(baseline), percentile(baseline, 0.95)
    print(
        f"tokens: {TOKENS} moving on a {MAP_SIDE}x{MAP_SIDE} map, {FRAMES} frames, "
        f"view {VIEW_SIZE[0]}x{VIEW_SIZE[1]}, offscreen"
    )
    print(f"product tick (engine + tokens + repaint): median {med:.2f} ms, p95 {p95:.2f} ms")
    print(
        f"baseline (200 bare ellipses moved + repaint): median {base_med:.2f} ms, "
        f"p95 {base_p95:.2f} ms"
    )
    print(f"product / baseline (median): {med / base_med:.1f}x")
    print(f"frame budget at 60 Hz: {BUDGET_MS:.1f} ms; p95 uses {p95 / BUDGET_MS:.0%} of it")
    verdict = "MEETS" if p95 < 4.0 else "MISSES"
    print(f"verdict: {verdict} the aim (p95 under 4 ms)")


if __name__ == "__main__":
    main()
