"""Where Battlemap's files live: the shipped resources, and the user's config, data and log
folders (per platform, through appdirs).

Environment variables override both, so that a packaged build can point at its bundled
resources and tests never touch the real home folder:

- BATTLEMAP_RESOURCES: the resources folder (default: `resources/` beside the package).
- BATTLEMAP_HOME: one folder holding `config/`, `data/`, `log/` and `documents/`.

Nothing here creates a folder; whoever writes a file creates the folder it goes in.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import appdirs

import battlemap
from battlemap.storage.atomic_write import is_write_protected

APP_NAME = "battlemap"
APP_AUTHOR = "battlemap"

#: appdirs.user_config_dir and friends: (appname, appauthor) -> folder.
_PlatformDir = Callable[[str, str], str]


def resources_dir() -> Path:
    """The folder of shipped resources (examples, creatures, icons)."""
    override = os.environ.get("BATTLEMAP_RESOURCES")
    if override:
        return Path(override)
    # The repository (or an unpacked source tree) keeps resources/ beside the package.
    return Path(battlemap.__file__).resolve().parents[1] / "resources"


def user_config_dir() -> Path:
    """Settings live here."""
    return _user_dir("config", appdirs.user_config_dir)


def user_data_dir() -> Path:
    """Autosave and other data the user did not choose a place for live here."""
    return _user_dir("data", appdirs.user_data_dir)


def user_log_dir() -> Path:
    """Crash reports live here."""
    return _user_dir("log", appdirs.user_log_dir)


def documents_dir() -> Path:
    """Where the game master's own encounters go by default: the Save dialog starts here.

    The platform's documents folder: `~/Documents` (what Windows, macOS and most Linux
    desktops call it) when it exists, else the home folder. Computed here rather than with
    Qt's QStandardPaths.DocumentsLocation so that every user folder is decided in one place,
    without Qt (storage never imports it), and BATTLEMAP_HOME moves it in tests as it moves
    the others. The price: a documents folder renamed by the desktop (XDG_DOCUMENTS_DIR, a
    translated name, a OneDrive redirect) is not followed, and the dialog starts in the home
    folder instead, from where it is one click away.
    """
    home = os.environ.get("BATTLEMAP_HOME")
    if home:
        return Path(home) / "documents"
    documents = Path.home() / "Documents"
    return documents if documents.is_dir() else Path.home()


def is_read_only(path: str | os.PathLike[str]) -> bool:
    """True for a file Battlemap must not write over: a shipped resource (the examples and
    the demo live in the installation, which the next update replaces and other users share),
    or a file the OS says is not writable (atomic_write.is_write_protected). A missing file
    is not read-only: saving creates it.
    """
    target = Path(os.path.realpath(path))
    if target.is_relative_to(Path(os.path.realpath(resources_dir()))):
        return True
    return is_write_protected(target)


def _user_dir(name: str, platform_dir: _PlatformDir) -> Path:
    home = os.environ.get("BATTLEMAP_HOME")
    if home:
        return Path(home) / name
    return Path(platform_dir(APP_NAME, APP_AUTHOR))


def resolve_image(image: str, encounter_path: str | os.PathLike[str] | None) -> Path:
    """The file a picture path in an encounter names: relative paths are relative to the
    encounter file's folder (the current folder for an encounter never saved)."""
    path = Path(image)
    if path.is_absolute() or encounter_path is None:
        return path
    return Path(encounter_path).parent / path
