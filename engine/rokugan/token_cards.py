"""The scout, shugenja and first-player cards, each declared once (rulebook: "Späher- und
Shugenja-Karten", "Startspieler"; card texts in `rokugan-components.md`).

They are no territory cards: each clan has 2 scout and 1 shugenja cards, and the first
player (not with 2 players) the first-player card, played at the start of one's own
placement turn against one board token of another clan that carries no Blessing and is
no Blessing (`effects.targets`). A `TokenCard` holds all that the game, the story and the
AI need of one of them, side by side as `effects.CardEffect` does for territory cards:

* `left(st, p)` - how many of it `p` may still play (0: none now; `usable`);
* `face_down_only` - its targets are face-down tokens only (`targets(st, p)`);
* `effect(st, p, args)` - what it does (`cards.play_card` calls it);
* `to` - where it sends the token: -1 nowhere (it only looks), `DISCARD` or `POOL`;
* `public` - the token is revealed to everyone (else only to the player);
* `words` / `words_you` - the story's sentence, told of another clan / to the player,
  with `{clan}` (who plays it), `{token}` and `{effect}` (`effect_words`: what becomes of
  the token, said of an absent owner / to its owner / of another owner `{clan}`);
* `refusal` - why it is refused when not `usable` (for programmers, in English);
* `ai_value(st, p, args, worth)` - what playing it is worth to `p`, `worth(q)` being
  what holding province q is worth to the bot: a province of `p` that the removal saves
  from its battle, by the engine's battle rule, else a little for each point removed.

`TOKEN_CARDS` is checked at import: each card's words name the token, and no territory
card has one of their names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.rokugan import battles
from engine.rokugan.data import (
    ALL_TERRITORY_CARDS,
    CLAN_TOKENS,
    TOKENS_PER_CLAN,
)
from engine.rokugan.effects import targets as token_targets
from engine.rokugan.events import removal
from engine.rokugan.position import DISCARD, POOL, T_PLAYER, T_SLOT, T_TID, Position
from engine.rokugan.tokens import discard_token, serial, take_off_board
from engine.words import N_

Left = Callable[[Position, int], int]
Apply = Callable[[Position, int, tuple[str, ...]], None]
Value = Callable[[Position, int, tuple[str, ...], Callable[[int], float]], float]

FIGHTERS = battles.FIGHTERS
"""Token kinds that add to a battle's totals."""


@dataclass(frozen=True, slots=True)
class TokenCard:
    """One card played against a board token: when, on what, what it does, its words and
    its value for the AI."""

    card: str
    left: Left
    face_down_only: bool
    effect: Apply
    to: int
    public: bool
    words: str
    words_you: str
    refusal: str
    ai_value: Value
    effect_words: tuple[str, str, str] | None = None

    def usable(self, st: Position, p: int) -> bool:
        """Whether `p` may play it now (holds one)."""
        return self.left(st, p) > 0

    @property
    def only_looks(self) -> bool:
        """It takes nothing off the board: the player only learns the token."""
        return self.to < 0

    def targets(self, st: Position, p: int) -> list[tuple[str, ...]]:
        """Every target with which `p` may play it now: one board token ("#N")."""
        return [(f"#{s}",) for s in token_targets(st, p, self.face_down_only)]


# -- what each does -------------------------------------------------------------------


def _scout(st: Position, p: int, args: tuple[str, ...]) -> None:
    t = st.tokens[serial(st, args[0])]
    assert t is not None
    st.scouts[p] -= 1
    st.known[p] |= 1 << (t[T_PLAYER] * TOKENS_PER_CLAN + t[T_TID])


def take_token(st: Position, s: int, card: str, to: int) -> None:
    """Card `card` takes board token `s` off the board to its owner's discard pile or
    pool (`to`): an attack taken off the board failed, and the removal is recorded when
    someone listens (also Dark Favors' and Purge the Weak's discards, `cards.py`)."""
    battles.mark_attack(st, s)
    if st.events is not None:
        st.events.append(removal(st, s, "card", rule=card))
    if to == DISCARD:
        discard_token(st, s)
    else:
        take_off_board(st, s, to)


def _shugenja(st: Position, p: int, args: tuple[str, ...]) -> None:
    st.shugenja[p] -= 1
    take_token(st, serial(st, args[0]), "shugenja", DISCARD)


def _first_player(st: Position, p: int, args: tuple[str, ...]) -> None:
    st.fp_card_used = 1
    take_token(st, serial(st, args[0]), "first_player", POOL)


def _first_player_left(st: Position, p: int) -> int:
    """1 for the first player while unused (the card is not used with 2 players)."""
    return int(st.n > 2 and st.first == p and not st.fp_card_used)


# -- values for the AI --------------------------------------------------------------------


def _looked(st: Position, p: int, args: tuple[str, ...], worth: Callable[[int], float]) -> float:
    """A look moves nothing on the board (the bots weigh looks by what they do not know)."""
    return 0.0


def _saves(bonus: float) -> Value:
    """A rival fighter taken off the board: the worth of `p`'s province it would have
    conquered (plus `bonus`), else a tenth of an honor per strength point it had."""

    def value(st: Position, p: int, args: tuple[str, ...], worth: Callable[[int], float]) -> float:
        s = serial(st, args[0])
        t = st.tokens[s]
        if t is None or t[T_SLOT] < 0:
            return 0.0
        if CLAN_TOKENS[st.clans[t[T_PLAYER]]][t[T_TID]][0] not in FIGHTERS:
            return 0.0
        q = st.board.slot_target[t[T_SLOT]]
        if st.ctrl_owner[q] != p:
            return 0.0
        attack, guard = province_totals(st, q)
        before = battles.conqueror(st, q, attack, guard)
        strength = battles.strength(st, s)
        o = t[T_PLAYER]
        attack[o] = attack.get(o, 0) - strength
        if attack[o] <= 0:
            del attack[o]
        if before != p and battles.conqueror(st, q, attack, guard) == p:
            return worth(q) + bonus
        return 0.1 * strength

    return value


def province_totals(st: Position, q: int) -> tuple[dict[int, int], int]:
    """(strength per attacker, the controller's own strength) of the fighters aimed at
    province q, each with the Blessings on it: `battles.board_totals` of q."""
    aims, guard, _ = battles.board_totals(st, q)
    return aims[q], guard[q]


# -- the table ----------------------------------------------------------------------------

TOKEN_CARDS: dict[str, TokenCard] = {
    c.card: c
    for c in (
        TokenCard("scout", lambda st, p: st.scouts[p], True, _scout, -1, False,
                  N_("{clan} scouts {token}."), N_("You scout {token}."),
                  "no scout card left", _looked),
        TokenCard("shugenja", lambda st, p: st.shugenja[p], False, _shugenja, DISCARD,
                  True, N_("{clan}'s shugenja reveals and discards {token}."),
                  N_("Your shugenja reveals and discards {token}."),
                  "no shugenja card left", _saves(0.0)),
        TokenCard("first_player", _first_player_left, True, _first_player, POOL, False,
                  N_("{clan} uses the first-player card: {effect}."),
                  N_("You use the first-player card: {effect}."),
                  "the first-player card is not available to you", _saves(0.5),
                  effect_words=(N_("{token} goes back to its owner's pool"),
                                N_("{token} goes back to your pool"),
                                N_("{token} goes back to {clan}'s pool"))),
    )
}  # fmt: skip
"""The cards played against one board token, in the order their plays are offered."""


def _names_its_token(c: TokenCard) -> bool:
    told = [c.words, c.words_you] if c.effect_words is None else list(c.effect_words)
    return all("{token}" in w for w in told)


_unnamed = [c.card for c in TOKEN_CARDS.values() if not _names_its_token(c)]
if _unnamed or set(TOKEN_CARDS) & ALL_TERRITORY_CARDS:  # pragma: no cover - content error
    raise AssertionError(f"token cards that do not name their token: {_unnamed}")


def looks_only(card: str) -> bool:
    """Whether `card` is a token card that only looks at its token (the scout)."""
    use = TOKEN_CARDS.get(card)
    return use is not None and use.only_looks
