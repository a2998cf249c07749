"""A round's resolution taken apart into the rulebook's seven steps, each with its board.

Qt-free. The engine resolves a round inside one `apply` (the decision that ends the
placement). `analyse` takes the state just before that decision and the state after it,
rebuilds the board at the reveal, and carries the resolution out step by step as the
rules do (`RokuganState._resolve`), using only the state's public queries, so that every
step has a `Picture` (what lies on the board after it) and the facts the story is told
from: which tokens left and why, each raid, each peace, each battle with its totals, each
territory card. The final picture is checked against the engine's own result: the story
never tells a board the engine did not reach.

A `Picture` is also what the view draws in play (`Picture.of`): control, special tokens
and combat tokens as one viewer knows them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine.rokugan.data import (
    ARMY,
    BLESSING,
    BLUFF_TID,
    CRAB,
    CRANE,
    DIPLOMACY,
    LION,
    NAVY,
    PEACE,
    RAID,
    SCORCHED,
    SHINOBI,
    SPECIAL_DEFENSE,
)
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


@dataclass
class Resolution:
    """A whole round's resolution: the board at the reveal and the seven steps."""

    reveal: RokuganState  # the state at the reveal, every token still as placed
    before: RokuganState  # the state before the decision that ended the placement
    after: RokuganState
    steps: list[StepFacts] = field(default_factory=list)
    consistent: bool = True  # the retold board matches the engine's result

    @property
    def tokens(self) -> list[tuple | None]:
        """The engine tokens at the reveal, by serial."""
        return list(self.reveal.tokens)


def ends_round(before: RokuganState, after: RokuganState) -> bool:
    """True when the decision between the two states resolved a round."""
    return after.round != before.round or (after.is_terminal() and not before.is_terminal())


class _StopAtReveal(RokuganState):
    """A state that stops where the rules reveal the tokens, leaving the board as placed."""

    __slots__ = ()

    def _resolve(self) -> None:  # the engine's resolution, skipped: `analyse` retells it
        return None


def state_at_reveal(before: RokuganState, action: Any) -> RokuganState:
    """`before` with `action` carried out up to (not including) the reveal.

    The decision that ends the placement may be a placement, a swap, a discard, a peek or a
    card; the engine itself carries it out here, with its resolution switched off (a
    subclass whose `_resolve` does nothing), so the board is exact whatever the decision.
    """
    state = before.clone()
    state.__class__ = _StopAtReveal
    state.apply(action)
    state.__class__ = RokuganState
    return state


def analyse(before: RokuganState, action: Any, after: RokuganState) -> Resolution | None:
    """The resolution between `before` and `after`, step by step (None when none)."""
    if not ends_round(before, after):
        return None
    reveal = state_at_reveal(before, action)
    sim = reveal.clone()  # worked on in place: its lists are this retelling's own
    b = sim.board
    tokens = sim.tokens
    result = Resolution(reveal, before, after)

    def picture(battles: tuple[Battle, ...] = ()) -> Picture:
        return Picture(
            tuple(sim.ctrl_owner),
            tuple(sim.ctrl_up),
            tuple(sim.ctrl_down),
            tuple(sim.special),
            _defences(sim, sim.ctrl_owner, sim.ctrl_up, sim.special),
            tuple(_view(t) for t in tokens),
            battles,
        )

    def kind(t: tuple) -> int:
        return sim.tok(t[T_PLAYER], t[T_TID])[0]

    def take_off(
        serial: int, reason: str, out: list[Removal], province: int = -1, problem: str = ""
    ) -> None:
        t = tokens[serial]
        if t is None:
            return
        tokens[serial] = None
        out.append(Removal(serial, reason, province, problem))
        host = t[T_HOST]
        if host >= 0 and tokens[host] is not None:
            prev = host  # a Blessing leaves its host: close the chain over it
            while True:
                pt = tokens[prev]
                if pt is None:
                    break
                if pt[T_BLESSED] == serial:
                    tokens[prev] = (*pt[:T_BLESSED], t[T_BLESSED])
                    return
                prev = pt[T_BLESSED]
                if prev < 0:
                    return
        if t[T_BLESSED] >= 0 and tokens[t[T_BLESSED]] is not None:
            take_off(t[T_BLESSED], HOST_GONE, out, province)

    def clear(q: int, reason: str, out: list[Removal]) -> None:
        for s, t in enumerate(tokens):
            if t is None or t[T_SLOT] < 0:
                continue
            slot = t[T_SLOT]
            if slot == q or (slot >= b.n and b.slot_border[slot] in b.borders_of[q]):
                take_off(s, reason, out, q)

    def problem_of(s: int) -> str | None:
        t = tokens[s]
        assert t is not None
        k = kind(t)
        if k == BLESSING:
            host = t[T_HOST]
            ht = tokens[host] if host >= 0 else None
            if ht is None:
                return "its host is gone"
            if kind(ht) not in (ARMY, NAVY, SHINOBI):
                return "a Blessing must lie on an Army, Navy or Shinobi"
            return None
        return sim.slot_problem(t[T_PLAYER], k, t[T_SLOT])

    # 1. reveal
    revealed = tuple(s for s, t in enumerate(tokens) if t is not None and not t[T_UP])
    for s in revealed:
        t = tokens[s]
        tokens[s] = (*t[:T_UP], 1, *t[T_UP + 1 :])
    result.steps.append(StepFacts(1, picture(), revealed=revealed))

    # 2. bluffs back behind the screens (a Lion's defending bluff stays), illegal tokens out
    out: list[Removal] = []
    lion_bluff: dict[int, int] = {}
    for s in range(len(tokens)):
        t = tokens[s]
        if t is None or kind(t) == BLESSING:
            continue
        p = t[T_PLAYER]
        if t[T_TID] == BLUFF_TID:
            slot = t[T_SLOT]
            lion = sim.clans[p] == LION and not sim.spied[p]
            if lion and 0 <= slot < b.n and sim.ctrl_owner[slot] == p:
                lion_bluff[slot] = s
                continue
            take_off(s, BLUFF_BACK, out)
            continue
        problem = problem_of(s)
        if problem is not None:
            take_off(s, ILLEGAL, out, problem=problem)
    for s in range(len(tokens)):
        if tokens[s] is not None:
            problem = problem_of(s)
            if problem is not None:
                take_off(s, ILLEGAL, out, problem=problem)
    result.steps.append(StepFacts(2, picture(), removals=tuple(out)))

    # 3. raids, judged together, then carried out
    out = []
    raids: list[Special] = []
    for s, t in enumerate(tokens):
        if t is None or kind(t) != RAID:
            continue
        p, q = t[T_PLAYER], t[T_SLOT]
        ok = any(sim.ctrl_owner[r] == p for r in b.neighbors[q]) or any(
            u is not None and u[T_PLAYER] == p and u[T_SLOT] == q and kind(u) == SHINOBI
            for u in tokens
        )
        raids.append(Special(s, q, ok))
    for raid in raids:
        take_off(raid.serial, RAIDED, out, raid.province)
        if raid.done:
            q = raid.province
            clear(q, CLEARED_RAID, out)
            _remove_control(sim, q)
            if sim.special[q] != SCORCHED and after.special[q] == SCORCHED:
                sim.special[q] = SCORCHED
    result.steps.append(StepFacts(3, picture(), removals=tuple(out), specials=tuple(raids)))

    # 4. diplomacy
    out = []
    peace: list[Special] = []
    for s in range(len(tokens)):
        t = tokens[s]
        if t is None or kind(t) != DIPLOMACY:
            continue
        q = t[T_SLOT]
        clear(q, CLEARED_PEACE, out)
        done = sim.special[q] not in (PEACE, SCORCHED) and after.special[q] == PEACE
        if done:
            sim.special[q] = PEACE
        peace.append(Special(s, q, done))
    result.steps.append(StepFacts(4, picture(), removals=tuple(out), specials=tuple(peace)))

    # 5. battles
    out = []
    battles = _battles(sim, tokens, lion_bluff)
    for battle in battles:
        for s, t in enumerate(tokens):
            if t is not None and t[T_SLOT] >= 0 and b.slot_target[t[T_SLOT]] == battle.province:
                take_off(s, FOUGHT, out, battle.province)
        q = battle.province
        sim.ctrl_owner[q] = after.ctrl_owner[q]
        sim.ctrl_up[q] = after.ctrl_up[q]
        sim.ctrl_down[q] = after.ctrl_down[q]
        if after.ctrl_owner[q] != battle.winner:
            result.consistent = False
    for s in range(len(tokens)):  # whatever is left is discarded
        if tokens[s] is not None:
            take_off(s, FOUGHT, out)
    result.steps.append(
        StepFacts(5, picture(tuple(battles)), removals=tuple(out), battles=tuple(battles))
    )

    # 6. territory cards
    cards = tuple(
        (t, before_holder, after.terr_holder[t])
        for t, before_holder in enumerate(reveal.terr_holder)
        if before_holder != after.terr_holder[t]
    )
    result.steps.append(StepFacts(6, picture(), cards=cards))
    # 7. the next round: the board as the engine left it
    final = replace(result.steps[-1].picture)
    result.steps.append(StepFacts(7, final))
    if (
        list(sim.ctrl_owner) != list(after.ctrl_owner)
        or list(sim.ctrl_up) != list(after.ctrl_up)
        or list(sim.ctrl_down) != list(after.ctrl_down)
        or list(sim.special) != list(after.special)
    ):
        result.consistent = False
    return result


def _remove_control(state: RokuganState, q: int) -> None:
    state.ctrl_owner[q] = -1
    state.ctrl_up[q] = 0
    state.ctrl_down[q] = 0


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
