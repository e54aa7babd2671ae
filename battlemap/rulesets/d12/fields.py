"""d12's own part of the encounter file: no fields beyond the shared 3e stats, and the log's
answers to its opportunities (`aoo`, `intercept` events)."""

from __future__ import annotations

from battlemap.core.fields import RulesetFields
from battlemap.core.opportunities import kinds
from battlemap.rulesets.d12.opportunity_kinds import D12_OPPORTUNITIES

D12_FIELDS = RulesetFields(opportunities=kinds(D12_OPPORTUNITIES))
