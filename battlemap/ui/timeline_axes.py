"""The timeline's axes: counts and rounds along the bottom, round names on top, lanes on the left.

Everything about time goes through the ruleset's RoundClock (units per round, round starts,
counts), so a ruleset that counts up or splits rounds differently labels itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen

from battlemap.core.clock import RoundClock
from battlemap.ui.palette import side_color
from battlemap.ui.timeline_model import Lane

TEXT = QColor("#2b2b2b")
AXIS_LINE = QColor("#8a8a8a")

#: What pyqtgraph's AxisItem draws: the axis line, the ticks, the labels (rect, flags, text).
LineSpec = tuple[QPen, QPointF, QPointF]
TextSpec = tuple[QRectF, Any, str]
DrawSpecs = tuple[LineSpec, list[LineSpec], list[TextSpec]]

#: Narrower than this per label and labels collide; thin them out instead.
_MIN_COUNT_PX = 20.0
_MIN_ROUND_PX = 44.0
#: Round steps when zoomed far out: every round, every 2nd, 5th, ...
_ROUND_STEPS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)


def label_steps(units_per_round: int) -> list[int]:
    """Every how many counts the axis may label, smallest first: the divisors of the round's
    units, or of the units after its first (Combat Experience's 101: its start, then the
    initiatives 99 down to 0, labelled every 10 or 20), so labels fall on round numbers and
    the same counts in every round."""
    found = {
        d for n in (units_per_round, units_per_round - 1) for d in range(1, max(n, 1)) if n % d == 0
    }
    return sorted(found or {1})


def _visible_rounds(clock: RoundClock, lo: float, hi: float, step: int) -> list[int]:
    """Rounds whose start lies in [lo, hi], every `step`-th (counting from round 1)."""
    first = clock.round_of(lo)
    last = clock.round_of(hi)
    # Start on a multiple of the step so labels do not shift while panning.
    first += (1 - first) % step
    return [r for r in range(first, last + 1, step) if lo <= clock.round_start(r) <= hi]


class CountAxis(pg.AxisItem):
    """Bottom axis: "R2" at each round start (long ticks), the unit counts between (short ticks).

    Each unit is labelled with the clock's count for it (d12: 12 down to 1; Combat Experience:
    the initiative, highest first). Labels are thinned to the counts that are multiples of 2,
    3, 5, 10, ... (`label_steps`, so they stay aligned to the round) and rounds to every 2nd,
    5th, ... when zoomed out.
    """

    def __init__(self) -> None:
        super().__init__("bottom")
        self.clock: RoundClock | None = None
        self._labels: dict[float, str] = {}
        self.setPen(AXIS_LINE)
        self.setTextPen(TEXT)
        # We thin labels ourselves; pyqtgraph's crowding rule would drop whole levels instead.
        self.setStyle(textFillLimits=[(0, 0.95)], tickLength=8)

    def tickValues(
        self, minVal: float, maxVal: float, size: float
    ) -> list[tuple[float, list[float]]]:
        clock = self.clock
        lo, hi = sorted((minVal, maxVal))
        if clock is None or not (math.isfinite(lo) and math.isfinite(hi)) or hi <= lo:
            return super().tickValues(minVal, maxVal, size)
        per_round = clock.units_per_round
        px_per_unit = size / (hi - lo)
        round_step = next(
            (k for k in _ROUND_STEPS if px_per_unit * per_round * k >= _MIN_ROUND_PX),
            _ROUND_STEPS[-1],
        )
        self._labels = {}
        majors: list[float] = []
        for r in _visible_rounds(clock, lo, hi, round_step):
            start = clock.round_start(r)
            majors.append(start)
            self._labels[start] = f"R{r}"
        minors: list[float] = []
        unit_step = next(
            (d for d in label_steps(per_round) if px_per_unit * d >= _MIN_COUNT_PX), None
        )
        # A tick for every unit while they are 4 px apart; else ticks only where labelled (a
        # round of a hundred initiatives still reads "90, 80, ..." when several are in view).
        every_unit = px_per_unit >= 4.0
        if round_step == 1 and (every_unit or unit_step is not None):
            for r in range(clock.round_of(lo), clock.round_of(hi) + 1):
                start = clock.round_start(r)
                for k in range(1, per_round):
                    t = start + k
                    if not lo <= t <= hi:
                        continue
                    count = clock.count_of(t)
                    # Not within a step of the next round's label (Combat Experience's 0).
                    labelled = (
                        unit_step is not None
                        and count % unit_step == 0
                        and per_round - k >= unit_step
                    )
                    if labelled:
                        self._labels[t] = str(count)
                    if every_unit or labelled:
                        minors.append(t)
        return [(float(per_round * round_step), majors), (1.0, minors)]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        if self.clock is None:
            return super().tickStrings(values, scale, spacing)
        return [self._labels.get(v, "") for v in values]

    def drawPicture(
        self, p: QPainter, axisSpec: LineSpec, tickSpecs: list[LineSpec], textSpecs: list[TextSpec]
    ) -> None:
        # As pyqtgraph draws it, but round labels in bold so they stand out from the counts.
        super().drawPicture(p, axisSpec, tickSpecs, [s for s in textSpecs if not _is_round(s[2])])
        bold = QFont(p.font())
        bold.setBold(True)
        p.setFont(bold)
        p.setPen(QPen(TEXT))
        for rect, flags, text in textSpecs:
            if _is_round(text):
                wide = QRectF(rect).adjusted(-8, 0, 8, 0)  # bold text is a little wider
                p.drawText(wide, int(flags), text)


def _is_round(text: str) -> bool:
    return text.startswith("R")


def _no_note(_round: int) -> str:
    return ""


class RoundAxis(pg.AxisItem):
    """Top axis: the name of each round ("Round 2") centred over its visible part, and a tag
    saying where the playhead is.

    Centring over the visible part keeps the current round named however far one zooms in.
    """

    def __init__(self) -> None:
        super().__init__("top")
        self.clock: RoundClock | None = None
        #: A round's note beside its name (the ruleset's dials: "Esc 2"); "" for none.
        self.notes: Callable[[int], str] = _no_note
        self.playhead: tuple[float, str] | None = None
        self.tag_color = QColor("#0b7d86")
        self._tag: tuple[QRectF, str] | None = None
        self.setPen(AXIS_LINE)
        self.setTextPen(TEXT)
        self.setStyle(tickLength=5)
        self.setHeight(QFontMetrics(QFont()).height() + 8)

    def tickValues(
        self, minVal: float, maxVal: float, size: float
    ) -> list[tuple[float, list[float]]]:
        clock = self.clock
        lo, hi = sorted((minVal, maxVal))
        if clock is None or not (math.isfinite(lo) and math.isfinite(hi)) or hi <= lo:
            return []
        per_round = clock.units_per_round
        step = next(
            (k for k in _ROUND_STEPS if size / (hi - lo) * per_round * k >= _MIN_ROUND_PX),
            _ROUND_STEPS[-1],
        )
        return [
            (
                float(per_round * step),
                [clock.round_start(r) for r in _visible_rounds(clock, lo, hi, step)],
            )
        ]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        return ["" for _ in values]

    def generateDrawSpecs(self, p: QPainter) -> DrawSpecs | None:
        specs = super().generateDrawSpecs(p)
        clock = self.clock
        if specs is None or clock is None:
            return specs
        axis_spec, tick_specs, _ = specs
        bounds = self.mapRectFromParent(self.geometry())
        lo, hi = self.range
        if hi <= lo or not (math.isfinite(lo) and math.isfinite(hi)):
            return specs
        scale = bounds.width() / (hi - lo)
        if scale * clock.units_per_round < _MIN_ROUND_PX:
            return axis_spec, tick_specs, []
        metrics = QFontMetrics(p.font())
        self._tag = None
        if self.playhead is not None and lo <= self.playhead[0] <= hi:
            t, text = self.playhead
            width = metrics.horizontalAdvance(text) + 12
            x = bounds.left() + (t - lo) * scale
            x = min(max(x, bounds.left() + width / 2), bounds.right() - width / 2)
            self._tag = (QRectF(x - width / 2, bounds.top() + 1, width, bounds.height() - 2), text)
        text_specs: list[TextSpec] = []
        for r in range(clock.round_of(lo), clock.round_of(hi) + 1):
            left = max(clock.round_start(r), lo)
            right = min(clock.round_start(r + 1), hi)
            x0 = bounds.left() + (left - lo) * scale
            x1 = bounds.left() + (right - lo) * scale
            note = self.notes(r)
            names: tuple[str, ...] = (f"Round {r}", f"R{r}")
            if note:  # the note is dropped before the name when room runs short
                names = (f"Round {r} · {note}", f"R{r} · {note}", *names)
            for text in names:
                if metrics.horizontalAdvance(text) + 8 <= x1 - x0:
                    rect = QRectF(x0, bounds.top(), x1 - x0, bounds.height() - 2)
                    drawn = QRectF(0, 0, metrics.horizontalAdvance(text), rect.height())
                    drawn.moveCenter(rect.center())
                    # The playhead's tag wins: a half-hidden round name reads as noise.
                    if self._tag is None or not drawn.adjusted(-4, 0, 4, 0).intersects(
                        self._tag[0]
                    ):
                        text_specs.append((rect, Qt.AlignmentFlag.AlignCenter, text))
                    break
        return axis_spec, tick_specs, text_specs

    def set_playhead(self, time: float | None, text: str = "") -> None:
        """Show a tag saying `text` above the playhead at `time` (None: no tag)."""
        self.playhead = None if time is None else (time, text)
        self.picture = None
        self.update()

    def drawPicture(
        self, p: QPainter, axisSpec: LineSpec, tickSpecs: list[LineSpec], textSpecs: list[TextSpec]
    ) -> None:
        super().drawPicture(p, axisSpec, tickSpecs, textSpecs)
        if self._tag is not None:
            rect, text = self._tag
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(self.tag_color)
            p.drawRoundedRect(rect, 3, 3)
            p.setPen(QPen(QColor("white")))
            p.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), text)


class LaneAxis(pg.AxisItem):
    """Left axis: each lane's name beside a swatch of its side's colour, elided to fit."""

    SWATCH = 10
    MAX_WIDTH = 190

    def __init__(self) -> None:
        super().__init__("left")
        self.lanes: list[Lane] = []
        self.setPen(AXIS_LINE)
        self.setTextPen(TEXT)
        self.setStyle(tickLength=0)

    def set_lanes(self, lanes: Sequence[Lane]) -> None:
        self.lanes = list(lanes)
        self.setTicks([[(float(i), lane.name) for i, lane in enumerate(self.lanes)]])
        metrics = QFontMetrics(QFont())
        widest = max((metrics.horizontalAdvance(lane.name) for lane in self.lanes), default=0)
        self.setWidth(min(widest + self.SWATCH + 22, self.MAX_WIDTH))
        self.picture = None
        self.update()

    def label_specs(self) -> list[tuple[QRectF, str, QColor]]:
        """Where each lane's name is drawn (item coordinates), its text and its swatch colour."""
        view = self.linkedView()
        if view is None:
            return []
        bounds = self.mapRectFromParent(self.geometry())
        metrics = QFontMetrics(QFont())
        room = bounds.width() - self.SWATCH - 16
        specs = []
        for i, lane in enumerate(self.lanes):
            y = self.mapFromScene(view.mapViewToScene(QPointF(0.0, float(i)))).y()
            text = metrics.elidedText(lane.name, Qt.TextElideMode.ElideRight, int(room))
            rect = QRectF(
                bounds.left() + self.SWATCH + 10, y - metrics.height() / 2, room, metrics.height()
            )
            specs.append((rect, text, side_color(lane.side)))
        return specs

    def drawPicture(
        self, p: QPainter, axisSpec: LineSpec, tickSpecs: list[LineSpec], textSpecs: list[TextSpec]
    ) -> None:
        super().drawPicture(p, axisSpec, tickSpecs, [])
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for rect, text, color in self.label_specs():
            swatch = QRectF(
                rect.left() - self.SWATCH - 5,
                rect.center().y() - self.SWATCH / 2,
                self.SWATCH,
                self.SWATCH,
            )
            p.setPen(QPen(color.darker(130), 1))
            p.setBrush(color)
            p.drawRoundedRect(swatch, 2, 2)
            p.setPen(QPen(TEXT))
            p.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), text)
