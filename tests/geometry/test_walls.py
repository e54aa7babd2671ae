"""Walls: "a path may not cross a wall (planning refuses it with a clear message at the point of
crossing), and a wall blocks a threat through it"."""

from __future__ import annotations

from battlemap.geometry.walls import WallIndex

ROOM = WallIndex([[(6.0, 4.0), (6.0, 8.0)], [(0.0, 10.0), (4.0, 10.0), (4.0, 14.0)]])


def test_path_crossing_a_wall_gives_the_exact_point() -> None:
    """ "a path may not cross a wall (planning refuses it ... at the point of crossing)" """
    assert ROOM.first_crossing((2.5, 5.5), (9.5, 5.5)) == (6.0, 5.5)
    # A slanted move: x = 6 is reached after 5.5 of 9 squares across, so y = 4.5 + 5.5 * 2 / 9.
    assert ROOM.first_crossing((0.5, 4.5), (9.5, 6.5)) == (6.0, 4.5 + 5.5 * 2 / 9)


def test_the_first_crossing_is_the_one_nearest_the_start() -> None:
    """Of two walls on the way, the nearer one stops the move."""
    walls = WallIndex([[(8.0, 0.0), (8.0, 9.0)], [(6.0, 0.0), (6.0, 9.0)]])
    assert walls.first_crossing((9.5, 4.5), (0.5, 4.5)) == (8.0, 4.5)


def test_first_crossing_on_a_path_names_the_leg() -> None:
    """The second leg of this path crosses the wall at (6, 6.5)."""
    points = [(2.5, 2.5), (2.5, 6.5), (9.5, 6.5), (9.5, 9.5)]
    assert ROOM.first_crossing_on(points) == (1, (6.0, 6.5))
    assert ROOM.first_crossing_on([(2.5, 2.5), (5.5, 2.5)]) is None


def test_touching_a_wall_end_counts_as_meeting_it() -> None:
    """A wall is solid to its ends: a move through its very end meets it there."""
    assert ROOM.first_crossing((5.0, 3.0), (7.0, 5.0)) == (6.0, 4.0)
    assert ROOM.first_crossing((5.5, 2.5), (5.5, 3.5)) is None


def test_running_along_a_wall_meets_it_where_the_overlap_begins() -> None:
    assert ROOM.first_crossing((6.0, 2.0), (6.0, 9.0)) == (6.0, 4.0)


def test_clear_segment() -> None:
    assert ROOM.first_crossing((0.5, 0.5), (5.5, 9.5)) is None
    assert not ROOM.blocks((0.5, 0.5), (5.5, 9.5))


def test_blocks_is_line_of_effect_through_the_open_segment() -> None:
    """A wall between blocks; one touching only an end point of the line does not."""
    assert ROOM.blocks((5.5, 5.5), (6.5, 5.5))
    assert not ROOM.blocks((5.5, 5.5), (6.0, 5.5))  # ends on the wall: that end is not "between"
    assert ROOM.blocks((5.5, 3.5), (6.5, 4.5))  # through the wall's very end at (6, 4)
    assert ROOM.blocked_from((5.5, 5.5), [(6.5, 5.5), (4.5, 5.5), (6.5, 1.5)]) == [
        True,
        False,
        False,
    ]


def test_a_polyline_wall_has_every_segment() -> None:
    assert len(ROOM) == 3
    assert ROOM.first_crossing((3.5, 12.5), (5.5, 12.5)) == (4.0, 12.5)
    assert (
        WallIndex([[(1.0, 1.0)], [(2.0, 2.0), (2.0, 2.0)]]).first_crossing((0, 0), (3, 3)) is None
    )
