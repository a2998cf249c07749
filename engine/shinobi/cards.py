"""Shinobi's cards: the five clans, the Ninja, and the 58-card blue deck.

Cards are small ints so that hands, armies and discards are flat count vectors:
clan cards are 0..4 (in `CLANS` order) and the Ninja is `NINJA` = 5. All cards of a
clan are equal; only how many stand in an army counts.
"""

from __future__ import annotations

import unicodedata

CLANS: tuple[str, ...] = ("hojo", "mori", "oda", "takeda", "uesugi")
"""Clan ids as they appear in action texts and positions."""

CLAN_NAMES: tuple[str, ...] = ("Go-Hōjō", "Mōri", "Oda", "Takeda", "Uesugi")
"""Clan names as players read them."""

NUM_CLANS = 5
NINJA = 5
"""The card type of the three Ninja cards."""

CARD_TYPES = 6
CARD_IDS: tuple[str, ...] = (*CLANS, "ninja")

CARDS_PER_CLAN = 11
NINJAS = 3
HAND_SIZE = 4

DECK_COMPOSITION: tuple[int, ...] = (*([CARDS_PER_CLAN] * NUM_CLANS), NINJAS)
"""How many cards of each type the blue deck holds (55 clan cards + 3 Ninja = 58)."""

DECK_SIZE = sum(DECK_COMPOSITION)

_ALIASES: dict[str, int] = {}
for _index, _clan in enumerate(CLANS):
    _ALIASES[_clan] = _index
_ALIASES["go-hojo"] = 0
_ALIASES["gohojo"] = 0
_ALIASES["ninja"] = NINJA


def _fold(text: str) -> str:
    """Lower case without diacritics: 'Go-Hōjō' -> 'go-hojo'."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def card_type(text: str) -> int:
    """The card type named `text` (a clan id or name, or 'ninja'); raises KeyError."""
    return _ALIASES[_fold(text)]


def clan_index(text: str) -> int:
    """The clan named `text` (id or name, any case, with or without macrons); KeyError else."""
    index = card_type(text)
    if index == NINJA:
        raise KeyError(text)
    return index
