"""The d12 events the timeline marks: blows, spells going off and lost, opportunities, readied
actions going off (a drop is the shared `down`, marked by the window itself)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from battlemap.core.events import Event
from battlemap.rulesets.base import Mark, Marking

_SPELL = Mark("spell")
_LOST = Mark("lost")
_TRIGGERED = Mark("triggered")


def _attack(e: Event) -> Mark:
    return Mark("hit" if e.get("hit") else "miss")


def _concentration(e: Event) -> Mark | None:
    """A failed check is the spell lost; one that holds is not worth a symbol."""
    return None if e.get("success", True) else _LOST


def _opportunity(e: Event) -> Mark:
    """An attack of opportunity or intercept is the mover's moment: on his lane, at its point
    in time."""
    return Mark("opportunity", lane=str(e["target"]), time=float(e.get("at", e.time)))


MARKERS: Mapping[str, Marking] = MappingProxyType(
    {
        "attack": _attack,
        "spell_effect": lambda e: _SPELL,
        "spell_lost": lambda e: _LOST,
        "concentration_check": _concentration,
        "aoo": _opportunity,
        "intercept": _opportunity,
        "triggered": lambda e: _TRIGGERED,
    }
)
