"""Replacing a file all or nothing."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TextIO

import pytest

from battlemap.storage.atomic_write import write_text_atomically


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
