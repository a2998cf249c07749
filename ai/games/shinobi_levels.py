"""Shinobi knowledge that only some levels use (`ai.levels`, `GAME_LEVELS["shinobi"]`).

`OwnLaterAdapter` is the plain adapter whose searching player also counts the attacks of
the rounds after the one its search models (`ai.games.shinobi.LATER_AIM`: a clan that
leads openly is cut down by the others' last attacks, so an early open lead is worth
little more than being level with the leaders). The opponents it models inside the
search keep the plain values, the ones `greedy` plays by: `LATER_ADAPTER`, which counts
the later rounds for every player, also made the modelled opponents level the leaders,
which the real ones do not (docs/PERFORMANCE.md, Shinobi, fifth and sixth sessions).
"""

from __future__ import annotations

from ai.games.shinobi import LATER_AIM, ShinobiAdapter
from engine.shinobi.state import ShinobiState


class OwnLaterAdapter(ShinobiAdapter):
    """The later rounds' attacks counted for the searching player only."""

    def __init__(self, later_aim: float = LATER_AIM) -> None:
        super().__init__(later_aim=later_aim)

    def fresh(self) -> OwnLaterAdapter:
        """The same settings with empty caches (`GameAdapter.fresh`)."""
        return OwnLaterAdapter(self.later_aim)

    def _later_attacks(self, state: ShinobiState, player: int, totals: list[float]) -> None:
        """The later rounds' cuts when `player` is the searching player of this world;
        an opponent whose move the search models values the position as `greedy` does."""
        if self._is_root(state, player):
            super()._later_attacks(state, player, totals)


OWN_LATER_ADAPTER = OwnLaterAdapter()
"""The search adapter of the levels that count the later rounds for themselves."""
