"""d12's own part of the encounter file: the fields beyond the shared 3e stats, and the log's
answers to its opportunities (`aoo`, `intercept` events).

- combatants: `str` (the Strength score, for trips: 3e's opposed Strength check) and `aoo`
  (how `battlemap simulate` takes his attacks of opportunity: a plain `attack` or a `trip`;
  the window asks);
- plans: `defensively` (a cast made defensively: a Concentration check instead of provoking);
- the encounter's `options`: `intercepts` (`ask`, `off` or `auto`: the intercept is this
  project's rule, not the text's, so the table decides whether it plays it).
"""

from __future__ import annotations

from types import MappingProxyType

from battlemap.core.fields import FieldSpec, RulesetFields
from battlemap.core.opportunities import kinds
from battlemap.rulesets.d12.opportunity_kinds import D12_OPPORTUNITIES

#: 3e: a creature with no Strength score given is average.
DEFAULT_STRENGTH = 10
#: How an attack of opportunity is taken unless the combatant's `aoo` says otherwise.
AOO_WAYS = ("attack", "trip")
INTERCEPT_SETTINGS = ("ask", "off", "auto")

D12_FIELDS = RulesetFields(
    combatant=MappingProxyType(
        {
            "str": FieldSpec("whole", "the Strength score, for trips", low=1, high=99),
            "aoo": FieldSpec(
                "choice", "how simulate takes his attacks of opportunity", choices=AOO_WAYS
            ),
        }
    ),
    plan=MappingProxyType(
        {"defensively": FieldSpec("flag", "cast defensively: a Concentration check, no AoO")}
    ),
    encounter=MappingProxyType(
        {
            "intercepts": FieldSpec(
                "choice", "how intercepts are offered", choices=INTERCEPT_SETTINGS
            )
        }
    ),
    opportunities=kinds(D12_OPPORTUNITIES),
)
