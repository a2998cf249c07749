"""Battle for Rokugan's names and the engine's reasons in the person's language. Qt-free.

The engine names things by id ("crab", "army3", "bountiful_harvest") and gives its reasons
as fixed phrases, one per rule ("a Navy defends only a coastal province you control", "the
defender wins ties"): those phrases are the rules' codes. This module turns both into the
words of the current language (`app.i18n`), with the terms of that language's rulebook
(`app/locale/glossary.csv`). `tests/app/test_rokugan_words.py` checks that every reason the
engine can give has its words here.
"""

from __future__ import annotations

from app.games.presentation import summed
from app.i18n import N_, _, pgettext
from engine.rokugan.data import CLANS

CLAN_NAMES = {
    "crab": N_("Crab"),
    "crane": N_("Crane"),
    "dragon": N_("Dragon"),
    "lion": N_("Lion"),
    "phoenix": N_("Phoenix"),
    "scorpion": N_("Scorpion"),
    "unicorn": N_("Unicorn"),
}
"""The seven clans as the rulebooks name them (Krabbe, Kranich ...; Caranguejo, Garça ...)."""


def clan(name: str) -> str:
    """A clan by its engine id or its English name ("crab", "Crab") in the current language."""
    key = name.lower()
    return _(CLAN_NAMES[key]) if key in CLAN_NAMES else name


def clan_of(index: int) -> str:
    """A clan by its engine index."""
    return clan(CLANS[index])


TERRITORY_NAMES = {
    "Crab Clan": N_("Crab Clan"),
    "Crane Clan": N_("Crane Clan"),
    "Dragon Clan": N_("Dragon Clan"),
    "Lion Clan": N_("Lion Clan"),
    "Phoenix Clan": N_("Phoenix Clan"),
    "Scorpion Clan": N_("Scorpion Clan"),
    "Unicorn Clan": N_("Unicorn Clan"),
    "Golden Plains": N_("Golden Plains"),
    "Pearl Islands": N_("Pearl Islands"),
    "Shadowlands North": N_("Shadowlands North"),
    "Shadowlands South": N_("Shadowlands South"),
}
"""The shipped Rokugan map's territories (maps/data/rokugan.yaml), marked for translation.
The map file keeps its English names (its hash is pinned in saves); a custom map's own
names are shown as written."""


def territory(name: str) -> str:
    """A territory by the name its map gives it, in the current language when it is one of
    the shipped map's ("Unicorn Clan" → "Einhorn-Klan"), else as the map writes it."""
    return _(TERRITORY_NAMES[name]) if name in TERRITORY_NAMES else name


KIND_NAMES = {
    "army": N_("Army {strength}"),
    "navy": N_("Navy {strength}"),
    "shinobi": N_("Shinobi {strength}"),
    "blessing": N_("Blessing +{strength}"),
}
TOKEN_NAMES = {"raid": N_("Raid"), "diplomacy": N_("Diplomacy"), "bluff": N_("Bluff")}


def token(label: str) -> str:
    """A token by its label ('army3' → 'Army 3', 'blessing2' → 'Blessing +2', 'raid')."""
    for word, text in KIND_NAMES.items():
        if label.startswith(word):
            return _(text).format(strength=label[len(word) :])
    return _(TOKEN_NAMES[label]) if label in TOKEN_NAMES else label


def token_from_words(words: str) -> str:
    """A token named in the engine's English words ('Army 3', 'Blessing +2', 'Raid')."""
    head, _sep, number = words.partition(" ")
    return token(head.lower() + number.lstrip("+"))


TOKEN_CARD_BUTTONS = {
    "scout": N_("Scout ({n} left)"),
    "first_player": N_("First-player card"),
}
"""The pick buttons of the cards played on a board token, where they differ from the card's
name (`{n}`: how many the player has left, `token_cards.TokenCard.left`)."""


CARD_NAMES = {
    "scout": N_("Scout"),
    "shugenja": N_("Shugenja"),
    "first_player": N_("First player"),
    "feats_of_engineering": N_("Feats of Engineering"),
    "promotion": N_("Promotion"),
    "code_of_honor": N_("Code of Honor"),
    "diplomatic_mission": N_("Diplomatic Mission"),
    "strength_of_purpose": N_("Strength of Purpose"),
    "sacred_ground": N_("Sacred Ground"),
    "bushido": N_("Bushido"),
    "honorable_fight": N_("Honorable Fight"),
    "aid_of_the_kami": N_("Aid of the Kami"),
    "bless_the_lands": N_("Bless the Lands"),
    "spy_network": N_("Spy Network"),
    "foment_rebellion": N_("Foment Rebellion"),
    "cultural_exchange": N_("Cultural Exchange"),
    "reinforcements": N_("Reinforcements"),
    "pirate_raids": N_("Pirate Raids"),
    "port_of_prosperity": N_("Port of Prosperity"),
    "bountiful_harvest": N_("Bountiful Harvest"),
    "ashigaru_levies": N_("Ashigaru Levies"),
    "dark_favors": N_("Dark Favors"),
    "purge_the_weak": N_("Purge the Weak"),
    "animate_the_dead": N_("Animate the Dead"),
    "inspire_fear": N_("Inspire Fear"),
    # secret objectives
    "last_line_of_defense": N_("Last Line of Defense"),
    "rice_bowl_of_the_empire": N_("Rice Bowl of the Empire"),
    "great_wall_of_the_north": N_("Great Wall of the North"),
    "court_of_the_five_winds": N_("Court of the Five Winds"),
    "plains_of_battle": N_("Plains of Battle"),
    "great_library": N_("Great Library"),
    "den_of_secrets": N_("Den of Secrets"),
    "way_of_the_sail": N_("Way of the Sail"),
    "emerald_empire": N_("Emerald Empire"),
    "web_of_influence": N_("Web of Influence"),
    "way_of_humility": N_("Way of Humility"),
    "reclaiming_the_lost_lands": N_("Reclaiming the Lost Lands"),
    # neutral initiative cards
    "master_of_governance": N_("Master of Governance"),
    "master_of_tactics": N_("Master of Tactics"),
    "rise_of_an_empire": N_("Rise of an Empire"),
}
"""Cards by engine id: every clan's, the territory and Shadowlands cards, the secret
objectives and the neutral initiative cards (a clan's initiative card is its clan)."""


def card(name: str) -> str:
    """A card (or objective, or initiative card) by its engine id."""
    if name in CARD_NAMES:
        return _(CARD_NAMES[name])
    if name in CLAN_NAMES:
        return clan(name)
    return name.replace("_", " ")


CARD_TEXTS = {
    "scout": N_("Look at one opponent's face-down token."),
    "shugenja": N_("Reveal one opponent's token and discard it."),
    "first_player": N_("Look at one token, then send it back to its owner's pool."),
    "feats_of_engineering": N_("Put the harbor token in an inland province; it becomes coastal."),
    "promotion": N_(
        "Take an Army, Navy or Shinobi from your discard pile into your hand, then send one "
        "token from your hand to your discard pile or your pool."
    ),
    "code_of_honor": N_("Put a +1 honor token in each of 2 different non-Shadowlands provinces."),
    "diplomatic_mission": N_(
        "Put a peace token in any province; if it was an opponent's, add 2 face-up control "
        "tokens to one of your provinces."
    ),
    "strength_of_purpose": N_("Add 1 face-up control token to each of 2 provinces you control."),
    "sacred_ground": N_("Put the shrine token in a province."),
    "bushido": N_(
        "Put the 4-flower honor token in a non-Shadowlands province; it is worth 4 flowers."
    ),
    "honorable_fight": N_("Put the battlefield token in a province."),
    "aid_of_the_kami": N_("Put the +2 defense token in a non-Shadowlands province."),
    "bless_the_lands": N_(
        "Remove a scorched-earth token, then place 2 of your control tokens there, one face up."
    ),
    "spy_network": N_("Look at one player's hand; that player cannot place the bluff this round."),
    "foment_rebellion": N_(
        "Remove a peace token; if that province is yours, add 2 face-up control tokens there."
    ),
    "cultural_exchange": N_(
        "Swap all control tokens of one of your provinces with those of an opponent's "
        "province, keeping them face up or face down."
    ),
    "reinforcements": N_(
        "Take 2 Armies from your discard pile into your hand, then send 2 tokens from your "
        "hand to your discard pile or your pool."
    ),
    "pirate_raids": N_(
        "Put scorched earth in any province; if it was yours, place 3 face-up control tokens "
        "in another province you control."
    ),
    "port_of_prosperity": N_("Put the +2 honor token in a non-Shadowlands province."),
    "bountiful_harvest": N_("Place 2 face-up control tokens in a province you control."),
    "ashigaru_levies": N_(
        "Put a +1 defense token in each of 3 different non-Shadowlands provinces."
    ),
    "dark_favors": N_(
        "Cost: remove one of your control tokens outside the Shadowlands. Look at up to 4 "
        "tokens on the board, then reveal and discard one of them."
    ),
    "purge_the_weak": N_(
        "Cost: discard a token from your hand (the bluff too) and place nothing this turn. "
        "Reveal and discard 2 tokens on the board."
    ),
    "animate_the_dead": N_(
        "Cost: remove one of your control tokens outside the Shadowlands. Place a token from "
        "your discard pile face up, following the placement rules."
    ),
    "inspire_fear": N_(
        "Cost: remove one of your control tokens outside the Shadowlands. Remove up to 2 "
        "special tokens from the board."
    ),
    "master_of_governance": N_(
        "The player with the most provinces becomes the first player. Ties: the current "
        "first player keeps the card, else the tied player nearest to its right."
    ),
    "master_of_tactics": N_(
        "The player with the most control tokens on the board (face up and face down) "
        "becomes the first player. Ties: the current first player keeps the card, else the "
        "tied player nearest to its right."
    ),
    "rise_of_an_empire": N_(
        "The player holding the most territory cards becomes the first player. Ties: the "
        "current first player keeps the card, else the tied player nearest to its right."
    ),
}
"""Each card's effect as printed (`engine.rokugan.data.TERRITORY_CARD_TEXT` and the neutral
initiative cards' `INITIATIVE_TEXT` with its tie rule, in English)."""


OBJECTIVE_CONDITIONS = {
    "capital_or_lands": N_(
        "Control the {clan} capital ({capital}), or any 2 provinces of {territory}."
    ),
    "capital": N_("Control the {clan} capital ({capital})."),
    "lands": N_("Control any 2 provinces of {territory}."),
    "nothing": N_("Control nothing this map has."),
    "shadowlands_one": N_("Control the Shadowlands province."),
    "shadowlands_two": N_("Control both Shadowlands provinces."),
    "shadowlands_all": N_("Control all {count} Shadowlands provinces."),
    "way_of_the_sail": N_("Control at least 6 coastal provinces."),
    "emerald_empire": N_(
        "Control a chain of 6 provinces, each adjacent to the next, touching 3 territories."
    ),
    "web_of_influence": N_("Control at least one province in each of 7 different territories."),
    "way_of_humility": N_("Control the fewest provinces of all players (ties count)."),
}
"""The engine's objective conditions (`engine.rokugan.requirements.OBJECTIVE_CONDITIONS`)."""


def objective_condition(code: str, params: dict[str, str | int]) -> str:
    """An objective's condition on a map (`requirements.objective_condition`) in words."""
    values = dict(params)
    if "clan" in values:
        values["clan"] = clan(str(values["clan"]))
    if "territory" in values:
        values["territory"] = territory(str(values["territory"]))
    return _(OBJECTIVE_CONDITIONS[code]).format(**values) if code in OBJECTIVE_CONDITIONS else code


def card_text(name: str) -> str:
    """A card's effect in the current language ("" for a card without one)."""
    return _(CARD_TEXTS[name]) if name in CARD_TEXTS else ""


SPECIAL_NAMES = {
    "peace": N_("Peace"),
    "scorched_earth": N_("Scorched Earth"),
    "shrine": N_("Shrine"),
    "harbor": N_("Harbor"),
    "battlefield": N_("Battlefield"),
    "honor1": N_("+1 honor"),
    "honor2": N_("+2 honor"),
    "honor4": N_("4-flower honor"),
    "defense1": N_("+1 defense"),
    "defense2": N_("+2 defense"),
}


def special(name: str) -> str:
    """A special token by its engine name ("peace", "honor2"); "" for none."""
    return _(SPECIAL_NAMES[name]) if name in SPECIAL_NAMES else name


REASONS = {
    # placement (engine.rokugan.placement)
    "no combat token may be placed in or on a border of a Peace province": N_(
        "no combat token may be placed in or on a border of a Peace province"
    ),
    "no combat token may be placed in or on a border of a scorched province": N_(
        "no combat token may be placed in or on a border of a scorched province"
    ),
    "only the controller of a Shrine province may place tokens in it or on its borders": N_(
        "only the controller of a Shrine province may place tokens in it or on its borders"
    ),
    "a Blessing goes on one of your own face-down Army, Navy or Shinobi tokens": N_(
        "a Blessing goes on one of your own face-down Army, Navy or Shinobi tokens"
    ),
    "an Army defends only a province you control": N_(
        "an Army defends only a province you control"
    ),
    "a Navy defends only a coastal province you control": N_(
        "a Navy defends only a coastal province you control"
    ),
    "a Navy cannot defend an inland province": N_("a Navy cannot defend an inland province"),
    "a Ronin may not place Diplomacy tokens": N_("a Ronin may not place Diplomacy tokens"),
    "no Diplomacy token may be placed in a Battlefield province": N_(
        "no Diplomacy token may be placed in a Battlefield province"
    ),
    "Diplomacy goes only in a province you control": N_(
        "Diplomacy goes only in a province you control"
    ),
    "a Ronin may not place Raid tokens": N_("a Ronin may not place Raid tokens"),
    "no Raid token may be placed in a Battlefield province": N_(
        "no Raid token may be placed in a Battlefield province"
    ),
    "a Raid goes only in a province you do not control": N_(
        "a Raid goes only in a province you do not control"
    ),
    "unknown token": N_("unknown token"),
    "you cannot attack a province you control": N_("you cannot attack a province you control"),
    "a province with a Shrine cannot be attacked": N_(
        "a province with a Shrine cannot be attacked"
    ),
    "only a Navy (or a bluff) goes on a coastal border": N_(
        "only a Navy (or a bluff) goes on a coastal border"
    ),
    "Army token may not attack from a Peace province": N_(
        "Army token may not attack from a Peace province"
    ),
    "an Army attacks only from a province you control": N_(
        "an Army attacks only from a province you control"
    ),
    "a Navy goes on a land border only to attack a harbor": N_(
        "a Navy goes on a land border only to attack a harbor"
    ),
    "a bluff must be placed like a real token": N_("a bluff must be placed like a real token"),
    "only an Army (or a Navy into a harbor) goes on a land border": N_(
        "only an Army (or a Navy into a harbor) goes on a land border"
    ),
    "there is no such token on the board": N_("there is no such token on the board"),
    "a Blessing goes only on your own token": N_("a Blessing goes only on your own token"),
    "a Blessing goes only on a face-down token": N_("a Blessing goes only on a face-down token"),
    "a Blessing goes only on an Army, Navy or Shinobi token": N_(
        "a Blessing goes only on an Army, Navy or Shinobi token"
    ),
    "there is already a combat token on that border": N_(
        "there is already a combat token on that border"
    ),
    # resolution (engine.rokugan.resolution)
    "a Blessing must lie on an Army, Navy or Shinobi": N_(
        "a Blessing must lie on an Army, Navy or Shinobi"
    ),
    # the raid's reasons: "its" is the raid token's, which a sentence about the raided
    # province would read as the province's clan
    "its clan controls a neighbouring province": N_(
        "the raiding clan controls a neighbouring province"
    ),
    "its clan has a Shinobi there": N_("the raiding clan has a Shinobi there"),
    "its clan neither controls a neighbouring province nor has a Shinobi there": N_(
        "the raiding clan neither controls a neighbouring province nor has a Shinobi there"
    ),
    # battles (engine.rokugan.battles)
    "the highest attackers tied, so nobody conquers": N_(
        "the highest attackers tied, so nobody conquers"
    ),
    "Crane wins ties": N_("Crane wins ties"),
    "the attack was stronger": N_("the attack was stronger"),
    "the defender wins ties": N_("the defender wins ties"),
    "the defence was stronger": N_("the defence was stronger"),
    "it won its battle": N_("it won its battle"),
    "every attack on it went": N_("every token attacking it left the board before the battles"),
    # the rule's own case (rulebook p. 10): tokens placed in it, and no attack on it
    "its own tokens held it": N_("its controller placed tokens in it and nobody attacked it"),
    # the items of a battle's sides
    "Blessing": N_("Blessing"),
    "Lion's bluff": N_("Lion's bluff"),
    "printed defence": N_("printed defence"),
    "Phoenix ignores a capital's printed defence": N_(
        "Phoenix ignores a capital's printed defence"
    ),
    "face-up control tokens": N_("face-up control tokens"),
    "Crab's face-up tokens count twice": N_("Crab's face-up tokens count twice"),
    "defence token": N_("defence token"),
}
"""The engine's reasons (its rule codes), in words to translate."""


def reason(code: str) -> str:
    """An engine reason in the current language (itself when it is not one of `REASONS`)."""
    return _(REASONS[code]) if code in REASONS else code


def tally(side: object) -> str:
    """A battle side's total with its parts ('9: Army 4, Shinobi 3, Blessing +2'), from the
    engine's record (`engine.rokugan.events.Side`)."""
    parts = [token_from_words(t.label) for t in side.tokens]  # type: ignore[attr-defined]
    parts += [f"{reason(b.what)} {b.strength:+d}" for b in side.bonuses]  # type: ignore[attr-defined]
    total = side.total  # type: ignore[attr-defined]
    return (
        pgettext("battle total", "{total}: {parts}").format(total=total, parts=", ".join(parts))
        if parts
        else str(total)
    )


BOARD_ITEMS = {
    "Blessing": N_("Blessing"),
    "Lion's bluff": N_("Bluff"),
    "printed defence": N_("Defence {n}"),
    "Phoenix ignores a capital's printed defence": N_("Phoenix"),
    "face-up control tokens": N_("Face-up tokens"),
    "Crab's face-up tokens count twice": N_("Crab"),
    "defence token": N_("defence token"),
}
"""The items of a battle's side (the engine's `Bonus.what`) in the board's short words
(a "{n}" takes the number; else it follows the word)."""


def board_sum(side: object) -> str:
    """A battle side's total as the board reads it, its parts summed as the engine's record
    adds them ('9 = Army 4 + Blessing 2 + Shinobi 3'; a part taken away with '−'; a lone
    token is its own total: 'Army 4')."""
    items = [(t.strength, token_from_words(t.label)) for t in side.tokens]  # type: ignore[attr-defined]
    for bonus in side.bonuses:  # type: ignore[attr-defined]
        n = abs(bonus.strength)
        name = _(BOARD_ITEMS[bonus.what]) if bonus.what in BOARD_ITEMS else reason(bonus.what)
        items.append((bonus.strength, name.format(n=n) if "{n}" in name else f"{name} {n}"))
    return summed(side.total, items, alone=not side.bonuses)  # type: ignore[attr-defined]
