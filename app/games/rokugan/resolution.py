"""A round's resolution taken apart into the rulebook's seven steps, each with its board.

Qt-free. The engine resolves a round inside one `apply` (the decision that ends the
placement). `analyse` takes the state just before that decision and the state after it,
has the engine carry the decision out up to the reveal (`RokuganState.at_reveal`) and
then the resolution one step at a time (`engine.rokugan.resolution.resolve_in_steps`),
and reads the board after each step: every step has a `Picture` (what lies on the board
after it) and the facts the story is told from: which tokens left and why, each raid,
each peace, each battle with its totals, each territory card.

A `Picture` is also what the view draws in play (`Picture.of`): control, special tokens
and combat tokens as one viewer knows them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine.rokugan import actions as A
from engine.rokugan.data import (
    ARMY,
    BLESSING,
    BLUFF_TID,
    CRAB,
    CRANE,
    DIPLOMACY,
    NAVY,
    PEACE,
    RAID,
    SHINOBI,
    SPECIAL_DEFENSE,
)
from engine.rokugan.resolution import resolve_in_steps, token_problem
from engine.rokugan.state import (
    T_BLESSED,
    T_HOST,
    T_PLAYER,
    T_SLOT,
    T_TID,
    T_UP,
    RokuganState,
)

# a board token as a viewer knows it: (player, slot, face_up, host, blessed, tid or -1)
ViewToken = tuple[int, int, int, int, int, int]

# why a token left the board
BLUFF_BACK = "bluff"  # a bluff, back behind its owner's screen (step 2)
ILLEGAL = "illegal"  # placed where it may not stay (step 2)
RAIDED = "raid"  # the raid token itself, spent (step 3)
CLEARED_RAID = "cleared by raid"  # in or around a scorched province (step 3)
CLEARED_PEACE = "cleared by peace"  # in or around a province made peaceful (step 4)
FOUGHT = "fought"  # took part in a battle (step 5)
HOST_GONE = "host gone"  # a Blessing whose host left
# why a token left the board during the placement, before the reveal
SHUGENJA = "shugenja"  # discarded by an opponent's shugenja card (revealed first)
FIRST_PLAYER_CARD = "first player"  # sent back to its owner's pool (still face down)
SHADOWLANDS = "shadowlands"  # discarded by Dark Favors or Purge the Weak (revealed first)


@dataclass(frozen=True, slots=True)
class Battle:
    """One province's battle (or undisputed defence) in step 5."""

    province: int
    defender: int  # -1: nobody controlled it
    totals: tuple[tuple[int, int], ...]  # (player, strength of its tokens there)
    lead: int  # the attacker whose total counts (-1: no attack)
    bonus: int  # the province's defence against `lead`
    winner: int  # the controller afterwards (-1: nobody)
    held: bool  # the defender held and added a face-up control token

    def total(self, player: int) -> int:
        """The strength `player` brought."""
        return dict(self.totals).get(player, 0)

    @property
    def attackers(self) -> tuple[int, ...]:
        """Everyone with tokens there but the defender."""
        return tuple(p for p, _ in self.totals if p != self.defender)


@dataclass(frozen=True, slots=True)
class Picture:
    """What lies on the board: control, special tokens and combat tokens, by province."""

    owner: tuple[int, ...]
    up: tuple[int, ...]
    down: tuple[int, ...]
    special: tuple[int, ...]
    defence: tuple[int, ...]
    tokens: tuple[ViewToken | None, ...]
    battles: tuple[Battle, ...] = ()

    @classmethod
    def of(cls, state: RokuganState, viewer: int | None) -> Picture:
        """The board as `viewer` knows it now (None: face-down tokens unknown)."""
        return cls(
            tuple(state.ctrl_owner),
            tuple(state.ctrl_up),
            tuple(state.ctrl_down),
            tuple(state.special),
            _defences(state, state.ctrl_owner, state.ctrl_up, state.special),
            tuple(visible_tokens(state, viewer)),
        )


def visible_tokens(state: RokuganState, viewer: int | None) -> list[ViewToken | None]:
    """The board tokens as `viewer` knows them (tid -1 where unknown)."""
    if viewer is not None and viewer >= 0:
        return list(state.observation(viewer).board_tokens)
    out: list[ViewToken | None] = []
    for t in state.tokens:
        if t is None:
            out.append(None)
            continue
        tid = t[T_TID] if t[T_UP] else -1
        out.append((t[T_PLAYER], t[T_SLOT], t[T_UP], t[T_HOST], t[T_BLESSED], tid))
    return out


def _view(t: tuple | None) -> ViewToken | None:
    """An engine token as a face-up view token (from the reveal on, all are known)."""
    if t is None:
        return None
    return (t[T_PLAYER], t[T_SLOT], 1, t[T_HOST], t[T_BLESSED], t[T_TID])


def _defences(state: RokuganState, owner: Any, up: Any, special: Any) -> tuple[int, ...]:
    """Each province's defence against an ordinary attacker: printed defence, face-up
    control tokens (the Crab's count twice) and defence tokens."""
    b = state.board
    out = []
    for q in range(b.n):
        o = owner[q]
        face_up = up[q] * (2 if o >= 0 and state.clans[o] == CRAB else 1) if o >= 0 else 0
        out.append(b.defense[q] + face_up + SPECIAL_DEFENSE[special[q]])
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Removal:
    """A token that left the board, and why (one of the module's reasons)."""

    serial: int
    reason: str
    province: int = -1  # the province of a raid, peace or battle that took it
    problem: str = ""  # the rule an illegal token broke


@dataclass(frozen=True, slots=True)
class PlacementLoss:
    """A token taken off the board during the placement, before the round's reveal."""

    player: int  # whose token it was
    label: str
    reason: str  # SHUGENJA, FIRST_PLAYER_CARD or SHADOWLANDS
    actor: int  # who played the card
    card: str = ""  # the Shadowlands card's name

    @property
    def public(self) -> bool:
        """True when everybody saw what the token was (it was revealed to be discarded)."""
        return self.reason != FIRST_PLAYER_CARD


@dataclass(frozen=True, slots=True)
class Special:
    """A raid or diplomacy token's effect: the province, and whether it worked."""

    serial: int
    province: int
    done: bool


@dataclass(frozen=True, slots=True)
class StepFacts:
    """One step of the resolution: its number (1-7), what it did, the board after it."""

    number: int
    picture: Picture
    removals: tuple[Removal, ...] = ()
    specials: tuple[Special, ...] = ()
    battles: tuple[Battle, ...] = ()
    cards: tuple[tuple[int, int, int], ...] = ()  # (territory, holder before, after)
    revealed: tuple[int, ...] = ()  # serials turned face up (step 1)
    defended: tuple[int, ...] = ()  # provinces held without a battle: attacks all gone


@dataclass
class Resolution:
    """A whole round's resolution: the board at the reveal and the seven steps."""

    reveal: RokuganState  # the state at the reveal, every token still as placed
    before: RokuganState  # the state before the decision that ended the placement
    after: RokuganState
    steps: list[StepFacts] = field(default_factory=list)
    consistent: bool = True  # the retold board matches the engine's result
    placement: tuple[PlacementLoss, ...] = ()  # tokens the round's cards took off the board

    @property
    def tokens(self) -> list[tuple | None]:
        """The engine tokens at the reveal, by serial."""
        return list(self.reveal.tokens)


def ends_round(before: RokuganState, after: RokuganState) -> bool:
    """True when the decision between the two states resolved a round."""
    return after.round != before.round or (after.is_terminal() and not before.is_terminal())


def state_at_reveal(before: RokuganState, action: Any) -> RokuganState:
    """`before` with `action` carried out up to (not including) the reveal (the engine's
    own `at_reveal`: the board exact whatever the decision that ended the placement)."""
    return before.at_reveal(action)


def analyse(before: RokuganState, action: Any, after: RokuganState) -> Resolution | None:
    """The resolution between `before` and `after`, step by step (None when none).

    The engine carries out the steps (`resolve_in_steps` on the board at the reveal); this
    reads the board after each and tells what each step did and why."""
    if not ends_round(before, after):
        return None
    reveal = state_at_reveal(before, action)
    sim = reveal.clone()
    b = sim.board
    result = Resolution(reveal, before, after, placement=placement_losses(before, action, reveal))
    steps = resolve_in_steps(sim)

    def picture(state: RokuganState, battles: tuple[Battle, ...] = ()) -> Picture:
        return Picture(
            tuple(state.ctrl_owner),
            tuple(state.ctrl_up),
            tuple(state.ctrl_down),
            tuple(state.special),
            _defences(state, state.ctrl_owner, state.ctrl_up, state.special),
            tuple(_view(t) for t in state.tokens),
            battles,
        )

    def kind(state: RokuganState, t: tuple) -> int:
        return state.tok(t[T_PLAYER], t[T_TID])[0]

    def gone(pre: RokuganState) -> list[int]:
        return [
            s
            for s, t in enumerate(pre.tokens)
            if t is not None and (s >= len(sim.tokens) or sim.tokens[s] is None)
        ]

    def around(q: int, t: tuple) -> bool:
        slot = t[T_SLOT]
        return slot == q or (slot >= b.n and b.slot_border[slot] in b.borders_of[q])

    # 1. reveal
    face_down = tuple(s for s, t in enumerate(sim.tokens) if t is not None and not t[T_UP])
    next(steps)
    result.steps.append(StepFacts(1, picture(sim), revealed=face_down))

    # 2. bluffs back behind the screens (a Lion's defending bluff stays), illegal tokens out
    pre = sim.clone()
    next(steps)
    out: list[Removal] = []
    for s in gone(pre):
        t = pre.tokens[s]
        if t[T_TID] == BLUFF_TID:
            out.append(Removal(s, BLUFF_BACK))
        elif (
            kind(pre, t) == BLESSING
            and (t[T_HOST] < 0 or sim.tokens[t[T_HOST]] is None)
            and token_problem(pre, s) is None
        ):
            out.append(Removal(s, HOST_GONE))
        else:
            out.append(Removal(s, ILLEGAL, problem=token_problem(pre, s) or "its host went"))
    result.steps.append(StepFacts(2, picture(sim), removals=tuple(out)))
    lion_bluff = {
        t[T_SLOT]: s for s, t in enumerate(sim.tokens) if t is not None and t[T_TID] == BLUFF_TID
    }

    # 3. raids, judged together (as the engine judges them), carried out by the engine
    pre = sim.clone()
    raids = []
    for s, t in enumerate(pre.tokens):
        if t is None or kind(pre, t) != RAID:
            continue
        p, q = t[T_PLAYER], t[T_SLOT]
        ok = any(pre.ctrl_owner[r] == p for r in b.neighbors[q]) or any(
            u is not None and u[T_PLAYER] == p and u[T_SLOT] == q and kind(pre, u) == SHINOBI
            for u in pre.tokens
        )
        raids.append(Special(s, q, ok))
    next(steps)
    out = []
    raided = [r.province for r in raids if r.done]
    spent = {r.serial for r in raids}
    for s in gone(pre):
        t = pre.tokens[s]
        if s in spent:
            out.append(Removal(s, RAIDED, t[T_SLOT]))
            continue
        q = next((q for q in raided if around(q, t)), -1)
        out.append(Removal(s, CLEARED_RAID, q))
    result.steps.append(StepFacts(3, picture(sim), removals=tuple(out), specials=tuple(raids)))

    # 4. diplomacy
    pre = sim.clone()
    peace_tokens = [
        (s, t[T_SLOT])
        for s, t in enumerate(pre.tokens)
        if t is not None and kind(pre, t) == DIPLOMACY
    ]
    next(steps)
    peace = tuple(
        Special(s, q, sim.special[q] == PEACE and pre.special[q] != PEACE) for s, q in peace_tokens
    )
    out = []
    for s in gone(pre):
        t = pre.tokens[s]
        q = next((q for _, q in peace_tokens if around(q, t)), -1)
        out.append(Removal(s, CLEARED_PEACE, q))
    result.steps.append(StepFacts(4, picture(sim), removals=tuple(out), specials=peace))

    # 5. battles: the totals as the rules add them up, the outcome as the engine decided
    pre = sim.clone()
    fought = _battles(pre, list(pre.tokens), lion_bluff)
    next(steps)
    battles = []
    for battle in fought:
        winner = sim.ctrl_owner[battle.province]
        if winner != battle.winner and battle.attackers:
            result.consistent = False
        battles.append(replace(battle, winner=winner, held=winner == battle.defender >= 0))
    out = [Removal(s, FOUGHT) for s in gone(pre)]
    in_battle = {battle.province for battle in battles}
    defended = tuple(
        q
        for q in range(b.n)
        if q not in in_battle and sim.ctrl_up[q] > pre.ctrl_up[q] and sim.ctrl_owner[q] >= 0
    )
    result.steps.append(
        StepFacts(
            5,
            picture(sim, tuple(battles)),
            removals=tuple(out),
            battles=tuple(battles),
            defended=defended,
        )
    )

    # 6. territory cards
    pre = sim.clone()
    next(steps)
    cards = tuple(
        (t, holder, sim.terr_holder[t])
        for t, holder in enumerate(pre.terr_holder)
        if holder != sim.terr_holder[t]
    )
    result.steps.append(StepFacts(6, picture(sim), cards=cards))

    # 7. the round ends: whatever is left goes, the next round begins
    next(steps)
    result.steps.append(StepFacts(7, picture(after)))
    if list(sim.ctrl_owner) != list(after.ctrl_owner) or list(sim.special) != list(after.special):
        result.consistent = False
    return result


def _strength(state: RokuganState, tokens: list, serial: int) -> int:
    t = tokens[serial]
    kind, strength = state.tok(t[T_PLAYER], t[T_TID])
    if kind not in (ARMY, NAVY, SHINOBI):
        return 0
    blessing = t[T_BLESSED]
    while blessing >= 0:
        bt = tokens[blessing]
        if bt is None:
            break
        strength += state.tok(bt[T_PLAYER], bt[T_TID])[1]
        blessing = bt[T_BLESSED]
    return strength


def placement_losses(
    before: RokuganState, action: Any, reveal: RokuganState
) -> tuple[PlacementLoss, ...]:
    """The tokens cards took off the board during this round's placement, in order: a
    shugenja's, the first-player card's, Dark Favors' and Purge the Weak's. Read by
    taking the round's decisions back one by one (the state keeps no other record)."""
    # (tokens before, player, decision, tokens after) of the round's decisions, last first
    moves = [(list(before.tokens), before.current_player(), action, list(reveal.tokens))]
    state = before.clone()
    while state.history:
        decision, after = state.history[-1], list(state.tokens)
        state.undo()
        if state.round != before.round:
            break  # the decision that resolved the previous round
        moves.append((list(state.tokens), state.current_player(), decision, after))
    losses: list[PlacementLoss] = []
    card = ""  # the card whose sub-decisions (Dark Favors' discard) are being made
    for tokens, actor, decision, after in reversed(moves):
        if isinstance(decision, A.PlayCard):
            card = decision.card
        elif not isinstance(decision, A.Discard):
            continue  # only cards take tokens off the board before the reveal
        reason = {"shugenja": SHUGENJA, "first_player": FIRST_PLAYER_CARD}.get(card, SHADOWLANDS)
        for s, t in enumerate(tokens):
            if t is not None and (s >= len(after) or after[s] is None):
                label = before.label(t[T_PLAYER], t[T_TID])
                losses.append(PlacementLoss(t[T_PLAYER], label, reason, actor, card))
    return tuple(losses)


def _battles(state: RokuganState, tokens: list, lion_bluff: dict[int, int]) -> list[Battle]:
    """Step 5 as the rules fight it: every province with combat tokens left."""
    b = state.board
    per_prov: dict[int, list[int]] = {}
    for s, t in enumerate(tokens):
        if t is None or t[T_SLOT] < 0:
            continue
        per_prov.setdefault(b.slot_target[t[T_SLOT]], []).append(s)
    battles = []
    crane = state.player_of_clan(CRANE)
    for q, serials in per_prov.items():
        d = state.ctrl_owner[q]
        totals: dict[int, int] = {}
        defended = False
        for s in serials:
            t = tokens[s]
            p = t[T_PLAYER]
            totals[p] = totals.get(p, 0) + _strength(state, tokens, s)
            if p == d and state.tok(p, t[T_TID])[0] in (ARMY, NAVY, SHINOBI):
                defended = True
        if q in lion_bluff and tokens[lion_bluff[q]] is not None:
            totals[d] = totals.get(d, 0) + 2
        attackers = [p for p in totals if p != d]
        ordered = tuple(sorted(totals.items(), key=lambda pt: (pt[0] != d, pt[0])))
        if not attackers:
            held = d >= 0 and defended
            battles.append(Battle(q, d, ordered, -1, 0, d, held))
            continue
        best = max(totals[p] for p in attackers)
        top = [p for p in attackers if totals[p] == best]
        lead = top[0] if len(top) == 1 else (crane if crane in top else -1)
        winner = d
        bonus = state.defense_bonus(q, lead if lead >= 0 else top[0])
        if lead >= 0:
            dtotal = totals.get(d, 0) + bonus
            if best > dtotal or (best == dtotal and lead == crane and d != crane):
                winner = lead
        held = d >= 0 and winner == d
        battles.append(Battle(q, d, ordered, lead if lead >= 0 else top[0], bonus, winner, held))
    battles.sort(key=lambda battle: battle.province)
    return battles
