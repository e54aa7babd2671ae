"""Decisions are data: when a rule needs a person, the engine stops with one of these.

The window answers with a non-blocking prompt; headless runs answer with a policy. Either way
the answer goes back through `Engine.answer`, and the engine never blocks or sleeps.

Every input from outside the engine (a roll, a yes/no answer) carries a stable *key* that says
what it is for, independent of the order things are asked in: "initiative/thorin",
"thorin.r1.1/blow2/attack" (the attack roll of blow 2 of Thorin's first action of round 1),
"runner.r1.1/intercept/guard" (guard's intercept of runner during that move). A replay matches
the recorded answers by key, never by position, so adding a creature, removing one, or changing
a later plan never moves an answer onto another question.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from battlemap.core.errors import DecisionError


@dataclass(frozen=True)
class RollRequest:
    """A roll the rules need: `dice` is the notation ("1d20", "1d8+3"), `purpose` what it is for
    ("initiative", "attack", "damage", "concentration", "tie_break"), `key` the decision's
    stable key (unique in the fight)."""

    actor: str
    purpose: str
    dice: str
    description: str
    key: str
    #: A total typed at the table is taken whatever the dice could give (a skill check whose
    #: modifiers the table knows better: "A typed check result is always accepted").
    any_total: bool = False


@dataclass(frozen=True)
class RollDecision:
    """The engine waits for a person to roll: answer with the rolled total, or None to let the
    app roll."""

    request: RollRequest
    time: float

    @property
    def question(self) -> str:
        return f"{self.request.description}: roll {self.request.dice}"


@dataclass(frozen=True)
class ChoiceRequest:
    """An opportunity a person may take or decline: `kind` is one the ruleset declares
    (core.opportunities; it is logged as an event of that type with a `taken` field), `actor` who
    may act, `target` whom it is against, (`x`, `y`) the point, `at` the moment it happens,
    `key` the decision's stable key."""

    kind: str
    actor: str
    target: str
    x: float
    y: float
    at: float
    description: str
    key: str


@dataclass(frozen=True)
class ChoiceDecision:
    """The engine waits for a person to take (True) or decline (False) an opportunity."""

    request: ChoiceRequest
    time: float

    @property
    def question(self) -> str:
        return self.request.description


#: The kinds of question beyond rolls and opportunities, as the rulesets need them: a yes or
#: no, one of a few options, a whole number in bounds, and a declaration (what a combatant
#: will do, one of the options; a plan is a declaration answered in advance).
QUESTION_KINDS = frozenset({"yes_no", "pick", "number", "declaration"})

#: An answer to a Question: True/False, an option, or a whole number.
Answer = bool | str | int

#: Who may decide: a combatant's id, a side ("side:goblins") or the game master ("gm").
GAME_MASTER = "gm"


@dataclass(frozen=True)
class Question:
    """Any other decision a ruleset needs from outside the engine, keyed like rolls.

    `decider` is who answers (a combatant id, "side:<name>", or "gm"); `about` the combatant
    the answer is logged under; `options` what a pick or declaration may take; `low`..`high`
    a number's bounds; `default` what a headless run answers (None: it must be asked).
    """

    key: str
    kind: str
    decider: str
    about: str | None
    description: str
    options: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    default: Answer | None = None

    def check(self, answer: object) -> Answer:
        """`answer` if it fits the question; DecisionError naming the question if not."""
        if self.kind == "yes_no":
            if isinstance(answer, bool):
                return answer
            raise DecisionError(self.description, f"answer yes or no, got {answer!r}")
        if self.kind == "number":
            whole = isinstance(answer, int) and not isinstance(answer, bool)
            if whole and self.low <= answer <= self.high:  # type: ignore[operator]
                return answer  # type: ignore[return-value]
            raise DecisionError(
                self.description,
                f"answer a whole number from {self.low} to {self.high}, got {answer!r}",
            )
        if isinstance(answer, str) and answer in self.options:
            return answer
        raise DecisionError(
            self.description, f"answer one of {', '.join(self.options)}, got {answer!r}"
        )


@dataclass(frozen=True)
class QuestionDecision:
    """The engine waits for a person to answer a Question."""

    request: Question
    time: float

    @property
    def question(self) -> str:
        return self.request.description


Decision = RollDecision | ChoiceDecision | QuestionDecision


@dataclass(frozen=True)
class RecordedDecision:
    """A decision taken from an earlier log, fed back so that a replay never asks or rolls it
    again: a roll (`kind` "roll": `dice`, `total`, `detail`, `source`) or an answer to an
    opportunity (`kind` one of the ruleset's opportunities: `taken`). `key` is empty only in
    logs written before keys existed, which are matched in order once (see `Engine`)."""

    key: str
    kind: str
    time: float
    actor: str | None
    purpose: str
    dice: str = ""
    total: int = 0
    detail: str = ""
    source: str = ""
    taken: bool = False
    #: The answer to a Question (kind one of QUESTION_KINDS).
    value: Answer | None = None

    @property
    def answer(self) -> Answer | None:
        if self.kind == "roll":
            return self.total
        return self.value if self.kind in QUESTION_KINDS else self.taken


def decision_key(*parts: str) -> str:
    """A key from its parts, most general first: decision_key(action_id, "blow2", "attack")."""
    return "/".join(parts)


#: Says, for each roll the engine is about to make, whether a person wants to roll it.
AskPolicy = Callable[[RollRequest], bool]
#: Answers a Question at once, or None to ask a person.
AnswerPolicy = Callable[[Question], Answer | None]
#: Answers an opportunity at once (True take, False decline) or None to ask a person.
ChoicePolicy = Callable[[ChoiceRequest], bool | None]


def never_ask(_request: RollRequest) -> bool:
    """The headless default: the app rolls everything not fixed in the encounter file."""
    return False


def defaults(question: Question) -> Answer | None:
    """The headless default: each question's default answer (None asks, which headless runs
    treat as a ruleset bug: a question with no default must have a plan's answer)."""
    return question.default


def take_all(_request: ChoiceRequest) -> bool | None:
    """The headless default: every attack of opportunity is taken, every intercept accepted."""
    return True
