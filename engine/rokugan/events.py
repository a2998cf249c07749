"""What happened in a Battle for Rokugan game: the records the rules write (`engine.events`).

The rule functions append these to `Position.events` while it is a list (`apply_told`,
or a caller that sets it on a clone, as the app does for a stepped resolution), in the
order the rulebook resolves things:

* upkeep: `Upkeep` (initiative card, first player, Ronin, hands drawn up);
* decisions: `Decision` (every action of a player: objective, control, card, placement,
  swap, pass) in words: its verb, the objective, card or token, the place and the board
  tokens it points at (`Target`); `seen_by` keeps another clan's secrets;
* resolution step 1: a `Reveal` per token turned face up;
* step 2: a `Removal` per bluff back behind the screen (`bluff`) and illegal token
  (`illegal`, with the `rule` it broke); every `Removal` names the Blessings that left
  the board with its token (`blessings`: a Blessing never stays without its host);
* step 3: a `Raid` per raid token (whether and why it worked), then a `Removal` per token
  it cleared (`cleared by raid`) and the raid token itself (`raid`);
* step 4: a `Diplomacy` per diplomacy token, then the tokens it cleared (`cleared by peace`);
* step 5: a `Battle` per province with an attack (itemised sides, the winner and who
  controls it after), a `Defence` per successfully defended province (`placed`: whether
  its clan had a control token left to put there face up);
* step 6: a `TerritoryClaim` per territory card taken or given back;
* the end of the game: a `Score` per clan (honor itemised).
Cards that take tokens off the board during the placement write a `Removal` (`card`); a
territory or Shadowlands card writes a `CardEffect` for each province it changed.

Names are words a player reads ("Crab", "Kanaiso", "the Kazahaya → Fujikaze border",
"Army 3"), never an index. A `Battle`'s totals are the sums of its parts: the battle rule
(`battles.fight`) computes the parts and decides from their sums.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from engine.events import Event
from engine.rokugan.data import CLANS, SPECIAL_NAMES, TOKENS_PER_CLAN
from engine.rokugan.position import T_HOST, T_PLAYER, T_SLOT, T_TID, T_UP, Position
from engine.rokugan.tokens import carried_blessings

NOBODY = ""
"""The clan of a side or a holder when there is none (a province nobody controls)."""


def clan_words(clan: int) -> str:
    """A clan by its engine id, as a player reads it ("Crab")."""
    return CLANS[clan].capitalize()


def token_words(label: str) -> str:
    """'army3' -> 'Army 3', 'blessing2' -> 'Blessing +2', 'raid' -> 'Raid'."""
    for word in ("army", "navy", "shinobi"):
        if label.startswith(word):
            return f"{word.capitalize()} {label[len(word) :]}"
    if label.startswith("blessing"):
        return f"Blessing +{label[len('blessing') :]}"
    return label.capitalize()


@dataclass(frozen=True, slots=True)
class TokenStrength:
    """A token that fought, by its face ("Army 3"), with its printed strength."""

    label: str
    strength: int


@dataclass(frozen=True, slots=True)
class Bonus:
    """Something that added to (or took from) a side's total, in words."""

    what: str
    strength: int


@dataclass(frozen=True, slots=True)
class Side:
    """One clan's side of a battle: its tokens, its bonuses and their sum."""

    clan: str
    tokens: tuple[TokenStrength, ...]
    bonuses: tuple[Bonus, ...]
    total: int

    @classmethod
    def of(cls, clan: str, tokens: tuple[TokenStrength, ...], bonuses: tuple[Bonus, ...]) -> Side:
        """A side whose total is the sum of its parts."""
        total = sum(t.strength for t in tokens) + sum(b.strength for b in bonuses)
        return cls(clan, tokens, bonuses, total)

    def tally(self) -> str:
        """'9: Army 4, Shinobi 3, Blessing +2 on Army 4' (the parts that add up to it)."""
        parts = [t.label for t in self.tokens]
        parts += [f"{b.what} {b.strength:+d}" for b in self.bonuses]
        return f"{self.total}: {', '.join(parts)}" if parts else str(self.total)


@dataclass(frozen=True, slots=True)
class Target:
    """A board token a decision points at (a card's or ability's target, a Blessing's
    host, a swapped token): whose it is, its face in words ("Army 3"), where it lies,
    whether it lies face up and which seats knew it as the decision was taken (`known_by`:
    its owner and those who scouted or peeked it, `st.known`)."""

    player: int
    clan: str
    token: str
    place: str
    face_up: bool
    known_by: tuple[int, ...] = ()

    def seen_by(self, viewer: int) -> Target:
        """The target as `viewer` knew it: a face-down token of another clan is unnamed
        unless `viewer` had scouted or peeked it."""
        if self.face_up or viewer == self.player or viewer in self.known_by:
            return self
        return replace(self, token="")


SECRET_VERBS = frozenset({"objective", "return"})
"""Decisions whose `what` only the deciding seat learns: the objective kept, the token the
Dragon returns from behind its screen."""

PUBLIC_TARGETS = frozenset({"discard", "shugenja"})
"""Decisions that turn their target face up for everybody (Dark Favors' and Purge the
Weak's discard, the shugenja card)."""


@dataclass(frozen=True, slots=True)
class Decision(Event):
    """A player's decision in words: `verb` is the action's kind ("objective", "control",
    "pass", "return", "card", "send", "place", "animate", "peek", "look", "discard",
    "swap", "skip"); `what` the objective or card (engine ids, as in `CardEffect`), the
    token put down, returned or sent (its face, "Army 3") or the step declined; `to`
    where a sent token goes; `place` where a token or control token went, in words;
    `args` a card's other targets in words (provinces, a clan, hand tokens); `targets`
    the board tokens it points at. Never an id of a place or a board token's serial.

    Told to another seat (`seen_by`), a decision keeps what that seat saw and hides the
    rest: another clan's objective, the token the Dragon returns or sends to its pool,
    the kind of a face-down token placed (not where), and the kind of each face-down
    target that seat neither owned nor knew (`Target.known_by`: a look, a peek, a swap, a
    scout) unless the decision turned it face up for all."""

    kind: ClassVar[str] = "decision"
    player: int
    clan: str
    phase: str
    verb: str
    what: str = ""
    to: str = ""
    place: str = ""
    args: tuple[str, ...] = ()
    targets: tuple[Target, ...] = ()

    def seen_by(self, viewer: int) -> Decision:
        """The decision as seat `viewer` was told it (see the class docstring)."""
        if viewer == self.player:
            return self
        what = self.what
        hidden = self.verb in SECRET_VERBS or (self.verb == "send" and self.to != "discard")
        if hidden or (self.verb == "place" and not self.what.startswith("Blessing")):
            what = ""
        targets = self.targets
        if not (self.verb in PUBLIC_TARGETS or self.what in PUBLIC_TARGETS):
            targets = tuple(t.seen_by(viewer) for t in self.targets)
        return replace(self, what=what, targets=targets)


@dataclass(frozen=True, slots=True)
class Upkeep(Event):
    """The upkeep of a round: the initiative card drawn (none in round 1), the first
    player, the clans playing as Ronin, every clan's tokens in hand after drawing up."""

    kind: ClassVar[str] = "upkeep"
    initiative: str
    first: str
    ronin: tuple[str, ...]
    hand_counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Reveal(Event):
    """Step 1: a combat token turned face up where it lay."""

    kind: ClassVar[str] = "reveal"
    clan: str
    token: str
    place: str


@dataclass(frozen=True, slots=True)
class Removal(Event):
    """A token that left the board and why (see the module docstring for `reason`)."""

    kind: ClassVar[str] = "removal"
    clan: str
    token: str
    place: str
    reason: str
    province: str = ""  # the province of the raid, peace or battle that took it
    rule: str = ""  # the rule an illegal token broke; the card that took it
    blessings: tuple[str, ...] = ()  # the Blessings that went with it ("Blessing +2")
    secret: bool = False  # it left face down, unrevealed (the first-player card)
    known_by: tuple[int, ...] = ()  # the seats that knew a secret token (owner, card player)

    def seen_by(self, viewer: int) -> Removal:
        """A token taken off face down is unnamed to a seat that did not know it."""
        if not self.secret or viewer in self.known_by:
            return self
        return replace(self, token="")


@dataclass(frozen=True, slots=True)
class CardEffect(Event):
    """What a territory or Shadowlands card did to one province (one record for each it
    changed, in board order), or, for a card that changes no province (Promotion,
    Reinforcements, Spy Network, Purge the Weak's discard), one record with no province."""

    kind: ClassVar[str] = "card_effect"
    clan: str  # who played it
    card: str  # the card's engine id ("bountiful_harvest")
    province: str = ""
    control_before: str = NOBODY  # the clan controlling it before and after
    control_after: str = NOBODY
    face_up: int = 0  # face-up control tokens added (or, negative, taken away)
    face_down: int = 0  # face-down control tokens added (or taken away)
    special_before: str = ""  # the special token there before and after ("peace", "honor2")
    special_after: str = ""


@dataclass(frozen=True, slots=True)
class Raid(Event):
    """Step 3: a raid token and whether it scorched its province."""

    kind: ClassVar[str] = "raid"
    clan: str
    province: str
    success: bool
    why: str
    scorched: bool  # a scorched-earth token was put there (none if the supply ran out)


@dataclass(frozen=True, slots=True)
class Diplomacy(Event):
    """Step 4: a diplomacy token cleared its province; `peace`: a Peace token went there."""

    kind: ClassVar[str] = "diplomacy"
    clan: str
    province: str
    peace: bool


@dataclass(frozen=True, slots=True)
class Battle(Event):
    """Step 5: one province's battle. Every total is the sum of its side's parts;
    `winner` is the clan the battle went to (the defender's when no attacker won),
    `control_after` who controls the province after it, `decided` how it was decided."""

    kind: ClassVar[str] = "battle"
    province: str
    attackers: tuple[Side, ...]
    defender: Side
    winner: str
    control_after: str
    decided: str


@dataclass(frozen=True, slots=True)
class Defence(Event):
    """Step 5: a successfully defended province; its controller puts a control token
    face up there (`why`: the battle was won, every attack went, or own tokens lay there).
    `placed` is False when the clan had no control token left to put there: the province
    still counts as defended, but nothing is added to it."""

    kind: ClassVar[str] = "defence"
    province: str
    clan: str
    why: str
    placed: bool = True


@dataclass(frozen=True, slots=True)
class TerritoryClaim(Event):
    """Step 6: a territory card taken from the map (`clan`) or given back (`clan` empty)."""

    kind: ClassVar[str] = "territory"
    territory: str
    clan: str
    previous: str


@dataclass(frozen=True, slots=True)
class Score(Event):
    """The end of the game: a clan's honor, itemised."""

    kind: ClassVar[str] = "score"
    clan: str
    parts: tuple[Bonus, ...]
    honor: int


def province_words(st: Position, q: int) -> str:
    """A province by its index, as a player reads it ("Kanaiso")."""
    return st.board.graph.provinces[q].name


def place_words(st: Position, slot: int) -> str:
    """A slot in words: 'Kanaiso', 'the Kazahaya → Fujikaze border', 'the coast of Akabane'."""
    b = st.board
    target = b.slot_target[slot]
    if slot < b.n:
        return province_words(st, target)
    source = b.slot_source[slot]
    if source >= 0:
        return f"the {province_words(st, source)} → {province_words(st, target)} border"
    return f"the coast of {province_words(st, target)}"


def token_facts(st: Position, serial: int) -> tuple[str, str, str]:
    """(clan, token, place) of board token `serial` in words; a Blessing lies where its
    host lies."""
    t = st.tokens[serial]
    assert t is not None
    p = t[T_PLAYER]
    host = t
    while host[T_SLOT] < 0 and host[T_HOST] >= 0 and st.tokens[host[T_HOST]] is not None:
        host = st.tokens[host[T_HOST]]  # type: ignore[assignment]
    place = place_words(st, host[T_SLOT]) if host[T_SLOT] >= 0 else ""
    return clan_words(st.clans[p]), token_words(st.label(p, t[T_TID])), place


def removal(st: Position, serial: int, reason: str, province: int = -1, rule: str = "") -> Removal:
    """The record of board token `serial` leaving the board (written before it goes),
    with the Blessings that go with it (`tokens.carried_blessings`)."""
    clan, token, place = token_facts(st, serial)
    where = province_words(st, province) if province >= 0 else ""
    blessings = tuple(token_facts(st, b)[1] for b in carried_blessings(st, serial))
    t = st.tokens[serial]
    assert t is not None
    secret = rule in UNREVEALED_BY and not t[T_UP]
    known_by = tuple(sorted({*knowers(st, serial), st.cur})) if secret else ()
    return Removal(st.round, clan, token, place, reason, where, rule, blessings, secret, known_by)


UNREVEALED_BY = frozenset({"first_player"})
"""Cards that take a token off the board without turning it face up (it goes back behind
its owner's screen): only its owner, the card's player and those who had looked know it."""


def knowers(st: Position, serial: int) -> tuple[int, ...]:
    """The seats that know board token `serial` now: its owner and those who saw it
    (`st.known`: a scout, a peek, a look; forgotten when it moves)."""
    t = st.tokens[serial]
    assert t is not None
    bit = 1 << (t[T_PLAYER] * TOKENS_PER_CLAN + t[T_TID])
    return tuple(sorted({t[T_PLAYER], *(p for p in range(st.n) if st.known[p] & bit)}))


def target(st: Position, serial: int, forgotten: bool = False) -> Target:
    """Board token `serial` as a decision's `Target`; `forgotten`: the decision makes the
    other seats forget it (the Unicorn's swap, `placement.apply_swap`), so only its owner
    knows it."""
    t = st.tokens[serial]
    assert t is not None
    clan, token, place = token_facts(st, serial)
    known_by = (t[T_PLAYER],) if forgotten else knowers(st, serial)
    return Target(t[T_PLAYER], clan, token, place, bool(t[T_UP]), known_by)


def holder_words(st: Position, player: int) -> str:
    """A seat's clan in words, or `NOBODY` for -1."""
    return clan_words(st.clans[player]) if player >= 0 else NOBODY


BoardMarks = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""(controller, face-up, face-down control tokens, special token) of every province."""


def board_marks(st: Position) -> BoardMarks:
    """What a card can change on the board, province by province (`card_effects`)."""
    return tuple(st.ctrl_owner), tuple(st.ctrl_up), tuple(st.ctrl_down), tuple(st.special)


def card_effects(st: Position, player: int, card: str, before: BoardMarks) -> list[CardEffect]:
    """The records of `player`'s `card`: each province whose marks differ from `before`."""
    owner, up, down, special = before
    clan = clan_words(st.clans[player])
    out = []
    for q in range(st.board.n):
        if (owner[q], up[q], down[q], special[q]) == (
            st.ctrl_owner[q],
            st.ctrl_up[q],
            st.ctrl_down[q],
            st.special[q],
        ):
            continue
        out.append(
            CardEffect(
                st.round,
                clan,
                card,
                province_words(st, q),
                holder_words(st, owner[q]),
                holder_words(st, st.ctrl_owner[q]),
                st.ctrl_up[q] - up[q],
                st.ctrl_down[q] - down[q],
                SPECIAL_NAMES[special[q]],
                SPECIAL_NAMES[st.special[q]],
            )
        )
    return out or [CardEffect(st.round, clan, card)]
