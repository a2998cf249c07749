"""Battle for Rokugan in the app: clans per seat, the board view, words, scores, rules."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from app.games.presentation import PUBLIC, Beat, GameUI, ResolutionStep, ScoreTable
from app.games.rokugan import narrate, story, words
from app.games.rokugan.rules import rules_html
from app.i18n import N_, _, inside_sentence, ngettext
from app.palette import rokugan_clan
from engine.core import scores_by_round
from engine.rokugan.data import CLANS, OBJECTIVES
from engine.rokugan.state import RokuganState
from engine.words import Words

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from app.games.base import GameView
    from app.session import NewGameConfig


class RokuganUI(GameUI):
    """How the app presents Battle for Rokugan."""

    game_id = "rokugan"
    seat_choice_label = N_("Clan")

    def seat_choices(self) -> list[tuple[str, str]]:
        """The seven clans."""
        return [(clan, narrate.pretty(clan)) for clan in CLANS]

    def settings_for(self, config: NewGameConfig, rng: random.Random) -> dict[str, Any]:
        """Chosen clans stay; "random" seats get distinct clans drawn from the seed, of
        those with a capital on the map (only they can be played there)."""
        chosen = [seat.choice for seat in config.seats]
        free = [c for c in _map_clans(config.map_ref) if c not in chosen]
        if len(free) < chosen.count(None):  # a map that is not ready: refused at the start
            free += [c for c in CLANS if c not in chosen and c not in free]
        rng.shuffle(free)
        clans = [c if c is not None else free.pop() for c in chosen]
        return {"clans": clans}

    def player_label(self, state: RokuganState, player: int) -> str:  # type: ignore[override]
        """The clan's name."""
        return narrate.clan_name(state, player)

    def player_words(self, state: RokuganState, player: int) -> Words:  # type: ignore[override]
        """The clan's name, in no language yet."""
        return Words.of(words.CLAN_NAMES[CLANS[state.clans[player]]])

    def player_colour(self, state: RokuganState, player: int) -> str:  # type: ignore[override]
        """The clan's colour."""
        return rokugan_clan(CLANS[state.clans[player]]).colour

    def player_status(self, state: RokuganState, player: int, viewer: int = PUBLIC) -> str:  # type: ignore[override]
        """Public standing: honor as the board shows it (the engine's count without the
        secret objective, until the end reveals it), provinces and tokens behind the screen
        (the same for every `viewer`)."""
        provinces = state.provinces_of(player)
        tokens = state.hand_count[player]
        return " · ".join(
            (
                _("{honor} honor").format(honor=state.public_honor(player)),
                ngettext("{n} province", "{n} provinces", provinces).format(n=provinces),
                _("{n} in hand").format(n=tokens),
            )
        )

    def describe_action(self, state_after: RokuganState, action: Any, player: int) -> str:  # type: ignore[override]
        """The acting player's own log line."""
        return narrate.describe(state_after, action, player, public=False)

    def public_description(self, state_after: RokuganState, action: Any, player: int) -> str:  # type: ignore[override]
        """The line everybody else reads."""
        return narrate.describe(state_after, action, player, public=True)

    def action_places(
        self,
        state_before: RokuganState,  # type: ignore[override]
        action: Any,
        state_after: RokuganState,  # type: ignore[override]
        player: int,
    ) -> tuple[str, ...]:
        """Where the decision happened: the place of a token, the provinces of a card."""
        return narrate.action_places(state_before, action, state_after)

    def story(
        self,
        state_before: RokuganState,  # type: ignore[override]
        action: Any,
        state_after: RokuganState,  # type: ignore[override]
        player: int,
        viewer: int,
    ) -> list[Beat]:
        """The decision in words for `viewer`, then the resolution step by step."""
        return story.story(state_before, action, state_after, player, viewer)

    def resolution_steps(
        self,
        state_before: RokuganState,
        action: Any,
        state_after: RokuganState,  # type: ignore[override]
    ) -> list[ResolutionStep]:
        """The round's resolution retold step by step, as everybody sees it."""
        beats = story.story(state_before, action, state_after, state_before.cur, PUBLIC)
        return [beat.step for beat in beats if beat.step is not None]

    def create_view(self, parent: QWidget | None = None) -> GameView:
        """The board view."""
        from app.games.rokugan.view import RokuganView

        return RokuganView(parent)

    def score_table(self, state: RokuganState) -> ScoreTable:  # type: ignore[override]
        """Flowers, face-up tokens, special tokens, territories, objective, total."""
        rows = tuple(
            (
                self.player_label(state, p),
                tuple(float(v) for v in narrate.score_breakdown(state, p)),
            )
            for p in range(state.n)
        )
        history = scores_by_round(state)  # honor after each round (the engine's)
        notes = []
        for p in range(state.n):
            objective = state.objective[p]
            if objective >= 0:
                name = OBJECTIVES[objective][0]
                if state.objective_met(p, objective):
                    note = _("{clan}: {objective} (met)")
                else:
                    note = _("{clan}: {objective} (missed)")
                notes.append(
                    note.format(clan=self.player_label(state, p), objective=narrate.pretty(name))
                )
        columns = tuple(_(column) for column in narrate.SCORE_COLUMNS)
        return ScoreTable(columns, rows, history, _("Honor"), tuple(notes))

    def move_words(self, state_before: RokuganState, action: Any, player: int) -> str:  # type: ignore[override]
        """The move as its player's log line tells it, without the full stop, read inside
        a sentence ("you: you use the first-player card"; hints and reviews)."""
        after = state_before.clone()
        after.apply(action)
        line = narrate.describe_action(state_before, action, after, player, player).text
        return inside_sentence(line.rstrip("."))

    def reason_words(self, error: Exception) -> str:
        """The engine's reason (one of its rule codes) in the current language."""
        return words.reason(str(error))

    def rules_html(self) -> str:
        """The rules reference, in the current language."""
        return rules_html()


def _map_clans(map_ref: str | None) -> tuple[str, ...]:
    """The clans with a capital on the map `map_ref` (all seven without one)."""
    if not map_ref:
        return CLANS
    from app.board.maps_cache import map_geometry
    from app.session import resolve_map_path
    from engine.rokugan.requirements import playable_clans

    return playable_clans(map_geometry(resolve_map_path(map_ref)).graph)


GAME_UI = RokuganUI()
