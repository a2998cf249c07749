"""Rice Wars in the app: the board and daimyo boards, words that keep secrets, fights
retold step by step, the end scores and the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.games.presentation import EVERYTHING, PUBLIC, Beat, GameUI, ResolutionStep, ScoreTable
from app.games.ricewars import decisions, narrate, story
from app.games.ricewars.fights import AsOfStep
from app.games.ricewars.rules import rules_html
from app.i18n import N_, _, inside_sentence, ngettext
from engine.core import scores_by_round
from engine.ricewars import records, standings
from engine.ricewars.data import SCENARIO_PLAYERS
from engine.ricewars.state import ACTION, RiceWarsState
from engine.words import Words

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from app.games.base import GameView


MOVE_WORDS = {
    "peasant": N_("Hire a peasant"),
    "ashigaru": N_("Hire an ashigaru"),
    "ronin": N_("Hire a ronin"),
    "pay ashigaru": N_("Pay the upkeep of an ashigaru"),
    "pay ronin": N_("Pay the upkeep of a ronin"),
}
"""A hire or an upkeep in words (the log tells them with the whole hiring)."""


class RiceWarsUI(GameUI):
    """How the app presents Rice Wars."""

    game_id = "ricewars"

    def player_label(self, state: RiceWarsState | AsOfStep, player: int) -> str:  # type: ignore[override]
        """The colour's name ("Red")."""
        state = state.state if isinstance(state, AsOfStep) else state
        return narrate.seat_name(state, player)

    def player_words(self, state: RiceWarsState | AsOfStep, player: int) -> Words:  # type: ignore[override]
        """The colour's name, in no language yet."""
        state = state.state if isinstance(state, AsOfStep) else state
        return narrate.seat_words(state, player)

    def player_colour(self, state: RiceWarsState | AsOfStep, player: int) -> str:  # type: ignore[override]
        """The colour."""
        state = state.state if isinstance(state, AsOfStep) else state
        return narrate.seat_colour(state, player)

    def player_status(  # type: ignore[override]
        self, state: RiceWarsState | AsOfStep, player: int, viewer: int = PUBLIC
    ) -> str:
        """Standing: fields, Ryo and cards in hand; during a resolution step as of that
        step. Ryo: the exact purse to its own seat (`viewer`: you know your notes), the
        public estimate to anyone else (notes are kept face down)."""
        standing = None
        if isinstance(state, AsOfStep):
            state, standing = state.state, state.standing[player]
        if standing is None:
            standing = standings.standing(state, player)
        fields = len(standing.fields)
        words = [ngettext("{n} field", "{n} fields", fields).format(n=fields)]
        if player != state.neutral:
            money = None if standing.money == records.HIDDEN_MONEY else standing.money
            purse = narrate.purse_words(state, player, viewer, money)
            words.append(_("{ryo} Ryo").format(ryo=purse))
        if player != state.neutral:
            cards = standing.cards
            words.append(ngettext("{n} card", "{n} cards", cards).format(n=cards))
        return " · ".join(words)

    def setup_note(self, players: int, map_ref: str | None) -> str:
        """Two players play the scenario: say who the third colour is."""
        if players == SCENARIO_PLAYERS:
            return _(
                "Two players play the scenario on the quick board: a neutral third colour "
                "takes part (its peasants are placed by the players; if it holds the most "
                "fields, nobody wins)."
            )
        return ""

    def describe_action(self, state_after: RiceWarsState, action: Any, player: int) -> str:  # type: ignore[override]
        """The acting player's own log line ("You ...", its secrets named)."""
        before = narrate.previous(state_after)
        return decisions.describe(before, action, state_after, player, player)

    def public_description(self, state_after: RiceWarsState, action: Any, player: int) -> str:  # type: ignore[override]
        """The line everybody else reads (bids and face-down cards stay hidden)."""
        before = narrate.previous(state_after)
        return decisions.describe(before, action, state_after, player, PUBLIC)

    def move_words(self, state_before: RiceWarsState, action: Any, player: int) -> str | None:  # type: ignore[override]
        """The move as its player's log line tells it, without the full stop, lower case
        (hints and reviews); a hire or an upkeep, which the log tells with the whole hiring,
        by itself."""
        from engine.ricewars import actions as A

        if isinstance(action, A.Hire):
            text = _(MOVE_WORDS[action.kind]) if action.kind in MOVE_WORDS else ""
        elif isinstance(action, A.Pay) and f"pay {action.what}" in MOVE_WORDS:
            text = _(MOVE_WORDS[f"pay {action.what}"])
        elif isinstance(action, A.Pay):
            adv = narrate.advisor_of(action.what)
            text = _("Pay the upkeep of {advisor}").format(advisor=adv.name)
        else:
            after = state_before.clone()
            after.apply(action)
            text = decisions.describe(state_before, action, after, player, player).rstrip(".")
        # read inside a sentence ("you: …"), as the AI's own words are
        return inside_sentence(text) or None

    def action_places(
        self,
        state_before: RiceWarsState,  # type: ignore[override]
        action: Any,
        state_after: RiceWarsState,  # type: ignore[override]
        player: int,
    ) -> tuple[str, ...]:
        """The fields a decision happened at."""
        return narrate.action_places(state_before, action)

    def story(
        self,
        state_before: RiceWarsState,  # type: ignore[override]
        action: Any,
        state_after: RiceWarsState,  # type: ignore[override]
        player: int,
        viewer: int,
    ) -> list[Beat]:
        """The decision in words for `viewer`, then fights, auctions and rounds step by
        step, with what they did to the viewer."""
        return story.story(state_before, action, state_after, player, viewer)

    def turn_owner(self, state: RiceWarsState) -> int:  # type: ignore[override]
        """During a fight, its attacker: the fight is part of the attack's turn."""
        if state.fight is not None:
            return state.fight["att"]
        return state.current_player()

    def sits_out(self, state: RiceWarsState, player: int) -> bool:  # type: ignore[override]
        """Every pass marker down: nothing to decide until the round ends (but a defence)."""
        return not state.is_terminal() and state.actions_over(player)

    def turn_begins(self, state: RiceWarsState) -> bool:  # type: ignore[override]
        """An action of the action phase outside a fight: one action is one turn, also
        when the others have passed and one daimyo plays on alone."""
        return state.phase == ACTION and state.fight is None

    def resolution_steps(
        self,
        state_before: RiceWarsState,
        action: Any,
        state_after: RiceWarsState,  # type: ignore[override]
    ) -> list[ResolutionStep]:
        """Finished fights, auction reveals and new rounds, step by step (as after the
        game: every card face up by then anyway)."""
        beats = story.story(state_before, action, state_after, -1, EVERYTHING)
        return [beat.step for beat in beats if beat.step is not None]

    def create_view(self, parent: QWidget | None = None) -> GameView:
        """The board view."""
        from app.games.ricewars.view import RiceWarsView

        return RiceWarsView(parent)

    def score_table(self, state: RiceWarsState) -> ScoreTable:  # type: ignore[override]
        """Ryo, servants, board peasants, wealth and the fields (the neutral too)."""
        rows = tuple(
            (self.player_label(state, s), tuple(float(v) for v in narrate.score_row(state, s)))
            for s in range(state.seats)
        )
        history = scores_by_round(state)  # fields after each round (the engine's)
        notes = [_("The most fields wins; wealth (Ryo, servants, board peasants) breaks a tie.")]
        if state.neutral >= 0 and not state.winners():
            notes.append(_("The neutral player holds the most fields: nobody wins."))
        # a heading starts with a capital, a word that is lower case inside a sentence too
        # (Portuguese "ryo")
        columns = tuple(_(c)[:1].upper() + _(c)[1:] for c in narrate.SCORE_COLUMNS)
        return ScoreTable(columns, rows, history, _("Fields"), tuple(notes))

    def rules_html(self) -> str:
        """The rules reference."""
        return rules_html()


GAME_UI = RiceWarsUI()
