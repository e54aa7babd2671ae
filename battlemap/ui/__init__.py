"""The Qt layer: main window, map view, timeline, docks, dialogs, player view and the driver.

This is the only package allowed to import Qt (PySide6, shiboken6, pyqtgraph);
tests/test_layers.py fails if anything in core/, rulesets/, geometry/ or storage/ does.
"""
