"""A guided game in the app: the guide's step beside the board, its moves lit.

`GuideController` follows the session: after every change it asks the `GuideProgress` for
the step that applies, shows it in the `GuidePanel` and lights the step's moves through
`light(actions, words)` (the game screen turns them into the board's lit targets). The person's
own moves are recorded against the position they were made in, so a step is done as soon
as its move is made, whether or not the guide asked for it yet. Leaving the guide clears
the light and the words; resuming picks up from the steps done. The steps done (and the
guide on or aside) are kept in the save ("learn"), so Continue takes the guide up again
at the same step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Slot

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import N_, _
from app.learn.guide import Guide, GuideProgress, Step
from app.widgets.guide_panel import GuidePanel

WAITING = N_("The other clans are playing. Watch the board: the guide speaks again on your turn.")
PLAY_ON = N_("Nothing new to learn here: play as you think best (Hint suggests a move).")


class GuideController(QObject):
    """Wires a `GuidePanel` to a guided session (see the module docstring)."""

    def __init__(
        self,
        guide: Guide,
        session: Any,
        panel: GuidePanel,
        light: Callable[[list[Any], str], None],
        progress: GuideProgress | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.guide = guide
        self.session = session
        self.panel = panel
        self.light = light
        self.progress = progress or GuideProgress(guide)
        self.active = True
        self.step: Step | None = None
        self._before: Any = None
        panel.next_asked.connect(self._on_next)
        panel.leave_asked.connect(self._on_leave)
        panel.resume_asked.connect(self._on_resume)
        session.changed.connect(self.refresh)
        session.action_applied.connect(self._on_action_applied)
        session.keep("learn", self.fields)
        self.refresh()

    def fields(self) -> dict[str, Any]:
        """The save's "learn": the guide's game, its steps done, on or aside."""
        return {"game": self.guide.game, "done": sorted(self.progress.done), "active": self.active}

    def detach(self) -> None:
        """The game screen goes: the session's saves no longer keep the guide."""
        self.session.keep("learn", None)

    @Slot()
    def refresh(self) -> None:
        """Show the step that applies now and light its moves."""
        state = self.session.state
        seat = self.guide.seat
        mine = not state.is_terminal() and state.current_player() == seat
        self._before = state.clone() if mine else None
        done = len(self.progress.done)
        total = len(self.guide.steps)
        if not self.active:
            self.step = None
            self.light([], "")
            return
        self.step = self.progress.current(state, seat)
        if self.step is None:
            self.panel.show_idle(_(PLAY_ON if mine else WAITING), done, total)
            self.light([], "")
            return
        step = self.step
        title = _(step.title)
        self.panel.show_step(title, step.says(state, seat), step.wants is None, done, total)
        self.light(self.progress.targets(state, step), title)

    def leave(self) -> None:
        """Put the guide aside; the game goes on as any other."""
        self.active = False
        self.panel.set_active(False)
        self.refresh()

    def resume(self) -> None:
        """Take the guide up again where the game now stands."""
        self.active = True
        self.panel.set_active(True)
        self.refresh()

    @Slot()
    def _on_leave(self) -> None:
        self.leave()
        self.session.autosave()  # Continue keeps the guide aside

    @Slot()
    def _on_resume(self) -> None:
        self.resume()
        self.session.autosave()

    @Slot()
    def _on_next(self) -> None:
        if self.step is not None and self.step.wants is None:
            self.progress.acknowledge(self.step)
            self.refresh()
            self.session.autosave()  # Continue shows the next step

    @Slot(int, object)
    def _on_action_applied(self, player: int, action: Any) -> None:
        if player == self.guide.seat and self._before is not None:
            self.progress.record(self._before, action)
            self._before = None
