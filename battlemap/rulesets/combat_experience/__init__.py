"""The Combat Experience ruleset (shared/seeds/001): its rules as small pure modules.

`settings` (the check's dice, penalty dice and degrees), `difficulty` (the opening check, the
re-roll ladder, stun recovery), `initiative` (a combatant's initiative through the fight),
`waiting` (triggers, interrupts, aborts) and `flight` (where a run and scream ends). No engine
wiring yet: the seam for a second ruleset calls these. docs/rules/combat-experience.md gives
the choices made where the text is silent.
"""
