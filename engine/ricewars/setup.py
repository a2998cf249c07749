"""Preparing the game (Spielvorbereitung), steps 1-13: the board side, colours, money,
cards and advisors, the governor by lot, palaces, and the starting peasants.

Rule decisions (the rulebook leaves these open):

* Board side by player count: 2 players always play the scenario (quick side), 5 always
  the epic side, 3-4 either (`settings["board"]` must match the map given). The side, its
  rounds, round track (symbols `income3`, `auction`, `card`, `attack1`), the starting
  peasants (2 quick, 3 epic) and player range come from the map's `attributes`.
* Colours go clockwise from the first governor: red, yellow, black, green, blue, and the
  starting money goes by colour: 5, 6, 7, 8, 9 Ryo (the rulebook gives black 7; later
  seats get more because they place palaces later and act later in round 1).
* Setup peasants: the 2 (3) peasants put on the daimyo board in setup step 11 are the
  ones placed in step 13, so no peasant waits on the board when round 1 begins. A
  palace or starting peasant with no legal place is not placed.
* Palace spacing: at least two fields between palaces (board distance >= 3); when no
  site keeps that spacing, the sites farthest from the nearest palace are allowed.
* 2-player scenario: seat 2 is the neutral player (3-seat setup). It is never governor
  and gets no money or cards; its palace is placed by the governor after both palaces
  (no palace move then), and its 2 starting peasants are placed alternately by the
  governor and the other player; 9 more peasants wait beside its board (its pool).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.graph import MapGraph
from engine.ricewars import actions as A
from engine.ricewars import records
from engine.ricewars.board import board_for
from engine.ricewars.data import (
    ADVISORS,
    ASHIGARU_SUPPLY,
    BANK_TOTAL,
    COLOURS,
    NEUTRAL_POOL,
    NUM_CARDS,
    PEASANTS_PER_COLOUR,
    RONIN_SUPPLY,
    SCENARIO_PLAYERS,
    START_CARDS,
    START_MONEY,
)
from engine.ricewars.peasants import peasant_fields
from engine.ricewars.position import (
    MOVE,
    NO_BID,
    PALACE,
    SETUP_PEASANT,
    Position,
    bits,
)
from engine.ricewars.rounds import start_round


def prepare(
    st: Position, players: int, seed: int, settings: Mapping[str, Any] | None, graph: MapGraph
) -> None:
    """Setup steps 1-10 on the empty `st` (chance from `seed`); palaces and peasants are
    player actions, beginning with the governor's palace."""
    settings = dict(settings or {})
    board = board_for(graph)
    wanted = settings.get("board")
    if wanted is not None and wanted != board.side:
        raise ValueError(
            f"settings ask for the {wanted} board but map {graph.id!r} is the {board.side} side"
        )
    lo, hi = board.players
    scenario = players == SCENARIO_PLAYERS
    if scenario:
        if board.side != "quick":
            raise ValueError("2 players play the scenario on the quick board (--board quick)")
    elif not lo <= players <= hi:
        raise ValueError(
            f"the {board.side} board takes {lo}-{hi} players, not {players}; "
            "5 players play on the epic board (--board epic)"
        )
    rng = random.Random(f"ricewars:{seed}")
    st.n = players
    st.neutral = players if scenario else -1  # the seat after the players'
    st.seats = players + (1 if scenario else 0)
    st.board = board
    st.seed = seed
    st.settings = settings
    seats = st.seats
    governor = rng.randrange(players)
    st.governor = governor
    # Colours clockwise from the first governor; money by colour.
    st.colour = tuple(COLOURS[(s - governor) % seats] for s in range(seats))
    st.money = [0 if s == st.neutral else START_MONEY[st.colour[s]] for s in range(seats)]
    st.bank = BANK_TOTAL - sum(st.money)
    st.palace = [-1] * seats
    st.owner = [-1] * board.n
    st.own = [0] * seats
    start = board.start_peasants
    st.reserve = [start] * seats
    st.supply = [PEASANTS_PER_COLOUR - start] * seats
    st.boxed_peasants = [0] * seats
    if st.neutral >= 0:
        # The neutral gets 2 peasants to place and a pool of 9 beside its board.
        st.reserve[st.neutral] = 2
        st.supply[st.neutral] = NEUTRAL_POOL
        st.boxed_peasants[st.neutral] = PEASANTS_PER_COLOUR - 2 - NEUTRAL_POOL
    st.ash = [0] * seats
    st.ash_x = [0] * seats
    st.ron = [0] * seats
    st.ron_x = [0] * seats
    st.ash_due = [0] * seats
    st.ron_due = [0] * seats
    st.adv_due = [()] * seats
    st.held = [()] * seats
    st.used_service = [False] * seats
    st.passes = [0] * seats
    st.bids = [NO_BID] * seats
    st.supply_ash = ASHIGARU_SUPPLY
    st.supply_ron = RONIN_SUPPLY
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(seats)]
    for _ in range(START_CARDS):
        for s in st.order_from(governor):
            if s != st.neutral:
                hands[s].append(deck.pop())
    st.hands = [tuple(hand) for hand in hands]
    st.deck = deck
    st.discard = []
    adeck = list(range(len(ADVISORS)))
    rng.shuffle(adeck)
    st.adeck = adeck
    st.table = []
    st.boxed_advisors = []
    st.fight = None
    st._ended = None
    st.round = 0
    st.queue = tuple((s, s) for s in st.humans_from(governor))
    st.auction_left = ()
    st.bidding = -1
    st.last_bids = ()
    st.chance = 0
    st.chance_seed = rng.getrandbits(63)
    st.nplaced = 0
    st.plant_left = 0
    st.last_actor = governor
    st.phase = PALACE
    st.cur = governor
    st._history = []
    st._undo = []


def palace_sites(st: Position, s: int) -> list[int]:
    """Sites where seat `s` may put its palace: free, two fields from every other palace.

    When no site keeps that spacing, the sites farthest from the nearest palace."""
    dist = st.board.dist
    others = [p for q, p in enumerate(st.palace) if p >= 0 and q != s]
    taken = st.palaces_mask()
    free = [f for f in st.board.sites if not taken >> f & 1 and st.owner[f] < 0]
    if not others:
        return free
    gap = {f: min(dist[f][p] for p in others) for f in free}
    good = [f for f in free if gap[f] >= 3]
    if good or not free:
        return good
    far = max(gap.values())
    return [f for f in free if gap[f] == far]


def start_setup_peasants(st: Position) -> None:
    """Step 13: the starting peasants, one at a time clockwise from the governor (the
    neutral's placed by the players in turn, the governor first)."""
    order = st.order_from(st.governor)
    humans = st.humans_from(st.governor)
    queue = []
    neutral_turn = 0
    for _ in range(st.board.start_peasants):
        for s in order:
            if s == st.neutral:
                if st.reserve[s] - neutral_turn <= 0:
                    continue
                queue.append((humans[neutral_turn % len(humans)], s))
                neutral_turn += 1
            else:
                queue.append((s, s))
    st.queue = tuple(queue)
    st.phase = SETUP_PEASANT


# -- palaces (step 12) ------------------------------------------------------------------


_STAY = A.Stay()


def legal_palace(st: Position) -> list[Any]:
    """The palace sites of the seat whose palace is placed now."""
    palaces = st.field_actions(A.Palace)
    return [palaces[f] for f in palace_sites(st, st.queue[0][1])]


def apply_palace(st: Position, s: int, action: Any) -> None:
    """A palace goes on its site."""
    _placer, owner = st.queue[0]
    st.palace[owner] = st.field(action.field)
    st.queue = st.queue[1:]
    if st.events is not None:
        st.events.append(records.placed(st, owner, st.palace[owner], s, "setup", "palace"))


def settle_palace(st: Position) -> bool:
    """The next palace to place; after all, the governor's move (or the neutral's palace)."""
    if st.queue:
        placer, owner = st.queue[0]
        if palace_sites(st, owner):
            st.cur = placer
            return True
        st.queue = st.queue[1:]  # no site at all: the palace stays off
        return False
    if st.neutral < 0:
        st.phase = MOVE
        st.cur = st.governor
        if palace_sites(st, st.governor):
            return True
        start_setup_peasants(st)
        return False
    if st.palace[st.neutral] < 0 and palace_sites(st, st.neutral):
        st.queue = ((st.governor, st.neutral),)
        return False
    start_setup_peasants(st)
    return False


def legal_move(st: Position) -> list[Any]:
    """The governor keeps the palace or moves it to another site."""
    palaces = st.field_actions(A.Palace)
    return [_STAY] + [palaces[f] for f in palace_sites(st, st.cur)]


def apply_move(st: Position, s: int, action: Any) -> None:
    """The governor's palace stays or moves; then the starting peasants."""
    if isinstance(action, A.Palace):
        st.palace[s] = st.field(action.field)
        if st.events is not None:
            st.events.append(records.placed(st, s, st.palace[s], s, "move", "palace"))
    elif st.events is not None:
        f = st.palace[s]
        st.events.append(records.PalaceKept(st.round, s, records.seat_word(st, s), st.fid(f),
                                            st.board.names[f]))  # fmt: skip
    st.queue = ()
    start_setup_peasants(st)


# -- starting peasants (step 13) --------------------------------------------------------


def legal_setup_peasant(st: Position) -> list[Any]:
    """Where the next starting peasant may go, by the peasant rule."""
    peasants = st.field_actions(A.Peasant)
    return [peasants[f] for f in bits(peasant_fields(st, st.queue[0][1]))]


def apply_setup_peasant(st: Position, s: int, action: Any) -> None:
    """A starting peasant goes from its owner's daimyo board to the field."""
    owner = st.queue[0][1]
    st.reserve[owner] -= 1
    f = st.field(action.field)
    st._set_owner(f, owner)
    st.queue = st.queue[1:]
    if st.events is not None:
        st.events.append(records.placed(st, owner, f, s, "setup"))


def settle_setup_peasant(st: Position) -> bool:
    """The next starting peasant with somewhere to go; after the last, round 1."""
    while st.queue and not peasant_fields(st, st.queue[0][1]):
        st.queue = st.queue[1:]  # nowhere to go: it stays on the board
    if st.queue:
        st.cur = st.queue[0][0]
        return True
    start_round(st)
    return False
