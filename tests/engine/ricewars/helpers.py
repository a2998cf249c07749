"""Shared fixtures of the Rice Wars tests: the shipped boards and small positions."""

from __future__ import annotations

from functools import cache

from engine.graph import MapGraph
from engine.ricewars import SPEC
from engine.ricewars.data import CARD_INDEX, CARDS
from engine.ricewars.state import RiceWarsState


@cache
def board(side: str = "quick") -> MapGraph:
    """The graph of a shipped board side."""
    from maps.api import load_graph

    return load_graph(f"ricewars-{side}")


def graph_for(map_id: str) -> MapGraph:
    """The `graph_for` lookup of `engine.saves`."""
    return board(map_id.removeprefix("ricewars-"))


def new(players: int = 3, seed: int = 1, side: str | None = None) -> RiceWarsState:
    """A fresh game on the natural side for `players`."""
    side = side or ("epic" if players == 5 else "quick")
    return SPEC.new_game(players, seed, {"board": side}, board(side))


def play(state: RiceWarsState, *texts: str) -> None:
    """Apply actions given as text, checked."""
    for text in texts:
        state.apply_checked(SPEC.parse_action(text))


def card(card_id: str) -> int:
    """The index of a card copy by its id ("shouri2")."""
    return CARD_INDEX[card_id]


def card_of(type_id: str, bonus: int | None = None) -> int:
    """A card copy of a type (with the given bonus when asked)."""
    return next(c.index for c in CARDS if c.type == type_id and (bonus is None or c.bonus == bonus))


def setup_quick(state: RiceWarsState) -> None:
    """Finish setup by always taking the first legal action (palaces and peasants)."""
    from engine.ricewars.state import MOVE, PALACE, SETUP_PEASANT

    while state.phase in (PALACE, MOVE, SETUP_PEASANT):
        state.apply(state.legal_actions()[0])


def field_ids(state: RiceWarsState, mask: int) -> list[str]:
    """Field ids of a bitmask."""
    return [state.board.ids[f] for f in range(state.board.n) if mask >> f & 1]


def ready(players: int = 3, seed: int = 1, side: str | None = None) -> RiceWarsState:
    """A game at the start of round 1's action phase (setup by first legal choices,
    nobody hired, bids of 0), with the governor to act."""
    from engine.ricewars.state import ACTION

    st = new(players, seed, side)
    while st.phase != ACTION:
        legal = st.legal_actions()
        done = [a for a in legal if str(a) in ("done", "bid 0", "stay")]
        st.apply(done[0] if done else legal[0])
    return st


def set_money(st: RiceWarsState, s: int, amount: int) -> None:
    """Give seat `s` exactly `amount` Ryo (to or from the bank)."""
    st.bank += st.money[s] - amount
    st.money[s] = amount


def set_hand(st: RiceWarsState, s: int, *card_ids: str) -> None:
    """Seat `s` holds exactly these cards (its old cards go to the discard pile)."""
    wanted = [card(c) for c in card_ids]
    st.discard.extend(st.hands[s])
    st.hands[s] = ()
    for c in wanted:
        for pile in (st.deck, st.discard):
            if c in pile:
                pile.remove(c)
        for q, hand in enumerate(st.hands):  # a hand is a tuple: a new one without c
            if c in hand:
                rest = list(hand)
                rest.remove(c)
                st.hands[q] = tuple(rest)
        st.hands[s] += (c,)


def stack_deck(st: RiceWarsState, *card_ids: str) -> None:
    """Put these cards on top of the deck, the first one drawn first."""
    wanted = [card(c) for c in card_ids]
    for c in wanted:
        for pile in (st.deck, st.discard, *st.hands):
            if c in pile:
                pile.remove(c)
    st.deck.extend(reversed(wanted))


def set_troops(st: RiceWarsState, s: int, ash: int = 0, ron: int = 0) -> None:
    """Seat `s` has exactly these active troops (the rest of its troops to the supply)."""
    st.supply_ash += st.ash[s] + st.ash_x[s] - ash
    st.supply_ron += st.ron[s] + st.ron_x[s] - ron
    st.ash[s], st.ash_x[s], st.ron[s], st.ron_x[s] = ash, 0, ron, 0


def put(st: RiceWarsState, s: int, *fids: str) -> None:
    """Peasants of seat `s` from its supply onto these fields (their peasants leave)."""
    for fid in fids:
        f = st.field(fid)
        if st.owner[f] >= 0:
            st._remove_peasant(f)
        st.supply[s] -= 1
        st._set_owner(f, s)


def clear(st: RiceWarsState, s: int) -> None:
    """Every peasant of seat `s` leaves the board for its supply."""
    for f in range(st.board.n):
        if st.owner[f] == s:
            st._remove_peasant(f)


def neighbours(st: RiceWarsState, fid: str) -> list[str]:
    """The neighbour field ids of `fid`, in board order."""
    return field_ids(st, st.board.adj[st.field(fid)])


def pass_round(st: RiceWarsState) -> None:
    """Everyone passes (twice) until the action phase is over."""
    from engine.ricewars.state import ACTION, NEUTRAL

    while st.phase in (ACTION, NEUTRAL):
        legal = st.legal_actions()
        st.apply(legal[0] if st.phase == NEUTRAL else next(a for a in legal if str(a) == "pass"))
