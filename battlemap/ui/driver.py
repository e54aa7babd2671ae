"""Playback on the Qt event loop: one QTimer turns wall time into engine time.

No threads and no sleeps: each tick measures the wall time since the last one, multiplies it by
the playback speed and moves the session's playhead that far. Pausing is not ticking.

A clock whose units are places in an order rather than lengths of time (Combat Experience's
initiative slots: `TimeWords.passes_quiet_units`) is played from one turn to the next: the
playhead passes over units in which nothing happens and nobody moves, and stepping goes to the
next (or previous) unit in which something happens.
"""

from __future__ import annotations

import bisect
import math

from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer, Signal

from battlemap.rulesets.base import time_words_of
from battlemap.ui.session import FightSession

#: Float dust at a unit's edge.
_EPSILON = 1e-9

#: About one tick a frame on a 60 Hz display; the playhead moves by measured time, not by
#: counting ticks, so a late tick never slows the fight down.
TICK_MS = 16


class PlaybackDriver(QObject):
    """Plays, pauses and steps the fight.

    Signals:
        playingChanged(bool): playback started or stopped (paused, a decision, the end).
    """

    playingChanged = Signal(bool)

    def __init__(self, session: FightSession, seconds_per_unit: float = 0.5) -> None:
        super().__init__()
        self.session = session
        self.seconds_per_unit = seconds_per_unit
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)
        self._clock = QElapsedTimer()

    def is_playing(self) -> bool:
        return self._timer.isActive()

    def set_speed(self, seconds_per_unit: float) -> None:
        """How many real seconds one unit takes on screen (a d12 half-second unit: 0.5 is real
        time)."""
        self.seconds_per_unit = max(0.01, seconds_per_unit)

    def play(self) -> None:
        if self.is_playing():
            return
        if not self.session.started:
            self.session.start()
        if self.session.pending is not None or self.session.finished():
            return
        self._clock.start()
        self._timer.start()
        self.playingChanged.emit(True)

    def pause(self) -> None:
        if not self.is_playing():
            return
        self._timer.stop()
        self.playingChanged.emit(False)

    def toggle(self) -> None:
        self.pause() if self.is_playing() else self.play()

    def step_unit(self) -> None:
        """Forward to the start of the next unit (with quiet units passed over: the next unit
        in which something happens)."""
        self.pause()
        now = self.session.time
        target = math.floor(now + _EPSILON) + 1.0
        if self.session.started and self._passes_quiet_units():
            target = self._past_quiet_units(now, target)
        self._step_to(target)

    def step_back(self) -> None:
        """Back to the start of the previous unit (free: a replay of the log); with quiet units
        passed over, to the start of the last unit before it in which something happened."""
        self.pause()
        if not self.session.started:
            return
        target = math.ceil(self.session.time - _EPSILON) - 1.0
        if self._passes_quiet_units():
            events = self.session.events()
            # The last event before the end of the target unit: its unit is the one to show.
            index = bisect.bisect_left([e.time for e in events], target + 1.0 - _EPSILON)
            if index > 0:
                target = min(target, float(math.floor(events[index - 1].time + _EPSILON)))
        self.session.seek(target)

    def step_round(self) -> None:
        """Forward to the start of the next round."""
        self.pause()
        clock = self.session.ruleset.clock
        self._step_to(clock.round_start(clock.round_of(self.session.time) + 1))

    def _step_to(self, time: float) -> None:
        if not self.session.started:
            self.session.start()
            return
        self.session.advance_to(time)

    def _tick(self) -> None:
        elapsed = self._clock.restart() / 1000.0
        now = self.session.time
        target = now + elapsed / self.seconds_per_unit
        if self._passes_quiet_units():
            target = self._past_quiet_units(now, target)
        if not self.session.advance_to(target) or self.session.finished():
            self.pause()

    def _passes_quiet_units(self) -> bool:
        return time_words_of(self.session.ruleset).passes_quiet_units

    def _past_quiet_units(self, now: float, target: float) -> float:
        """`target`, or the start of the unit where the engine's next work is when every unit
        before it is quiet: nothing scheduled, and no token still gliding at `now`."""
        engine = self.session.engine
        upcoming = None if engine is None else engine.next_time()
        if upcoming is None:
            return target
        unit = float(math.floor(upcoming + _EPSILON))
        if target >= unit or self._moving(now):
            return target
        return unit

    def _moving(self, now: float) -> bool:
        """Some token is between the knots of a movement at `now`."""
        state = self.session.state()
        return any(
            c.knots is not None and len(c.knots) > 0 and c.knots[-1][0] > now
            for c in state.combatants.values()
        )
