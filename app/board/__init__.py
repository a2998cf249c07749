"""The map board: a scene drawn from map polygons and a zoomable, pannable view of it."""
