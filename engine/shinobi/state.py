"""Shinobi: the rules engine.

What it is: 3-5 players, sequential turns, chance only in the opening shuffle, hidden
information. Each player secretly serves one of the five clans (one red allegiance card
each, dealt from the five; the unused ones go back to the box unseen). The blue deck of
58 cards (11 per clan, 3 Ninja) is shuffled once; every player draws 4. The table in
front of each player is that player's *province*; the cards of one clan in one province
form that clan's *army* there, its strength the number of cards.

A turn is three orders in fixed order, then the draw:

1. deploy a clan card from the hand to another player's province, or instead play a
   Ninja on an army in another player's province (the Ninja and one card of that army
   are discarded);
2. deploy a clan card to one's own province, or move one card of any province except
   one's own to any other province (one's own included);
3. attack: one army of one's own province removes one card from a strictly smaller army
   of another clan in another province, unless that army received a card (deployed or
   moved in) or was hit by the Ninja this turn. Compulsory when any attack is legal.

Then the player draws back up to 4 cards (2 after two deployments, 1 after a deployment
and a move). When the deck runs out, the game's last round begins.

Hidden: the allegiances (revealed at the end), the hands, the deck order. Public: the
table, the discard pile, the number of cards in every hand and in the deck, and every
action taken (all orders are played face up).

Rule choices the rulebook leaves open, decided here (each is tested):

- Seats are numbered clockwise, so "the player to the left" is the next seat. The first
  player is chosen by lot from the seed (setting `first` fixes it); everyone draws 4 in
  seat order from seat 0.
- Orders 1 and 2 are compulsory like the attack ("muss man drei Befehle erteilen"); an
  order with no legal option is skipped silently (this only happens in the last round,
  when hands run dry). There is no "pass" action.
- A card deployed by the first order may be moved by the second order of the same turn.
- "An army that received cards" is the stack of that clan in that province: the armies a
  card was deployed or moved into this turn and the army the Ninja hit are protected
  from this turn's attack. The army a card was moved *out of* is not protected. (The
  issue's short form "a province that received no card" is read as this army rule, which
  is the rulebook's wording: "die Armee ..., für die man Karten ... gespielt hat".)
- An attack needs an attacking army of at least 2 cards; when several attacks are legal
  the attacker chooses one. The attacked card goes face up to the discard pile; the
  attacker loses nothing.
- The discard pile is public: every card in it was seen leaving the table or the hand.
- The draw is back up to 4; with fewer cards in the deck the player takes them all and
  counts as the one who drew the last card.
- Last round: once a player draws the last card, every other player takes one more turn
  in order and that player's own next turn is the last of the game (n more turns in
  all). Nobody draws in the last round.
- The winner: clans that no player serves never win ("Gewinnt ein neutraler Klan, gilt
  der zweitgrößte Klan als Sieger", applied again while the next clan is ownerless too).
  Among the served clans the largest total on the whole table wins; a tie goes to the
  player with more cards of their own clan in their own province; if that ties too, the
  tied players share the win. Cards left in hands do not count.
- Returns: 1 to a sole winner, 1/k to each of k sharing the win, 0 to the others. Before
  the end, `returns()` gives the same figures for the table as it stands.
- At the end every allegiance is revealed, so terminal observations show them all.

Our own 2-player variant (setting `variant: "two-player"`; NOT part of the published
game, which is for 3-5): the same rules for 2 players. Three clans belong to nobody, so
the ownerless-clan rule decides often; each player's first order always goes to the one
other province.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.compile_hints import mypyc_attr
from engine.core import TERMINAL, GameSetup, GameSpec, GameState, Observation
from engine.shinobi import beliefs, reasons, records
from engine.shinobi.actions import (
    LAST_ORDER,
    MAX_PLAYERS,
    TABLES,
    Attack,
    Deploy,
    Move,
    ShinobiAction,
    parse_action,
)
from engine.shinobi.attack import legal_attacks
from engine.shinobi.cards import (
    CARD_TYPES,
    CLAN_NAMES,
    DECK_COMPOSITION,
    HAND_SIZE,
    NINJA,
    NUM_CLANS,
)
from engine.shinobi.position import format_position, read_position

MIN_PLAYERS = 3
TWO_PLAYER_VARIANT = "two-player"
"""Our own variant (not in the published game): Shinobi for 2, see the module docstring."""
_CLAN_BITS = (1 << NUM_CLANS) - 1
_CLAN_COLUMNS = [
    tuple(slice(c, n * NUM_CLANS, NUM_CLANS) for c in range(NUM_CLANS)) for n in range(6)
]
"""For each player count, the slices of the cells that hold each clan's armies."""
_NINJA_BIT = 1 << NINJA


def _bits(counts: Sequence[int]) -> int:
    """Bit i set for every nonzero `counts[i]`."""
    return sum(1 << i for i, count in enumerate(counts) if count)


_SLOTS = tuple(
    "_n _cells _hand_base _discard_base _deck _deck_pos _allegiance _player _order "
    "_protected _final_left _turns _first _composition _history _actors _undo "
    "_setup _round_table _occupied _holding _attacks_of _attacks_key _attacks "
    "_key_of _key".split()
)
"""Every attribute of a `ShinobiState` (its `__slots__`; `clone` copies each by name)."""


# compiled, a native class whose `__new__` runs no `__init__`, so that `clone` starts from a
# blank state: by default mypyc's would, and "serializable" would make calling the class
# skip `__init__` (mypy 2.4); a Python subclass is allowed, none is made
@mypyc_attr(allow_interpreted_subclasses=True)
class ShinobiState(GameState):
    """A Shinobi position: flat count vectors plus the turn's bookkeeping.

    `cells` holds every count in one list: the armies at `province * 5 + clan`, then
    the hands at `hand_base + player * 6 + card`, then the discards at
    `discard_base + card`. The deck is a fixed order with a draw pointer, so undo
    restores a tiny snapshot and never reshuffles. Beside the counts, which armies stand
    (`_occupied`, bit `province * 5 + clan`) and which card types each hand holds
    (`_holding`, bit `player * 6 + card`) are kept as bits for the legal actions.
    """

    spec: ClassVar[GameSpec]

    __slots__ = _SLOTS

    def __init__(
        self,
        *,
        allegiance: Sequence[int],
        hands: Sequence[Sequence[int]],
        armies: Sequence[Sequence[int]],
        discards: Sequence[int],
        deck: Sequence[int],
        player: int,
        order: int = 1,
        protected: int = 0,
        final_left: int = -1,
        turns: int = 0,
        first: int | None = None,
        setup: GameSetup | None = None,
        history: Sequence[ShinobiAction] = (),
        actors: Sequence[int] = (),
        settle: bool = True,
    ) -> None:
        """A position from its parts: per-player count vectors (6 per hand, 5 per army),
        the discard counts, the deck (top card first), whose turn and which order."""
        n = len(allegiance)
        self._n = n
        self._hand_base = NUM_CLANS * n
        self._discard_base = self._hand_base + CARD_TYPES * n
        cells = [0] * (self._discard_base + CARD_TYPES)
        for q in range(n):
            for c in range(NUM_CLANS):
                cells[q * NUM_CLANS + c] = armies[q][c]
            for t in range(CARD_TYPES):
                cells[self._hand_base + q * CARD_TYPES + t] = hands[q][t]
        for t in range(CARD_TYPES):
            cells[self._discard_base + t] = discards[t]
        self._cells = cells
        self._occupied = _bits(cells[: self._hand_base])
        self._holding = _bits(cells[self._hand_base : self._discard_base])
        self._attacks_of: Any = None  # the cell list `_attacks` was listed for,
        self._attacks_key = 0  # and the protected armies and the player (`attacks`)
        self._attacks: tuple[Attack, ...] = ()
        self._key_of: Any = None  # the cell list `_key` was made for (`position_key`)
        self._key: Hashable = None
        self._deck = tuple(deck)
        self._deck_pos = 0
        self._allegiance = tuple(allegiance)
        self._player = player
        self._order = order
        self._protected = protected
        self._final_left = final_left
        if not self._deck and final_left < 0 and order:
            self._final_left = n
        self._turns = turns
        self._first = player if first is None else first
        self._composition = tuple(self.card_counts())
        self._history: list[ShinobiAction] = list(history)
        self._actors: list[int] = list(actors)
        self._undo: list[tuple[Any, ...]] = []
        self._setup = setup or GameSetup(game="shinobi", players=n, seed=0)
        # the armies as this round began, for its RoundEnded record (or from here mid-round)
        self._round_table = tuple(cells[: NUM_CLANS * n])
        if settle:
            self._settle()

    # --- reading the position -------------------------------------------------------

    @property
    def num_players(self) -> int:
        """Number of seats (and provinces)."""
        return self._n

    def current_player(self) -> int:
        """The player to act, or `TERMINAL`."""
        return self._player if self._order else TERMINAL

    @property
    def order(self) -> int:
        """The order the current player gives next: 1, 2 or 3 (0 when the game is over)."""
        return self._order

    def army(self, province: int, clan: int) -> int:
        """Cards of `clan` in `province`."""
        return self._cells[province * NUM_CLANS + clan]

    def hand(self, player: int) -> tuple[int, ...]:
        """How many cards of each type (5 clans, then Ninja) `player` holds."""
        start = self._hand_base + player * CARD_TYPES
        return tuple(self._cells[start : start + CARD_TYPES])

    def hand_size(self, player: int) -> int:
        """Number of cards in `player`'s hand."""
        start = self._hand_base + player * CARD_TYPES
        return sum(self._cells[start : start + CARD_TYPES])

    def discards(self) -> tuple[int, ...]:
        """The discard pile, counts per card type."""
        return tuple(self._cells[self._discard_base : self._discard_base + CARD_TYPES])

    def deck(self) -> tuple[int, ...]:
        """The cards still in the deck, top first."""
        return self._deck[self._deck_pos :]

    def deck_size(self) -> int:
        """Cards left in the deck."""
        return len(self._deck) - self._deck_pos

    def allegiance(self, player: int) -> int:
        """The clan `player` secretly serves."""
        return self._allegiance[player]

    @property
    def allegiances(self) -> tuple[int, ...]:
        """Every player's clan, by seat."""
        return self._allegiance

    def is_protected(self, province: int, clan: int) -> bool:
        """True when that army received a card or the Ninja this turn."""
        return bool(self._protected >> (province * NUM_CLANS + clan) & 1)

    @property
    def protected_mask(self) -> int:
        """Bit `province * 5 + clan` set for each army protected from this turn's attack."""
        return self._protected

    @property
    def final_left(self) -> int:
        """Turns left in the last round, this one included; -1 before the last round."""
        return self._final_left

    @property
    def turns(self) -> int:
        """Completed turns."""
        return self._turns

    def round_number(self) -> int:
        """The round being played (`records.round_of`); once the game is over, its last."""
        turns = self._turns - 1 if self.is_terminal() else self._turns
        return records.round_of(turns, self._n)

    @property
    def first_player(self) -> int:
        """Who took the first turn."""
        return self._first

    @property
    def composition(self) -> tuple[int, ...]:
        """How many cards of each type this game has in all (58 in a real game)."""
        return self._composition

    def clan_total(self, clan: int) -> int:
        """All cards of `clan` on the table."""
        return sum(self._cells[clan : self._n * NUM_CLANS : NUM_CLANS])

    def clan_totals(self) -> list[int]:
        """The table total of every clan."""
        return list(map(sum, map(self._cells.__getitem__, _CLAN_COLUMNS[self._n])))

    def round_scores(self) -> list[float]:
        """Every seat's clan on the table, the army the end counts (allegiances stay secret)."""
        return [float(self.clan_total(clan)) for clan in self._allegiance]

    def table(self) -> list[int]:
        """Every army's cards in one new list, at `province * 5 + clan` (`army(q, c)`)."""
        return self._cells[: NUM_CLANS * self._n]

    def armies(self) -> list[list[int]]:
        """Every province's cards per clan (`armies()[q][c]` is `army(q, c)`), new lists."""
        cells = self._cells
        return [cells[q : q + NUM_CLANS] for q in range(0, self._n * NUM_CLANS, NUM_CLANS)]

    def card_counts(self) -> list[int]:
        """Cards of each type anywhere (table, hands, discards, deck): always `composition`."""
        cells = self._cells
        hands, discards = self._hand_base, self._discard_base
        deck = self.deck()
        counts = [
            cells[discards + t] + sum(cells[hands + t : discards : CARD_TYPES]) + deck.count(t)
            for t in range(CARD_TYPES)
        ]
        for c in range(NUM_CLANS):
            counts[c] += sum(cells[c:hands:NUM_CLANS])
        return counts

    @property
    def history(self) -> Sequence[ShinobiAction]:
        """Actions applied since the start, oldest first."""
        return self._history

    @property
    def undo_depth(self) -> int:
        """How many actions `undo` can take back (a determinized state starts at 0)."""
        return len(self._undo)

    @property
    def actors(self) -> Sequence[int]:
        """Who took each action of `history` (public: everyone sees who acts)."""
        return self._actors

    def revealed_hidden(self) -> bool:
        """A turn's end is an undo barrier: its player drew cards (or the game ended)."""
        return self.is_terminal() or self._actors[-1:] != [self.current_player()]

    def setup(self) -> GameSetup:
        """How this game was started."""
        return self._setup

    def canonical_key(self) -> tuple[Any, ...]:
        """A key equal for equal positions (for the bots' transposition tables)."""
        return (
            tuple(self._cells),
            self._deck_pos,
            self._player,
            self._order,
            self._protected,
            self._final_left,
        )

    def position_key(self) -> Hashable:
        """A key equal exactly when `canonical_key` is, quicker to hash (the counts as
        bytes, whose hash is kept) and made once per position: for the bots' tables."""
        cells = self._cells
        if self._key_of is not cells:  # a cell list once made is never changed
            try:
                table: Any = bytes(cells)
            except ValueError:  # a count beyond a byte (only in made-up positions)
                table = tuple(cells)
            self._key = (
                table,
                self._deck_pos,
                self._player,
                self._order,
                self._protected,
                self._final_left,
            )
            self._key_of = cells
        return self._key

    # --- legal actions --------------------------------------------------------------

    def legal_actions(self) -> list[ShinobiAction]:
        """Every legal action of the player to act, in a fixed order."""
        order = self._order
        if not order:
            return []
        p = self._player
        first, home, ninja, moves, shifts, _ = TABLES[self._n]  # in this method's order
        holding = self._holding >> p * CARD_TYPES
        occupied = self._occupied
        if order == 1:
            out = list(first[p][holding & _CLAN_BITS])
            if holding & _NINJA_BIT:
                for q, shift in shifts[p]:
                    out += ninja[q][occupied >> shift & _CLAN_BITS]
            return out
        if order == 2:
            out = list(home[p][holding & _CLAN_BITS])
            for q, shift in shifts[p]:
                out += moves[q][occupied >> shift & _CLAN_BITS]
            return out
        return list(self.attacks())

    def attacks(self) -> tuple[Attack, ...]:
        """The attacks the player to act could make with the table as it stands: the
        third order's legal actions (at the first and second orders, what the third
        would allow if nothing changed). Listed once per position."""
        cells = self._cells
        key = self._protected << 3 | self._player
        if self._attacks_of is not cells or self._attacks_key != key:
            self._attacks = tuple(legal_attacks(cells, self._n, self._player, self._protected))
            self._attacks_of = cells
            self._attacks_key = key
        return self._attacks

    def why_illegal(self, action: Any) -> str | None:
        """None when `action` is legal now, else the rule it breaks (`reasons`), in words."""
        return None if (words := reasons.why_illegal(self, action)) is None else str(words)

    # --- playing --------------------------------------------------------------------

    def apply(self, action: ShinobiAction) -> None:
        """Apply a trusted legal action, then skip orders without options and draw."""
        # The list before this action goes on the undo stack as it is and the action
        # changes a copy: a list once stacked is never changed (clones share stacks),
        # and undo takes it back without copying.
        cells = self._cells
        self._undo.append(
            (
                cells,
                self._deck_pos,
                self._player,
                self._order,
                self._protected,
                self._final_left,
                self._turns,
                self._round_table,
                self._occupied,
                self._holding,
            )
        )
        p = self._player
        self._history.append(action)
        self._actors.append(p)
        cells = self._cells = cells.copy()
        kind = type(action)
        if kind is Deploy:
            card = p * CARD_TYPES + action.clan
            cells[self._hand_base + card] -= 1
            if not cells[self._hand_base + card]:
                self._holding ^= 1 << card
            index = action.province * NUM_CLANS + action.clan  # type: ignore[union-attr]
            cells[index] += 1
            self._occupied |= 1 << index
            self._protected |= 1 << index
        elif kind is Move:
            source = action.source * NUM_CLANS + action.clan  # type: ignore[union-attr]
            cells[source] -= 1
            index = action.target * NUM_CLANS + action.clan  # type: ignore[union-attr]
            cells[index] += 1
            if not cells[source]:
                self._occupied ^= 1 << source
            self._occupied |= 1 << index
            self._protected |= 1 << index
        elif kind is Attack:
            index = action.province * NUM_CLANS + action.clan  # type: ignore[union-attr]
            cells[index] -= 1
            if not cells[index]:
                self._occupied ^= 1 << index
            cells[self._discard_base + action.clan] += 1
        else:  # PlayNinja
            card = p * CARD_TYPES + NINJA
            cells[self._hand_base + card] -= 1
            if not cells[self._hand_base + card]:
                self._holding ^= 1 << card
            index = action.province * NUM_CLANS + action.clan  # type: ignore[union-attr]
            cells[index] -= 1
            if not cells[index]:
                self._occupied ^= 1 << index
            cells[self._discard_base + action.clan] += 1
            cells[self._discard_base + NINJA] += 1
            self._protected |= 1 << index
        if self.events is not None:
            self.events.append(records.order_record(self, action, self._order))
        order = self._order = self._order + 1
        # the commonest steps first, with what `_settle` would find
        if order == 2:
            if self._holding >> p * CARD_TYPES & _CLAN_BITS:
                return  # a card to deploy home: the second order has a legal option
        elif order == LAST_ORDER:
            if self.attacks():
                return
            if self.events is not None:
                self.events.append(records.skipped(self))
            order = self._order = LAST_ORDER + 1  # no attack: the turn ends
        if order > LAST_ORDER:
            self._end_turn()
            if self._order == 1 and self._holding >> self._player * CARD_TYPES & _CLAN_BITS:
                return  # the next player has a card to deploy
        self._settle()

    def _settle(self) -> None:
        """Skip orders that have no legal option; after the third, end the turn."""
        while self._order:
            if self._order > LAST_ORDER:
                self._end_turn()
            elif self._has_action():
                return
            else:
                if self.events is not None:
                    self.events.append(records.skipped(self))
                self._order += 1

    def _has_action(self) -> bool:
        """True when the current order has a legal option (`bool(legal_actions())`, fast)."""
        order = self._order
        holding = self._holding >> self._player * CARD_TYPES
        if order < LAST_ORDER and holding & _CLAN_BITS:
            return True  # a clan card can always be deployed (there are other provinces)
        if order == 1:
            if not holding & _NINJA_BIT:
                return False
            return bool(self._occupied & TABLES[self._n][5][self._player])
        if order == 2:
            return bool(self._occupied & TABLES[self._n][5][self._player])
        return bool(self.attacks())

    def _end_turn(self) -> None:
        """Draw back up to 4, count down the last round, pass to the next seat."""
        p = self._player
        n = self._n
        told = self.events
        round_ = records.round_of(self._turns, n) if told is not None else 0
        self._turns += 1
        self._protected = 0
        if self._final_left > 0:
            self._final_left -= 1
            if self._final_left == 0:
                self._order = 0
        else:
            cells = self._cells
            hand = self._hand_base + p * CARD_TYPES
            need = HAND_SIZE - sum(cells[hand : hand + CARD_TYPES])
            deck = self._deck
            pos = self._deck_pos
            start = pos
            drawn = 0
            while need > 0 and pos < len(deck):
                cells[hand + deck[pos]] += 1
                drawn |= 1 << deck[pos]
                pos += 1
                need -= 1
            self._deck_pos = pos
            self._holding |= drawn << p * CARD_TYPES
            if told is not None and pos > start:
                told.append(records.drew(round_, p, deck[start:pos]))
            if pos == len(deck):
                self._final_left = n
                if told is not None:
                    told.append(records.LastRound(round_, p, n))
        if self._turns % n == 0:
            if told is not None:
                told.append(records.round_record(self, self._round_table, round_))
            self._round_table = tuple(self._cells[: NUM_CLANS * n])
        if not self._order:
            if told is not None:
                told.append(records.final_count(self, round_))
            return
        self._player = (p + 1) % n
        self._order = 1

    def undo(self) -> None:
        """Take back the last applied action exactly."""
        if not self._undo:
            raise IndexError("nothing to undo")
        (
            self._cells,
            self._deck_pos,
            self._player,
            self._order,
            self._protected,
            self._final_left,
            self._turns,
            self._round_table,
            self._occupied,
            self._holding,
        ) = self._undo.pop()
        self._history.pop()
        self._actors.pop()

    def sampled_copy(self) -> ShinobiState:
        """This state as a sampled world that guessed all right (hands and deck as they are,
        seed 0, nothing to undo): what `determinize` returns minus the guessing (tests)."""
        other = self.clone()
        other._setup = _sampled_setup(self.num_players)
        other._undo = []
        return other

    def clone(self) -> ShinobiState:
        """An independent copy, history and undo stack included."""
        other = ShinobiState.__new__(ShinobiState)  # blank (see the class's decorator)
        other._n = self._n
        other._cells = self._cells[:]
        other._hand_base = self._hand_base
        other._discard_base = self._discard_base
        other._deck = self._deck
        other._deck_pos = self._deck_pos
        other._allegiance = self._allegiance
        other._player = self._player
        other._order = self._order
        other._protected = self._protected
        other._final_left = self._final_left
        other._turns = self._turns
        other._first = self._first
        other._composition = self._composition
        other._history = self._history[:]
        other._actors = self._actors[:]
        other._undo = self._undo[:]  # stacked cell lists are never changed: shared safely
        other._setup = self._setup
        other._round_table = self._round_table
        other._occupied = self._occupied
        other._holding = self._holding
        other._attacks_of = self._attacks_of
        other._attacks_key = self._attacks_key
        other._attacks = self._attacks
        other._key_of = self._key_of
        other._key = self._key
        return other

    # --- the end --------------------------------------------------------------------

    def is_terminal(self) -> bool:
        """True when the last turn of the last round is over."""
        return not self._order

    def winners_by_rule(self) -> list[int]:
        """The players who win with the table as it stands (several only on a full tie)."""
        totals = self.clan_totals()
        best = max(totals[c] for c in self._allegiance)
        leaders = [p for p, c in enumerate(self._allegiance) if totals[c] == best]
        if len(leaders) > 1:
            home = {p: self.army(p, self._allegiance[p]) for p in leaders}
            top = max(home.values())
            leaders = [p for p in leaders if home[p] == top]
        return leaders

    def returns(self) -> list[float]:
        """1 to a sole winner, 1/k to each of k tied winners, else 0 (provisional mid-game)."""
        leaders = self.winners_by_rule()
        share = 1.0 / len(leaders)
        return [share if p in leaders else 0.0 for p in range(self._n)]

    def summary(self) -> dict[str, Any]:
        """The game in figures: turns, rounds, clan totals, allegiances, winning clan."""
        totals = self.clan_totals()
        leaders = self.winners_by_rule()
        largest = totals.index(max(totals))  # the first clan of the largest total
        return {
            "turns": self._turns,
            "rounds": -(-self._turns // self._n),
            "winning_clan": " / ".join(CLAN_NAMES[self._allegiance[p]] for p in leaders),
            "largest_clan": CLAN_NAMES[largest] if totals.count(totals[largest]) == 1 else None,
            "clan_totals": {CLAN_NAMES[c]: totals[c] for c in range(NUM_CLANS)},
            "allegiances": [CLAN_NAMES[c] for c in self._allegiance],
        }

    # --- hidden information ---------------------------------------------------------

    def observation(self, player: int) -> ShinobiObservation:
        """What `player` knows: own clan and hand, the table, discards, counts, history."""
        n = self._n
        revealed = None if self._order else self._allegiance
        return ShinobiObservation(
            player=player,
            num_players=n,
            allegiance=self._allegiance[player],
            hand=self.hand(player),
            armies=tuple(self._cells[: NUM_CLANS * n]),
            discards=self.discards(),
            hand_sizes=tuple(self.hand_size(q) for q in range(n)),
            deck_size=self.deck_size(),
            composition=self._composition,
            current_player=self.current_player(),
            order=self._order,
            protected=self._protected,
            final_left=self._final_left,
            turns=self._turns,
            first_player=self._first,
            history=tuple(self._history),
            actors=tuple(self._actors),
            revealed=revealed,
        )

    def __repr__(self) -> str:
        return f"ShinobiState(\n{format_position(self)})"


@mypyc_attr(native_class=False)  # compiled: a slotted dataclass over an ABC stays a Python class
@dataclass(frozen=True, slots=True)
class ShinobiObservation(Observation):
    """One player's knowledge. It holds no reference to the true state.

    Own: `allegiance`, `hand` (counts per card type). Public: `armies` (province * 5 +
    clan), `discards`, `hand_sizes`, `deck_size`, whose turn and which order, the armies
    `protected` this turn, the last round's `final_left`, and every action with the
    player who took it (`history`, `actors`). `revealed` is every player's clan once the
    game is over (the reveal), else None. Other hands, other clans and the deck order are
    not in it.
    """

    player: int
    num_players: int
    allegiance: int
    hand: tuple[int, ...]
    armies: tuple[int, ...]
    discards: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    composition: tuple[int, ...]
    current_player: int
    order: int
    protected: int
    final_left: int
    turns: int
    first_player: int
    history: tuple[ShinobiAction, ...]
    actors: tuple[int, ...]
    revealed: tuple[int, ...] | None

    def army(self, province: int, clan: int) -> int:
        """Cards of `clan` in `province`."""
        return self.armies[province * NUM_CLANS + clan]

    def is_protected(self, province: int, clan: int) -> bool:
        """True when that army may not be attacked this turn (`ShinobiState.is_protected`)."""
        return bool(self.protected >> (province * NUM_CLANS + clan) & 1)

    def clan_total(self, clan: int) -> int:
        """All cards of `clan` on the table."""
        return sum(self.armies[q * NUM_CLANS + clan] for q in range(self.num_players))

    def unseen_cards(self) -> list[int]:
        """Card types whose place this player does not know (other hands and the deck)."""
        counts = list(self.composition)
        for t in range(CARD_TYPES):
            counts[t] -= self.discards[t] + self.hand[t]
        for q in range(self.num_players):
            for c in range(NUM_CLANS):
                counts[c] -= self.armies[q * NUM_CLANS + c]
        return [t for t in range(CARD_TYPES) for _ in range(counts[t])]

    def possible_allegiances(self) -> list[int]:
        """Clans another player may serve: every clan but one's own (none is ever shown)."""
        return [c for c in range(NUM_CLANS) if c != self.allegiance]

    def determinize(
        self,
        rng: random.Random,
        allegiances: Sequence[int] | None = None,
        infer: bool = True,
    ) -> ShinobiState:
        """A full state consistent with this observation; the unknowns drawn from `rng`.

        Other players' clans are dealt from the clans not known to be excluded (every clan
        but one's own): weighted by the public evidence of `engine.shinobi.beliefs` (a
        player who plainly feeds a clan more likely serves it; with no history every
        assignment is equally likely), or uniformly with `infer=False`, or exactly as
        `allegiances` (one clan per seat, agreeing with what this player knows) gives
        them. The unseen cards are shuffled into the other hands (their known sizes) and
        the deck (its known size). The state's history is the public history; it can be
        undone only back to here.

        Not modelled: a skipped order in the last round shows that a hand held nothing
        playable; the hands are dealt without that constraint.
        """
        n = self.num_players
        if self.revealed is not None:
            clans = list(self.revealed)
        elif allegiances is not None:
            clans = list(allegiances)
            if clans[self.player] != self.allegiance or len(set(clans)) != n:
                raise ValueError(f"allegiances {clans} disagree with the observation")
        elif infer:
            scores = beliefs.evidence(self.history, self.actors, n)
            clans = beliefs.sample_allegiances(rng, scores, self.player, self.allegiance)
        else:
            others = rng.sample(self.possible_allegiances(), n - 1)
            clans = others[: self.player] + [self.allegiance] + others[self.player :]
        unseen = self.unseen_cards()
        rng.shuffle(unseen)
        hands: list[list[int]] = []
        pos = 0
        for q in range(n):
            if q == self.player:
                hands.append(list(self.hand))
                continue
            counts = [0] * CARD_TYPES
            for t in unseen[pos : pos + self.hand_sizes[q]]:
                counts[t] += 1
            pos += self.hand_sizes[q]
            hands.append(counts)
        deck = unseen[pos:]
        if len(deck) != self.deck_size:
            raise ValueError("the observation's card counts do not add up")
        return ShinobiState(
            allegiance=clans,
            hands=hands,
            armies=[self.armies[q * NUM_CLANS : (q + 1) * NUM_CLANS] for q in range(n)],
            discards=self.discards,
            deck=deck,
            player=self.current_player if self.order else 0,
            order=self.order,
            protected=self.protected,
            final_left=self.final_left,
            turns=self.turns,
            first=self.first_player,
            setup=_sampled_setup(n),
            history=self.history,
            actors=self.actors,
            settle=False,
        )


def _sampled_setup(players: int) -> GameSetup:
    """The setup of a determinized world: no seed, marked so the bots can tell."""
    return GameSetup(game="shinobi", players=players, seed=0, settings={"determinized": True})


class ShinobiSpec(GameSpec):
    """Shinobi: 3-5 players, no map, secret allegiances, one seeded shuffle."""

    id = "shinobi"
    name = "Shinobi"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    uses_map = False
    hidden_information = True

    def new_game(
        self,
        players: int,
        seed: int,
        settings: Mapping[str, Any] | None = None,
        graph: Any | None = None,
    ) -> ShinobiState:
        """A fresh game: allegiances dealt, deck shuffled, 4 cards each, all from `seed`.

        Settings: `first` (seat of the first player; default by lot), `position` (a
        textual position, see `engine.shinobi.position`, to start from instead),
        `variant: "two-player"` (our own 2-player variant, see the module docstring).
        """
        settings = dict(settings or {})
        setup = GameSetup(game=self.id, players=players, seed=seed, settings=settings)
        if "position" in settings:
            state = parse_position(str(settings["position"]), setup=setup)
            if state.num_players != players:
                raise ValueError(f"the position has {state.num_players} players, not {players}")
            return state
        duel = settings.get("variant") == TWO_PLAYER_VARIANT
        if duel and players != 2:
            raise ValueError(f"the {TWO_PLAYER_VARIANT!r} variant is for 2 players")
        if not duel and not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"Shinobi takes {self.min_players}-{self.max_players} players, not {players}"
            )
        rng = random.Random(seed)
        clans = list(range(NUM_CLANS))
        rng.shuffle(clans)
        deck = [t for t in range(CARD_TYPES) for _ in range(DECK_COMPOSITION[t])]
        rng.shuffle(deck)
        first = rng.randrange(players)
        if settings.get("first") is not None:
            first = int(settings["first"])
            if not 0 <= first < players:
                raise ValueError(f"first player {first} is not a seat (0-{players - 1})")
        hands = []
        for q in range(players):
            counts = [0] * CARD_TYPES
            for t in deck[q * HAND_SIZE : (q + 1) * HAND_SIZE]:
                counts[t] += 1
            hands.append(counts)
        return ShinobiState(
            allegiance=clans[:players],
            hands=hands,
            armies=[[0] * NUM_CLANS for _ in range(players)],
            discards=[0] * CARD_TYPES,
            deck=deck[players * HAND_SIZE :],
            player=first,
            setup=setup,
        )

    def parse_action(self, text: str) -> ShinobiAction:
        """The action whose text form is `text`; raises `ActionParseError`."""
        return parse_action(text)


SPEC = ShinobiSpec()
ShinobiState.spec = SPEC


def parse_position(text: str, setup: GameSetup | None = None) -> ShinobiState:
    """The state a position text describes (the format: `engine.shinobi.position`);
    raises `PositionError`."""
    return ShinobiState(**read_position(text), setup=setup)
