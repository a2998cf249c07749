"""Every territory and Shadowlands card's effect, declared once (rulebook:
"Territoriumskarten spielen", "Die Schattenlande"; card texts in `rokugan-components.md`).

A `CardEffect` holds all that the game, the story and the AI need of one of the 22 cards:

* `targets(st, p)` - every target tuple with which `p` may play it now (provinces by id,
  tokens by label, a clan by name; `picks` says which, for the app's pick rows);
* `effect(st, p, args)` - what it does to the position (`cards.play_card` marks the card
  played, calls it and records what changed);
* `words` / `words_you` / `words_target` - the story's words after "plays {card}: ", told
  of another clan / to the clan that played it / to the clan it targets, English marked
  for the catalog (`engine.words.N_`) and said in the reader's language by the app, with
  `{clan}` (who played it), `{target}` (the clan it targets), `{province}`, `{province2}`
  (its first and second province), `{provinces}` (all of them), `{rest}` (all but the
  first), `{token}` / `{tokens}` (the tokens it names); `words_short` when only the first
  of its targets is named (the optional second left out);
* `reveals` - whether playing it makes hidden tokens known (a hand, face-down tokens);
* `ai_value(st, p, args)` - what playing it is worth to `p` in honor: the honor it moves
  (`p`'s gain less its rivals' average gain, counted by `scoring.honor` on the position
  the bot sees) plus what the card does that honor does not count yet (a defence bonus, a
  province shielded or opened, tokens back in hand, rival tokens taken off the board).

`EFFECTS` is checked against `data.ALL_TERRITORY_CARDS` at import: a card without a
declaration fails before any game starts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

from engine.rokugan.data import (
    ALL_TERRITORY_CARDS,
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
    LABEL_KIND,
    NAVY,
    PEACE,
    SCORCHED,
    SHINOBI,
    SHRINE,
    SPECIAL_DEFENSE,
    SPECIAL_HONOR,
    TOKEN_LABELS,
    TOKENS_PER_CLAN,
)
from engine.rokugan.placement import blessing_hosts, slot_finder
from engine.rokugan.position import (
    DISCARD,
    HAND,
    PEND_ANIMATE,
    PEND_LOOK,
    PEND_PURGE,
    PEND_SEND,
    T_BLESSED,
    T_PLAYER,
    T_SLOT,
    T_TID,
    T_UP,
    Position,
)
from engine.rokugan.scoring import honor
from engine.rokugan.tokens import (
    add_control,
    clear_special,
    hand_labels,
    hand_tid,
    move,
    remove_one_control,
    set_special,
    tid_at,
)
from engine.words import N_, Words

Targets = Callable[[Position, int], "list[tuple[str, ...]]"]
Apply = Callable[[Position, int, tuple[str, ...]], None]
Value = Callable[[Position, int, tuple[str, ...]], float]

BOARD: Final = "board"
CLAN: Final = "clan"
HAND_TOKENS: Final = "hand"
DISCARD_TOKENS: Final = "discard"
"""What a card's targets are (`CardEffect.picks`): places or tokens on the board; a clan
(by its engine name); tokens behind the player's screen; tokens in its discard pile."""


@dataclass(frozen=True, slots=True)
class CardEffect:
    """One card: its targets, what it does, its words and its value for the AI."""

    card: str
    targets: Targets
    effect: Apply
    words: str
    ai_value: Value
    picks: str = BOARD
    combination: int = 0  # k: its targets are every k-combination of the free provinces
    reveals: bool = False  # it makes hidden tokens known (an undo barrier in the app)
    words_you: str = ""  # told to the clan that played it; "" when the same as `words`
    words_target: str = ""  # told to the clan it targets; "" when the same as `words`
    words_short: str = ""  # when only its first target is named; "" when never

    def told(self, you: bool, targeted: bool = False, short: bool = False) -> str:
        """The words for the clan that played it (`you`), the one it targeted, or anyone
        else; `short` when the play names only its first target."""
        if short and self.words_short:
            return self.words_short
        if you and self.words_you:
            return self.words_you
        return self.words_target if targeted and self.words_target else self.words

    def said(
        self, you: bool = False, targeted: bool = False, short: bool = False, **values: str
    ) -> Words:
        """`told(you, targeted, short)` with its values (`clan`, `target`, `province`, ...):
        `Words`, said in the reader's language when read."""
        return Words.of(self.told(you, targeted, short), **values)


# -- what cards and abilities may target ------------------------------------------------


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


def own_provinces(st: Position, p: int, exclude_shadowlands: bool = False) -> list[int]:
    """Provinces `p` controls (outside the Shadowlands with `exclude_shadowlands`)."""
    sl = st.board.shadowlands
    return [
        q
        for q in range(st.board.n)
        if st.ctrl_owner[q] == p and not (exclude_shadowlands and sl[q])
    ]


def free_provinces(st: Position, exclude_shadowlands: bool) -> list[int]:
    """Provinces a card may put a special token in: any but Peace and scorched earth
    (card-placed special tokens replace one another, FAQ)."""
    sl = st.board.shadowlands
    return [
        q
        for q in range(st.board.n)
        if st.special[q] not in (PEACE, SCORCHED) and not (exclude_shadowlands and sl[q])
    ]


def combinations_of(st: Position, card: str, k: int) -> list[Any]:
    """[picks, plays or None] of a card placing tokens in `k` different provinces: every
    k-combination of the provinces free for a special token outside the Shadowlands (all
    of them when fewer than k; thousands for Ashigaru Levies). They depend only on the
    free provinces, so they are built once per set of them and kept on the board; the
    plays (`cards.py`) are filled in by whoever needs them."""
    free = tuple(free_provinces(st, exclude_shadowlands=True))
    cache = st.board.card_cache
    key = (card, free)
    entry = cache.get(key)
    if entry is None:
        if len(cache) > 64:
            cache.clear()
        ids = st.board.ids
        k = min(k, len(free))
        picks = tuple(combinations([ids[q] for q in free], k)) if k else ()
        entry = cache[key] = [picks, None]
    return entry  # type: ignore[return-value]


def animate_options(
    st: Position, p: int, first_only: bool = False
) -> list[tuple[str, str, int, int]]:
    """(label, where, kind, slot-or-host) of every legal Animate the Dead placement
    (only the first one found with `first_only`)."""
    clan = st.clans[p]
    seen: set[str] = set()
    out: list[tuple[str, str, int, int]] = []
    slots = slot_finder(st, p)
    text = st.board.slot_text
    for tid in st.tids_at(p, DISCARD):
        kind = CLAN_TOKENS[clan][tid][0]
        lab = TOKEN_LABELS[clan][tid]
        if kind == BLUFF or lab in seen:
            continue
        seen.add(lab)
        if kind == BLESSING:
            hosts = blessing_hosts(st, p)
            if first_only and hosts:
                return [(lab, f"#{hosts[0]}", kind, hosts[0])]
            out.extend((lab, f"#{s}", kind, s) for s in hosts)
        else:
            found = slots(kind)
            if first_only and found:
                return [(lab, text[found[0]], kind, found[0])]
            out.extend((lab, text[slot], kind, slot) for slot in found)
    return out


# -- targets, card by card --------------------------------------------------------------


def _special_in_free(kind: int, exclude_shadowlands: bool) -> Targets:
    """A special token of `kind` (while the supply has one) in any free province."""

    def find(st: Position, p: int) -> list[tuple[str, ...]]:
        if not st.supply[kind]:
            return []
        ids = st.board.ids
        return [(ids[q],) for q in free_provinces(st, exclude_shadowlands)]

    return find


def _combination_targets(card: str, k: int) -> Targets:
    """Every k-combination of the free provinces outside the Shadowlands (`combinations_of`)."""

    def find(st: Position, p: int) -> list[tuple[str, ...]]:
        return list(combinations_of(st, card, k)[0])

    return find


def _feats_targets(st: Position, p: int) -> list[tuple[str, ...]]:
    if not st.supply[HARBOR]:
        return []
    sp = st.special
    ids = st.board.ids
    return [
        (ids[q],)
        for q in range(st.board.n)
        if not st.board.coastal[q] and sp[q] not in (PEACE, SCORCHED, HARBOR)
    ]


def _promotion_targets(st: Position, p: int) -> list[tuple[str, ...]]:
    labs: list[str] = []
    for tid in st.tids_at(p, DISCARD):
        if st.tok(p, tid)[0] in (ARMY, NAVY, SHINOBI):
            lab = st.label(p, tid)
            if lab not in labs:
                labs.append(lab)
    return [(lab,) for lab in labs]


def _reinforcements_targets(st: Position, p: int) -> list[tuple[str, ...]]:
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


def _diplomatic_targets(st: Position, p: int) -> list[tuple[str, ...]]:
    if not st.supply[PEACE]:
        return []
    ids, sp, owner = st.board.ids, st.special, st.ctrl_owner
    mine = own_provinces(st, p)
    out: list[tuple[str, ...]] = []
    for q in range(st.board.n):
        if sp[q] in (PEACE, SCORCHED):
            continue
        if owner[q] >= 0 and owner[q] != p and mine:
            out.extend((ids[q], ids[r]) for r in mine)
        else:
            out.append((ids[q],))
    return out


def _purpose_targets(st: Position, p: int) -> list[tuple[str, ...]]:
    ids = st.board.ids
    mine = own_provinces(st, p)
    if len(mine) == 1:
        return [(ids[mine[0]],)]
    return [(ids[a], ids[b]) for a, b in combinations(mine, 2)]


def _bless_targets(st: Position, p: int) -> list[tuple[str, ...]]:
    ids = st.board.ids
    return [(ids[q],) for q in range(st.board.n) if st.special[q] == SCORCHED]


def _spy_targets(st: Position, p: int) -> list[tuple[str, ...]]:
    return [(CLANS[st.clans[o]],) for o in range(st.n) if o != p]


def _foment_targets(st: Position, p: int) -> list[tuple[str, ...]]:
    ids = st.board.ids
    return [(ids[q],) for q in range(st.board.n) if st.special[q] == PEACE]


def _exchange_targets(st: Position, p: int) -> list[tuple[str, ...]]:
    ids, owner = st.board.ids, st.ctrl_owner
    mine = own_provinces(st, p)
    theirs = [q for q in range(st.board.n) if owner[q] >= 0 and owner[q] != p]
    return [(ids[a], ids[b]) for a in mine for b in theirs]


def _pirate_targets(st: Position, p: int) -> list[tuple[str, ...]]:
    if not st.supply[SCORCHED]:
        return []
    ids, sp, owner = st.board.ids, st.special, st.ctrl_owner
    out: list[tuple[str, ...]] = []
    for q in range(st.board.n):
        if sp[q] in (PEACE, SCORCHED):
            continue
        others = [r for r in own_provinces(st, p) if r != q] if owner[q] == p else []
        if others:
            out.extend((ids[q], ids[r]) for r in others)
        else:
            out.append((ids[q],))
    return out


def _harvest_targets(st: Position, p: int) -> list[tuple[str, ...]]:
    ids = st.board.ids
    return [(ids[q],) for q in own_provinces(st, p)]


def _costs(st: Position, p: int) -> list[str]:
    """The provinces where a Shadowlands card's cost may be paid: `p`'s outside them."""
    ids, sl = st.board.ids, st.board.shadowlands
    return [ids[q] for q in range(st.board.n) if st.ctrl_owner[q] == p and not sl[q]]


def _purge_targets(st: Position, p: int) -> list[tuple[str, ...]]:
    # The sacrifice is a hand token (the bluff too).
    if not targets(st, p, face_down_only=False):
        return []
    return [(lab,) for lab in hand_labels(st, p, exclude_bluff=False)]


def _dark_targets(st: Position, p: int) -> list[tuple[str, ...]]:
    costs = _costs(st, p)
    return [(c,) for c in costs] if costs and targets(st, p) else []


def _animate_targets(st: Position, p: int) -> list[tuple[str, ...]]:
    """Only costs after which something can still be animated."""
    out: list[tuple[str, ...]] = []
    if not st.tids_at(p, DISCARD):
        return out  # nothing to animate, whatever the cost
    kept: bool | None = None
    for c in _costs(st, p):
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


def _fear_targets(st: Position, p: int) -> list[tuple[str, ...]]:
    costs = _costs(st, p)
    if not costs:
        return []
    ids = st.board.ids
    specials = [ids[q] for q in range(st.board.n) if st.special[q]]
    if not specials:
        return []
    picks: list[tuple[str, ...]] = [(s,) for s in specials]
    picks += list(combinations(specials, 2))
    return [(c, *pick) for c in costs for pick in picks]


# -- effects, card by card --------------------------------------------------------------


def _special_at_each(kind: int) -> Apply:
    """Special token `kind` in each province named."""

    def apply(st: Position, p: int, args: tuple[str, ...]) -> None:
        for q in args:
            set_special(st, st.board.index[q], kind)

    return apply


def _back_to_hand(st: Position, p: int, args: tuple[str, ...]) -> None:
    for lab in args:
        move(st, p, tid_at(st, p, DISCARD, lab), HAND)
    st.pending = (PEND_SEND, len(args))


def _diplomatic_mission(st: Position, p: int, args: tuple[str, ...]) -> None:
    ids = st.board.index
    q = ids[args[0]]
    was_opponent = st.ctrl_owner[q] not in (-1, p)
    set_special(st, q, PEACE)
    if was_opponent and len(args) > 1:
        add_control(st, p, ids[args[1]], 0, 2)


def _face_up_control(count: int) -> Apply:
    """`count` face-up control tokens of the player in each province named."""

    def apply(st: Position, p: int, args: tuple[str, ...]) -> None:
        for q in args:
            add_control(st, p, st.board.index[q], 0, count)

    return apply


def _bless_the_lands(st: Position, p: int, args: tuple[str, ...]) -> None:
    q = st.board.index[args[0]]
    clear_special(st, q)
    add_control(st, p, q, 1, 1)


def _spy_network(st: Position, p: int, args: tuple[str, ...]) -> None:
    o = st.player_of_clan(CLAN_INDEX[args[0]])
    st.spied[o] = 1
    for tid in st.hand(o):
        st.known[p] |= 1 << (o * TOKENS_PER_CLAN + tid)


def _foment_rebellion(st: Position, p: int, args: tuple[str, ...]) -> None:
    q = st.board.index[args[0]]
    clear_special(st, q)
    if st.ctrl_owner[q] == p:
        add_control(st, p, q, 0, 2)


def _cultural_exchange(st: Position, p: int, args: tuple[str, ...]) -> None:
    a, b = st.board.index[args[0]], st.board.index[args[1]]
    st.ctrl_owner[a], st.ctrl_owner[b] = st.ctrl_owner[b], st.ctrl_owner[a]
    st.ctrl_down[a], st.ctrl_down[b] = st.ctrl_down[b], st.ctrl_down[a]
    st.ctrl_up[a], st.ctrl_up[b] = st.ctrl_up[b], st.ctrl_up[a]


def _pirate_raids(st: Position, p: int, args: tuple[str, ...]) -> None:
    ids = st.board.index
    q = ids[args[0]]
    was_own = st.ctrl_owner[q] == p
    set_special(st, q, SCORCHED)
    if was_own and len(args) > 1:
        add_control(st, p, ids[args[1]], 0, 3)


def _dark_favors(st: Position, p: int, args: tuple[str, ...]) -> None:
    remove_one_control(st, st.board.index[args[0]])
    st.pending = (PEND_LOOK, ())


def _purge_the_weak(st: Position, p: int, args: tuple[str, ...]) -> None:
    move(st, p, hand_tid(st, p, args[0]), DISCARD)
    st.pending = (PEND_PURGE, min(2, len(targets(st, p, face_down_only=False))))


def _animate_the_dead(st: Position, p: int, args: tuple[str, ...]) -> None:
    remove_one_control(st, st.board.index[args[0]])
    st.pending = (PEND_ANIMATE,) if animate_options(st, p) else None


def _inspire_fear(st: Position, p: int, args: tuple[str, ...]) -> None:
    remove_one_control(st, st.board.index[args[0]])
    for q in args[1:]:
        clear_special(st, st.board.index[q])


# -- values for the AI, in honor ----------------------------------------------------------

GUARD = 0.3
"""Honor a point of defence in a province is worth per point of what the province gives
(a rough chance that it decides a battle there)."""
SHIELD = 0.5
"""The share of a province's worth that a shield (peace, shrine) keeps for its holder."""
TOKEN = 0.5
"""Honor a point of a token's strength is worth while it is still to be placed (the
search adapter's weight of tokens in hand is of this order)."""


def _side(st: Position, p: int, q: int) -> float:
    """+1 when `p` holds province q, minus a rival's share when a rival does, else 0."""
    o = st.ctrl_owner[q]
    if o == p:
        return 1.0
    return -1.0 / max(1, st.n - 1) if o >= 0 else 0.0


def _province_worth(st: Position, q: int) -> float:
    """What holding province q gives, plus one for holding it at all."""
    if st.board.shadowlands[q]:
        return 1.0
    return st.board.flowers[q] + SPECIAL_HONOR[st.special[q]] + st.ctrl_up[q] + 1.0


def _honor_moved(st: Position, p: int, args: tuple[str, ...], effect: Apply) -> float:
    """`p`'s honor gain less its rivals' average gain when `effect` is carried out now
    (on the position, which is then put back exactly)."""
    before = honor(st)
    snapshot, events = st._record(), st.events
    st.events = None
    try:
        effect(st, p, args)
        after = honor(st)
    finally:
        st._put_back(snapshot)
        st.events = events
    gained = [a - b for a, b in zip(after, before, strict=True)]
    rivals = [g for o, g in enumerate(gained) if o != p]
    return gained[p] - (sum(rivals) / len(rivals) if rivals else 0.0)


def _measured(effect: Apply, extra: Value | None = None) -> Value:
    """The honor `effect` moves (`_honor_moved`), plus `extra`: what honor does not count."""

    def value(st: Position, p: int, args: tuple[str, ...]) -> float:
        moved = _honor_moved(st, p, args, effect)
        return moved + (extra(st, p, args) if extra is not None else 0.0)

    return value


def _special_value(kind: int) -> Value:
    """Special token `kind` in each province named, counted province by province (cheap:
    Ashigaru Levies has thousands of plays): the honor and defence it adds for the holder,
    less those of the token it replaces, and a shield's share of the province's worth."""

    def value(st: Position, p: int, args: tuple[str, ...]) -> float:
        total = 0.0
        for name in args:
            q = st.board.index[name]
            side = _side(st, p, q)
            if not side:
                continue
            old = st.special[q]
            worth = _province_worth(st, q)
            gain = 0.0 if st.board.shadowlands[q] else SPECIAL_HONOR[kind] - SPECIAL_HONOR[old]
            gain += GUARD * (SPECIAL_DEFENSE[kind] - SPECIAL_DEFENSE[old]) * worth
            gain += SHIELD * worth * ((kind in (PEACE, SHRINE)) - (old in (PEACE, SHRINE)))
            total += side * gain
        return total

    return value


def _harbor_extra(st: Position, p: int, args: tuple[str, ...]) -> float:
    """A harbor opens a province to Navies: more defence for its holder."""
    q = st.board.index[args[0]]
    return _side(st, p, q) * GUARD * _province_worth(st, q)


def _peace_extra(st: Position, p: int, args: tuple[str, ...]) -> float:
    """Peace shields its province: a share of its worth kept by its holder."""
    q = st.board.index[args[0]]
    return _side(st, p, q) * SHIELD * _province_worth(st, q)


def _unshield_extra(st: Position, p: int, args: tuple[str, ...]) -> float:
    """A lifted peace opens the province to attacks again: its holder's loss."""
    return -_peace_extra(st, p, args)


def _tokens_back_extra(st: Position, p: int, args: tuple[str, ...]) -> float:
    """Tokens back behind the screen are worth their strength until placed; as many go
    away again, the weakest first (about 1 each)."""
    return TOKEN * sum(LABEL_KIND[lab][1] - 1 for lab in args)


SPIED_BLUFF = 0.2
"""Honor the bluff a spied clan may not place is worth to its rivals (a bluff scores about
as much in the bots' placement ordering)."""


def _spy_extra(st: Position, p: int, args: tuple[str, ...]) -> float:
    """The spied clan may not bluff this round, and its hand is known: a fifth of a token's
    worth for each token it still holds (what knowing it is worth is hard to say)."""
    o = st.player_of_clan(CLAN_INDEX[args[0]])
    return SPIED_BLUFF + 0.2 * TOKEN * len(st.hand(o))


def _threats(st: Position, p: int, count: int) -> float:
    """What taking the `count` most dangerous rival tokens off the board is worth: a token
    aimed at a province of `p` by the province's worth (at most its strength in honor),
    any other a little."""
    board = st.board
    worths = []
    for s in targets(st, p, face_down_only=False):
        t = st.tokens[s]
        assert t is not None
        strength = st.tok(t[T_PLAYER], t[T_TID])[1]
        q = board.slot_target[t[T_SLOT]]
        if st.ctrl_owner[q] == p:
            worths.append(min(float(strength), _province_worth(st, q)))
        else:
            worths.append(0.1 * strength)
    worths.sort(reverse=True)
    return sum(worths[:count])


def _dark_extra(st: Position, p: int, args: tuple[str, ...]) -> float:
    """One rival token discarded, after a look at up to 4 (the worst one is likely seen)."""
    return _threats(st, p, 1)


def _purge_extra(st: Position, p: int, args: tuple[str, ...]) -> float:
    """Two rival tokens discarded, for a token of the hand."""
    return _threats(st, p, 2) - TOKEN * max(1, LABEL_KIND[args[0]][1])


def _animate_extra(st: Position, p: int, args: tuple[str, ...]) -> float:
    """The strongest token of the discard pile placed again, face up."""
    best = max((st.tok(p, t)[1] for t in st.tids_at(p, DISCARD)), default=0)
    return TOKEN * best


def _fear_extra(st: Position, p: int, args: tuple[str, ...]) -> float:
    """Defences and shields removed: a rival's loss, or the player's own."""
    total = 0.0
    for name in args[1:]:
        q = st.board.index[name]
        old = st.special[q]
        worth = _province_worth(st, q)
        kept = GUARD * SPECIAL_DEFENSE[old] * worth + SHIELD * worth * (old in (PEACE, SHRINE))
        total -= _side(st, p, q) * kept
    return total


# -- the table ----------------------------------------------------------------------------

EFFECTS: dict[str, CardEffect] = {
    e.card: e
    for e in (
        CardEffect("feats_of_engineering", _feats_targets, _special_at_each(HARBOR),
                   N_("a harbor in {province} (it counts as coastal)"),
                   _measured(_special_at_each(HARBOR), _harbor_extra)),
        CardEffect("promotion", _promotion_targets, _back_to_hand,
                   N_("{tokens} from its discard pile back behind its screen"),
                   _tokens_back_extra, picks=DISCARD_TOKENS,
                   words_you=N_("{tokens} from your discard pile back behind your screen")),
        CardEffect("reinforcements", _reinforcements_targets, _back_to_hand,
                   N_("{tokens} from its discard pile back behind its screen"),
                   _tokens_back_extra, picks=DISCARD_TOKENS,
                   words_you=N_("{tokens} from your discard pile back behind your screen")),
        CardEffect("code_of_honor", _combination_targets("code_of_honor", 2),
                   _special_at_each(HONOR1),
                   N_("+1 honor tokens in {provinces}"), _special_value(HONOR1),
                   combination=2),
        CardEffect("ashigaru_levies", _combination_targets("ashigaru_levies", 3),
                   _special_at_each(DEFENSE1),
                   N_("+1 defense tokens in {provinces}"), _special_value(DEFENSE1),
                   combination=3),
        CardEffect("diplomatic_mission", _diplomatic_targets, _diplomatic_mission,
                   N_("peace in {province}; 2 face-up control tokens in {province2}"),
                   _measured(_diplomatic_mission, _peace_extra),
                   words_short=N_("peace in {province}")),
        CardEffect("strength_of_purpose", _purpose_targets, _face_up_control(1),
                   N_("a face-up control token in {provinces}"),
                   _measured(_face_up_control(1))),
        CardEffect("sacred_ground", _special_in_free(SHRINE, False), _special_at_each(SHRINE),
                   N_("the shrine in {province} (only its controller may place tokens there)"),
                   _special_value(SHRINE)),
        CardEffect("honorable_fight", _special_in_free(BATTLEFIELD, False),
                   _special_at_each(BATTLEFIELD),
                   N_("the battlefield in {province} (no Raid or Diplomacy there)"),
                   _special_value(BATTLEFIELD)),
        CardEffect("bushido", _special_in_free(HONOR4, True), _special_at_each(HONOR4),
                   N_("the 4-flower honor token in {province}"), _special_value(HONOR4)),
        CardEffect("aid_of_the_kami", _special_in_free(DEFENSE2, True),
                   _special_at_each(DEFENSE2), N_("a +2 defense token in {province}"),
                   _special_value(DEFENSE2)),
        CardEffect("port_of_prosperity", _special_in_free(HONOR2, True),
                   _special_at_each(HONOR2), N_("a +2 honor token in {province}"),
                   _special_value(HONOR2)),
        CardEffect("bless_the_lands", _bless_targets, _bless_the_lands,
                   N_("the scorched earth is lifted from {province}, and 2 control tokens "
                      "go there"), _measured(_bless_the_lands)),
        CardEffect("spy_network", _spy_targets, _spy_network,
                   N_("{clan} looks at {target}'s hand; {target} may not place its bluff "
                      "this round"), _spy_extra, picks=CLAN, reveals=True,
                   words_you=N_("you look at {target}'s hand; {target} may not place its "
                                "bluff this round"),
                   words_target=N_("{clan} looks at your hand; you may not place your bluff "
                                   "this round")),
        CardEffect("foment_rebellion", _foment_targets, _foment_rebellion,
                   N_("the peace in {province} is lifted"),
                   _measured(_foment_rebellion, _unshield_extra)),
        CardEffect("cultural_exchange", _exchange_targets, _cultural_exchange,
                   N_("the control tokens of {province} and {province2} change places"),
                   _measured(_cultural_exchange)),
        CardEffect("pirate_raids", _pirate_targets, _pirate_raids,
                   N_("scorched earth in {province}; 3 face-up control tokens in "
                      "{province2}"), _measured(_pirate_raids),
                   words_short=N_("scorched earth in {province}")),
        CardEffect("bountiful_harvest", _harvest_targets, _face_up_control(2),
                   N_("2 face-up control tokens in {province}"),
                   _measured(_face_up_control(2))),
        CardEffect("dark_favors", _dark_targets, _dark_favors,
                   N_("a control token paid in {province}, to look at up to 4 tokens and "
                      "discard one"), _measured(_dark_favors, _dark_extra), reveals=True),
        CardEffect("purge_the_weak", _purge_targets, _purge_the_weak,
                   N_("{token} discarded from behind its screen, to reveal and discard 2 "
                      "tokens"), _purge_extra, picks=HAND_TOKENS, reveals=True,
                   words_you=N_("{token} discarded from behind your screen, to reveal and "
                                "discard 2 tokens")),
        CardEffect("animate_the_dead", _animate_targets, _animate_the_dead,
                   N_("a control token paid in {province}, to place a token from its discard "
                      "pile"), _measured(_animate_the_dead, _animate_extra),
                   words_you=N_("a control token paid in {province}, to place a token from "
                                "your discard pile")),
        CardEffect("inspire_fear", _fear_targets, _inspire_fear,
                   N_("a control token paid in {province}, to remove the special tokens of "
                      "{rest}"), _measured(_inspire_fear, _fear_extra)),
    )
}  # fmt: skip
"""Every territory and Shadowlands card by its engine id."""

_missing = ALL_TERRITORY_CARDS ^ set(EFFECTS)
if _missing:  # pragma: no cover - a content error caught at import
    raise AssertionError(f"cards without a declaration (or declared but not dealt): {_missing}")


def effect_of(card: str) -> CardEffect | None:
    """The declared effect of territory or Shadowlands card `card` (None for the scout,
    shugenja and first-player cards, which are no territory cards)."""
    return EFFECTS.get(card)
