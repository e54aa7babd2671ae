"""Saving what a widget looks like: into the test's temp dir, and for a person to look at.

Set BATTLEMAP_SCREENSHOTS to a folder to keep a copy of every screenshot the tests take.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from PySide6.QtWidgets import QWidget


def keep_copy(png: Path) -> None:
    """Copy `png` into BATTLEMAP_SCREENSHOTS, if that is set."""
    folder = os.environ.get("BATTLEMAP_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(png, Path(folder) / png.name)


def save_png(widget: QWidget, tmp_path: Path, name: str) -> Path:
    """Render `widget` to tmp_path/name.png; the picture must not be empty."""
    image = widget.grab()
    assert not image.isNull()
    target = tmp_path / f"{name}.png"
    assert image.save(str(target))
    keep_copy(target)
    return target
