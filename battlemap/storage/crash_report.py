"""The crash report: tracebacks of bugs, appended to one file in the user's log folder, for a
bug report. `battlemap simulate` and the window write it the same way."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from battlemap.storage.paths import user_log_dir

#: A loop of errors must not fill the disk: past this size the report starts again.
MAX_REPORT_BYTES = 1_000_000


def write_crash_report(text: str) -> Path | None:
    """Append `text` (a traceback) to the crash report; its path, or None if it cannot be
    written (the caller then says the details are on standard error)."""
    try:
        folder = user_log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        report = folder / "crash.txt"
        if report.exists() and report.stat().st_size > MAX_REPORT_BYTES:
            report.unlink()
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        with report.open("a", encoding="utf-8") as stream:
            stream.write(f"--- {stamp}\n{text}\n")
        return report
    except OSError:
        return None
