"""Combat steps on the undo stack: a person's answer is undone by asking the question again.

One history serves edits and the fight (as Anki keeps one undo for reviews and edits): each
roll typed at the table, each "roll for me", each opportunity taken or declined becomes a
command on the document's QUndoStack, listed in the History panel (a QUndoView) beside the
edits. Undo rewinds the fight to just before the question and asks it again; Redo gives the
same answer again.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from battlemap.ui.session import AnsweredStep, FightSession


class DecisionStep(QUndoCommand):
    """One answered question. Pushed after the answer was given, so the first redo (which
    QUndoStack.push calls) has nothing to do."""

    def __init__(self, session: FightSession, step: AnsweredStep, pause: Callable[[], None]):
        super().__init__(step.text)
        self._session = session
        self._step = step
        self._pause = pause
        self._done = True

    @property
    def step(self) -> AnsweredStep:
        return self._step

    def redo(self) -> None:
        if self._done:
            return
        self._pause()
        self._session.replay_step(self._step)
        self._done = True

    def undo(self) -> None:
        self._pause()
        self._session.rewind(self._step)
        self._done = False
