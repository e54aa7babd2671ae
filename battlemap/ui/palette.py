"""Colours shared by the map, the timeline and the docks, so a side looks the same everywhere;
side_swatch puts a side's colour in lists and forms."""

from __future__ import annotations

import zlib

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap

#: Well-told-apart colours for sides; the party is always blue, other sides pick by name.
_PARTY_NAMES = frozenset({"party", "players", "heroes", "pc", "pcs"})
_PARTY = QColor("#2f6fd6")
_OTHERS = (
    QColor("#c8372d"),  # red
    QColor("#d98a1f"),  # orange
    QColor("#7b3fb5"),  # purple
    QColor("#2f9a57"),  # green
    QColor("#8a6a3a"),  # brown
    QColor("#c23a8c"),  # magenta
)

GRID_LINE = QColor(90, 90, 90, 110)
MAP_BACKGROUND = QColor("#efe9dc")
OUTSIDE_MAP = QColor("#3a3d42")
PATH = QColor(30, 30, 30, 200)
RULER = QColor("#1c7c9c")
TIME_OUT = QColor("#d0302a")
HEALTH_GOOD = QColor("#3cab4a")
HEALTH_HURT = QColor("#e0b020")
HEALTH_LOW = QColor("#d0302a")
#: An opportunity's marks by its tone (core.opportunities): a blow red, a cut-off orange.
OPPORTUNITY_TONES = {"danger": "#c8372d", "caution": "#d98a1f"}


def side_color(side: str) -> QColor:
    """The colour of a side: stable across runs (a hash of its name, not Python's hash())."""
    name = side.strip().lower()
    if name in _PARTY_NAMES:
        return QColor(_PARTY)
    if name.isalpha() and QColor.isValidColorName(name):
        return QColor(name)  # a side called "red" or "blue" should look it
    return QColor(_OTHERS[zlib.crc32(side.encode("utf-8")) % len(_OTHERS)])


def side_swatch(side: str) -> QIcon:
    """A small round chip in the side's colour, the colour its tokens have on the map."""
    color = side_color(side)
    pixmap = QPixmap(12, 12)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(color.darker(130))
    painter.setBrush(color)
    painter.drawEllipse(1, 1, 10, 10)
    painter.end()
    return QIcon(pixmap)


def health_color(hp: int, max_hp: int) -> QColor:
    """Green when healthy, amber when hurt past half, red near death."""
    share = hp / max_hp if max_hp > 0 else 0.0
    if share > 0.5:
        return QColor(HEALTH_GOOD)
    if share > 0.25:
        return QColor(HEALTH_HURT)
    return QColor(HEALTH_LOW)


#: Statuses a ruleset's `status` events name, in colours that say them at a glance: ice for
#: frozen, alarm orange for fleeing, bruise purple for stunned; any other status is slate.
_STATUS_COLORS = {
    "frozen": QColor("#1f7fc4"),
    "fleeing": QColor("#e06a00"),
    "stunned": QColor("#8a3fb8"),
}
_OTHER_STATUS = QColor("#4d5866")


def status_color(status: str) -> QColor:
    """The colour of a status's badge and ring on the map."""
    return QColor(_STATUS_COLORS.get(status, _OTHER_STATUS))
