"""The viewer's hand of Rice Wars cards: one button per card, sized with the window."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.fonts import has_japanese_font
from app.games.ricewars import narrate
from app.i18n import _

CARD_SIZE = (150, 92)  # a card at scale 1 (1280 × 720), in pixels
HAND_STYLE = (
    "#hand {{ background: #3a2f24; border-radius: 6px; }}"
    "#hand QLabel {{ font-size: {points:.1f}pt; }}"
    "#hand > QLabel {{ color: #f3ead7; }}"
    "CardButton {{ background: #fbf5e6; border: 2px solid #8a6d3b; border-radius: 8px; }}"
    "CardButton:checked {{ background: #fff3a6; border-color: #d35400; }}"
    "CardButton:disabled {{ background: #e9e2d2; border-color: #b9ab8c; }}"
    "CardButton:hover:enabled {{ border-color: #d35400; }}"
    "CardButton QLabel {{ color: #2b2116; background: transparent; }}"
    "CardButton QLabel:disabled {{ color: #6f6553; }}"
    "CardButton QLabel#effect {{ font-size: {small:.1f}pt; }}"
)


class CardButton(QPushButton):
    """A card of the hand: name and kanji; title, kind, cost and strength bonus; effect."""

    def __init__(self, card_id: str, scale: float = 1.0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        card = narrate.card_of(card_id)
        self.card_id = card_id
        self.setCheckable(True)
        width, height = CARD_SIZE
        self.setMinimumSize(round(width * 0.8 * scale), round(height * scale))
        self.setMaximumSize(round(width * 1.3 * scale), round(height * scale))
        self.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Fixed)
        kind = _("reaction") if card.kind == "reaction" else _("action")
        kanji = f" {card.kanji}" if has_japanese_font() else ""
        title, effect = _(card.title), _(card.text)
        # cost and bonus share the title's line: the effect gets the rest of the card, so
        # five cards in a 1280 × 720 window show their longest effect whole
        head = QLabel(
            f"<b>{card.name}</b>{kanji}<br><small><i>{title}</i> · {kind}"
            f" · {card.cost} {_('Ryo')} · <b>+{card.bonus}</b></small>"
        )
        text = QLabel(effect)
        text.setObjectName("effect")
        text.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(5, 3, 5, 3)
        layout.setSpacing(0)
        for label in (head, text):
            label.setAttribute(Qt.WA_TransparentForMouseEvents)
            layout.addWidget(label)
        text.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        layout.setStretch(1, 1)
        self.setToolTip(
            f"{card.name} ({title}, {kind}): {effect}\n"
            + _("Cost {cost} Ryo, bonus +{bonus} in a combat or duel").format(
                cost=card.cost, bonus=card.bonus
            )
        )
        self.setAccessibleName(f"{card.name}: {effect}")


def hand_style(point_size: float) -> str:
    """The hand strip's style sheet for a base font of `point_size` points."""
    return HAND_STYLE.format(points=point_size * 0.95, small=point_size * 0.82)
