"""Storage: what Battlemap keeps on disk, read and written without Qt.

- `encounter_file`: the versioned JSON encounter file (docs/encounter-format.md), with its
  checks in `encounter_schema`, `stat_fields` (shared with the library) and `log_schema`.
- `creature_library`: library files and drag payloads of `CreatureTemplate`s
  (`creature_template`, checks in `creature_schema`).
- `settings`: the user's settings, read forgivingly. `autosave`: crash restore.
- `paths`: the resources folder and the user's folders (appdirs; BATTLEMAP_HOME and
  BATTLEMAP_RESOURCES override them).
- `json_reading`, `json_fields`, `json_text`, `atomic_write`: decoding with clear errors,
  field readers that carry a pointer, a readable layout, all-or-nothing file replacement.
"""
