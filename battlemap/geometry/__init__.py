"""Geometry of the map: paths in square coordinates, footprints, reach and contact times."""
