"""Rules of every Daimyo game: pure Python, no Qt, no shapely.

`engine.core` defines the one state API all games share; `engine.graph` is the
plain topology a map-based game is played on; `engine.registry` names the games.
"""
