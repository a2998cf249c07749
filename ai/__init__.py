"""Bots over the engine's state API: no Qt, no shapely, observations only."""

# `engine` first: its import puts the compiled modules of `make fast` (engine.native, which
# lists some of ai/ too) in front of the .py files before any of ai/ is imported.
import engine  # noqa: F401
