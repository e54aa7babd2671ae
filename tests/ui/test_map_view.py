"""The battle map view, driven with real mouse, keyboard and drag-and-drop events."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QMimeData, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QImage,
    QPainter,
    QWheelEvent,
)
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsScene, QGraphicsView
from pytestqt.qtbot import QtBot

from battlemap.core.encounter import AttackProfile, Background, MapSpec
from battlemap.geometry.path import Pace
from battlemap.rulesets.d12.clock import PACE_PER, D12Clock
from battlemap.storage.creature_library import CREATURE_MIME, CreatureTemplate, template_to_mime
from battlemap.ui.map_grid import size_squares, snap_center
from battlemap.ui.map_view import SQUARE_PX, MapMarker, MapView, RulerSpec
from tests.factories import combatant
from tests.ui.screenshots import keep_copy

LEFT = Qt.MouseButton.LeftButton
RIGHT = Qt.MouseButton.RightButton
SPEC = MapSpec(20, 15, walls=(((5.0, 0.0), (5.0, 6.0), (9.0, 6.0)),))
CLOCK = D12Clock()


@pytest.fixture
def view(qtbot: QtBot) -> MapView:
    widget = MapView()
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.set_map(SPEC, None)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def at(view: MapView, x: float, y: float) -> QPoint:
    return view.square_to_view(x, y)


def drag(
    qtbot: QtBot,
    view: MapView,
    start: tuple[float, float],
    end: tuple[float, float],
    button: Qt.MouseButton = LEFT,
) -> None:
    """Press at `start`, move there in a few steps, release at `end` (squares)."""
    port = view.viewport()
    qtbot.mousePress(port, button, pos=at(view, *start))
    for step in (1, 2, 3, 4):
        share = step / 4
        x = start[0] + (end[0] - start[0]) * share
        y = start[1] + (end[1] - start[1]) * share
        qtbot.mouseMove(port, at(view, x, y))
    qtbot.mouseRelease(port, button, pos=at(view, *end))


def template(size: str = "medium") -> CreatureTemplate:
    return CreatureTemplate(
        name="Ogre",
        size=size,
        speed=40,
        reach=10,
        init_mod=-1,
        dex=8,
        hp=29,
        ac=16,
        attacks=(AttackProfile("club", 8, "2d8+7"),),
        attacks_per_round=1,
        side="monsters",
    )


def drop_events(view: MapView, mime: QMimeData, x: float, y: float) -> QDropEvent:
    """Send enter, move and drop at square (x, y) as Qt would; returns the drop event."""
    point = at(view, x, y)
    copy = Qt.DropAction.CopyAction
    none = Qt.KeyboardModifier.NoModifier
    port = view.viewport()
    QApplication.sendEvent(port, QDragEnterEvent(point, copy, mime, LEFT, none))
    QApplication.sendEvent(port, QDragMoveEvent(point, copy, mime, LEFT, none))
    drop = QDropEvent(QPointF(point), copy, mime, LEFT, none)
    QApplication.sendEvent(port, drop)
    return drop


@given(x=st.floats(-5, 30), y=st.floats(-5, 30), size=st.sampled_from(["medium", "large", "huge"]))
def test_snapping_puts_the_nearest_footprint_on_whole_squares_inside_the_map(
    x: float,
    y: float,
    size: str,
) -> None:
    squares = size_squares(size)
    cx, cy = snap_center(x, y, squares, 20, 15)
    for centre, point, extent in ((cx, x, 20), (cy, y, 15)):
        corner = centre - squares / 2
        assert corner == int(corner) and 0 <= corner <= extent - squares
        if squares / 2 <= point <= extent - squares / 2:
            assert abs(centre - point) <= 0.5


def test_map_and_tokens_are_placed_in_squares(view: MapView) -> None:
    margin = 2 * SQUARE_PX
    assert view.sceneRect() == QRectF(
        -margin, -margin, 20 * SQUARE_PX + 2 * margin, 15 * SQUARE_PX + 2 * margin
    )
    view.set_tokens(
        [
            combatant("hero", x=2.5, y=3.5, side="party"),
            combatant("ogre", x=8.0, y=9.0, size="large"),
        ],
        None,
    )
    hero, ogre = view.token("hero"), view.token("ogre")
    assert hero is not None and ogre is not None
    # The settings the animation tick's speed was measured with (see map_canvas.py).
    assert view.scene().itemIndexMethod() == QGraphicsScene.ItemIndexMethod.NoIndex
    assert hero.cacheMode() == QGraphicsItem.CacheMode.DeviceCoordinateCache
    assert view.viewportUpdateMode() == QGraphicsView.ViewportUpdateMode.FullViewportUpdate
    assert (hero.pos().x(), hero.pos().y()) == (2.5 * SQUARE_PX, 3.5 * SQUARE_PX)
    assert ogre.squares == 2
    assert hero.text == "H" and hero.toolTip() == "Hero — 1000/1000 hp, AC 10"
    x, y = view.view_to_square(at(view, 2.5, 3.5))
    assert x == pytest.approx(2.5, abs=0.1) and y == pytest.approx(3.5, abs=0.1)

    view.set_tokens([combatant("ogre", name="Ogre 2", x=4.0, y=4.0, size="huge")], None)
    assert view.token("hero") is None
    ogre = view.token("ogre")
    assert ogre is not None and ogre.text == "O2" and ogre.squares == 3
    assert ogre.pos().x() == 4.0 * SQUARE_PX


@pytest.mark.parametrize(
    ("size", "start", "end", "snapped"),
    [
        ("medium", (2.5, 2.5), (6.3, 4.8), (6.5, 4.5)),
        ("large", (4.0, 4.0), (8.3, 6.6), (8.0, 7.0)),
        ("medium", (2.5, 2.5), (23.0, -1.2), (19.5, 0.5)),  # clamped inside the map
    ],
)
def test_dragging_a_token_snaps_its_footprint_to_the_squares(
    qtbot: QtBot,
    view: MapView,
    size: str,
    start: tuple[float, float],
    end: tuple[float, float],
    snapped: tuple[float, float],
) -> None:
    view.set_tokens([combatant("t", x=start[0], y=start[1], size=size)], None)
    token = view.token("t")
    assert token is not None
    port = view.viewport()
    with qtbot.waitSignal(view.tokenMoved) as moved:
        qtbot.mousePress(port, LEFT, pos=at(view, *start))
        qtbot.mouseMove(port, at(view, start[0] + 0.7, start[1] + 0.2))
        # While dragging the token follows the mouse freely, off the grid.
        assert token.pos().x() / SQUARE_PX == pytest.approx(start[0] + 0.7, abs=0.05)
        for share in (0.25, 0.5, 0.75, 1.0):
            qtbot.mouseMove(
                port,
                at(
                    view,
                    start[0] + (end[0] - start[0]) * share,
                    start[1] + (end[1] - start[1]) * share,
                ),
            )
        qtbot.mouseRelease(port, LEFT, pos=at(view, *end))
    assert moved.args == ["t", *snapped]
    assert (token.pos().x(), token.pos().y()) == (snapped[0] * SQUARE_PX, snapped[1] * SQUARE_PX)


def test_tokens_stay_put_when_not_editable_or_not_moved(qtbot: QtBot, view: MapView) -> None:
    view.set_tokens([combatant("t", x=2.5, y=2.5)], None)
    moves: list[object] = []
    view.tokenMoved.connect(lambda *args: moves.append(args))
    qtbot.mouseClick(view.viewport(), LEFT, pos=at(view, 2.5, 2.5))
    drag(qtbot, view, (2.5, 2.5), (2.8, 2.3))  # let go in the same square: it snaps back
    view.set_editable(False)
    drag(qtbot, view, (2.5, 2.5), (7.5, 7.5))
    token = view.token("t")
    assert token is not None and token.pos().x() == 2.5 * SQUARE_PX
    assert moves == []


def test_dropping_a_creature_gives_the_template_and_the_snapped_square(
    qtbot: QtBot,
    view: MapView,
) -> None:
    ogre = template("large")
    mime = QMimeData()
    mime.setData(CREATURE_MIME, template_to_mime(ogre))
    with qtbot.waitSignal(view.creatureDropped) as dropped:
        drop = drop_events(view, mime, 6.3, 4.6)
    assert drop.isAccepted()
    assert dropped.args == [ogre, 6.0, 5.0]
    mime_medium = QMimeData()
    mime_medium.setData(CREATURE_MIME, template_to_mime(template()))
    with qtbot.waitSignal(view.creatureDropped) as dropped:
        drop_events(view, mime_medium, 0.2, 14.9)
    assert dropped.args[1:] == [0.5, 14.5]


def test_foreign_or_broken_drops_are_refused(qtbot: QtBot, view: MapView) -> None:
    drops: list[object] = []
    view.creatureDropped.connect(lambda *args: drops.append(args))
    text = QMimeData()
    text.setText("an ogre")
    assert not drop_events(view, text, 3.5, 3.5).isAccepted()
    broken = QMimeData()
    broken.setData(CREATURE_MIME, b'{"name": "Ogre"}')
    with qtbot.waitSignal(view.warning) as warned:
        assert not drop_events(view, broken, 3.5, 3.5).isAccepted()
    assert "dropped creature could not be read" in warned.args[0]
    assert drops == []


def test_clicks_select_and_delete_double_click_activates(qtbot: QtBot, view: MapView) -> None:
    view.set_tokens([combatant("a", x=2.5, y=2.5), combatant("b", x=6.5, y=2.5)], None)
    with qtbot.waitSignal(view.selectionChangedIds) as selected:
        qtbot.mouseClick(view.viewport(), LEFT, pos=at(view, 6.5, 2.5))
    assert selected.args == [["b"]] and view.selected_ids() == ["b"]
    with qtbot.waitSignal(view.deleteRequested) as deleted:
        qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert deleted.args == [["b"]]
    with qtbot.waitSignal(view.tokenActivated) as activated:
        qtbot.mouseDClick(view.viewport(), LEFT, pos=at(view, 2.5, 2.5))
    assert activated.args == ["a"]
    with qtbot.waitSignal(view.selectionChangedIds) as selected:
        view.select_tokens(["a", "b"])
    assert selected.args == [["a", "b"]]
    with qtbot.waitSignal(view.deleteRequested) as deleted:
        qtbot.keyClick(view, Qt.Key.Key_Backspace)
    assert deleted.args == [["a", "b"]]


def test_right_click_opens_menus_and_right_drag_pans(qtbot: QtBot, view: MapView) -> None:
    view.set_tokens([combatant("a", x=2.5, y=2.5)], None)
    port = view.viewport()
    with qtbot.waitSignal(view.tokenContextMenu) as on_token:
        qtbot.mouseClick(port, RIGHT, pos=at(view, 2.5, 2.5))
    assert on_token.args[0] == "a"
    assert on_token.args[1] == port.mapToGlobal(at(view, 2.5, 2.5))
    with qtbot.waitSignal(view.mapContextMenu) as on_map:
        qtbot.mouseClick(port, RIGHT, pos=at(view, 10.5, 7.5))
    assert on_map.args[0] == pytest.approx(10.5, abs=0.05)
    assert on_map.args[1] == pytest.approx(7.5, abs=0.05)

    menus: list[object] = []
    view.mapContextMenu.connect(lambda *args: menus.append(args))
    view.tokenContextMenu.connect(lambda *args: menus.append(args))
    view.zoom_in()
    view.zoom_in()
    before = at(view, 10.0, 7.0)
    drag(qtbot, view, (10.0, 7.0), (8.0, 6.0), button=RIGHT)
    assert menus == []
    moved = at(view, 10.0, 7.0) - before
    assert moved.x() < -50 and moved.y() < -20  # the map followed the mouse

    view.select_tokens(["a"])
    with qtbot.waitSignal(view.tokenContextMenu) as from_keyboard:
        menu_key = QContextMenuEvent(
            QContextMenuEvent.Reason.Keyboard, QPoint(5, 5), port.mapToGlobal(QPoint(5, 5))
        )
        QApplication.sendEvent(port, menu_key)
    assert from_keyboard.args[0] == "a"


def test_planning_clicks_add_snapped_waypoints(qtbot: QtBot, view: MapView) -> None:
    view.set_tokens([combatant("a", x=2.5, y=2.5), combatant("b", x=6.5, y=2.5)], None)
    view.begin_planning("a", (2.5, 2.5), 1, RulerSpec(Pace(30, PACE_PER), 0.0, 6.0, CLOCK.label))
    assert view.is_planning()
    port = view.viewport()
    with qtbot.waitSignal(view.waypointAdded) as added:
        qtbot.mouseClick(port, LEFT, pos=at(view, 5.2, 2.9))
    assert added.args == [5.5, 2.5]
    with qtbot.waitSignal(view.waypointAdded) as added:
        qtbot.mouseClick(port, LEFT, pos=at(view, 6.6, 2.4))  # on token b: no selection
    assert added.args == [6.5, 2.5]
    assert view.planned_waypoints() == [(5.5, 2.5), (6.5, 2.5)]
    assert view.selected_ids() == []
    with qtbot.waitSignal(view.planningFinished):
        qtbot.keyClick(view, Qt.Key.Key_Return)
    with qtbot.waitSignal(view.planningCancelled):
        qtbot.keyClick(view, Qt.Key.Key_Escape)
    with qtbot.waitSignal(view.planningFinished):
        qtbot.mouseDClick(port, LEFT, pos=at(view, 9.5, 9.5))
    view.end_planning()
    assert not view.is_planning() and view.planned_waypoints() == [] and view.ruler_labels() == []


def test_ruler_shows_distance_feet_arrival_and_where_time_runs_out(
    qtbot: QtBot,
    view: MapView,
) -> None:
    view.begin_planning("a", (2.5, 2.5), 1, RulerSpec(Pace(30, PACE_PER), 0.0, 6.0, CLOCK.label))
    qtbot.mouseClick(view.viewport(), LEFT, pos=at(view, 5.5, 2.5))
    assert view.ruler_labels() == [f"3.0 sq · 15 ft · {CLOCK.label(3.0)}"]
    assert view.ruler_timeout_point() is None
    qtbot.mouseMove(view.viewport(), at(view, 10.4, 2.6))
    assert view.ruler_labels() == [
        "3.0 sq · 15 ft · Round 1, 9",
        f"time runs out ({CLOCK.label(6.0)})",
        "8.0 sq · 40 ft · Round 1, 4",
    ]
    assert view.ruler_timeout_point() == pytest.approx((8.5, 2.5))  # 6 squares along


def test_wheel_zooms_under_the_mouse_and_fit_shows_the_map(view: MapView) -> None:
    fitted = view.zoom_factor()
    port = view.viewport()
    anchor = at(view, 4.0, 4.0)
    wheel = QWheelEvent(
        QPointF(anchor),
        QPointF(port.mapToGlobal(anchor)),
        QPoint(0, 0),
        QPoint(0, 240),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(port, wheel)
    assert view.zoom_factor() == pytest.approx(fitted * 1.25**2)
    x, y = view.view_to_square(anchor)
    assert (x, y) == pytest.approx((4.0, 4.0), abs=0.05)
    view.zoom_out()
    assert view.zoom_factor() == pytest.approx(fitted * 1.25)
    view.fit_to_map()
    assert view.zoom_factor() == pytest.approx(fitted)
    area = port.rect()
    assert area.contains(at(view, 0, 0)) and area.contains(at(view, 20, 15))
    for _ in range(40):
        view.zoom_out()
    assert view.zoom_factor() >= 0.03


def test_arrow_keys_pan(qtbot: QtBot, view: MapView) -> None:
    view.zoom_in()
    view.zoom_in()
    before = at(view, 5.0, 5.0)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert at(view, 5.0, 5.0) == before - QPoint(64, 64)


def test_cursor_moved_reports_the_square_under_the_mouse(qtbot: QtBot, view: MapView) -> None:
    with qtbot.waitSignal(view.cursorMoved) as moved:
        qtbot.mouseMove(view.viewport(), at(view, 7.25, 3.75))
    assert moved.args == pytest.approx([7.25, 3.75], abs=0.05)


def test_missing_pictures_warn_and_fall_back(qtbot: QtBot, view: MapView, tmp_path: Path) -> None:
    with qtbot.waitSignal(view.warning) as warned:
        view.set_map(MapSpec(10, 10, background=Background("maps/ford.png", 10)), tmp_path)
    assert warned.args == ["background image not found: maps/ford.png"]
    assert not view.has_background_picture()
    with qtbot.waitSignal(view.warning) as warned:
        view.set_tokens([combatant("a", image="tokens/nope.png")], tmp_path)
    assert "tokens/nope.png" in warned.args[0]
    token = view.token("a")
    assert token is not None and not token.shows_picture and token.text == "A"

    picture = _picture(tmp_path / "maps" / "ford.png", QColor("#6a8f5a"))
    assert picture.exists()
    view.set_map(MapSpec(10, 10, background=Background("maps/ford.png", 10)), tmp_path)
    assert view.has_background_picture()


def test_positions_health_paths_and_markers(view: MapView) -> None:
    view.set_tokens([combatant("a", hp=10, max_hp=10), combatant("b", x=4.5)], None)
    view.set_positions({"a": (3.0, 4.0), "ghost": (1.0, 1.0)})
    token = view.token("a")
    assert token is not None and token.pos() == QPointF(3.0 * SQUARE_PX, 4.0 * SQUARE_PX)
    view.set_health({"a": 4})
    assert token.hp == 4 and not token.is_down and token.toolTip() == "A — 4/10 hp, AC 10"
    view.set_health({"a": 0})
    assert token.is_down
    view.set_plan_paths({"a": [(3.0, 4.0), (5.0, 4.0), (6.0, 6.0)]})
    view.set_markers([MapMarker(5.0, 4.0, "AoO: Thorin, 4.5", "#d0302a")])
    assert view.marker_texts() == ["AoO: Thorin, 4.5"]
    view.set_markers([])
    assert view.marker_texts() == []


def _picture(path: Path, color: QColor) -> Path:
    """A small picture with some structure, written to `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image = QImage(96, 96, QImage.Format.Format_ARGB32)
    image.fill(color)
    painter = QPainter(image)
    painter.fillRect(0, 0, 48, 48, color.darker(140))
    painter.fillRect(48, 48, 48, 48, color.lighter(130))
    painter.end()
    assert image.save(str(path))
    return path


def test_screenshot_of_a_battle(qtbot: QtBot, view: MapView, tmp_path: Path) -> None:
    _picture(tmp_path / "elf.png", QColor("#3f7f5f"))
    walls = (((5.0, 0.0), (5.0, 6.0), (9.0, 6.0)), ((12.0, 15.0), (12.0, 10.0), (14.0, 10.0)))
    view.set_map(MapSpec(20, 15, walls=walls), tmp_path)
    people = [
        combatant("thorin", name="Thorin", side="party", x=3.5, y=3.5),
        combatant("elf", name="Elaria", side="party", x=2.5, y=7.5, image="elf.png"),
        combatant("mage", name="Mira", side="party", x=4.5, y=9.5, hp=3, max_hp=14),
        combatant("g1", name="Goblin 1", side="goblins", x=10.5, y=3.5, size="small"),
        combatant("g2", name="Goblin 2", side="goblins", x=11.5, y=5.5, size="small", hp=0),
        combatant(
            "ogre", name="Ogre", side="monsters", x=15.0, y=8.0, size="large", hp=20, max_hp=29
        ),
        combatant("troll", name="Troll", side="monsters", x=16.5, y=3.5, size="huge"),
        combatant("wolf", name="Wolf", side="beasts", x=8.5, y=12.5, hp=9, max_hp=11),
    ]
    view.set_tokens(people, tmp_path)
    view.select_tokens(["thorin"])
    view.set_plan_paths(
        {"ogre": [(15.0, 8.0), (12.0, 8.0), (10.0, 6.0)], "wolf": [(8.5, 12.5), (6.5, 10.5)]}
    )
    view.set_markers([MapMarker(12.0, 8.0, "AoO: Thorin at 4.5", "#d0302a")])
    view.begin_planning(
        "thorin", (3.5, 3.5), 1, RulerSpec(Pace(30, PACE_PER), 0.0, 6.0, CLOCK.label)
    )
    qtbot.mouseClick(view.viewport(), LEFT, pos=at(view, 3.5, 6.0))
    qtbot.mouseClick(view.viewport(), LEFT, pos=at(view, 7.5, 7.5))
    qtbot.mouseMove(view.viewport(), at(view, 9.5, 10.2))
    assert len(view.ruler_labels()) == 4  # two waypoints, time runs out, the cursor

    shot = view.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    target = tmp_path / "map_view.png"
    assert shot.save(str(target))
    keep_copy(target)
    assert shot.width() == 900 and shot.height() == 700
    data = bytes(shot.constBits())
    colours = {data[i : i + 4] for i in range(0, len(data), 4 * 3)}
    assert len(colours) > 500
