"""The map's per-frame shortcuts never show something stale: tokens skipped because they did
not move are moved again after anything else placed them, and the threat layer keeps its
drawing only while the zones are the same."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from battlemap.core.encounter import MapSpec
from battlemap.ui.map_view import SQUARE_PX, MapView
from tests.factories import combatant


@pytest.fixture
def view(qtbot: QtBot) -> MapView:
    widget = MapView()
    qtbot.addWidget(widget)
    widget.resize(600, 500)
    widget.set_map(MapSpec(20, 15), None)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _at(view: MapView, token_id: str) -> QPointF:
    item = view.token(token_id)
    assert item is not None
    return item.pos()


def test_a_token_placed_elsewhere_is_moved_back_by_the_next_frame(view: MapView) -> None:
    view.set_tokens([combatant("a", x=2.5, y=2.5), combatant("b", x=6.5, y=2.5)], None)
    view.set_positions({"a": (4.5, 4.5), "b": (6.5, 2.5)})
    assert _at(view, "a") == QPointF(4.5 * SQUARE_PX, 4.5 * SQUARE_PX)
    # The encounter is set again (an edit, a restart): tokens go back to their set-up squares.
    view.set_tokens([combatant("a", x=2.5, y=2.5), combatant("b", x=6.5, y=2.5)], None)
    assert _at(view, "a") == QPointF(2.5 * SQUARE_PX, 2.5 * SQUARE_PX)
    # The same frame as before must move it again, though it is the position last given.
    view.set_positions({"a": (4.5, 4.5), "b": (6.5, 2.5)})
    assert _at(view, "a") == QPointF(4.5 * SQUARE_PX, 4.5 * SQUARE_PX)


def test_a_dragged_token_is_moved_back_by_the_next_frame(qtbot: QtBot, view: MapView) -> None:
    view.set_tokens([combatant("a", x=2.5, y=2.5)], None)
    view.set_positions({"a": (2.5, 2.5)})
    port = view.viewport()
    qtbot.mousePress(port, Qt.MouseButton.LeftButton, pos=view.square_to_view(2.5, 2.5))
    for x in (3.5, 4.5, 5.5):
        qtbot.mouseMove(port, view.square_to_view(x, 2.5))
    qtbot.mouseRelease(port, Qt.MouseButton.LeftButton, pos=view.square_to_view(5.5, 2.5))
    assert _at(view, "a") == QPointF(5.5 * SQUARE_PX, 2.5 * SQUARE_PX)
    view.set_positions({"a": (2.5, 2.5)})
    assert _at(view, "a") == QPointF(2.5 * SQUARE_PX, 2.5 * SQUARE_PX)


def test_the_threat_layer_draws_again_only_when_the_zones_change(view: MapView) -> None:
    threats = view._threats
    red = QColor("#d0302a")
    view.set_threat_zones([(red, [(1, 1), (1, 2)])])
    drawn = threats.redraws
    assert view.threat_cell_count() == 2
    view.set_threat_zones([(QColor("#d0302a"), ((1, 2), (1, 1)))])  # the same squares
    assert threats.redraws == drawn
    view.set_threat_zones([(red, [(1, 1), (1, 2), (2, 2)])])
    assert threats.redraws == drawn + 1 and view.threat_cell_count() == 3
    view.set_threat_zones([(QColor("#2f6fd6"), [(1, 1), (1, 2), (2, 2)])])
    assert threats.redraws == drawn + 2
    view.set_threat_zones([])
    assert threats.redraws == drawn + 3 and view.threat_cell_count() == 0
