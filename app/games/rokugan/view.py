"""The Battle for Rokugan play area: the board, the hand behind the screen, cards, prompts.

Rendering rule: public facts (control tokens, special tokens, where tokens lie, round,
phase, counts) come from the state's public fields; everything hidden comes from the
viewing player's `observation` only — a face-down token shows its face just when that
observation knows it (own tokens, scouted ones). With no viewer (hot-seat hand-over)
every face-down token is drawn face down. The map is drawn by `MapScene` in its game
layout (every legal place its own spot, provinces in their controller's colour); the
pieces by `BoardOverlay`, which also plays each resolution step on the board.

A click counts only on a lit target: a lit spot (a province's centre, a border arrow, a
coast) while a token is being placed, a lit province for a card or a control token, a
lit token. Anywhere else it changes nothing and the status bar says why.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Slot
from PySide6.QtGui import QColor, QFont, QFontMetrics, QIcon, QKeyEvent, QPen, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QGraphicsEllipseItem,
    QLabel,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.board.maps_cache import map_geometry
from app.board.scene import MapScene
from app.board.view import BoardView
from app.games.base import PickTreeView, ResolutionStep, clear_layout
from app.games.rokugan import clicks, narrate
from app.games.rokugan.overlay import BoardOverlay
from app.games.rokugan.picks import (
    BUTTON,
    CARD,
    DISCARD,
    END,
    HAND,
    PLACE,
    TOKEN,
    Pick,
    PickTree,
)
from app.games.rokugan.prompts import button_text, prompt_text
from app.games.rokugan.resolution import Picture, visible_tokens
from app.games.rokugan.story import StepShow
from app.games.rokugan.tokens import TokenItem, clan_identity, grow_tokens, token_pixmap
from app.i18n import N_, _
from app.palette import FLASH, KEY_FOCUS, LAST_MOVE, LIT_CORE
from app.widgets.keypick import KeyPicker, keys_legend
from app.widgets.wrap_button import wrapped
from engine.rokugan import actions as A
from engine.rokugan.data import CLANS, OBJECTIVES
from engine.rokugan.state import (
    DISCARD as LOC_DISCARD,
)
from engine.rokugan.state import (
    HAND as LOC_HAND,
)
from engine.rokugan.state import (
    POOL as LOC_POOL,
)
from engine.rokugan.state import (
    RokuganState,
)

if TYPE_CHECKING:
    from app.session import GameSession

__all__ = ["RokuganView", "visible_tokens"]

HAND_ICON = 54
COMPACT_HAND = 0.6  # the hand's icons where the column over a tall map is short of room
LEAST_TOKEN_PX = 16  # a token on the board is at least this many pixels across
SIDE_WIDTH = 270  # the controls column over a tall map's right edge (pixels)
MARGIN = 4  # round the view's edge (pixels)
BAND_HEIGHT = 170  # the controls band under a wide map (pixels)
QWIDGETSIZE_MAX = (1 << 24) - 1
STATUS_ROW = [(9.3, 2.8), (6.6, 5.8)]  # a province's status: one row, or two (units)
LEAST_NAME = 0.95  # of a name's full size: ≥ 9 pt at fit zoom in a 1280 × 720 window
LEGEND = N_(
    "<b>Marks on the board</b><br>"
    "<b>Gold disc in a black ring</b>: a place your token may go (an arrow in it: the "
    "border it attacks across).<br>"
    "<b>Gold outline</b>: a province you may choose; a gold ring around a token: a token "
    "you may choose.<br>"
    "<b>Dashed white outline or ring</b>: a computer clan's last move (hover it for "
    "what it was); a dotted white ring around a token: the newest token placed.<br>"
    "<b>Orange outline</b>: where the log line you clicked happened.<br>"
    "<b>Pale outline</b>: the provinces of the resolution step shown.<br>"
    "<b>Fill</b>: the clan that controls the province; the band inside its edge: its "
    "territory.<br>"
    "<b>Token</b>: its face (A army, N navy, S shinobi, +n Blessing…) and the clan's "
    "mark; a dashed ring: face down, but you know it.<br>"
    "<b>Pill in a clan colour</b>: its control tokens, ★n face up (1 honor, +1 defence "
    "each), ●n face down; a shield: the defence.<br>"
    "Hover a province for its defence and honor, a battle pill for its tally."
)
"""What every ring, outline and mark on the board means (the legend's tooltip)."""
PROMPT_LINES = 4  # the prompt's least height in lines: the controls under it stay put
FLASH_MS = 1800  # how long a log line's places stay lit


class RokuganView(PickTreeView):
    """Board, hand and choices of one viewer; emits the chosen action."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = BoardView()
        self.board.clicked.connect(self._on_board_clicked)
        self.board.hovered.connect(self._on_board_hovered)
        self.board.rescaled.connect(self._grow_tokens)
        self.scene: MapScene | None = None
        self.overlay: BoardOverlay | None = None
        self._map_path: Path | None = None
        self._session: GameSession | None = None
        self._viewer: int | None = None
        self.tree: PickTree | None = None
        self._step: ResolutionStep | None = None
        self._drawn_step: ResolutionStep | None = None
        self._last_actions: dict[int, tuple[str, tuple[str, ...], str]] = {}

        self.info = QLabel()
        self.info.setWordWrap(True)
        self.info.setTextFormat(Qt.RichText)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setStyleSheet("color: #3b2b12")
        self.ui_scale = 1.0
        self.choices = QBoxLayout(QBoxLayout.LeftToRight)
        self.choices.setContentsMargins(0, 0, 0, 0)
        choice_box = QWidget()
        choice_box.setLayout(self.choices)
        self.hand = QBoxLayout(QBoxLayout.LeftToRight)
        self.hand.setContentsMargins(0, 0, 0, 0)
        hand_box = QFrame()
        hand_box.setObjectName("screen")
        self.hand_box = hand_box
        self._style_hand_box()
        hand_box.setLayout(self.hand)
        self.hand_buttons: dict[str, QToolButton] = {}
        self.choice_buttons: list[QPushButton] = []

        # prompt, choices and hand: a column laid over the board's right edge beside a tall
        # map (the map fitted beside it, the board all the view's height and width), a
        # band under a wide one
        self.controls = QFrame()
        self.controls.setObjectName("controls")
        self.controls.setAutoFillBackground(True)
        controls = QVBoxLayout(self.controls)
        controls.setContentsMargins(0, 0, 0, 0)
        # Cancel keeps its place under the prompt, disabled while nothing is chosen
        self.cancel_button = QPushButton()
        self.cancel_button.clicked.connect(self._on_cancel)
        self.legend = QLabel()
        self.retranslate()
        self.legend.setStyleSheet("color: #6b5a44")
        controls.addWidget(self.prompt)
        controls.addWidget(self.cancel_button)
        controls.addWidget(choice_box)
        controls.addWidget(hand_box)
        controls.addWidget(self.legend)
        controls.addStretch(1)
        self._body = QBoxLayout(QBoxLayout.TopToBottom)
        self._body.addWidget(self.board, 1)
        self._body.addWidget(self.controls)
        self.beside = False
        self._rescaled = False
        self._hand_key: tuple | None = None  # what the hand's widgets were made for
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(MARGIN, MARGIN, MARGIN, MARGIN)
        self._layout.addWidget(self.info)
        self._layout.addLayout(self._body, 1)
        # every decision without the mouse: the arrows ring a lit place or token, Enter
        # picks it, 1–9 the hand's tokens, Tab and Space the buttons, Esc cancels
        self.keys = KeyPicker(self._key_targets, self._pick, self._show_key_ring, self)
        self.board.installEventFilter(self.keys)
        self.setFocusPolicy(Qt.StrongFocus)
        self._key_ring: list[QGraphicsEllipseItem] = []

    def _arrange(self) -> None:
        """Put the controls where the board gets bigger: over its right edge beside a tall
        map (the round's line on top of them), or under a wide one."""
        scene = self.scene
        if scene is None:
            return
        rect = scene.sceneRect()
        aspect = rect.width() / rect.height()
        width = self.width()
        height = self.height() - self.info.height()
        k = self.ui_scale
        beside = min((width - SIDE_WIDTH * k) / aspect, self.height()) > min(
            width / aspect, height - BAND_HEIGHT * k
        )
        if beside != self.beside or self._rescaled:
            self._rescaled = False
            self.beside = beside
            flow = QBoxLayout.TopToBottom if beside else QBoxLayout.LeftToRight
            self.choices.setDirection(flow)
            self.hand.setDirection(flow)
            column = self.controls.layout()
            if beside:
                self._body.removeWidget(self.controls)
                self._layout.removeWidget(self.info)
                column.insertWidget(0, self.info)
                self.controls.setParent(self)
                self.controls.setFixedWidth(round(SIDE_WIDTH * k))
            else:
                column.removeWidget(self.info)
                self._layout.insertWidget(0, self.info)
                self._body.addWidget(self.controls)
                self.controls.setMinimumWidth(0)
                self.controls.setMaximumWidth(QWIDGETSIZE_MAX)
            self.controls.show()
            self.info.show()
            for button in self.hand_buttons.values():
                button.setToolButtonStyle(self._hand_button_style())
        self._lay_over()

    def _lay_over(self) -> None:
        """Lay the controls column over the board's right edge (beside a tall map)."""
        if not self.beside:
            self.board.set_cover(0)
            return
        width = self.controls.width()
        height = self.controls.height()
        self.controls.setGeometry(
            self.width() - MARGIN - width, MARGIN, width, self.height() - 2 * MARGIN
        )
        self.controls.raise_()
        self.board.set_cover(width + MARGIN)
        if self.controls.height() != height and self._session is not None:
            self._draw_hand(self._state())  # the hand's size for the column's new height

    def _hand_button_style(self) -> Qt.ToolButtonStyle:
        return Qt.ToolButtonTextBesideIcon if self.beside else Qt.ToolButtonTextUnderIcon

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Re-arrange the controls for the new shape, then let the board refit."""
        self._arrange()
        super().resizeEvent(event)

    # GameView --------------------------------------------------------------------------
    def _style_hand_box(self) -> None:
        # a style sheet stops font propagation: the hand's text size is set here
        size = self.font().pointSizeF()
        self.hand_box.setStyleSheet(
            f"#screen {{ background: #3a2f24; border-radius: 6px; }}"
            f"#screen QLabel {{ color: #f3ead7; font-size: {size:.1f}pt; }}"
            f"#screen QToolButton {{ color: #f3ead7; background: transparent;"
            f" border: 2px solid transparent; border-radius: 8px; padding: 2px;"
            f" font-size: {size:.1f}pt; }}"
            "#screen QToolButton:hover:enabled { border-color: #c9b48a; }"
            "#screen QToolButton:checked { background: #6b5a44; border-color: #ffe14d; }"
            "#screen QToolButton:disabled { color: #8a7f6d; }"
        )

    def retranslate(self) -> None:
        """Say the words again in the current language (`app.i18n`)."""
        self.cancel_button.setText(_("Cancel"))
        self.legend.setText(_("What the marks mean <u>(hover)</u>"))
        self.legend.setToolTip(_(LEGEND) + keys_legend(hand_numbers=True))
        self._redraw()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language (`QEvent.LanguageChange`): the words again."""
        super().changeEvent(event)
        if event.type() == QEvent.LanguageChange:
            self.retranslate()

    def set_ui_scale(self, scale: float) -> None:
        """Size the prompt, the hand and the controls column for `scale`."""
        self.ui_scale = scale
        self._style_hand_box()
        font = QFont(self.font())
        font.setPointSizeF(self.font().pointSizeF() * 1.15)
        font.setBold(True)
        self.prompt.setFont(font)
        self.legend.setFont(self.font())  # its style sheet stops the font reaching it
        # room for a long prompt: a shorter one does not pull the buttons under it up
        self.prompt.setMinimumHeight(PROMPT_LINES * QFontMetrics(font).lineSpacing())
        self.prompt.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self._rescaled = True
        self._arrange()
        if self._session is not None:
            self._draw_hand(self._state())

    def show_state(self, session: GameSession, viewer: int | None, interactive: bool) -> None:
        """Redraw everything for `viewer`; offer choices when `interactive`."""
        self._session = session
        self._viewer = viewer
        state: RokuganState = session.state  # type: ignore[assignment]
        self._ensure_scene(session)
        self.tree = PickTree(state.legal_actions(), state.board.ids) if interactive else None
        self._redraw()

    def dispose(self) -> None:
        """Let go of the board's items: the game is closed."""
        if self.overlay is not None:
            self.overlay.stop()
            self.overlay.items = []
            self.overlay.token_items = {}
            self.overlay.status_items = {}
            self.overlay.battle_items = {}
        if self.scene is not None:
            self.scene.dispose()
        self._step = self._drawn_step = None
        self._session = None
        self.tree = None

    def skip_animation(self) -> None:
        """Jump to the end of the step being played on the board."""
        if self.overlay is not None:
            self.overlay.skip()

    def animating(self) -> bool:
        """True while a resolution step plays on the board."""
        return self.overlay is not None and self.overlay.animating()

    def set_last_actions(self, marks: dict[int, tuple[str, tuple[str, ...], str]]) -> None:
        """Ring each seat's last action in its clan colour (drawn outside resolutions)."""
        self._last_actions = dict(marks)
        self._draw_last_actions()

    def show_places(self, places: tuple[str, ...]) -> None:
        """Flash the places of a log line, and bring the first into view."""
        if self.scene is None:
            return
        marks = [(key, QColor(FLASH), "") for key in places]
        self.scene.set_marks("flash", marks, fade_ms=FLASH_MS)
        for key in places:
            point = self.scene.place_point(key)
            if point is not None:
                self.board.ensureVisible(point.x() - 1, point.y() - 1, 2, 2)
                break

    @property
    def _token_items(self) -> dict[str, TokenItem]:
        """The drawn tokens by their board key ("#N")."""
        return self.overlay.token_items if self.overlay is not None else {}

    def place_point(self, value: str) -> QPointF:
        """Where to click to pick a place (a lit spot, else inside the province)."""
        assert self.scene is not None
        spot = self.scene.target_spots.get(value)
        if spot is not None:
            return spot.scenePos()
        centre = self.scene.centre_spots.get(value)
        if centre is not None and centre.isVisible():
            return centre.scenePos()
        # a province picked as a whole: a point of it away from its name and tokens
        item = self.scene.province_items[value]
        target = self.scene.target(value)
        if target is not None:
            edge = QPointF(target.x + target.radius * 1.3, target.y)
            if item.path().contains(edge):
                return edge
        return self.scene.labels[value]

    # drawing ---------------------------------------------------------------------------
    def _ensure_scene(self, session: GameSession) -> None:
        path = session.map_path
        if path is None or path == self._map_path:
            return
        self._map_path = path
        self.scene = MapScene(
            map_geometry(path),
            status_row=STATUS_ROW,
            ownership=True,
            show_defense=False,
            parent=self,
            least_name=LEAST_NAME,
        )
        self.overlay = BoardOverlay(self.scene, self)
        self.board.setScene(self.scene)
        self._arrange()
        self.board.fit()

    def _state(self) -> RokuganState:
        """The game as of what the board shows: during a resolution step, the game right
        after that step (the engine's, `StepFacts.state`); else the session's."""
        assert self._session is not None
        show = self._step.payload if self._step is not None else None
        if isinstance(show, StepShow) and show.facts.state is not None:
            return show.facts.state
        return self._session.state  # type: ignore[return-value]

    def _redraw(self) -> None:
        if self.scene is None or self._session is None or self.overlay is None:
            return
        state = self._state()
        self.scene.clear_highlights()
        self.scene.set_marks("lit", [])
        show = self._step.payload if self._step is not None else None
        if isinstance(show, StepShow):
            if self._drawn_step is not self._step:
                # a new step: play it on the board, from the board before it
                self._drawn_step = self._step
                self.scene.set_marks("last", [])
                self.overlay.animate_step(
                    show.resolution.reveal,
                    show.before,
                    show.facts,
                    self._viewer,
                    self.animation_ms,
                    self._province_tip_in(show.resolution.reveal),
                )
                self._grow_tokens()
            # the step's provinces outlined: a tint would hide whose colour they are
            self.scene.set_marks(
                "step", [(pid, QColor("#fff6c8"), "") for pid in self._step.highlight]
            )
        else:
            self._drawn_step = None
            self.scene.set_marks("step", [])
            picture = Picture.of(state, self._viewer)
            self.overlay.draw(state, picture, self._viewer, self._province_tip_in(state))
            self._grow_tokens()
            history = state.history
            if history and isinstance(history[-1], (A.Place, A.Animate)):
                latest = self._token_items.get(f"#{len(state.tokens) - 1}")
                if latest is not None:
                    latest.recent = True
            self._draw_last_actions()
        self._draw_info(state)
        self._draw_hand(state)
        self._draw_choices(state)
        self.keys.refresh()

    def _grow_tokens(self) -> None:
        """Draw every token at least `LEAST_TOKEN_PX` across at this zoom, clear of the
        names (`tokens.grow_tokens`)."""
        px = self.board.transform().m11()
        items = [item for item in self._token_items.values() if shiboken6.isValid(item)]
        if px > 0 and items and self.scene is not None:
            least = LEAST_TOKEN_PX / 2 / px
            grow_tokens(items, least, self.scene.name_rects(), move=not self.animating())

    def _draw_last_actions(self) -> None:
        if self.scene is None:
            return
        in_step = self._step is not None and isinstance(self._step.payload, StepShow)
        marks = []
        if not in_step:
            # dashed white, never the clan's colour: a band of it reads as ownership
            for _colour, places, words in self._last_actions.values():
                marks.extend((key, QColor(LAST_MOVE), words) for key in places)
        self.scene.set_marks("last", marks)

    def _province_tip_in(self, state: RokuganState):  # noqa: ANN202 - a tooltip maker
        return lambda q: narrate.province_tip(state, q)

    def _draw_info(self, state: RokuganState) -> None:
        parts = [f"<b>{narrate.phase_words(state)}</b>"]
        show = self._step.payload if self._step is not None else None
        if isinstance(show, StepShow):
            head = _("Round {round} of 5 — Resolution").format(round=show.resolution.before.round)
            parts = [f"<b>{head}</b>"]
        elif not state.is_terminal():
            first = narrate.clan_name(state, state.first)
            parts.append(_("First player: {clan}").format(clan=first))
        viewer = self._viewer
        if viewer is not None:
            objective = state.objective[viewer]
            if objective >= 0:
                name, honor = OBJECTIVES[objective]
                parts.append(
                    _("Your objective: <i>{objective}</i> ({honor}) — {condition}").format(
                        objective=narrate.pretty(name),
                        honor=honor,
                        condition=narrate.objective_text(state, name),
                    )
                )
            cards = [
                narrate.pretty(card)
                for t, card in enumerate(state.terr_card)
                if card and state.terr_holder[t] == viewer
            ]
            counts = _("Scouts {scouts} · Shugenja {shugenja}").format(
                scouts=state.scouts[viewer], shugenja=state.shugenja[viewer]
            )
            if cards:
                counts += " · " + _("Cards: {cards}").format(cards=", ".join(cards))
            parts.append(counts)
            known: dict[int, list[str]] = {}
            for other, tid in state.observation(viewer).known_hand:
                known.setdefault(other, []).append(narrate.token_words(state.label(other, tid)))
            for other, labels in sorted(known.items()):
                parts.append(
                    _("You saw {clan}'s hand: {tokens}").format(
                        clan=narrate.clan_name(state, other), tokens=", ".join(labels)
                    )
                )
        self.info.setText(" &nbsp;·&nbsp; ".join(parts))

    def _draw_hand(self, state: RokuganState, compact: bool = False) -> None:
        """The tokens behind the viewer's screen (`compact`: smaller, where the column
        over the board would not hold them all). The buttons and their token pictures are
        made again only when what they show changed (most decisions leave the hand as it
        was); a click's toggle is set back to the choice either way. Beside the board they
        are made every time: whether they fit the column depends on the rest of it."""
        key = None if compact or self.beside else self._hand_shows(state)
        if key is not None and key == self._hand_key:
            self._check_hand_buttons()
            return
        if not compact:
            self._hand_key = key
        clear_layout(self.hand)
        self.hand_buttons = {}
        viewer = self._viewer
        if viewer is None:
            label = QLabel(_("The screen is closed."))
            self.hand.addWidget(label)
            self.hand.addStretch(1)
            return
        clan = CLANS[state.clans[viewer]]
        obs = state.observation(viewer)
        identity = clan_identity(clan)
        title = QLabel(
            f"<span style='background:{identity.colour}; color:{identity.ink}'>"
            f"&nbsp;<b>{identity.mark} {narrate.pretty(clan)}</b>&nbsp;</span>"
            + (" " + _("behind your screen") if self.beside else _("<br>behind<br>your screen"))
        )
        self.hand.addWidget(title)
        counts: dict[str, int] = {}
        for tid, loc in enumerate(obs.own_loc):
            if loc == LOC_HAND:
                label = state.label(viewer, tid)
                counts[label] = counts.get(label, 0) + 1
        options = self.tree.options() if self.tree else []
        chosen = self.tree.first() if self.tree else None
        for label in sorted(counts, key=_token_order):
            button = QToolButton()
            selected = chosen == Pick(HAND, label)
            button.setIcon(
                QIcon(
                    token_pixmap(
                        round(HAND_ICON * 2 * self.ui_scale),
                        clan,
                        narrate.token_short(label),
                        selected,
                    )
                )
            )
            icon = round(HAND_ICON * self.ui_scale * (COMPACT_HAND if compact else 1.0))
            button.setIconSize(QSize(icon, icon))
            button.setText(
                f"{narrate.token_words(label)}"
                + (f" ×{counts[label]}" if counts[label] > 1 else "")
            )
            button.setToolButtonStyle(self._hand_button_style())
            button.setToolTip(narrate.token_help(label))
            button.setCheckable(True)
            button.setChecked(selected)
            button.setEnabled(Pick(HAND, label) in options or selected)
            button.clicked.connect(lambda _checked=False, lab=label: self._on_hand_clicked(lab))
            self.hand.addWidget(button)
            self.hand_buttons[label] = button
        discard = [
            state.label(viewer, t) for t, loc in enumerate(obs.own_loc) if loc == LOC_DISCARD
        ]
        self.hand.addStretch(1)
        if discard:
            self.hand.addWidget(QLabel(_("Discard pile: {n}").format(n=len(discard))))
        pool = sum(1 for loc in obs.own_loc if loc == LOC_POOL)
        self.hand.addWidget(QLabel(_("Pool: {n}").format(n=pool)))
        column = self.controls.layout()
        for index in range(self.hand.count()):  # shown now, not on the next event: measured
            widget = self.hand.itemAt(index).widget()
            if widget is not None:
                widget.show()
        self.hand.invalidate()
        column.invalidate()
        if self.beside and not compact and column.sizeHint().height() > self.controls.height():
            self._draw_hand(state, compact=True)  # seven kinds of token: smaller, all seen

    def _hand_shows(self, state: RokuganState) -> tuple:
        """All the hand's widgets under the board depend on: the viewer's clan and tokens,
        the chosen one, the words' language and the scale they are drawn for."""
        viewer = self._viewer
        clan = state.clans[viewer] if viewer is not None else None
        own = state.observation(viewer).own_loc if viewer is not None else ()
        hand = tuple(sorted(state.label(viewer, t) for t, loc in enumerate(own) if loc == LOC_HAND))
        chosen = self.tree.first() if self.tree else None
        look = (self.ui_scale, self.font().pointSizeF())
        return (viewer, clan, hand, own.count(LOC_DISCARD), own.count(0), chosen, look,
                _("behind your screen"))  # fmt: skip

    def _check_hand_buttons(self) -> None:
        """Each hand button checked when it is the choice, enabled when it may be picked."""
        options = self.tree.options() if self.tree else []
        chosen = self.tree.first() if self.tree else None
        for label, button in self.hand_buttons.items():
            selected = chosen == Pick(HAND, label)
            button.setChecked(selected)
            button.setEnabled(Pick(HAND, label) in options or selected)

    def _draw_choices(self, state: RokuganState) -> None:
        clear_layout(self.choices)
        self.choice_buttons = []
        tree = self.tree
        if tree is None:
            if state.is_terminal():
                self.prompt.setText(_("The game is over."))
            elif self._step is not None:
                self.prompt.setText(_("Resolution — the revealed board."))
            else:
                current = narrate.clan_name(state, state.current_player())
                self.prompt.setText(_("Waiting for {clan}…").format(clan=current))
            self.choices.addStretch(1)
            self._enable_cancel(False)
            return
        options = tree.options()
        self.prompt.setText(prompt_text(state, tree))
        # the buttons of the picks already made stay where they were, disabled (the one
        # chosen checked): the next pick's buttons come after them, nothing moves
        for depth in range(len(tree.chosen) + 1):
            made = tree.chosen[depth] if depth < len(tree.chosen) else None
            for pick in tree.options_at(depth):
                if pick.kind not in (CARD, BUTTON, DISCARD, END):
                    continue
                button = self._choice_button(state, pick)
                if made is not None:
                    button.setEnabled(False)
                    button.setCheckable(True)
                    button.setChecked(pick == made)
                    button.setToolTip(
                        _("Chosen: Cancel (Esc) to choose again")
                        if pick == made
                        else _("Another choice was made: Cancel (Esc) to choose again")
                    )
        self.choices.addStretch(1)
        self._enable_cancel(bool(tree.chosen))
        self._light_targets(state, options)

    def _enable_cancel(self, able: bool) -> None:
        """Cancel stays in its place: disabled, with the reason, while nothing is chosen."""
        self.cancel_button.setEnabled(able)
        self.cancel_button.setToolTip(
            _("Take back what you chose for this decision (Esc)")
            if able
            else _("Nothing chosen yet for this decision: nothing to take back")
        )

    def _choice_button(self, state: RokuganState, pick: Pick) -> QPushButton:
        text, tip = button_text(state, pick, self._viewer)
        if self.beside:  # a long choice takes two lines in the narrow column, never cut
            text = wrapped(text, self.controls.fontMetrics(), self.controls.width())
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setProperty("pick", (pick.kind, pick.value))
        button.clicked.connect(lambda _checked=False, p=pick: self._pick(p))
        self.choices.addWidget(button)
        self.choice_buttons.append(button)
        return button

    def _light_targets(self, state: RokuganState, options: list[Pick]) -> None:
        scene = self.scene
        assert scene is not None
        b = state.board
        placing = self._placing()
        lit = []
        for pick in options:
            if pick.kind == PLACE:
                if pick.value in b.index and not placing:
                    # a card or a control token goes to a province as a whole: outlined,
                    # as a tint would recolour whose it is
                    lit.append((pick.value, QColor(LIT_CORE), _("You may choose this province")))
                    continue
                spot = scene.centre_spots.get(pick.value) or scene.target_spots.get(pick.value)
                if spot is not None:
                    spot.setVisible(True)
                    place = narrate.place_phrase(state, pick.value)
                    spot.setToolTip(_("Place it {place}").format(place=place))
            elif pick.kind == TOKEN:
                item = self._token_items.get(pick.value)
                if item is not None:
                    item.lit = True
                    item.update()
        scene.set_marks("lit", lit)
        self.board.grow_lit_spots()

    def _placing(self) -> bool:
        """True while a token from the hand (or discard pile) is being placed."""
        return clicks.placing(self.tree)

    # keyboard --------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Arrows, F, Enter and Space: the ring on the board (`KeyPicker`); 1–9: the hand's
        tokens in their order; Esc: cancel."""
        if self.keys.key_press(event):
            return
        number = event.key() - Qt.Key_1
        buttons = list(self.hand_buttons.values())
        if 0 <= number < min(9, len(buttons)) and not event.modifiers() & ~Qt.KeypadModifier:
            if buttons[number].isEnabled():
                buttons[number].click()
            return
        super().keyPressEvent(event)

    def _key_targets(self) -> list[tuple[Pick, QRectF]]:
        """The lit places and tokens of the decision now, where they are drawn."""
        scene = self.scene
        if self.tree is None or scene is None or self._step is not None:
            return []
        placing = self._placing()
        out = []
        for pick in self.tree.options():
            if pick.kind == PLACE:
                spot = scene.centre_spots.get(pick.value) or scene.target_spots.get(pick.value)
                if spot is not None and spot.isVisible():
                    out.append((pick, spot.sceneBoundingRect()))
                elif pick.value in scene.province_items and not placing:
                    point, r = self.place_point(pick.value), scene.unit * 2
                    out.append((pick, QRectF(point.x() - r, point.y() - r, 2 * r, 2 * r)))
            elif pick.kind == TOKEN and pick.value in self._token_items:
                out.append((pick, self._token_items[pick.value].sceneBoundingRect()))
        return out

    def _show_key_ring(self, pick: Pick | None, rect: QRectF | None) -> None:
        """A blue ring (a province: its outline) on what the keyboard would pick."""
        scene = self.scene
        for item in self._key_ring:
            if shiboken6.isValid(item) and item.scene() is not None:
                item.scene().removeItem(item)
        self._key_ring = []
        if scene is None:
            return
        province = (
            pick is not None
            and pick.value in scene.province_items
            and not (
                scene.centre_spots.get(pick.value) and scene.centre_spots[pick.value].isVisible()
            )
        )
        scene.set_marks("keyboard", [(pick.value, QColor(KEY_FOCUS), "")] if province else [])
        if pick is None or rect is None:
            return
        if not province:
            r = max(rect.width(), rect.height()) / 2 * 1.3
            width = max(scene.unit * 0.6, r * 0.28)
            for colour, pen_width in (
                (QColor(20, 16, 10, 220), width * 1.8),
                (QColor(KEY_FOCUS), width),
            ):
                ring = QGraphicsEllipseItem(-r, -r, 2 * r, 2 * r)
                ring.setPos(rect.center())
                ring.setPen(QPen(colour, pen_width))
                ring.setZValue(90 + len(self._key_ring))
                ring.setAcceptedMouseButtons(Qt.NoButton)
                scene.addItem(ring)
                self._key_ring.append(ring)
        self.board.ensureVisible(rect)

    # input -----------------------------------------------------------------------------
    def _on_hand_clicked(self, label: str) -> None:
        if self.tree is None:
            return
        if self.tree.chosen:
            self.tree.reset()
            if self.hand_buttons.get(label) and not self.hand_buttons[label].isChecked():
                self._redraw()
                return
        if Pick(HAND, label) in self.tree.options():
            self._pick(Pick(HAND, label))
        else:
            self._redraw()

    def _choice_for(self, keys: list[tuple[str, str]]) -> Pick | None:
        """The legal pick a click on these items means, if any (`clicks.choice_for`)."""
        return None if self.tree is None else clicks.choice_for(self.tree, keys)

    @Slot(object)
    def _on_board_clicked(self, keys: list[tuple[str, str]]) -> None:
        if self.tree is None:
            if keys:
                self.status.emit(self._idle_reason())
            return
        pick = self._choice_for(keys)
        if pick is not None:
            self._pick(pick)
            return
        self.status.emit(self._why_not_any(keys))

    @Slot(object)
    def _on_board_hovered(self, keys: list[tuple[str, str]]) -> None:
        if self.tree is None or not self.tree.chosen:
            return
        if self._choice_for(keys) is not None:
            self.status.emit("")
            return
        self.status.emit(self._why_not_any(keys))

    def _idle_reason(self) -> str:
        if self._session is None:
            return ""
        return clicks.idle_reason(self._state(), resolving=self._step is not None)

    def _why_not_any(self, keys: list[tuple[str, str]]) -> str:
        """Why a click on these items picks nothing (`clicks.why_not_any`)."""
        state = None if self._session is None else self._state()
        return clicks.why_not_any(state, self.tree, keys)


def _token_order(label: str) -> tuple[int, str]:
    order = ["army", "navy", "shinobi", "blessing", "diplomacy", "raid", "bluff"]
    for index, word in enumerate(order):
        if label.startswith(word):
            return index, label
    return len(order), label
