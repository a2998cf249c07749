"""Per-game bot knowledge: one module per game id, each with an `ADAPTER`."""
