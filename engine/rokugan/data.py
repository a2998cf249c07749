"""Battle for Rokugan component facts as constants: clans, combat tokens, cards, objectives.

Sources: the rulebook (`battle-for-rokugan.de.txt`) and `rokugan-components.md`. Everything
here is immutable; the rules in `state.py` index these tables with small ints.
"""

from __future__ import annotations

from typing import Final

# The tables are `Final`: the same names and values in pure Python, and compiled (`make fast`,
# engine/native.py) mypyc writes the small ints into the code instead of a lookup each time.
CLANS: tuple[str, ...] = ("crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn")
CRAB: Final = 0
CRANE: Final = 1
DRAGON: Final = 2
LION: Final = 3
PHOENIX: Final = 4
SCORPION: Final = 5
UNICORN: Final = 6
CLAN_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(CLANS)}

# Combat token kinds.
ARMY: Final = 0
NAVY: Final = 1
SHINOBI: Final = 2
BLESSING: Final = 3
DIPLOMACY: Final = 4
RAID: Final = 5
BLUFF: Final = 6
KIND_NAMES: Final = ("army", "navy", "shinobi", "blessing", "diplomacy", "raid", "bluff")

# The 26 standard tokens of every clan, in token-id order (ids 0..25); id 26 is the special.
_STANDARD: tuple[tuple[int, int], ...] = (
    *((ARMY, 1),) * 6,
    *((ARMY, 2),) * 4,
    *((ARMY, 3),) * 3,
    *((ARMY, 4),) * 2,
    (ARMY, 5),
    (NAVY, 1),
    (NAVY, 1),
    (NAVY, 2),
    (SHINOBI, 1),
    (SHINOBI, 2),
    (BLESSING, 2),
    (BLESSING, 2),
    (DIPLOMACY, 0),
    (RAID, 0),
    (BLUFF, 0),
)
BLUFF_TID: Final = 25
SPECIAL_TID: Final = 26
TOKENS_PER_CLAN: Final = 27

_SPECIAL: tuple[tuple[int, int], ...] = (
    (NAVY, 3),  # crab
    (DIPLOMACY, 0),  # crane
    (BLESSING, 3),  # dragon
    (ARMY, 6),  # lion
    (BLESSING, 3),  # phoenix
    (SHINOBI, 3),  # scorpion
    (RAID, 0),  # unicorn
)


def token_label(kind: int, strength: int) -> str:
    """Text name of a token: 'army3', 'navy1', 'blessing2', 'diplomacy', 'raid', 'bluff'."""
    if kind in (ARMY, NAVY, SHINOBI, BLESSING):
        return f"{KIND_NAMES[kind]}{strength}"
    return KIND_NAMES[kind]


# CLAN_TOKENS[clan][tid] = (kind, strength); TOKEN_LABELS[clan][tid] = label.
CLAN_TOKENS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    _STANDARD + (_SPECIAL[c],) for c in range(len(CLANS))
)
TOKEN_LABELS: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(token_label(k, s) for k, s in CLAN_TOKENS[c]) for c in range(len(CLANS))
)
LABEL_KIND: Final[dict[str, tuple[int, int]]] = {
    token_label(k, s): (k, s) for toks in CLAN_TOKENS for k, s in toks
}

CONTROL_TOKENS: Final = 30
PEACE_TOKENS: Final = 15
SCORCHED_TOKENS: Final = 15
HAND_SIZE: Final = 6
ROUNDS: Final = 5
TERRITORY_HONOR: Final = 5  # a controlled territory's honor (not the Shadowlands)
SCOUT_CARDS: Final = 2
SHUGENJA_CARDS: Final = 1
INITIAL_CONTROL = {2: 11, 3: 7, 4: 5, 5: 4}

# Special tokens (one per province at most); 0 = none.
NO_SPECIAL: Final = 0
PEACE: Final = 1
SCORCHED: Final = 2
SHRINE: Final = 3
HARBOR: Final = 4
BATTLEFIELD: Final = 5
HONOR1: Final = 6
HONOR2: Final = 7
HONOR4: Final = 8
DEFENSE1: Final = 9
DEFENSE2: Final = 10
SPECIAL_NAMES: tuple[str, ...] = (
    "",
    "peace",
    "scorched_earth",
    "shrine",
    "harbor",
    "battlefield",
    "honor1",
    "honor2",
    "honor4",
    "defense1",
    "defense2",
)
SPECIAL_SUPPLY: Final[tuple[int, ...]] = (0, PEACE_TOKENS, SCORCHED_TOKENS, 1, 1, 1, 2, 1, 1, 3, 1)
SPECIAL_HONOR: Final[tuple[int, ...]] = (0, 0, 0, 0, 0, 0, 1, 2, 4, 1, 1)
SPECIAL_DEFENSE: Final[tuple[int, ...]] = (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2)

# Territory cards: TERRITORY_CARDS[territory id] = (card a, card b).
TERRITORY_CARDS: dict[str, tuple[str, str]] = {
    "crab": ("feats_of_engineering", "promotion"),
    "crane": ("code_of_honor", "diplomatic_mission"),
    "dragon": ("strength_of_purpose", "sacred_ground"),
    "lion": ("bushido", "honorable_fight"),
    "phoenix": ("aid_of_the_kami", "bless_the_lands"),
    "scorpion": ("spy_network", "foment_rebellion"),
    "unicorn": ("cultural_exchange", "reinforcements"),
    "islands_neutral": ("pirate_raids", "port_of_prosperity"),
    "gold_neutral": ("bountiful_harvest", "ashigaru_levies"),
    "shadowlands_north": ("dark_favors", "purge_the_weak"),
    "shadowlands_south": ("animate_the_dead", "inspire_fear"),
}
SHADOWLANDS_CARDS = frozenset({"dark_favors", "purge_the_weak", "animate_the_dead", "inspire_fear"})
ALL_TERRITORY_CARDS = frozenset(c for pair in TERRITORY_CARDS.values() for c in pair)

# Secret objectives: (id, honor).
OBJECTIVES: tuple[tuple[str, int], ...] = (
    ("last_line_of_defense", 5),
    ("rice_bowl_of_the_empire", 6),
    ("great_wall_of_the_north", 6),
    ("court_of_the_five_winds", 6),
    ("plains_of_battle", 7),
    ("great_library", 7),
    ("den_of_secrets", 7),
    ("way_of_the_sail", 10),
    ("emerald_empire", 10),
    ("web_of_influence", 10),
    ("way_of_humility", 10),
    ("reclaiming_the_lost_lands", 3),
)
OBJECTIVE_INDEX: dict[str, int] = {name: i for i, (name, _) in enumerate(OBJECTIVES)}
# Clan-territory objectives: objective index -> clan whose capital / territory it asks for.
OBJECTIVE_CLAN: dict[int, int] = {
    0: CRAB,
    1: CRANE,
    2: DRAGON,
    3: UNICORN,
    4: LION,
    5: PHOENIX,
    6: SCORPION,
}
WAY_OF_THE_SAIL: Final = 7
EMERALD_EMPIRE: Final = 8
WEB_OF_INFLUENCE: Final = 9
WAY_OF_HUMILITY: Final = 10
LOST_LANDS: Final = 11

# Initiative cards: 0..6 clan cards, 7..9 neutral.
MASTER_OF_GOVERNANCE: Final = 7
MASTER_OF_TACTICS: Final = 8
RISE_OF_AN_EMPIRE: Final = 9
INITIATIVE_NAMES: tuple[str, ...] = (
    *CLANS,
    "master_of_governance",
    "master_of_tactics",
    "rise_of_an_empire",
)

# Card and objective texts (effects described as in `rokugan-components.md`, not quoted).
TERRITORY_CARD_TEXT: dict[str, str] = {
    "feats_of_engineering": "Put the harbor token in an inland province; it becomes coastal.",
    "promotion": "Take an Army, Navy or Shinobi from your discard pile into your hand, then "
    "send one token from your hand to your discard pile or your pool.",
    "code_of_honor": "Put a +1 honor token in each of 2 different non-Shadowlands provinces.",
    "diplomatic_mission": "Put a peace token in any province; if it was an opponent's, add 2 "
    "face-up control tokens to one of your provinces.",
    "strength_of_purpose": "Add 1 face-up control token to each of 2 provinces you control.",
    "sacred_ground": "Put the shrine token in a province.",
    "bushido": "Put the 4-flower honor token in a non-Shadowlands province; it is worth 4 flowers.",
    "honorable_fight": "Put the battlefield token in a province.",
    "aid_of_the_kami": "Put the +2 defense token in a non-Shadowlands province.",
    "bless_the_lands": "Remove a scorched-earth token, then place 2 of your control tokens "
    "there, one face up.",
    "spy_network": "Look at one player's hand; that player cannot place the bluff this round.",
    "foment_rebellion": "Remove a peace token; if that province is yours, add 2 face-up "
    "control tokens there.",
    "cultural_exchange": "Swap all control tokens of one of your provinces with those of an "
    "opponent's province, keeping them face up or face down.",
    "reinforcements": "Take 2 Armies from your discard pile into your hand, then send 2 tokens "
    "from your hand to your discard pile or your pool.",
    "pirate_raids": "Put scorched earth in any province; if it was yours, place 3 face-up "
    "control tokens in another province you control.",
    "port_of_prosperity": "Put the +2 honor token in a non-Shadowlands province.",
    "bountiful_harvest": "Place 2 face-up control tokens in a province you control.",
    "ashigaru_levies": "Put a +1 defense token in each of 3 different non-Shadowlands provinces.",
    "dark_favors": "Cost: remove one of your control tokens outside the Shadowlands. Look at "
    "up to 4 tokens on the board, then reveal and discard one of them.",
    "purge_the_weak": "Cost: discard a token from your hand (the bluff too) and place nothing "
    "this turn. Reveal and discard 2 tokens on the board.",
    "animate_the_dead": "Cost: remove one of your control tokens outside the Shadowlands. "
    "Place a token from your discard pile face up, following the placement rules.",
    "inspire_fear": "Cost: remove one of your control tokens outside the Shadowlands. Remove "
    "up to 2 special tokens from the board.",
}
# Objectives whose text does not depend on the map (clan ones and the Lost Lands do).
OBJECTIVE_TEXT: dict[str, str] = {
    "way_of_the_sail": "Control at least 6 coastal provinces.",
    "emerald_empire": "Control a chain of 6 provinces, each adjacent to the next, touching "
    "3 territories.",
    "web_of_influence": "Control at least one province in each of 7 different territories.",
    "way_of_humility": "Control the fewest provinces of all players (ties count).",
}
INITIATIVE_TEXT: dict[str, str] = {
    "master_of_governance": "The player with the most provinces becomes the first player.",
    "master_of_tactics": "The player with the most control tokens on the board (face up and "
    "face down) becomes the first player.",
    "rise_of_an_empire": "The player holding the most territory cards becomes the first player.",
}
INITIATIVE_TIE_TEXT = (
    "Ties: the current first player keeps the card, else the tied player nearest to its right."
)


def display_name(identifier: str) -> str:
    """A card's, objective's or clan's printed name: 'last_line_of_defense' -> 'Last Line
    of Defense'."""
    small = {"of", "the", "a", "an", "to", "in", "on"}
    words = identifier.replace("_", " ").split()
    return " ".join(w if i and w in small else w[:1].upper() + w[1:] for i, w in enumerate(words))
