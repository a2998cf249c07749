"""The course of a game (rulebook: "Spielablauf"): which phase follows, whose turn it is.

Setup (objectives in seat order, then initial control tokens clockwise from the first
player), then 5 rounds of: upkeep (first player, draws, the Dragon's return, the
territory-card round clockwise from the first player until everyone has passed in a
row), placement (turns clockwise from the first player until everyone has one token
left; cards at the start of a turn, the Scorpion's peek after a placement), the
Unicorn's swap, and resolution steps 1-7. `apply_action` carries out one action with the
phase module it belongs to and then moves the game on.

Rule choices: a player who cannot place any token on their turn (not only a Ronin) is
skipped for the rest of that placement phase; players with no playable territory card
pass automatically; Purge the Weak is the whole turn (no placement after it).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from engine.core import IllegalActionError
from engine.rokugan import actions as A
from engine.rokugan.cards import apply_pending, has_upkeep_card_action, play_card, targets
from engine.rokugan.data import CLANS, SCORPION, UNICORN
from engine.rokugan.events import (
    Decision,
    clan_words,
    holder_words,
    place_words,
    province_words,
    target,
    token_facts,
    token_words,
)
from engine.rokugan.placement import apply_swap, can_place, do_place, swap_actions
from engine.rokugan.position import (
    PEND_ANIMATE,
    PEND_DARK_DISCARD,
    PEND_PEEK,
    PEND_PURGE,
    PEND_SEND,
    PH_CARDS,
    PH_CONTROL,
    PH_DRAGON,
    PH_OBJECTIVE,
    PH_OVER,
    PH_PLACE,
    PH_SWAP,
    PHASE_NAMES,
    Position,
)
from engine.rokugan.resolution import resolve
from engine.rokugan.setup import choose_objective, place_initial_control
from engine.rokugan.tokens import serial
from engine.rokugan.upkeep import begin_round, dragon_must_return, return_token


def apply_action(st: Position, action: Any) -> None:
    """Carry out the trusted legal `action` of the player to act, then move on."""
    ph = st.phase
    p = st.cur
    pend = st.pending
    if st.events is not None:
        st.events.append(decision(st, p, action))
    if pend is not None:
        apply_pending(st, p, action)
        _after_pending(st, p, pend[0])
        return
    if ph == PH_PLACE:
        if isinstance(action, A.Place):
            do_place(st, p, action.token, action.where, from_discard=False)
            _after_place(st, p)
        else:
            play_card(st, p, action)
            _continue_turn(st, p)
        return
    if ph == PH_CARDS:
        if isinstance(action, A.Pass):
            st.passes += 1
            _next_card_turn(st)
        else:
            st.passes = 0
            play_card(st, p, action)
            if st.pending is None:
                _next_card_turn(st)
        return
    if ph == PH_OBJECTIVE:
        choose_objective(st, p, action.objective)
        if p + 1 < st.n:
            st.cur = p + 1
        else:
            st.phase = PH_CONTROL
            st.cur = st.first
            _next_control_turn(st, first=True)
        return
    if ph == PH_CONTROL:
        place_initial_control(st, p, action.province)
        _next_control_turn(st, first=False)
        return
    if ph == PH_DRAGON:
        return_token(st, p, action.token)
        _start_card_round(st)
        return
    if ph == PH_SWAP:
        if isinstance(action, A.Swap):
            apply_swap(st, p, action)
        resolve_round(st)
        return
    raise IllegalActionError(f"{action} cannot be applied in the {PHASE_NAMES[ph]} phase")


def decision(st: Position, p: int, action: Any) -> Decision:
    """The record of seat `p`'s decision `action` (before it is carried out), in words:
    places and board tokens by name, never by id or serial (`events.Decision`)."""
    verb = str(action).split(" ", 1)[0]
    what = getattr(action, "objective", "") or getattr(action, "card", "")
    what = what or getattr(action, "what", "")
    if isinstance(action, (A.ReturnToken, A.SendToken, A.Place, A.Animate)):
        what = token_words(action.token)
    refs: list[str] = []
    place = ""
    args: list[str] = []
    where = getattr(action, "where", None) or getattr(action, "province", None)
    if isinstance(where, str):
        slot = st.board.slot_by_text.get(where)
        if slot is not None:
            place = place_words(st, slot)
        elif serial(st, where) >= 0:
            refs.append(where)
            place = token_facts(st, serial(st, where))[2]
    if isinstance(action, A.PlayCard):
        for arg in action.targets:
            if serial(st, arg) >= 0:
                refs.append(arg)
            elif arg in st.board.index:
                args.append(province_words(st, st.board.index[arg]))
            elif arg in CLANS:
                args.append(clan_words(CLANS.index(arg)))
            else:
                args.append(token_words(arg))
    refs += [getattr(action, name, "") for name in ("target", "first", "second")]
    swap = isinstance(action, A.Swap)
    targets = tuple(target(st, serial(st, r), swap) for r in refs if serial(st, r) >= 0)
    to = getattr(action, "to", "")
    phase = PHASE_NAMES[st.phase]
    return Decision(
        st.round, p, holder_words(st, p), phase, verb, what, to, place, tuple(args), targets
    )


def _after_pending(st: Position, p: int, kind: int) -> None:
    """Move on once a sub-decision of kind `kind` was answered."""
    if st.pending is not None:
        return
    if kind == PEND_SEND:
        if st.phase == PH_CARDS:
            _next_card_turn(st)
    elif kind == PEND_PEEK or kind == PEND_PURGE:
        settle_place_turn(st, (p + 1) % st.n)  # Purge the Weak: no placement this turn
    elif kind == PEND_DARK_DISCARD or kind == PEND_ANIMATE:
        _continue_turn(st, p)


def _next_control_turn(st: Position, first: bool) -> None:
    """Setup step 10: the next player with initial control tokens left, else round 1."""
    n = st.n
    start = st.cur if first else (st.cur + 1) % n
    has_room = any(o < 0 for o in st.ctrl_owner)
    for k in range(n):
        p = (start + k) % n
        if st.setup_left[p] > 0 and has_room and st.control_left[p] > 0:
            st.cur = p
            return
    start_round(st)


def start_round(st: Position) -> None:
    """Upkeep steps 1-2, then the Dragon's return, the card round or placement."""
    begin_round(st)
    dragon = dragon_must_return(st)
    if dragon >= 0:
        st.phase = PH_DRAGON
        st.cur = dragon
        return
    _start_card_round(st)


def _start_card_round(st: Position) -> None:
    if st.round == 1:
        _start_placement(st)
        return
    st.phase = PH_CARDS
    st.passes = 0
    st.cur = st.first
    _settle_card_turn(st)


def _next_card_turn(st: Position) -> None:
    if st.passes >= st.n:
        _start_placement(st)
        return
    st.cur = (st.cur + 1) % st.n
    _settle_card_turn(st)


def _settle_card_turn(st: Position) -> None:
    """Players with no playable card pass automatically."""
    while st.passes < st.n:
        if has_upkeep_card_action(st, st.cur):
            return
        st.passes += 1
        if st.passes >= st.n:
            break
        st.cur = (st.cur + 1) % st.n
    _start_placement(st)


def _start_placement(st: Position) -> None:
    st.phase = PH_PLACE
    st.pending = None
    st.cur = st.first
    settle_place_turn(st, st.first)


def settle_place_turn(st: Position, start: int) -> None:
    """Give the turn to the first player from `start` on who still places."""
    n = st.n
    for k in range(n):
        p = (start + k) % n
        if st.out[p] or st.hand_count[p] <= 1:
            continue
        if not can_place(st, p):
            st.out[p] = 1  # a player who cannot place is skipped for the phase
            continue
        st.cur = p
        return
    _end_placement(st)


def _continue_turn(st: Position, p: int) -> None:
    """After a card at the start of a turn: a player left unable to place is skipped."""
    if st.phase == PH_PLACE and st.pending is None and not can_place(st, p):
        st.out[p] = 1
        settle_place_turn(st, (p + 1) % st.n)


def _after_place(st: Position, p: int) -> None:
    if st.clans[p] == SCORPION and not st.peek_used and targets(st, p):
        st.pending = (PEND_PEEK,)
        return
    settle_place_turn(st, (p + 1) % st.n)


def _end_placement(st: Position) -> None:
    unicorn = st.player_of_clan(UNICORN)
    if unicorn >= 0 and swap_actions(st, unicorn):
        st.phase = PH_SWAP
        st.cur = unicorn
        return
    resolve_round(st)


_HELD: ContextVar[bool] = ContextVar("rokugan_resolution_held", default=False)


@contextmanager
def resolution_held() -> Iterator[None]:
    """Inside the block (in this thread only), a decision that ends the placement stops
    where the resolution would begin: the board as placed, nothing revealed yet."""
    token = _HELD.set(True)
    try:
        yield
    finally:
        _HELD.reset(token)


def resolve_round(st: Position) -> None:
    """Resolution steps 1-7, then the next round's upkeep (unless the game is over)."""
    if _HELD.get():
        return
    resolve(st)
    if st.phase != PH_OVER:
        start_round(st)
