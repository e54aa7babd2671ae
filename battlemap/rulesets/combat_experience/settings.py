"""The skill roll's dice, penalty dice and degrees of success: settings with documented defaults.

The Combat Experience text rests on "basic mechanics" from an earlier chapter that is not given:
how a skill roll is rolled, what a penalty die does and what a degree of success is. These are
therefore a game master's settings, `CheckRules`, and the defaults are the choice explained in
docs/rules/combat-experience.md:

- **The check is 2d12 + Combat Experience.** The text is titled "d12 Combat", speaks of penalty
  *dice* (dice added to a pool, not a flat minus) and sets difficulties of 10 to 25 in steps of
  5: two d12s (2 to 24, 13 on average) plus the skill put 10 within reach of anyone and 25
  within reach of the experienced only. `combat_experience` is the whole modifier of the roll
  (the skill with its Willpower already added, as the game master writes it on the sheet).
- **A penalty die is one more die rolled, and the highest dropped:** with one penalty die the
  check is 3d12, keep the lowest two (about -3 on average); with three, 5d12 keep the lowest two
  (about -6).
- **One degree of success per full 5 points over the difficulty:** meeting the difficulty is a
  success with 0 degrees, beating it by 5 to 9 gives 1, by 10 to 14 gives 2. A failure has none.

A typed check result (the table rolled it, maybe with its own house rules) is always accepted as
the total: nothing here checks a total against the dice.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.core.errors import BattlemapError

#: "Combat round is 6 seconds."
ROUND_SECONDS = 6

#: The most dice one check may roll (the check's own and its penalty dice together); the
#: dice notation Battlemap rolls accepts at most 100 in one expression.
MAX_CHECK_DICE = 50


@dataclass(frozen=True)
class CheckRules:
    """How a Combat Experience check is rolled and read.

    `dice` d`sides` + the combatant's `combat_experience`; each penalty die rolls one die more
    and drops the highest; each full `degree_step` points over the difficulty is a degree of
    success. `scary_penalty_dice` is how many penalty dice "something particularly scary" gives
    the scared side's opening check (the text says "penalty dice" without a number).
    `armour_per_penalty_die` turns a defence's penalty dice into the armour-class penalty of the
    3e attacks the combatants use: a frozen combatant's three penalty dice are -6 AC.
    """

    dice: int = 2
    sides: int = 12
    degree_step: int = 5
    scary_penalty_dice: int = 1
    armour_per_penalty_die: int = 2

    def __post_init__(self) -> None:
        _require(self.dice, "dice", low=1, high=MAX_CHECK_DICE)
        _require(self.sides, "sides", low=2, high=1000)
        _require(self.degree_step, "degree_step", low=1, high=1000)
        _require(self.scary_penalty_dice, "scary_penalty_dice", low=0, high=MAX_CHECK_DICE)
        _require(self.armour_per_penalty_die, "armour_per_penalty_die", low=0, high=100)

    def notation(self, modifier: int, penalty_dice: int = 0) -> str:
        """The dice notation of a check with `modifier` and `penalty_dice`:
        "2d12+4", or "4d12kl2+4" with two penalty dice."""
        _require(penalty_dice, "penalty_dice", low=0, high=MAX_CHECK_DICE - self.dice)
        rolled = self.dice + penalty_dice
        dice = f"{rolled}d{self.sides}"
        if penalty_dice:
            dice += f"kl{self.dice}"
        if modifier == 0:
            return dice
        return f"{dice}{modifier:+d}"

    def degrees(self, total: int, difficulty: int) -> int:
        """Degrees of success of `total` against `difficulty`: 0 for a bare success (and for a
        failure, which has none), then one per full `degree_step` over the difficulty."""
        if total < difficulty:
            return 0
        return (total - difficulty) // self.degree_step

    def armour_penalty(self, penalty_dice: int) -> int:
        """The armour-class modifier for defending with `penalty_dice` (0 or less)."""
        _require(penalty_dice, "penalty_dice", low=0, high=MAX_CHECK_DICE)
        return -penalty_dice * self.armour_per_penalty_die


def _require(value: int, name: str, *, low: int, high: int) -> None:
    # bool is an int to Python; a True "dice" is a slip, not one die.
    if isinstance(value, bool) or not isinstance(value, int):
        raise BattlemapError(name, f"must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise BattlemapError(name, f"must be between {low} and {high}, not {value}")


#: The defaults, as docs/rules/combat-experience.md describes them.
DEFAULT_RULES = CheckRules()
