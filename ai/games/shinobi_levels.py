"""Shinobi knowledge that only some levels use (`ai.levels`, `GAME_LEVELS["shinobi"]`).

`OwnLaterAdapter` is the plain adapter whose searching player also counts the attacks of
the rounds after the one its search models (`ai.games.shinobi.LATER_AIM`: a clan that
leads openly is cut down by the others' last attacks, so an early open lead is worth
little more than being level with the leaders). The opponents it models inside the
search keep the plain values, the ones `greedy` plays by: `LATER_ADAPTER`, which counts
the later rounds for every player, also made the modelled opponents level the leaders,
which the real ones do not (docs/PERFORMANCE.md, Shinobi, fifth and sixth sessions).

`OwnHandAdapter` is the plain adapter whose searching player values a card of its clan
or a Ninja kept in its hand at `OWN_HAND` (the plain `HAND` is 0.3) while the deck
lasts: a card in the hand is hidden and safe from attacks, one on the table is seen and
cut down over the rounds left, so it keeps its clan's cards for the last rounds and
feeds other clans meanwhile (a player with none of its clan's cards left cannot win).
The opponents it models keep the plain values. As a one-ply player against three
`greedy` the hand worth 0.9 won 32.5 % of 400 games, and 50.7 % together with the later
rounds' attacks: `OWN_HAND_LATER_ADAPTER`, `hard`'s (docs/PERFORMANCE.md, Shinobi, tenth
session).
"""

from __future__ import annotations

from ai.games.shinobi import HAND, LATER_AIM, ShinobiAdapter
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


OWN_HAND = 0.9
"""Worth of a card of one's clan or a Ninja in one's hand while the deck lasts, for the
searching player of `OwnHandAdapter` (against `ai.games.shinobi.HAND`'s 0.3)."""


class OwnHandAdapter(OwnLaterAdapter):
    """The searching player keeps its clan's cards in the hand (worth `own_hand` each);
    with a `later_aim` it also counts the later rounds' attacks for itself
    (`OwnLaterAdapter`'s; one line of classes: compiled classes inherit from one base)."""

    def __init__(
        self, own_hand: float = OWN_HAND, later_aim: float = 0.0, everyone: bool = False
    ) -> None:
        super().__init__(later_aim=later_aim)
        self.own_hand = own_hand
        self.everyone = everyone  # the modelled opponents keep theirs too (measurement only)

    def fresh(self) -> OwnHandAdapter:
        """The same settings with empty caches (`GameAdapter.fresh`)."""
        return OwnHandAdapter(self.own_hand, self.later_aim, self.everyone)

    def _hand_card(self, state: ShinobiState, player: int) -> float:
        """`own_hand` for the searching player of this world while the deck lasts; an
        opponent whose move the search models values its hand as `greedy` does (unless
        `everyone`, which measures what that choice changes)."""
        if not state.deck_size():
            return 0.0
        return self.own_hand if self.everyone or self._is_root(state, player) else HAND


OWN_HAND_ADAPTER = OwnHandAdapter()
"""The search adapter of the levels that keep their clan's cards in the hand."""


OWN_HAND_LATER_ADAPTER = OwnHandAdapter(later_aim=LATER_AIM)
"""`hard`'s search adapter: its clan's cards kept in the hand and the later rounds'
attacks counted, both for itself only."""
