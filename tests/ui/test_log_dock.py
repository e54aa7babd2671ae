"""The combat log dock: sentences up to the playhead, round headers, following, copying."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFont, QGuiApplication
from pytestqt.qtbot import QtBot

from battlemap.core.encounter import AttackProfile, Combatant, Encounter, MapSpec
from battlemap.core.events import Event
from battlemap.core.narration import Narrator
from battlemap.rulesets.d12.clock import D12Clock
from battlemap.rulesets.d12.sentences import SENTENCES as D12_SENTENCES
from battlemap.ui.log_dock import HEADER_ROLE, LogDock
from tests.ui.screenshots import save_png


def _fighter(cid: str, name: str) -> Combatant:
    return Combatant(
        id=cid, name=name, side=cid, x=0.5, y=0.5, size="medium", speed=30, reach=5,
        init_mod=0, dex=10, hp=10, ac=15, attacks=(AttackProfile("waraxe", 6, "1d10"),),
        attacks_per_round=1,
    )  # fmt: skip


ENCOUNTER = Encounter(
    "d12", MapSpec(10, 10), (_fighter("thorin", "Thorin"), _fighter("gob", "Goblin"))
)


def narrator() -> Narrator:
    return Narrator(ENCOUNTER, D12Clock(), D12_SENTENCES)


def event(type_: str, time: float, actor: str | None = None, **fields: object) -> Event:
    clock = D12Clock()
    return Event(type_, time, clock.round_of(time), clock.count_of(time), actor, fields)


EVENTS = [
    event(
        "roll", 0.0, "thorin", purpose="initiative", dice="1d12", result=9, detail="", source="app"
    ),
    event("round_start", 0.0, round=1),
    event("position", 0.0, "thorin", x=1.5, y=0.5, stopped=False),  # no sentence: not shown
    event(
        "attack",
        2.0,
        "thorin",
        target="gob",
        attack="waraxe",
        roll=15,
        bonus=6,
        total=21,
        ac=15,
        hit=True,
        damage=9,
    ),
    event("damage", 2.0, "gob", source="thorin", amount=9, hp=1),
    event("round_start", 12.0, round=2),
    event("down", 13.5, "gob", hp=-3),
]
LINES = [
    "Initiative: Thorin rolls 1d12 for initiative: 9",
    "Round 1",
    "Round 1, 10: Thorin attacks Goblin with waraxe: 21 vs AC 15, hit for 9 [d20 15 + 6]",
    "Round 1, 10: Goblin takes 9 damage, 1 hp left",
    "Round 2",
    "Round 2, 10.5: Goblin drops at -3 hp",
]


@pytest.fixture
def dock(qtbot: QtBot) -> LogDock:
    dock = LogDock()
    qtbot.addWidget(dock)
    dock.resize(520, 260)
    dock.show()
    qtbot.waitExposed(dock)
    return dock


def many_events(rounds: int) -> list[Event]:
    """A long, dull fight: a round header and eleven attacks a round."""
    events = []
    for round_number in range(1, rounds + 1):
        start = (round_number - 1) * 12.0
        events.append(event("round_start", start, round=round_number))
        for unit in range(1, 12):
            events.append(
                event(
                    "attack",
                    start + unit,
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


def row_index(dock: LogDock, row: int) -> QModelIndex:
    return dock.view().model().index(row, 0)


def last_line_is_in_sight(dock: LogDock) -> bool:
    view = dock.view()
    last = row_index(dock, view.model().rowCount() - 1)
    return view.viewport().rect().contains(view.visualRect(last).center())


def test_the_dock_is_titled_combat_log(dock: LogDock) -> None:
    assert dock.windowTitle() == "Combat log"


def test_events_are_shown_as_sentences_with_round_headers(dock: LogDock) -> None:
    dock.set_events(EVENTS, narrator())
    assert dock.visible_lines() == LINES


def test_round_starts_are_distinct_header_rows(dock: LogDock) -> None:
    dock.set_events(EVENTS, narrator())
    headers = [row_index(dock, row).data(HEADER_ROLE) for row in range(len(LINES))]
    assert headers == [False, True, False, False, True, False]
    font = row_index(dock, 1).data(Qt.ItemDataRole.FontRole)
    assert isinstance(font, QFont) and font.bold()
    assert row_index(dock, 1).data(Qt.ItemDataRole.BackgroundRole) is not None
    assert row_index(dock, 2).data(Qt.ItemDataRole.FontRole) is None


def test_scrubbing_back_hides_later_lines_and_forward_brings_them_back(dock: LogDock) -> None:
    dock.set_events(EVENTS, narrator())

    dock.show_until(2.0)
    assert dock.visible_lines() == LINES[:4]
    dock.show_until(1.99)
    assert dock.visible_lines() == LINES[:2]
    dock.show_until(-1.0)
    assert dock.visible_lines() == []
    dock.show_until(13.5)
    assert dock.visible_lines() == LINES


def test_added_events_are_appended_within_the_time_shown(dock: LogDock) -> None:
    dock.set_events(EVENTS[:5], narrator())
    dock.show_until(12.0)
    assert dock.visible_lines() == LINES[:4]

    dock.add_events(EVENTS[5:])
    assert dock.visible_lines() == LINES[:5]  # the drop at 13.5 waits for the playhead
    dock.show_until(20.0)
    assert dock.visible_lines() == LINES


def test_the_time_limit_holds_across_a_new_log(dock: LogDock) -> None:
    dock.show_until(2.0)
    dock.set_events(EVENTS, narrator())
    assert dock.visible_lines() == LINES[:4]


def test_the_log_follows_the_newest_line_unless_scrolled_up(qtbot: QtBot, dock: LogDock) -> None:
    events = many_events(30)
    dock.set_events(events[:120], narrator())
    qtbot.wait(1)
    assert last_line_is_in_sight(dock)

    dock.add_events(events[120:240])
    assert last_line_is_in_sight(dock)
    dock.show_until(100.0)  # back in time: the newest line still visible is in sight
    assert (
        dock.visible_lines()[-1]
        == "Round 9, 8: Thorin attacks Goblin with waraxe: 9 vs AC 15, miss [d20 3 + 6]"
    )
    assert last_line_is_in_sight(dock)

    bar = dock.view().verticalScrollBar()
    bar.setValue(0)  # the game master scrolls up to read
    dock.show_until(200.0)
    assert bar.value() == 0
    assert not last_line_is_in_sight(dock)

    bar.setValue(bar.maximum())
    dock.add_events(events[240:])
    dock.show_until(1000.0)
    assert last_line_is_in_sight(dock)


def test_ctrl_c_copies_the_selected_lines(qtbot: QtBot, dock: LogDock) -> None:
    dock.set_events(EVENTS, narrator())
    view = dock.view()
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(row_index(dock, 1)).center()
    )
    qtbot.mouseClick(
        view.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.ShiftModifier,
        view.visualRect(row_index(dock, 3)).center(),
    )
    QGuiApplication.clipboard().clear()

    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)

    assert QGuiApplication.clipboard().text() == "\n".join(LINES[1:4])


def test_the_copy_action_is_offered_only_with_a_selection(qtbot: QtBot, dock: LogDock) -> None:
    dock.set_events(EVENTS, narrator())
    view = dock.view()
    copy = next(action for action in view.actions() if action.text() == "&Copy")
    assert not copy.isEnabled()
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(row_index(dock, 2)).center()
    )
    assert copy.isEnabled()
    dock.show_until(0.0)  # the selected line is scrubbed away
    assert not copy.isEnabled()


def test_scrubbing_never_narrates_again(dock: LogDock) -> None:
    class CountingNarrator(Narrator):
        calls = 0

        def sentence(self, event: Event) -> str | None:
            CountingNarrator.calls += 1
            return super().sentence(event)

    events = many_events(250)  # 3,000 events
    dock.set_events(events, CountingNarrator(ENCOUNTER, D12Clock(), D12_SENTENCES))
    assert CountingNarrator.calls == 3000

    for step in range(600):
        dock.show_until(3000.0 - step * 5.0)
    for step in range(600):
        dock.show_until(step * 5.0)

    assert CountingNarrator.calls == 3000  # scrubbing only moves how many lines are shown
    assert len(dock.visible_lines()) == bisect_count(events, 2995.0)


def bisect_count(events: list[Event], time: float) -> int:
    return sum(1 for e in events if e.time <= time)


def test_add_events_before_set_events_is_a_bug(dock: LogDock) -> None:
    with pytest.raises(RuntimeError, match="before set_events"):
        dock.add_events(EVENTS)


def test_render(qtbot: QtBot, dock: LogDock, tmp_path: Path) -> None:
    dock.set_events(EVENTS, narrator())
    dock.view().setCurrentIndex(row_index(dock, 2))
    qtbot.wait(1)
    save_png(dock, tmp_path, "log_dock")
