"""A creature template: a stat block from the library, a combatant without a place in a fight.

It has no id and no position; dropping one on the map makes a Combatant of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.core.encounter import AttackProfile, Combatant

#: The keys of a template object in the order `to_json` writes them and the parser checks them.
TEMPLATE_KEYS = (
    "name",
    "side",
    "size",
    "speed",
    "reach",
    "hp",
    "ac",
    "init_mod",
    "dex",
    "attacks_per_round",
    "attacks",
    "concentration",
    "image",
)


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
        """The template as a JSON object, as a library file holds it: keys in TEMPLATE_KEYS
        order, `concentration` and `image` left out when they hold their default."""
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
