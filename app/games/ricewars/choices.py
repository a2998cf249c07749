"""The Rice Wars choice row: the controls of one decision in fixed places.

A decision (a hiring turn, an action with its targets, a defence, a fight's bonuses) keeps
the same controls in the same places from its first click to its last: what may not be
chosen now is disabled, with the reason on hover, never removed or swapped for a list.
The row holds every button its pick tree offers at any depth, the troops as two spin
boxes and one Attack/Defend button (a troop is any mix of ashigaru and ronin, so buttons
for each mix would not fit), the sealed bid as a spin box, and Cancel (when a choice takes
more than one pick) left of the buttons that end a decision, which stand at the right end
(Pass keeps its place whether Cancel is there or not). Within one decision the row only
grows: a button no longer offered (the supply ran out, the upkeep is paid) stays, disabled.
Hiring shows its whole row from the start. Words and reasons come from `panel`; the row
never changes the game.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.games.base import clear_layout
from app.games.ricewars import panel
from app.games.ricewars.picks import BID, BUTTON, CARD, FIELD, Pick, PickTree
from app.i18n import _
from engine.ricewars.data import ADVISORS
from engine.ricewars.fight import troop_strength
from engine.ricewars.state import ACTION, HIRE, RiceWarsState

TROOPS = re.compile(r"^(defend )?a(\d+) r(\d+)$")
TAIL = ("stay", "stop", "skip", "refuse", "done", "pass")
"""Buttons that end or decline a decision: kept at the row's right end, in this order."""
HIRE_ROW = ("hire peasant", "hire ashigaru", "hire ronin", "pay ashigaru", "pay ronin")


def decision_key(state: RiceWarsState, viewer: int | None) -> tuple:
    """What stays the same through one decision: the step, whose it is, the round and
    the fight (a new key starts a new row). A hiring turn, a fight's bonuses or a lost
    duel's peasants take several actions; in the action phase one action is one turn."""
    fight = state.fight
    where = (fight["att"], fight["dfn"], fight["field"]) if fight is not None else None
    turn = len(state.history) if state.phase == ACTION and fight is None else None
    return (state.phase, state.current_player(), state.round, viewer, where, turn)


def row_values(state: RiceWarsState, tree: PickTree) -> list[str]:
    """Every button value of the decision, in the order they stand (troop mixes apart)."""
    values: list[str] = []
    if state.phase == HIRE:
        s = state.cur
        values = [*HIRE_ROW, *(f"pay {ADVISORS[a].id}" for a, _uses in state.held[s])]
    for seq, _action in tree.sequences:
        for pick in seq:
            if pick.kind == BUTTON and pick.value not in values:
                values.append(pick.value)
    return values


class ChoiceRow(QWidget):
    """One decision's buttons, troop picker, bid box and Cancel, in fixed places."""

    picked = Signal(object)  # a Pick
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.setSpacing(3)
        self.buttons: dict[str, QPushButton] = {}
        self.values: list[str] = []
        self.troop_values: list[str] = []
        self.ashigaru: QSpinBox | None = None
        self.ronin: QSpinBox | None = None
        self.troop_button: QPushButton | None = None
        self.bid_box: QSpinBox | None = None
        self.bid_button: QPushButton | None = None
        self.cancel: QPushButton | None = None
        self._key: tuple | None = None
        self._state: RiceWarsState | None = None
        self._tree: PickTree | None = None
        self._shape: tuple | None = None

    # building --------------------------------------------------------------------------
    def clear(self) -> None:
        """No decision: an empty row."""
        self._key = None
        self._tree = None
        self._rebuild(([], [], None, False))

    def show_decision(self, state: RiceWarsState, tree: PickTree, key: tuple) -> None:
        """Show `tree`'s decision; the same `key` as before keeps every control in place."""
        self._state, self._tree = state, tree
        values = row_values(state, tree)
        buttons = [v for v in values if not TROOPS.match(v)]
        troops = [v for v in values if TROOPS.match(v)]
        bids = [int(seq[0].value) for seq, _a in tree.sequences if seq[0].kind == BID]
        bid_range = (min(bids), max(bids)) if bids else None
        multi = any(len(seq) > 1 for seq, _a in tree.sequences)
        if key == self._key and self._shape is not None:
            old_buttons, old_troops, old_bids, old_multi = self._shape
            buttons = old_buttons + [v for v in buttons if v not in old_buttons]
            troops = old_troops + [v for v in troops if v not in old_troops]
            bid_range = old_bids if bid_range is None else bid_range
            multi = multi or old_multi
        self._key = key
        shape = (_ordered(buttons), troops, bid_range, multi)
        if shape != self._shape:
            self._rebuild(shape)
        self._update()
        self.row.activate()  # the controls stand in their places before the next click

    def retranslate(self) -> None:
        """Say the row's words again in the current language; its choices, and the troop
        mix set in the spin boxes, stay."""
        if self._shape is None:
            return
        troops = self.troop_value()
        self._rebuild(self._shape)
        if troops is not None and self.troop_button is not None:
            self.set_troops(troops)
        self._update()

    def _rebuild(self, shape: tuple) -> None:
        clear_layout(self.row)
        self._shape = shape
        buttons, troops, bid_range, multi = shape
        self.values, self.troop_values = list(buttons), list(troops)
        self.buttons = {}
        self.ashigaru = self.ronin = self.troop_button = None
        self.bid_box = self.bid_button = self.cancel = None
        if bid_range is not None:
            self.bid_box = QSpinBox()
            self.bid_box.setSuffix(" " + _("Ryo"))
            self.bid_box.setRange(*bid_range)
            self.bid_box.setAccessibleName(_("Your sealed bid"))
            self.row.addWidget(QLabel(_("Your sealed bid:")))
            self.row.addWidget(self.bid_box)
            self.bid_button = QPushButton(_("Place sealed bid"))
            self.bid_button.clicked.connect(self._on_bid)
            self.row.addWidget(self.bid_button)
        if troops:
            self._add_troop_picker(troops)
        lead = [v for v in buttons if v not in TAIL]
        heads = {"hire": _("Hire:"), "pay": _("Upkeep:")}
        for value in lead:
            head = heads.pop(value.partition(" ")[0], None)
            if head is not None and value.partition(" ")[2]:
                self.row.addWidget(QLabel(head))  # "Hire:" and "Upkeep:" head their buttons
            self._add_button(value)
        self.row.addStretch(1)
        # Cancel before the ending buttons: Pass stands at the row's right end whether a
        # choice of several picks (an attack's troops) can be begun or not
        if multi:
            self.cancel = QPushButton(_("Cancel"))
            self.cancel.setProperty("pick", "cancel")
            self.cancel.clicked.connect(self.cancelled)
            self.row.addWidget(self.cancel)
        for value in buttons:
            if value in TAIL:
                self._add_button(value)
        for i in range(self.row.count()):
            widget = self.row.itemAt(i).widget()
            if widget is not None:
                widget.show()  # at once, not when the event loop next runs

    def _add_button(self, value: str) -> None:
        button = QPushButton()
        button.setProperty("pick", value)
        button.clicked.connect(lambda _checked=False, v=value: self._on_button(v))
        self.row.addWidget(button)
        self.buttons[value] = button

    def _add_troop_picker(self, troops: list[str]) -> None:
        mixes = [TROOPS.match(v) for v in troops]
        defend = bool(mixes[0].group(1))
        most_a = max(int(m.group(2)) for m in mixes)
        most_r = max(int(m.group(3)) for m in mixes)
        self.ashigaru, self.ronin = QSpinBox(), QSpinBox()
        for box, word, most in (
            (self.ashigaru, _("ashigaru"), most_a),
            (self.ronin, _("ronin"), most_r),
        ):
            box.setRange(0, most)
            box.setValue(most)
            box.setPrefix(f"{word} ")  # the word in the box: no label beside it
            box.setAccessibleName(word)
            box.valueChanged.connect(self._update)
            self.row.addWidget(box)
        self.troop_button = QPushButton()
        self.troop_button.setProperty("defend", defend)
        # its strength changes with the boxes: its width must not, or the row would move
        metrics = self.troop_button.fontMetrics()
        widest = max(metrics.horizontalAdvance(troop_words(d, 88)) for d in (False, True))
        self.troop_button.setMinimumWidth(widest + 24)
        self.troop_button.clicked.connect(self._on_troops)
        self.row.addWidget(self.troop_button)

    # state of the controls ---------------------------------------------------------------
    def troop_value(self) -> str | None:
        """The pick value of the troop mix set in the spin boxes."""
        if self.troop_button is None or self.ashigaru is None or self.ronin is None:
            return None
        prefix = "defend " if self.troop_button.property("defend") else ""
        return f"{prefix}a{self.ashigaru.value()} r{self.ronin.value()}"

    def set_troops(self, value: str) -> None:
        """Set the spin boxes to the troop mix `value` ("a1 r0", "defend a0 r1")."""
        match = TROOPS.match(value)
        assert match is not None and self.ashigaru is not None and self.ronin is not None
        self.ashigaru.setValue(int(match.group(2)))
        self.ronin.setValue(int(match.group(3)))

    @Slot()
    def _update(self) -> None:
        state, tree = self._state, self._tree
        if state is None or tree is None:
            return
        offered = set(tree.options())
        for value, button in self.buttons.items():
            text, tip = panel.button_text(state, Pick(BUTTON, value), tree)
            able = Pick(BUTTON, value) in offered
            button.setText(text)
            # as wide as its words (not the style's least width, a row of five daimyo's
            # names must fit); a text that grows within the decision widens it for good
            needed = max(button.minimumWidth(), text_width(button))
            button.setFixedWidth(needed)
            button.setEnabled(able)
            button.setToolTip(tip if able else self.reason(value))
        if self.troop_button is not None:
            value = self.troop_value()
            assert value is not None
            defend = value.startswith("defend ")
            match = TROOPS.match(value)
            assert match is not None
            a, r = int(match.group(2)), int(match.group(3))
            strength = troop_strength(1 if defend else 0, a, r,
                                      not defend and "attack1" in state.symbols())  # fmt: skip
            self.troop_button.setText(troop_words(defend, strength))
            able = Pick(BUTTON, value) in offered
            self.troop_button.setEnabled(able)
            if defend:
                tip = _("Strength {n}").format(n=strength)
            else:
                tip = _("Strength {n}: the troops are exhausted after the combat").format(
                    n=strength
                )
            self.troop_button.setToolTip(tip if able else self.reason(value))
        if self.bid_button is not None:
            self.bid_button.setEnabled(any(p.kind == BID for p in offered))
        if self.cancel is not None:
            self.cancel.setEnabled(bool(tree.chosen))
            self.cancel.setToolTip(
                _("Take back the choice begun (Esc)")
                if tree.chosen
                else _("Nothing chosen yet to take back")
            )

    def reason(self, value: str) -> str:
        """Why the button of `value` cannot be pressed now, in words."""
        state, tree = self._state, self._tree
        assert state is not None and tree is not None
        pick = Pick(BUTTON, value)
        if tree.chosen and any(seq[0] == pick for seq, _a in tree.sequences):
            return _("Finish or cancel the choice begun first.")
        firsts = {seq[0] for seq, _a in tree.sequences if pick in seq[1:]}
        if firsts and not tree.chosen:
            ways = []
            if any(f.kind == FIELD for f in firsts):
                ways.append(_("click a lit field"))
            if any(f.kind == CARD for f in firsts):
                ways.append(_("click a card of your hand"))
            buttons = sorted((f for f in firsts if f.kind == BUTTON), key=lambda f: f.value)
            ways += [
                _("press “{button}”").format(button=panel.button_text(state, f, tree)[0])
                for f in buttons
            ]
            text = _(" or ").join(ways)
            return _("First {ways}.").format(ways=text)
        if TROOPS.match(value) and tree.chosen:
            reason = panel.troop_reason(state, tree, value)
            return _("Not these troops: {reason}.").format(reason=reason)
        return panel.why_not_button(state, value)

    # input -------------------------------------------------------------------------------
    def _on_button(self, value: str) -> None:
        if self._tree is not None and Pick(BUTTON, value) in self._tree.options():
            self.picked.emit(Pick(BUTTON, value))

    @Slot()
    def _on_troops(self) -> None:
        value = self.troop_value()
        if value is not None:
            self.picked.emit(Pick(BUTTON, value))

    @Slot()
    def _on_bid(self) -> None:
        if self.bid_box is not None:
            self.picked.emit(Pick(BID, str(self.bid_box.value())))

    def press(self, pick: Pick) -> QPushButton:
        """The control that makes `pick`, set up for it (the troops and the bid in their
        boxes): what a person would press (tests, screenshots)."""
        if pick.kind == BID:
            assert self.bid_box is not None and self.bid_button is not None
            self.bid_box.setValue(int(pick.value))
            return self.bid_button
        if TROOPS.match(pick.value):
            self.set_troops(pick.value)
            assert self.troop_button is not None
            return self.troop_button
        if pick.value == "cancel":
            assert self.cancel is not None
            return self.cancel
        return self.buttons[pick.value]

    def controls(self) -> list[tuple[str, str, Any]]:
        """Every control of the row: (kind, text, geometry), in order (tests)."""
        out = []
        for i in range(self.row.count()):
            widget = self.row.itemAt(i).widget()
            if widget is not None and not widget.isHidden():
                text = widget.text() if hasattr(widget, "text") else ""
                out.append((type(widget).__name__, text, widget.geometry()))
        return out


def troop_words(defend: bool, strength: object) -> str:
    """The troop button's words: what it does, and the strength of the troops set (the
    button is as wide as the longest of these, so it never moves as the boxes change)."""
    verb = _("Defend") if defend else _("Attack")
    return _("{verb} · {n}").format(verb=verb, n=strength)


def text_width(button: QPushButton) -> int:
    """The width a button needs to show its text whole, with a margin each side."""
    return button.fontMetrics().horizontalAdvance(button.text()) + 16


def _ordered(buttons: list[str]) -> list[str]:
    """The buttons with the ending ones in `TAIL` order (they stand at the right)."""
    lead = [v for v in buttons if v not in TAIL]
    tail = sorted((v for v in buttons if v in TAIL), key=TAIL.index)
    return lead + tail
