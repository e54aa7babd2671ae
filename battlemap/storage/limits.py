"""How big a file and the values in it may be: caps the loaders refuse past, each with a clear
message, so that a hand-edited or hostile file can neither hang the program nor exhaust its
memory. docs/encounter-format.md ("Limits") lists them for people.

Every cap is far beyond any real fight; each is set by what would break first past it (the
window painting a path, d20 parsing a roll, the memory a file's objects take).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    """The range a whole number (or a number) must fall in, and its unit for messages."""

    low: int
    high: int
    unit: str = ""

    def holds(self, value: float) -> bool:
        return self.low <= value <= self.high

    def words(self) -> str:
        """How a message states the range: "from 0 to 120 feet"."""
        unit = f" {self.unit}" if self.unit else ""
        return f"from {self.low:,} to {self.high:,}{unit}"


# --- the file as a whole -----------------------------------------------------------------------

#: A file's size. A fight of 50 combatants over 100 rounds saves to about 12 MB.
MAX_FILE_MB = 50
MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024
#: Objects and lists ('{' and '[' characters) in one file. A saved fight has one for every 70
#: bytes or so, a long list of points one for every 12 (4 million in 50 MB); 50 MB of
#: `[[], [], ...]` would make 17 million Python lists (1.3 GB, 5 s).
MAX_CONTAINERS = 4_000_000
#: Python's json refuses integers longer than this (sys.get_int_max_str_digits()).
MAX_NUMBER_DIGITS = 4300

# --- counts -----------------------------------------------------------------------------------

#: Combatants in an encounter: a thousand moving tokens, twice over.
MAX_COMBATANTS = 2_000
#: Attacks in one stat block.
MAX_ATTACKS = 50
#: Walls on a map, points in one wall, and points in all walls together.
MAX_WALLS = 10_000
MAX_WALL_POINTS = 1_000
MAX_ALL_WALL_POINTS = 100_000
#: Plans in an encounter.
MAX_PLANS = 20_000
#: Waypoints in one path, and corners of one trigger area: the window draws every one. And
#: the points of all the plans' paths and areas together.
MAX_WAYPOINTS = 1_000
MAX_ALL_WAYPOINTS = 100_000
#: Rolls fixed in one plan for one purpose (a full attack has at most 12 blows).
MAX_FIXED_ROLLS = 100
#: Creatures in one library file.
MAX_CREATURES = 5_000
#: Events in a saved log (about 200 bytes each, so a 50 MB file holds a quarter of this).
MAX_EVENTS = 1_000_000

# --- text -------------------------------------------------------------------------------------

#: Combatant ids: they appear in every event of the log and in decision keys.
MAX_ID_CHARS = 64
#: Names, sides, actions, the ruleset, spells, attacks, trigger events.
MAX_NAME_CHARS = 200
#: A picture's file path.
MAX_PATH_CHARS = 4096
#: A decision's key (it may join the ids of several combatants).
MAX_KEY_CHARS = 1_000
#: Any other text in a saved event (a roll's detail lists every die: 100 dice fit easily).
MAX_EVENT_TEXT_CHARS = 10_000

# --- numbers ----------------------------------------------------------------------------------

#: A map's width and height, in squares.
MAP_SQUARES = Limit(1, 1_000, "squares")
SPEED = Limit(0, 1_000, "feet")
#: 120 feet is 24 squares (twice a colossal creature's reach weapon): the squares one token
#: threatens stay in the low thousands.
REACH = Limit(0, 120, "feet")
RANGE = Limit(5, 10_000, "feet")
#: Initiative modifiers, attack bonuses, Concentration bonuses.
MODIFIER = Limit(-1_000, 1_000)
AC = Limit(1, 1_000)
HIT_POINTS = Limit(-1_000_000, 1_000_000)
#: Plans' rounds: surprise rounds come from modifiers of at most 1,000 (at most 84 of them).
ROUND = Limit(-100, 10_000)
#: A roll's result in a saved log: every dice notation accepted totals within this.
ROLL_RESULT = Limit(-1_000_000, 1_000_000)
#: The header of a saved event: round, count and time.
EVENT_ROUND = Limit(-1_000_000, 1_000_000)
EVENT_TIME = Limit(-12_000_000, 12_000_000, "units")
#: Lists and objects inside one event's value.
MAX_EVENT_DEPTH = 64
