"""Room among round pieces drawn bigger than the layout sized them (Qt-free).

At fit zoom on a small screen a lit place or a token is drawn at least so many pixels
across, bigger than the layout made it: where two then overlap they move apart a little,
each never far from where it belongs.
"""

from __future__ import annotations

import math

GOLDEN = math.pi * (3 - math.sqrt(5))  # directions apart for discs on one point


def spread(
    places: list[tuple[float, float, float]],
    most: float,
    reach: float = 1.0,
    rounds: int = 40,
) -> list[tuple[float, float]]:
    """Move discs (x, y, radius) apart until no two centres are closer than `reach` times
    the sum of their radii, each at most `most` from where it was; their new centres."""
    n = len(places)
    at = [[x, y] for x, y, _ in places]
    near = []
    for i in range(n):
        for j in range(i + 1, n):
            least = reach * (places[i][2] + places[j][2])
            if math.dist(places[i][:2], places[j][:2]) < least + 2 * most:
                near.append((i, j, least))
    for _ in range(rounds):
        moved = False
        for i, j, least in near:
            dx, dy = at[j][0] - at[i][0], at[j][1] - at[i][1]
            gap = math.hypot(dx, dy)
            if gap >= least * 0.999:
                continue
            if gap < 1e-9:
                dx, dy, gap = math.cos(GOLDEN * (i + 1)), math.sin(GOLDEN * (i + 1)), 1.0
            push = (least - gap) / 2 / gap
            at[i] = [at[i][0] - dx * push, at[i][1] - dy * push]
            at[j] = [at[j][0] + dx * push, at[j][1] + dy * push]
            moved = True
        for k, (x, y) in enumerate(at):  # never far from where it belongs
            hx, hy = places[k][0], places[k][1]
            off = math.hypot(x - hx, y - hy)
            if off > most:
                at[k] = [hx + (x - hx) * most / off, hy + (y - hy) * most / off]
        if not moved:
            break
    return [(x, y) for x, y in at]
