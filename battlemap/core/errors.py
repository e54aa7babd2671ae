"""Errors a user can cause: each says where the problem is and what it is."""

from __future__ import annotations


class BattlemapError(ValueError):
    """A problem with what the user gave us (a file, a value, a plan), never a bug.

    `where` names the place (a file and a path inside it, or a field); `problem` says what is
    wrong in words a game master understands. `str()` joins them into the one line we show.
    """

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}" if where else problem)
        self.where = where
        self.problem = problem


class EncounterError(BattlemapError):
    """An encounter file or an encounter's content is not valid."""


class DecisionError(BattlemapError):
    """An answer given to a pending decision cannot be used (e.g. a d20 roll of 23)."""
