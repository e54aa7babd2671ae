"""The creature library: stat-block files on disk, and how one creature travels in a drag.

A library file is `{"format": "battlemap-creatures", "version": 1, "creatures": [...]}`, each
creature a template object (CreatureTemplate.to_json); docs/encounter-format.md describes it.
The drag payload is one template object as JSON under CREATURE_MIME, so the library dock and
the map agree without importing each other.
"""

from __future__ import annotations

import json
import os

from battlemap.storage.creature_schema import LibraryError, parse_library, parse_template
from battlemap.storage.creature_template import CreatureTemplate
from battlemap.storage.json_fields import Node
from battlemap.storage.json_reading import decode_json, read_json_file
from battlemap.storage.paths import resources_dir

__all__ = [
    "CREATURE_MIME",
    "CreatureTemplate",
    "LibraryError",
    "default_creatures",
    "load_creature_library",
    "template_from_mime",
    "template_to_mime",
]

#: The MIME type of a dragged creature template (its JSON, UTF-8).
CREATURE_MIME = "application/x-battlemap-creature"

#: How a drag payload is named in error messages; it has no file name.
_PAYLOAD = "dragged creature"


def template_to_mime(template: CreatureTemplate) -> bytes:
    """The drag payload for `template`."""
    return json.dumps(template.to_json()).encode("utf-8")


def template_from_mime(payload: bytes) -> CreatureTemplate:
    """The template in a drag payload.

    Raises LibraryError (a ValueError) for anything that is not one of ours: bytes that are
    not UTF-8 JSON, or an object that is not a valid template. A drop comes from outside the
    program, so no other exception may escape.
    """
    try:
        raw = bytes(payload)
    except (TypeError, ValueError):
        raise LibraryError(_PAYLOAD, "the payload is not bytes") from None
    data = decode_json(raw, _PAYLOAD, LibraryError)
    return parse_template(Node(data, _PAYLOAD, kind=LibraryError))


def load_creature_library(path: str | os.PathLike[str]) -> tuple[CreatureTemplate, ...]:
    """The creatures in the library file at `path`, in file order.

    Raises LibraryError naming the file (as `path` spells it), the place and the problem.
    """
    data = read_json_file(path, LibraryError, "a creature library")
    return parse_library(data, os.fspath(path))


def default_creatures() -> tuple[CreatureTemplate, ...]:
    """The creatures shipped with Battlemap: every *.json in resources/creatures, files in
    name order, creatures in file order. A broken file raises LibraryError: the shipped
    library is ours to keep valid, and a test loads it."""
    folder = resources_dir() / "creatures"
    if not folder.is_dir():
        # An installation without its resources is broken; an empty library would hide that.
        raise LibraryError(str(folder), "the creature library folder is missing")
    return tuple(
        template
        for path in sorted(folder.glob("*.json"))
        for template in load_creature_library(path)
    )
