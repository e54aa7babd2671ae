"""What the timeline draws, read from the event log: action bars and event markers.

No Qt here: the dock turns these values into pictures, and tests can check the reading of the
log on its own. Which events are marked, and how, the ruleset says (`Ruleset.markers`); a drop
(the shared `down`) is marked whatever the ruleset. Words for tooltips are made on demand
(hovering is rare, logs are long).
"""

from __future__ import annotations

import bisect
import dataclasses
import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from battlemap.core.clock import RoundClock
from battlemap.core.events import Event
from battlemap.rulesets.base import Mark, Marking


@dataclass(frozen=True)
class Lane:
    """One combatant's row on the timeline: `id` as in the events, `name` as shown."""

    id: str
    name: str
    side: str


class MarkerKind(enum.Enum):
    """The kinds of moment marked on a lane; each has its own symbol. The values are the
    `MARK_SYMBOLS` a ruleset's `Mark` names."""

    HIT = "hit"
    MISS = "miss"
    SPELL = "spell"  # a spell goes off
    LOST = "lost"  # a spell lost, or the failed Concentration check that lost it
    DOWN = "down"
    OPPORTUNITY = "opportunity"  # an attack of opportunity or intercept, on the mover's lane
    TRIGGERED = "triggered"  # a readied action goes off


@dataclass(frozen=True)
class Marker:
    """A moment worth a symbol on `actor`'s lane."""

    time: float
    actor: str
    kind: MarkerKind
    event: Event


@dataclass(frozen=True)
class Bar:
    """One action from its `action_start` to its `action_end`.

    Until the end arrives the bar runs to the planned end (`ends`); `blows` are the planned
    blow times of a full attack.
    """

    id: str
    actor: str
    action: str
    start: float
    planned_end: float
    blows: tuple[float, ...]
    start_event: Event
    end_event: Event | None = None

    @property
    def end(self) -> float:
        """Where the bar stops: the actual end once known, else the planned one."""
        return self.end_event.time if self.end_event is not None else self.planned_end

    @property
    def is_open(self) -> bool:
        return self.end_event is None

    @property
    def cut_short(self) -> bool:
        """Ended before its planned end (a spell lost, a combatant dropping)."""
        return self.end_event is not None and self.end_event.time < self.planned_end


@dataclass(frozen=True)
class Changes:
    """What one batch of events added: new bars, bars that got their end, new markers."""

    new_bars: list[Bar]
    ended_bars: list[Bar]
    markers: list[Marker]


#: The shared vocabulary's marks, under the ruleset's.
SHARED_MARKERS: Mapping[str, Marking] = MappingProxyType({"down": lambda e: Mark("down")})

_KINDS = {kind.value: kind for kind in MarkerKind}


class TimelineContent:
    """Bars and markers read from a growing log, kept in time order for fast look-ups."""

    def __init__(self, markers: Mapping[str, Marking] | None = None) -> None:
        """`markers`: the ruleset's, by event type (`Ruleset.markers`)."""
        self._marking: Mapping[str, Marking] = {**SHARED_MARKERS, **(markers or {})}
        self.bars: list[Bar] = []  # in start order
        self.markers: list[Marker] = []  # in time order
        self._bar_index: dict[str, int] = {}
        self._bars_by_actor: dict[str, list[int]] = {}
        self._markers_by_actor: dict[str, list[Marker]] = {}
        # Blows (hits and misses) by lane, and everything else marked: zoomed out, a lane's
        # blows are thinned by jumping slot to slot, while the rarer marks are all drawn.
        self._blows_by_actor: dict[str, list[Marker]] = {}
        self.notable: list[Marker] = []  # in time order
        # The longest bar so far: a bar starting this much before the view may still show.
        self.longest = 0.0
        self.down_since: dict[str, float] = {}

    def add(self, events: Iterable[Event]) -> Changes:
        """Read more events (in time order, as the engine appends them)."""
        changes = Changes([], [], [])
        for event in events:
            if event.type == "action_start" and event.actor is not None:
                self._start(event, changes)
            elif event.type == "action_end":
                self._end(event, changes)
            marking = self._marking.get(event.type)
            mark = marking(event) if marking is not None and event.actor is not None else None
            kind = None if mark is None else _KINDS.get(mark.symbol)
            if mark is not None and kind is not None and event.actor is not None:
                lane = event.actor if mark.lane is None else mark.lane
                when = event.time if mark.time is None else mark.time
                marker = Marker(when, lane, kind, event)
                # insort, not append: a caller adding a batch out of order still gets order.
                bisect.insort(self.markers, marker, key=lambda m: m.time)
                bisect.insort(
                    self._markers_by_actor.setdefault(lane, []), marker, key=lambda m: m.time
                )
                if kind in (MarkerKind.HIT, MarkerKind.MISS):
                    bisect.insort(
                        self._blows_by_actor.setdefault(lane, []), marker, key=lambda m: m.time
                    )
                else:
                    bisect.insort(self.notable, marker, key=lambda m: m.time)
                changes.markers.append(marker)
                if kind is MarkerKind.DOWN:
                    self.down_since.setdefault(event.actor, event.time)
        return changes

    def _start(self, event: Event, changes: Changes) -> None:
        assert event.actor is not None
        bar = Bar(
            id=str(event["id"]),
            actor=event.actor,
            action=str(event["action"]),
            start=event.time,
            planned_end=float(event.get("ends", event.time)),
            blows=tuple(float(t) for t in event.get("blows") or ()),
            start_event=event,
        )
        if bar.id in self._bar_index:  # the same log fed twice: keep the first reading
            return
        self._bar_index[bar.id] = len(self.bars)
        self._bars_by_actor.setdefault(bar.actor, []).append(len(self.bars))
        self.bars.append(bar)
        self.longest = max(self.longest, bar.planned_end - bar.start)
        changes.new_bars.append(bar)

    def _end(self, event: Event, changes: Changes) -> None:
        index = self._bar_index.get(str(event.get("id")))
        if index is None:  # its start is not in what we were given; nothing to end
            return
        bar = dataclasses.replace(self.bars[index], end_event=event)
        self.bars[index] = bar
        self.longest = max(self.longest, bar.end - bar.start)
        changes.ended_bars.append(bar)

    def bar(self, bar_id: str) -> Bar:
        return self.bars[self._bar_index[bar_id]]

    def visible_bars(self, left: float, right: float) -> Iterable[Bar]:
        """The bars that overlap [left, right], using the start order to skip the rest."""
        first = bisect.bisect_left(self.bars, left - self.longest, key=lambda b: b.start)
        last = bisect.bisect_right(self.bars, right, key=lambda b: b.start)
        for bar in self.bars[first:last]:
            if bar.end >= left:
                yield bar

    def visible_markers(self, left: float, right: float) -> Sequence[Marker]:
        first = bisect.bisect_left(self.markers, left, key=lambda m: m.time)
        last = bisect.bisect_right(self.markers, right, key=lambda m: m.time)
        return self.markers[first:last]

    def lane_blows(self, actor: str) -> Sequence[Marker]:
        """The hits and misses on `actor`'s lane, in time order."""
        return self._blows_by_actor.get(actor, [])

    def visible_notable(self, left: float, right: float) -> Sequence[Marker]:
        """The marks other than blows in [left, right], in time order."""
        first = bisect.bisect_left(self.notable, left, key=lambda m: m.time)
        last = bisect.bisect_right(self.notable, right, key=lambda m: m.time)
        return self.notable[first:last]

    def markers_near(self, actor: str, time: float, tolerance: float) -> list[Marker]:
        lane = self._markers_by_actor.get(actor, [])
        first = bisect.bisect_left(lane, time - tolerance, key=lambda m: m.time)
        last = bisect.bisect_right(lane, time + tolerance, key=lambda m: m.time)
        return lane[first:last]

    def bars_at(self, actor: str, time: float) -> list[Bar]:
        return [
            self.bars[i]
            for i in self._bars_by_actor.get(actor, [])
            if self.bars[i].start <= time <= self.bars[i].end
        ]


# --- words for tooltips -----------------------------------------------------------------------

_NOUNS: Mapping[str, str] = {
    "full_attack": "full attack",
    "double_move": "double move",
    "full_round": "full-round action",
    "standard": "standard action",
}


def bar_caption(bar: Bar, name_of: Callable[[str], str]) -> str:
    """The short text inside a bar: "full attack → goblin", "cause fear → Thorin"."""
    spell = bar.start_event.get("spell")
    if bar.action == "cast" and isinstance(spell, Mapping) and spell.get("name"):
        what = str(spell["name"])
    else:
        what = _NOUNS.get(bar.action, bar.action.replace("_", " "))
    target = bar.start_event.get("target")
    return f"{what} → {name_of(str(target))}" if target else what


def describe_event(event: Event, clock: RoundClock, name_of: Callable[[str], str]) -> str:
    """A plain line for a marked event, when no Narrator is at hand (or it says nothing)."""
    who = name_of(event.actor or "?")
    if event.type == "down":
        text = f"{who} drops at {event.get('hp')} hp"
    else:
        text = f"{who}: {event.type.replace('_', ' ')}"
        if event.get("target"):
            text += f" ({name_of(str(event['target']))})"
    return f"{clock.label(event.time)}: {text}"


def describe_bar(bar: Bar, clock: RoundClock, name_of: Callable[[str], str]) -> str:
    """A plain sentence for a bar: what, from when, until when (and how it ended)."""
    caption = bar_caption(bar, name_of)
    text = f"{clock.label(bar.start)}: {name_of(bar.actor)}, {caption}"
    if bar.end_event is None:
        return f"{text}, until {clock.label(bar.planned_end)} (planned)"
    result = str(bar.end_event.get("result", "done"))
    ended = f"ended {clock.label(bar.end)}" + ("" if result == "done" else f": {result}")
    return f"{text}, {ended}"
