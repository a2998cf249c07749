"""Battle for Rokugan component facts as constants: clans, combat tokens, cards, objectives.

Sources: the rulebook (`battle-for-rokugan.de.txt`) and `rokugan-components.md`. Everything
here is immutable; the rules in `state.py` index these tables with small ints.
"""

from __future__ import annotations

CLANS: tuple[str, ...] = ("crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn")
CRAB, CRANE, DRAGON, LION, PHOENIX, SCORPION, UNICORN = range(7)
CLAN_INDEX: dict[str, int] = {name: i for i, name in enumerate(CLANS)}

# Combat token kinds.
ARMY, NAVY, SHINOBI, BLESSING, DIPLOMACY, RAID, BLUFF = range(7)
KIND_NAMES: tuple[str, ...] = ("army", "navy", "shinobi", "blessing", "diplomacy", "raid", "bluff")

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
BLUFF_TID = 25
SPECIAL_TID = 26
TOKENS_PER_CLAN = 27

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
CLAN_TOKENS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    _STANDARD + (_SPECIAL[c],) for c in range(len(CLANS))
)
TOKEN_LABELS: tuple[tuple[str, ...], ...] = tuple(
    tuple(token_label(k, s) for k, s in CLAN_TOKENS[c]) for c in range(len(CLANS))
)
LABEL_KIND: dict[str, tuple[int, int]] = {
    token_label(k, s): (k, s) for toks in CLAN_TOKENS for k, s in toks
}

CONTROL_TOKENS = 30
PEACE_TOKENS = 15
SCORCHED_TOKENS = 15
HAND_SIZE = 6
ROUNDS = 5
SCOUT_CARDS = 2
SHUGENJA_CARDS = 1
INITIAL_CONTROL = {2: 11, 3: 7, 4: 5, 5: 4}

# Special tokens (one per province at most); 0 = none.
NO_SPECIAL = 0
PEACE, SCORCHED, SHRINE, HARBOR, BATTLEFIELD, HONOR1, HONOR2, HONOR4, DEFENSE1, DEFENSE2 = range(
    1, 11
)
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
SPECIAL_SUPPLY: tuple[int, ...] = (0, PEACE_TOKENS, SCORCHED_TOKENS, 1, 1, 1, 2, 1, 1, 3, 1)
SPECIAL_HONOR: tuple[int, ...] = (0, 0, 0, 0, 0, 0, 1, 2, 4, 1, 1)
SPECIAL_DEFENSE: tuple[int, ...] = (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2)

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
WAY_OF_THE_SAIL, EMERALD_EMPIRE, WEB_OF_INFLUENCE, WAY_OF_HUMILITY, LOST_LANDS = 7, 8, 9, 10, 11

# Initiative cards: 0..6 clan cards, 7..9 neutral.
MASTER_OF_GOVERNANCE, MASTER_OF_TACTICS, RISE_OF_AN_EMPIRE = 7, 8, 9
INITIATIVE_NAMES: tuple[str, ...] = (
    *CLANS,
    "master_of_governance",
    "master_of_tactics",
    "rise_of_an_empire",
)
