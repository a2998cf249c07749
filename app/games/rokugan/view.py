"""The Battle for Rokugan play area: the board, the hand behind the screen, cards, prompts.

Rendering rule: public facts (control tokens, special tokens, where tokens lie, round,
phase, counts) come from the state's public fields; everything hidden comes from the
viewing player's `observation` only — a face-down token shows its face just when that
observation knows it (own tokens, scouted ones). With no viewer (hot-seat hand-over)
every face-down token is drawn face down.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QSize, Qt, Slot
from PySide6.QtGui import QColor, QIcon, QPainterPath, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QGraphicsItem,
    QGraphicsPathItem,
    QLabel,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.board.maps_cache import map_geometry
from app.board.scene import HIGHLIGHT_LEGAL, HIGHLIGHT_STEP, MapScene, Spot
from app.board.view import BoardView
from app.games.base import PickTreeView, ResolutionStep
from app.games.rokugan import narrate
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
from app.games.rokugan.tokens import (
    TokenItem,
    clan_colour,
    control_item,
    special_badge,
    token_pixmap,
)
from engine.rokugan import actions as A
from engine.rokugan.data import CLANS, OBJECTIVES, SPECIAL_NAMES
from engine.rokugan.state import (
    DISCARD as LOC_DISCARD,
)
from engine.rokugan.state import (
    HAND as LOC_HAND,
)
from engine.rokugan.state import (
    PEND_ANIMATE,
    PEND_DARK_DISCARD,
    PEND_LOOK,
    PEND_PEEK,
    PEND_PURGE,
    PEND_SEND,
    PH_CARDS,
    PH_CONTROL,
    PH_DRAGON,
    PH_PLACE,
    PH_SWAP,
    T_BLESSED,
    T_HOST,
    T_PLAYER,
    T_SLOT,
    T_TID,
    T_UP,
    RokuganState,
)

if TYPE_CHECKING:
    from app.session import GameSession

HAND_ICON = 54
SIDE_WIDTH = 260  # the controls column beside a tall map (pixels)
BAND_HEIGHT = 170  # the controls band under a wide map (pixels)
QWIDGETSIZE_MAX = (1 << 24) - 1


# board token as the view knows it: (player, slot, face_up, host, blessed, tid or -1)
ViewToken = tuple[int, int, int, int, int, int]


def visible_tokens(state: RokuganState, viewer: int | None) -> list[ViewToken | None]:
    """The board tokens as `viewer` knows them (tid -1 where unknown)."""
    if viewer is not None:
        return list(state.observation(viewer).board_tokens)
    out: list[ViewToken | None] = []
    for t in state.tokens:
        if t is None:
            out.append(None)
            continue
        tid = t[T_TID] if t[T_UP] else -1
        out.append((t[T_PLAYER], t[T_SLOT], t[T_UP], t[T_HOST], t[T_BLESSED], tid))
    return out


class RokuganView(PickTreeView):
    """Board, hand and choices of one viewer; emits the chosen action."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = BoardView()
        self.board.clicked.connect(self._on_board_clicked)
        self.board.hovered.connect(self._on_board_hovered)
        self.scene: MapScene | None = None
        self._map_path: Path | None = None
        self._overlay: list[QGraphicsItem] = []
        self._keep: list[QGraphicsItem] = []  # Python wrappers of child items, kept alive
        self._token_items: dict[str, TokenItem] = {}
        self._slot_spots: dict[str, Spot] = {}
        self._session: GameSession | None = None
        self._viewer: int | None = None
        self.tree: PickTree | None = None
        self._step: ResolutionStep | None = None

        self.info = QLabel()
        self.info.setWordWrap(True)
        self.info.setTextFormat(Qt.RichText)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setStyleSheet("font-size: 14px; font-weight: bold; color: #3b2b12")
        self.choices = QBoxLayout(QBoxLayout.LeftToRight)
        self.choices.setContentsMargins(0, 0, 0, 0)
        choice_box = QWidget()
        choice_box.setLayout(self.choices)
        self.hand = QBoxLayout(QBoxLayout.LeftToRight)
        self.hand.setContentsMargins(0, 0, 0, 0)
        hand_box = QFrame()
        hand_box.setObjectName("screen")
        hand_box.setStyleSheet(
            "#screen { background: #3a2f24; border-radius: 6px; }"
            "#screen QLabel { color: #f3ead7; }"
            "#screen QToolButton { color: #f3ead7; background: transparent;"
            " border: 2px solid transparent; border-radius: 8px; padding: 2px; }"
            "#screen QToolButton:hover:enabled { border-color: #c9b48a; }"
            "#screen QToolButton:checked { background: #6b5a44; border-color: #ffe14d; }"
            "#screen QToolButton:disabled { color: #8a7f6d; }"
        )
        hand_box.setLayout(self.hand)
        self.hand_buttons: dict[str, QToolButton] = {}
        self.choice_buttons: list[QPushButton] = []

        # prompt, choices and hand: a column beside a tall map, a band under a wide one
        self.controls = QWidget()
        controls = QVBoxLayout(self.controls)
        controls.setContentsMargins(0, 0, 0, 0)
        controls.addWidget(self.prompt)
        controls.addWidget(choice_box)
        controls.addWidget(hand_box)
        controls.addStretch(1)
        self._body = QBoxLayout(QBoxLayout.TopToBottom)
        self._body.addWidget(self.board, 1)
        self._body.addWidget(self.controls)
        self.beside = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.info)
        layout.addLayout(self._body, 1)

    def _arrange(self) -> None:
        """Put the controls where the board gets bigger: beside it or under it."""
        scene = self.scene
        if scene is None:
            return
        rect = scene.sceneRect()
        aspect = rect.width() / rect.height()
        width = self.width()
        height = self.height() - self.info.height()
        beside = min((width - SIDE_WIDTH) / aspect, height) > min(
            width / aspect, height - BAND_HEIGHT
        )
        if beside == self.beside:
            return
        self.beside = beside
        flow = QBoxLayout.TopToBottom if beside else QBoxLayout.LeftToRight
        self._body.setDirection(QBoxLayout.LeftToRight if beside else QBoxLayout.TopToBottom)
        self.choices.setDirection(flow)
        self.hand.setDirection(flow)
        if beside:
            self.controls.setFixedWidth(SIDE_WIDTH)
        else:
            self.controls.setMinimumWidth(0)
            self.controls.setMaximumWidth(QWIDGETSIZE_MAX)
        for button in self.hand_buttons.values():
            button.setToolButtonStyle(self._hand_button_style())

    def _hand_button_style(self) -> Qt.ToolButtonStyle:
        return Qt.ToolButtonTextBesideIcon if self.beside else Qt.ToolButtonTextUnderIcon

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Re-arrange the controls for the new shape, then let the board refit."""
        self._arrange()
        super().resizeEvent(event)

    # GameView --------------------------------------------------------------------------
    def show_state(self, session: GameSession, viewer: int | None, interactive: bool) -> None:
        """Redraw everything for `viewer`; offer choices when `interactive`."""
        self._session = session
        self._viewer = viewer
        state: RokuganState = session.state  # type: ignore[assignment]
        self._ensure_scene(session)
        self.tree = PickTree(state.legal_actions(), state.board.ids) if interactive else None
        self._redraw()

    # drawing ---------------------------------------------------------------------------
    def _ensure_scene(self, session: GameSession) -> None:
        path = session.map_path
        if path is None or path == self._map_path:
            return
        self._map_path = path
        self.scene = MapScene(map_geometry(path))
        self.board.setScene(self.scene)
        self._arrange()
        self.board.fit()

    def _state(self) -> RokuganState:
        assert self._session is not None
        return self._session.state  # type: ignore[return-value]

    def _redraw(self) -> None:
        if self.scene is None or self._session is None:
            return
        state = self._state()
        for item in self._overlay:
            self.scene.removeItem(item)
        self._overlay = []
        self._keep: list[QGraphicsItem] = []
        self._token_items = {}
        self._slot_spots = {}
        self.scene.clear_highlights()
        if self._step is not None and self._step.payload is not None:
            # steps 1-5 show the board as it was at the reveal, every token face up
            before, tokens = self._step.payload
            self._draw_provinces(before)
            self._draw_tokens(before, [_revealed(t) for t in tokens])
            for pid in self._step.highlight:
                self.scene.set_highlight(pid, HIGHLIGHT_STEP)
        else:
            self._draw_provinces(state)
            self._draw_tokens(state, visible_tokens(state, self._viewer))
        self._draw_info(state)
        self._draw_hand(state)
        self._draw_choices(state)

    def _add(self, item: QGraphicsItem) -> QGraphicsItem:
        assert self.scene is not None
        self.scene.addItem(item)
        self._overlay.append(item)
        return item

    def _draw_provinces(self, state: RokuganState) -> None:
        scene = self.scene
        assert scene is not None
        b = state.board
        u = scene.unit
        territory_names = {t.id: t.name for t in b.graph.territories}
        for q, pid in enumerate(b.ids):
            centre = scene.labels.get(pid)
            if centre is None:
                continue
            owner = state.ctrl_owner[q]
            if owner >= 0:
                clan = CLANS[state.clans[owner]]
                item = control_item(u * 1.0, clan, state.ctrl_up[q], state.ctrl_down[q])
                item.setPos(centre + QPointF(0, -u * 4.6))
                item.setZValue(40)
                self._add(item)
            special = state.special[q]
            if special:
                badge = special_badge(SPECIAL_NAMES[special], u)
                badge.setPos(centre + QPointF(0, u * 2.3))
                badge.setZValue(41)
                self._add(badge)
            province = scene.province_items.get(pid)
            if province is not None:
                province.setToolTip(self._province_tip(state, q, territory_names))

    def _province_tip(self, state: RokuganState, q: int, territory_names: dict) -> str:
        b = state.board
        info = b.graph.provinces[q]
        lines = [f"<b>{info.name}</b> — {territory_names.get(info.territory, '')}"]
        owner = state.ctrl_owner[q]
        if owner >= 0:
            lines.append(
                f"Held by {narrate.clan_name(state, owner)}: {state.ctrl_up[q]} face-up, "
                f"{state.ctrl_down[q]} face-down control tokens"
            )
        else:
            lines.append("Nobody controls it")
        printed = b.defense[q]
        bonus = state.defense_bonus(q, -1)
        lines.append(f"Defense {bonus} (printed +{printed}, the rest from tokens)")
        honor = b.flowers[q]
        lines.append(
            f"Flowers {honor}"
            + (" (Shadowlands: no honor for face-up tokens)" if b.shadowlands[q] else "")
        )
        if b.capital[q] >= 0:
            lines.append(f"Capital of the {narrate.pretty(CLANS[b.capital[q]])} clan")
        if state.special[q]:
            lines.append(f"Special token: {narrate.special_name(state.special[q])}")
        if b.coastal[q]:
            lines.append("Coastal")
        return "<br>".join(lines)

    def _draw_tokens(self, state: RokuganState, tokens: list[ViewToken | None]) -> None:
        scene = self.scene
        assert scene is not None
        b = state.board
        u = scene.unit
        r = u * 1.45
        positions: dict[int, QPointF] = {}
        centre_groups: dict[int, list[int]] = {}
        for s, t in enumerate(tokens):
            if t is not None and 0 <= t[1] < b.n:
                centre_groups.setdefault(t[1], []).append(s)
        for q, serials in centre_groups.items():
            origin = scene.centre_point(b.ids[q])
            per_row = 4
            for i, s in enumerate(serials):
                row, col = divmod(i, per_row)
                in_row = min(per_row, len(serials) - row * per_row)
                x = (col - (in_row - 1) / 2) * r * 2.2
                positions[s] = origin + QPointF(x, row * r * 2.2)
        for s, t in enumerate(tokens):
            if t is None:
                continue
            player, slot, up, host, _blessed, tid = t
            clan = CLANS[state.clans[player]]
            label = state.label(player, tid) if tid >= 0 else None
            face = narrate.token_short(label) if label else None
            known_down = bool(label) and not up
            if host >= 0:
                continue  # blessings are drawn on their host below
            item = TokenItem(r, clan, face, known_down, ("token", f"#{s}"))
            if slot >= b.n:
                pos, arrow = self._slot_position(state, slot, r)
                item.arrow = arrow
            else:
                pos = positions.get(s, QPointF())
            item.setPos(pos)
            positions[s] = pos
            item.setToolTip(self._token_tip(state, s, player, label, up))
            self._add(item)
            self._token_items[f"#{s}"] = item
        history = state.history
        if history and isinstance(history[-1], (A.Place, A.Animate)) and self._step is None:
            latest = self._token_items.get(f"#{len(tokens) - 1}")
            if latest is not None:
                latest.recent = True
        for s, t in enumerate(tokens):
            if t is None or t[3] < 0:
                continue
            player, _slot, _up, host, _b, tid = t
            clan = CLANS[state.clans[player]]
            label = state.label(player, tid) if tid >= 0 else None
            face = narrate.token_short(label) if label else "+"
            item = TokenItem(r * 0.62, clan, face, False, ("token", f"#{s}"))
            item.setPos(positions.get(host, QPointF()) + QPointF(r * 0.8, -r * 0.8))
            item.setZValue(46)
            item.setToolTip(
                f"#{s}: {narrate.token_words(label) if label else 'Blessing'} "
                f"of {narrate.pretty(clan)} on #{host}"
            )
            self._add(item)
            self._token_items[f"#{s}"] = item

    def _slot_position(self, state: RokuganState, slot: int, r: float) -> tuple[QPointF, QPointF]:
        """Where a border token lies and the unit vector of its attack."""
        scene = self.scene
        assert scene is not None
        text = state.board.slot_text[slot]
        if "|" in text:
            pair, _, target = text.partition(" ->")
            border = scene.border(pair)
            a, b = pair.split("|")
            if border is None:
                return scene.centre_point(target), QPointF(0, 1)
            m = QPointF(*border.midpoint)
            d = QPointF(*border.direction)
            if target == a:
                d = -d
            return m - d * r * 1.05, d
        border = scene.border(text)
        if border is None:
            return QPointF(), QPointF(0, 1)
        m = QPointF(*border.midpoint)
        d = QPointF(*border.direction)
        return m - d * r * 1.2, d

    def _token_tip(
        self, state: RokuganState, s: int, player: int, label: str | None, up: int
    ) -> str:
        clan = narrate.clan_name(state, player)
        if label is None:
            return f"#{s}: a face-down token of {clan}"
        hidden = "" if up else " (face down; the others cannot see it)"
        return f"#{s}: {clan} {narrate.token_words(label)}{hidden}"

    def _draw_info(self, state: RokuganState) -> None:
        parts = [f"<b>{narrate.phase_words(state)}</b>"]
        if self._step is not None and self._step.payload is not None:
            parts = [f"<b>Round {self._step.payload[0].round} of 5 — Resolution</b>"]
        elif not state.is_terminal():
            parts.append(f"First player: {narrate.clan_name(state, state.first)}")
        viewer = self._viewer
        if viewer is not None:
            objective = state.objective[viewer]
            if objective >= 0:
                name, honor = OBJECTIVES[objective]
                parts.append(
                    f"Your objective: <i>{narrate.pretty(name)}</i> ({honor}) — "
                    f"{narrate.OBJECTIVE_TEXT.get(name, '')}"
                )
            cards = [
                narrate.pretty(card)
                for t, card in enumerate(state.terr_card)
                if card and state.terr_holder[t] == viewer
            ]
            parts.append(
                f"Scouts {state.scouts[viewer]} · Shugenja {state.shugenja[viewer]}"
                + (f" · Cards: {', '.join(cards)}" if cards else "")
            )
            known: dict[int, list[str]] = {}
            for other, tid in state.observation(viewer).known_hand:
                known.setdefault(other, []).append(narrate.token_words(state.label(other, tid)))
            for other, labels in sorted(known.items()):
                parts.append(
                    f"You saw {narrate.clan_name(state, other)}'s hand: {', '.join(labels)}"
                )
        self.info.setText(" &nbsp;·&nbsp; ".join(parts))

    def _draw_hand(self, state: RokuganState) -> None:
        _clear_layout(self.hand)
        self.hand_buttons = {}
        viewer = self._viewer
        if viewer is None:
            label = QLabel("The screen is closed.")
            self.hand.addWidget(label)
            self.hand.addStretch(1)
            return
        clan = CLANS[state.clans[viewer]]
        obs = state.observation(viewer)
        title = QLabel(
            f"<b style='color:{clan_colour(clan).lighter(140).name()}'>"
            f"{narrate.pretty(clan)}</b>"
            + (" — behind your screen" if self.beside else "<br>behind<br>your screen")
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
                QIcon(token_pixmap(HAND_ICON * 2, clan, narrate.token_short(label), selected))
            )
            button.setIconSize(QSize(HAND_ICON, HAND_ICON))
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
            self.hand.addWidget(QLabel(f"Discard pile: {len(discard)}"))
        self.hand.addWidget(QLabel(f"Pool: {sum(1 for loc in obs.own_loc if loc == 0)}"))

    def _draw_choices(self, state: RokuganState) -> None:
        _clear_layout(self.choices)
        self.choice_buttons = []
        tree = self.tree
        if tree is None:
            if state.is_terminal():
                self.prompt.setText("The game is over.")
            elif self._step is not None:
                self.prompt.setText("Resolution — the revealed board.")
            else:
                current = state.current_player()
                self.prompt.setText(f"Waiting for {narrate.clan_name(state, current)}…")
            self.choices.addStretch(1)
            return
        options = tree.options()
        self.prompt.setText(self._prompt_text(state, tree))
        for pick in options:
            if pick.kind in (CARD, BUTTON, DISCARD, END):
                self._choice_button(state, pick)
        if tree.chosen:
            cancel = QPushButton("Cancel")
            cancel.clicked.connect(self._on_cancel)
            self.choices.addWidget(cancel)
            self.choice_buttons.append(cancel)
        self.choices.addStretch(1)
        self._light_targets(state, options)

    def _choice_button(self, state: RokuganState, pick: Pick) -> None:
        text, tip = _button_text(state, pick, self._viewer)
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setProperty("pick", (pick.kind, pick.value))
        button.clicked.connect(lambda _checked=False, p=pick: self._pick(p))
        self.choices.addWidget(button)
        self.choice_buttons.append(button)

    def _prompt_text(self, state: RokuganState, tree: PickTree) -> str:
        chosen = tree.chosen
        options = tree.options()
        kinds = {p.kind for p in options}
        pending = state.pending[0] if state.pending else 0
        if state.phase == PH_CONTROL:
            return "Place a starting control token: click a lit province."
        if state.phase == PH_DRAGON:
            return "Dragon: return one token from behind your screen to the pool."
        if state.phase == PH_SWAP and not chosen:
            return "Unicorn: before the reveal you may swap two of your face-down tokens."
        if pending == PEND_SEND and not chosen:
            return "Send a token from behind your screen to the pool or the discard pile."
        if pending == PEND_PEEK:
            return "Scorpion: look at one lit face-down token, or don't."
        if pending == PEND_LOOK:
            return "Dark Favors: look at a lit token (up to 4), or stop looking."
        if pending in (PEND_DARK_DISCARD, PEND_PURGE):
            return "Reveal and discard one of the lit tokens."
        if pending == PEND_ANIMATE and not chosen:
            return "Animate the Dead: choose a token from your discard pile."
        if state.phase == PH_CARDS and not chosen:
            return "Upkeep: play a territory card, or pass."
        if not chosen:
            if kinds == {BUTTON} and any(p.value.startswith("objective") for p in options):
                return "Keep one of your two secret objectives."
            if HAND in kinds and state.phase == PH_PLACE:
                extra = " or play a card" if CARD in kinds else ""
                return f"Your turn: choose a token from behind your screen{extra}."
            if HAND in kinds:
                return "Choose a token from behind your screen."
            if TOKEN in kinds:
                return "Choose a lit token on the board."
            return "Choose."
        first = chosen[0]
        if (
            first.kind in (HAND, DISCARD)
            and (PLACE in kinds or TOKEN in kinds)
            and state.phase == PH_PLACE
        ):
            what = narrate.token_words(first.value)
            if first.value.startswith("blessing"):
                return f"Bless one of your face-down tokens with {what}: click a lit token."
            return f"Place {what}: click a lit place (a province's centre or a border arrow)."
        if first.kind == HAND and BUTTON in kinds:
            return f"Send {narrate.token_words(first.value)} where?"
        if first.kind == CARD:
            name = narrate.pretty(first.value)
            if TOKEN in kinds:
                return f"{name}: choose a lit token."
            if PLACE in kinds:
                return f"{name}: choose a lit province" + (", or Done." if END in kinds else ".")
            return f"{name}: choose" + (", or Done." if END in kinds else ".")
        if first.kind == TOKEN:
            return "Swap it with which lit token?"
        return "Choose."

    def _light_targets(self, state: RokuganState, options: list[Pick]) -> None:
        scene = self.scene
        assert scene is not None
        b = state.board
        r = scene.unit * 1.45
        for pick in options:
            if pick.kind == PLACE:
                if pick.value in b.index:
                    placing = (
                        self.tree is not None
                        and bool(self.tree.chosen)
                        and self.tree.chosen[0].kind in (HAND, DISCARD)
                    )
                    # a token goes to the centre spot; a card or control token to the province
                    if placing:
                        spot = scene.centre_spots.get(pick.value)
                        if spot is not None:
                            spot.setVisible(True)
                    else:
                        scene.set_highlight(pick.value, HIGHLIGHT_LEGAL)
                    continue
                slot = b.slot_by_text.get(pick.value)
                if slot is None:
                    continue
                pos, arrow = self._slot_position(state, slot, r)
                spot = Spot("slot", pick.value, pos, r * 0.9)
                spot.setVisible(True)
                spot.setToolTip(narrate.where_words(state, pick.value))
                self._keep.append(_arrow_mark(spot, arrow, r * 0.9))
                self._add(spot)
                self._slot_spots[pick.value] = spot
            elif pick.kind == TOKEN:
                item = self._token_items.get(pick.value)
                if item is not None:
                    item.lit = True
                    item.update()

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

    @Slot(object)
    def _on_board_clicked(self, keys: list[tuple[str, str]]) -> None:
        if self.tree is None:
            return
        options = self.tree.options()
        for kind, key in keys:
            if kind in ("slot", "province") and Pick(PLACE, key) in options:
                self._pick(Pick(PLACE, key))
                return
            if kind == "token" and Pick(TOKEN, key) in options:
                self._pick(Pick(TOKEN, key))
                return
        for kind, key in keys:
            reason = self._why_not(kind, key)
            if reason:
                self.status.emit(reason)
                return

    @Slot(object)
    def _on_board_hovered(self, keys: list[tuple[str, str]]) -> None:
        if self.tree is None or not self.tree.chosen:
            return
        options = self.tree.options()
        for _kind, key in keys:
            if Pick(PLACE, key) in options or Pick(TOKEN, key) in options:
                self.status.emit("")
                return
        for kind, key in keys:
            reason = self._why_not(kind, key)
            if reason:
                self.status.emit(reason)
                return

    def _why_not(self, kind: str, key: str) -> str | None:
        """Why the clicked place is not a choice now (the rules' own reason)."""
        if self.tree is None or self._session is None:
            return None
        state = self._state()
        first = self.tree.first()
        if first is not None and first.kind == HAND and state.phase == PH_PLACE:
            if kind == "province" or (kind == "token" and first.value.startswith("blessing")):
                reason = state.why_illegal(A.Place(first.value, key))
                if reason:
                    return f"{narrate.token_words(first.value)} cannot go there: {reason}."
            return None
        if state.phase == PH_CONTROL and kind == "province":
            if state.ctrl_owner[state.board.index[key]] >= 0:
                return "That province already has a control token."
        if first is None and state.phase == PH_PLACE and kind in ("province", "slot"):
            return "Choose a token from behind your screen first."
        return None


def _clear_layout(layout: QBoxLayout) -> None:
    """Remove every widget and spacer; widgets hide now and are deleted later (one of
    them may be the button whose click is being handled)."""
    while layout.count():
        widget = layout.takeAt(0).widget()
        if widget is not None:
            widget.hide()
            widget.deleteLater()


def _revealed(t: tuple | None) -> ViewToken | None:
    """A true board token as a face-up view token (resolution: everything is revealed)."""
    if t is None:
        return None
    return (t[T_PLAYER], t[T_SLOT], 1, t[T_HOST], t[T_BLESSED], t[T_TID])


def _token_order(label: str) -> tuple[int, str]:
    order = ["army", "navy", "shinobi", "blessing", "diplomacy", "raid", "bluff"]
    for index, word in enumerate(order):
        if label.startswith(word):
            return index, label
    return len(order), label


def _button_text(state: RokuganState, pick: Pick, viewer: int | None) -> tuple[str, str]:
    """A choice button's text and tooltip."""
    if pick.kind == END:
        return "Done", "Play the card with the targets chosen so far"
    if pick.kind == CARD:
        name = narrate.pretty(pick.value)
        if pick.value == "scout" and viewer is not None:
            name = f"Scout ({state.scouts[viewer]} left)"
        elif pick.value == "first_player":
            name = "First-player card"
        return name, narrate.CARD_TEXT.get(pick.value, "")
    if pick.kind == DISCARD:
        return f"{narrate.token_words(pick.value)} (discard pile)", "from your discard pile"
    value = pick.value
    if value.startswith("objective "):
        name = value.split(" ", 1)[1]
        honor = dict(OBJECTIVES).get(name, 0)
        return f"Keep {narrate.pretty(name)} ({honor})", narrate.OBJECTIVE_TEXT.get(name, "")
    if value == "pass":
        return "Pass", "Play no territory card now"
    if value.startswith("skip "):
        what = value.split(" ", 1)[1]
        return {"peek": "Don't peek", "look": "Stop looking", "swap": "Don't swap"}.get(
            what, f"Skip {what}"
        ), ""
    if value in ("pool", "discard"):
        return f"To the {'pool' if value == 'pool' else 'discard pile'}", ""
    if value in CLANS:
        return narrate.pretty(value), "the player to spy on"
    if value in state.board.index:
        return state.board.graph.provinces[state.board.index[value]].name, ""
    return narrate.token_words(value), ""


def _arrow_mark(parent: QGraphicsItem, direction: QPointF, size: float) -> QGraphicsPathItem:
    """A small arrow inside a border spot, pointing into the attacked province."""
    dx, dy = direction.x(), direction.y()
    tip = QPointF(dx * size * 0.8, dy * size * 0.8)
    side = QPointF(-dy * size * 0.45, dx * size * 0.45)
    back = QPointF(-dx * size * 0.3, -dy * size * 0.3)
    path = QPainterPath(tip)
    path.lineTo(back + side)
    path.lineTo(back - side)
    path.closeSubpath()
    mark = QGraphicsPathItem(path, parent)
    mark.setBrush(QColor("#3b2b12"))
    mark.setPen(Qt.NoPen)
    return mark
