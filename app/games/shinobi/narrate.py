"""Shinobi in words: log lines that keep secrets, the end reveal, the score table's figures.

Everything here reads the engine's public API only. A line for everybody names what all
players saw (every order is played face up, the number of cards drawn is public); the
acting player's own line may add the cards they drew. No line ever names an allegiance
before the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.shinobi.actions import Attack, Deploy, Move, PlayNinja
from engine.shinobi.cards import CLAN_NAMES, HAND_SIZE, NINJA, NUM_CLANS
from engine.shinobi.state import ShinobiState

ORDER_NAMES = {1: "First order", 2: "Second order", 3: "Third order"}
ORDER_HELP = {
    1: "deploy a card to another player's province, or play a Ninja on an army there",
    2: "deploy a card to your own province, or move one card out of another province",
    3: "attack: an army of your province removes a card from a smaller army elsewhere",
}


def card_name(card: int) -> str:
    """'Oda' or 'Ninja'."""
    return "Ninja" if card == NINJA else CLAN_NAMES[card]


def seat_label(player: int) -> str:
    """'Player 2' (seats are secret-free names; clans stay hidden)."""
    return f"Player {player + 1}"


def province_name(player: int) -> str:
    """Whose province: 'Player 2's province'."""
    return f"{seat_label(player)}'s province"


def _before(state_after: ShinobiState) -> ShinobiState | None:
    """The position before the last action (None when it cannot be taken back)."""
    if state_after.undo_depth == 0:
        return None
    before = state_after.clone()
    before.undo()
    return before


def drawn_cards(state_after: ShinobiState, action: Any, player: int) -> list[int] | None:
    """The cards `player` drew at the end of the turn `action` ended; None mid-turn."""
    before = _before(state_after)
    if before is None or not _turn_ended(state_after, player):
        return None
    hand_before = list(before.hand(player))
    if isinstance(action, Deploy):
        hand_before[action.clan] -= 1
    elif isinstance(action, PlayNinja):
        hand_before[NINJA] -= 1
    after = state_after.hand(player)
    cards: list[int] = []
    for card in range(NUM_CLANS + 1):
        cards.extend([card] * max(0, after[card] - hand_before[card]))
    return cards


def _turn_ended(state_after: ShinobiState, player: int) -> bool:
    return state_after.is_terminal() or state_after.current_player() != player


def _who(player: int, viewer: int, start: bool = True) -> str:
    if player == viewer:
        return "You" if start else "you"
    return seat_label(player)


def _province(q: int, viewer: int) -> str:
    return "your province" if q == viewer else province_name(q)


def _card(clan: int, viewer_clan: int) -> str:
    """ "a Takeda card", "an Oda card (your clan)" for the viewer's own secret clan."""
    name = CLAN_NAMES[clan]
    article = "an" if name[0] in "AEIOU" else "a"
    return f"{article} {name} card" + (" (your clan)" if clan == viewer_clan else "")


def _army(clan: int, viewer_clan: int) -> str:
    """ "the Mōri army", "the Oda army (your clan)"."""
    return f"the {CLAN_NAMES[clan]} army" + (" (your clan)" if clan == viewer_clan else "")


def action_text(state_after: ShinobiState, action: Any, player: int, viewer: int = -1) -> str:
    """What `player` did, as `viewer` reads it (a seat: "you"; -1 or less: the public).
    Public facts only; the viewer's own clan is marked for the viewer."""
    you = player == viewer
    who = _who(player, viewer)
    own = "your own province" if you else "their own province"
    whose = "Your" if you else f"{who}'s"
    mine = state_after.allegiance(viewer) if viewer >= 0 else -1

    def verb(word: str) -> str:
        return word if you else word + "s"

    if isinstance(action, Deploy):
        where = own if action.province == player else _province(action.province, viewer)
        return f"{who} {verb('deploy')} {_card(action.clan, mine)} to {where}."
    if isinstance(action, PlayNinja):
        left = state_after.army(action.province, action.clan)
        return (
            f"{who} {verb('play')} a Ninja on {_army(action.clan, mine)} in "
            f"{_province(action.province, viewer)}: a card is removed ({left} left)."
        )
    if isinstance(action, Move):
        target = own if action.target == player else _province(action.target, viewer)
        return (
            f"{who} {verb('move')} {_card(action.clan, mine)} from "
            f"{_province(action.source, viewer)} to {target}."
        )
    if isinstance(action, Attack):
        strength = state_after.army(player, action.attacker)
        left = state_after.army(action.province, action.clan)
        return (
            f"{whose} {CLAN_NAMES[action.attacker]} army ({strength}) attacks "
            f"{_army(action.clan, mine)} in {_province(action.province, viewer)}: one "
            f"card removed ({left} left)."
        )
    return f"{who} {verb('make')} a move."


def describe(state_after: ShinobiState, action: Any, player: int, public: bool) -> str:
    """The log line for `action`: the public one for everybody else, or the actor's own,
    which says "you" and names the cards drawn."""
    return describe_for(state_after, action, player, -1 if public else player)


def describe_for(
    state_after: ShinobiState, action: Any, player: int, viewer: int, everything: bool = False
) -> str:
    """The log line for `action` by `player` as `viewer` reads it (see `describe`)."""
    text = action_text(state_after, action, player, viewer)
    drawn = drawn_cards(state_after, action, player)
    if drawn:
        who = _who(player, viewer)
        if player == viewer or everything:
            draws = "draw" if player == viewer else "draws"
            text += f" {who} {draws} " + ", ".join(card_name(c) for c in drawn) + "."
        else:
            text += f" {who} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}."
    if (
        not state_after.is_terminal()
        and state_after.final_left == state_after.num_players
        and drawn is not None
    ):
        text += " The deck is empty: the last round begins."
    return text


def action_places(action: Any, player: int) -> tuple[str, ...]:
    """Where an action happened on the table: "q:c" for the army of clan c in q's
    province ("q" alone for a province)."""
    if isinstance(action, Deploy):
        return (f"{action.province}:{action.clan}",)
    if isinstance(action, PlayNinja):
        return (f"{action.province}:{action.clan}",)
    if isinstance(action, Move):
        return (f"{action.source}:{action.clan}", f"{action.target}:{action.clan}")
    if isinstance(action, Attack):
        return (f"{player}:{action.attacker}", f"{action.province}:{action.clan}")
    return ()


def reveals_hidden(state_after: ShinobiState, action: Any, player: int) -> bool:
    """A turn's end is an undo barrier: the player drew cards (or the game ended)."""
    return _turn_ended(state_after, player)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game was decided, for the reveal and the end screen."""

    totals: tuple[int, ...]  # per clan, on the whole table
    served: tuple[int, ...]  # clans somebody serves
    ownerless_ahead: tuple[int, ...]  # ownerless clans with more cards than the best served
    winners: tuple[int, ...]  # players
    tie_break: bool  # the winners' clan totals tied and cards at home decided (or shared)
    home: tuple[int, ...]  # per player: cards of their own clan in their own province


def outcome(state: ShinobiState) -> Outcome:
    """The decision of a finished game (or of the table as it stands)."""
    totals = tuple(state.clan_totals())
    served = tuple(sorted(set(state.allegiances)))
    best = max(totals[c] for c in served)
    ownerless = tuple(c for c in range(NUM_CLANS) if c not in served and totals[c] > best)
    winners = tuple(state.winners_by_rule())
    tied = [p for p, c in enumerate(state.allegiances) if totals[c] == best]
    home = tuple(state.army(p, state.allegiance(p)) for p in range(state.num_players))
    return Outcome(totals, served, ownerless, winners, len(tied) > 1, home)


def reveal_lines(state: ShinobiState, viewer: int = -1) -> tuple[list[str], list[str], list[str]]:
    """The three parts of the end reveal: allegiances, clan totals, the winner and why
    (`viewer`, a seat, reads "you" for itself)."""
    result = outcome(state)
    allegiances = [
        f"{_who(p, viewer)} served the {CLAN_NAMES[c]}." for p, c in enumerate(state.allegiances)
    ]
    ranked = sorted(range(NUM_CLANS), key=lambda c: (-result.totals[c], c))
    totals = [
        f"{CLAN_NAMES[c]}: {result.totals[c]} card{'s' if result.totals[c] != 1 else ''}"
        + ("" if c in result.served else " (served by nobody)")
        + "."
        for c in ranked
    ]
    return allegiances, totals, winner_explanation(state, result, viewer)


def winner_explanation(
    state: ShinobiState, result: Outcome | None = None, viewer: int = -1
) -> list[str]:
    """Who won and why, including the ownerless-clan rule and the tie-break."""
    result = result or outcome(state)
    lines: list[str] = []
    for clan in result.ownerless_ahead:
        lines.append(
            f"The {CLAN_NAMES[clan]} have the most cards ({result.totals[clan]}), but nobody "
            "serves them: the next largest clan wins."
        )
    clans = sorted({state.allegiance(p) for p in result.winners})
    names = " and ".join(_who(p, viewer, i == 0) for i, p in enumerate(result.winners))
    clan_names = " / ".join(CLAN_NAMES[c] for c in clans)
    best = result.totals[clans[0]]
    if result.tie_break:
        tied = [p for p, c in enumerate(state.allegiances) if result.totals[c] == best]
        lines.append(
            "Tie at "
            + f"{best} cards between "
            + ", ".join(f"{_who(p, viewer)} ({CLAN_NAMES[state.allegiance(p)]})" for p in tied)
            + "; cards of one's own clan in one's own province decide: "
            + ", ".join(f"{_who(p, viewer)} {result.home[p]}" for p in tied)
            + "."
        )
    if len(result.winners) == 1:
        wins = "win" if result.winners[0] == viewer else "wins"
        lines.append(f"{names} {wins} with the {clan_names} ({best} cards).")
    else:
        lines.append(f"{names} share the win ({clan_names}, {best} cards, still tied).")
    return lines


def last_round_text(final_left: int) -> str:
    """The last-round notice for `final_left` turns to go ('' before the deck runs out)."""
    if final_left <= 0:
        return ""
    return f"Last round: {final_left} turn{'s' if final_left != 1 else ''} left, no more draws"


def draw_rule_text(final_left: int) -> str:
    """What happens to the hand after the turn."""
    if final_left >= 0:
        return "No draw in the last round."
    return f"Then you draw back up to {HAND_SIZE} cards."
