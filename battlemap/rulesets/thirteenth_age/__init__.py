"""The 13th Age combat rules (shared/seeds/004_7855d07f9506e787.txt) as pure functions.

This package holds only the rules layer: small typed functions over frozen values, each module
named for what it holds. The engine processes, clock, fields and registration come on top of
them (docs/rules/13th-age.md says what is built and every choice where the text is silent).

- `naturals`: reading a d20 roll (1 to 20) and the one error for any other number.
- `settings`: every choice the text leaves to the game master, with documented defaults.
- `abilities`, `defenses`: ability modifiers, the level multiplier on damage, AC/PD/MD.
- `initiative`, `delay_ready`: cyclic initiative, shared monster rolls, the order, Delay and
  Ready.
- `escalation`: the escalation die by round, held, reset, after an ambush round.
- `actions`: a turn's standard, move, quick and free actions and their trades; interrupts.
- `attacks`, `special_attacks`: attack rolls, crits, fumbles, miss damage, several targets;
  flexible attacks, two weapons, unarmed, shooting into melee, invisibility, coup de grace.
- `hit_points`, `recoveries`, `death_saves`: staggered, temporary hit points, healing,
  recoveries and rally, death saves and stabilising.
- `saves`, `ongoing`, `resistance`: save difficulties, ongoing damage, resistance.
- `conditions`, `disengage`: conditions and grabs, the disengage check.
- `party`: ambush rounds, fleeing, fighting in spirit.
- `statblock`: "+7 vs AC, 2d6 damage; miss: 3" read into an attack.
"""
