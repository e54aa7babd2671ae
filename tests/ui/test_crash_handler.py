"""A bug while the window runs: the tick that raised it stops playback, the traceback goes to
the crash report, and the game master is told once."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from battlemap.core.decisions import RollRequest
from battlemap.storage.encounter_file import load_encounter
from battlemap.ui.crash_handler import CrashHandler
from battlemap.ui.driver import PlaybackDriver
from battlemap.ui.session import FightSession

SKIRMISH = Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json"


def _never(_request: RollRequest) -> bool:
    return False


class Broken(FightSession):
    """A fight whose rules raise on the first step forward (a bug)."""

    def advance_to(self, time: float) -> bool:
        raise RuntimeError("a bug in the rules")


def test_a_tick_that_raises_stops_playback(qtbot: QtBot) -> None:
    session = Broken(load_encounter(SKIRMISH), _never)
    session.start()
    driver = PlaybackDriver(session, 0.5, lambda: 100.0)
    driver.play()
    assert driver.is_playing()
    with pytest.raises(RuntimeError, match="a bug in the rules"):
        driver.tick()
    assert not driver.is_playing()  # the timer will not raise it again every frame


def test_an_uncaught_error_is_reported_once_and_the_fight_paused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BATTLEMAP_HOME", str(tmp_path / "home"))
    paused: list[bool] = []
    said: list[str] = []
    handler: CrashHandler

    def say(text: str) -> None:
        said.append(text)
        # Another error while the message is up is written down, not said again.
        handler(ValueError, ValueError("second"), None)

    handler = CrashHandler(lambda: paused.append(True), say)
    try:
        raise RuntimeError("first")
    except RuntimeError as error:
        handler(RuntimeError, error, error.__traceback__)
    assert paused == [True, True]
    assert handler.reports == 2
    assert len(said) == 1
    report = tmp_path / "home" / "log" / "crash.txt"
    assert said[0] == (
        f"Battlemap met an internal error and paused the fight. Details were saved to {report}. "
        "Your work is kept by the autosave; please attach the report to a bug report."
    )
    text = report.read_text(encoding="utf-8")
    assert "RuntimeError: first" in text and "ValueError: second" in text
    assert sys.excepthook is not handler  # only `install` replaces the hook
