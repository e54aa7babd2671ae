"""Writers killed at random moments: a save leaves the old file or the new one, whole, and the
autosave always agrees with itself about which file it came from.

Each round starts a child process that writes in a loop, lets it run for a random short while,
kills it (SIGKILL: no cleanup, no `finally`, no flush; what a crash leaves, short of the disk
itself failing) and reads what is on disk. The assertions hold whatever moment the kill lands,
so the outcome does not depend on timing; the delays, drawn from a seeded generator, only
spread the kills over the writes (a save takes about a millisecond, the delays up to three).
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import random
import signal
import time
from collections.abc import Callable
from multiprocessing.context import BaseContext
from pathlib import Path

from battlemap.core.encounter import Encounter
from battlemap.storage.autosave import pending_autosave, write_autosave
from battlemap.storage.encounter_file import encounter_to_dict, load_encounter, save_encounter
from tests.storage.samples import MINIMAL_ENCOUNTER

SAVE_KILLS = 200
AUTOSAVE_KILLS = 150
#: The longest a child writes before it is killed, in seconds.
SPAN = 0.003
#: How an exit by Process.kill() reads: SIGKILL on POSIX; TerminateProcess on Windows, which
#: multiprocessing reports as SIGTERM.
KILLED = -signal.SIGTERM if os.name == "nt" else -signal.SIGKILL

OLD = MINIMAL_ENCOUNTER
NEW = dataclasses.replace(
    MINIMAL_ENCOUNTER,
    name="After the ambush",
    seed=7,
    combatants=tuple(dataclasses.replace(c, x=c.x + 1) for c in MINIMAL_ENCOUNTER.combatants),
)

# The children's whole programs, what `python -c` would run, given `ready` (a connection to
# say the loop is starting) and their data as globals; encounters travel as their JSON dicts
# (an Encounter holds read-only mappings, which do not pickle). A program text run by exec
# keeps the child free of pytest and the test modules, so that a fork server that has
# imported the storage modules once starts each child in milliseconds.
SAVE_LOOP = """
from battlemap.storage.encounter_file import parse_encounter, save_encounter
encounters = [parse_encounter(data, "a test") for data in encounters]
ready.send_bytes(b"writing")
while True:
    for encounter in encounters:
        save_encounter(encounter, path)
"""

AUTOSAVE_LOOP = """
import dataclasses
import os
os.environ["BATTLEMAP_HOME"] = home
from battlemap.storage.autosave import write_autosave
from battlemap.storage.encounter_file import parse_encounter
encounter = parse_encounter(encounter, "a test")
ready.send_bytes(b"writing")
number = first
while True:
    named = dataclasses.replace(encounter, name=f"fight {number}")
    write_autosave(named, os.path.join(folder, f"{number}.json"))
    number += 1
"""


def _context() -> BaseContext:
    """A fork server where there is one (POSIX): children forked from a small process that
    has imported the storage modules once, rather than from pytest's (threads, Qt) or
    each started afresh (0.15 s of imports each, a minute for 350 kills)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    # Only heeded before the server's first start; a running server still works, slower.
    context.set_forkserver_preload(
        ["battlemap.storage.autosave", "battlemap.storage.encounter_file"]
    )
    return context


def _kill_while_writing(
    program: str,
    data: Callable[[], dict[str, object]],
    kills: int,
    seed: int,
    check: Callable[[], None],
) -> None:
    """Run `program` in a child `kills` times, with `data()` as its globals, kill it after a
    random delay once its loop has begun, and `check` what it left each time."""
    context = _context()
    rng = random.Random(seed)
    for _ in range(kills):
        reader, writer = context.Pipe(duplex=False)
        child = context.Process(target=exec, args=(program, {**data(), "ready": writer}))
        child.start()
        writer.close()  # the child holds its own copy; without ours, its death reads as EOF
        try:
            # Generous: a loaded machine may take long to start a child. A child that died
            # first (an import error) makes poll true and recv_bytes raise EOFError.
            assert reader.poll(60), "the writer did not start within a minute"
            assert reader.recv_bytes() == b"writing"
            time.sleep(rng.uniform(0, SPAN))
            child.kill()
            child.join()
            assert child.exitcode == KILLED  # killed while writing, not ended on its own
        finally:
            if child.is_alive():
                child.kill()
                child.join()
            child.close()
            reader.close()
        check()


def test_a_save_killed_at_any_moment_leaves_the_old_file_or_the_new_one(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    save_encounter(OLD, path)
    found: list[Encounter] = []

    def check() -> None:
        found.append(load_encounter(path))  # whole: it loads
        assert found[-1] in (OLD, NEW)
        # Nothing else but, at most, the temporary files of the writes the kills cut short.
        others = [name for name in os.listdir(tmp_path) if name != "fight.json"]
        assert all(name.startswith(".fight.json.") and name.endswith(".tmp") for name in others)

    def data() -> dict[str, object]:
        return {"path": str(path), "encounters": [encounter_to_dict(NEW), encounter_to_dict(OLD)]}

    _kill_while_writing(SAVE_LOOP, data, SAVE_KILLS, 20250314, check)
    assert len(found) == SAVE_KILLS


def test_an_autosave_killed_at_any_moment_agrees_with_itself(home: Path, tmp_path: Path) -> None:
    """Issue 9: the autosave and its separate meta file disagreed after 23 of 150 kills. Each
    autosave here names its source after its encounter ("fight 12" came from 12.json): what a
    restore finds must always be such a pair, and never older than the last one found."""
    folder = tmp_path / "fights"
    write_autosave(dataclasses.replace(OLD, name="fight 0"), str(folder / "0.json"))
    found = [0]

    def check() -> None:
        info = pending_autosave()
        assert info is not None  # never lost, never set aside as broken
        number = int(info.encounter.name.removeprefix("fight "))
        assert info.encounter == dataclasses.replace(OLD, name=f"fight {number}")
        assert info.source_path == str(folder / f"{number}.json")
        assert number >= found[-1]
        found.append(number)
        others = [name for name in os.listdir(home / "data") if name != "autosave.json"]
        assert all(name.startswith(".autosave.json.") and name.endswith(".tmp") for name in others)

    def data() -> dict[str, object]:
        # Each child carries on from the last number found, so numbers only grow.
        return {
            "home": str(home),
            "folder": str(folder),
            "encounter": encounter_to_dict(OLD),
            "first": found[-1] + 1,
        }

    _kill_while_writing(AUTOSAVE_LOOP, data, AUTOSAVE_KILLS, 20250315, check)
    assert len(found) == AUTOSAVE_KILLS + 1
