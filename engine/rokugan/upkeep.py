"""The upkeep (rulebook: "Unterhaltungsphase", and "Ronin").

1. First player (not in round 1): the top initiative card names the clan who starts;
   a neutral card goes to the player with most provinces (Master of Governance), most
   control tokens on the map (Master of Tactics) or most territory cards (Rise of an
   Empire); on a tie the current first player keeps it, else the tied player nearest to
   its right (counter-clockwise).
2. Draw: the bluff is back behind the screen; everyone draws from their pool up to 6
   tokens (the Dragon one more, then returns one non-bluff token if it holds more than
   6). A pool that runs dry simply draws fewer (the discard pile is never reshuffled).
   A player with no control token on the map is a Ronin for this round.
3. Territory cards (not in round 1): the card round, whose turn order is in `rounds.py`
   and whose cards are in `cards.py`.

Chance: each draw from a pool is a hash of the game's chance seed and a draw counter, so
`apply` is deterministic and `undo` exact.
"""

from __future__ import annotations

from typing import Any

from engine.rokugan import actions as A
from engine.rokugan.data import (
    CLANS,
    DRAGON,
    HAND_SIZE,
    INITIATIVE_NAMES,
    MASTER_OF_GOVERNANCE,
    MASTER_OF_TACTICS,
    TOKENS_PER_CLAN,
)
from engine.rokugan.events import Upkeep, holder_words
from engine.rokugan.position import HAND, POOL, Position
from engine.rokugan.scoring import cards_count
from engine.rokugan.tokens import hand_labels, hand_tid, move

_M64 = (1 << 64) - 1


def mix(a: int, b: int) -> int:
    """A 64-bit hash of two ints (splitmix64 finaliser): the chance source of draws."""
    x = (a * 0x9E3779B97F4A7C15 + (b + 1) * 0xBF58476D1CE4E5B9) & _M64
    x ^= x >> 30
    x = (x * 0xBF58476D1CE4E5B9) & _M64
    x ^= x >> 27
    x = (x * 0x94D049BB133111EB) & _M64
    return x ^ (x >> 31)


def begin_round(st: Position) -> None:
    """Upkeep steps 1-2: the new first player, Ronin, and every hand drawn up."""
    n = st.n
    initiative = ""
    if st.round > 1 and st.deck:
        card = st.deck[0]
        st.deck = st.deck[1:]
        st.revealed = (*st.revealed, card)
        st.first = initiative_winner(st, card)
        initiative = INITIATIVE_NAMES[card].replace("_", " ")
    st.fp_card_used = 0
    st.peek_used = 0
    for p in range(n):
        st.ronin[p] = 1 if st.control_on_board(p) == 0 else 0
        st.spied[p] = 0
        st.out[p] = 0
        # Bluff back behind the screen (it always is by now), then draw up to 6 (+1).
        want = HAND_SIZE + (1 if st.clans[p] == DRAGON else 0)
        base = p * TOKENS_PER_CLAN
        loc = st.loc
        pool = [t for t in range(TOKENS_PER_CLAN) if loc[base + t] == POOL]
        while st.hand_count[p] < want and pool:
            # The drawn token leaves the pool; the rest keep their order.
            tid = pool.pop(mix(st.chance_seed, st.draws) % len(pool))
            st.draws += 1
            move(st, p, tid, HAND)
    if st.events is not None:
        ronin = tuple(holder_words(st, p) for p in range(n) if st.ronin[p])
        hands = tuple(st.hand_count)
        st.events.append(Upkeep(st.round, initiative, holder_words(st, st.first), ronin, hands))


def initiative_winner(st: Position, card: int) -> int:
    """The player who becomes first player by initiative card `card`."""
    if card < len(CLANS):
        return st.player_of_clan(card)
    if card == MASTER_OF_GOVERNANCE:
        score = [st.provinces_of(p) for p in range(st.n)]
    elif card == MASTER_OF_TACTICS:
        score = [st.control_on_board(p) for p in range(st.n)]
    else:
        score = [cards_count(st, p) for p in range(st.n)]
    best = max(score)
    # Ties: the current first player keeps it, else the tied player nearest to its right.
    for k in range(st.n):
        p = (st.first - k) % st.n
        if score[p] == best:
            return p
    return st.first


def dragon_must_return(st: Position) -> int:
    """The Dragon's seat when it holds more than 6 tokens after drawing, else -1."""
    dragon = st.player_of_clan(DRAGON)
    return dragon if dragon >= 0 and st.hand_count[dragon] > HAND_SIZE else -1


def dragon_actions(st: Position, p: int) -> list[Any]:
    """The Dragon's choices of a non-bluff token to return to its pool."""
    return [A.shared(A.ReturnToken, lab) for lab in hand_labels(st, p, exclude_bluff=True)]


def return_token(st: Position, p: int, label: str) -> None:
    """The Dragon returns `label` from its hand to its pool."""
    move(st, p, hand_tid(st, p, label), POOL)
