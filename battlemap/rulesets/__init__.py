"""Rules systems, one package each; `get_ruleset` finds one by the name an encounter gives.

The registry names each ruleset's class by import path, so a ruleset's package is imported only
when an encounter asks for it (and `tests/test_layers.py` can check that nothing outside
rulesets/ names one). `register` adds a ruleset from outside this package: a test's own tiny
ruleset proves that a ruleset is one package and nothing else.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from battlemap.core.errors import EncounterError
from battlemap.rulesets.base import Ruleset

#: Ruleset name -> "module:Class" of its class (instantiated with no arguments).
_BUILT_IN: dict[str, str] = {
    "d12": "battlemap.rulesets.d12.ruleset:D12Ruleset",
    "combat-experience": "battlemap.rulesets.combat_experience.ruleset:CombatExperienceRuleset",
    "13th-age": "battlemap.rulesets.thirteenth_age.ruleset:ThirteenthAgeRuleset",
}
_REGISTERED: dict[str, Callable[[], Ruleset]] = {}


def available() -> tuple[str, ...]:
    """The names an encounter file's `ruleset` may take."""
    return (*_BUILT_IN, *(name for name in _REGISTERED if name not in _BUILT_IN))


def register(name: str, factory: Callable[[], Ruleset]) -> None:
    """Make the ruleset `factory` builds available under `name` (a plug-in, or a test's)."""
    _REGISTERED[name] = factory


def unregister(name: str) -> None:
    _REGISTERED.pop(name, None)


def get_ruleset(name: str, source: str = "") -> Ruleset:
    """The ruleset called `name`; EncounterError naming `source` if there is none."""
    factory = _REGISTERED.get(name)
    if factory is not None:
        return factory()
    path = _BUILT_IN.get(name)
    if path is not None:
        module, _, cls = path.partition(":")
        ruleset: Ruleset = getattr(importlib.import_module(module), cls)()
        return ruleset
    raise EncounterError(
        f"{source}, ruleset" if source else "ruleset",
        f"unknown ruleset {name!r} (available: {', '.join(available())})",
    )
