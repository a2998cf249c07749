"""Rules of every Daimyo game: pure Python, no Qt, no shapely.

`engine.core` defines the one state API all games share; `engine.graph` is the
plain topology a map-based game is played on; `engine.registry` names the games.
"""

from engine import native as _native

# Compiled modules from `make fast`, only when the build matches these sources (engine.native).
_native.activate()
