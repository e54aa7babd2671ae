"""Rules systems, one package each; `get_ruleset` finds one by the name an encounter gives."""

from __future__ import annotations

from battlemap.core.errors import EncounterError
from battlemap.rulesets.base import Ruleset


def available() -> tuple[str, ...]:
    """The names an encounter file's `ruleset` may take."""
    return ("d12",)


def get_ruleset(name: str, source: str = "") -> Ruleset:
    """The ruleset called `name`; EncounterError naming `source` if there is none."""
    if name == "d12":
        from battlemap.rulesets.d12.ruleset import D12Ruleset

        return D12Ruleset()
    raise EncounterError(
        f"{source}, ruleset" if source else "ruleset",
        f"unknown ruleset {name!r} (available: {', '.join(available())})",
    )
