"""A round's resolution taken apart into the rulebook's seven steps, each with its board.

Qt-free. The engine resolves a round inside one `apply` (the decision that ends the
placement). `analyse` takes the state just before that decision and the state after it,
has the engine carry the decision out up to the reveal (`RokuganState.at_reveal`) and
then the resolution one step at a time (`engine.rokugan.resolution.resolve_in_steps`),
listening: every step keeps the engine's records of it (`engine.rokugan.events`: each
token revealed or removed and why, each raid, each peace, each battle itemised, each
defence, each territory card), a copy of the game right after it (what the panels show at
that step) and a `Picture` (what lies on the board after it). Nothing here works a rule
out again: it only finds the board tokens and seats the records name.

A `Picture` is also what the view draws in play (`Picture.of`): control, special tokens
and combat tokens as one viewer knows them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from app.games.rokugan import words
from app.i18n import _
from engine.events import Event
from engine.rokugan import events
from engine.rokugan.battles import defense_bonus
from engine.rokugan.data import DIPLOMACY, RAID
from engine.rokugan.resolution import resolve_in_steps
from engine.rokugan.state import (
    POOL,
    T_BLESSED,
    T_HOST,
    T_PLAYER,
    T_SLOT,
    T_TID,
    T_UP,
    RokuganState,
)
from engine.rokugan.token_cards import TOKEN_CARDS

# a board token as a viewer knows it: (player, slot, face_up, host, blessed, tid or -1)
ViewToken = tuple[int, int, int, int, int, int]

# why a token left the board
BLUFF_BACK = "bluff"  # a bluff, back behind its owner's screen (step 2)
ILLEGAL = "illegal"  # placed where it may not stay (step 2)
RAIDED = "raid"  # the raid token itself, spent (step 3)
CLEARED_RAID = "cleared by raid"  # in or around a scorched province (step 3)
CLEARED_PEACE = "cleared by peace"  # in or around a province made peaceful (step 4)
FOUGHT = "fought"  # took part in a battle (step 5)
# why a token left the board during the placement, before the reveal
SHUGENJA = "shugenja"  # discarded by an opponent's shugenja card (revealed first)
FIRST_PLAYER_CARD = "first player"  # sent back to its owner's pool (still face down)
SHADOWLANDS = "shadowlands"  # discarded by Dark Favors or Purge the Weak (revealed first)


@dataclass(frozen=True, slots=True)
class Battle:
    """One province's battle in step 5, as the engine's record tells it, with the seats
    the board needs (`record` holds the itemised sides, the winner and how it was decided)."""

    province: int
    defender: int  # -1: nobody controlled it
    attackers: tuple[int, ...]
    winner: int  # the controller afterwards (-1: nobody)
    defence: events.Defence | None  # the defender held it successfully (None: it did not)
    record: events.Battle

    def side(self, player: int) -> events.Side:
        """The side `player` fought on (the defender's with the province's bonuses)."""
        if player == self.defender:
            return self.record.defender
        return self.record.attackers[self.attackers.index(player)]

    def total(self, player: int) -> int:
        """The strength `player` brought (the defender's with the defence bonuses)."""
        return self.side(player).total

    def tally(self) -> str:
        """The battle itemised, as the engine's record adds it up: "Battle for Kanaiso:
        Scorpion attacks with 9: Army 4, Shinobi 3, Blessing +2; Crab defends with 3:
        printed defence +2, face-up control tokens +1; Scorpion holds it"."""
        record = self.record
        sides = [
            _("{clan} attacks with {tally}").format(
                clan=words.clan(side.clan), tally=words.tally(side)
            )
            for side in record.attackers
        ]
        defender = words.clan(record.defender.clan) if record.defender.clan else _("Nobody")
        defends = _("{clan} defends with {tally}")
        sides.append(defends.format(clan=defender, tally=words.tally(record.defender)))
        holder = words.clan(record.control_after) if record.control_after else _("nobody")
        return _("Battle for {province}: {sides}; {holder} holds it").format(
            province=record.province, sides="; ".join(sides), holder=holder
        )

    @property
    def totals(self) -> tuple[tuple[int, int], ...]:
        """(player, total) of the defender (if any) and every attacker."""
        seats = ((self.defender,) if self.defender >= 0 else ()) + self.attackers
        return tuple((p, self.total(p)) for p in seats)


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
            _defences(state),
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


def _defences(state: RokuganState) -> tuple[int, ...]:
    """Each province's defence against an ordinary attacker (the engine's rule)."""
    return tuple(defense_bonus(state, q, -1) for q in range(state.board.n))


@dataclass(frozen=True, slots=True)
class Removal:
    """A token that left the board, and why (one of the module's reasons)."""

    serial: int
    reason: str
    province: int = -1  # the province of a raid, peace or battle that took it
    problem: str = ""  # the rule an illegal token broke
    blessings: tuple[int, ...] = ()  # the Blessings that went with it (the record's)


@dataclass(frozen=True, slots=True)
class PlacementLoss:
    """A token taken off the board during the placement, before the round's reveal."""

    player: int  # whose token it was
    token: str  # the token in words ("Army 3"), as the engine's record names it
    reason: str  # SHUGENJA, FIRST_PLAYER_CARD or SHADOWLANDS
    actor: int  # who played the card
    card: str = ""  # the card's engine id ("dark_favors")

    @property
    def public(self) -> bool:
        """True when everybody saw what the token was (it was revealed to be discarded)."""
        return self.reason != FIRST_PLAYER_CARD


@dataclass(frozen=True, slots=True)
class Special:
    """A raid or diplomacy token's effect: the province, whether it worked (a raid
    cleared it; a diplomacy put Peace there), and the engine's record."""

    serial: int
    province: int
    done: bool
    record: events.Raid | events.Diplomacy


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
    defended: tuple[events.Defence, ...] = ()  # provinces held without a battle
    records: tuple[Event, ...] = ()  # what the engine told of this step
    state: RokuganState | None = None  # the game right after this step


@dataclass
class Resolution:
    """A whole round's resolution: the board at the reveal and the seven steps."""

    reveal: RokuganState  # the state at the reveal, every token still as placed
    before: RokuganState  # the state before the decision that ended the placement
    after: RokuganState
    steps: list[StepFacts] = field(default_factory=list)
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

    The engine carries out the steps (`resolve_in_steps` on the board at the reveal,
    listening): each step keeps the records the rules wrote and a copy of the game after
    it; this only finds the board tokens and seats those records name."""
    if not ends_round(before, after):
        return None
    reveal = state_at_reveal(before, action)
    sim = reveal.clone()
    result = Resolution(reveal, before, after, placement=placement_losses(before, action, reveal))
    sim.events = []
    for number in resolve_in_steps(sim):
        records = tuple(sim.events)
        sim.events.clear()
        pre = result.steps[-1].state if result.steps else reveal
        assert pre is not None
        result.steps.append(_step(number, pre, sim, records, after))
    sim.events = None
    return result


def _step(
    number: int,
    pre: RokuganState,
    sim: RokuganState,
    records: tuple[Event, ...],
    after: RokuganState,
) -> StepFacts:
    """Step `number`'s facts from its records: `pre` is the game before it, `sim` after."""
    b = sim.board
    state = sim.clone()
    provinces = {events.province_words(sim, q): q for q in range(b.n)}
    seats = {events.clan_words(c): p for p, c in enumerate(sim.clans)}
    picture = Picture(
        tuple(sim.ctrl_owner),
        tuple(sim.ctrl_up),
        tuple(sim.ctrl_down),
        tuple(sim.special),
        _defences(sim),
        tuple(_view(t) for t in sim.tokens),
    )
    if number == 1:
        face_down = tuple(s for s, t in enumerate(pre.tokens) if t is not None and not t[T_UP])
        return StepFacts(1, picture, revealed=face_down, records=records, state=state)
    removals = _removals(pre, sim, records, provinces)
    if number in (3, 4):
        kind = RAID if number == 3 else DIPLOMACY
        specials = tuple(
            Special(
                _token_at(pre, seats[r.clan], provinces[r.province], kind),
                provinces[r.province],
                r.success if isinstance(r, events.Raid) else r.peace,
                r,
            )
            for r in records
            if isinstance(r, (events.Raid, events.Diplomacy))
        )
        return StepFacts(number, picture, removals, specials, records=records, state=state)
    if number == 5:
        held = {provinces[r.province]: r for r in records if isinstance(r, events.Defence)}
        fought = []
        for r in records:
            if isinstance(r, events.Battle):
                q = provinces[r.province]
                fought.append(
                    Battle(
                        q,
                        seats.get(r.defender.clan, -1),
                        tuple(seats[a.clan] for a in r.attackers),
                        seats.get(r.control_after, -1),
                        held.get(q),
                        r,
                    )
                )
        in_battle = {battle.province for battle in fought}
        defended = tuple(
            r
            for r in records
            if isinstance(r, events.Defence) and provinces[r.province] not in in_battle
        )
        picture = replace(picture, battles=tuple(fought))
        return StepFacts(
            5,
            picture,
            removals=removals,
            battles=tuple(fought),
            defended=defended,
            records=records,
            state=state,
        )
    if number == 6:
        territories = {t.name: i for i, t in enumerate(b.graph.territories)}
        cards = tuple(
            (territories[r.territory], seats.get(r.previous, -1), seats.get(r.clan, -1))
            for r in records
            if isinstance(r, events.TerritoryClaim)
        )
        return StepFacts(6, picture, cards=cards, records=records, state=state)
    if number == 7:
        return StepFacts(7, Picture.of(after, -1), records=records, state=after.clone())
    return StepFacts(number, picture, removals, records=records, state=state)


_REASONS = {
    "bluff": BLUFF_BACK,
    "illegal": ILLEGAL,
    "raid": RAIDED,
    "cleared by raid": CLEARED_RAID,
    "cleared by peace": CLEARED_PEACE,
    "fought": FOUGHT,
}


def _removals(
    pre: RokuganState, sim: RokuganState, records: tuple[Event, ...], provinces: dict[str, int]
) -> tuple[Removal, ...]:
    """The step's removal records, each with the board token it names and the Blessings
    the record names as gone with it (the tokens that left between `pre` and `sim`, found
    by clan, face and place: a Blessing lies where its host lies)."""
    gone = [
        s
        for s, t in enumerate(pre.tokens)
        if t is not None and (s >= len(sim.tokens) or sim.tokens[s] is None)
    ]
    facts = {s: events.token_facts(pre, s) for s in gone}
    out = []
    for r in records:
        if not isinstance(r, events.Removal):
            continue
        s = next((s for s in gone if facts[s] == (r.clan, r.token, r.place)), None)
        if s is None:  # a Blessing whose host went first has no place of its own
            s = next((s for s in gone if facts[s][:2] == (r.clan, r.token)), None)
        if s is None:
            continue
        gone.remove(s)
        carried = []
        for label in r.blessings:
            b = next((b for b in gone if facts[b] == (r.clan, label, r.place)), None)
            if b is None:  # told as gone but not found on `pre`'s board: nothing to point at
                continue
            gone.remove(b)
            carried.append(b)
        where = provinces.get(r.province, -1)
        out.append(Removal(s, _REASONS[r.reason], where, r.rule, tuple(carried)))
    return tuple(out)


def _token_at(state: RokuganState, player: int, q: int, kind: int) -> int:
    """The serial of `player`'s token of `kind` in province `q` (-1 when none)."""
    for s, t in enumerate(state.tokens):
        if (
            t is not None
            and t[T_PLAYER] == player
            and t[T_SLOT] == q
            and state.tok(player, t[T_TID])[0] == kind
        ):
            return s
    return -1


def placement_losses(
    before: RokuganState, action: Any, reveal: RokuganState
) -> tuple[PlacementLoss, ...]:
    """The tokens cards took off the board during this round's placement, in order: a
    shugenja's, the first-player card's, Dark Favors' and Purge the Weak's, from the
    engine's `Removal` records (`card`) of the round's decisions, told again from the
    round's start (a game keeps its decisions, not what they told)."""
    state = before.clone()
    decisions = [action]
    while state.history:
        decision = state.history[-1]
        state.undo()
        if state.round != before.round:
            state.apply(decision)  # the decision that resolved the previous round
            break
        decisions.append(decision)
    seats = {events.clan_words(c): p for p, c in enumerate(state.clans)}
    losses: list[PlacementLoss] = []
    for decision in reversed(decisions):
        actor = state.current_player()
        for record in state.apply_told(decision):
            if isinstance(record, events.Reveal):
                break  # the round's resolution: no card takes a token there
            if isinstance(record, events.Removal) and record.reason == "card":
                reason = _loss_reason(record.rule)
                losses.append(
                    PlacementLoss(seats[record.clan], record.token, reason, actor, record.rule)
                )
    return tuple(losses)


def _loss_reason(card: str) -> str:
    """What a card's removal during the placement is called: by where its declaration
    (`token_cards.TOKEN_CARDS`) sends the token; a Shadowlands card's otherwise."""
    use = TOKEN_CARDS.get(card)
    if use is None:
        return SHADOWLANDS
    return FIRST_PLAYER_CARD if use.to == POOL else SHUGENJA
