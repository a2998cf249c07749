"""Cards (rulebook: "Territoriumskarten spielen", "Die Schattenlande", "Späher- und
Shugenja-Karten"; card texts in `rokugan-components.md`).

* Scout (look at a face-down token), shugenja (discard a token) and the first-player card
  (look at a face-down token and return it to its owner's pool; not with 2 players): at
  the start of one's own placement turn, each declared once in
  `engine.rokugan.token_cards.TOKEN_CARDS` and offered here (`placement_card_actions`).
* Territory cards, each declared once in `engine.rokugan.effects.EFFECTS` (who or what
  it may target, what it does, its words, its value for the AI), offered here
  (`upkeep_card_actions`, `placement_card_actions`) and played by `play_card`: played in
  the upkeep's card round, except the
  four Shadowlands cards (Dark Favors, Purge the Weak, Animate the Dead, Inspire Fear),
  played at the start of a placement turn at the cost of a control token outside the
  Shadowlands (Purge the Weak: a hand token).
* Sub-decisions some cards (and the Scorpion's peek) leave open (`pending_actions`,
  `apply_pending`): Promotion / Reinforcements send hand tokens away, Dark Favors looks
  at up to 4 tokens and discards one, Purge the Weak discards 2, Animate the Dead places
  a token from the discard pile.

Targets of scout, shugenja, first-player card, Scorpion's peek, Dark Favors and Purge the
Weak are other players' tokens without a Blessing (and not Blessings themselves); see
`engine.rokugan` for the other choices the card texts leave open. Which phase follows a
card is decided in `rounds.py`.
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalActionError
from engine.rokugan import actions as A
from engine.rokugan.data import (
    CLANS,
    SHADOWLANDS_CARDS,
)
from engine.rokugan.effects import (
    EFFECTS,
    animate_options,
    combinations_of,
    free_provinces,
    targets,
)
from engine.rokugan.events import board_marks, card_effects
from engine.rokugan.placement import do_place
from engine.rokugan.position import (
    DISCARD,
    MEMO_TOKEN_CARDS,
    PEND_ANIMATE,
    PEND_DARK_DISCARD,
    PEND_LOOK,
    PEND_PEEK,
    PEND_PURGE,
    PEND_SEND,
    PH_CARDS,
    PH_PLACE,
    PLAYED,
    POOL,
    T_BLESSED,
    T_PLAYER,
    T_SLOT,
    T_UP,
    Position,
)
from engine.rokugan.token_cards import TOKEN_CARDS, take_token
from engine.rokugan.tokens import (
    hand_labels,
    hand_tid,
    learn,
    move,
    serial,
)

_CARD_ACTIONS: dict[str, list[A.PlayCard]] = {}
"""Per card, the shared actions playing it on board token 0, 1, ... (`_card_actions`)."""


def _card_actions(card: str, count: int) -> list[A.PlayCard]:
    """The shared actions playing `card` on board token `serial`, indexed by `serial`,
    for at least the first `count` serials."""
    found = _CARD_ACTIONS.get(card, [])
    if len(found) < count:
        # Built aside and then published, so a list read in another thread never changes.
        found = [*found, *(A.PlayCard(card, (f"#{s}",)) for s in range(len(found), count))]
        _CARD_ACTIONS[card] = found
    return found


_PLAYS: dict[tuple[str, tuple[str, ...]], A.PlayCard] = {}
"""Shared territory-card plays by (card, targets): the combination cards' thousands of
plays mostly recur from one set of free provinces to the next."""


def _play(card: str, targets: tuple[str, ...]) -> A.PlayCard:
    """The shared play of `card` on `targets`."""
    key = (card, targets)
    found = _PLAYS.get(key)
    if found is None:
        if len(_PLAYS) > 100_000:
            _PLAYS.clear()
        found = _PLAYS[key] = A.PlayCard(card, targets)
    return found


def held_cards(st: Position, p: int) -> list[str]:
    """Territory cards `p` holds (unplayed)."""
    return [
        st.terr_card[t]  # type: ignore[misc]
        for t, h in enumerate(st.terr_holder)
        if h == p
    ]


# ---------------------------------------------------------------------- legal card plays


def upkeep_card_actions(st: Position, p: int, out: list[Any] | None = None) -> list[Any]:
    """Every territory card play of `p` in the upkeep's card round (not Shadowlands),
    appended to `out` (a new list by default) and returned."""
    if out is None:
        out = []
    for card in held_cards(st, p):
        if EFFECTS[card].combination:
            out.extend(_combination_plays(st, card))
        elif card not in SHADOWLANDS_CARDS:
            out.extend(_play(card, t) for t in card_targets(st, p, card))
    return out


def has_upkeep_card_action(st: Position, p: int) -> bool:
    """`bool(upkeep_card_actions(st, p))` without building the plays."""
    for card in held_cards(st, p):
        if EFFECTS[card].combination:
            if free_provinces(st, exclude_shadowlands=True):  # k of them, or all if fewer
                return True
        elif card not in SHADOWLANDS_CARDS and card_targets(st, p, card):
            return True
    return False


def _combination_plays(st: Position, card: str) -> tuple[A.PlayCard, ...]:
    """The plays of a card placing tokens in k different provinces (`combinations_of`)."""
    entry = combinations_of(st, card, EFFECTS[card].combination)
    if entry[1] is None:
        known = _COMBINATION_PLAYS.setdefault(card, {})
        missing = set(entry[0]).difference(known)
        if missing:
            if len(known) + len(missing) > 100_000:
                known = _COMBINATION_PLAYS[card] = {}
                missing = set(entry[0])
            known.update((t, A.PlayCard(card, t)) for t in missing)
        entry[1] = tuple(map(known.__getitem__, entry[0]))
    return entry[1]  # type: ignore[no-any-return]


_COMBINATION_PLAYS: dict[str, dict[tuple[str, ...], A.PlayCard]] = {}
"""Shared plays of each combination card by their provinces (`_combination_plays`)."""


def placement_card_actions(st: Position, p: int) -> list[Any]:
    """Scout, shugenja, first-player and Shadowlands card plays at the start of `p`'s
    placement turn."""
    out = token_card_plays(st, p)
    if p in st.terr_holder:
        for t, h in enumerate(st.terr_holder):
            if h == p:
                card = st.terr_card[t]
                if card in SHADOWLANDS_CARDS:
                    out.extend(_play(card, x) for x in card_targets(st, p, card))
    return out


_TOKEN_USES = tuple(TOKEN_CARDS.values())


def token_card_plays(st: Position, p: int) -> list[Any]:
    """The scout, shugenja and first-player plays of `p` (a new list): for each board
    token that is a target (`effects.targets`), in serial order, each usable card that
    may take it, in `TOKEN_CARDS` order. Kept per seat with the cards usable
    (`Position.memo_since`): only the tokens placed since are looked at."""
    usable = [use for use in _TOKEN_USES if use.left(st, p) > 0]
    if not usable:
        return []
    index = MEMO_TOKEN_CARDS * st.n + p
    start, plays = st.memo_since(index, usable)
    tokens = st.tokens
    count = len(tokens)
    if start < count:
        by_card = [(use.face_down_only, _card_actions(use.card, count)) for use in usable]
        for s in range(start, count):
            t = tokens[s]
            if t is None or t[T_PLAYER] == p or t[T_BLESSED] >= 0 or t[T_SLOT] < 0:
                continue
            face_down = not t[T_UP]
            for down_only, card_plays in by_card:
                if face_down or not down_only:
                    plays.append(card_plays[s])
        st.memo_keep(index, usable, plays)
    return list(plays)


def card_targets(st: Position, p: int, card: str) -> list[tuple[str, ...]]:
    """Every target tuple with which `p` may play territory card `card` now (its
    declared `targets`, `engine.rokugan.effects`)."""
    return EFFECTS[card].targets(st, p)


def pending_actions(st: Position, p: int, pend: tuple[Any, ...]) -> list[Any]:
    """The choices of an open sub-decision (`st.pending`)."""
    kind = pend[0]
    if kind == PEND_SEND:
        out: list[Any] = []
        for a in hand_labels(st, p, exclude_bluff=True):
            out.append(A.shared(A.SendToken, a, "pool"))
            out.append(A.shared(A.SendToken, a, "discard"))
        return out
    if kind == PEND_PEEK:
        return [A.shared(A.Skip, "peek"), *(A.shared(A.Peek, f"#{s}") for s in targets(st, p))]
    if kind == PEND_LOOK:
        looked = pend[1]
        out = [A.shared(A.Look, f"#{s}") for s in targets(st, p) if s not in looked]
        if looked:
            out.insert(0, A.shared(A.Skip, "look"))
        return out
    if kind == PEND_DARK_DISCARD:
        return [A.shared(A.Discard, f"#{s}") for s in pend[1] if st.tokens[s] is not None]
    if kind == PEND_PURGE:
        return [A.shared(A.Discard, f"#{s}") for s in targets(st, p, face_down_only=False)]
    if kind == PEND_ANIMATE:
        return [A.shared(A.Animate, lab, where) for lab, where, _, _ in animate_options(st, p)]
    return []


# ---------------------------------------------------------------------- card effects


def play_card(st: Position, p: int, action: Any) -> None:
    """Carry out `p`'s card play `action` (a `PlayCard`); may open a sub-decision."""
    card = action.card
    args = action.targets
    use = TOKEN_CARDS.get(card)
    if use is not None:
        use.effect(st, p, args)
        return
    before = board_marks(st) if st.events is not None else None
    _play_territory_card(st, p, card, args)
    if before is not None and st.events is not None:
        st.events.extend(card_effects(st, p, card, before))


def _play_territory_card(st: Position, p: int, card: str, args: tuple[str, ...]) -> None:
    """A territory or Shadowlands card's effect (`play_card`): the card is played, then
    its declared `effect` (`engine.rokugan.effects`) is carried out."""
    effect = EFFECTS.get(card)
    if effect is None:
        raise IllegalActionError(f"unknown card {card!r}")
    st.terr_holder[st.terr_card.index(card)] = PLAYED
    st.played_by[p] += 1
    effect.effect(st, p, args)


def apply_pending(st: Position, p: int, action: Any) -> None:
    """Carry out `p`'s answer to the open sub-decision; `st.pending` is then the next one
    or None (the caller, `rounds.apply_action`, then moves the game on)."""
    pend = st.pending
    assert pend is not None
    kind = pend[0]
    if kind == PEND_SEND:
        tid = hand_tid(st, p, action.token)
        move(st, p, tid, POOL if action.to == "pool" else DISCARD)
        left = pend[1] - 1
        st.pending = (PEND_SEND, left) if left else None
    elif kind == PEND_PEEK:  # the Scorpion's look after placing
        st.pending = None
        if isinstance(action, A.Peek):
            st.peek_used = 1
            learn(st, p, serial(st, action.target))
    elif kind == PEND_LOOK:
        if isinstance(action, A.Look):
            s = serial(st, action.target)
            learn(st, p, s)
            looked = (*pend[1], s)
            if len(looked) < 4 and any(x not in looked for x in targets(st, p)):
                st.pending = (PEND_LOOK, looked)
            else:
                st.pending = (PEND_DARK_DISCARD, looked)
        else:
            st.pending = (PEND_DARK_DISCARD, pend[1])
    elif kind == PEND_DARK_DISCARD:
        take_token(st, serial(st, action.target), "dark_favors", DISCARD)
        st.pending = None
    elif kind == PEND_PURGE:
        take_token(st, serial(st, action.target), "purge_the_weak", DISCARD)
        left = pend[1] - 1
        if left > 0 and targets(st, p, face_down_only=False):
            st.pending = (PEND_PURGE, left)
        else:
            st.pending = None
    elif kind == PEND_ANIMATE:
        do_place(st, p, action.token, action.where, from_discard=True)
        st.pending = None
    else:
        raise IllegalActionError(f"{action} is not expected now")


def why_card(st: Position, action: Any) -> str:
    """Why the card play `action` (known not to be legal) is refused, in words."""
    card = action.card
    use = TOKEN_CARDS.get(card)
    if use is not None:
        if st.phase != PH_PLACE or st.pending is not None:
            return f"{card} cards are played only at the start of a placement turn"
        if not use.usable(st, st.cur):
            return use.refusal
        return "no card or ability may target that token (own, blessed or absent)"
    if card not in held_cards(st, st.cur):
        return f"{CLANS[st.clans[st.cur]]} does not hold {card}"
    if card in SHADOWLANDS_CARDS and st.phase != PH_PLACE:
        return "Shadowlands cards are played at the start of a placement turn"
    if card not in SHADOWLANDS_CARDS and st.phase != PH_CARDS:
        return "territory cards are played in the upkeep's card round"
    return f"{card} cannot be played with targets {' '.join(action.targets)}"
