"""Shared test setup for the whole suite."""

import os
from pathlib import Path

import pytest

# Qt picks its platform plugin when the first QApplication is created; pytest-qt imports Qt while
# pytest configures, so this must run at import time, before any test or plugin creates the app.
# Offscreen lets the suite run headless (CI, SSH) and keeps windows off the developer's screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own settings, autosave and log folders, never the user's real ones."""
    monkeypatch.setenv("BATTLEMAP_HOME", str(tmp_path / "home"))
