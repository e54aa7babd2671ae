"""Footprints: "Size changes the footprint (large 2x2, huge 3x3)"."""

from __future__ import annotations

from battlemap.geometry.footprint import footprint_cells, footprint_polygon


def test_medium_covers_its_square() -> None:
    """A medium token on square (i, j) has its centre at (i + 0.5, j + 0.5)."""
    assert footprint_cells((3.5, 4.5), 1) == ((3, 4),)
    assert footprint_polygon((3.5, 4.5), 1).bounds == (3.0, 4.0, 4.0, 5.0)


def test_large_and_huge_cover_2x2_and_3x3() -> None:
    """ "Size changes the footprint (large 2x2, huge 3x3)." """
    assert footprint_cells((2.0, 2.0), 2) == ((1, 1), (1, 2), (2, 1), (2, 2))
    assert footprint_cells((5.5, 5.5), 3) == tuple((i, j) for i in (4, 5, 6) for j in (4, 5, 6))
    assert footprint_polygon((5.5, 5.5), 3).area == 9.0


def test_a_centre_between_positions_snaps_to_the_nearest() -> None:
    """Mid-move, a token counts on the footprint position nearest its centre; halves round up."""
    assert footprint_cells((2.3, 1.8), 2) == ((1, 1), (1, 2), (2, 1), (2, 2))
    assert footprint_cells((3.2, 4.9), 1) == ((3, 4),)
    assert footprint_cells((1.0, 1.0), 1) == ((1, 1),)
    assert footprint_cells((2.5, 2.5), 2) == ((2, 2), (2, 3), (3, 2), (3, 3))
