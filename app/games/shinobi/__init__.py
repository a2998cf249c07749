"""Shinobi in the app: 3-5 seats, the table view, a log that keeps secrets, the reveal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.games.presentation import PUBLIC, Beat, GameUI, ResolutionStep, ScoreTable
from app.games.shinobi import narrate, story
from app.games.shinobi.rules import rules_html
from app.i18n import N_, _, inside_sentence, ngettext
from app.palette import SHINOBI_SEATS
from engine.core import scores_by_round
from engine.shinobi.cards import CLAN_NAMES, NUM_CLANS
from engine.shinobi.records import Drew, LastRound
from engine.shinobi.state import ShinobiState
from engine.words import Words

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from app.games.base import GameView

# Seats have no clan colour in Shinobi (clans are secret): muted tones unlike the clans'
# own, told apart by everyone (`app.palette.SHINOBI_SEATS`).
SEAT_COLOURS = SHINOBI_SEATS


class ShinobiUI(GameUI):
    """How the app presents Shinobi."""

    game_id = "shinobi"
    show_board_label = N_("Show the table")

    def player_label(self, state: ShinobiState, player: int) -> str:  # type: ignore[override]
        """'Player 2'; after the reveal also the clan served: 'Player 2 (Oda)'."""
        return str(self.player_words(state, player))

    def player_words(self, state: ShinobiState, player: int) -> Words:  # type: ignore[override]
        """'Player 2' in no language yet; once the game is over with the clan it served
        (the Recent games list of a finished game names it, as the end screen does)."""
        seat = Words.of(N_("Player {number}"), number=player + 1)
        if not state.is_terminal():
            return seat
        clan = CLAN_NAMES[state.allegiance(player)]
        return Words.of(N_("{player} ({clan})"), player=seat, clan=clan)

    def player_colour(self, state: ShinobiState, player: int) -> str:  # type: ignore[override]
        """A neutral seat colour (a clan colour would hint at the allegiance)."""
        return SEAT_COLOURS[player % len(SEAT_COLOURS)]

    def player_status(self, state: ShinobiState, player: int, viewer: int = PUBLIC) -> str:  # type: ignore[override]
        """Public standing: cards in hand and in the province; once the game is over and
        the allegiances are revealed (the label names the clan), the score instead: the
        clan's cards on the table, ★ for a winner (the engine's count; the same for every
        `viewer`)."""
        if state.is_terminal():
            count = narrate.outcome(state)
            seat = next(s for s in count.seats if s.player == player)
            won = " ★" if player in count.winners else ""
            return f"{_('Clan total')}: {seat.cards}{won}"
        hand = state.hand_size(player)
        table = sum(state.army(player, c) for c in range(NUM_CLANS))
        return ngettext(
            "{n} card in hand · {table} in the province",
            "{n} cards in hand · {table} in the province",
            hand,
        ).format(n=hand, table=table)

    def describe_action(self, state_after: ShinobiState, action: Any, player: int) -> str:  # type: ignore[override]
        """The acting player's own line (names the cards they drew)."""
        return narrate.describe(state_after, action, player, public=False)

    def move_words(self, state_before: ShinobiState, action: Any, player: int) -> str:  # type: ignore[override]
        """The move as its player's log line tells it, without the full stop, lower case
        (hints and reviews)."""
        # the order alone: a draw ending the turn comes from the hidden deck
        records = state_before.clone().apply_told(action)
        orders = tuple(r for r in records if not isinstance(r, (Drew, LastRound)))
        clan = CLAN_NAMES[state_before.allegiance(player)]
        line = narrate.line_for(orders, player, clan).rstrip(".")
        return inside_sentence(line)  # read inside a sentence, as the AI's words are

    def public_description(self, state_after: ShinobiState, action: Any, player: int) -> str:  # type: ignore[override]
        """Everybody else's line (only how many cards were drawn)."""
        return narrate.describe(state_after, action, player, public=True)

    def resolution_steps(
        self,
        state_before: ShinobiState,
        action: Any,
        state_after: ShinobiState,  # type: ignore[override]
    ) -> list[ResolutionStep]:
        """The last-round notice when the deck runs out, and the reveal at the end."""
        return story.resolution_steps(state_before, action, state_after, PUBLIC)

    def action_places(
        self,
        state_before: ShinobiState,  # type: ignore[override]
        action: Any,
        state_after: ShinobiState,  # type: ignore[override]
        player: int,
    ) -> tuple[str, ...]:
        """The armies an order touched ("province:clan")."""
        return narrate.action_places(action, player)

    def story(
        self,
        state_before: ShinobiState,  # type: ignore[override]
        action: Any,
        state_after: ShinobiState,  # type: ignore[override]
        player: int,
        viewer: int,
    ) -> list[Beat]:
        """The order in words for `viewer`, the round's summary, the reveal."""
        return story.story(state_before, action, state_after, player, viewer)

    def create_view(self, parent: QWidget | None = None) -> GameView:
        """The table view."""
        from app.games.shinobi.view import ShinobiView

        return ShinobiView(parent)

    def score_table(self, state: ShinobiState) -> ScoreTable:  # type: ignore[override]
        """Per player: their own clan's cards at home (the tie-break) and their clan's total."""
        count = narrate.outcome(state)
        rows = tuple(
            (self.player_label(state, s.player), (float(s.home), float(s.cards)))
            for s in count.seats
        )
        notes = tuple(narrate.winner_explanation(count))
        return ScoreTable(
            (_("Own clan at home"), _("Clan total")),
            rows,
            scores_by_round(state),  # each seat's clan after each round (the engine's)
            _("Own clan's cards on the table"),
            notes,
        )

    def rules_html(self) -> str:
        """The rules reference, in the current language."""
        return rules_html()


GAME_UI = ShinobiUI()
