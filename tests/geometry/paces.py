"""The pace the geometry tests time paths at.

Geometry takes its rate from the ruleset (`Pace.per`); these tests use d12's 30 feet of pace a
square a unit, so that 30 ft is one square a unit and the arithmetic in their docstrings stays
in whole numbers.
"""

from __future__ import annotations

from battlemap.geometry.path import Pace

PER = 30


def pace(feet: int) -> Pace:
    """`feet` of pace at the tests' rate."""
    return Pace(feet, PER)
