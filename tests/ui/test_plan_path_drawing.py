"""Planned paths drawn in a cached layer: what a frame shows after many incremental updates is
what a fresh drawing of the same paths shows, and what the layer paints without a cache; a
token moving builds only its head again."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem
from pytestqt.qtbot import QtBot

from battlemap.core.encounter import MapSpec, Point
from battlemap.ui.map_grid import SQUARE_PX
from battlemap.ui.map_paths import DASH_OFF, DASH_ON, dash_lines, split_path
from battlemap.ui.map_view import MapView

SIDE = 12


def _view(qtbot: QtBot) -> MapView:
    view = MapView()
    qtbot.addWidget(view)
    view.resize(300, 300)
    view.set_map(MapSpec(SIDE, SIDE), None)
    view.show()
    qtbot.waitExposed(view)
    return view


def _drawn_uncached(view: MapView, empty: QImage) -> QImage:
    """The view's paths painted straight from the layer's paint() (no item cache) onto a
    picture of the empty map, blended once at the layer's opacity as the view blends it."""
    layer = view._paths.layer
    size = view.viewport().size()
    paths = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    paths.fill(0)
    painter = QPainter(paths)
    painter.setTransform(view.viewportTransform())
    layer.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    result = empty.copy()
    painter = QPainter(result)
    painter.setOpacity(layer.opacity())
    painter.drawImage(view.viewport().pos(), paths)  # inside the view's frame
    painter.end()
    return result


def _shot(view: MapView) -> QImage:
    return view.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


squares = st.floats(min_value=0.5, max_value=SIDE - 0.5).map(lambda v: round(v * 2) / 2)
points = st.tuples(squares, squares)
paths = st.dictionaries(
    st.sampled_from(["a", "b", "c", "d"]), st.lists(points, min_size=2, max_size=5), max_size=4
)


def _pixels(image: QImage) -> np.ndarray:
    """The picture's bytes (B, G, R, X for each pixel) as numbers."""
    return np.frombuffer(bytes(image.constBits()), dtype=np.uint8).astype(np.int16)


def _largest_difference(one: QImage, other: QImage) -> int:
    """The largest difference of any colour channel of any pixel (0: the same picture)."""
    assert one.size() == other.size()
    return int(np.abs(_pixels(one) - _pixels(other)).max())


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=st.lists(paths, min_size=1, max_size=5))
def test_incremental_cached_drawing_equals_a_fresh_one(
    qtbot: QtBot, steps: list[dict[str, list[Point]]]
) -> None:
    """Paths set one after another (tokens moving, plans added, begun and removed), each shown,
    give the same pixels as the last set drawn once on a new view; and the same, up to the
    rounding of blending a cached picture, as that new view with every cache off."""
    incremental = _view(qtbot)
    empty = _shot(incremental)
    for step in steps:
        incremental.set_plan_paths(step)
        _shot(incremental)  # each state is really drawn into the caches
    fresh = _view(qtbot)
    fresh.set_plan_paths(steps[-1])
    assert incremental.plan_path_count() == fresh.plan_path_count()
    assert _shot(incremental) == _shot(fresh)
    # The cache holds what paint() draws: up to the rounding of blending a cached picture.
    assert _largest_difference(_shot(fresh), _drawn_uncached(fresh, empty)) <= 3


def test_a_moving_token_builds_its_head_again_and_keeps_the_tails(qtbot: QtBot) -> None:
    view = _view(qtbot)
    layer = view._paths.layer
    view.set_plan_paths({"a": [(1.5, 1.5), (6.5, 1.5), (6.5, 8.5)], "b": [(3.5, 3.5), (9.5, 9.5)]})
    redraws, built = layer.redraws, layer.built
    assert built == 3  # a's head and tail, b's head
    before = _shot(view)
    # Same paths again: nothing is built or drawn again.
    view.set_plan_paths({"a": [(1.5, 1.5), (6.5, 1.5), (6.5, 8.5)], "b": [(3.5, 3.5), (9.5, 9.5)]})
    assert (layer.redraws, layer.built) == (redraws, built)
    # Token a moves along its first leg: only its head is built again.
    view.set_plan_paths({"a": [(2.5, 1.5), (6.5, 1.5), (6.5, 8.5)], "b": [(3.5, 3.5), (9.5, 9.5)]})
    assert (layer.redraws, layer.built) == (redraws + 1, built + 1)
    assert _shot(view) != before
    # Token a's first plan begins: its head and its (now no) tail change.
    view.set_plan_paths({"a": [(3.5, 1.5), (6.5, 8.5)], "b": [(3.5, 3.5), (9.5, 9.5)]})
    assert layer.built == built + 2
    assert sorted(layer.keys()) == [("a", "head"), ("b", "head")]


def test_a_path_that_retraces_itself_does_not_darken(qtbot: QtBot) -> None:
    """Down and back up the same column: drawn once into the cache, blended once, so the
    overlap is no darker than one pass (as a single stroked path was)."""
    once, twice = _view(qtbot), _view(qtbot)
    once.set_plan_paths({"a": [(2.5, 1.5), (2.5, 10.5)]})
    twice.set_plan_paths({"a": [(2.5, 1.5), (2.5, 10.5), (2.5, 1.5), (2.5, 10.5)]})
    darkest = [
        int(_pixels(_shot(v)).reshape(-1, 4)[:, :3].max(axis=1).min()) for v in (once, twice)
    ]
    assert darkest[1] >= darkest[0] - 3


def test_the_whole_path_drawing_is_still_there_for_the_benchmark(qtbot: QtBot) -> None:
    view = _view(qtbot)
    empty = _shot(view)
    view.set_cached_paths(False)
    view.set_plan_paths({"a": [(1.5, 1.5), (6.5, 1.5), (6.5, 8.5)]})
    assert view.plan_path_count() == 1
    whole = _shot(view)
    assert whole != empty
    view.set_cached_paths(True)
    assert view.plan_path_count() == 0
    view.set_plan_paths({"a": [(1.5, 1.5), (6.5, 1.5), (6.5, 8.5)]})
    assert _shot(view) != empty


def test_a_path_is_cut_into_its_head_and_its_tail() -> None:
    assert split_path([(0.0, 0.0), (1.0, 0.0)]) == ((((0.0, 0.0), (1.0, 0.0)), (), True), None)
    head, tail = split_path([(0.0, 0.0), (1.0, 0.0), (1.0, 2.0), (3.0, 2.0)])
    assert head == (((0.0, 0.0), (1.0, 0.0)), (), False)
    assert tail == (((1.0, 0.0), (1.0, 2.0), (3.0, 2.0)), ((1.0, 0.0), (1.0, 2.0)), True)


@pytest.mark.parametrize("scale", [0.25, 1.0, 3.0])
def test_dashes_follow_qts_dash_line_pattern_round_corners(scale: float) -> None:
    """4 widths on, 2 off, in device pixels, the pattern running on round a corner."""
    corner = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0)]
    lines = dash_lines(corner, scale)
    period = (DASH_ON + DASH_OFF) / scale
    length = 4.0 * SQUARE_PX
    whole = math.floor(length / period)
    drawn = sum(line.length() for line in lines)
    assert drawn == pytest.approx(whole * DASH_ON / scale + min(DASH_ON / scale, length % period))
    first = lines[0]
    assert (first.x1(), first.y1()) == (0.0, 0.0)
    assert first.length() == pytest.approx(DASH_ON / scale)
    assert all(line.length() <= DASH_ON / scale + 1e-9 for line in lines)
