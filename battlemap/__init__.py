"""Battlemap: a desktop battle map for tabletop game masters.

The rules core (core/, rulesets/, geometry/, storage/) is pure Python; only ui/ imports Qt.
"""

__version__ = "0.1.0"
