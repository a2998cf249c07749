"""Setting up a game (rulebook: "Spielaufbau", steps 1-11).

Steps 1-4 and 6-9 are chance or fixed and happen in `new_game`: clans (the setting
`clans`, a list of clan ids per seat, else drawn from the seed), one random territory
card of each territory under the map, bluffs behind the screens, 2 scout cards and 1
shugenja card each, two secret objectives dealt to each player, a control token in each
clan's capital, the initiative deck (clan cards, filled up with neutral ones to 4) and
the first player. Step 5 (keeping one objective,
in seat order) and step 10 (initial control tokens, face down, clockwise from the first
player, into provinces with no control token) are player actions; whose turn they are
is decided in `rounds.py`.

What a map deals (rule choices for custom maps; `engine.rokugan.requirements.map_deal`
lists it, `Board._deal` computes it). On the published map all of it is dealt, in the
same order from the same seed, so its games are unchanged.

* Clans: the clans that can be played are those with a capital on the map. Clans drawn
  from the seed come from them (from all seven only on a map with fewer capitals than
  players, which `requirements.map_readiness` refuses: only rule tests play there). A
  clan given in `clans` without a capital starts without a capital control token.
* A clan's lands, which its objective names ("X capital, or 2 X provinces"): the
  territory whose id is the clan's id (as on the published map), else the territory
  holding the clan's capital.
* Secret objectives: only those some set of provinces can meet on the map are dealt
  (`Board.objective_witness`): a clan's objective when the map has its capital or 2
  provinces of its lands; Way of the Sail with 6 coastal provinces; Web of Influence
  with 7 territories; Emerald Empire when a chain of 6 neighbours touches 3 territories;
  Reclaiming the Lost Lands ("every Shadowlands province") with a Shadowlands province;
  Way of Humility always. So a map deals the clan objectives of the clans it has lands
  for, whoever plays. With fewer than 2 per player (a map `map_readiness` refuses) the
  others are dealt after them, so the deal stays possible for rule tests.
* Territory cards: a territory with a published territory's id (crab ... unicorn,
  gold_neutral, islands_neutral, shadowlands_north, shadowlands_south) has that
  territory's two cards; another territory has the cards of the clan whose lands it is
  (it holds the capital of a clan that has no territory of its own id); any other has
  none. A Shadowlands card (Dark Favors, Purge the Weak, Animate the Dead, Inspire Fear)
  is only dealt under a territory made of Shadowlands provinces, and Feats of
  Engineering only on a map with an inland province for its harbor. One of the cards
  left is dealt face down, as on the table; a territory left with none gets no card.
* Initiative cards: a clan card for each clan in the game (every one has a capital on a
  map that is ready) and the neutral cards, which name nothing on the map; Rise of an
  Empire on a map without territory cards is a tie that the first player keeps.

Chance comes from a `random.Random` seeded with the game seed; the draws of later rounds
from a chance seed drawn here (see `upkeep.mix`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, TypeVar

from engine.graph import MapGraph
from engine.rokugan import actions as A
from engine.rokugan.board import Board, board_for
from engine.rokugan.data import (
    BLUFF_TID,
    CLAN_INDEX,
    CLANS,
    CONTROL_TOKENS,
    INITIAL_CONTROL,
    MASTER_OF_GOVERNANCE,
    MASTER_OF_TACTICS,
    NO_SPECIAL,
    OBJECTIVE_INDEX,
    OBJECTIVES,
    RISE_OF_AN_EMPIRE,
    SCOUT_CARDS,
    SHUGENJA_CARDS,
    SPECIAL_SUPPLY,
    TOKENS_PER_CLAN,
)
from engine.rokugan.position import HAND, NO_CARD, ON_MAP, PH_OBJECTIVE, POOL, Position
from engine.rokugan.tokens import add_control

P = TypeVar("P", bound=Position)


def new_game(
    cls: type[P],
    players: int,
    seed: int,
    settings: Mapping[str, Any] | None,
    graph: MapGraph,
) -> P:
    """A new `cls` after setup steps 1-9 (chance drawn from `seed`)."""
    settings = dict(settings or {})
    if not 2 <= players <= 5:
        raise ValueError(f"Battle for Rokugan takes 2-5 players, not {players}")
    st = cls.__new__(cls)
    rng = random.Random(f"rokugan:{seed}")
    board = board_for(graph)
    st.n = players
    st.board = board
    st.seed = seed
    st.settings = settings
    names = settings.get("clans")
    if names:
        if len(names) != players or any(c not in CLAN_INDEX for c in names):
            raise ValueError(
                f"settings 'clans' must name {players} different clans of {', '.join(CLANS)}"
            )
        if len(set(names)) != players:
            raise ValueError("settings 'clans' names a clan twice")
        clans = tuple(CLAN_INDEX[c] for c in names)
    else:
        playable = board.playable_clans
        pool = playable if len(playable) >= players else range(len(CLANS))
        clans = tuple(rng.sample(pool, players))
    st.clans = clans
    # Step 2: one random card of the two of each territory, face down.
    st.terr_card = tuple(rng.choice(cards) if cards else None for cards in board.territory_cards)
    st.terr_holder = [ON_MAP if c else NO_CARD for c in st.terr_card]
    # Step 5: two objectives each, of those the map deals.
    deck = objective_deal_order(board, rng, 2 * players)
    st.dealt = tuple((deck[2 * p], deck[2 * p + 1]) for p in range(players))
    # Steps 8-9: initiative deck.
    clan_cards = list(clans)
    rng.shuffle(clan_cards)
    top = clan_cards.pop(0)
    neutrals = [MASTER_OF_GOVERNANCE, MASTER_OF_TACTICS, RISE_OF_AN_EMPIRE]
    rng.shuffle(neutrals)
    init_deck = clan_cards + neutrals[: max(0, 4 - len(clan_cards))]
    rng.shuffle(init_deck)
    st.deck = tuple(init_deck)
    st.revealed = (top,)
    st.first = clans.index(top)
    st.chance_seed = rng.getrandbits(64)
    n_tok = players * TOKENS_PER_CLAN
    st.loc = [POOL] * n_tok
    for p in range(players):
        st.loc[p * TOKENS_PER_CLAN + BLUFF_TID] = HAND
    st.hand_count = [1] * players
    n = board.n
    st.ctrl_owner = [-1] * n
    st.ctrl_down = [0] * n
    st.ctrl_up = [0] * n
    st.special = [NO_SPECIAL] * n
    st.supply = list(SPECIAL_SUPPLY)
    st.control_left = [CONTROL_TOKENS] * players
    st.objective = [-1] * players
    st.scouts = [SCOUT_CARDS] * players
    st.shugenja = [SHUGENJA_CARDS] * players
    st.seen_cards = [0] * players
    st.known = [0] * players
    st.tokens = []
    st.border_occ = [-1] * board.n_borders
    st.ronin = [0] * players
    st.spied = [0] * players
    st.out = [0] * players
    # Step 6: capitals.
    for p, c in enumerate(clans):
        cap = board.capital_of_clan.get(c)
        if cap is not None:
            add_control(st, p, cap, 1, 0)
    st.setup_left = [INITIAL_CONTROL[players]] * players
    st.played_by = [0] * players
    st.round = 1
    st.phase = PH_OBJECTIVE
    st.cur = 0
    st.passes = 0
    st.draws = 0
    st.peek_used = 0
    st.fp_card_used = 0
    st.pending = None
    st.attacked = 0
    st._history = []
    st._undo = []
    st.new_memo()
    st._determinized = False
    st.events = None
    return st


def objective_deal_order(board: Board, rng: random.Random, wanted: int) -> list[int]:
    """The objectives the map deals, shuffled; on a map dealing fewer than `wanted`, the
    others follow (shuffled) so that the deal stays possible."""
    deck = list(board.objective_deck)
    rng.shuffle(deck)
    if len(deck) < wanted:
        rest = [o for o in range(len(OBJECTIVES)) if o not in board.objective_deck]
        rng.shuffle(rest)
        deck += rest
    return deck


def objective_actions(st: Position, p: int) -> list[Any]:
    """Step 5: the two objectives dealt to `p`."""
    return [A.shared(A.ChooseObjective, OBJECTIVES[o][0]) for o in st.dealt[p]]


def choose_objective(st: Position, p: int, name: str) -> None:
    """Step 5: `p` keeps objective `name`."""
    st.objective[p] = OBJECTIVE_INDEX[name]


def control_actions(st: Position) -> list[Any]:
    """Step 10: an initial control token into any province with none."""
    acts = st.board.control_actions
    return [acts[q] for q, o in enumerate(st.ctrl_owner) if o < 0]


def place_initial_control(st: Position, p: int, province: str) -> None:
    """Step 10: `p` puts a control token face down in `province`."""
    add_control(st, p, st.board.index[province], 1, 0)
    st.setup_left[p] -= 1
