"""The rules core: time, events, state, dice, decisions and the engine. Pure Python, no Qt."""
