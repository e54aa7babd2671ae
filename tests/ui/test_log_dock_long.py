"""The log dock over a long fight: a batch of events is one row insert, following the playhead
moves the list by whole batches, and the view keeps fixed-height rows (so that adding rows and
scrolling never lay out the whole list again)."""

from __future__ import annotations

from PySide6.QtWidgets import QHeaderView
from pytestqt.qtbot import QtBot

from battlemap.core.events import Event
from battlemap.ui.log_dock import LogDock
from tests.ui.test_log_dock import event, narrator

ROUNDS = 400


def _long_fight() -> list[Event]:
    """Round headers and a blow every unit: 400 rounds, 5,200 lines."""
    events: list[Event] = []
    for r in range(ROUNDS):
        events.append(event("round_start", 12.0 * r, round=r + 1))
        for unit in range(12):
            events.append(
                event(
                    "attack",
                    12.0 * r + unit,
                    "thorin",
                    target="gob",
                    attack="waraxe",
                    roll=3,
                    bonus=6,
                    total=9,
                    ac=15,
                    hit=False,
                    damage=0,
                )
            )
    return events


def test_a_batch_of_events_is_one_row_insert(qtbot: QtBot) -> None:
    dock = LogDock()
    qtbot.addWidget(dock)
    fight = _long_fight()
    dock.set_events(fight[:13], narrator())
    inserts: list[tuple[int, int]] = []
    model = dock.view().model()
    model.rowsInserted.connect(lambda _parent, first, last: inserts.append((first, last)))
    dock.add_events(fight[13:])
    assert inserts == [(13, len(fight) - 1)]
    assert model.rowCount() == len(fight)


def test_following_the_playhead_far_into_a_long_fight(qtbot: QtBot) -> None:
    dock = LogDock()
    qtbot.addWidget(dock)
    dock.resize(400, 300)
    dock.show()
    qtbot.waitExposed(dock)
    fight = _long_fight()
    dock.show_until(0.0)
    dock.set_events(fight, narrator())
    rows = dock.view().verticalHeader()
    assert rows.sectionResizeMode(0) == QHeaderView.ResizeMode.Fixed
    bar = dock.view().verticalScrollBar()
    inserts: list[tuple[int, int]] = []
    removals: list[tuple[int, int]] = []
    model = dock.view().model()
    model.rowsInserted.connect(lambda _parent, first, last: inserts.append((first, last)))
    model.rowsRemoved.connect(lambda _parent, first, last: removals.append((first, last)))
    last_round = 12.0 * (ROUNDS - 1)
    for time in (last_round, last_round + 5, last_round + 11):
        dock.show_until(time)
        # Each step shows what happened up to the playhead, as one insert, at the bottom.
        assert model.rowCount() == sum(1 for e in fight if e.time <= time)
        assert bar.value() == bar.maximum()
    assert len(inserts) == 3 and not removals
    assert dock.visible_lines()[-1].startswith("Round 400")
    dock.show_until(12.0)  # scrubbed back to round 2's first unit: one removal
    assert len(removals) == 1
    assert model.rowCount() == 13 + 2  # round 1 (a header, 12 blows), round 2's header, a blow
