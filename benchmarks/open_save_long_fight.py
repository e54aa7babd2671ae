"""Opening, saving and autosaving a long fight in the real window, against today's approach.

Run from the repository root:

    .venv/bin/python benchmarks/open_save_long_fight.py [--pairs N]

The fight: benchmarks/simulate_melee.py's 50-combatant melee played headless for 100 rounds
(65,000 events, attacks of opportunity included) and saved with its log through the storage
layer (13 MB of JSON). The real `MainWindow` is shown offscreen at 1400 x 900 with its own
docks (map, timeline, log, roster, history). Each figure is measured in alternating pairs in
one run, today's approach then the new one, then again, so a busy moment of this shared
machine falls on both; the script prints medians, 95th percentiles and the ratio old / new.

1. **Open** (File > Open of the saved fight, until the window is drawn): load and check the
   file, replay the log, feed the docks, one synchronous repaint. Today's approach is what
   `FileController.open_path` did before this change (kept here as `_open_as_before`): the file
   read and checked on the window's thread. The new one reads and checks it on a worker thread
   behind a progress dialog (shown after 500 ms) while the window's event loop runs. Besides the
   total, the longest stall of the window's thread during the open is printed (the longest gap
   between ticks of a 10 ms QTimer): what a game master feels as a frozen window.
2. **File > Save** after one more round has been played (about 650 new events): today's
   approach checks the whole log again and writes on the window's thread (`save_encounter`
   without a CheckedLog, and the window marked saved); the new one hands a snapshot to the
   background writer (`FileController.save`). Printed: the window's blocked part (the time
   until `save` returns), and apart from it, the background write until "Saved" (the worker's
   wall time, measured by waiting for it, which also blocks nothing in real use).
3. **The autosave after a pause** (one more round played, then `autosave_now`, what the
   one-second timer runs): today's `write_autosave` on the window's thread against the new
   request to the background writer; blocked part and background write as for Save.

The fight for 2 and 3 is the same melee saved 2 x pairs rounds before its end (round 90 for 5
pairs, about 58,000 events), so that each write can first play one more round. The last new
save and autosave are checked to load back as the window has the fight (outside the timing).
Exit status 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

if importlib.util.find_spec("battlemap") is None:  # a checkout that was not pip-installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QElapsedTimer, QTimer
from PySide6.QtWidgets import QApplication
from simulate_melee import SEED, build_melee, simulate

from battlemap.core.encounter import Encounter
from battlemap.loading import load_checked
from battlemap.rulesets import get_ruleset
from battlemap.storage.autosave import pending_autosave, write_autosave
from battlemap.storage.encounter_file import load_encounter, save_encounter
from battlemap.storage.settings import Settings
from battlemap.ui.file_controller import empty_encounter
from battlemap.ui.main_window import MainWindow

ROUNDS = 100


def _quiet_settings() -> Settings:
    """Nothing stops play for a question: opportunities are taken by policy."""
    for fields in ({"not_offered": ("aoo", "intercept")}, {"offer_opportunities": False}):
        try:
            return Settings(**fields)  # type: ignore[arg-type]
        except TypeError:
            continue
    return Settings()


def _saved_fights(folder: Path, cut_round: int) -> tuple[Path, Path, int]:
    """The whole fight and the fight cut at `cut_round`'s start, saved with their logs."""
    melee = build_melee()
    engine = simulate(melee, get_ruleset("d12"))
    log = tuple(engine.log.events)
    whole = folder / "melee_100_rounds.json"
    save_encounter(dataclasses.replace(melee, seed=SEED, log=log), whole)
    cut = tuple(e for e in log if e.round < cut_round)
    part = folder / f"melee_at_round_{cut_round}.json"
    save_encounter(dataclasses.replace(melee, seed=SEED, log=cut), part)
    return whole, part, len(log)


class StallMeter:
    """The longest gap between ticks of a 10 ms timer on the window's thread."""

    def __init__(self) -> None:
        self._clock = QElapsedTimer()
        self._timer = QTimer()
        self._timer.setInterval(10)
        self._timer.timeout.connect(self._tick)
        self._last = 0
        self.longest_ms = 0.0

    def __enter__(self) -> StallMeter:
        self._clock.start()
        self._last = 0
        self.longest_ms = 0.0
        self._timer.start()
        return self

    def _tick(self) -> None:
        now = self._clock.elapsed()
        self.longest_ms = max(self.longest_ms, float(now - self._last))
        self._last = now

    def __exit__(self, *_exc: object) -> None:
        self._tick()
        self._timer.stop()


def _open_as_before(window: MainWindow, path: Path) -> None:
    """FileController.open_path as it was: the file read and checked on the window's thread."""
    encounter = load_checked(path)
    window.document.replace(encounter, path)
    window.files.opened.emit()


def _open_now(window: MainWindow, path: Path) -> None:
    assert window.files.open_path(path, quiet=True)


def _time_open(
    window: MainWindow, path: Path, how: Callable[[MainWindow, Path], None]
) -> tuple[float, float]:
    window.document.undo_stack.setClean()
    with StallMeter() as meter:
        start = time.perf_counter()
        how(window, path)
        window.repaint()
        total = time.perf_counter() - start
    assert len(window.session.events()) > 60_000, "the fight was not replayed"
    return total, meter.longest_ms / 1000


def _save_as_before(window: MainWindow, path: Path) -> None:
    save_encounter(window.files.with_log(), path)
    window.document.mark_saved(path)


def _autosave_as_before(window: MainWindow, _path: Path) -> None:
    source = window.document.path
    write_autosave(window.files.with_log(), None if source is None else str(source))


def _time_write(
    window: MainWindow, path: Path, old: Callable[[MainWindow, Path], None] | None, kind: str
) -> tuple[float, float]:
    """(blocked, background) seconds of one write after one more round of play."""
    window.driver.step_round()
    if old is not None:
        start = time.perf_counter()
        old(window, path)
        return time.perf_counter() - start, 0.0
    start = time.perf_counter()
    if kind == "save":
        assert window.files.save()
    else:
        window.files.autosave_now()
    blocked = time.perf_counter() - start
    window.files.wait_for_writes()
    return blocked, time.perf_counter() - start - blocked


def _stats(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered) * 1000:8.1f} ms   p95 {p95 * 1000:8.1f} ms"


def _ratio(old: list[float], new: list[float]) -> str:
    new_median = statistics.median(new)
    if new_median <= 0:
        return "n/a"
    return f"{statistics.median(old) / new_median:.1f}x"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5, help="alternating pairs per figure")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as home:
        os.environ["BATTLEMAP_HOME"] = home
        folder = Path(home)
        print("building and saving the 50 x 100-round melee ...", flush=True)
        # Each pair of writes first plays one more round (twice a pair): rounds to spare.
        whole, part, events = _saved_fights(folder, ROUNDS - 2 * args.pairs)
        print(f"saved: {events} events, {whole.stat().st_size / 1e6:.1f} MB", flush=True)
        window = MainWindow(empty_encounter(), None, _quiet_settings())
        window.resize(1400, 900)
        window.show()
        app.processEvents()

        opens: dict[str, list[float]] = {"old": [], "new": []}
        stalls: dict[str, list[float]] = {"old": [], "new": []}
        for _ in range(args.pairs):
            for label, how in (("old", _open_as_before), ("new", _open_now)):
                total, stall = _time_open(window, whole, how)
                opens[label].append(total)
                stalls[label].append(stall)
                app.processEvents()

        writes: dict[str, dict[str, list[float]]] = {}
        for kind, old in (("save", _save_as_before), ("autosave", _autosave_as_before)):
            target = folder / f"{kind}.json"
            assert window.files.open_path(part, quiet=True)
            window.document.mark_saved(target)
            got = writes[kind] = {"old": [], "new": [], "new background": []}
            for _ in range(args.pairs):
                blocked, _ = _time_write(window, target, old, kind)
                got["old"].append(blocked)
                blocked, background = _time_write(window, target, None, kind)
                got["new"].append(blocked)
                got["new background"].append(background)
            # The last new write loads back as the window has the fight.
            written = load_encounter(target) if kind == "save" else _autosaved_encounter()
            assert written.log == window.files.with_log().log, f"{kind} did not write the fight"
        window.document.undo_stack.setClean()
        window.close()

    print()
    print(f"{'figure':<44}{'today':>40}{'new':>40}  ratio")
    print(
        f"{'open the saved fight (until drawn)':<44}{_stats(opens['old']):>40}"
        f"{_stats(opens['new']):>40}  {_ratio(opens['old'], opens['new'])}"
    )
    print(
        f"{'  longest stall of the window during it':<44}{_stats(stalls['old']):>40}"
        f"{_stats(stalls['new']):>40}  {_ratio(stalls['old'], stalls['new'])}"
    )
    for kind, title in (("save", "File > Save"), ("autosave", "autosave after a pause")):
        got = writes[kind]
        print(
            f"{title + ': window blocked':<44}{_stats(got['old']):>40}"
            f"{_stats(got['new']):>40}  {_ratio(got['old'], got['new'])}"
        )
        print(
            f"{'  new: the background write until done':<44}{'':>40}"
            f"{_stats(got['new background']):>40}  "
            f"{_ratio(got['old'], got['new background'])} (old / new whole write)"
        )
    return 0


def _autosaved_encounter() -> Encounter:
    info = pending_autosave()
    assert info is not None, "no autosave was written"
    return info.encounter


if __name__ == "__main__":
    sys.exit(main())
