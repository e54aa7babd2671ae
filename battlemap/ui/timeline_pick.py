"""Picking a count on the timeline: where a delaying combatant will act from now on.

While a pick is open the timeline tints the counts that may be chosen in one round, lights the
one under the pointer (with its number, and a box on the combatant's lane where his action
would begin), and a left click picks it instead of moving the playhead.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QTransform

from battlemap.core.clock import RoundClock
from battlemap.ui.timeline_cache import ViewSpanItem, device_rect
from battlemap.ui.timeline_items import BAR_BOTTOM, BAR_TOP

ALLOWED = QColor(11, 125, 134, 34)  # the playhead's teal, faint: "any of these"
HOVERED = QColor(11, 125, 134, 95)
OUTLINE = QColor("#0b7d86")
LABEL = QColor("#0b4f55")


class CountPickItem(ViewSpanItem):
    """Draws an open count pick; `count_at(time)` says which allowed count a time falls in."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(6)  # over bars and the future shade, under the playhead
        self.setVisible(False)
        self.clock: RoundClock | None = None
        self.round_number = 1
        self.counts: tuple[int, ...] = ()
        self.lane_row: int | None = None
        self.hovered: int | None = None

    @property
    def active(self) -> bool:
        return self.clock is not None and bool(self.counts)

    def begin(
        self,
        clock: RoundClock,
        round_number: int,
        counts: Sequence[int],
        lane_row: int | None,
    ) -> None:
        """Offer `counts` of round `round_number`; `lane_row` is the delaying combatant's lane."""
        self.clock, self.round_number = clock, round_number
        self.counts, self.lane_row, self.hovered = tuple(counts), lane_row, None
        self.setVisible(True)
        self.update()

    def end(self) -> None:
        self.clock, self.counts, self.lane_row, self.hovered = None, (), None, None
        self.setVisible(False)

    def span(self) -> tuple[float, float] | None:
        """The times the offered counts cover, first to last (None when no pick is open)."""
        if not self.active:
            return None
        starts = [self._start(c) for c in self.counts]
        return min(starts), max(starts) + 1.0

    def count_at(self, time: float) -> int | None:
        """The offered count the moment `time` falls in, or None."""
        clock = self.clock
        if clock is None:
            return None
        round_number, count = clock.round_and_count(time)
        return count if round_number == self.round_number and count in self.counts else None

    def hover(self, time: float | None) -> None:
        count = None if time is None else self.count_at(time)
        if count != self.hovered:
            self.hovered = count
            self.update()

    def _start(self, count: int) -> float:
        assert self.clock is not None
        return self.clock.time_of(self.round_number, count)

    def paint_pixels(self, p: QPainter, to_device: QTransform, view: QRectF) -> None:
        if not self.active:
            return
        top, bottom = view.top(), view.bottom()
        for count in self.counts:
            start = self._start(count)
            color = HOVERED if count == self.hovered else ALLOWED
            p.fillRect(device_rect(to_device, start, top, start + 1.0, bottom), color)
        if self.hovered is None:
            return
        start = self._start(self.hovered)
        column = device_rect(to_device, start, top, start + 1.0, bottom)
        if self.lane_row is not None:
            # Where the delayed action would begin on the combatant's own lane.
            box = device_rect(
                to_device, start, self.lane_row + BAR_TOP, start + 1.0, self.lane_row + BAR_BOTTOM
            )
            p.setPen(QPen(OUTLINE, 2, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(box.adjusted(1, 1, -1, -1))
        font = QFont(p.font())
        font.setBold(True)
        p.setFont(font)
        p.setPen(LABEL)
        # The number goes at the end of the column away from the combatant's box.
        lanes_mid = (view.top() + view.bottom()) / 2
        low = self.lane_row is not None and self.lane_row < lanes_mid
        edge = Qt.AlignmentFlag.AlignBottom if low else Qt.AlignmentFlag.AlignTop
        where = column.adjusted(0, 2, 0, -2)
        p.drawText(where, int(Qt.AlignmentFlag.AlignHCenter | edge), str(self.hovered))
