"""Replacing a file all or nothing."""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import replace
from pathlib import Path
from typing import TextIO

import pytest

from battlemap.core.errors import EncounterError
from battlemap.storage.atomic_write import is_write_protected, write_text_atomically
from battlemap.storage.encounter_file import save_encounter
from tests.storage.samples import MINIMAL_ENCOUNTER


def write_hello(stream: TextIO) -> None:
    stream.write("hello\n")


def test_creates_a_new_file(tmp_path: Path) -> None:
    write_text_atomically(tmp_path / "new.txt", write_hello)
    assert (tmp_path / "new.txt").read_bytes() == b"hello\n"
    assert os.listdir(tmp_path) == ["new.txt"]


def test_an_error_in_the_writer_leaves_the_old_file_and_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "old.txt"
    path.write_text("old\n", encoding="utf-8")

    def half_then_fail(stream: TextIO) -> None:
        stream.write("ne")
        raise RuntimeError("interrupted")

    with pytest.raises(RuntimeError):
        write_text_atomically(path, half_then_fail)
    assert path.read_text(encoding="utf-8") == "old\n"
    assert os.listdir(tmp_path) == ["old.txt"]


@pytest.mark.skipif(os.name == "nt", reason="POSIX permission bits")
def test_an_existing_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "shared.txt"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o640)
    write_text_atomically(path, write_hello)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


@pytest.mark.skipif(os.name == "nt", reason="symlinks need privileges on Windows")
def test_through_a_symlink_the_linked_file_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "file.txt"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_text_atomically(link, write_hello)
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "hello\n"


def test_line_endings_are_newlines_on_every_platform(tmp_path: Path) -> None:
    write_text_atomically(tmp_path / "a.txt", lambda s: s.write("a\nb\n"))
    assert (tmp_path / "a.txt").read_bytes() == b"a\nb\n"


# --- write-protected files ----------------------------------------------------------------------


def test_a_write_protected_file_is_refused_not_renamed_over(tmp_path: Path) -> None:
    """A rename needs only the folder's permission: without the check, the atomic write would
    silently replace a file that writing into is refused (and root would replace any)."""
    path = tmp_path / "theirs.txt"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    with pytest.raises(PermissionError) as caught:
        write_text_atomically(path, write_hello)
    assert (caught.value.errno, caught.value.strerror) == (
        errno.EACCES,
        "the file is write-protected",
    )
    assert caught.value.filename == str(path)
    assert path.read_text(encoding="utf-8") == "old\n"
    assert os.listdir(tmp_path) == ["theirs.txt"]


def test_saving_an_encounter_over_a_write_protected_file_says_so(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    save_encounter(MINIMAL_ENCOUNTER, path)
    before = path.read_bytes()
    path.chmod(stat.S_IRUSR)
    with pytest.raises(EncounterError) as caught:
        save_encounter(replace(MINIMAL_ENCOUNTER, name="Round 2"), path)
    assert (caught.value.where, caught.value.problem) == (
        str(path),
        "cannot save the file: permission denied",
    )
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("mode", "protected"),
    [(0o644, False), (0o600, False), (0o200, False), (0o444, True), (0o400, True), (0o000, True)],
)
def test_which_files_are_write_protected(tmp_path: Path, mode: int, protected: bool) -> None:
    path = tmp_path / "file.txt"
    path.write_text("x", encoding="utf-8")
    path.chmod(mode)
    assert is_write_protected(path) is protected


def test_a_missing_file_or_a_folder_is_not_write_protected(tmp_path: Path) -> None:
    assert not is_write_protected(tmp_path / "missing.txt")
    (tmp_path / "folder").mkdir(mode=0o555)
    assert not is_write_protected(tmp_path / "folder")
