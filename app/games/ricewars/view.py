"""The Rice Wars play area: round track, the rice fields, the daimyo boards, the fight or
auction panel, the prompt with its choices and the viewer's hand of cards.

Rendering rule: the board, money, servants, advisors, passes and hand sizes are public
and come from the state; the hand, one's own sealed bid and face-down fight cards come
only from the viewer's `observation`. With no viewer (hot-seat hand-over) no hand is shown.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, Qt, Slot
from PySide6.QtGui import QBrush, QColor, QFontDatabase, QPainterPath, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGraphicsItem,
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
from app.board.scene import HIGHLIGHT_LEGAL, HIGHLIGHT_STEP, KEY_ROLE, MapScene, halo_text
from app.board.view import BoardView
from app.games.base import PickTreeView, ResolutionStep
from app.games.ricewars import narrate
from app.games.ricewars.narrate import FightPicture, seat_colour, seat_name
from app.games.ricewars.picks import BID, BUTTON, CARD, FIELD, Pick, PickTree
from engine.ricewars import actions as A
from engine.ricewars.data import ADVISORS, CARDS, HAND_LIMIT, MAX_ADVISORS
from engine.ricewars.state import (
    ACTION,
    ANSWER,
    DEFEND,
    GIVE,
    HIDDEN,
    HIRE,
    LOSE,
    MODIFY,
    MOVE,
    NEUTRAL,
    NO_BID,
    OCCUPY,
    PALACE,
    PICK,
    PLANT,
    REACT,
    SETUP_PEASANT,
    SHOURI,
    RiceWarsState,
    bits,
)
from engine.ricewars.state import (
    BID as PH_BID,
)

if TYPE_CHECKING:
    from app.session import GameSession

PADDY = QColor("#c9dca0")
PADDY_EDGE = QColor("#7d8f55")
BLESSED = QColor("#ecd27a")
CARD_SIZE = (178, 108)
MAX_BUTTONS = 6


@functools.cache
def _has_japanese_font() -> bool:
    """True when a font can draw kanji (else they would show as empty boxes)."""
    return bool(QFontDatabase.families(QFontDatabase.Japanese))


class CardButton(QPushButton):
    """A card of the hand: name and kanji, effect, cost and strength bonus."""

    def __init__(self, card_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        card = narrate.card_of(card_id)
        self.card_id = card_id
        self.setCheckable(True)
        self.setFixedSize(*CARD_SIZE)
        kind = "Reaction" if card.kind == "reaction" else "Action"
        kanji = f" {card.kanji}" if _has_japanese_font() else ""
        head = QLabel(f"<b>{card.name}</b>{kanji} · <i>{card.title}</i><br><small>{kind}</small>")
        text = QLabel(card.text)
        text.setWordWrap(True)
        small = text.font()
        small.setPointSizeF(small.pointSizeF() * 0.85)
        text.setFont(small)
        foot = QLabel(f"Cost {card.cost} Ryo · Bonus <b>+{card.bonus}</b>")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(1)
        for label in (head, text, foot):
            label.setAttribute(Qt.WA_TransparentForMouseEvents)
            layout.addWidget(label)
        text.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        layout.setStretch(1, 1)
        self.setToolTip(
            f"{card.name} ({card.title}): {card.text}\nCost {card.cost}, bonus +{card.bonus}"
        )


class RiceWarsView(PickTreeView):
    """Board, daimyo boards, hand and choices of one viewer; emits the chosen action."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = BoardView()
        self.board.clicked.connect(self._on_board_clicked)
        self.scene: MapScene | None = None
        self._map_path: Path | None = None
        self._overlay: list[QGraphicsItem] = []
        self._board_key: tuple | None = None
        self._session: GameSession | None = None
        self._viewer: int | None = None
        self.tree: PickTree | None = None
        self._step: ResolutionStep | None = None
        self.peasant_items: dict[str, QGraphicsItem] = {}
        self.palace_items: dict[int, QGraphicsItem] = {}
        self.cut_marks: dict[str, QGraphicsItem] = {}

        self.track = QLabel()
        self.track.setTextFormat(Qt.RichText)
        self.boards_box = QVBoxLayout()
        self.boards_box.setContentsMargins(0, 0, 0, 0)
        self.boards_box.setSpacing(4)
        boards_widget = QWidget()
        boards_widget.setLayout(self.boards_box)
        scroll = QScrollArea()
        scroll.setWidget(boards_widget)
        scroll.setWidgetResizable(True)
        scroll.setMinimumWidth(250)
        scroll.setMaximumWidth(300)
        scroll.setFrameShape(QFrame.NoFrame)
        self.daimyo_boards: dict[int, QLabel] = {}

        self.panel = QLabel()
        self.panel.setTextFormat(Qt.RichText)
        self.panel.setWordWrap(True)
        self.panel.setObjectName("panel")
        self.panel.setStyleSheet(
            "#panel { background: #fff8e4; border: 2px solid #8a6d3b; border-radius: 6px;"
            " padding: 6px; }"
        )
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setStyleSheet("font-size: 14px; font-weight: bold; color: #3b2b12")
        self.choices = QHBoxLayout()
        self.choices.setContentsMargins(0, 0, 0, 0)
        choice_box = QWidget()
        choice_box.setLayout(self.choices)
        self.choice_buttons: list[QPushButton] = []
        self.choice_combo: QComboBox | None = None
        self.bid_box = QSpinBox()
        self.bid_box.setSuffix(" Ryo")
        self.bid_button: QPushButton | None = None

        self.hand = QHBoxLayout()
        self.hand.setContentsMargins(6, 6, 6, 6)
        hand_box = QFrame()
        hand_box.setObjectName("hand")
        hand_box.setStyleSheet(
            "#hand { background: #3a2f24; border-radius: 6px; }"
            "#hand > QLabel { color: #f3ead7; }"
            "CardButton { background: #fbf5e6; border: 2px solid #8a6d3b; border-radius: 8px; }"
            "CardButton:checked { background: #fff3a6; border-color: #d35400; }"
            "CardButton:disabled { background: #e9e2d2; border-color: #b9ab8c; }"
            "CardButton:hover:enabled { border-color: #d35400; }"
            "CardButton QLabel { color: #2b2116; background: transparent; }"
            "CardButton QLabel:disabled { color: #8f846f; }"
        )
        hand_box.setLayout(self.hand)
        hand_box.setFixedHeight(CARD_SIZE[1] + 16)
        self.card_buttons: dict[str, CardButton] = {}
        self._hand_key: tuple | None = None

        middle = QHBoxLayout()
        middle.addWidget(self.board, 1)
        middle.addWidget(scroll)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.track)
        layout.addLayout(middle, 1)
        layout.addWidget(self.panel)
        layout.addWidget(self.prompt)
        layout.addWidget(choice_box)
        layout.addWidget(hand_box)
        self.panel.setFixedHeight(96)
        self.panel.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.prompt.setFixedHeight(40)
        self.track.setFixedHeight(44)
        choice_box.setFixedHeight(36)
        # a long row of choices must not widen the window
        choice_box.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self.track.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)

    # GameView --------------------------------------------------------------------------
    def show_state(self, session: GameSession, viewer: int | None, interactive: bool) -> None:
        """Redraw everything for `viewer`; offer choices when `interactive`."""
        self._session = session
        self._viewer = viewer
        state = self._state()
        self._ensure_scene(session)
        self.tree = PickTree(state.legal_actions(), state.board.index) if interactive else None
        self._redraw()

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
        self._overlay = []
        self.scene = MapScene(map_geometry(path))
        self.board.setScene(self.scene)
        state = self._state()
        for index, fid in enumerate(state.board.ids):
            item = self.scene.province_items.get(fid)
            if item is not None:
                blessed = state.board.blessed[index]
                item.setBrush(QBrush(BLESSED if blessed else PADDY))
                item.setPen(QPen(PADDY_EDGE, self.scene.unit * 0.12))
        self._draw_static(state)
        # lit fields get a golden rim: a tint alone is hard to see on green paddies
        rim = QPen(QColor("#b8860b"), self.scene.unit * 0.6)
        for glow in self.scene.highlights.values():
            glow.setPen(rim)
        self.board.fit()

    def _draw_static(self, state: RiceWarsState) -> None:
        """Palace sites and the blessed field's value: printed on the board."""
        scene = self.scene
        assert scene is not None
        u = scene.unit
        for index, fid in enumerate(state.board.ids):
            centre = scene.labels.get(fid)
            if centre is None:
                continue
            if index in state.board.sites:
                mark = QGraphicsPathItem(_castle_path(u * 2.6))
                mark.setPen(QPen(QColor("#6b5535"), u * 0.18, Qt.DashLine))
                mark.setBrush(Qt.NoBrush)
                mark.setPos(centre + QPointF(-u * 4.2, u * 1.6))
                mark.setZValue(20)
                mark.setToolTip("Palace site")
                scene.addItem(mark)
            if state.board.blessed[index]:
                badge = halo_text(f"+{state.board.blessed[index]} Ryo", u * 1.5,
                                  QColor("#7a4f00"), QColor(255, 246, 210))  # fmt: skip
                badge.setPos(centre + QPointF(u * 4.2, u * 1.6))
                badge.setZValue(20)
                scene.addItem(badge)

    def _add(self, item: QGraphicsItem) -> QGraphicsItem:
        assert self.scene is not None
        item.setCacheMode(QGraphicsItem.DeviceCoordinateCache)
        self.scene.addItem(item)
        self._overlay.append(item)
        return item

    def _redraw(self) -> None:
        if self.scene is None or self._session is None:
            return
        state = self._state()
        # pieces are rebuilt only when the board changed: painting is the costly part
        key = (tuple(state.owner), tuple(state.palace))
        if key != self._board_key:
            self._board_key = key
            for item in self._overlay:
                self.scene.removeItem(item)
            self._overlay = []
            self.peasant_items = {}
            self.palace_items = {}
            self.cut_marks = {}
            self._draw_board(state)
        self.scene.clear_highlights()
        if self._step is not None:
            for fid in self._step.highlight:
                self.scene.set_highlight(fid, HIGHLIGHT_STEP)
        elif state.fight is not None and state.fight["field"] >= 0:
            self.scene.set_highlight(state.fid(state.fight["field"]), HIGHLIGHT_STEP)
        self._draw_track(state)
        self._draw_daimyo_boards(state)
        self._draw_panel(state)
        self._draw_hand(state)
        self._draw_choices(state)

    def _draw_board(self, state: RiceWarsState) -> None:
        scene = self.scene
        assert scene is not None
        u = scene.unit
        b = state.board
        for s in range(state.seats):
            colour = QColor(seat_colour(state, s))
            connected = state.connected(s)
            palace = state.palace[s]
            # connection: a line from each connected peasant to its connected neighbours
            path = QPainterPath()
            network = connected | ((1 << palace) if palace >= 0 else 0)
            for f in bits(connected):
                for g in bits(b.adj[f] & network):
                    if g < f and g != palace and f != palace:
                        continue
                    path.moveTo(self._spot(state, f))
                    path.lineTo(self._spot(state, g))
            if not path.isEmpty():
                line = QGraphicsPathItem(path)
                pen = QPen(colour, u * 0.55)
                pen.setCapStyle(Qt.RoundCap)
                line.setPen(pen)
                line.setOpacity(0.75)
                line.setZValue(35)
                self._add(line)
            if palace >= 0:
                fid = state.fid(palace)
                item = QGraphicsPathItem(_castle_path(u * 3.2))
                item.setBrush(colour)
                item.setPen(QPen(QColor("#f8f1dc"), u * 0.22))
                item.setPos(self._spot(state, palace))
                item.setZValue(41)
                item.setData(KEY_ROLE, ("province", fid))
                item.setToolTip(f"{seat_name(state, s)}'s palace")
                self._add(item)
                self.palace_items[s] = item
            cut = set(narrate.disconnected(state, s))
            for f in bits(state.own[s]):
                fid = state.fid(f)
                item = _peasant_item(u * 1.25, colour, f in cut)
                item.setPos(self._spot(state, f))
                item.setZValue(40)
                item.setData(KEY_ROLE, ("province", fid))
                status = "cut off from the palace: earns nothing" if f in cut else "connected"
                item.setToolTip(f"{seat_name(state, s)}'s peasant on {b.names[f]} ({status})")
                self._add(item)
                self.peasant_items[fid] = item
                if f in cut:
                    mark = halo_text("✂", u * 1.6, QColor("#b03a2e"), QColor(255, 250, 235))
                    mark.setPos(self._spot(state, f) + QPointF(u * 1.8, -u * 1.2))
                    mark.setZValue(42)
                    self._add(mark)
                    self.cut_marks[fid] = mark
        for index, fid in enumerate(b.ids):
            item = scene.province_items.get(fid)
            if item is not None:
                item.setToolTip(self._field_tip(state, index))

    def _spot(self, state: RiceWarsState, f: int) -> QPointF:
        """Where a field's peasant or palace stands (below its name)."""
        assert self.scene is not None
        centre = self.scene.labels.get(state.fid(f), QPointF())
        return centre + QPointF(0, self.scene.unit * 1.7)

    def _field_tip(self, state: RiceWarsState, f: int) -> str:
        b = state.board
        lines = [f"<b>{b.names[f]}</b> ({b.ids[f]})"]
        if f in b.sites:
            lines.append("Palace site")
        if b.blessed[f]:
            lines.append(f"Blessed field: a connected peasant earns {b.blessed[f]} Ryo")
        owner = state.owner[f]
        if owner >= 0:
            lines.append(f"{seat_name(state, owner)}'s peasant")
        for s, p in enumerate(state.palace):
            if p == f:
                lines.append(f"{seat_name(state, s)}'s palace")
        return "<br>".join(lines)

    def _draw_track(self, state: RiceWarsState) -> None:
        cells = []
        for r in range(1, state.board.rounds + 1):
            symbols = state.board.track[r - 1]
            words = " ".join(narrate.SYMBOL_WORDS[s][0] for s in sorted(symbols))
            style = (
                "background:#8a6d3b; color:#fff8e4; font-weight:bold"
                if r == state.round
                else "background:#efe4c8; color:#5a4a30"
                if r > state.round
                else "background:#d8cfb8; color:#8a7f6d"
            )
            cells.append(f"<td style='{style}; padding:2px 6px'>{r}<br><small>{words}</small></td>")
        phase = narrate.phase_step(state)
        steps = []
        for name in ("Setup", *narrate.PHASE_STEPS):
            if name == phase:
                steps.append(f"<b style='color:#c0392b'>{name}</b>")
            else:
                steps.append(f"<span style='color:#8a7f6d'>{name}</span>")
        gov = state.governor
        governor = (
            f"Governor: <b style='color:{seat_colour(state, gov)}'>{seat_name(state, gov)}</b>"
        )
        _set_text(
            self.track,
            "<table cellspacing='2'><tr><td valign='middle'><b>Round</b>&nbsp;</td>"
            + "".join(cells)
            + "<td valign='middle'>&nbsp;&nbsp;"
            + " › ".join(steps)
            + f"&nbsp;&nbsp;·&nbsp;&nbsp;{governor}</td></tr></table>",
        )

    def _draw_daimyo_boards(self, state: RiceWarsState) -> None:
        if len(self.daimyo_boards) != state.seats:
            _clear_layout(self.boards_box)
            self.daimyo_boards = {}
            for s in range(state.seats):
                label = QLabel()
                label.setTextFormat(Qt.RichText)
                label.setWordWrap(True)
                label.setObjectName("daimyo")
                self.boards_box.addWidget(label)
                self.daimyo_boards[s] = label
            self.boards_box.addStretch(1)
        current = state.current_player()
        for s, label in self.daimyo_boards.items():
            colour = seat_colour(state, s)
            active = s == current or (state.phase == NEUTRAL and s == state.neutral)
            style = (
                f"#daimyo {{ background: {'#fff3c4' if active else '#fbf5e6'};"
                f" border: 2px solid {colour}; border-left: 8px solid {colour};"
                " border-radius: 5px; padding: 4px; }"
            )
            if label.styleSheet() != style:
                label.setStyleSheet(style)
            _set_text(label, self._daimyo_text(state, s))

    def _daimyo_text(self, state: RiceWarsState, s: int) -> str:
        colour = seat_colour(state, s)
        name = seat_name(state, s)
        seat_words = ""
        if self._session is not None and s < len(self._session.seats):
            seat = self._session.seats[s]
            seat_words = seat.name or ("you" if s == self._viewer else
                                       "human" if seat.is_human else f"AI {seat.bot}")  # fmt: skip
        elif s == state.neutral:
            seat_words = "the scenario's neutral player"
        title = (
            f"<b style='color:{colour}; font-size:14px'>● {name}</b> <small>{seat_words}</small>"
        )
        if s == state.governor:
            title += " <small>· governor</small>"
        fields = state.fields_of(s)
        cut = len(narrate.disconnected(state, s))
        lines = [title]
        line = f"Fields <b>{fields}</b>"
        if cut:
            line += f" <span style='color:#b03a2e'>({cut} cut off)</span>"
        if s != state.neutral:
            line += f" · Ryo <b>{state.money[s]}</b>"
        lines.append(line)
        lines.append(f"Peasants: {state.reserve[s]} to place, {state.supply[s]} in supply")
        troops = []
        for word, active, tired, due in (
            ("ashigaru", state.ash[s], state.ash_x[s], state.ash_due[s]),
            ("ronin", state.ron[s], state.ron_x[s], state.ron_due[s]),
        ):
            if active or tired or due:
                part = f"{word}: <b>{active}</b> active"
                if tired:
                    part += f", {tired} exhausted"
                if due:
                    part += f", <span style='color:#b03a2e'>{due} unpaid</span>"
                troops.append(part)
        lines.append("Troops: " + ("; ".join(troops) if troops else "none"))
        if s == state.neutral:
            return "<br>".join(lines)
        advisors = []
        for a, uses in state.held[s]:
            adv = ADVISORS[a]
            due = " (unpaid)" if a in state.adv_due[s] else ""
            advisors.append(f"{adv.name} {'●' * uses}{due}")
        lines.append(
            f"Advisors ({len(state.held[s])}/{MAX_ADVISORS}): " + (", ".join(advisors) or "none")
            + (" · service used" if state.used_service[s] else "")
        )  # fmt: skip
        marks = "■" * state.passes[s] + "□" * (2 - state.passes[s])
        lines.append(f"Passes {marks} · Hand {len(state.hands[s])}/{HAND_LIMIT} cards")
        return "<br>".join(lines)

    def _draw_panel(self, state: RiceWarsState) -> None:
        # the panel keeps its height: a board that changes size repaints everything
        picture = self._step.payload if self._step is not None else None
        if isinstance(picture, FightPicture):
            text = _picture_html(state, picture)
            if self._step is not None and not picture.strengths and not picture.result:
                # Before the reveal the step's last lines tell what was just played; from
                # the reveal on the picture itself shows the strengths and the result.
                told = "<br>".join(self._step.lines[-2:])
                text += f"<br><small style='color:#6b5535'>{told}</small>"
        elif self._step is not None:
            text = f"<b>{self._step.title}</b><br>" + "<br>".join(self._step.lines[:4])
        elif state.fight is not None:
            text = self._fight_html(state)
        elif state.phase in (PICK, PH_BID):
            text = self._auction_html(state)
        else:
            text = _phase_help(state)
        _set_text(self.panel, text)

    def _fight_html(self, state: RiceWarsState) -> str:
        f = state.fight
        assert f is not None
        seen = dict(state.observation(self._viewer).fight) if self._viewer is not None else None
        att, dfn = f["att"], f["dfn"]
        head = (
            f"<b>Combat at {state.board.names[f['field']]}</b>"
            if f["kind"] == "combat"
            else "<b>Duel</b>"
        )
        rows = []
        for side, seat in ((0, att), (1, dfn)):
            colour = seat_colour(state, seat)
            a, r = f["troops"][side]
            if f["kind"] == "combat":
                troops = narrate.troops_words(a, r) + (" + peasant" if side == 1 else "")
            else:
                troops = "ronin" if side == 0 else "daimyo"
            cards = []
            known = seen["cards"][side] if seen is not None else (HIDDEN,) * len(f["cards"][side])
            blind = seen["blind"][side] if seen is not None else (HIDDEN,) * len(f["blind"][side])
            for c in (*known, *blind):
                cards.append("🂠 face down" if c == HIDDEN else narrate.card_words(CARDS[c]))
            if f["extra"][side]:
                cards.append(f"advisor +{f['extra'][side]}")
            strength = ""
            if f["revealed"]:
                strength = f" — strength <b>{state.strength(side)}</b>"
            rows.append(
                f"<span style='color:{colour}'>■</span> <b>{seat_name(state, seat)}</b> "
                f"({'attacker' if side == 0 else 'defender'}): {troops}; "
                + (", ".join(cards) or "no bonus yet")
                + strength
            )
        if f["revealed"] and f["winner"] >= 0:
            winner = {0: seat_name(state, att), 1: seat_name(state, dfn)}.get(f["winner"], "nobody")
            rows.append(f"Winning: <b>{winner}</b>")
        return head + "<br>" + "<br>".join(rows)

    def _auction_html(self, state: RiceWarsState) -> str:
        lines = ["<b>Advisor auction</b> — sealed bids; the highest bidders get 2 services, "
                 "the second highest 1"]  # fmt: skip
        for a in state.table:
            adv = ADVISORS[a]
            mark = "▶ " if a == state.bidding else ""
            done = "" if a == state.bidding or a in state.auction_left else " (auctioned)"
            lines.append(
                f"{mark}<b>{adv.name}</b> {adv.kanji}: {adv.text} Upkeep {adv.upkeep} Ryo "
                f"({adv.when}){done}"
            )
        if state.phase == PH_BID:
            seen = (
                state.observation(self._viewer).bids
                if self._viewer is not None
                else tuple(NO_BID if b == NO_BID else -2 for b in state.bids)
            )
            marks = []
            for s in range(state.seats):
                if s == state.neutral:
                    continue
                b = seen[s]
                word = "to bid" if b == NO_BID else "sealed bid" if b < 0 else f"bid {b} Ryo"
                marks.append(f"{seat_name(state, s)}: {word}")
            lines.append(" · ".join(marks))
        return "<br>".join(lines)

    def _draw_hand(self, state: RiceWarsState) -> None:
        viewer = self._viewer
        hand = state.observation(viewer).hand if viewer is not None else None
        key = (viewer, hand, state.money[viewer] if viewer is not None else 0,
               len(state.deck), len(state.discard))  # fmt: skip
        if key != self._hand_key:
            self._hand_key = key
            self._build_hand(state, viewer, hand)
        options = set(self.tree.options_of(CARD)) if self.tree is not None else set()
        chosen = self.tree.first() if self.tree is not None else None
        for card_id, button in self.card_buttons.items():
            selected = chosen == Pick(CARD, card_id)
            button.setChecked(selected)
            button.setEnabled(card_id in options or selected)

    def _build_hand(self, state: RiceWarsState, viewer: int | None, hand: Any) -> None:
        _clear_layout(self.hand)
        self.card_buttons = {}
        if viewer is None:
            label = QLabel("The hand is hidden.")
            self.hand.addWidget(label)
            self.hand.addStretch(1)
            return
        title = QLabel(f"<b>Your hand</b><br>{len(hand)}/{HAND_LIMIT} cards<br>"
                       f"{state.money[viewer]} Ryo")  # fmt: skip
        self.hand.addWidget(title)
        for c in hand:
            card_id = CARDS[c].id
            button = CardButton(card_id)
            button.clicked.connect(lambda _checked=False, cid=card_id: self._on_card_clicked(cid))
            self.hand.addWidget(button)
            self.card_buttons[card_id] = button
        self.hand.addStretch(1)
        self.hand.addWidget(QLabel(f"Deck {len(state.deck)}<br>Discard {len(state.discard)}"))

    def _draw_choices(self, state: RiceWarsState) -> None:
        _clear_layout(self.choices)
        self.choice_buttons = []
        self.bid_button = None
        tree = self.tree
        if tree is None:
            if state.is_terminal():
                self.prompt.setText("The game is over.")
            elif self._step is not None:
                self.prompt.setText("Resolution — press Continue.")
            else:
                self.prompt.setText(f"Waiting for {self._actor_words(state)}…")
            self.choices.addStretch(1)
            return
        options = tree.options()
        self.prompt.setText(self._prompt_text(state, tree))
        bids = [int(p.value) for p in options if p.kind == BID]
        if bids:
            self.bid_box = QSpinBox()
            self.bid_box.setSuffix(" Ryo")
            self.bid_box.setRange(min(bids), max(bids))
            self.choices.addWidget(QLabel("Your sealed bid:"))
            self.choices.addWidget(self.bid_box)
            self.bid_button = QPushButton("Place sealed bid")
            self.bid_button.clicked.connect(self._on_bid_clicked)
            self.choices.addWidget(self.bid_button)
        buttons = [pick for pick in options if pick.kind == BUTTON]
        # many troop choices (or hiring options) go into a list, not a row of buttons
        many = len(buttons) > MAX_BUTTONS
        self.choice_combo = QComboBox() if many else None
        for pick in buttons:
            text, tip = _button_text(state, pick, tree)
            if self.choice_combo is not None and not pick.value.startswith(("done", "pass")):
                self.choice_combo.addItem(text, pick.value)
                self.choice_combo.setItemData(self.choice_combo.count() - 1, tip, Qt.ToolTipRole)
                continue
            button = QPushButton(text)
            button.setToolTip(tip)
            button.setProperty("pick", pick.value)
            button.clicked.connect(lambda _checked=False, p=pick: self._pick(p))
            self.choices.addWidget(button)
            self.choice_buttons.append(button)
        if self.choice_combo is not None:
            self.choices.insertWidget(0, self.choice_combo)
            go = QPushButton("Choose")
            go.setProperty("pick", "choose")
            go.clicked.connect(self._on_combo_chosen)
            self.choices.insertWidget(1, go)
            self.choice_buttons.append(go)
        if tree.chosen:
            cancel = QPushButton("Cancel")
            cancel.setProperty("pick", "cancel")
            cancel.clicked.connect(self._on_cancel)
            self.choices.addWidget(cancel)
            self.choice_buttons.append(cancel)
        self.choices.addStretch(1)
        assert self.scene is not None
        for fid in tree.options_of(FIELD):
            self.scene.set_highlight(fid, HIGHLIGHT_LEGAL)

    def _actor_words(self, state: RiceWarsState) -> str:
        current = state.current_player()
        if state.phase == NEUTRAL:
            return f"{seat_name(state, current)} (placing a neutral peasant)"
        return seat_name(state, current)

    def _prompt_text(self, state: RiceWarsState, tree: PickTree) -> str:  # noqa: C901
        ph = state.phase
        chosen = tree.chosen
        if chosen:
            first = chosen[0]
            if first.kind == FIELD and ph == ACTION:
                return f"Attack {state.board.names[state.field(first.value)]} with which troops?"
            if first.kind == CARD:
                card = narrate.card_of(first.value)
                nxt = tree.options()
                if nxt and nxt[0].kind == FIELD:
                    return f"{card.name}: click a lit field. ({card.text})"
                return f"{card.name}: choose. ({card.text})"
            if first.kind == BUTTON and first.value.startswith("service"):
                return "Place the advisor's peasant: click a lit field."
            return "Choose."
        if ph == PALACE:
            owner = state.queue[0][1] if state.queue else state.cur
            whose = "your" if owner == state.cur else f"the {seat_name(state, owner)}"
            return (
                f"Setup: place {whose} palace on a lit palace site (two free fields from others)."
            )
        if ph == MOVE:
            return "Governor: you may move your palace to a lit site, or keep it."
        if ph == SETUP_PEASANT:
            owner = state.queue[0][1] if state.queue else state.cur
            whose = (
                "a starting peasant"
                if owner == state.cur
                else f"a {seat_name(state, owner).lower()} peasant"
            )
            return (
                f"Setup: place {whose} on a lit field (next to the palace or a connected peasant)."
            )
        if ph == HIRE:
            return (f"Hiring: {state.money[state.cur]} Ryo. Hire servants and pay upkeep; "
                    "Done sends what is unpaid away.")  # fmt: skip
        if ph == PICK:
            return "Governor: choose the advisor auctioned next."
        if ph == PH_BID:
            adv = ADVISORS[state.bidding]
            return f"Sealed bid for {adv.name} ({adv.text}). Nobody sees it before the reveal."
        if ph == ACTION:
            return ("Your action: place a peasant (click a lit free field), attack a lit "
                    "enemy peasant, play a card, use an advisor, challenge, or pass.")  # fmt: skip
        if ph == NEUTRAL:
            return "Place a neutral peasant on a lit field (the peasant rule applies)."
        if ph == PLANT:
            return "Taue: place another peasant on a lit field, or stop."
        if ph == DEFEND:
            return "You are attacked! Choose the troops that defend the peasant."
        if ph == MODIFY:
            return "Combat bonus: play a card face down (click it), use an advisor, or stop."
        if ph == REACT:
            _, card = state.fight["reacts"][0]
            return f"{CARDS[card].name} is revealed: pay {CARDS[card].cost} Ryo for its effect?"
        if ph == SHOURI:
            return "You are losing: pay for Shouri to win the combat?"
        if ph == OCCUPY:
            return "Victory! Occupy the emptied field with a peasant from your daimyo board?"
        if ph == ANSWER:
            return "A ronin challenges you: accept the duel, refuse (give 2 peasants), or escape."
        if ph == GIVE:
            return "Refused duel: click one of your peasants to hand it to the challenger."
        if ph == LOSE:
            return f"Duel lost: remove your peasants (click them), {state.fight['todo']} more."
        return "Choose."

    # input -----------------------------------------------------------------------------
    @Slot()
    def _on_combo_chosen(self) -> None:
        if self.tree is not None and self.choice_combo is not None:
            self._pick(Pick(BUTTON, self.choice_combo.currentData()))

    @Slot()
    def _on_bid_clicked(self) -> None:
        if self.tree is not None:
            self._pick(Pick(BID, str(self.bid_box.value())))

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
        if self.tree is None:
            return
        options = self.tree.options()
        for kind, key in keys:
            if kind == "province" and Pick(FIELD, key) in options:
                self._pick(Pick(FIELD, key))
                return
        for kind, key in keys:
            if kind == "province":
                self.status.emit(self._why_not(key))
                return

    def _why_not(self, fid: str) -> str:
        """Why a clicked field is no choice now (the rules' own reason where there is one)."""
        state = self._state()
        name = state.board.names[state.field(fid)]
        if state.phase in (ACTION, SETUP_PEASANT, NEUTRAL, PLANT) and not self.tree.chosen:  # type: ignore[union-attr]
            if state.owner[state.field(fid)] >= 0 and state.phase == ACTION:
                return f"{name}: no active troops to attack it with."
            reason = state.why_illegal(A.Peasant(fid))
            return f"{name}: {reason}." if reason else ""
        if state.phase in (PALACE, MOVE):
            reason = state.why_illegal(A.Palace(fid))
            return f"{name}: {reason}." if reason else ""
        return f"{name} is not a choice now."


def _button_text(state: RiceWarsState, pick: Pick, tree: PickTree) -> tuple[str, str]:  # noqa: C901
    """A choice button's text and tooltip."""
    value = pick.value
    s = state.cur
    if value.startswith("a") and " r" in value and tree.chosen:
        a, r = (int(w[1:]) for w in value.split())
        bonus = 1 if "attack1" in state.symbols() else 0
        strength = 2 * a + 4 * r + bonus
        return (f"Attack: {narrate.troops_words(a, r)} (strength {strength})",
                "The troops are exhausted after the combat")  # fmt: skip
    if value.startswith("defend "):
        a, r = (int(w[1:]) for w in value.split()[1:])
        words = narrate.troops_words(a, r) if a or r else "the peasant alone"
        return f"Defend: {words} (strength {1 + 2 * a + 4 * r})", ""
    if value.startswith("hire "):
        kind = value.split()[1]
        cost = {"peasant": 1, "ashigaru": 2, "ronin": 4}[kind]
        return f"Hire {kind} ({cost} Ryo)", f"{kind.capitalize()} from the supply"
    if value.startswith("pay "):
        what = value.split()[1]
        if what in ("ashigaru", "ronin"):
            return (
                f"Pay {what} ({2 if what == 'ashigaru' else 4} Ryo)",
                "Paid servants stay and are active",
            )
        adv = narrate.advisor_of(what)
        return f"Pay {adv.name} ({adv.upkeep} Ryo)", "An unpaid advisor loses its services"
    if value == "done":
        owed = []
        if state.ash_due[s]:
            owed.append(narrate.plural(state.ash_due[s], "ashigaru"))
        if state.ron_due[s]:
            owed.append(narrate.plural(state.ron_due[s], "ronin"))
        owed.extend(ADVISORS[a].name for a in state.adv_due[s])
        tip = "Unpaid and leaving: " + ", ".join(owed) if owed else "Nothing is owed"
        return "Done hiring", tip
    if value.startswith("auction "):
        adv = narrate.advisor_of(value.split()[1])
        return f"Auction {adv.name}", adv.text
    if value.startswith("service "):
        adv = narrate.advisor_of(value.split()[1])
        return f"Use {adv.name}", adv.text
    if value.startswith("use "):
        card = narrate.card_of(value.split()[1])
        return f"Pay {card.cost} Ryo for {card.name}", card.text
    if value.startswith("duel p"):
        return f"Challenge {seat_name(state, int(value[6:]))} to a duel", "Uses an active ronin"
    if value.startswith("p") and value[1:].isdigit():
        return seat_name(state, int(value[1:])), "the player to target"
    words = {
        "stay": ("Keep the palace here", ""),
        "pass": (f"Pass ({state.passes[s] + 1}. marker)", "Two passes end your actions this round"),
        "stop": ("No more bonus", "The other side has one more step"),
        "skip": (
            {OCCUPY: "Leave it empty", PLANT: "Stop planting"}.get(state.phase, "Don't pay"),
            "",
        ),
        "accept": ("Accept the duel", "Cards and advisors decide; a tie loses both"),
        "refuse": ("Refuse", "Hand two peasants to the challenger"),
    }
    return words.get(value, (value, ""))


def _phase_help(state: RiceWarsState) -> str:
    """What the current phase is about, for the panel when no fight or auction is on."""
    step = narrate.phase_step(state)
    text = {
        "Setup": "Palaces go on palace sites (castle outlines) two free fields apart; then "
        "everyone places starting peasants by the peasant rule.",
        "Hiring": "Hire peasants (1 Ryo), ashigaru (2) and ronin (4); pay the upkeep of "
        "servants and advisors kept. What stays unpaid at Done leaves.",
        "Actions": "One action per turn: place a peasant, play a card, attack, duel, use an "
        "advisor, or pass. Two passes end a player's actions this round.",
        "Game over": "The game is over: most fields wins, wealth breaks a tie.",
    }.get(step, "")
    peasant_rule = (
        "<br><i>Peasant rule:</i> next to your palace or a connected peasant, never next to "
        "one of your peasants cut off (✂) from the palace."
    )
    return f"<b>{step}</b><br>{text}" + (peasant_rule if step in ("Setup", "Actions") else "")


def _picture_html(state: RiceWarsState, p: FightPicture) -> str:
    head = (
        f"<b>Combat at {narrate.field_name(state, p.field or '')}</b>"
        if p.kind == "combat"
        else "<b>Duel</b>"
    )
    rows = []
    for side, seat in ((0, p.attacker), (1, p.defender)):
        a, r = p.troops[side]
        troops = (
            narrate.troops_words(a, r) + (" + peasant" if side == 1 else "")
            if p.kind == "combat"
            else ("ronin" if side == 0 else "daimyo")
        )
        cards = [narrate.card_words(narrate.card_of(c)) for c in p.cards[side]]
        cards += ["🂠 face down"] * p.hidden[side]
        strength = f" — strength <b>{p.strengths[side]}</b>" if p.strengths else ""
        rows.append(
            f"<span style='color:{seat_colour(state, seat)}'>■</span> "
            f"<b>{seat_name(state, seat)}</b>: {troops}; "
            + (", ".join(cards) or "no card")
            + strength
        )
    if p.result:
        rows.append(f"<b>{p.result}</b>")
    return head + "<br>" + "<br>".join(rows)


def _castle_path(size: float) -> QPainterPath:
    """A small castle outline centred on (0, 0)."""
    s = size / 2
    path = QPainterPath()
    path.moveTo(-s, s * 0.8)
    for x, y in [(-s, -s * 0.1), (-s * 0.55, -s * 0.1), (-s * 0.55, -s * 0.5),
                 (-s * 0.2, -s * 0.5), (-s * 0.2, -s * 0.95), (s * 0.2, -s * 0.95),
                 (s * 0.2, -s * 0.5), (s * 0.55, -s * 0.5), (s * 0.55, -s * 0.1),
                 (s, -s * 0.1), (s, s * 0.8)]:  # fmt: skip
        path.lineTo(x, y)
    path.closeSubpath()
    return path


def _peasant_item(size: float, colour: QColor, cut: bool) -> QGraphicsPathItem:
    """A peasant in a straw hat: a cone hat over a round body; cut-off ones are pale."""
    body = QPainterPath()
    body.addEllipse(QPointF(0, size * 0.35), size * 0.62, size * 0.62)
    item = QGraphicsPathItem(body)
    fill = QColor(colour)
    if cut:
        fill.setAlpha(120)
    item.setBrush(fill)
    pen = QPen(QColor("#b03a2e") if cut else QColor("#f8f1dc"), size * 0.14)
    if cut:
        pen.setStyle(Qt.DashLine)
    item.setPen(pen)
    hat = QPainterPath()
    hat.moveTo(-size * 0.95, -size * 0.05)
    hat.lineTo(0, -size * 0.75)
    hat.lineTo(size * 0.95, -size * 0.05)
    hat.closeSubpath()
    hat_item = QGraphicsPathItem(hat, item)
    hat_item.setBrush(QColor("#e6c66e"))
    hat_item.setPen(QPen(QColor("#6b5535"), size * 0.08))
    return item


def _set_text(label: QLabel, text: str) -> None:
    """Set a label's text only when it changed (rich text layout is not free)."""
    if label.text() != text:
        label.setText(text)


def _clear_layout(layout: Any) -> None:
    """Remove every widget and spacer; widgets hide now and are deleted later (one of
    them may be the button whose click is being handled)."""
    while layout.count():
        widget = layout.takeAt(0).widget()
        if widget is not None:
            widget.hide()
            widget.deleteLater()
