"""A saved fight opens without waiting for its replay: the window shows the saved log at once
and the engine catches up on the event loop; playing on waits for nothing."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from pytestqt.qtbot import QtBot

from battlemap.loading import load_checked
from battlemap.storage.creature_library import default_creatures
from battlemap.storage.encounter_file import save_encounter
from battlemap.storage.settings import Settings
from battlemap.ui.main_window import MainWindow
from tests.play.fights import example, model_of, play_to_end


def test_a_saved_fight_opens_at_once_and_catches_up_on_the_event_loop(
    qtbot: QtBot, tmp_path: Path
) -> None:
    model = model_of(example("skirmish"), None)
    play_to_end(model)
    events = list(model.events())
    path = tmp_path / "saved.json"
    save_encounter(dataclasses.replace(model.encounter, log=tuple(events)), path)

    blank = tmp_path / "blank.json"
    save_encounter(example("skirmish"), blank)
    quiet = Settings(not_offered=("aoo", "intercept"))
    window = MainWindow(load_checked(blank), blank, quiet, default_creatures())
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    window.show()
    assert window.files.open_path(path)

    session = window.session
    assert session.catching_up  # shown as saved: the replay has not run yet
    assert list(session.events()) == events
    assert session.time == events[-1].time
    shown = window.log.visible_lines()
    assert len(shown) > 20
    # The event loop replays it a little at a time (nothing here waits on a clock).
    qtbot.waitUntil(lambda: not session.catching_up, timeout=120_000)
    assert session.engine is not None
    assert list(session.engine.log.events) == events
    assert window.log.visible_lines() == shown  # the same fight: nothing to show anew
    assert not window.timeline.divergence.isVisible()
    # Playing on now runs the engine from where the replay left it.
    assert session.advance_to(events[-1].time + 1)
