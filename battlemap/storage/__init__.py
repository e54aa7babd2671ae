"""Storage: what Battlemap keeps on disk, read and written without Qt.

`encounter_file` reads and writes the versioned JSON encounter file (documented in
docs/encounter-format.md); `atomic_write` replaces a file all or nothing, so a crash never
loses what was saved before.
"""
