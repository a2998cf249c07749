"""The Shinobi play area: every player's province with its clan stacks, the hand, the orders.

Rendering rule: everything comes from one `ShinobiObservation`. The table, the discards,
the counts and the history are public; the hand and the allegiance are drawn only from
the viewer's own observation, and with no viewer (hot-seat hand-over) neither is shown.

Choosing an action takes two clicks, a source and a target, and the view lights the
targets that complete a legal action:

- a hand card, then a lit province (deploy) or, for a Ninja, a lit army (Ninja);
- an army in another province, then a lit province (move);
- an army of one's own province, then a lit army elsewhere (attack).

When only one source is possible (often in the third order) it is chosen at once.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractAnimation,
    QEvent,
    QParallelAnimationGroup,
    Qt,
    QTimer,
    QVariantAnimation,
    Slot,
)
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.games.base import GameView, ResolutionStep
from app.games.shinobi import keys
from app.games.shinobi.cards import (
    GAIN,
    HIT,
    STACK_SIZE,
    AllegianceCard,
    HandCardButton,
    StackButton,
    clan_mark,
    marks_legend,
    text_colour,
)
from app.games.shinobi.narrate import (
    ORDER_HELP,
    draw_rule_text,
    in_province,
    last_round_text,
    seat_label,
)
from app.games.shinobi.province import ProvincePanel
from app.i18n import _, ai_level_name
from app.widgets.keypick import keys_legend, widget_picker
from engine.shinobi import reasons
from engine.shinobi.actions import Attack, Deploy, Move, PlayNinja, ShinobiAction
from engine.shinobi.attack import largest_target
from engine.shinobi.cards import CLAN_NAMES, NINJA, NUM_CLANS
from engine.words import Words

if TYPE_CHECKING:
    from app.session import GameSession, Seat
    from engine.shinobi.state import ShinobiObservation, ShinobiState

SOURCE_CARD = "card"
ARMY = "army"
PROVINCE = "province"
FLASH_MS = 1600  # how long a log line's places stay ringed

Key = tuple  # ("card", t) | ("army", q, c) | ("province", q)


def action_parts(action: Any, player: int) -> tuple[Key, Key]:
    """(source, target) of an action: what is clicked first and what completes it."""
    if isinstance(action, Deploy):
        return (SOURCE_CARD, action.clan), (PROVINCE, action.province)
    if isinstance(action, PlayNinja):
        return (SOURCE_CARD, NINJA), (ARMY, action.province, action.clan)
    if isinstance(action, Move):
        return (ARMY, action.source, action.clan), (PROVINCE, action.target)
    if isinstance(action, Attack):
        return (ARMY, player, action.attacker), (ARMY, action.province, action.clan)
    raise TypeError(f"not a Shinobi action: {action!r}")


def recent_actions(observation: ShinobiObservation) -> list[tuple[int, Any]]:
    """(actor, action) of the last completed turn and of the turn in progress."""
    history, actors = observation.history, observation.actors
    runs: list[list[int]] = []
    for index in range(len(history) - 1, -1, -1):
        if runs and actors[index] == actors[runs[-1][0]]:
            runs[-1].append(index)
        elif len(runs) < 2:
            runs.append([index])
        else:
            break
    if runs and actors[runs[0][0]] != observation.current_player:
        runs = runs[:1]  # the last turn is complete: show it alone
    indices = sorted(i for run in runs for i in run)
    return [(actors[i], history[i]) for i in indices]


def action_marks(recent: list[tuple[int, Any]]) -> dict[tuple[int, int], list[str]]:
    """Marks per (province, clan): +1 a card in, −1 out, 'hit −1' attacked, 'ninja −1'."""
    marks: dict[tuple[int, int], list[str]] = {}
    for _actor, action in recent:
        if isinstance(action, Deploy):
            marks.setdefault((action.province, action.clan), []).append("+1")
        elif isinstance(action, Move):
            marks.setdefault((action.source, action.clan), []).append("−1")
            marks.setdefault((action.target, action.clan), []).append("+1")
        elif isinstance(action, Attack):
            marks.setdefault((action.province, action.clan), []).append(_("hit −1"))
        elif isinstance(action, PlayNinja):
            marks.setdefault((action.province, action.clan), []).append(_("ninja −1"))
    return marks


def leader_of(obs: ShinobiObservation, q: int) -> int | None:
    """The clan with the largest army in `q`'s province (None: empty or tied)."""
    sizes = [obs.army(q, c) for c in range(NUM_CLANS)]
    best = max(sizes)
    if best == 0 or sizes.count(best) > 1:
        return None
    return sizes.index(best)


class ShinobiView(GameView):
    """The table: provinces with clan stacks, the viewer's hand and allegiance, the orders."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.observation: ShinobiObservation | None = None
        self.legal: list[Any] = []
        self._state: ShinobiState | None = None  # the game while it is the person's turn
        self.selected: Key | None = None
        self.interactive = False
        self.provinces: list[ProvincePanel] = []
        self.hand_buttons: dict[int, HandCardButton] = {}
        self.ui_scale = 1.0
        self._seats: tuple[Seat, ...] = ()
        self._highlight: set[int] = set()
        self._rings: dict[tuple[int, int], QColor] = {}
        self._suggestions: dict[str, tuple[frozenset[tuple[int, int]], str]] = {}
        self._seen = -1  # how many actions of the history are shown (animated) already
        self._animation: QAbstractAnimation | None = None
        self._flashes: list[QVariantAnimation] = []

        self.orders = QLabel()
        self.orders.setTextFormat(Qt.RichText)
        self.orders.setWordWrap(True)
        self.last_round = QLabel()
        self.last_round.setStyleSheet(
            "background: #a4161a; color: white; font-weight: bold; padding: 4px 8px;"
            " border-radius: 6px"
        )
        self.deck = QLabel()
        self.deck.setTextFormat(Qt.RichText)
        self.totals = QLabel()
        self.totals.setTextFormat(Qt.RichText)
        self.totals.setWordWrap(True)
        self.last_turn = QLabel()
        self.last_turn.setWordWrap(True)
        self.last_turn.setTextFormat(Qt.RichText)
        self.last_turn.setStyleSheet("color: #a4161a")

        info = QVBoxLayout()
        info.setSpacing(2)
        top = QHBoxLayout()
        top.addWidget(self.orders, 1)
        top.addWidget(self.last_round)
        self.legend = QLabel()  # what each ring and mark means, one hover away
        self.legend.setStyleSheet("color: #5a5346")  # underlined by its font (it scales)
        top.addWidget(self.legend)
        info.addLayout(top)
        counts = QHBoxLayout()
        counts.addWidget(self.deck)
        counts.addSpacing(18)
        counts.addWidget(self.totals, 1)
        info.addLayout(counts)
        info.addWidget(self.last_turn)

        self.table = QGridLayout()
        self.table.setSpacing(8)

        self.allegiance = AllegianceCard()
        self.allegiance_label = QLabel()
        self.allegiance_label.setWordWrap(True)
        self.hand_row = QHBoxLayout()
        self.hand_row.setSpacing(4)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        self.cancel = QPushButton()
        self.cancel.clicked.connect(self._on_cancel)
        self.hand_title = QLabel()

        hand_box = QVBoxLayout()
        hand_box.addWidget(self.hand_title)
        hand_box.addLayout(self.hand_row)
        secret = QHBoxLayout()
        secret.addWidget(self.allegiance)
        secret.addWidget(self.allegiance_label)
        bottom = QHBoxLayout()
        bottom.addLayout(hand_box, 0)
        bottom.addSpacing(16)
        bottom.addLayout(secret, 0)
        bottom.addStretch(1)
        prompt_row = QHBoxLayout()
        prompt_row.addWidget(self.prompt, 1)
        prompt_row.addWidget(self.cancel)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(6)
        layout.addLayout(info)
        layout.addLayout(self.table)
        layout.addLayout(prompt_row)
        layout.addLayout(bottom)
        layout.addStretch(1)
        self.setFocusPolicy(Qt.StrongFocus)
        # every decision without the mouse: the arrows ring a card or army or province
        # that may be chosen, Enter or Space chooses it, Esc takes it back
        self.keys = widget_picker(self, lambda: keys.targets(self), lambda k: keys.pick(self, k))
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(self.backgroundRole(), QColor("#ede4cf"))
        self.setPalette(palette)
        self.retranslate()
        self.set_ui_scale(1.0)

    def retranslate(self) -> None:
        """Say every word again in the current language (`app.i18n`)."""
        self.cancel.setText(_("Cancel"))
        self.hand_title.setText("<b>{}</b>".format(_("Your hand")))
        self.legend.setText(_("Marks") + " (?)")  # ⓘ is missing from common fonts
        self.legend.setToolTip(marks_legend() + keys_legend())
        if self.observation is not None:
            self._redraw()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language (`QEvent.LanguageChange`): the words again."""
        super().changeEvent(event)
        if event.type() == QEvent.LanguageChange:
            self.retranslate()

    # GameView --------------------------------------------------------------------------
    def set_ui_scale(self, scale: float) -> None:
        """Size the stacks, the hand, the allegiance card and the prompt for `scale`."""
        self.ui_scale = scale
        for panel in self.provinces:
            panel.set_scale(scale, self.font(), self._stack_height())
        for widget in (self.last_turn, self.last_round, self.legend, self.cancel):
            widget.setFont(self.font())  # a style sheet (theirs or the app's) stops the scale
        underlined = QFont(self.font())
        underlined.setUnderline(True)
        self.legend.setFont(underlined)
        self.allegiance.set_scale(scale)
        self.allegiance.setMinimumWidth(self.allegiance.width())
        self.allegiance_label.setFixedWidth(round(130 * scale))
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(self.font().pointSizeF() * 1.12)
        self.prompt.setFont(font)
        self.prompt.setStyleSheet("color: #2d4a3e")
        if self.observation is not None:
            self._redraw()

    def show_state(self, session: GameSession, viewer: int | None, interactive: bool) -> None:
        """Draw the table as `viewer` sees it (None: public facts only)."""
        state = session.state
        n = state.num_players
        self._seats = tuple(session.seats)
        self._viewer = viewer
        # the hand and allegiance come only from the viewer's observation
        self.observation = state.observation(viewer if viewer is not None else 0)
        self.interactive = interactive and viewer is not None and not state.is_terminal()
        self.legal = list(state.legal_actions()) if self.interactive else []
        self._state = state if self.interactive else None
        if len(self.provinces) != n:
            self._build_provinces(n)
        self._place_provinces(viewer if viewer is not None else 0)
        self.selected = None
        self._auto_select()
        self._redraw()
        self._animate_new(self.observation)

    def show_step(self, step: ResolutionStep | None) -> None:
        """Frame the provinces a resolution step is about."""
        self._highlight = {int(h) for h in step.highlight if h.isdigit()} if step else set()
        if self.observation is not None:
            self._redraw()

    def animating(self) -> bool:
        """True while an order is being shown on the table."""
        return self._animation is not None

    def skip_animation(self) -> None:
        """Jump to the end of the order being shown."""
        animation, self._animation = self._animation, None
        if animation is not None:
            animation.stop()
        for panel in self.provinces:
            for stack in panel.stacks:
                stack.set_flash(0.0)

    def set_last_actions(self, marks: dict[int, tuple[str, tuple[str, ...], str]]) -> None:
        """Ring the armies each computer seat's last order touched, in the seat's colour."""
        self._rings = {}
        for colour, places, _words in marks.values():
            for key in places:
                army = _army_key(key)
                if army is not None:
                    self._rings[army] = QColor(colour)
        if self.observation is not None:
            for panel in self.provinces:
                for stack in panel.stacks:
                    stack.ring = self._rings.get((panel.province, stack.clan))
                    stack.update()

    def show_suggestion(
        self, places: tuple[str, ...], words: str = "", group: str = "hint"
    ) -> None:
        """Ring a suggested move's armies (a hint, the guide, the review's alternative) in
        white until called again for the same `group`; () clears. A flash fades in 1.6 s,
        before the person has read the hint; a place that is no army still flashes."""
        armies = frozenset(a for key in places if (a := _army_key(key)) is not None)
        if armies:
            self._suggestions[group] = (armies, words)
        else:
            self._suggestions.pop(group, None)
            if places:
                self.show_places(places)
        self._apply_suggestions()

    def _apply_suggestions(self) -> None:
        for panel in self.provinces:
            for stack in panel.stacks:
                army = (panel.province, stack.clan)
                said = [w for armies, w in self._suggestions.values() if army in armies]
                stack.set_suggestion(said[0] if said else None)

    def show_places(self, places: tuple[str, ...]) -> None:
        """Flash the armies a log line is about."""
        for key in places:
            army = _army_key(key)
            if army is None or army[0] >= len(self.provinces):
                continue
            stack = self.provinces[army[0]].stacks[army[1]]
            self._flash(stack, QColor("#ff3d00"), FLASH_MS, keep=True)

    def _stack_height(self) -> int:
        """The stacks' height: the normal one, or taller where the window leaves room
        (two rows of provinces share what the orders, the prompt and the hand leave)."""
        normal = round(STACK_SIZE[1] * self.ui_scale)
        spare = self.height() - round(390 * self.ui_scale)
        return max(normal, min(round(normal * 1.7), spare // 2))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Taller stacks where the window is tall."""
        super().resizeEvent(event)
        height = self._stack_height()
        for panel in self.provinces:
            if panel.stacks[0].height() != height:
                panel.set_scale(self.ui_scale, self.font(), height)
        QTimer.singleShot(0, self, self.keys.refresh)  # the ring follows once laid out

    # building --------------------------------------------------------------------------
    def _build_provinces(self, n: int) -> None:
        for panel in self.provinces:
            panel.setParent(None)
            panel.deleteLater()
        self.provinces = [ProvincePanel(q) for q in range(n)]
        for panel in self.provinces:
            panel.set_scale(self.ui_scale, self.font(), self._stack_height())
            panel.clicked.connect(self._on_province_clicked)
            for stack in panel.stacks:
                stack.clicked.connect(self._on_stack_clicked)

    def _place_provinces(self, own: int) -> None:
        """The others in seat order from the viewer's left, the viewer's own last."""
        n = len(self.provinces)
        for panel in self.provinces:
            self.table.removeWidget(panel)
        seats = [(own + k) % n for k in range(1, n)] + [own]
        columns = 2 if n <= 4 else 3
        for index, q in enumerate(seats):
            self.table.addWidget(self.provinces[q], index // columns, index % columns)

    # animation -------------------------------------------------------------------------
    def _animate_new(self, obs: ShinobiObservation) -> None:
        """Show the order just taken on the table: the hit army flashes red, the army a
        card went into green, the attacking army too (at the AI pace)."""
        count = len(obs.history)
        new = count > self._seen >= 0
        self._seen = count
        if not new or not self.animation_ms or not obs.history:
            return
        action, actor = obs.history[-1], obs.actors[-1]
        flashes: list[tuple[StackButton, QColor]] = []

        def stack(q: int, c: int) -> StackButton | None:
            return self.provinces[q].stacks[c] if q < len(self.provinces) else None

        if isinstance(action, Attack):
            flashes = [(stack(action.province, action.clan), HIT),
                       (stack(actor, action.attacker), GAIN)]  # fmt: skip
        elif isinstance(action, PlayNinja):
            flashes = [(stack(action.province, action.clan), HIT)]
        elif isinstance(action, Deploy):
            flashes = [(stack(action.province, action.clan), GAIN)]
        elif isinstance(action, Move):
            flashes = [(stack(action.source, action.clan), HIT),
                       (stack(action.target, action.clan), GAIN)]  # fmt: skip
        self.skip_animation()
        group = QParallelAnimationGroup(self)
        for target, colour in flashes:
            if target is not None:
                group.addAnimation(self._flash(target, colour, self.animation_ms))
        self._animation = group

        def done() -> None:
            if self._animation is group:
                self._animation = None

        group.finished.connect(done)
        group.start()

    def _flash(
        self, stack: StackButton, colour: QColor, ms: int, keep: bool = False
    ) -> QVariantAnimation:
        """Ring `stack` in `colour`, fading in and out over `ms`."""
        stack.flash_colour = QColor(colour)
        animation = QVariantAnimation(self)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setDuration(max(1, ms))

        def apply(value: object) -> None:
            v = float(value)  # type: ignore[arg-type]
            stack.set_flash(math.sin(math.pi * v) if v < 1 else 0.0)

        animation.valueChanged.connect(apply)
        animation.finished.connect(lambda: stack.set_flash(0.0))
        if keep:
            self._flashes = [f for f in self._flashes if f.state() == QAbstractAnimation.Running]
            self._flashes.append(animation)
            animation.start()
        return animation

    # drawing ---------------------------------------------------------------------------
    def _redraw(self) -> None:
        obs = self.observation
        assert obs is not None
        viewer = self._viewer
        targets = self._targets()
        sources = self._sources()
        marks = action_marks(recent_actions(obs))
        for panel in self.provinces:
            q = panel.province
            lit = (PROVINCE, q) in targets
            panel.set_look(lit, q in self._highlight, q == viewer, leader_of(obs, q))
            _set_text(panel.title, self._province_title(q))
            _set_text(panel.lead, self._lead_text(obs, q))
            for stack in panel.stacks:
                key = (ARMY, q, stack.clan)
                stack.ring = self._rings.get((q, stack.clan))
                stack.set_look(
                    obs.army(q, stack.clan),
                    key in targets,
                    key in sources,
                    key == self.selected,
                    obs.is_protected(q, stack.clan),
                    marks.get((q, stack.clan), []),
                )
        self._apply_suggestions()
        self._draw_info(obs)
        self._draw_hand(obs, sources)
        self.prompt.setText(self._prompt_text())
        # Cancel stays in its place through a decision: disabled, saying why, until a choice
        self.cancel.setEnabled(self.interactive and self.selected is not None)
        why = _("Choose a card from your hand or an army first.")
        why = why if self.interactive else self._idle_reason()
        self.cancel.setToolTip(_("Choose again (Esc)") if self.cancel.isEnabled() else why)
        self.keys.refresh()

    def _seat_name(self, q: int) -> str:
        """Who plays seat `q`, in the current language (said again at each redraw, so a
        new language reaches it): the name entered, "You", or the AI's level."""
        if q >= len(self._seats):
            return ""
        seat = self._seats[q]
        if seat.name:
            return seat.name
        if q == self._viewer:
            return _("You")
        return "" if seat.is_human else _("AI {level}").format(level=ai_level_name(seat.bot))

    def _province_title(self, q: int) -> str:
        obs = self.observation
        assert obs is not None
        name = self._seat_name(q)
        who = f"<b>{seat_label(q)}</b>" + (f" — {name}" if name else "")
        if obs.current_player == q and obs.order:
            who = "▶ " + who
        if obs.revealed is not None:
            clan = obs.revealed[q]
            served = f"<b style='color:{text_colour(clan)}'>{CLAN_NAMES[clan]}</b>"
            who += " · " + _("served {clan}").format(clan=served)
        return who

    def _lead_text(self, obs: ShinobiObservation, q: int) -> str:
        """Cards in hand and on the table here, and the clan that leads the province."""
        cards = obs.hand_sizes[q]
        total = sum(obs.army(q, c) for c in range(NUM_CLANS))
        text = "<small>{}</small>".format(
            _("{hand} in hand · {here} here").format(hand=cards, here=total)
        )
        leader = leader_of(obs, q)
        if leader is not None:
            text += (f" <b style='color:{text_colour(leader)}'>{clan_mark(leader)} "
                     f"{obs.army(q, leader)}</b>")  # fmt: skip
        return text

    def _draw_info(self, obs: ShinobiObservation) -> None:
        if obs.order:
            pills = []
            for order in (1, 2, 3):
                style = (
                    "background:#2d6a4f; color:white;" if order == obs.order else "color:#8a7d63;"
                )
                pills.append(f"<span style='{style} font-weight:bold'>&nbsp;{order}&nbsp;</span>")
            if obs.current_player == self._viewer:
                whose = _("Your turn")
            else:
                whose = _("{player}'s turn").format(player=seat_label(obs.current_player))
            help_text = _(ORDER_HELP[obs.order])
            allows = help_text[:1].upper() + help_text[1:] + "."
            if obs.current_player == self._viewer:
                allows += " " + draw_rule_text(obs.final_left)
            order = _("order {numbers}").format(numbers=" ".join(pills))
            _set_text(self.orders, f"<big><b>{whose}</b> · {order}</big> — {allows}")
        else:
            _set_text(self.orders, "<big><b>{}</b></big>".format(_("The game is over.")))
        notice = last_round_text(obs.final_left) if obs.order else ""
        self.last_round.setText(notice)
        self.last_round.setVisible(bool(notice))
        discards = " ".join(
            f"<b style='color:{text_colour(t)}'>{clan_mark(t)}</b>&nbsp;{k}"
            for t, k in enumerate(obs.discards)
            if k
        )
        deck = _("<b>Deck</b> {deck} · <b>Discard</b> {discards}").format(
            deck=obs.deck_size, discards=discards or _("empty")
        )
        _set_text(self.deck, deck)
        totals = " ".join(
            f"<b style='color:{text_colour(c)}'>{clan_mark(c)}</b> "
            f"{CLAN_NAMES[c]} <b>{obs.clan_total(c)}</b>&nbsp;&nbsp;"
            for c in range(NUM_CLANS)
        )
        _set_text(self.totals, "<b>{}</b> ".format(_("On the table:")) + totals)
        recent = recent_actions(obs)
        viewer = self._viewer

        def attacked(actor: int, a: Attack) -> str:
            if actor == viewer:
                text = _("Your {attacker} army attacked the {clan} {place} (−1)")
            else:
                text = _("{player}'s {attacker} army attacked the {clan} {place} (−1)")
            return text.format(
                player=seat_label(actor),
                attacker=CLAN_NAMES[a.attacker],
                clan=CLAN_NAMES[a.clan],
                place=in_province(a.province, viewer),
            )

        def hit(actor: int, a: PlayNinja) -> str:
            if actor == viewer:
                text = _("Your Ninja hit the {clan} {place} (−1)")
            else:
                text = _("{player}'s Ninja hit the {clan} {place} (−1)")
            return text.format(
                player=seat_label(actor),
                clan=CLAN_NAMES[a.clan],
                place=in_province(a.province, viewer),
            )

        attacks = [attacked(actor, a) for actor, a in recent if isinstance(a, Attack)]
        ninjas = [hit(actor, a) for actor, a in recent if isinstance(a, PlayNinja)]
        self.last_turn.setText("; ".join(ninjas + attacks))
        self.last_turn.setVisible(bool(attacks or ninjas))

    def _draw_hand(self, obs: ShinobiObservation, sources: set[Key]) -> None:
        while self.hand_row.count():
            item = self.hand_row.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()
        self.hand_buttons = {}
        if self._viewer is None:
            self.allegiance.set_clan(None)
            self.allegiance_label.setText(_("Hidden"))
            self.hand_row.addWidget(QLabel(_("(hidden)")))
            return
        self.allegiance.set_clan(obs.allegiance)
        clan = f"<b>{CLAN_NAMES[obs.allegiance]}</b>"
        self.allegiance_label.setText(_("You secretly serve the {clan}").format(clan=clan))
        for card, count in enumerate(obs.hand):
            if not count:
                continue
            button = HandCardButton(card, count, self.ui_scale)
            button.usable = (SOURCE_CARD, card) in sources
            if self.interactive and not button.usable:  # why not, on hover
                button.setToolTip(f"{button.toolTip()} · {self._why_not_card(card)}")
            button.selected = self.selected == (SOURCE_CARD, card)
            button.clicked.connect(self._on_hand_clicked)
            self.hand_buttons[card] = button
            self.hand_row.addWidget(button)
        if not self.hand_buttons:
            self.hand_row.addWidget(QLabel(_("(empty)")))

    def _prompt_text(self) -> str:
        obs = self.observation
        if not self.interactive or obs is None:
            return ""
        if self.selected is None:
            if obs.order == 1:
                return _("Choose a card from your hand (a Ninja to hit an army elsewhere).")
            if obs.order == 2:
                return _(
                    "Choose a card to deploy to your own province, or an army in another "
                    "province to move one of its cards."
                )
            return _("Choose the army of your province that attacks.")
        kind = self.selected[0]
        if kind == SOURCE_CARD:
            card = self.selected[1]
            if card == NINJA:
                return _("Click a lit army in another province: the Ninja removes one card.")
            return _("Click a lit province to deploy the {clan} card there.").format(
                clan=CLAN_NAMES[card]
            )
        clan = CLAN_NAMES[self.selected[2]]
        if obs.order == 2:
            return _("Click a lit province to move one {clan} card there.").format(clan=clan)
        return _("Click a lit army: your {clan} army attacks it and removes one card.").format(
            clan=clan
        )

    # choosing --------------------------------------------------------------------------
    def _player(self) -> int:
        obs = self.observation
        return obs.current_player if obs is not None else 0

    def _sources(self) -> set[Key]:
        player = self._player()
        return {action_parts(a, player)[0] for a in self.legal}

    def _targets(self) -> dict[Key, Any]:
        if self.selected is None:
            return {}
        player = self._player()
        found = {}
        for action in self.legal:
            source, target = action_parts(action, player)
            if source == self.selected:
                found[target] = action
        return found

    def _auto_select(self) -> None:
        sources = self._sources()
        if len(sources) == 1:
            self.selected = next(iter(sources))

    def _select(self, key: Key | None) -> None:
        self.selected = key
        self._redraw()

    @Slot()
    def _on_hand_clicked(self) -> None:
        button = self.sender()
        if not isinstance(button, HandCardButton) or not self.interactive:
            return
        key = (SOURCE_CARD, button.card)
        if key == self.selected:
            self._select(None)
        elif key in self._sources():
            self._select(key)
        else:
            self.status.emit(self._why_not_card(button.card))

    @Slot()
    def _on_stack_clicked(self) -> None:
        stack = self.sender()
        if not isinstance(stack, StackButton):
            return
        if not self.interactive:
            self.status.emit(self._idle_reason())
            return
        key = (ARMY, stack.province, stack.clan)
        targets = self._targets()
        if key in targets:
            self.action_chosen.emit(targets[key])
            return
        if (PROVINCE, stack.province) in targets:
            self.action_chosen.emit(targets[(PROVINCE, stack.province)])
            return
        if key == self.selected:
            self._select(None)
            return
        if key in self._sources():
            self._select(key)
            return
        # a target's army clicked before its source: say which source plays on it (never
        # play it unasked: the person may not mean that card or that army)
        self.status.emit(self._why_not_army(stack.province, stack.clan))

    @Slot(int)
    def _on_province_clicked(self, province: int) -> None:
        if not self.interactive:
            self.status.emit(self._idle_reason())
            return
        targets = self._targets()
        if (PROVINCE, province) in targets:
            self.action_chosen.emit(targets[(PROVINCE, province)])
        elif self.selected is None:
            self.status.emit(_("Choose a card from your hand or an army first."))
        else:
            self.status.emit(self._why_not_province(province))

    @Slot()
    def _on_cancel(self) -> None:
        self._select(None)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        """A click beside the provinces and the hand chooses nothing: say what to click."""
        if event.button() == Qt.LeftButton:
            if not self.interactive:
                self.status.emit(self._idle_reason())
            elif self.selected is None:
                self.status.emit(_("Nothing there: choose a lit card of your hand or a lit army."))
            else:
                self.status.emit(_("Nothing there: click a lit army or province, or Cancel."))
        super().mousePressEvent(event)

    def _idle_reason(self) -> str:
        obs = self.observation
        if obs is None or not obs.order:
            return _("The game is over.")
        return _("Not your turn: {player} is playing.").format(
            player=seat_label(obs.current_player)
        )

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Arrows, F, Enter and Space: the keyboard's ring (`KeyPicker`); Esc: cancel."""
        if self.keys.key_press(event):
            return
        if event.key() == Qt.Key_Escape and self.selected is not None:
            self._on_cancel()
            return
        super().keyPressEvent(event)

    # why not: the rules' own reason (`engine.shinobi.reasons`) for the move a click meant
    def _reason(self, action: ShinobiAction) -> str | None:
        """Why `action` is not legal now, in the rules' words with the table's names for
        the provinces (None when it is legal, or when it is not the person's turn)."""
        if self._state is None:
            return None
        words = reasons.why_illegal(self._state, action)
        if words is None:
            return None
        where = words.value("place")
        if isinstance(where, Words):
            words = words.with_value("place", in_province(where.value("province"), self._player()))
        text = str(words)
        return text[:1].upper() + text[1:] + "."

    def _why_not_card(self, card: int) -> str:
        obs = self.observation
        if obs is None or not obs.order:
            return self._idle_reason()
        other = (self._player() + 1) % obs.num_players
        if card == NINJA:
            reason = self._reason(PlayNinja(0, other)) if obs.order != 1 else None
            return reason or _("There is no army in another province for the Ninja.")
        reason = self._reason(Deploy(card, other)) if obs.order == 3 else None
        return reason or _("The {clan} card cannot be played now.").format(clan=CLAN_NAMES[card])

    def _why_not_army(self, province: int, clan: int) -> str:
        obs = self.observation
        assert obs is not None
        player = self._player()
        n = obs.num_players
        selected = self.selected
        if selected is not None and selected[0] == SOURCE_CARD:
            card = selected[1]
            meant = PlayNinja(clan, province) if card == NINJA else Deploy(card, province)
            return self._reason(meant) or _("Not a choice now.")
        if obs.order == 1:
            return _("First order: choose a card from your hand first.")
        if obs.order == 2:
            target = player if province != player else (player + 1) % n
            return self._reason(Move(clan, province, target)) or _("Not a choice now.")
        if province == player:
            strength = obs.army(player, clan)
            if largest_target(strength) == 0:  # too small to attack anything (the rules say)
                other = (player + 1) % n
                meant = Attack((clan + 1) % NUM_CLANS, other, clan)
                return self._reason(meant) or _("Not a choice now.")
            return _(
                "Your {clan} army ({n} cards) has nothing to attack now (a strictly smaller "
                "army of another clan, not fed this turn)."
            ).format(clan=CLAN_NAMES[clan], n=strength)
        if selected is not None and selected[0] == ARMY and selected[1] == player:
            return self._reason(Attack(clan, province, selected[2])) or _("Not a choice now.")
        key = (ARMY, province, clan)
        if selected is None and any(action_parts(a, player)[1] == key for a in self.legal):
            return _("Choose the attacking army of your province first (a dotted one).")
        # no attacker chosen: the rule that stops the largest army of my province
        attackers = [c for c in range(NUM_CLANS) if c != clan and obs.army(player, c)]
        if not attackers:
            return _("No army of your province can attack it.")
        best = max(attackers, key=lambda c: obs.army(player, c))
        return self._reason(Attack(clan, province, best)) or _("Not a choice now.")

    def _why_not_province(self, province: int) -> str:
        obs = self.observation
        selected = self.selected
        reason = None
        if selected is not None and selected[0] == SOURCE_CARD and selected[1] != NINJA:
            reason = self._reason(Deploy(selected[1], province))
        elif selected is not None and selected[0] == ARMY and obs is not None and obs.order == 2:
            reason = self._reason(Move(selected[2], selected[1], province))
        return reason or _("That province is not a legal target for this choice.")


def _army_key(key: str) -> tuple[int, int] | None:
    """(province, clan) of a place key "q:c" (None for anything else)."""
    province, colon, clan = key.partition(":")
    if colon and province.isdigit() and clan.isdigit():
        return int(province), int(clan)
    return None


def _set_text(label: QLabel, text: str) -> None:
    """Set a label's text only when it changed (rich text layout is not free)."""
    if label.text() != text:
        label.setText(text)
