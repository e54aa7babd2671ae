"""A ruleset's own fields in the file: found by the ruleset's name, read and written as data.

Storage does not import rulesets (the layers point the other way), so the layer above both,
`battlemap/loading.py`, tells storage where a ruleset's fields come from (`use_fields`); until
it does, and for a ruleset nobody knows, there are none, and an unknown key is refused as ever.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from battlemap.core.errors import BattlemapError
from battlemap.core.fields import NO_FIELDS, FieldSpec, RulesetFields, StatValue
from battlemap.storage.json_fields import Node, describe, listing, read_bool, read_int, read_list

FieldsFor = Callable[[str], RulesetFields]


def _none(_name: str) -> RulesetFields:
    return NO_FIELDS


_resolver: FieldsFor = _none


def use_fields(resolver: FieldsFor) -> None:
    """Find each ruleset's fields with `resolver` (the ruleset's name to its fields)."""
    global _resolver
    _resolver = resolver


def fields_for(ruleset: str) -> RulesetFields:
    """The fields of the ruleset called `ruleset`; none if it is unknown (the rules check that
    follows every load says so, naming the file)."""
    try:
        return _resolver(ruleset)
    except BattlemapError:
        return NO_FIELDS


def read_stats(
    fields: Mapping[str, Node], specs: Mapping[str, FieldSpec]
) -> Mapping[str, StatValue]:
    """The values of the declared fields present in `fields`, checked against their specs."""
    return {
        name: read_stat(fields[name], name, spec) for name, spec in specs.items() if name in fields
    }


def read_stat(node: Node, name: str, spec: FieldSpec) -> StatValue:
    if spec.kind == "flag":
        return read_bool(node, name)
    if spec.kind == "choice":
        value = node.value
        if not isinstance(value, str) or value not in spec.choices:
            raise node.error(
                f"{name} must be one of {listing(list(spec.choices))} ({spec.meaning}), "
                f"got {describe(value)}"
            )
        return value
    expectation = f"a whole number from {spec.low} to {spec.high} ({spec.meaning})"
    if spec.kind == "whole":
        return read_int(node, name, expectation, lambda v: spec.low <= v <= spec.high)
    items = read_list(node, name, f"a list of whole numbers ({spec.meaning})", most=spec.most)
    return tuple(
        read_int(item, f"{name}[{index}]", expectation, lambda v: spec.low <= v <= spec.high)
        for index, item in enumerate(items)
    )


def stat_to_json(value: StatValue) -> object:
    return list(value) if isinstance(value, tuple) else value
