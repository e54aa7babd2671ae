"""Creature templates: the library's stat blocks, and how one travels in a drag and drop.

A template is a combatant without a place in a fight (no id, no position). Dropping one on the
map makes a Combatant of it. The drag payload is the template as JSON under CREATURE_MIME, so
the library dock and the map agree without importing each other.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from battlemap.core.encounter import AttackProfile, Combatant

#: The MIME type of a dragged creature template (its JSON, UTF-8).
CREATURE_MIME = "application/x-battlemap-creature"


@dataclass(frozen=True)
class CreatureTemplate:
    """A stat block from the library. `side` is where a dropped copy goes by default."""

    name: str
    size: str
    speed: int
    reach: int
    init_mod: int
    dex: int
    hp: int
    ac: int
    attacks: tuple[AttackProfile, ...]
    attacks_per_round: int
    concentration: int = 0
    side: str = "monsters"
    image: str | None = None

    def to_combatant(
        self, combatant_id: str, x: float, y: float, side: str | None = None
    ) -> Combatant:
        """A combatant made from this template, standing with its centre at (x, y)."""
        return Combatant(
            id=combatant_id,
            name=self.name,
            side=side if side is not None else self.side,
            x=x,
            y=y,
            size=self.size,
            speed=self.speed,
            reach=self.reach,
            init_mod=self.init_mod,
            dex=self.dex,
            hp=self.hp,
            ac=self.ac,
            attacks=self.attacks,
            attacks_per_round=self.attacks_per_round,
            concentration=self.concentration,
            image=self.image,
        )

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "name": self.name,
            "side": self.side,
            "size": self.size,
            "speed": self.speed,
            "reach": self.reach,
            "hp": self.hp,
            "ac": self.ac,
            "init_mod": self.init_mod,
            "dex": self.dex,
            "attacks_per_round": self.attacks_per_round,
            "attacks": [
                {"name": a.name, "bonus": a.bonus, "damage": a.damage}
                | ({"range": a.range} if a.range is not None else {})
                for a in self.attacks
            ],
        }
        if self.concentration:
            out["concentration"] = self.concentration
        if self.image is not None:
            out["image"] = self.image
        return out


def template_to_mime(template: CreatureTemplate) -> bytes:
    """The drag payload for `template`."""
    return json.dumps(template.to_json()).encode("utf-8")


def template_from_mime(payload: bytes) -> CreatureTemplate:
    """The template in a drag payload; ValueError if it is not one of ours."""
    data = json.loads(payload.decode("utf-8"))
    if not isinstance(data, dict):
        raise ValueError("not a creature template")
    return CreatureTemplate(
        name=str(data["name"]),
        side=str(data.get("side", "monsters")),
        size=str(data["size"]),
        speed=int(data["speed"]),
        reach=int(data["reach"]),
        hp=int(data["hp"]),
        ac=int(data["ac"]),
        init_mod=int(data["init_mod"]),
        dex=int(data["dex"]),
        attacks_per_round=int(data["attacks_per_round"]),
        attacks=tuple(
            AttackProfile(
                str(a["name"]),
                int(a["bonus"]),
                str(a["damage"]),
                None if a.get("range") is None else int(a["range"]),
            )
            for a in data["attacks"]
        ),
        concentration=int(data.get("concentration", 0)),
        image=None if data.get("image") is None else str(data["image"]),
    )
