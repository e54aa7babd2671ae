"""What a ruleset offers the planning bar, as plain values: its actions and how each is planned.

The window builds its planning toolbar, the Plan menu and a token's right-click menu from a
ruleset's `plannable` list, and plans each action the way its `how` says; a ruleset's own
triggers and readied actions fill the Ready (or Wait) dialog. Nothing here knows Qt or a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: How an action is planned in the window:
#: "path": waypoints clicked on the map (with the live ruler), Enter to finish;
#: "target": a click on the target's token;
#: "spell": a click on the target (or Esc for none), then the spell's name and level;
#: "count": a later count of the round picked on the timeline (a d12 delay);
#: "number": a number typed in a small dialog, in the ruleset's count range (`fields.counts`),
#:     e.g. the initiative a Combat Experience drop goes to;
#: "ready": a trigger and the action it sets off, chosen in the Ready dialog (`PlanChoice.ready`);
#: "none": nothing more: planned at once.
PlanHow = Literal["path", "target", "spell", "count", "number", "ready", "none"]
PLAN_HOWS: tuple[PlanHow, ...] = ("path", "target", "spell", "count", "number", "ready", "none")

#: Whom a trigger's "whom to watch" list holds: one enemy (chosen), any enemy or any ally (or
#: one of them), or no one (a trigger on a count).
Watch = Literal["enemy", "any enemy", "any ally", "count"]
#: How a readied action is completed: at a target (or whoever sets it off), a spell (its name
#: and level, and a target), a path clicked on the map after the dialog, or nothing more.
ReadiedHow = Literal["target", "spell", "path", "none"]


@dataclass(frozen=True)
class TriggerChoice:
    """One trigger the Ready dialog offers: `event` is the plan's `trigger.event`, `text` what
    the game master reads ("an enemy starts casting"); `area`: the trigger is an area of squares
    dragged out on the map."""

    event: str
    text: str
    watch: Watch
    area: bool = False


@dataclass(frozen=True)
class ReadiedChoice:
    """One action a ready may hold: its name, its label, and how it is completed."""

    action: str
    label: str
    how: ReadiedHow = "none"


@dataclass(frozen=True)
class ReadyChoices:
    """What the Ready dialog offers for a ruleset's readied action: its triggers, the actions
    it may set off, and yes/no choices stored in the plan's own fields (`Plan.extra`) as
    (field, label), e.g. Combat Experience's ("interrupt", "Try to interrupt ...")."""

    triggers: tuple[TriggerChoice, ...]
    readied: tuple[ReadiedChoice, ...]
    flags: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class PlanChoice:
    """One action of the planning bar: the plan's `action`, the button's `label`, an optional
    one-key `shortcut`, a `tip`, and `how` it is planned (`PlanHow`). `prompt` says what a
    "number" is ("Drop to initiative"); `ready` holds a "ready" action's choices;
    `most_squares` bounds an instant step by distance instead of time."""

    action: str
    label: str
    how: PlanHow
    shortcut: str = ""
    tip: str = ""
    prompt: str = ""
    ready: ReadyChoices | None = None
    #: A path action that goes at most this far and takes no time of its own (d12's 5-foot
    #: step: one square); None for a movement bounded by its time.
    most_squares: float | None = None

    def __post_init__(self) -> None:
        if self.how not in PLAN_HOWS:
            raise ValueError(f"{self.action}: unknown way to plan {self.how!r}")
        if self.how == "ready" and self.ready is None:
            raise ValueError(f"{self.action}: a ready needs its ReadyChoices")
