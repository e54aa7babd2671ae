"""The roster's rows: each combatant's hit points, the ruleset's columns (d12: AC, initiative
and count) and notes, as the game master reads them."""

from __future__ import annotations

from battlemap.core.encounter import Encounter
from battlemap.core.roster_columns import cells
from battlemap.rulesets.base import roster_columns_of
from battlemap.ui.library_dock import RosterRow
from battlemap.ui.session import FightSession


def roster_rows(encounter: Encounter, session: FightSession) -> list[RosterRow]:
    """One row per combatant: hit points and statuses at the playhead; initiative from the
    fight once it rolled it, or from the rolls set before it (the Initiative dialog or the
    file). Values, so the model reports only the rows that differ from those it shows."""
    state = session.state()
    columns = roster_columns_of(session.ruleset)
    rows = []
    for c in encounter.combatants:
        now = state[c.id]
        # As it stands at the playhead (a delay moves the count), or as typed before the fight.
        standing = session.ruleset.standing_of(state, c.id) or session.ruleset.standing(c)
        rows.append(
            RosterRow(
                id=c.id,
                name=c.name,
                side=c.side,
                hp=now.hp,
                max_hp=c.hit_points_max,
                cells=cells(columns, c, state, standing),
                initiative_total=None if standing is None else standing.total,
                count=None if standing is None else standing.count,
                surprise_rounds=0 if standing is None else standing.surprise_rounds,
                penalty_rounds=0 if standing is None else standing.penalty_rounds,
                statuses=tuple(sorted(now.statuses)),
            )
        )
    return rows
