"""The Rice Wars play area: round track, the rice fields, the daimyo boards, the fight or
auction panel, the prompt with its choices and the viewer's hand of cards.

Layout only and input: the board is drawn by `board.FieldBoard`, the words come from
`panel`, the cards from `hand`. Rendering rule: public facts come from the state; one's
own sealed bid and face-down fight cards only from the viewer's observation; the hand, its
Ryo and the deck and discard piles from the viewer's own standing (`engine.ricewars.
standings`): the record of the resolution step shown, else the position now. With no
viewer (hot-seat hand-over) no hand is shown. Sizes follow `set_ui_scale` (1 at
1280 × 720, 2 at 2560 × 1440).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QPointF, Qt, Slot
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPen, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QFrame,
    QGraphicsPathItem,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.board.maps_cache import map_geometry
from app.board.scene import HIGHLIGHT_LEGAL, HIGHLIGHT_STEP, MapScene
from app.board.view import BoardView
from app.games.base import PickTreeView, ResolutionStep, clear_layout
from app.games.presentation import PUBLIC
from app.games.ricewars import panel
from app.games.ricewars.board import PLATE, FieldBoard
from app.games.ricewars.choices import ChoiceRow, decision_key
from app.games.ricewars.fights import BoardPicture, FightPicture, StepShow
from app.games.ricewars.hand import CARD_SIZE, CardButton, hand_style
from app.games.ricewars.narrate import seat_colour
from app.games.ricewars.picks import CARD, FIELD, Pick, PickTree
from app.i18n import N_, _
from app.palette import RICEWARS_LIT
from engine.ricewars.data import CARDS, HAND_LIMIT
from engine.ricewars.fight import known_strength, strength_parts
from engine.ricewars.standings import Standing, standing, standings
from engine.ricewars.state import BID as PH_BID
from engine.ricewars.state import HIDDEN, PICK, RiceWarsState

if TYPE_CHECKING:
    from app.session import GameSession

FLASH_MS = 1600  # how long a log line's places stay ringed
LEAST_NAME = 1.0  # of a name's full size, on the epic board
KEY_RING = "#1e88e5"  # the field chosen with the keyboard (F), before Enter picks it
KEYS_HELP = N_(
    "Keyboard: F / Shift+F go through the lit fields, Enter picks the ringed one; "
    "1–5 play the cards of the hand; Tab reaches every button, Space presses it; Esc cancels."
)
SIDE_WIDTH = 255  # the daimyo boards' column at scale 1, in pixels: its narrowest
SIDE_WIDEST = 400  # and its widest, when the map, fitted to its height, leaves room
COLUMN_FORMS = ((0, False), (1, False), (1, True), (2, True))
"""The daimyo boards' and the panel's forms, fullest first (board `compact` level, panel
compact): the column shows the first that fits its height, so it never scrolls."""
FITS_KEPT = 512  # measured texts remembered (a game's texts change; old ones are dropped)


class RiceWarsView(PickTreeView):
    """Board, daimyo boards, hand and choices of one viewer; emits the chosen action."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ui_scale = 1.0
        self.board = BoardView()
        self.board.clicked.connect(self._on_board_clicked)
        self.scene: MapScene | None = None
        self.fields: FieldBoard | None = None
        self._map_path: Path | None = None
        self._session: GameSession | None = None
        self._viewer: int | None = None
        self.tree: PickTree | None = None
        self._step: ResolutionStep | None = None
        self._drawn_step: ResolutionStep | None = None
        self._board_key: tuple | None = None
        self._fight_key: tuple | None = None
        self._last_actions: dict[int, tuple[str, tuple[str, ...], str]] = {}
        self._fits: dict[tuple, bool] = {}  # (what, look, texts, room) -> it fits
        # (look, width, panel?, text, style) -> a daimyo board's or the panel's height
        self._heights: dict[tuple, int] = {}

        self.track = QLabel()
        self.track.setTextFormat(Qt.RichText)
        self.track.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)

        self.panel = QLabel()
        self.panel.setTextFormat(Qt.RichText)
        self.panel.setWordWrap(True)
        self.panel.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.panel.setObjectName("panel")
        self.boards_box = QVBoxLayout()
        self.boards_box.setContentsMargins(0, 0, 0, 0)
        self.boards_box.setSpacing(4)
        self.daimyo_boards: dict[int, QLabel] = {}
        column = QWidget()
        column_layout = QVBoxLayout(column)
        column_layout.setContentsMargins(0, 0, 0, 0)
        column_layout.setSpacing(4)
        column_layout.addWidget(self.panel)
        column_layout.addLayout(self.boards_box)
        column_layout.addStretch(1)
        self.side = QScrollArea()
        self.side.setWidget(column)
        self.side.setWidgetResizable(True)
        self.side.setFrameShape(QFrame.NoFrame)
        self.side.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)

        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self.choice_box = ChoiceRow()
        self.choice_box.picked.connect(self._pick)
        self.choice_box.cancelled.connect(self._on_cancel)
        # a long row of choices must not widen the window
        self.choice_box.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)

        self.hand = QHBoxLayout()
        self.hand.setContentsMargins(6, 4, 6, 4)
        self.hand.setSpacing(4)
        self.hand_box = QFrame()
        self.hand_box.setObjectName("hand")
        self.hand_box.setLayout(self.hand)
        self.hand_box.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self.card_buttons: dict[str, CardButton] = {}
        self._hand_key: tuple | None = None

        middle = QHBoxLayout()
        middle.setSpacing(6)
        middle.addWidget(self.board, 1)
        middle.addWidget(self.side)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addWidget(self.track)
        layout.addLayout(middle, 1)
        layout.addWidget(self.prompt)
        layout.addWidget(self.choice_box)
        layout.addWidget(self.hand_box)
        self._base_font = QFont(self.font())
        self._key_field: str | None = None
        self._add_keys()
        self.set_ui_scale(1.0)

    def _add_keys(self) -> None:
        """Every decision without the mouse (`keyPressEvent`): the view takes the focus
        by Tab or a click; its buttons pass the keys they do not use on to it."""
        self.setFocusPolicy(Qt.StrongFocus)
        self.choice_box.setToolTip(_(KEYS_HELP))
        self.board.setToolTip(_(KEYS_HELP))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """F / Shift+F: the next or previous lit field; Enter: pick it (or press the
        focused button, or the troop or bid box's button); 1–5: the hand's cards; Esc
        cancels (`PickTreeView`)."""
        key = event.key()
        if key == Qt.Key_F:
            self._step_field(-1 if event.modifiers() & Qt.ShiftModifier else 1)
        elif key in (Qt.Key_Return, Qt.Key_Enter):
            self._on_enter()
        elif Qt.Key_1 <= key < Qt.Key_1 + HAND_LIMIT and not event.modifiers() & ~Qt.KeypadModifier:
            self._on_card_key(key - Qt.Key_1 + 1)
        else:
            super().keyPressEvent(event)

    def _lit_fields(self) -> list[str]:
        """The fields that may be clicked now, in the board's order."""
        if self.tree is None or self._step is not None:
            return []
        lit = set(self.tree.options_of(FIELD))
        return [fid for fid in self._state().board.ids if fid in lit] if lit else []

    def _step_field(self, direction: int) -> None:
        """Ring the next (or previous) lit field and say which it is."""
        lit = self._lit_fields()
        if not lit:
            self.status.emit(panel.why_not(self._state(), self.tree, None))
            return
        at = lit.index(self._key_field) if self._key_field in lit else -direction
        self._key_field = lit[(at + direction) % len(lit)]
        self._ring_key_field()
        name = self._state().board.names[self._state().field(self._key_field)]
        self.status.emit(
            _("{field}: press Enter to choose it (F: the next lit field).").format(field=name)
        )

    def _ring_key_field(self) -> None:
        if self.scene is None:
            return
        if self._key_field is not None and self._key_field not in self._lit_fields():
            self._key_field = None
        marks = [(self._key_field, QColor(KEY_RING), _("Chosen with the keyboard: Enter picks it"))]
        self.scene.set_marks("keyboard", marks if self._key_field is not None else [])
        if self._key_field is not None:
            point = self.scene.labels[self._key_field]
            self.board.ensureVisible(point.x() - 1, point.y() - 1, 2, 2)

    @Slot()
    def _on_enter(self) -> None:
        """Enter picks the ringed field; in the troop or bid box it presses its button."""
        focus = self.focusWidget()
        row = self.choice_box
        if isinstance(focus, QAbstractSpinBox) and row.isAncestorOf(focus):
            button = row.bid_button if focus is row.bid_box else row.troop_button
            if button is not None and button.isEnabled():
                button.click()
            return
        if self._key_field is not None and self._key_field in self._lit_fields():
            fid, self._key_field = self._key_field, None
            self._pick(Pick(FIELD, fid))
            return
        if isinstance(focus, QPushButton) and focus.isEnabled() and self.isAncestorOf(focus):
            focus.click()

    def _on_card_key(self, number: int) -> None:
        """1–5: the hand's card of that number, as a click on it."""
        buttons = list(self.card_buttons.values())
        if number <= len(buttons) and buttons[number - 1].isEnabled():
            buttons[number - 1].click()

    # GameView --------------------------------------------------------------------------
    def set_ui_scale(self, scale: float) -> None:
        """Size text, the daimyo boards' column, the cards and the rows for `scale`."""
        self.ui_scale = scale
        points = self.font().pointSizeF()
        self.panel.setStyleSheet(
            "#panel { background: #fff8e4; border: 2px solid #8a6d3b; border-radius: 6px;"
            f" padding: 4px; font-size: {points * 0.95:.1f}pt; }}"
        )
        bold = QFont(self.font())
        bold.setBold(True)
        bold.setPointSizeF(points * 1.08)
        self.prompt.setFont(bold)
        self.prompt.setStyleSheet("color: #3b2b12")
        line = self.prompt.fontMetrics().lineSpacing()
        self.prompt.setFixedHeight(line * 2 + 4)
        self.choice_box.setFixedHeight(round(32 * scale))
        self._track_rows = 0  # set with the track's text
        self.hand_box.setStyleSheet(hand_style(points))
        self.hand_box.setFixedHeight(round(CARD_SIZE[1] * scale) + 10)
        for label in self.daimyo_boards.values():
            label.setStyleSheet("")  # restyled on the next draw
        self._hand_key = None
        self._fit_side()
        if self._session is not None:
            self._redraw()

    def retranslate(self) -> None:
        """Say every word again in the current language (`app.i18n`): the track, the
        column, the board's marks and tooltips, the hand and the row of choices."""
        self._hand_key = self._board_key = None
        self._fits.clear()
        self._heights.clear()
        self.choice_box.retranslate()
        if self._session is not None:
            self._redraw()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language (`QEvent.LanguageChange`): the words again."""
        super().changeEvent(event)
        if event.type() == QEvent.LanguageChange:
            self.retranslate()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """The column takes what the map leaves free; its texts fit its new height."""
        super().resizeEvent(event)
        self._fit_side()
        if self._session is not None and self.scene is not None:
            self._fill_texts(self._state())

    def show_state(self, session: GameSession, viewer: int | None, interactive: bool) -> None:
        """Redraw everything for `viewer`; offer choices when `interactive`."""
        self._session = session
        self._viewer = viewer
        state = self._state()
        self._ensure_scene(session)
        self.tree = PickTree(state.legal_actions(), state.board.index) if interactive else None
        self._redraw()

    def show_step(self, step: ResolutionStep | None) -> None:
        """Show a resolution step on the board (None: back to the game as it is)."""
        self._step = step
        if self._session is not None:
            self._redraw()

    def skip_animation(self) -> None:
        """Jump to the end of the animation running on the board."""
        if self.fields is not None:
            self.fields.skip()

    def animating(self) -> bool:
        """True while the board animates a fight."""
        return self.fields is not None and self.fields.animating()

    def set_last_actions(self, marks: dict[int, tuple[str, tuple[str, ...], str]]) -> None:
        """Ring each computer seat's last move in its colour (outside resolution steps)."""
        self._last_actions = dict(marks)
        self._draw_last_actions()

    def show_places(self, places: tuple[str, ...]) -> None:
        """Flash the fields of a log line, and bring the first into view."""
        if self.scene is None:
            return
        marks = [(key, QColor("#ff3d00"), "") for key in places if key in self.scene.labels]
        self.scene.set_marks("flash", marks, fade_ms=FLASH_MS)
        for key, _colour, _tip in marks:
            point = self.scene.labels[key]
            self.board.ensureVisible(point.x() - 1, point.y() - 1, 2, 2)
            break

    @property
    def shown_step(self) -> ResolutionStep | None:
        """The resolution step on the board now (None: the game as it is)."""
        return self._step

    @property
    def palace_items(self) -> dict[int, Any]:
        """The drawn palaces by seat."""
        return self.fields.palace_items if self.fields is not None else {}

    @property
    def peasant_items(self) -> dict[str, Any]:
        """The drawn peasants by field id."""
        return self.fields.peasant_items if self.fields is not None else {}

    def place_point(self, fid: str) -> QPointF:
        """A point to click to pick field `fid`: inside it, off its name and its piece."""
        assert self.scene is not None
        item = self.scene.province_items[fid]
        target = self.scene.target(fid)
        if target is not None:
            for dx, dy in ((1.3, 0), (-1.3, 0), (0, 1.3), (0, -1.3)):
                point = QPointF(target.x + dx * target.radius, target.y + dy * target.radius)
                if item.path().contains(point):
                    return point
            return QPointF(target.x, target.y)
        return self.scene.labels[fid]

    # drawing ---------------------------------------------------------------------------
    def _state(self) -> RiceWarsState:
        assert self._session is not None
        return self._session.state  # type: ignore[return-value]

    def _ensure_scene(self, session: GameSession) -> None:
        path = session.map_path
        if path is None or path == self._map_path:
            return
        self._map_path = path
        self._board_key = None
        # the epic board's names at full size (9 pt at fit zoom at 1280 × 720): over the
        # edges or beside a small field on a leader line (the quick board's fit as they are)
        least = LEAST_NAME if self._state().board.side == "epic" else 0.0
        # the view owns its scene (as Rokugan's does): a closed game's scene is deleted with
        # the view, in the GUI thread; a scene of no parent was left to the garbage collector,
        # which could free it in a bot's thread, and the GUI thread then fired the freed
        # scene's timer and crashed
        self.scene = MapScene(map_geometry(path), status_row=PLATE, parent=self, least_name=least)
        self.fields = FieldBoard(self.scene, self._state(), self)
        self.board.setScene(self.scene)
        # lit fields get a rim, a bright line over a dark one: a tint alone is hard to see
        # on coloured fields, and one colour alone vanishes on the black or the yellow
        dark, bright = RICEWARS_LIT
        unit = self.scene.unit
        for glow in self.scene.highlights.values():
            glow.setPen(QPen(QColor(dark), unit * 0.9))
            inner = QGraphicsPathItem(glow.path(), glow)  # shown and hidden with the glow
            inner.setPen(QPen(QColor(bright), unit * 0.4))
        self._fit_side()
        self.board.fit()

    def _fit_side(self) -> None:
        """Give the daimyo boards' column the width the map, fitted to the board's height,
        leaves free (between `SIDE_WIDTH` and `SIDE_WIDEST` at the scale): at 1280 × 720
        the map is as large as before and five daimyo boards wrap fewer lines."""
        scale = self.ui_scale
        narrowest, widest = round(SIDE_WIDTH * scale), round(SIDE_WIDEST * scale)
        width = narrowest
        if self.scene is not None and self.scene.sceneRect().height() > 0:
            rect = self.scene.sceneRect()
            layout = self.layout()
            margins = layout.contentsMargins()
            fixed = sum(w.height() for w in (self.track, self.prompt, self.choice_box,
                                             self.hand_box))  # fmt: skip
            board = self.height() - fixed - margins.top() - margins.bottom()
            board -= layout.spacing() * 4
            needed = board * rect.width() / rect.height() + 2 * self.board.frameWidth() + 4
            free = self.width() - margins.left() - margins.right() - 6 - needed
            width = max(narrowest, min(widest, int(free)))
        if self.side.width() != width or self.side.minimumWidth() != width:
            self.side.setFixedWidth(width)

    def _redraw(self) -> None:
        if self.scene is None or self._session is None or self.fields is None:
            return
        state = self._state()
        show = self._step.payload if self._step is not None else None
        if isinstance(show, StepShow):
            self._draw_step_board(state, show)
        else:
            self._drawn_step = None
            self._draw_live_board(state)
        self.scene.clear_highlights()
        if self._step is not None:
            for fid in self._step.highlight:
                self.scene.set_highlight(fid, HIGHLIGHT_STEP)
        elif state.fight is not None and state.fight["field"] >= 0:
            self.scene.set_highlight(state.fid(state.fight["field"]), HIGHLIGHT_STEP)
        self._draw_last_actions()
        self._fill_texts(state)
        self._draw_hand(state)
        self._draw_choices(state)
        self._ring_key_field()

    def _fill_texts(self, state: RiceWarsState) -> None:
        """The track, the panel and the daimyo boards in the fullest forms that fit: the
        track on two lines where one is too wide, the column in the first of
        `COLUMN_FORMS` that needs no scroll bar (the fullest while the view is hidden).
        A rich text's size is measured once per text and room (`_fits`): the same texts
        come back at every redraw of a decision, and measuring them is most of a redraw."""
        shown = self.isVisible()
        if len(self._fits) > FITS_KEPT:
            self._fits.clear()
        if len(self._heights) > FITS_KEPT:
            self._heights.clear()
        look = (self.ui_scale, self.font().pointSizeF())
        rows = 1
        show = self._step.payload if self._step is not None else None
        step = show if isinstance(show, StepShow) else None  # the track as of the step too
        one_row = panel.track_html(state, step=step)
        if shown:
            key = ("track", look, one_row, self.track.width())
            if key not in self._fits:
                _set_text(self.track, one_row)
                self._fits[key] = self.track.sizeHint().width() <= self.track.width()
            if not self._fits[key]:
                rows = 2
        _set_text(self.track, one_row if rows == 1 else panel.track_html(state, 2, step))
        if rows != self._track_rows:
            self._track_rows = rows
            line = self.track.fontMetrics().lineSpacing()
            self.track.setFixedHeight(round(line * (1.6 if rows == 1 else 2.7)) + 4)
        self._ensure_daimyo_boards(state.seats)
        width, room = self.side.minimumWidth(), self.side.height()  # the width it is given
        seats = self._daimyo_board_seats(state)  # the same in every form
        for boards, compact in COLUMN_FORMS:
            faces = self._daimyo_board_faces(state, seats, boards)
            text = self._panel_text(state, compact)
            if not shown:
                break
            key = ("column", look, width, room, text, tuple(f[:2] for f in faces))
            if key not in self._fits:
                self._show_column(faces, text)
                self._fits[key] = self._column_height(width, look) <= room
            if self._fits[key]:
                break
        self._show_column(faces, text)

    def _show_column(self, faces: list[tuple[str, str, str]], text: str) -> None:
        """Put the daimyo boards' faces (style, text, tooltip) and the panel's text up."""
        for label, (style, html, tip) in zip(self.daimyo_boards.values(), faces, strict=True):
            if label.styleSheet() != style:
                label.setStyleSheet(style)
            _set_text(label, html)
            label.setToolTip(tip)
        _set_text(self.panel, text)

    def _column_height(self, width: int, look: tuple[float, float]) -> int:
        """The height the panel and the daimyo boards take at `width` (each label measured
        once per text, style and room: a decision changes one board or two, not all)."""
        labels = [self.panel, *self.daimyo_boards.values()]
        spacing = self.side.widget().layout().spacing()
        height = spacing * len(labels)
        for label in labels:
            key = (look, width, label is self.panel, label.text(), label.styleSheet())
            if key not in self._heights:
                self._heights[key] = label.heightForWidth(width)
            height += self._heights[key]
        return height

    def _tips(self, state: RiceWarsState, board: BoardPicture | None = None):  # noqa: ANN202
        """A field's tooltip maker: who holds it now, or on the `board` a step draws."""
        return lambda f: panel.field_tip(state, f, board)

    def _draw_step_board(self, state: RiceWarsState, show: StepShow) -> None:
        assert self.fields is not None
        if self._drawn_step is self._step:
            return
        first = self._drawn_step is None or not isinstance(self._drawn_step.payload, StepShow)
        self._drawn_step = self._step
        self._board_key = None  # the live board is drawn again after the steps
        ms = self.animation_ms
        if show.after is not None:
            self.fields.animate_result(state, show.board, show.after, show.fight, ms,
                                       self._tips(state, show.after))  # fmt: skip
            return
        self.fields.draw(state, show.board, self._tips(state, show.board), show.fight)
        if first and self.fields.fight_item is not None:
            self.fields.pop(self.fields.fight_item, ms)

    def _draw_live_board(self, state: RiceWarsState) -> None:
        assert self.fields is not None
        picture = BoardPicture.of(state)
        fight = self._live_fight(state)
        key = (picture, fight)
        if key == self._board_key:
            return
        self._board_key = key
        self.fields.draw(state, picture, self._tips(state), fight)
        fight_key = (fight.field, fight.attacker) if fight is not None else None
        if fight_key != self._fight_key:
            self._fight_key = fight_key
            if self.fields.fight_item is not None:
                self.fields.pop(self.fields.fight_item, self.animation_ms)

    def _live_fight(self, state: RiceWarsState) -> FightPicture | None:
        """The running fight as the viewer sees it: troops, face-down cards, no result."""
        f = state.fight
        if f is None:
            return None
        field = state.fid(f["field"]) if f["field"] >= 0 else None
        seen = dict(state.observation(self._viewer).fight) if self._viewer is not None else None
        shown: list[tuple[str, ...]] = []
        hidden: list[int] = []
        for side in (0, 1):
            cards = (*f["cards"][side], *f["blind"][side])
            if seen is not None:
                cards = (*seen["cards"][side], *seen["blind"][side])
            if f["revealed"]:
                cards = (*f["cards"][side], *f["blind"][side])
            shown.append(tuple(CARDS[c].id for c in cards if c != HIDDEN and f["revealed"]))
            hidden.append(0 if f["revealed"] else len(cards))
        strengths = (state.strength(0), state.strength(1)) if f["revealed"] else None
        attack1 = "attack1" in state.symbols()
        known = (known_strength(f, 0, attack1), known_strength(f, 1, attack1))
        parts = None
        if f["revealed"]:
            parts = (strength_parts(f, 0, attack1), strength_parts(f, 1, attack1))
        return FightPicture(f["kind"], f["att"], f["dfn"], field, f["troops"],
                            (shown[0], shown[1]), (hidden[0], hidden[1]), strengths,
                            known, parts=parts)  # fmt: skip

    def _draw_last_actions(self) -> None:
        if self.scene is None:
            return
        in_step = self._step is not None and isinstance(self._step.payload, StepShow)
        marks = []
        if not in_step:
            for colour, places, words in self._last_actions.values():
                marks.extend((key, QColor(colour), words) for key in places
                             if key in self.scene.province_items)  # fmt: skip
        self.scene.set_marks("last", marks)

    def _ensure_daimyo_boards(self, seats: int) -> None:
        """One daimyo board label per seat."""
        if len(self.daimyo_boards) != seats:
            clear_layout(self.boards_box)
            self.daimyo_boards = {}
            for s in range(seats):
                label = QLabel()
                label.setTextFormat(Qt.RichText)
                label.setWordWrap(True)
                label.setObjectName("daimyo")
                self.boards_box.addWidget(label)
                self.daimyo_boards[s] = label

    def _daimyo_board_seats(self, state: RiceWarsState) -> list[tuple[str, str, Standing, str]]:
        """Each seat's daimyo board as (style sheet, who sits, standing, tooltip): what is
        the same at every `compact` level (`_daimyo_board_faces`)."""
        points = self.font().pointSizeF() * 0.92
        # every figure as of the step shown (the engine's standings), else as of now
        shown = self._step_standings() or standings(state)
        seats = []
        for s in range(state.seats):
            colour = seat_colour(state, s)
            active = shown[s].to_act
            style = (
                f"#daimyo {{ background: {'#fff3c4' if active else '#fbf5e6'};"
                f" border: 2px solid {colour}; border-left: {round(8 * self.ui_scale)}px solid"
                f" {colour}; border-radius: 5px; padding: 3px; font-size: {points:.1f}pt; }}"
            )
            who = panel.who_sits(self._session, state, s, self._viewer)
            seats.append((style, who, shown[s], panel.daimyo_tip(state, s, shown[s])))
        return seats

    def _daimyo_board_faces(
        self, state: RiceWarsState, seats: list[tuple[str, str, Standing, str]], compact: int
    ) -> list[tuple[str, str, str]]:
        """Each seat's daimyo board as (style sheet, text, tooltip) at `compact` level."""
        viewer = PUBLIC if self._viewer is None else self._viewer
        return [
            (style, panel.daimyo_html(state, s, who, compact, viewer, standing), tip)
            for s, (style, who, standing, tip) in enumerate(seats)
        ]

    def _panel_text(self, state: RiceWarsState, compact: bool = False) -> str:
        """The fight, the auction, the step or the phase's help (`compact`: a step by its
        title only, as the resolution box beside tells it; the auction and the help
        shorter)."""
        show = self._step.payload if self._step is not None else None
        if isinstance(show, StepShow) and show.fight is not None:
            text = panel.picture_html(state, show.fight)
            if not show.fight.strengths and not show.fight.result and self._step is not None:
                told = "<br>".join(self._step.lines[-2:])
                text += f"<br><small style='color:#6b5535'>{told}</small>"
            return text
        if self._step is not None:
            title = f"<b>{self._step.title}</b>"
            return title if compact else title + "<br>" + "<br>".join(self._step.lines)
        if state.fight is not None:
            return panel.fight_html(state, self._viewer)
        if state.phase in (PICK, PH_BID):
            return panel.auction_html(state, self._viewer, compact)
        return panel.phase_help(state, compact)

    def _step_standings(self) -> tuple[Standing, ...]:
        """Every seat's standing as of the step shown (the engine's records); () for none."""
        show = self._step.payload if self._step is not None else None
        return show.standing if isinstance(show, StepShow) else ()

    def _draw_hand(self, state: RiceWarsState) -> None:
        viewer = self._viewer
        # the hand, its Ryo and the piles as of the step shown (its record), else as of now
        step = self._step_standings()
        mine = None if viewer is None else step[viewer] if step else standing(state, viewer)
        shown = (mine.hand, mine.money, mine.deck, mine.discard) if mine is not None else None
        key = (viewer, shown, self.ui_scale)
        if key != self._hand_key:
            self._hand_key = key
            self._build_hand(mine)
        options = set(self.tree.options_of(CARD)) if self.tree is not None else set()
        chosen = self.tree.first() if self.tree is not None else None
        for card_id, button in self.card_buttons.items():
            selected = chosen == Pick(CARD, card_id)
            button.setChecked(selected)
            button.setEnabled(card_id in options or selected)

    def _build_hand(self, mine: Standing | None) -> None:
        clear_layout(self.hand)
        self.card_buttons = {}
        if mine is None:
            self.hand.addWidget(QLabel(_("The hand is hidden.")))
            self.hand.addStretch(1)
            return
        # the deck and the discard pile under the hand's title: the cards get their width
        title = QLabel(
            _(
                "<b>Your hand</b><br>{n}/{limit} cards<br>{ryo} Ryo<br><small>Deck {deck}<br>"
                "Discard {discard}</small>"
            ).format(
                n=len(mine.hand),
                limit=HAND_LIMIT,
                ryo=mine.money,
                deck=mine.deck,
                discard=mine.discard,
            )
        )
        self.hand.addWidget(title)
        for card_id in mine.hand:
            button = CardButton(card_id, self.ui_scale)
            button.clicked.connect(lambda _checked=False, cid=card_id: self._on_card_clicked(cid))
            self.hand.addWidget(button, 1)
            self.card_buttons[card_id] = button
        self.hand.addStretch(0)

    @property
    def choice_buttons(self) -> list[QPushButton]:
        """The choice row's buttons (Cancel too), in their order."""
        row = self.choice_box
        buttons = [*row.buttons.values(), row.troop_button, row.bid_button, row.cancel]
        return [b for b in buttons if b is not None]

    @property
    def bid_box(self) -> QSpinBox | None:
        """The sealed bid's box (None when no bid is asked for)."""
        return self.choice_box.bid_box

    @property
    def bid_button(self) -> QPushButton | None:
        """The button that places the sealed bid."""
        return self.choice_box.bid_button

    def _draw_choices(self, state: RiceWarsState) -> None:
        tree = self.tree
        if tree is None:
            if state.is_terminal():
                self.prompt.setText(_("The game is over."))
            elif self._step is not None and self._step.plays_on and _fight_of(self._step):
                self.prompt.setText(
                    _("A fight of others: it plays on by itself (Continue steps on).")
                )
            elif self._step is not None and self._step.plays_on:
                self.prompt.setText(_("It plays on by itself (Continue steps on)."))
            elif self._step is not None:
                self.prompt.setText(_("Resolution — press Continue."))
            else:
                self.prompt.setText(
                    _("Waiting for {player}…").format(player=panel.actor_words(state))
                )
            self.choice_box.clear()
            return
        self.prompt.setText(panel.prompt_text(state, tree))
        self.choice_box.show_decision(state, tree, decision_key(state, self._viewer))
        assert self.scene is not None
        for fid in tree.options_of(FIELD):
            self.scene.set_highlight(fid, HIGHLIGHT_LEGAL)

    # input -----------------------------------------------------------------------------
    def _on_card_clicked(self, card_id: str) -> None:
        if self.tree is None:
            return
        if self.tree.chosen:
            self.tree.reset()
        if Pick(CARD, card_id) in self.tree.options():
            self._pick(Pick(CARD, card_id))
        else:
            self._redraw()

    @Slot(object)
    def _on_board_clicked(self, keys: list[tuple[str, str]]) -> None:
        """A click picks the lit field under it; anywhere else it only says why not."""
        if self._session is None:
            return
        fields = [key for kind, key in keys if kind == "province"]
        fid = fields[0] if fields else None
        if self.tree is not None and fid is not None and Pick(FIELD, fid) in self.tree.options():
            self._pick(Pick(FIELD, fid))
            return
        self.status.emit(panel.why_not(self._state(), self.tree, fid))


def _set_text(label: QLabel, text: str) -> None:
    """Set a label's text only when it changed (rich text layout is not free)."""
    if label.text() != text:
        label.setText(text)


def _fight_of(step: ResolutionStep) -> bool:
    """True when `step` shows a fight (its payload's fight picture)."""
    return getattr(step.payload, "fight", None) is not None
