"""How the app presents one game, without Qt: the story, the labels, the score table.

The story of a game is told by `GameUI.story`: for each action, the *beats* one viewer is
told — log lines (plain text, each with the board places it happened at) and, for a
resolution, the step the board shows while those lines appear. The default tells the
actor's own line (`describe_action`) or everybody else's (`public_description`) and one
line per `resolution_steps` step; a game overrides `story` to say "you", keep secrets per
viewer and give places. `story_so_far` replays a game's actions and retells them, so a
loaded game shows its whole log and `daimyo log` prints it.

Nothing here imports Qt: the text commands (`daimyo log`, `daimyo review`) and every
story module build on this alone; `app.games.base` adds the Qt views (`GameView`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core import GameState
from engine.words import N_, Words

if TYPE_CHECKING:
    from app.session import NewGameConfig

PLAYER_COLOURS = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98"]
PUBLIC = -1
"""The viewer who knows only what everybody knows (a spectator, the hot-seat curtain)."""
EVERYTHING = -2
"""The viewer who knows every secret, as after the game (`daimyo log` by default)."""


@dataclass(frozen=True, slots=True)
class ResolutionStep:
    """One step of a resolution shown to the player: a title and what happened."""

    title: str
    lines: tuple[str, ...]
    highlight: tuple[str, ...] = ()  # board items (province ids) the step is about
    payload: Any = None  # game-specific data for the view (e.g. the revealed board)
    state: Any = None  # the game as of this step, for the panels (None: the session's)
    plays_on: bool = False  # nobody at the screen takes part: it goes on at the AI pace


@dataclass(frozen=True, slots=True)
class LogLine:
    """One event of the story in words, and the board places it happened at (province
    ids or target keys of the map; empty when it happened nowhere in particular)."""

    text: str
    places: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Beat:
    """A part of an action's story: its log lines, and the resolution step that shows
    them on the board (None for the action itself: its lines appear at once)."""

    lines: tuple[LogLine, ...]
    step: ResolutionStep | None = None


def summed(total: int, items: Sequence[tuple[int, str]], alone: bool = True) -> str:
    """A total with the parts that add up to it, as a board's mark reads it: '9 = Army 4 +
    Blessing 2 − Phoenix 3'. `items`: each part's signed amount (only its sign is read)
    and its words with its size ("Army 4"); with no part, the total; a lone part that adds
    (`alone`: it may stand for its total) is its own total ('Army 4')."""
    if not items:
        return str(total)
    if alone and len(items) == 1 and items[0][0] >= 0:
        return items[0][1]
    (amount, first), *rest = items
    said = first if amount >= 0 else f"− {first}"
    said += "".join(f" {'+' if n >= 0 else '−'} {words}" for n, words in rest)
    return f"{total} = {said}"


def plain(html: str) -> str:
    """Rich text without its tags and entities, for the plain log."""
    text = re.sub(r"<br\s*/?>", " ", html)
    text = re.sub(r"<[^>]+>", "", text)
    return (
        text.replace("&nbsp;", " ").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    )


@dataclass(frozen=True, slots=True)
class ScoreTable:
    """The end screen's breakdown: one row per player, one column per scoring term."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[float, ...]], ...]  # (player label, values incl. total)
    history: tuple[tuple[float, ...], ...] = ()  # per player: score after each round
    history_label: str = "Score"
    notes: tuple[str, ...] = field(default_factory=tuple)


class GameUI:
    """How the app presents one game. Subclasses override what their game needs."""

    game_id: str = ""
    seat_choice_label: str = ""
    """Name of the per-seat choice ("Clan"), empty when the game has none."""
    show_board_label: str = N_("Show the board")
    """The end screen's button back to the game (marked; Shinobi is played on a table)."""

    def seat_choices(self) -> list[tuple[str, str]]:
        """(id, label) of the per-seat choice's options; empty for none."""
        return []

    def setup_note(self, players: int, map_ref: str | None) -> str:
        """A line for the new-game dialog about this player count and map (empty: none)."""
        return ""

    def settings_for(self, config: NewGameConfig, rng: random.Random) -> dict[str, Any]:
        """Game settings from the dialog's choices (e.g. the clans)."""
        return {}

    def player_label(self, state: GameState, player: int) -> str:
        """What to call `player` ("Crab")."""
        return f"Player {player + 1}"

    def player_words(self, state: GameState, player: int) -> Words:
        """What to call `player`, kept in no language (a save's summary stores it, and the
        Recent games list says it in the reader's language): "Player 2" unless the game
        names its seats."""
        return Words.of(N_("Player {number}"), number=player + 1)

    def player_colour(self, state: GameState, player: int) -> str:
        """The player's colour as #rrggbb."""
        return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]

    def player_status(self, state: GameState, player: int, viewer: int = PUBLIC) -> str:
        """A short standing shown beside the player's name as `viewer` may know it (a seat,
        `PUBLIC` or `EVERYTHING`; empty for none)."""
        return ""

    def describe_action(self, state_after: GameState, action: Any, player: int) -> str:
        """The log line for `action`, which `player` just took (state is after it)."""
        return f"{self.player_label(state_after, player)}: {action}"

    def public_description(self, state_after: GameState, action: Any, player: int) -> str:
        """The log line others may read (hides what the action keeps secret)."""
        return self.describe_action(state_after, action, player)

    def resolution_steps(
        self, state_before: GameState, action: Any, state_after: GameState
    ) -> list[ResolutionStep]:
        """Steps to show one by one after `action` (empty when it resolves nothing)."""
        return []

    def turn_owner(self, state: GameState) -> int:
        """Whose turn the next decision belongs to, for the AI pace (paced once per turn):
        the player to act (the default); Rice Wars: a fight's attacker, whose attack the
        whole fight is part of (the fight is retold step by step when it ends)."""
        return state.current_player()

    def sits_out(self, state: GameState, player: int) -> bool:
        """True when `player` has nothing to decide until the others finish a stretch of
        play (Rice Wars: both pass markers down): their moves then follow without the AI
        pace, so the person waits only for their thinking."""
        return False

    def turn_begins(self, state: GameState) -> bool:
        """True when the next decision begins a turn even if the same player took the last
        one (Rice Wars: an action of the action phase, outside a fight); a change of
        `turn_owner` always begins one. While the person sits out, each turn they watch is
        a wait of its own."""
        return False

    def action_places(
        self, state_before: GameState, action: Any, state_after: GameState, player: int
    ) -> tuple[str, ...]:
        """The board places `action` happened at (province ids, target keys); () for none."""
        return ()

    def story(
        self,
        state_before: GameState,
        action: Any,
        state_after: GameState,
        player: int,
        viewer: int,
    ) -> list[Beat]:
        """What `viewer` (a seat, `PUBLIC` or `EVERYTHING`) is told about `action`, which
        `player` took: the action's own line first, then one beat per resolution step."""
        if viewer in (player, EVERYTHING):
            text = self.describe_action(state_after, action, player)
        else:
            text = self.public_description(state_after, action, player)
        places = self.action_places(state_before, action, state_after, player)
        beats = [Beat((LogLine(plain(text), places),))] if text else []
        for step in self.resolution_steps(state_before, action, state_after):
            line = plain(step.title + ": " + " ".join(step.lines))
            beats.append(Beat((LogLine(line, tuple(step.highlight)),), step))
        return beats

    def story_so_far(self, state: GameState, viewer: int) -> list[LogLine]:
        """The whole log of a game as `viewer` was told it, replayed from its start."""
        replay = state.clone()
        actions = list(replay.history)
        while replay.history:
            replay.undo()
        lines: list[LogLine] = []
        for action in actions:
            before = replay.clone()
            player = replay.current_player()
            replay.apply(action)
            for beat in self.story(before, action, replay, player, viewer):
                lines.extend(beat.lines)
        return lines

    def create_view(self, parent: Any = None) -> Any:
        """A fresh play area for this game (a Qt widget; the game's view module is imported
        only here, so the story stays Qt-free): an `app.games.base.GameView`."""
        raise NotImplementedError

    def score_table(self, state: GameState) -> ScoreTable:
        """The final score breakdown."""
        scores = state.returns()
        return ScoreTable(
            ("Score",),
            tuple((self.player_label(state, p), (float(s),)) for p, s in enumerate(scores)),
        )

    def rules_html(self) -> str:
        """The in-app rules of this game (HTML), empty when there are none."""
        return ""

    def move_words(self, state_before: GameState, action: Any, player: int) -> str | None:
        """`player`'s move `action` from `state_before`, in words for that player (reviews
        and hints), in the current language, as read inside a sentence ("you: you place …",
        `app.i18n.inside_sentence`); None: the AI's explainer names it."""
        return None

    def reason_words(self, error: Exception) -> str:
        """Why a decision is not allowed (an `IllegalActionError` from the engine), in the
        current language; the engine's own words unless the game translates its reasons."""
        return str(error)
