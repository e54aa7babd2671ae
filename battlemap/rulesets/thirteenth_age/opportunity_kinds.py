"""The opportunities 13th Age offers, as the engine, the log, the window and the command line
know them: opportunity attacks on a foe moving away, and intercepts of a mover going past."""

from __future__ import annotations

from battlemap.core.opportunities import Opportunity

OPPORTUNITY_ATTACK = Opportunity(
    kind="opportunity_attack",
    name="opportunity attack",
    short="OA",
    offer="Offer opportunity attacks",
    offer_tip="Pause when a mover leaves a foe he is engaged with, or shoots while engaged",
    decline_help="decline every opportunity attack",
    taken="{who} makes an opportunity attack on {whom}",
    declined="{who} lets {whom} go (no opportunity attack)",
    # Taken "at the table", the basic melee attack's rolls are the player's.
    rolls=("attack", "damage"),
    resolved_by="attack",
    tone="danger",
)

INTERCEPT = Opportunity(
    kind="intercept",
    name="intercept",
    short="Intercept",
    offer="Offer intercepts",
    offer_tip="Pause when an unengaged enemy nearby can cut a mover off",
    decline_help="decline every intercept",
    taken="{who} intercepts {whom}",
    declined="{who} lets {whom} pass",
    tone="caution",
)

OPPORTUNITIES: tuple[Opportunity, ...] = (OPPORTUNITY_ATTACK, INTERCEPT)

#: The rolls a player makes for his own combatant when the table rolls its own dice.
PLAYER_ROLLS = frozenset({"attack", "damage", "disengage", "death_save", "save"})
