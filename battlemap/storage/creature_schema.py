"""The creature library's fields: a library file and the template objects in it (which are
also what a dragged creature carries), checked as strictly as an encounter file.
"""

from __future__ import annotations

from battlemap.core.errors import BattlemapError
from battlemap.storage.creature_template import TEMPLATE_KEYS, CreatureTemplate
from battlemap.storage.json_fields import (
    Node,
    check_format_and_version,
    describe,
    read_int,
    read_list,
    read_object,
    read_text,
)
from battlemap.storage.limits import (
    HIT_POINTS,
    MAX_CREATURES,
    MODIFIER,
    REACH,
    SPEED,
    Limit,
)
from battlemap.storage.stat_fields import (
    WHOLE,
    parse_attacks,
    read_ac,
    read_attacks_per_round,
    read_dex,
    read_feet,
    read_image,
    read_size,
)

LIBRARY_FORMAT = "battlemap-creatures"
LIBRARY_VERSION = 1
LIBRARY_KEYS = ("format", "version", "creatures")
#: A creature's hit points: a fresh one has at least 1, as many as a combatant may.
_FRESH_HP = Limit(1, HIT_POINTS.high)


class LibraryError(BattlemapError):
    """A creature library file, or a dragged creature, is not valid."""


def parse_library(data: object, source: str) -> tuple[CreatureTemplate, ...]:
    """The templates that a decoded library file describes, in file order.

    Raises LibraryError naming `source` and the place on the first problem; names must be
    unique within a file, since the library lists creatures by name.
    """
    root = Node(data, source, kind=LibraryError)
    if not isinstance(data, dict):
        raise root.error(
            f"a creature library must hold a JSON object {{...}}, got {describe(data)}"
        )
    check_format_and_version(root, "creature library", LIBRARY_FORMAT, LIBRARY_VERSION)
    fields = read_object(root, "a creature library", LIBRARY_KEYS)
    templates: list[CreatureTemplate] = []
    first_use: dict[str, int] = {}
    for index, item in enumerate(
        read_list(
            fields["creatures"],
            "creatures",
            "a list of creatures",
            most=MAX_CREATURES,
            items="creatures",
        )
    ):
        template = parse_template(item)
        if template.name in first_use:
            raise item.child("name").error(
                f"duplicate creature name {template.name!r}: "
                f"creatures[{first_use[template.name]}] already uses it"
            )
        first_use[template.name] = index
        templates.append(template)
    return tuple(templates)


def parse_template(node: Node) -> CreatureTemplate:
    """The template in the object at `node`, fields checked in TEMPLATE_KEYS order."""
    fields = read_object(
        node, "a creature", TEMPLATE_KEYS, optional=("side", "concentration", "image")
    )
    name = read_text(fields["name"], "name")
    side = read_text(fields["side"], "side") if "side" in fields else "monsters"
    size = read_size(fields["size"])
    speed = read_feet(fields["speed"], "speed", SPEED)
    reach = read_feet(fields["reach"], "reach", REACH)
    # A combatant may start a fight at 0 hp or below; a creature fresh from the library may not.
    hp = read_int(
        fields["hp"], "hp", "a whole number, 1 or more", lambda v: v >= 1, limit=_FRESH_HP
    )
    ac = read_ac(fields["ac"])
    init_mod = read_int(fields["init_mod"], "init_mod", WHOLE, limit=MODIFIER)
    dex = read_dex(fields["dex"])
    attacks_per_round = read_attacks_per_round(fields["attacks_per_round"])
    attacks = parse_attacks(fields["attacks"])
    concentration = 0
    if "concentration" in fields:
        concentration = read_int(fields["concentration"], "concentration", WHOLE, limit=MODIFIER)
    image = read_image(fields["image"], "image") if "image" in fields else None
    return CreatureTemplate(
        name=name,
        side=side,
        size=size,
        speed=speed,
        reach=reach,
        hp=hp,
        ac=ac,
        init_mod=init_mod,
        dex=dex,
        attacks_per_round=attacks_per_round,
        attacks=attacks,
        concentration=concentration,
        image=image,
    )
