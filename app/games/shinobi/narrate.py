"""Shinobi in words: log lines that keep secrets, the end reveal, the score table's figures.

Everything here words the engine's records (`engine.shinobi.records`): what each order
did, the cards drawn, the final count. A line for everybody names what all players saw
(every order is played face up, the number of cards drawn is public); the acting
player's own line adds the cards they drew (`Drew.seen_by`). No line ever names an
allegiance before the game is over.
"""

from __future__ import annotations

from typing import Any

from engine.events import Event
from engine.shinobi.actions import Attack, Deploy, Move, PlayNinja
from engine.shinobi.cards import CLAN_NAMES, HAND_SIZE
from engine.shinobi.records import (
    Attacked,
    Deployed,
    Drew,
    FinalCount,
    LastRound,
    Moved,
    NinjaPlayed,
    final_count,
)
from engine.shinobi.state import ShinobiState

ORDER_NAMES = {1: "First order", 2: "Second order", 3: "Third order"}
ORDER_HELP = {
    1: "deploy a card to another player's province, or play a Ninja on an army there",
    2: "deploy a card to your own province, or move one card out of another province",
    3: "attack: an army of your province removes a card from a smaller army elsewhere",
}


def seat_label(player: int) -> str:
    """'Player 2' (seats are secret-free names; clans stay hidden)."""
    return f"Player {player + 1}"


def province_name(player: int) -> str:
    """Whose province: 'Player 2's province'."""
    return f"{seat_label(player)}'s province"


def told(state_after: ShinobiState) -> tuple[Event, ...]:
    """The records of the last action that led to `state_after` (the engine's, retold by
    taking it back and applying it again); () when it cannot be taken back."""
    if state_after.undo_depth == 0:
        return ()
    before = state_after.clone()
    before.undo()
    return before.apply_told(state_after.history[-1])


def _who(player: int, viewer: int, start: bool = True) -> str:
    if player == viewer:
        return "You" if start else "you"
    return seat_label(player)


def _province(q: int, viewer: int) -> str:
    return "your province" if q == viewer else province_name(q)


def _card(clan: str, viewer_clan: str) -> str:
    """ "a Takeda card", "an Oda card (your clan)" for the viewer's own secret clan."""
    article = "an" if clan[0] in "AEIOU" else "a"
    return f"{article} {clan} card" + (" (your clan)" if clan == viewer_clan else "")


def _army(clan: str, viewer_clan: str, strength: int | None = None) -> str:
    """ "the Mōri army", "the Oda army (your clan)", "the Mōri army (2)"."""
    mine = clan == viewer_clan
    if strength is not None:
        return f"the {clan} army ({strength}{', your clan' if mine else ''})"
    return f"the {clan} army" + (" (your clan)" if mine else "")


def order_text(record: Event, viewer: int, viewer_clan: str = "") -> str:
    """An order's record in words, as `viewer` reads it (a seat: "you"; -1 or less: the
    public). `viewer_clan` (the viewer's own clan) is marked "(your clan)"; '' for a
    record that is no order."""
    if not isinstance(record, Deployed | NinjaPlayed | Moved | Attacked):
        return ""
    player = record.player
    you = player == viewer
    who = _who(player, viewer)
    own = "your own province" if you else "their own province"

    def verb(word: str) -> str:
        return word if you else word + "s"

    if isinstance(record, Deployed):
        where = own if record.province == player else _province(record.province, viewer)
        return f"{who} {verb('deploy')} {_card(record.clan, viewer_clan)} to {where}."
    if isinstance(record, NinjaPlayed):
        return (
            f"{who} {verb('play')} a Ninja on {_army(record.clan, viewer_clan)} in "
            f"{_province(record.province, viewer)}: a card is removed ({record.army} left)."
        )
    if isinstance(record, Moved):
        target = own if record.target == player else _province(record.target, viewer)
        return (
            f"{who} {verb('move')} {_card(record.clan, viewer_clan)} from "
            f"{_province(record.source, viewer)} to {target}."
        )
    whose = "Your" if you else f"{who}'s"
    attacker = _army(record.attacker, viewer_clan, record.strength).removeprefix("the ")
    return (
        f"{whose} {attacker} attacks "
        f"{_army(record.clan, viewer_clan, record.defence)} in "
        f"{_province(record.province, viewer)}: one card removed ({record.army} left)."
    )


def draw_text(record: Drew, viewer: int, everything: bool = False) -> str:
    """The cards drawn in words: named to the drawer (and in the whole story), counted to
    everybody else."""
    who = _who(record.player, viewer)
    seen = record if everything else record.seen_by(viewer)
    if seen.cards:
        draws = "draw" if record.player == viewer else "draws"
        return f"{who} {draws} " + ", ".join(seen.cards) + "."
    return f"{who} draws {record.count} card{'s' if record.count != 1 else ''}."


def line_for(
    records: tuple[Event, ...], viewer: int, viewer_clan: str = "", everything: bool = False
) -> str:
    """The log line of one action's records: the order, the cards drawn, the deck running
    out (the round's end and the reveal are told apart, `app.games.shinobi.story`)."""
    parts: list[str] = []
    for record in records:
        if isinstance(record, Drew):
            parts.append(draw_text(record, viewer, everything))
        elif isinstance(record, LastRound):
            parts.append("The deck is empty: the last round begins.")
        else:
            text = order_text(record, viewer, viewer_clan)
            if text:
                parts.append(text)
    return " ".join(parts)


def describe(state_after: ShinobiState, action: Any, player: int, public: bool) -> str:
    """The log line for `action`: the public one for everybody else, or the actor's own,
    which says "you" and names the cards drawn."""
    return describe_for(state_after, action, player, -1 if public else player)


def describe_for(
    state_after: ShinobiState, action: Any, player: int, viewer: int, everything: bool = False
) -> str:
    """The log line for `action` by `player` as `viewer` reads it (see `describe`)."""
    mine = CLAN_NAMES[state_after.allegiance(viewer)] if viewer >= 0 else ""
    return line_for(told(state_after), viewer, mine, everything)


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
    return state_after.is_terminal() or state_after.current_player() != player


def outcome(state: ShinobiState) -> FinalCount:
    """The reveal and the count of a finished game (or of the table as it stands): the
    engine's `final_count`, the record the game's end writes."""
    return final_count(state, state.turns // state.num_players + 1)


def reveal_lines(count: FinalCount, viewer: int = -1) -> tuple[list[str], list[str], list[str]]:
    """The three parts of the end reveal: allegiances, clan totals, the winner and why
    (`viewer`, a seat, reads "you" for itself)."""
    allegiances = [f"{_who(s.player, viewer)} served the {s.clan}." for s in count.seats]
    totals = [
        f"{c.clan}: {c.cards} card{'s' if c.cards != 1 else ''}"
        + ("" if c.served else " (served by nobody)")
        + "."
        for c in count.clans
    ]
    return allegiances, totals, winner_explanation(count, viewer)


def winner_explanation(count: FinalCount, viewer: int = -1) -> list[str]:
    """Who won and why, including the ownerless-clan rule and the tie-break."""
    lines: list[str] = []
    cards = {c.clan: c.cards for c in count.clans}
    for clan in count.passed_over:
        lines.append(
            f"The {clan} have the most cards ({cards[clan]}), but nobody "
            "serves them: the next largest clan wins."
        )
    seats = {s.player: s for s in count.seats}
    winners = [seats[p] for p in count.winners]
    names = " and ".join(_who(s.player, viewer, i == 0) for i, s in enumerate(winners))
    clan_names = " / ".join(sorted({s.clan for s in winners}, key=CLAN_NAMES.index))
    best = count.cards
    if count.tie_break:
        tied = [s for s in count.seats if s.cards == best]
        lines.append(
            f"Tie at {best} cards between "
            + ", ".join(f"{_who(s.player, viewer, False)} ({s.clan})" for s in tied)
            + "; cards of one's own clan in one's own province decide: "
            + ", ".join(f"{_who(s.player, viewer, False)} {s.home}" for s in tied)
            + "."
        )
    if len(winners) == 1:
        wins = "win" if winners[0].player == viewer else "wins"
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
