"""Replacing a file all or nothing, so a crash or an error never leaves half a file behind."""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Callable
from typing import TextIO


def write_text_atomically(path: str | os.PathLike[str], write: Callable[[TextIO], object]) -> None:
    """Replace the file at `path` with the UTF-8 text that `write` writes to the stream it gets.

    The text goes to a temporary file in the same folder, is flushed to disk, and only then
    renamed over `path`; if `write` or anything else fails, the old file is untouched and the
    temporary file is removed. An existing file keeps its permissions. OSError propagates;
    PermissionError, before anything is written, for a write-protected file.
    """
    # Through a symlink, replace the file it points to rather than the link itself.
    target = os.path.realpath(path)
    # A rename needs only the folder's permission, so it would silently replace a file that
    # writing into would be refused: refuse it the same way.
    if is_write_protected(target):
        raise PermissionError(errno.EACCES, "the file is write-protected", os.fspath(path))
    directory = os.path.dirname(target)
    # Same folder, hence same file system: os.replace is then a single atomic rename.
    temp = os.path.join(directory, f".{os.path.basename(target)}.{secrets.token_hex(4)}.tmp")
    # 0o666 lets the umask decide, as for any new file; an existing file's mode is copied below.
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as stream:
            write(stream)
            stream.flush()
            os.fsync(stream.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temp, stat.S_IMODE(os.stat(target).st_mode))
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    _sync_directory(directory)


def is_write_protected(path: str | os.PathLike[str]) -> bool:
    """True for an existing file the OS says is not to be written.

    Asked two ways because each misses a case: os.access answers for this user (a file owned
    by someone else) but says yes to everything for root, and a mode without any write bit
    (chmod a-w, Windows' read-only attribute) is write-protected whoever asks. A missing file
    is not: writing creates it."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    if not stat.S_ISREG(mode):
        return False  # a folder or a device: whatever opening it says is the answer
    no_write_bits = not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
    return no_write_bits or not os.access(path, os.W_OK)


def _sync_directory(directory: str) -> None:
    """Make the rename itself durable: without this a power cut can bring back the old name."""
    if os.name == "nt":
        return  # Windows cannot open a folder for fsync; NTFS journals the rename.
    fd = os.open(directory, os.O_RDONLY)
    try:
        # Some file systems (network mounts) refuse to fsync a folder; the file itself is
        # already safely on disk, so there is nothing better to do than carry on.
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
