"""Storage tests never touch the real home folder: BATTLEMAP_HOME points into tmp_path."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder standing in for the user's config, data and log folders."""
    folder = tmp_path / "home"
    monkeypatch.setenv("BATTLEMAP_HOME", str(folder))
    monkeypatch.delenv("BATTLEMAP_RESOURCES", raising=False)
    return folder
