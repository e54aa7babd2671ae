"""Playback on the Qt event loop: one QTimer turns wall time into engine time.

No threads and no sleeps: each tick measures the wall time since the last one, multiplies it by
the playback speed and moves the session's playhead that far. Pausing is not ticking.

One tick covers at most `max_frames_per_tick` frames of game time. Without the cap a slow tick
(a big battle, a busy machine) made the next tick cover more game time, hence more engine work
and a slower tick again: playback spiralled down to one frame a second and tokens jumped
squares at a time. With it, a tick that comes late drops the frames it missed instead of
catching up, so the game master sees the fight play in slow motion while the machine cannot
keep up, and at its own speed again as soon as it can.

A clock whose units are places in an order rather than lengths of time (Combat Experience's
initiative slots: `TimeWords.passes_quiet_units`) is played from one turn to the next: the
playhead passes over units in which nothing happens and nobody moves, and stepping goes to the
next (or previous) unit in which something happens.
"""

from __future__ import annotations

import bisect
import math
import time
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from battlemap.rulesets.base import time_words_of
from battlemap.ui.session import FightSession

#: Float dust at a unit's edge.
_EPSILON = 1e-9

#: About one tick a frame on a 60 Hz display; the playhead moves by measured time, not by
#: counting ticks, so a late tick never slows the fight down.
TICK_MS = 16
#: The most game time one tick may cover, in frames (TICK_MS each): a late frame or two are
#: made up, a long stall is not (see the module docstring).
MAX_FRAMES_PER_TICK = 2.0


class PlaybackDriver(QObject):
    """Plays, pauses and steps the fight.

    Signals:
        playingChanged(bool): playback started or stopped (paused, a decision, the end).
    """

    playingChanged = Signal(bool)

    def __init__(
        self,
        session: FightSession,
        seconds_per_unit: float = 0.5,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        """`clock` gives wall time in seconds (tests pass a fake one and call `tick`)."""
        super().__init__()
        self.session = session
        self.seconds_per_unit = seconds_per_unit
        #: The cap on one tick's game time, in frames; None lets a tick cover any time (the
        #: old behaviour, kept for benchmarks/animation_tick.py to compare against).
        self.max_frames_per_tick: float | None = MAX_FRAMES_PER_TICK
        #: Ticks whose wall time was over the cap (their game time was cut): frames dropped.
        self.late_ticks = 0
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self.tick)
        self._clock = clock
        self._last = 0.0

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
        self._last = self._clock()
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

    def tick_units(self, elapsed: float) -> float:
        """The game time (units) a tick `elapsed` wall seconds after the last one covers."""
        cap = self.max_frames_per_tick
        if cap is not None and elapsed > cap * TICK_MS / 1000.0:
            self.late_ticks += 1
            elapsed = cap * TICK_MS / 1000.0
        return max(0.0, elapsed) / self.seconds_per_unit

    def tick(self) -> None:
        """One frame of playback (the timer's slot): the playhead moves by the wall time since
        the last tick, capped."""
        if not self.is_playing():
            return
        now_wall = self._clock()
        elapsed, self._last = now_wall - self._last, now_wall
        now = self.session.time
        target = now + self.tick_units(elapsed)
        if self._passes_quiet_units():
            target = self._past_quiet_units(now, target)
        try:
            going = self.session.advance_to(target) and not self.session.finished()
        except Exception:
            # A bug in the rules: stop here, or the timer raises it again every frame.
            self.pause()
            raise
        if not going:
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
