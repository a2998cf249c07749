"""Bots over the engine's state API: no Qt, no shapely, observations only."""
