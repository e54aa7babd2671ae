"""The seam between the engine and a rules system.

The engine runs processes and keeps the log; a ruleset says how a round is divided and
labelled, how initiative works, which actions exist and how they resolve.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from battlemap.core.clock import RoundClock
from battlemap.core.encounter import Combatant, Encounter, Point
from battlemap.core.events import Event
from battlemap.core.fields import RulesetFields
from battlemap.core.narration import Sentence
from battlemap.core.opportunities import Opportunity
from battlemap.core.planning_choice import PlanChoice
from battlemap.core.preview import PreviewPoint
from battlemap.core.roster_columns import (
    ARMOUR_CLASS,
    RosterColumn,
    initiative_count,
    initiative_total,
)
from battlemap.core.standing import Standing
from battlemap.core.state import Reducer, State
from battlemap.core.time_words import PLAIN_UNITS, TimeWords
from battlemap.geometry.path import Pace
from battlemap.geometry.walls import WallIndex

if TYPE_CHECKING:
    from battlemap.core.engine import Engine

#: The symbols the timeline draws: a blow that hits or misses, a spell going off, a spell lost,
#: a combatant dropping, an opportunity (on the mover's lane), a readied action going off.
MARK_SYMBOLS = ("hit", "miss", "spell", "lost", "down", "opportunity", "triggered")


@dataclass(frozen=True)
class Mark:
    """How the timeline marks one event: one of `MARK_SYMBOLS`, on the lane of `lane` (None:
    the event's actor) at `time` (None: the event's time)."""

    symbol: str
    lane: str | None = None
    time: float | None = None


#: A ruleset's marking of one event type: the event to its Mark, or None (not marked).
Marking = Callable[[Event], Mark | None]


class Ruleset(Protocol):
    """What every rules system provides to the engine, the file loader and the window."""

    name: str
    clock: RoundClock
    #: Reducers for event types of this ruleset's own, beside the generic ones in core.state
    #: (or instead of one: a ruleset's `initiative` is its own). They may write the state's
    #: `rules` and `pairs` and each combatant's `rules`: the ruleset's state, rebuilt from the log.
    reducers: Mapping[str, Reducer]
    #: Sentences for its own event types (or its own way of telling a shared one).
    sentences: Mapping[str, Sentence]
    #: How the timeline marks its events, by event type (the shared `down` is marked already).
    markers: Mapping[str, Marking]
    #: Its own fields in the encounter file (combatants, plans, sides), read by storage.
    fields: RulesetFields
    #: Action names a plan may use, with their duration in units (for planning and validation).
    actions: Mapping[str, int]
    #: Actions that move along waypoints the game master clicks, with the multiple of the
    #: combatant's speed they move at (the planning ruler measures with it).
    path_actions: Mapping[str, int]
    #: The feet of pace (speed x that multiple) that cover one square in one unit of its clock:
    #: a mover covers feet / pace_per squares a unit. Geometry times every path with it
    #: (geometry.path.Pace) and knows no rate of its own; d12 says 30, Combat Experience 5.
    pace_per: int

    def validate(self, encounter: Encounter, source: str) -> None:
        """Raise EncounterError naming `source` and the place if the encounter breaks the rules."""
        ...

    def start(self, engine: Engine) -> None:
        """Spawn the processes that run the fight (initiative, rounds, actions)."""
        ...

    def standing(self, combatant: Combatant) -> Standing | None:
        """The initiative the combatant's typed roll gives before the fight rolls it (the roster
        and planning show it); None when no roll is set."""
        ...

    def standing_of(self, state: State, combatant_id: str) -> Standing | None:
        """The combatant's initiative as the fight has it in `state` (its `count` the one he
        acts on now), read from the ruleset's own state; None before the fight gives him one.
        The roster and planning show it, and `standing` before it."""
        ...

    def preview(
        self,
        state: State,
        actor: str,
        points: Sequence[Point],
        start_time: float,
        feet: int,
        duration: float,
        walls: WallIndex | None = None,
    ) -> list[PreviewPoint]:
        """What a path being planned would run into (attacks of opportunity, intercepts), in
        time order: `points` start at the mover, who covers `feet` in `duration` units."""
        ...

    # --- what the window shows and asks (read through the *_of helpers below) ---------------

    #: What the planning bar offers, in order, and how each is planned (core.planning_choice).
    plannable: Sequence[PlanChoice]
    #: The initiative set-up the window opens (Fight > initiative): "d12" (a d12 per
    #: combatant), "combat-experience" (each side's situation, fearless flags, typed checks),
    #: or "none" (nothing to set up: the fight rolls what it needs).
    initiative_setup: str
    #: How the window words the clock's unit (stepping, the playback speed) and whether
    #: playback passes over units where nothing happens (core.time_words).
    time_words: TimeWords
    #: The opportunities it offers (d12: attacks of opportunity and intercepts), each asked
    #: as a ChoiceRequest of its kind; the window's prompts, menu toggles and markers and the
    #: command line's `--no-<kind>` flags come from these. Its `fields.opportunities` must
    #: name the same kinds (the saved log's check reads them there).
    opportunities: Sequence[Opportunity]
    #: The roll purposes a player makes for his own combatant when the table rolls its own
    #: dice (d12: attack, damage, concentration).
    player_rolls: frozenset[str]
    #: The roster's columns between hit points and the notes (core.roster_columns; d12: AC,
    #: Init, Count).
    roster_columns: Sequence[RosterColumn]


def pace_of(ruleset: Ruleset, feet: int) -> Pace:
    """The pace of `feet` (speed x an action's multiple) on the ruleset's clock."""
    return Pace(feet, ruleset.pace_per)


#: No marks of a ruleset's own: the timeline marks only the shared `down`.
NO_MARKS: Mapping[str, Marking] = MappingProxyType({})


def markers_of(ruleset: Ruleset) -> Mapping[str, Marking]:
    """The ruleset's `markers`; none for a ruleset written before the member existed (it then
    shows only drops on the timeline, and stays playable)."""
    found: Mapping[str, Marking] = getattr(ruleset, "markers", NO_MARKS)
    return found


#: The roster's columns for a ruleset that declares none: armour class and its standing.
PLAIN_ROSTER: tuple[RosterColumn, ...] = (
    ARMOUR_CLASS,
    initiative_total("Initiative total"),
    initiative_count("The count the combatant acts on"),
)


def roster_columns_of(ruleset: Ruleset) -> tuple[RosterColumn, ...]:
    """The ruleset's `roster_columns`; armour class and its standing for a ruleset written
    before the member existed."""
    return tuple(getattr(ruleset, "roster_columns", PLAIN_ROSTER))


def opportunities_of(ruleset: Ruleset) -> Sequence[Opportunity]:
    """The ruleset's `opportunities`; none for a ruleset written before the member existed."""
    found: Sequence[Opportunity] = getattr(ruleset, "opportunities", ())
    return found


def opportunity_named(ruleset: Ruleset, kind: str) -> Opportunity | None:
    """The ruleset's opportunity of `kind`, or None."""
    return next((o for o in opportunities_of(ruleset) if o.kind == kind), None)


def player_rolls_of(ruleset: Ruleset) -> frozenset[str]:
    """The ruleset's `player_rolls`; none for a ruleset written before the member existed."""
    found: frozenset[str] = getattr(ruleset, "player_rolls", frozenset())
    return found


def plannable_of(ruleset: Ruleset) -> Sequence[PlanChoice]:
    """The ruleset's `plannable`; for a ruleset written before the member existed, its path
    actions planned by waypoints and its other actions planned at once."""
    found: Sequence[PlanChoice] | None = getattr(ruleset, "plannable", None)
    if found is not None:
        return found
    return tuple(
        PlanChoice(
            action,
            action.replace("_", " ").capitalize(),
            "path" if action in ruleset.path_actions else "none",
        )
        for action in ruleset.actions
    )


def initiative_setup_of(ruleset: Ruleset) -> str:
    """The ruleset's `initiative_setup`, "none" when it names none."""
    found: str = getattr(ruleset, "initiative_setup", "none")
    return found


def time_words_of(ruleset: Ruleset) -> TimeWords:
    """The ruleset's `time_words`, plain "units" when it has none."""
    found: TimeWords = getattr(ruleset, "time_words", PLAIN_UNITS)
    return found


#: A reading of the fight at a moment: the value a dial shows (None: nothing to show).
DialReading = Callable[[State], int | None]
#: The value an event sets a dial to for its round (None: the event says nothing of it).
DialSetting = Callable[[Event], int | None]


@dataclass(frozen=True)
class Dial:
    """A fight-wide value the window draws big: in a corner of the map at the playhead
    (`label` and `read`, "Escalation 3") and on the timeline, round by round (`short` and
    `set_by`, "Esc 3"), since a round's value is said by the log, not a replayed state."""

    label: str
    short: str
    tip: str
    read: DialReading
    set_by: DialSetting


def dials_of(ruleset: Ruleset) -> tuple[Dial, ...]:
    """The ruleset's `dials`; none for a ruleset that declares none (d12, Combat Experience)."""
    return tuple(getattr(ruleset, "dials", ()))


#: Which pairs of combatants the map links at a state (13th Age: the engaged pairs), each pair
#: once, in a stable order.
LinkReading = Callable[[State], tuple[tuple[str, str], ...]]


def _no_links(_state: State) -> tuple[tuple[str, str], ...]:
    return ()


def links_of(ruleset: Ruleset) -> LinkReading:
    """The ruleset's `links`; a reading of no pairs for a ruleset that declares none."""
    found: LinkReading = getattr(ruleset, "links", _no_links)
    return found
