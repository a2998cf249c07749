"""Cards (rulebook: "Territoriumskarten spielen", "Die Schattenlande", "Späher- und
Shugenja-Karten"; card texts in `rokugan-components.md`).

* Scout (look at a face-down token), shugenja (discard a token) and the first-player card
  (look at a face-down token and return it to its owner's pool; not with 2 players): at
  the start of one's own placement turn.
* Territory cards, one function branch per card in `card_targets` (who or what it may
  target) and `play_card` (what it does): played in the upkeep's card round, except the
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

from itertools import combinations
from typing import Any

from engine.core import IllegalActionError
from engine.rokugan import actions as A
from engine.rokugan.battles import mark_attack
from engine.rokugan.data import (
    ARMY,
    BATTLEFIELD,
    BLESSING,
    BLUFF,
    CLAN_INDEX,
    CLAN_TOKENS,
    CLANS,
    DEFENSE1,
    DEFENSE2,
    HARBOR,
    HONOR1,
    HONOR2,
    HONOR4,
    NAVY,
    PEACE,
    SCORCHED,
    SHADOWLANDS_CARDS,
    SHINOBI,
    SHRINE,
    TOKEN_LABELS,
    TOKENS_PER_CLAN,
)
from engine.rokugan.events import board_marks, card_effects, removal
from engine.rokugan.placement import blessing_hosts, do_place, slot_lists
from engine.rokugan.position import (
    DISCARD,
    HAND,
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
    T_TID,
    T_UP,
    Position,
)
from engine.rokugan.tokens import (
    add_control,
    clear_special,
    discard_token,
    hand_labels,
    hand_tid,
    learn,
    move,
    remove_one_control,
    serial,
    set_special,
    take_off_board,
    tid_at,
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


def targets(st: Position, player: int, face_down_only: bool = True) -> list[int]:
    """Board tokens card effects and abilities of `player` may target: other players'
    tokens that carry no Blessing and are no Blessing (Blessings have no slot)."""
    return [
        s
        for s, t in enumerate(st.tokens)
        if t is not None
        and t[T_PLAYER] != player
        and t[T_BLESSED] < 0
        and t[T_SLOT] >= 0
        and not (face_down_only and t[T_UP])
    ]


def held_cards(st: Position, p: int) -> list[str]:
    """Territory cards `p` holds (unplayed)."""
    return [
        st.terr_card[t]  # type: ignore[misc]
        for t, h in enumerate(st.terr_holder)
        if h == p
    ]


def _own_provinces(st: Position, p: int, exclude_shadowlands: bool = False) -> list[int]:
    sl = st.board.shadowlands
    return [
        q
        for q in range(st.board.n)
        if st.ctrl_owner[q] == p and not (exclude_shadowlands and sl[q])
    ]


def _free_provinces(st: Position, exclude_shadowlands: bool) -> list[int]:
    """Provinces a card may put a special token in: any but Peace and scorched earth
    (card-placed special tokens replace one another, FAQ)."""
    sl = st.board.shadowlands
    return [
        q
        for q in range(st.board.n)
        if st.special[q] not in (PEACE, SCORCHED) and not (exclude_shadowlands and sl[q])
    ]


# ---------------------------------------------------------------------- legal card plays


def upkeep_card_actions(st: Position, p: int) -> list[Any]:
    """Every territory card play of `p` in the upkeep's card round (not Shadowlands)."""
    out: list[Any] = []
    for card in held_cards(st, p):
        if card in _COMBINATION_CARDS:
            out.extend(_combination_plays(st, card))
        elif card not in SHADOWLANDS_CARDS:
            out.extend(_play(card, t) for t in card_targets(st, p, card))
    return out


def has_upkeep_card_action(st: Position, p: int) -> bool:
    """`bool(upkeep_card_actions(st, p))` without building the plays."""
    for card in held_cards(st, p):
        if card in _COMBINATION_CARDS:
            if _free_provinces(st, exclude_shadowlands=True):  # k of them, or all if fewer
                return True
        elif card not in SHADOWLANDS_CARDS and card_targets(st, p, card):
            return True
    return False


_COMBINATION_CARDS = {"code_of_honor": 2, "ashigaru_levies": 3}
"""Cards placing tokens in k different provinces: every k-combination of the free ones."""


def _combination_picks(st: Position, card: str) -> tuple[tuple[str, ...], ...]:
    """The targets of a `_COMBINATION_CARDS` card: every k-combination of the provinces
    free for a special token outside the Shadowlands (all of them when fewer than k;
    thousands of combinations for Ashigaru Levies)."""
    return _combinations(st, card)[0]  # type: ignore[no-any-return]


def _combination_plays(st: Position, card: str) -> tuple[A.PlayCard, ...]:
    """The plays of `_combination_picks`."""
    entry = _combinations(st, card)
    if entry[1] is None:
        entry[1] = tuple(_play(card, t) for t in entry[0])
    return entry[1]  # type: ignore[no-any-return]


def _combinations(st: Position, card: str) -> list[Any]:
    """[picks, plays or None] of a `_COMBINATION_CARDS` card. They depend only on the
    free provinces, so they are built once per set of them and kept on the board."""
    free = tuple(_free_provinces(st, exclude_shadowlands=True))
    cache = st.board.card_cache
    key = (card, free)
    entry = cache.get(key)
    if entry is None:
        if len(cache) > 64:
            cache.clear()
        ids = st.board.ids
        k = min(_COMBINATION_CARDS[card], len(free))
        picks = tuple(tuple(ids[q] for q in c) for c in combinations(free, k)) if k else ()
        entry = cache[key] = [picks, None]
    return entry  # type: ignore[return-value]


def placement_card_actions(st: Position, p: int) -> list[Any]:
    """Scout, shugenja, first-player and Shadowlands card plays at the start of `p`'s
    placement turn."""
    out: list[Any] = []
    scout = st.scouts[p]
    shugenja = st.shugenja[p]
    first = st.n > 2 and st.first == p and not st.fp_card_used
    if scout or shugenja or first:
        tokens = st.tokens
        scouts = _card_actions("scout", len(tokens)) if scout else None
        shugenjas = _card_actions("shugenja", len(tokens)) if shugenja else None
        firsts = _card_actions("first_player", len(tokens)) if first else None
        # `targets(st, p, face_down_only=False)`, in one pass.
        for s, t in enumerate(tokens):
            if t is None or t[T_PLAYER] == p or t[T_BLESSED] >= 0 or t[T_SLOT] < 0:
                continue
            face_down = not t[T_UP]
            if scouts is not None and face_down:
                out.append(scouts[s])
            if shugenjas is not None:
                out.append(shugenjas[s])
            if firsts is not None and face_down:
                out.append(firsts[s])
    if p in st.terr_holder:
        for t, h in enumerate(st.terr_holder):
            if h == p:
                card = st.terr_card[t]
                if card in SHADOWLANDS_CARDS:
                    out.extend(A.PlayCard(card, x) for x in card_targets(st, p, card))
    return out


def card_targets(st: Position, p: int, card: str) -> list[tuple[str, ...]]:
    """Every target tuple with which `p` may play territory card `card` now."""
    ids = st.board.ids
    sl = st.board.shadowlands
    sp = st.special
    owner = st.ctrl_owner
    n = st.board.n
    if card == "feats_of_engineering":
        if not st.supply[HARBOR]:
            return []
        return [
            (ids[q],)
            for q in range(n)
            if not st.board.coastal[q] and sp[q] not in (PEACE, SCORCHED, HARBOR)
        ]
    if card == "promotion":
        labs = []
        for tid in st.tids_at(p, DISCARD):
            if st.tok(p, tid)[0] in (ARMY, NAVY, SHINOBI):
                lab = st.label(p, tid)
                if lab not in labs:
                    labs.append(lab)
        return [(lab,) for lab in labs]
    if card == "reinforcements":
        armies = sorted(
            {
                (st.tok(p, t)[1], st.label(p, t))
                for t in st.tids_at(p, DISCARD)
                if st.tok(p, t)[0] == ARMY
            }
        )
        counts: dict[str, int] = {}
        for t in st.tids_at(p, DISCARD):
            if st.tok(p, t)[0] == ARMY:
                counts[st.label(p, t)] = counts.get(st.label(p, t), 0) + 1
        labs = [lab for _, lab in armies]
        if len(labs) == 0:
            return []
        if sum(counts.values()) == 1:
            return [(labs[0],)]
        pairs = [(a, b) for a, b in combinations(labs, 2)]
        pairs.extend((a, a) for a in labs if counts[a] >= 2)
        return sorted(pairs)
    if card in _COMBINATION_CARDS:
        return list(_combination_picks(st, card))
    if card == "diplomatic_mission":
        if not st.supply[PEACE]:
            return []
        mine = _own_provinces(st, p)
        out: list[tuple[str, ...]] = []
        for q in range(n):
            if sp[q] in (PEACE, SCORCHED):
                continue
            if owner[q] >= 0 and owner[q] != p and mine:
                out.extend((ids[q], ids[r]) for r in mine)
            else:
                out.append((ids[q],))
        return out
    if card == "strength_of_purpose":
        mine = _own_provinces(st, p)
        if len(mine) == 1:
            return [(ids[mine[0]],)]
        return [(ids[a], ids[b]) for a, b in combinations(mine, 2)]
    if card in ("sacred_ground", "honorable_fight"):
        kind = SHRINE if card == "sacred_ground" else BATTLEFIELD
        if not st.supply[kind]:
            return []
        return [(ids[q],) for q in _free_provinces(st, exclude_shadowlands=False)]
    if card in ("bushido", "aid_of_the_kami", "port_of_prosperity"):
        kind = {"bushido": HONOR4, "aid_of_the_kami": DEFENSE2, "port_of_prosperity": HONOR2}[card]
        if not st.supply[kind]:
            return []
        return [(ids[q],) for q in _free_provinces(st, exclude_shadowlands=True)]
    if card == "bless_the_lands":
        return [(ids[q],) for q in range(n) if sp[q] == SCORCHED]
    if card == "spy_network":
        return [(CLANS[st.clans[o]],) for o in range(st.n) if o != p]
    if card == "foment_rebellion":
        return [(ids[q],) for q in range(n) if sp[q] == PEACE]
    if card == "cultural_exchange":
        mine = _own_provinces(st, p)
        theirs = [q for q in range(n) if owner[q] >= 0 and owner[q] != p]
        return [(ids[a], ids[b]) for a in mine for b in theirs]
    if card == "pirate_raids":
        if not st.supply[SCORCHED]:
            return []
        out = []
        for q in range(n):
            if sp[q] in (PEACE, SCORCHED):
                continue
            others = [r for r in _own_provinces(st, p) if r != q] if owner[q] == p else []
            if others:
                out.extend((ids[q], ids[r]) for r in others)
            else:
                out.append((ids[q],))
        return out
    if card == "bountiful_harvest":
        return [(ids[q],) for q in _own_provinces(st, p)]
    # Shadowlands cards (placement phase). Purge the Weak's sacrifice is a hand token;
    # the other three cost a control token outside the Shadowlands.
    if card == "purge_the_weak":
        if not targets(st, p, face_down_only=False):
            return []
        return [(lab,) for lab in hand_labels(st, p, exclude_bluff=False)]
    costs = [ids[q] for q in range(n) if owner[q] == p and not sl[q]]
    if not costs:
        return []
    if card == "dark_favors":
        return [(c,) for c in costs] if targets(st, p) else []
    if card == "animate_the_dead":
        # Only costs after which something can still be animated.
        out = []
        kept: bool | None = None
        for c in costs:
            q = st.board.index[c]
            if st.ctrl_up[q] + st.ctrl_down[q] > 1:
                # The province stays p's: the cost changes nothing `animate_options` reads
                # (the owners, special tokens and board tokens), so one answer serves all.
                if kept is None:
                    kept = bool(animate_options(st, p, first_only=True))
                if kept:
                    out.append((c,))
                continue
            saved = (st.ctrl_owner[q], st.ctrl_down[q], st.ctrl_up[q])
            left = st.control_left[p]
            remove_one_control(st, q)
            if animate_options(st, p, first_only=True):
                out.append((c,))
            st.ctrl_owner[q], st.ctrl_down[q], st.ctrl_up[q] = saved
            st.control_left[p] = left
        return out
    if card == "inspire_fear":
        specials = [ids[q] for q in range(n) if sp[q]]
        if not specials:
            return []
        picks = [(s,) for s in specials] + list(combinations(specials, 2))
        return [(c, *pick) for c in costs for pick in picks]
    return []


def animate_options(
    st: Position, p: int, first_only: bool = False
) -> list[tuple[str, str, int, int]]:
    """(label, where, kind, slot-or-host) of every legal Animate the Dead placement
    (only the first one found with `first_only`)."""
    clan = st.clans[p]
    seen: set[str] = set()
    out: list[tuple[str, str, int, int]] = []
    lists: dict[int, list[int]] | None = None
    text = st.board.slot_text
    for tid in st.tids_at(p, DISCARD):
        kind = CLAN_TOKENS[clan][tid][0]
        lab = TOKEN_LABELS[clan][tid]
        if kind == BLUFF or lab in seen:
            continue
        seen.add(lab)
        if kind == BLESSING:
            out.extend((lab, f"#{s}", kind, s) for s in blessing_hosts(st, p))
        else:
            if lists is None:
                lists = slot_lists(st, p)
            out.extend((lab, text[slot], kind, slot) for slot in lists[kind])
        if first_only and out:
            return out[:1]
    return out


def pending_actions(st: Position, p: int, pend: tuple[Any, ...]) -> list[Any]:
    """The choices of an open sub-decision (`st.pending`)."""
    kind = pend[0]
    if kind == PEND_SEND:
        out: list[Any] = []
        for a in hand_labels(st, p, exclude_bluff=True):
            out.append(A.SendToken(a, "pool"))
            out.append(A.SendToken(a, "discard"))
        return out
    if kind == PEND_PEEK:
        return [A.Skip("peek"), *(A.Peek(f"#{s}") for s in targets(st, p))]
    if kind == PEND_LOOK:
        looked = pend[1]
        out = [A.Look(f"#{s}") for s in targets(st, p) if s not in looked]
        if looked:
            out.insert(0, A.Skip("look"))
        return out
    if kind == PEND_DARK_DISCARD:
        return [A.Discard(f"#{s}") for s in pend[1] if st.tokens[s] is not None]
    if kind == PEND_PURGE:
        return [A.Discard(f"#{s}") for s in targets(st, p, face_down_only=False)]
    if kind == PEND_ANIMATE:
        return [A.Animate(lab, where) for lab, where, _, _ in animate_options(st, p)]
    return []


# ---------------------------------------------------------------------- card effects


def play_card(st: Position, p: int, action: Any) -> None:
    """Carry out `p`'s card play `action` (a `PlayCard`); may open a sub-decision."""
    card = action.card
    args = action.targets
    if card in ("scout", "shugenja", "first_player"):
        s = serial(st, args[0])
        t = st.tokens[s]
        assert t is not None
        g = t[T_PLAYER] * TOKENS_PER_CLAN + t[T_TID]
        if card == "scout":
            st.scouts[p] -= 1
            st.known[p] |= 1 << g
        elif card == "shugenja":
            st.shugenja[p] -= 1
            mark_attack(st, s)  # an attack taken off the board failed
            _record_removal(st, s, card)
            discard_token(st, s)
        else:
            st.fp_card_used = 1
            mark_attack(st, s)
            _record_removal(st, s, card)
            take_off_board(st, s, POOL)
        return
    before = board_marks(st) if st.events is not None else None
    _play_territory_card(st, p, card, args)
    if before is not None and st.events is not None:
        st.events.extend(card_effects(st, p, card, before))


def _play_territory_card(st: Position, p: int, card: str, args: tuple[str, ...]) -> None:
    """A territory or Shadowlands card's effect (`play_card`)."""
    ids = st.board.index
    t_index = st.terr_card.index(card)
    st.terr_holder[t_index] = PLAYED
    st.played_by[p] += 1
    if card == "feats_of_engineering":
        set_special(st, ids[args[0]], HARBOR)
    elif card == "promotion":
        move(st, p, tid_at(st, p, DISCARD, args[0]), HAND)
        st.pending = (PEND_SEND, 1)
    elif card == "reinforcements":
        for lab in args:
            move(st, p, tid_at(st, p, DISCARD, lab), HAND)
        st.pending = (PEND_SEND, len(args))
    elif card == "code_of_honor":
        for q in args:
            set_special(st, ids[q], HONOR1)
    elif card == "ashigaru_levies":
        for q in args:
            set_special(st, ids[q], DEFENSE1)
    elif card == "diplomatic_mission":
        q = ids[args[0]]
        was_opponent = st.ctrl_owner[q] not in (-1, p)
        set_special(st, q, PEACE)
        if was_opponent and len(args) > 1:
            add_control(st, p, ids[args[1]], 0, 2)
    elif card == "strength_of_purpose":
        for q in args:
            add_control(st, p, ids[q], 0, 1)
    elif card == "sacred_ground":
        set_special(st, ids[args[0]], SHRINE)
    elif card == "honorable_fight":
        set_special(st, ids[args[0]], BATTLEFIELD)
    elif card == "bushido":
        set_special(st, ids[args[0]], HONOR4)
    elif card == "aid_of_the_kami":
        set_special(st, ids[args[0]], DEFENSE2)
    elif card == "port_of_prosperity":
        set_special(st, ids[args[0]], HONOR2)
    elif card == "bless_the_lands":
        q = ids[args[0]]
        clear_special(st, q)
        add_control(st, p, q, 1, 1)
    elif card == "spy_network":
        o = st.player_of_clan(CLAN_INDEX[args[0]])
        st.spied[o] = 1
        for tid in st.hand(o):
            st.known[p] |= 1 << (o * TOKENS_PER_CLAN + tid)
    elif card == "foment_rebellion":
        q = ids[args[0]]
        clear_special(st, q)
        if st.ctrl_owner[q] == p:
            add_control(st, p, q, 0, 2)
    elif card == "cultural_exchange":
        a, b = ids[args[0]], ids[args[1]]
        oa, ob = st.ctrl_owner[a], st.ctrl_owner[b]
        st.ctrl_owner[a], st.ctrl_owner[b] = ob, oa
        st.ctrl_down[a], st.ctrl_down[b] = st.ctrl_down[b], st.ctrl_down[a]
        st.ctrl_up[a], st.ctrl_up[b] = st.ctrl_up[b], st.ctrl_up[a]
    elif card == "pirate_raids":
        q = ids[args[0]]
        was_own = st.ctrl_owner[q] == p
        set_special(st, q, SCORCHED)
        if was_own and len(args) > 1:
            add_control(st, p, ids[args[1]], 0, 3)
    elif card == "bountiful_harvest":
        add_control(st, p, ids[args[0]], 0, 2)
    elif card == "dark_favors":
        remove_one_control(st, ids[args[0]])
        st.pending = (PEND_LOOK, ())
    elif card == "purge_the_weak":
        move(st, p, hand_tid(st, p, args[0]), DISCARD)
        st.pending = (PEND_PURGE, min(2, len(targets(st, p, face_down_only=False))))
    elif card == "animate_the_dead":
        remove_one_control(st, ids[args[0]])
        st.pending = (PEND_ANIMATE,) if animate_options(st, p) else None
    elif card == "inspire_fear":
        remove_one_control(st, ids[args[0]])
        for q in args[1:]:
            clear_special(st, ids[q])
    else:
        raise IllegalActionError(f"unknown card {card!r}")


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
        s = serial(st, action.target)
        mark_attack(st, s)  # an attack taken off the board failed
        _record_removal(st, s, "dark_favors")
        discard_token(st, s)
        st.pending = None
    elif kind == PEND_PURGE:
        s = serial(st, action.target)
        mark_attack(st, s)
        _record_removal(st, s, "purge_the_weak")
        discard_token(st, s)
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
    if card in ("scout", "shugenja", "first_player"):
        if st.phase != PH_PLACE or st.pending is not None:
            return f"{card} cards are played only at the start of a placement turn"
        if card == "scout" and not st.scouts[st.cur]:
            return "no scout card left"
        if card == "shugenja" and not st.shugenja[st.cur]:
            return "no shugenja card left"
        if card == "first_player" and (st.first != st.cur or st.fp_card_used):
            return "the first-player card is not available to you"
        return "no card or ability may target that token (own, blessed or absent)"
    if card not in held_cards(st, st.cur):
        return f"{CLANS[st.clans[st.cur]]} does not hold {card}"
    if card in SHADOWLANDS_CARDS and st.phase != PH_PLACE:
        return "Shadowlands cards are played at the start of a placement turn"
    if card not in SHADOWLANDS_CARDS and st.phase != PH_CARDS:
        return "territory cards are played in the upkeep's card round"
    return f"{card} cannot be played with targets {' '.join(action.targets)}"


def _record_removal(st: Position, serial: int, card: str) -> None:
    """Record that `card` takes board token `serial` off the board (if someone listens)."""
    if st.events is not None:
        st.events.append(removal(st, serial, "card", rule=card))
