"""The map file format, shapely geometry (borders, coasts, validation), shipped maps."""
