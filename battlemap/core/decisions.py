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


#: The kinds of yes-or-no opportunities the rules offer; each is logged as an event of that
#: type with a `taken` field, which is how a replay answers them again.
CHOICE_KINDS = frozenset({"aoo", "intercept"})


@dataclass(frozen=True)
class ChoiceRequest:
    """An opportunity a person may take or decline: `kind` is one of CHOICE_KINDS, `actor` who
    may act, `target` whom it is against, (`x`, `y`) the point, `at` the moment it happens."""

    kind: str
    actor: str
    target: str
    x: float
    y: float
    at: float
    description: str


@dataclass(frozen=True)
class ChoiceDecision:
    """The engine waits for a person to take (True) or decline (False) an opportunity."""

    request: ChoiceRequest
    time: float

    @property
    def question(self) -> str:
        return self.request.description


Decision = RollDecision | ChoiceDecision

#: Says, for each roll the engine is about to make, whether a person wants to roll it.
AskPolicy = Callable[[RollRequest], bool]
#: Answers an opportunity at once (True take, False decline) or None to ask a person.
ChoicePolicy = Callable[[ChoiceRequest], bool | None]


def never_ask(_request: RollRequest) -> bool:
    """The headless default: the app rolls everything not fixed in the encounter file."""
    return False


def take_all(_request: ChoiceRequest) -> bool | None:
    """The headless default: every attack of opportunity is taken, every intercept accepted."""
    return True
