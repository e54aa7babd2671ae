"""One validation for every way an encounter comes in: `battlemap simulate`, the window's
Open, `battlemap FILE`, the last file reopened at launch, and a crash restore.

The file layer checks what the file holds (storage/encounter_schema.py); the ruleset checks
what its rules can run (rulesets/*/validate.py). Both must pass before an engine sees an
encounter: the window once skipped the second, and a plan with an unknown action opened
without a word and raised a KeyError when played. Qt-free, so the command line and the
tests use it as the window does.
"""

from __future__ import annotations

import os

from battlemap.core.encounter import Encounter
from battlemap.rulesets import get_ruleset
from battlemap.storage.encounter_file import load_encounter
from battlemap.storage.ruleset_fields import use_fields

# Storage reads a ruleset's own fields (core.fields) without importing rulesets: from here on it
# finds them by the ruleset's name. Every way into the app imports this module first.
use_fields(lambda name: get_ruleset(name).fields)


def load_checked(path: str | os.PathLike[str]) -> Encounter:
    """The encounter in the file at `path`, checked by the file layer and by its ruleset.

    Raises only BattlemapError (EncounterError for the file, its content or its rules), with
    one line naming the file as `path` spells it, the place in it and the problem.
    """
    encounter = load_encounter(path)
    check_rules(encounter, os.fspath(path))
    return encounter


def check_rules(encounter: Encounter, source: str) -> None:
    """Raise EncounterError, naming `source`, if the encounter's ruleset does not exist or
    cannot run it: for an encounter that did not come through `load_checked` (an autosave)."""
    ruleset = get_ruleset(encounter.ruleset, source)
    ruleset.validate(encounter, source)
