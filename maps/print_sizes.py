"""Printed sizes that the map checks and the prints share (no shapely, no Qt: cheap to import).

`TOKEN_MM` is the width of a combat token: the one size the kit cuts combat tokens to
(a 12 mm square, a half-inch counter), the board print draws border spots to (circles
this wide) and `maps.validate`'s short-border check holds borders to (a shorter border is
covered by its token, which then also hides the borders beside it).
"""

from __future__ import annotations

TOKEN_MM = 12.0
