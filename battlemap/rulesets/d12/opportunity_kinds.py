"""The opportunities d12 offers, as the engine, the log, the window and the command line know
them: D&D 3e's attacks of opportunity, and intercepts (this project's rule, an encounter option)."""

from __future__ import annotations

from battlemap.core.opportunities import Opportunity

ATTACK_OF_OPPORTUNITY = Opportunity(
    kind="aoo",
    name="attack of opportunity",
    short="AoO",
    offer="Offer attacks of opportunity",
    offer_tip="Pause when a mover leaves a threatened square",
    decline_help="decline every attack of opportunity",
    taken="{who} attacks {whom} (opportunity)",
    declined="{who} lets {whom} go (no opportunity attack)",
    # Taken "at the table", the blow's rolls are the players' (a miss ends it at the attack).
    rolls=("attack", "damage"),
    resolved_by="attack",
    tone="danger",
)

INTERCEPT = Opportunity(
    kind="intercept",
    name="intercept",
    short="Intercept",
    offer="Offer intercepts",
    offer_tip="Pause when a free enemy can cut a mover off",
    decline_help="decline every intercept",
    taken="{who} intercepts {whom}",
    declined="{who} lets {whom} pass",
    tone="caution",
    # The project's rule, not the text's: the encounter's options.intercepts says whether the
    # table plays it (ask, auto) or not (off).
    setting="intercepts",
)

D12_OPPORTUNITIES: tuple[Opportunity, ...] = (ATTACK_OF_OPPORTUNITY, INTERCEPT)

#: The rolls a player makes for his own combatant when the table rolls its own dice (the
#: window's "Players roll their own dice"); the rest (initiative, saves) stay the app's.
D12_PLAYER_ROLLS = frozenset({"attack", "damage", "concentration"})
