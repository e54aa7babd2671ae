"""d12 initiative: a d12 plus the modifier, folded into 1..12 with surprise or penalty rounds."""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.rulesets.d12.clock import UNITS_PER_ROUND


@dataclass(frozen=True)
class Initiative:
    """One combatant's initiative, as the text's worked example states it."""

    roll: int
    modifier: int
    total: int
    count: int
    surprise_rounds: int
    penalty_rounds: int

    @property
    def first_round(self) -> int:
        """The first round he acts in: surprise rounds are 0, -1, ...; penalties skip 1, 2..."""
        return 1 - self.surprise_rounds + self.penalty_rounds

    @classmethod
    def from_roll(cls, roll: int, modifier: int) -> Initiative:
        """ "repeatedly subtract 12 ... until the value is between 1 and 12" (or add 12)."""
        total = roll + modifier
        # The text's loop done by division: a modifier of 10**18 would loop for minutes.
        # rounds_over is how many times 12 is subtracted (or, below 1, minus how many times
        # it is added) to land in 1..12.
        rounds_over = (total - 1) // UNITS_PER_ROUND
        count = total - rounds_over * UNITS_PER_ROUND
        surprise, penalty = max(rounds_over, 0), max(-rounds_over, 0)
        return cls(roll, modifier, total, count, surprise, penalty)


@dataclass(frozen=True)
class Contender:
    """What orders two combatants who begin on the same unit."""

    id: str
    total: int
    dex: int


def tie_groups(contenders: list[Contender]) -> list[list[Contender]]:
    """Contenders sorted best first, grouped where total and Dexterity are both equal.

    "For two characters with the same initiative, action order is determined by Dexterity
    scores as normal (and if the Dex scores are equal, by a coin flip)." Equal counts with
    different totals are not a tie: the higher total (a surprise-round earner) goes first.
    """
    ordered = sorted(contenders, key=lambda c: (-c.total, -c.dex, c.id))
    groups: list[list[Contender]] = []
    for contender in ordered:
        if groups and (groups[-1][0].total, groups[-1][0].dex) == (contender.total, contender.dex):
            groups[-1].append(contender)
        else:
            groups.append([contender])
    return groups
