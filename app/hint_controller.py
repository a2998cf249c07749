"""Hints in a game: the H key and the Hint button ask the hard AI (in the background) for
the person's move; the answer is lit on the board with its reason; hints are counted.

A hint is asked only during the decision of a person at this computer, from that seat's
observation (`ai.hint`); any change of the game (a move, an undo) cancels a hint still
thinking and clears the one shown, so a hint always belongs to the position on screen.
The person may cancel a hint while it thinks (the Cancel button); a hint counts as used
when it is shown (also after "Answer now"), so a cancelled one is not counted. A decision's
hint counts once: asking again on the same decision shows the same hint, uncounted. Each
seat's count is its own (hot seat) and is kept in the save ("hints"), so Continue shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.analysis_worker import Analyst
from app.hint_words import say
from app.i18n import _
from app.review_words import lead_note
from app.widgets.hint_panel import HintPanel


def places_of(ui: Any, state: Any, actions: list[Any], player: int) -> tuple[str, ...]:
    """The board places of `actions`, each as `player` would take it in `state` (the game
    UI's `action_places`), in order and each once."""
    found: list[str] = []
    for action in actions:
        after = state.clone()
        after.apply(action)
        for key in ui.action_places(state, action, after, player):
            if key not in found:
                found.append(key)
    return tuple(found)


def with_targets(places: tuple[str, ...]) -> tuple[str, ...]:
    """`places` and the province each border place attacks ("A|B ->T" lights T too), so a
    suggested attack shows at a glance, not only as a small ring on the border."""
    found = list(places)
    for key in places:
        _, arrow, target = key.partition(" ->")
        if arrow and target and target not in found:
            found.append(target)
    return tuple(found)


class HintController(QObject):
    """Wires a `HintPanel` to the session and an `Analyst` (see the module docstring)."""

    used = Signal(int)
    """The number of hints used so far in this game (all seats)."""

    def __init__(
        self,
        session: Any,
        ui: Any,
        panel: HintPanel,
        analyst: Analyst,
        light: Callable[[list[Any], str], None],
        nodes: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.ui = ui
        self.panel = panel
        self.analyst = analyst
        self.light = light
        self.nodes = nodes
        players = session.state.num_players
        restored = session.restored.hints
        self.per_seat = list(restored.used) if restored else [0] * players
        """Hints used by each seat."""
        # the decision (game length in actions) each seat's last counted hint was asked in
        self._counted: list[int | None] = list(restored.asked) if restored else [None] * players
        self.last: Any = None
        """The hint shown now (an `ai.hint.Hint`), None when none is."""
        self.allowed = True
        """False outside the person's decisions (the game screen says when they begin and
        end: resolution steps, the hand-off curtain)."""
        self._asked_at: tuple[int, int] | None = None
        self._shown = False
        panel.asked.connect(self.ask)
        panel.stop_asked.connect(self.analyst.answer_now)
        panel.cancel_asked.connect(self.cancel)
        analyst.hinted.connect(self._on_hinted)
        analyst.progress.connect(self._on_progress)
        analyst.failed.connect(self._on_failed)
        session.changed.connect(self._on_changed)
        session.keep("hints", self.fields)
        self._on_changed()

    @property
    def count(self) -> int:
        """Hints used in this game, all seats together."""
        return sum(self.per_seat)

    def fields(self) -> dict[str, Any]:
        """The save's "hints": each seat's count and the decision of its last hint."""
        return {"used": list(self.per_seat), "asked": list(self._counted)}

    @Slot(bool)
    def set_allowed(self, allowed: bool) -> None:
        """A person's decision began (True) or ended (False)."""
        self.allowed = allowed
        self._show_available()

    def _show_available(self) -> None:
        seat = self.seat()
        self.panel.set_available(seat is not None)
        humans = self.session.humans()
        if seat is None and len(humans) == 1:
            seat = humans[0]
        if seat is not None:  # each person sees their own count (hot seat)
            self.panel.set_count(self.per_seat[seat])

    def seat(self) -> int | None:
        """The person whose decision it is, None when no person is to move."""
        state = self.session.state
        if state.is_terminal() or not self.allowed:
            return None
        player = state.current_player()
        return player if self.session.is_human(player) else None

    @Slot()
    def ask(self) -> None:
        """Ask for a hint for the person to move (ignored on a bot's turn)."""
        seat = self.seat()
        if seat is None or self._asked_at is not None:
            return
        state = self.session.state
        if self.last is not None and self._counted[seat] == len(state.history):
            self.light([self.last.action], self.last.words)  # shown already: light it again
            self._shown = True
            return
        names = [self.ui.player_label(state, p) for p in range(state.num_players)]
        self._asked_at = (len(state.history), seat)
        self.panel.show_thinking()
        self.analyst.hint(
            self.session.game_id,
            state.observation(seat),
            state.legal_actions(),
            names=names,
            nodes=self.nodes,
        )

    @Slot()
    def cancel(self) -> None:
        """The person does not want the hint being thought about: drop it, uncounted."""
        if self._asked_at is not None:
            self.stop()

    def thinking(self) -> bool:
        """True while a hint is being thought about."""
        return self._asked_at is not None

    def detach(self) -> None:
        """The game screen goes: stop, and no longer keep the count in the session's saves
        (the session may outlive this controller)."""
        self.stop()
        self.session.keep("hints", None)

    def stop(self) -> None:
        """Cancel a hint still thinking and clear the board's light."""
        if self._asked_at is not None:
            self.analyst.cancel()
            self._asked_at = None
        if self._shown:
            self.light([], "")
            self._shown = False
        self.last = None
        self.panel.clear()

    @Slot()
    def _on_changed(self) -> None:
        state = self.session.state
        if self._asked_at is not None and self._asked_at[0] == len(state.history):
            return  # still the same position: the hint in progress stays
        # an undo took back the decisions after this length: their hints may count again
        self._counted = [
            n if n is not None and n <= len(state.history) else None for n in self._counted
        ]
        self.stop()
        self._show_available()

    @Slot(float)
    def _on_progress(self, fraction: float) -> None:
        if self._asked_at is not None:
            self.panel.show_progress(fraction)

    @Slot(object)
    def _on_hinted(self, hint: Any) -> None:
        decision = len(self.session.state.history)
        if self._asked_at is None or self._asked_at[0] != decision:
            return
        seat = self._asked_at[1]
        self._asked_at = None
        if self._counted[seat] != decision:  # one decision's hints count once
            self._counted[seat] = decision
            self.per_seat[seat] += 1
            self.used.emit(self.count)
            self.session.autosave()  # quitting now keeps the count
        self.panel.set_count(self.per_seat[seat])
        self.last = hint
        # the game's own words where it has them (a test's stand-in UI may not)
        words_of = getattr(self.ui, "move_words", None)
        state = self.session.state

        def move_words(action: Any) -> str | None:
            return words_of(state, action, seat) if words_of else None

        named = move_words(hint.action)
        reason = say(hint.said, move_words) if hint.said is not None else hint.reason
        self.panel.show_hint(named if named is not None else hint.words, reason)
        # the reason's one number, explained where the pointer rests on it
        note = lead_note(self.session.game_id)
        self.panel.answer.setToolTip(note[:1].upper() + note[1:] + ".")
        self.light([hint.action], hint.words)
        self._shown = True

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        if self._asked_at is not None:
            self._asked_at = None
            self.panel.show_message(_("No hint: {reason}").format(reason=message))
