"""Decisions are data: when a rule needs a person, the engine stops with one of these.

The window answers with a non-blocking prompt; headless runs answer with a policy. Either way
the answer goes back through `Engine.answer`, and the engine never blocks or sleeps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class RollRequest:
    """A roll the rules need: `dice` is the notation ("1d20", "1d8+3"), `purpose` what it is for
    ("initiative", "attack", "damage", "concentration", "tie_break")."""

    actor: str
    purpose: str
    dice: str
    description: str


@dataclass(frozen=True)
class RollDecision:
    """The engine waits for a person to roll: answer with the rolled total, or None to let the
    app roll."""

    request: RollRequest
    time: float

    @property
    def question(self) -> str:
        return f"{self.request.description}: roll {self.request.dice}"


Decision = RollDecision

#: Says, for each roll the engine is about to make, whether a person wants to roll it.
AskPolicy = Callable[[RollRequest], bool]


def never_ask(_request: RollRequest) -> bool:
    """The headless default: the app rolls everything not fixed in the encounter file."""
    return False
