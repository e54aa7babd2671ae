"""Attacks of opportunity: "moving out of a square that an enemy threatens provokes, once per
attacker per round ..., at the exact moment the mover's centre leaves that square"."""

from __future__ import annotations

import itertools
import math

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry.footprint import Cell
from battlemap.geometry.path import Polyline, TimedPath
from battlemap.geometry.provocation import Exit, first_exits, five_foot_step
from battlemap.geometry.threat import Threatener, ThreatIndex, threatened_cells
from tests.geometry.paces import pace

FIGHTER = Threatener("fighter", (5.5, 5.5), 1, 5)  # threatens (4..6, 4..6) but (5, 5)


def _path(points: list[tuple[float, float]], start: float = 0.0, feet: int = 30) -> TimedPath:
    return TimedPath(Polyline.through(points), start, pace(feet))


def test_runner_passing_along_threatened_squares_provokes_once() -> None:
    """ "a runner passing along a fighter's threatened squares provokes exactly once, at the
    moment it leaves the first threatened square": along row 4 through (4, 4), (5, 4), (6, 4),
    from unit 12 at 30 ft (1 square a unit), it leaves (4, 4) at x = 5, 2.5 squares on."""
    runner = _path([(2.5, 4.5), (9.5, 4.5)], start=12.0)
    assert first_exits(runner, ThreatIndex([FIGHTER])) == [
        Exit("fighter", 14.5, (5.0, 4.5), (4, 4))
    ]


def test_whole_units_stay_whole_at_two_thirds_of_a_square() -> None:
    """At 20 ft (2/3 square a unit) the same exit, 2.5 squares on, is 3.75 units in."""
    runner = _path([(2.5, 4.5), (9.5, 4.5)], feet=20)
    assert first_exits(runner, ThreatIndex([FIGHTER])) == [
        Exit("fighter", 3.75, (5.0, 4.5), (4, 4))
    ]
    down = _path([(4.5, 10.0), (4.5, 0.5)], feet=20)  # leaves (4, 6) at y = 6: 4 squares, 6 units
    assert first_exits(down, ThreatIndex([FIGHTER]))[0].time == 6.0


def test_several_attackers_sorted_by_time_then_id() -> None:
    index = ThreatIndex(
        [
            Threatener("zed", (10.5, 5.5), 1, 5),  # threatens x 9..12
            Threatener("fighter", (5.5, 5.5), 1, 5),
            Threatener("amy", (10.5, 3.5), 1, 5),  # threatens row 4 too, same squares x 9..12
        ]
    )
    runner = _path([(2.5, 4.5), (14.5, 4.5)])
    assert first_exits(runner, index) == [
        Exit("fighter", 2.5, (5.0, 4.5), (4, 4)),
        Exit("amy", 7.5, (10.0, 4.5), (9, 4)),
        Exit("zed", 7.5, (10.0, 4.5), (9, 4)),
    ]
    assert [e.threatener for e in first_exits(runner, index, exclude={"amy"})] == [
        "fighter",
        "zed",
    ]


def test_ending_in_a_threatened_square_provokes_nothing() -> None:
    """Moving into a threatened square and stopping there does not leave it."""
    assert first_exits(_path([(2.5, 5.5), (4.5, 5.5)]), ThreatIndex([FIGHTER])) == []
    assert first_exits(_path([(2.5, 5.5), (5.0, 5.5)]), ThreatIndex([FIGHTER])) == []  # on its edge


def test_sliding_along_the_outside_edge_provokes_nothing() -> None:
    """Coming from row 3 along the line y = 4 (the zone's lower edge), the mover stays in row 3."""
    path = _path([(2.5, 3.5), (3.0, 4.0), (8.0, 4.0), (8.5, 3.5)])
    assert first_exits(path, ThreatIndex([FIGHTER])) == []


def test_sliding_along_the_inside_edge_provokes_at_the_first_line() -> None:
    """Coming from row 4 onto y = 4, the mover is in row 4 and leaves (4, 4) crossing x = 5."""
    path = _path([(3.5, 4.5), (4.0, 4.0), (8.0, 4.0)])
    exits = first_exits(path, ThreatIndex([FIGHTER]))
    assert exits == [Exit("fighter", math.sqrt(0.5) + 1.0, (5.0, 4.0), (4, 4))]


def test_through_a_corner_leaves_diagonally() -> None:
    """From (4, 4) to (3, 3) exactly through the corner (4, 4): one exit, at the corner."""
    path = _path([(4.5, 4.5), (2.5, 2.5)])
    assert first_exits(path, ThreatIndex([FIGHTER])) == [
        Exit("fighter", math.sqrt(0.5), (4.0, 4.0), (4, 4))
    ]


def test_withdraw_spares_only_the_first_square() -> None:
    """ "the first square left by a withdraw does not provoke from enemies it began adjacent
    to": from (6, 5) east, the 5-ft fighter threatens nothing more; a 10-ft troll threatens (7, 5)
    too, and leaving that square still provokes."""
    withdraw = _path([(6.5, 5.5), (10.5, 5.5)])
    index = ThreatIndex([FIGHTER])
    assert first_exits(withdraw, index) == [Exit("fighter", 0.5, (7.0, 5.5), (6, 5))]
    assert first_exits(withdraw, index, spare_first_cell_from={"fighter"}) == []
    troll = ThreatIndex([Threatener("troll", (5.5, 5.5), 1, 10)])
    assert first_exits(withdraw, troll, spare_first_cell_from={"troll"}) == [
        Exit("troll", 1.5, (8.0, 5.5), (7, 5))
    ]


def test_five_foot_step_is_recognised() -> None:
    """ "A 5-foot step (a single square of movement, no other movement that round) provokes
    nothing": the step itself leaves a threatened square, so the engine must recognise it."""
    step = Polyline.through([(6.5, 5.5), (7.5, 6.5)])  # diagonal, through the corner
    assert five_foot_step(step)
    assert first_exits(TimedPath(step, 0.0, pace(30)), ThreatIndex([FIGHTER])) != []
    assert five_foot_step(Polyline.through([(6.5, 5.5), (7.5, 5.5)]))
    assert five_foot_step(Polyline.through([(6.5, 5.5), (6.8, 5.2)]))  # within the square
    assert not five_foot_step(Polyline.through([(6.5, 5.5), (8.5, 5.5)]))
    assert not five_foot_step(Polyline.through([(6.5, 5.5), (7.5, 5.5), (6.5, 5.5)]))
    assert not five_foot_step(Polyline.through([(6.5, 5.5), (7.5, 6.6)]))  # clips (6, 6) first


def _distance_to_path(polyline: Polyline, point: tuple[float, float]) -> float:
    """Plain arithmetic (shapely returns inf for lines only 1e-308 long)."""
    if len(polyline.points) == 1:
        return math.dist(polyline.points[0], point)
    best = math.inf
    for (ax, ay), (bx, by) in itertools.pairwise(polyline.points):
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        f = ((point[0] - ax) * dx + (point[1] - ay) * dy) / length2 if length2 else 0.0
        f = min(max(f, 0.0), 1.0)
        best = min(best, math.dist((ax + f * dx, ay + f * dy), point))
    return best


# --- properties -------------------------------------------------------------------------------

# Half the coordinates on the half-square grid, so lines, corners and centres come up often.
coord = st.one_of(
    st.floats(-2, 14, allow_nan=False, allow_subnormal=False),
    st.integers(-4, 28).map(lambda v: v / 2),
)
threateners = st.builds(
    lambda i, j, size, reach, weapon: Threatener(
        "t", (i + size / 2, j + size / 2), size, reach, weapon
    ),
    st.integers(2, 8),
    st.integers(2, 8),
    st.sampled_from([1, 1, 2, 3]),
    st.sampled_from([5, 10, 15]),
    st.booleans(),
)
paths = st.builds(
    lambda pts, start, feet: TimedPath(Polyline.through(pts), start, pace(feet)),
    st.lists(st.tuples(coord, coord), min_size=2, max_size=5),
    st.sampled_from([0.0, 6.5, 12.0]),
    st.sampled_from([20, 30, 40]),
)


def _on_boundary(point: tuple[float, float], cell: Cell) -> bool:
    box = shapely.box(cell[0], cell[1], cell[0] + 1, cell[1] + 1)
    return bool(box.exterior.distance(shapely.Point(point)) < 1e-9)


@settings(max_examples=400, deadline=None)
@given(threatener=threateners, path=paths)
def test_provocation_point_is_on_the_path_and_a_threatened_square_boundary(
    threatener: Threatener, path: TimedPath
) -> None:
    """ "property tests (hypothesis) that a provocation point always lies on the path and on the
    boundary of a threatened square"; its time is the path's time at that point."""
    cells = threatened_cells(threatener)
    for exit_ in first_exits(path, ThreatIndex([threatener])):
        assert _distance_to_path(path.polyline, exit_.point) < 1e-9
        assert exit_.cell in cells
        assert _on_boundary(exit_.point, exit_.cell)
        # clean_time may move a time by under 1e-9 unit onto a whole unit: rate x 1e-9 squares.
        assert math.dist(path.position_at(exit_.time), exit_.point) < 1e-9 * (1 + path.rate)
        assert path.start_time <= exit_.time <= path.end_time


@settings(max_examples=300, deadline=None)
@given(
    threatener=threateners,
    points=st.lists(st.tuples(st.floats(-2, 14), st.floats(-2, 14)), min_size=2, max_size=4),
)
def test_no_exit_is_missed_or_late(
    threatener: Threatener, points: list[tuple[float, float]]
) -> None:
    """Walked in steps of 1/50 square: wherever two samples inside squares show the centre
    leaving a threatened square, the exact exit exists and is no later."""
    path = TimedPath(Polyline.through(points), 0.0, pace(30))
    cells = threatened_cells(threatener)
    exits = first_exits(path, ThreatIndex([threatener]))
    steps = math.ceil(path.polyline.length * 50)
    if steps == 0:
        return
    samples = [path.polyline.point_at(path.polyline.length * k / steps) for k in range(steps + 1)]

    def inside(p: tuple[float, float]) -> bool:
        return all(abs(v - round(v)) > 1e-9 for v in p)

    for k in range(steps):
        a, b = samples[k], samples[k + 1]
        if not (inside(a) and inside(b)):
            continue
        ca, cb = (math.floor(a[0]), math.floor(a[1])), (math.floor(b[0]), math.floor(b[1]))
        if ca in cells and ca != cb:
            assert exits, f"missed leaving {ca}"
            assert exits[0].time <= path.polyline.length * (k + 1) / steps + 1e-9
            break
