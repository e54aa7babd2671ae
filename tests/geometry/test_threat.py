"""Threatened squares: "a combatant threatens the squares within its reach of its footprint (reach
5 ft: the 8 squares around a medium creature; reach 10 ft: the ring two squares out, not the
adjacent squares, for reach weapons; natural 10-ft reach threatens both)"."""

from __future__ import annotations

import shapely

from battlemap.geometry.threat import (
    Threatener,
    ThreatIndex,
    threat_zone,
    threatened_cells,
)
from battlemap.geometry.walls import WallIndex


def _ring(lo: int, hi: int, distance: int) -> set[tuple[int, int]]:
    """The squares at Chebyshev distance `distance` from the block lo..hi x lo..hi."""
    return {
        (i, j)
        for i in range(lo - distance, hi + distance + 1)
        for j in range(lo - distance, hi + distance + 1)
        if max(lo - i, i - hi, lo - j, j - hi) == distance
    }


def test_reach_5_medium_threatens_the_8_squares_around() -> None:
    """ "reach 5 ft: the 8 squares around a medium creature" """
    fighter = Threatener("fighter", (5.5, 5.5), 1, 5)
    assert threatened_cells(fighter) == {
        (4, 4), (4, 5), (4, 6), (5, 4), (5, 6), (6, 4), (6, 5), (6, 6),
    }  # fmt: skip


def test_reach_5_large_threatens_12_squares() -> None:
    """A large (2x2) creature at (2, 2) covers (1, 1)-(2, 2) and threatens the 12 around it."""
    ogre = Threatener("ogre", (2.0, 2.0), 2, 5)
    assert threatened_cells(ogre) == {
        (0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 3),
        (2, 0), (2, 3), (3, 0), (3, 1), (3, 2), (3, 3),
    }  # fmt: skip


def test_reach_weapon_threatens_the_ring_not_adjacent_squares() -> None:
    """ "reach 10 ft: the ring two squares out, not the adjacent squares, for reach weapons" """
    guard = Threatener("guard", (5.5, 5.5), 1, 10, reach_weapon=True)
    assert threatened_cells(guard) == {
        (3, 3), (3, 4), (3, 5), (3, 6), (3, 7),
        (4, 3), (4, 7), (5, 3), (5, 7), (6, 3), (6, 7),
        (7, 3), (7, 4), (7, 5), (7, 6), (7, 7),
    }  # fmt: skip
    assert not threatened_cells(guard) & _ring(5, 5, 1)


def test_large_reach_weapon_wielder() -> None:
    """Large, footprint (4, 4)-(5, 5): a 10-ft reach weapon threatens only the ring two out (20
    squares); the 20-ft reach of a large creature's reach weapon, distances 3 and 4 (3e: "15 or
    20 feet away, but not adjacent creatures or creatures up to 10 feet away")."""
    assert threatened_cells(Threatener("g", (5.0, 5.0), 2, 10, reach_weapon=True)) == {
        (2, 2), (2, 3), (2, 4), (2, 5), (2, 6), (2, 7),
        (3, 2), (3, 7), (4, 2), (4, 7), (5, 2), (5, 7), (6, 2), (6, 7),
        (7, 2), (7, 3), (7, 4), (7, 5), (7, 6), (7, 7),
    }  # fmt: skip
    far = threatened_cells(Threatener("g", (5.0, 5.0), 2, 20, reach_weapon=True))
    assert far == _ring(4, 5, 3) | _ring(4, 5, 4)
    assert len(far) == 64


def test_natural_10_ft_reach_threatens_both_rings() -> None:
    """ "natural 10-ft reach threatens both" """
    troll = Threatener("troll", (5.5, 5.5), 1, 10)
    assert threatened_cells(troll) == _ring(5, 5, 1) | _ring(5, 5, 2)
    assert len(threatened_cells(troll)) == 24
    giant = Threatener("giant", (5.5, 5.5), 3, 15)  # huge, footprint (4, 4)-(6, 6)
    assert threatened_cells(giant) == _ring(4, 6, 1) | _ring(4, 6, 2) | _ring(4, 6, 3)


def test_a_wall_between_them_blocks_the_threat() -> None:
    """ "a wall blocks a threat through it": a wall along x = 6 from y = 4 to 8 hides the three
    squares east of the fighter (their centre lines cross it at y = 5, 5.5 and 6)."""
    fighter = Threatener("fighter", (5.5, 5.5), 1, 5)
    walls = WallIndex([[(6.0, 4.0), (6.0, 8.0)]])
    assert threatened_cells(fighter, walls) == {(4, 4), (4, 5), (4, 6), (5, 4), (5, 6)}


def test_a_line_through_a_wall_end_is_blocked() -> None:
    """The line from (5.5, 5.5) to the centre of (6, 4) crosses x = 6 at y = 5: a wall from
    (6, 5) up blocks it through its very end; one from (6, 5.25) up is passed below."""
    fighter = Threatener("fighter", (5.5, 5.5), 1, 5)
    assert (6, 4) not in threatened_cells(fighter, WallIndex([[(6.0, 5.0), (6.0, 8.0)]]))
    assert (6, 4) in threatened_cells(fighter, WallIndex([[(6.0, 5.25), (6.0, 8.0)]]))


def test_zone_is_the_union_of_the_squares() -> None:
    zone = threat_zone(Threatener("fighter", (5.5, 5.5), 1, 5))
    assert zone.area == 8.0
    assert zone.bounds == (4.0, 4.0, 7.0, 7.0)
    assert not zone.contains(shapely.Point(5.5, 5.5))  # never the footprint itself


def test_index_returns_only_threateners_whose_zone_meets_the_line() -> None:
    """ "Use an STRtree ... to pick candidates; never test every pair" """
    index = ThreatIndex(
        [
            Threatener("near", (5.5, 5.5), 1, 5),
            Threatener("far", (50.5, 50.5), 1, 5),
            Threatener("edge", (10.5, 2.5), 1, 5),  # zone x 9..12, y 1..4: touched at y = 4
        ]
    )
    line = shapely.LineString([(0.5, 4.0), (20.5, 4.0)])
    assert [t.id for t in index.candidates(line)] == ["near", "edge"]
    assert index.candidates(shapely.LineString([(30.5, 30.5), (31.5, 30.5)])) == []
