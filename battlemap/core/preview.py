"""What a planned path would run into, as values the window draws before anything is played."""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.core.encounter import Point


@dataclass(frozen=True)
class PreviewPoint:
    """One moment the path would meet: `kind` one of the ruleset's opportunities (d12: "aoo",
    "intercept"), by `who`, at `time`."""

    kind: str
    who: str
    time: float
    point: Point
