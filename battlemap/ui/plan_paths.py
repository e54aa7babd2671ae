"""Which planned paths the map shows: the movements not yet begun at the playhead."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from battlemap.core.encounter import Encounter, Point
from battlemap.core.events import Event


def pending_paths(
    encounter: Encounter, events: Sequence[Event], time: float, positions: Mapping[str, Point]
) -> dict[str, list[Point]]:
    """Each combatant's planned movement still to come, chained from where he stands now.

    A combatant's plans run in order (round, then file order), and each one either starts an
    action or is dropped, so the number of action_start and plan_skipped events so far says
    how many of his plans are under way or done; the rest are still to come.
    """
    begun: dict[str, int] = {}
    for event in events:
        if event.time > time:
            break
        if event.type in ("action_start", "plan_skipped") and event.actor is not None:
            begun[event.actor] = begun.get(event.actor, 0) + 1
    paths: dict[str, list[Point]] = {}
    by_actor: dict[str, list[int]] = {}
    for index, plan in enumerate(encounter.plans):
        by_actor.setdefault(plan.actor, []).append(index)
    for actor, indices in by_actor.items():
        ordered = sorted(indices, key=lambda i: (encounter.plans[i].round, i))
        here = positions.get(actor)
        if here is None:
            continue
        line: list[Point] = [here]
        for i in ordered[begun.get(actor, 0) :]:
            line.extend(encounter.plans[i].path)
        if len(line) > 1:
            paths[actor] = line
    return paths
