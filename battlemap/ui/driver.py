"""Playback on the Qt event loop: one QTimer turns wall time into engine time.

No threads and no sleeps: each tick measures the wall time since the last one, multiplies it by
the playback speed and moves the session's playhead that far. Pausing is not ticking.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer, Signal

from battlemap.ui.session import FightSession

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
        """How many real seconds one half-second unit takes on screen (0.5 is real time)."""
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
        """Forward to the start of the next unit."""
        self.pause()
        self._step_to(math.floor(self.session.time + 1e-9) + 1.0)

    def step_back(self) -> None:
        """Back to the start of the previous unit (free: a replay of the log)."""
        self.pause()
        if self.session.started:
            self.session.seek(math.ceil(self.session.time - 1e-9) - 1.0)

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
        target = self.session.time + elapsed / self.seconds_per_unit
        if not self.session.advance_to(target) or self.session.finished():
            self.pause()
