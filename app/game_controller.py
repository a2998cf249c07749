"""The play screen's controller: `GameController` runs a session on a `GameScreen`.

It decides whose turn it is, starts bots on the worker thread, applies the human's choices
through the session, queues resolution steps and offers undo.

The log is the game's story (`GameUI.story`), told to the viewer at the screen: each
decision's own line at once, a resolution's lines only when its step is shown on the
board. A loaded game's log is rebuilt by replaying its actions. Clicking a log line shows
where it happened; each computer seat's last decision stays ringed on the board. These
work for every game through `GameView.show_places` and `GameView.set_last_actions`.

Continue is exact: the steps still to show are kept in every save (`GameSession.keep`,
"screen"), written again as each one is acknowledged, and a loaded game shows them first;
no computer seat moves while a step is on the screen.
"""

from __future__ import annotations

import random
import time
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot
from PySide6.QtWidgets import QListWidgetItem

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from ai.base import Bot
from ai.levels import WAIT_SECONDS, pace_share, table_budget, wait_share
from ai.registry import UnknownBotError, make_bot
from app.bot_worker import BotThinker
from app.game_screen import GameScreen
from app.games.base import PUBLIC, GameUI
from app.i18n import _, ai_level_name, ngettext
from app.session import GameSession
from app.story_log import LogEntry, LogLine, replayed
from app.widgets.log_list import LogList
from engine.core import IllegalActionError


def animation_ms(ai_delay_ms: int) -> int:
    """How long a board animation phase takes at an AI pace (0: none)."""
    return 0 if ai_delay_ms <= 0 else max(300, min(1200, ai_delay_ms))


class GameController(QObject):
    """Runs a session on a screen: turns, bots, hand-off, resolution steps, undo."""

    finished = Signal()
    """The game is over."""
    status = Signal(str)
    """A message for the status bar."""
    undo_available = Signal(bool)
    human_turn = Signal(bool)
    """True when a person's decision begins (Hint may be asked), False when it ends."""

    def __init__(
        self,
        session: GameSession,
        ui: GameUI,
        screen: GameScreen,
        thinker: BotThinker,
        ai_delay_ms: int = 0,
        bot_nodes: int | None = None,
        step_by_step: bool = True,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.ui = ui
        self.screen = screen
        self.view = screen.view
        self.thinker = thinker
        self._ai_delay_ms = ai_delay_ms
        self.view.animation_ms = animation_ms(ai_delay_ms)
        self.bot_nodes = bot_nodes
        self.step_by_step = step_by_step
        humans = session.humans()
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self._bots: dict[int, tuple[Bot, int | None, float | None]] = {}
        seed = session.state.setup().seed
        self._rngs = {
            p: random.Random(f"{seed}:{p}:{seat.bot}") for p, seat in enumerate(session.seats)
        }
        self._log: list[LogEntry] = []
        self._shown_log: list[str] = []
        # (log, viewer, n, lines): the log's first n entries were told whole to the viewer,
        # in its first `lines` lines; a told entry does not change (`_refresh_log`)
        self._told: tuple[list[LogEntry] | None, int, int, int] = (None, PUBLIC, 0, 0)
        self._steps: list[tuple[LogEntry, int]] = []  # (entry, beat) still to show
        self._before: Any = None
        self._viewers = sorted({*humans, PUBLIC})
        self._think_started = 0.0
        self._waiting_since: float | None = None  # when the person's wait began
        self._stretch_owner: int | None = None  # whose turn the person watches (sat out)
        self._last_owner: int | None = None  # whose turn the last decision belonged to
        self._pending_bot_action: Any = None
        self._active = False
        self._stopped = False
        self._awaiting_human = False
        self._pace = QTimer(self)
        self._pace.setSingleShot(True)
        self._pace.timeout.connect(self._on_pace_elapsed)
        self._progress = 0
        self._progress_timer = QTimer(self)
        self._progress_timer.setSingleShot(True)
        self._progress_timer.setInterval(150)
        self._progress_timer.timeout.connect(self._on_progress_timer)

        session.action_applied.connect(self._on_action_applied)
        session.undone.connect(self._on_undone)
        self.view.action_chosen.connect(self._on_action_chosen)
        self.view.status.connect(self.status)
        thinker.decided.connect(self._on_bot_decided)
        thinker.failed.connect(self._on_bot_failed)
        thinker.progress.connect(self._on_bot_progress)
        screen.move_now.clicked.connect(self._on_move_now)
        screen.continue_button.clicked.connect(self._on_continue_step)
        screen.skip_button.clicked.connect(self._on_skip_steps)
        screen.handoff.ready.connect(self._on_handoff_ready)
        screen.undo_button.clicked.connect(self.undo)
        screen.log.itemClicked.connect(self._on_log_clicked)
        screen.retranslated.connect(self._on_retranslated)
        self._turn_words: Any = lambda: ""  # the turn line, said again in a new language

    @property
    def ai_delay_ms(self) -> int:
        """The pause after each computer decision (the AI pace); animations follow it."""
        return self._ai_delay_ms

    @ai_delay_ms.setter
    def ai_delay_ms(self, value: int) -> None:
        self._ai_delay_ms = value
        self.view.animation_ms = animation_ms(value)

    # lifecycle -------------------------------------------------------------------------
    def start(self) -> None:
        """Show the game (and its story so far, up to the step the save was showing) and
        let whoever is to act play."""
        self._active = True
        self._rebuild_log()
        self._restore_steps()
        self.session.keep("screen", self._screen_fields)
        self._refresh_players()
        self._advance()

    def _restore_steps(self) -> None:
        """Queue the resolution steps the save was still to show (the first was on screen);
        their log lines wait for them again."""
        for index, beat in self.session.restored.steps:
            if index < len(self._log) and beat < self._log[index].count():
                self._steps.append((self._log[index], beat))
        for entry, beat in reversed(self._steps):
            entry.shown = beat  # ends at each entry's first step still to show

    def _screen_fields(self) -> dict[str, Any] | None:
        """The save's "screen": the steps still to show as [action number, beat]."""
        if not self._steps:
            return None
        numbers = {id(entry): number for number, entry in enumerate(self._log)}
        return {"steps": [[numbers[id(entry)], beat] for entry, beat in self._steps]}

    def _rebuild_log(self) -> None:
        """The story of the actions already taken (a loaded game), replayed and retold."""
        self._log = []
        for before, action, after, player in replayed(self.session.state):
            entry = self._entry(before, action, after, player)
            entry.shown = entry.count()
            self._log.append(entry)
        self._update_last_actions()

    def retell(self) -> None:
        """Tell the story so far again (a new language): every entry's beats are made
        again from the replayed game; what is shown, and the steps still to show, stay."""
        decisions = replayed(self.session.state)
        for entry, (before, action, after, player) in zip(self._log, decisions, strict=False):
            entry.beats = self._entry(before, action, after, player).beats
        self.screen.log.clear()  # the old language's lines go: the story is told anew
        self._shown_log = []
        self._told = (None, PUBLIC, 0, 0)
        self._refresh_log()
        self._update_last_actions()
        self._update_undo()
        if self._steps:
            self._show_step_words()
        else:
            self._refresh_players()
            self._say_turn(self._turn_words)

    @Slot()
    def _on_retranslated(self) -> None:
        if self._active:
            self.retell()

    def _say_turn(self, words: Any) -> None:
        """Show the turn line `words()` (a function, to say it again in a new language)."""
        self._turn_words = words
        self.screen.turn.setText(words())

    def _entry(self, before: Any, action: Any, after: Any, player: int) -> LogEntry:
        return LogEntry(
            player,
            {v: self.ui.story(before, action, after, player, v) for v in self._viewers},
        )

    def stop(self) -> None:
        """Cancel thinking and timers; the controller does nothing more afterwards."""
        if self._stopped:
            return
        self._stopped = True
        self._active = False
        self.session.keep("screen", None)
        self.view.dispose()
        self._pace.stop()
        self._progress_timer.stop()
        self.thinker.cancel()
        for signal, slot in (
            (self.thinker.decided, self._on_bot_decided),
            (self.thinker.failed, self._on_bot_failed),
            (self.thinker.progress, self._on_bot_progress),
        ):
            signal.disconnect(slot)

    @property
    def human_to_act(self) -> bool:
        """True while the app waits for the shown human's decision."""
        state = self.session.state
        return (
            self._awaiting_human
            and not state.is_terminal()
            and self.viewer is not None
            and state.current_player() == self.viewer
        )

    def undo(self) -> None:
        """Take back the viewing human's last decision and the computer seats' replies
        after it; refused (with the reason) when another person decided since."""
        if self.viewer is None:
            self.status.emit(_("Undo is for the person at the screen: press “I am ready” first."))
            return
        refusal = self.session.undo_refusal(self.viewer)
        if refusal is not None:
            self.status.emit(refusal[0].upper() + refusal[1:] + ".")
            return
        self.thinker.cancel()
        self._pace.stop()
        self._pending_bot_action = None
        self._steps = []
        self.view.skip_animation()
        self.session.undo_own_decision(self.viewer)

    # turns -----------------------------------------------------------------------------
    def _advance(self) -> None:
        self._awaiting_human = False
        self.human_turn.emit(False)
        if not self._active:
            return
        state = self.session.state
        self._update_undo()
        self._refresh_log()
        if self._steps:
            self._show_step()
            return
        self.screen.step_box.hide()
        self._refresh_players()  # the game the board is about to show
        if state.is_terminal():
            self.view.show_state(self.session, self.viewer, False)
            self._say_turn(lambda: _("The game is over."))
            self.screen.thinking.hide()
            self.finished.emit()
            return
        player = state.current_player()
        if self.session.is_human(player):
            self.screen.thinking.hide()
            if self.viewer != player:
                self._show_handoff(player)
                return
            self.screen.centre.setCurrentWidget(self.view)
            self._say_turn(
                lambda: _("Your turn, {player}.").format(player=self._seat_label(state, player))
            )
            self.view.show_state(self.session, player, True)
            self._awaiting_human = True
            self.human_turn.emit(True)
            return
        self.screen.centre.setCurrentWidget(self.view)
        self._say_turn(
            lambda: _("{player} is thinking…").format(player=self.ui.player_label(state, player))
        )
        self.view.show_state(self.session, self.viewer, False)
        self._start_bot(player)

    def _show_handoff(self, player: int) -> None:
        state = self.session.state
        self.viewer = None
        self.view.show_state(self.session, None, False)
        self.screen.handoff.show_for(
            self._seat_label(state, player), self.ui.player_colour(state, player)
        )
        self.screen.centre.setCurrentWidget(self.screen.handoff)
        self._say_turn(
            lambda: _("Waiting for {player}.").format(player=self.ui.player_label(state, player))
        )
        self._refresh_log()
        self._update_undo()

    def _seat_label(self, state: Any, player: int) -> str:
        """What the game calls `player` ("Yellow"), with the name typed for the seat if
        any ("Yellow (Ana)"; not a plain "You", as the players' list says it anyway)."""
        label = self.ui.player_label(state, player)
        name = self.session.seats[player].name
        return f"{label} ({name})" if name and name != _("You") else label

    def _start_bot(self, player: int) -> None:
        bot, nodes, seconds = self._bot(player)
        state = self.session.state
        seconds = self._wait_share(player, seconds)
        self.screen.progress.setValue(0)
        self.screen.thinking.show()
        self._think_started = time.monotonic()
        self.thinker.think(
            bot,
            state.observation(player),
            state.legal_actions(),
            self._rngs[player],
            nodes=nodes,
            seconds=seconds,
        )

    def _wait_share(self, player: int, seconds: float | None) -> float | None:
        """The time cap of `player`'s decision: its level's share of what is left of the
        person's wait, shared with every computer seat of the table (`_seats_ahead`).

        While every person at the table sits out (Rice Wars: both pass markers down) the
        next prompt may be a whole round of the others' play away; the person watches it,
        and each computer seat's turn (a fight it starts included) is a wait of its own:
        the clock starts again when a turn begins (`GameUI.turn_owner` changes or
        `GameUI.turn_begins`; docs/PERFORMANCE.md, Waiting)."""
        level = self.session.seats[player].bot
        if seconds is None or level not in WAIT_SECONDS:
            return seconds
        now = time.monotonic()
        state = self.session.state
        humans = self.session.humans()
        if humans and all(self.ui.sits_out(state, p) for p in humans):
            owner = self.ui.turn_owner(state)
            fresh = owner != self._stretch_owner or self.ui.turn_begins(state)
            if fresh or self._waiting_since is None:
                self._stretch_owner = owner
                self._waiting_since = now
            return wait_share(level, seconds, now - self._waiting_since, 1)
        self._stretch_owner = None
        if self._waiting_since is None:
            return seconds
        return wait_share(level, seconds, now - self._waiting_since, self._seats_ahead())

    def _seats_ahead(self) -> int:
        """The computer seats that may act before the person's next prompt: all of them
        (a round may pass the person by, as an auction they cannot bid in does)."""
        return sum(1 for seat in self.session.seats if not seat.is_human)

    def _bot(self, player: int) -> tuple[Bot, int | None, float | None]:
        if player not in self._bots:
            # a level bot carries its own budget; `bot_nodes` overrides it (tests, demos)
            name = self.session.seats[player].bot
            try:
                bot = make_bot(name, self.session.game_id)
            except UnknownBotError as exc:
                self.status.emit(_("{error}; this seat plays at random").format(error=exc))
                bot = make_bot("random", self.session.game_id)
            nodes, seconds = self.bot_nodes, None
            if nodes is None and name in WAIT_SECONDS:
                # every computer seat thinks in turn while a person waits: share the wait
                seats = sum(1 for s in self.session.seats if not s.is_human)
                nodes, seconds = table_budget(name, self.session.game_id, seats)
            self._bots[player] = (bot, nodes, seconds)
        return self._bots[player]

    # slots -----------------------------------------------------------------------------
    @Slot(object)
    def _on_action_chosen(self, action: Any) -> None:
        if not self._active or not self.human_to_act:
            return
        self._apply(action)

    def _apply(self, action: Any) -> None:
        self._last_owner = self.ui.turn_owner(self.session.state)
        if self.session.is_human(self.session.state.current_player()):
            self._waiting_since = time.monotonic()  # the person acted: a wait begins
        self._awaiting_human = False
        self._before = self.session.state.clone()
        try:
            self.session.apply(action)
        except IllegalActionError as exc:
            self._before = None
            self.status.emit(_("Not allowed: {reason}").format(reason=self.ui.reason_words(exc)))

    @Slot(int, object)
    def _on_action_applied(self, player: int, action: Any) -> None:
        after = self.session.state
        before = self._before
        if before is None:  # applied by someone else: retell it from the state before
            before = after.clone()
            before.undo()
        entry = self._entry(before, action, after, player)
        self._log.append(entry)
        if self.step_by_step:
            beats = entry.count()
            self._steps.extend((entry, index) for index in range(1, beats))
        else:
            entry.shown = entry.count()
        self._before = None
        if (
            len(self.session.humans()) > 1
            and self.viewer is not None
            and (after.is_terminal() or after.current_player() != self.viewer)
        ):
            self.viewer = None  # hot seat: hide this player's screen from the next
        # the panels change with the board, in `_advance`: until it runs the board still
        # shows the game before the decision (and a resolution's first step comes next)
        self._update_last_actions()
        QTimer.singleShot(0, self, self._advance)  # dropped if the game closes first

    @Slot(int)
    def _on_undone(self, count: int) -> None:
        self._last_owner = None
        self._log = self._log[: max(0, len(self._log) - count)]
        self._steps = []
        self.status.emit(
            ngettext("Took back {n} decision.", "Took back {n} decisions.", count).format(n=count)
        )
        self._update_last_actions()
        self._advance()

    @Slot(object)
    def _on_bot_decided(self, action: Any) -> None:
        if not self._active:
            return
        self._pending_bot_action = action
        elapsed_ms = (time.monotonic() - self._think_started) * 1000
        # the pace lets a person follow each turn; the turn's further decisions (a card's
        # targets, a look, a token sent away, the rest of a fight) follow at once
        state = self.session.state
        history = state.history
        owner = self.ui.turn_owner(state)
        same_turn = owner == self._last_owner and not self.ui.turn_begins(state)
        humans = self.session.humans()
        idle = bool(humans) and all(self.ui.sits_out(state, p) for p in humans)
        paced = not (same_turn and history) and not idle
        pace_ms = float(self.ai_delay_ms)
        level = self.session.seats[state.current_player()].bot
        if paced and level in WAIT_SECONDS and self._waiting_since is not None:
            # the pace shares the person's wait too: many turns in one wait go faster
            waited = self._think_started - self._waiting_since
            pace_ms = 1000 * pace_share(level, pace_ms / 1000, waited, self._seats_ahead())
        delay = max(0.0, pace_ms - elapsed_ms) if paced else 0.0
        self._pace.start(int(delay))

    @Slot()
    def _on_pace_elapsed(self) -> None:
        action, self._pending_bot_action = self._pending_bot_action, None
        if action is None or not self._active:
            return
        self.screen.thinking.hide()
        self._apply(action)

    @Slot(str)
    def _on_bot_failed(self, message: str) -> None:
        self.screen.thinking.hide()
        self.status.emit(
            _("A computer clan failed to move ({error}); it plays at random.").format(error=message)
        )
        state = self.session.state
        self._apply(self._rngs[state.current_player()].choice(state.legal_actions()))

    @Slot(float)
    def _on_bot_progress(self, fraction: float) -> None:
        # QProgressBar repaints at once on setValue; a few updates a second are plenty
        self._progress = int(fraction * 100)
        if not self._progress_timer.isActive():
            self._progress_timer.start()

    @Slot()
    def _on_progress_timer(self) -> None:
        self.screen.progress.setValue(self._progress)

    @Slot()
    def _on_move_now(self) -> None:
        self.thinker.move_now()

    @Slot()
    def _on_handoff_ready(self) -> None:
        state = self.session.state
        if not state.is_terminal():
            self.viewer = state.current_player()
        self._advance()

    # resolution steps ------------------------------------------------------------------
    def _viewer_key(self) -> int:
        return self.viewer if self.viewer is not None else PUBLIC

    def _show_step(self) -> None:
        entry, index = self._steps[0]
        beats = entry.beats.get(self._viewer_key()) or entry.beats.get(PUBLIC) or []
        step = beats[index].step if index < len(beats) else None
        entry.shown = max(entry.shown, index + 1)  # its log lines appear with it
        self._refresh_log()
        if step is None:
            self._on_continue_step()
            return
        screen = self.screen
        screen.thinking.hide()
        screen.centre.setCurrentWidget(self.view)
        screen.step_box.show()
        self._show_step_words()
        self.view.show_state(self.session, self.viewer, False)
        self.view.show_step(step)
        if step.plays_on:  # a fight of others: it plays on at the pace, Continue still steps
            shown = self._steps[0]
            wait = max(self._ai_delay_ms, 2 * self.view.animation_ms)
            QTimer.singleShot(wait, self, lambda: self._play_on(shown))

    def _show_step_words(self) -> None:
        """The words of the step shown: its title, lines, the steps to come, the panels."""
        entry, index = self._steps[0]
        beats = entry.beats.get(self._viewer_key()) or entry.beats.get(PUBLIC) or []
        step = beats[index].step if index < len(beats) else None
        if step is None:
            return
        screen = self.screen
        screen.step_title.setText(step.title)
        screen.step_title.setToolTip(step.title)
        screen.step_text.setText("<br>".join(step.lines))
        screen.fit_step_text()
        more = len(self._steps) - 1
        steps = ngettext("{n} more step", "{n} more steps", more).format(n=more)
        screen.step_count.setText(steps if more else "")
        self._say_turn(lambda: _("Resolution"))
        self._refresh_players(step.state)  # the panels as of the step shown

    def _play_on(self, shown: tuple[LogEntry, int]) -> None:
        if self._active and self._steps and self._steps[0] is shown:  # not stepped past yet
            self._on_continue_step()

    @Slot()
    def _on_continue_step(self) -> None:
        self._waiting_since = time.monotonic()
        if self._steps:
            self._steps.pop(0)
        if not self._steps:
            self.view.show_step(None)
        self.session.autosave()  # the save shows the next step, or none
        self._advance()

    @Slot()
    def _on_skip_steps(self) -> None:
        self._waiting_since = time.monotonic()
        for entry, _index in self._steps:
            entry.shown = entry.count()
        self._steps = []
        self.view.skip_animation()
        self.view.show_step(None)
        self.session.autosave()
        self._advance()

    # last actions and places -------------------------------------------------------------
    def _update_last_actions(self) -> None:
        """Ring each computer seat's last decision on the board."""
        state = self.session.state
        marks: dict[int, tuple[str, tuple[str, ...], str]] = {}
        for entry in reversed(self._log):
            p = entry.player
            if p is None or p in marks or self.session.is_human(p):
                continue
            places = entry.places()
            if places:
                label = self.ui.player_label(state, p)
                lines = entry.lines(self._viewer_key())
                words = lines[0].text if lines else ""
                tip = _("{player}'s last move: {move}").format(player=label, move=words)
                marks[p] = (self.ui.player_colour(state, p), places, tip)
        self.view.set_last_actions(marks)

    @Slot(QListWidgetItem)
    def _on_log_clicked(self, item: QListWidgetItem) -> None:
        places = LogList.places(item)
        if places:
            self.view.show_places(tuple(places))
        else:
            self.status.emit(_("That line happened nowhere in particular on the board."))

    # side panel ------------------------------------------------------------------------
    def _refresh_players(self, state: Any = None) -> None:
        state = state if state is not None else self.session.state
        rows = []
        for player, seat in enumerate(self.session.seats):
            ai = _("AI {level}").format(level=ai_level_name(seat.bot))
            who = seat.name or (_("You") if seat.is_human else ai)
            status = self.ui.player_status(state, player, self._viewer_key())
            label = self.ui.player_label(state, player)
            text = f"{label} — {who}" + (f"\n{status}" if status else "")
            rows.append((text, self.ui.player_colour(state, player)))
        self.screen.players.show_rows(rows)
        # fitted at every refresh, changed or not: the side panel may have settled at another
        # width since (wrapped rows need another height), and a list left a few pixels short
        # scrolls and cuts a player's line
        self.screen.fit_players()

    def _refresh_log(self) -> None:
        viewer = self._viewer_key()
        log, told_viewer, first, base = self._told
        if log is not self._log or told_viewer != viewer or base > len(self._shown_log):
            first = base = 0
        # the entries told whole already do not change (`_told`): only the rest are asked
        news = self._lines_from(first, viewer)
        shown = self._shown_log[base:]
        # a long word-wrapped list is slow to lay out again: only add the new lines
        if len(news) < len(shown) or [line.text for line in news[: len(shown)]] != shown:
            self.screen.log.clear()
            self._shown_log = shown = []
            if first:
                first = base = 0
                news = self._lines_from(0, viewer)
        self._shown_log = self._shown_log[:base] + [line.text for line in news]
        self.screen.log.add_lines(news[len(shown) :])
        if len(news) > len(shown):
            self.screen.show_newest_log_line()
        told = first
        while told < len(self._log) and self._log[told].shown >= self._log[told].count():
            told += 1
        told_lines = sum(len(self._entry_lines(entry, viewer)) for entry in self._log[first:told])
        self._told = (self._log, viewer, told, base + told_lines)

    @staticmethod
    def _entry_lines(entry: LogEntry, viewer: int) -> list[LogLine]:
        return [line for line in entry.lines(viewer) if line.text]

    def _lines_from(self, first: int, viewer: int) -> list[LogLine]:
        """The log lines `viewer` may read so far, from the `first`-th entry on."""
        return [line for entry in self._log[first:] for line in self._entry_lines(entry, viewer)]

    def log_texts(self) -> list[str]:
        """The log lines shown now (tests, reports)."""
        return list(self._shown_log)

    def _update_undo(self) -> None:
        # another person's decision in the way leaves Undo enabled, to say whose it is
        viewer = self.viewer
        able = viewer is not None and (
            self.session.can_undo(viewer) or self.session.in_the_way(viewer) is not None
        )
        refusal = self.session.undo_refusal(viewer) if viewer is not None else None
        self.screen.undo_button.setEnabled(able)
        self.screen.undo_button.setToolTip(refusal[0].upper() + refusal[1:] if refusal else "")
        self.undo_available.emit(able)
