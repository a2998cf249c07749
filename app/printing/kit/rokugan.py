"""Battle for Rokugan's kit: tokens, cards, clan screens and the turn reference.

Counts come from the engine's component tables (`engine.rokugan.data`), so the kit holds
exactly what the engine plays with: per clan 27 combat tokens (26 standard and the clan's
special) and 30 control tokens; the neutral special tokens of the box (honor and defense
bonuses, shrine, harbor, battlefield, 15 peace, 15 scorched earth); a round marker and a
five-round track; 2 scout cards and 1 shugenja card per player (for 5 players), the
first-player card, the initiative cards, the secret objectives and the territory cards.

Which clans, objectives and territory cards a map has is the game's own rule for that map
(`cards_for_map`), so a custom map's kit holds the cards the game deals on it.

Card size: the components file gives none for the published cards, so every card is a
standard poker card (63.5 × 88.9 mm). Tokens are squares to cut with straight cuts: combat
19 mm, control 15 mm, special 17 mm.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.palette import ROKUGAN_CLANS, Identity
from app.printing.kit.model import (
    POKER_MM,
    Aid,
    AidSection,
    Deck,
    Face,
    Kit,
    Piece,
    PieceGroup,
    RulesPage,
    TokenSection,
    owner_back,
)
from engine.rokugan import data as D

GAME_NAME = "Battle for Rokugan"
COMBAT_MM = (19.0, 19.0)
CONTROL_MM = (15.0, 15.0)
SPECIAL_MM = (17.0, 17.0)
TRACK_MM = (100.0, 22.0)
MAX_PLAYERS = 5
NEUTRAL = Identity("Neutral", "#efe6d2", "#222222", "")
CARD_COLOURS = {
    "territory": "#7a1f1f",
    "shadowlands": "#3b2a3f",
    "objective": "#1f3b5c",
    "initiative": "#5a4a1a",
    "scout": "#2f5d3a",
    "shugenja": "#5b2f6a",
    "first_player": "#8a5a00",
}
KIND_WORDS = {
    D.ARMY: "Army",
    D.NAVY: "Navy",
    D.SHINOBI: "Shinobi",
    D.BLESSING: "Blessing",
    D.DIPLOMACY: "Diplomacy",
    D.RAID: "Raid",
    D.BLUFF: "Bluff",
}
_SMALL = {"of", "the", "a", "an", "to", "in", "on"}

CLAN_ABILITY = {
    "crab": "Each face-up Crab control token adds 2 defense instead of 1 (it still scores "
    "1 honor).",
    "crane": "Crane wins ties: in any battle Crane takes part in, a tie for the highest "
    "total that includes Crane goes to Crane.",
    "dragon": "In upkeep, draw one token more than usual, then return one token from your "
    "hand (not the bluff) to your pool.",
    "lion": "A Lion bluff placed in a province to defend it stays at the reveal and adds "
    "+2 defense; then it goes back behind the screen like any bluff.",
    "phoenix": "When attacking a province with a capital, ignore the capital's printed +2 "
    "defense (the Shadowlands' +1 still counts).",
    "scorpion": "Once per round, right after placing a token, secretly look at one "
    "face-down token on the board.",
    "unicorn": "Right before the reveal, swap the places of two of your face-down tokens on "
    "the board (both must be legal where they land; blessed tokens cannot move).",
}

CARD_EFFECT = {
    "feats_of_engineering": "Put the harbor token in an inland province: it counts as "
    "coastal.",
    "promotion": "Take an Army, Navy or Shinobi from your discard pile into your hand, then "
    "send one token from your hand to the discard pile or your pool.",
    "code_of_honor": "Put a +1 honor token in each of 2 different provinces (not the "
    "Shadowlands).",
    "diplomatic_mission": "Put a peace token in any province. If it was an opponent's, add 2 "
    "face-up control tokens to one of your provinces.",
    "strength_of_purpose": "Add 1 face-up control token to each of 2 provinces you control.",
    "sacred_ground": "Put the shrine token in a province.",
    "bushido": "Put the 4-flower honor token in a province (not the Shadowlands): it is "
    "worth 4 flowers.",
    "honorable_fight": "Put the battlefield token in a province.",
    "aid_of_the_kami": "Put the +2 defense token in a province (not the Shadowlands).",
    "bless_the_lands": "Remove a scorched-earth token, then place 2 of your control tokens "
    "there, one of them face up.",
    "spy_network": "Look at one player's hand; that player may not place the bluff this "
    "round.",
    "foment_rebellion": "Remove a peace token. If that province is yours, add 2 face-up "
    "control tokens there.",
    "cultural_exchange": "Swap all control tokens of one of your provinces with those of an "
    "opponent's province, keeping face-up and face-down.",
    "reinforcements": "Take 2 Armies from your discard pile into your hand, then send 2 "
    "tokens from your hand to the discard pile or your pool.",
    "pirate_raids": "Put scorched earth in any province. If it was yours, place 3 face-up "
    "control tokens in another province you control.",
    "port_of_prosperity": "Put the +2 honor token in a province (not the Shadowlands).",
    "bountiful_harvest": "Add 2 face-up control tokens to a province you control.",
    "ashigaru_levies": "Put a +1 defense token in each of 3 different provinces (not the "
    "Shadowlands).",
    "dark_favors": "Cost: remove one of your control tokens outside the Shadowlands. Look "
    "at up to 4 tokens on the board, then reveal and discard one of them.",
    "purge_the_weak": "Cost: discard a token from your hand (the bluff too) and place "
    "nothing this turn. Reveal and discard 2 tokens on the board.",
    "animate_the_dead": "Cost: remove one of your control tokens outside the Shadowlands. "
    "Place a token from your discard pile face up, by the placement rules.",
    "inspire_fear": "Cost: remove one of your control tokens outside the Shadowlands. "
    "Remove up to 2 special tokens from the board.",
}

OBJECTIVE_CONDITION = {
    "way_of_the_sail": "Control at least 6 coastal provinces.",
    "emerald_empire": "Control a chain of 6 provinces, each next to the next, touching 3 "
    "territories.",
    "web_of_influence": "Control at least one province in each of 7 different territories.",
    "way_of_humility": "Control the fewest provinces of all players (ties count).",
    "reclaiming_the_lost_lands": "Control both Shadowlands provinces.",
}

INITIATIVE_RULE = {
    "master_of_governance": "The player with the most provinces becomes the first player.",
    "master_of_tactics": "The player with the most control tokens on the board (face up and "
    "face down) becomes the first player.",
    "rise_of_an_empire": "The player with the most territory cards becomes the first player.",
}
INITIATIVE_TIE = (
    "Tie: the first player keeps it if tied, else the tied player nearest to its right."
)


def card_name(identifier: str) -> str:
    """'last_line_of_defense' -> 'Last Line of Defense'."""
    words = identifier.replace("_", " ").split()
    return " ".join(w if i and w in _SMALL else w[:1].upper() + w[1:] for i, w in enumerate(words))


# --------------------------------------------------------------------------- the map's deal


@dataclass(frozen=True, slots=True)
class MapDeal:
    """What the game deals on one map: its clans, objectives and territory cards."""

    clans: tuple[str, ...]
    objectives: tuple[tuple[str, int], ...]  # (objective id, honor)
    territory_cards: tuple[tuple[str, str, tuple[str, ...]], ...]  # (territory id, name, cards)
    territory_colours: dict[str, str]  # territory id -> its colour on the map
    objective_clan: dict[str, str]  # objective id -> the clan whose lands it names


def cards_for_map(graph) -> MapDeal:
    """The clans, objectives and territory cards of Battle for Rokugan on `graph`.

    Until the engine says which cards a map deals, this is the published deck as the
    engine deals it today: every clan, all 12 objectives, and the two cards of each
    territory whose id is one of the published game's.
    """
    return published_deck_for_map(graph)


def published_deck_for_map(graph) -> MapDeal:
    """The published game's deck, as `engine.rokugan.setup` deals it on any map."""
    territories = tuple(
        (t.id, t.name, D.TERRITORY_CARDS[t.id])
        for t in (graph.territories if graph is not None else ())
        if t.id in D.TERRITORY_CARDS
    )
    objective_clan = {D.OBJECTIVES[i][0]: D.CLANS[c] for i, c in D.OBJECTIVE_CLAN.items()}
    colours = {t.id: t.colour for t in (graph.territories if graph is not None else ())}
    return MapDeal(D.CLANS, D.OBJECTIVES, territories, colours, objective_clan)


# --------------------------------------------------------------------------- tokens


def combat_token_faces(clan: str) -> list[tuple[str, str]]:
    """(kind word, strength text) of each of a clan's 27 combat tokens, the special last."""
    out = []
    for kind, strength in D.CLAN_TOKENS[D.CLAN_INDEX[clan]]:
        if kind == D.BLESSING:
            text = f"+{strength}"
        elif kind in (D.ARMY, D.NAVY, D.SHINOBI):
            text = str(strength)
        else:
            text = ""
        out.append((KIND_WORDS[kind], text))
    return out


def clan_tokens(clan: str) -> TokenSection:
    """A clan's 27 combat tokens and 30 control tokens, two-sided."""
    who = ROKUGAN_CLANS[clan]
    combat_back = owner_back(who, "combat token", GAME_NAME)
    combat = []
    faces = combat_token_faces(clan)
    for i, (kind, strength) in enumerate(faces):
        special = i == D.SPECIAL_TID
        front = Face(
            "token",
            strength or kind,
            kind if strength else "",
            colour=who.colour,
            ink=who.ink,
            mark=who.mark,
            symbol="arrow" if kind in ("Army", "Navy", "Shinobi") else "",
            badge="special" if special else "",
        )
        combat.append(Piece(front, combat_back))
    defense = 2 if clan == "crab" else 1
    control_front = Face(
        "token",
        who.mark,
        f"+{defense} def · 1 honor",
        colour=who.colour,
        ink=who.ink,
        mark=who.mark,
        symbol="flower",
    )
    control_back = owner_back(who, "control", GAME_NAME)
    control = [Piece(control_front, control_back)] * D.CONTROL_TOKENS
    special = faces[D.SPECIAL_TID]
    return TokenSection(
        f"{who.name} clan tokens",
        (
            PieceGroup(
                f"{who.name} — {D.TOKENS_PER_CLAN} combat tokens (special: "
                f"{special[0]} {special[1]})".replace(" )", ")"),
                COMBAT_MM,
                tuple(combat),
            ),
            PieceGroup(
                f"{who.name} — {D.CONTROL_TOKENS} control tokens (front: face up; back: "
                "face down)",
                CONTROL_MM,
                tuple(control),
            ),
        ),
        owner=who,
    )


def _special(title: str, subtitle: str, symbol: str, count: int) -> list[Piece]:
    face = Face("token", title, subtitle, colour=NEUTRAL.colour, symbol=symbol)
    return [Piece(face)] * count


def _neutral_section() -> TokenSection:
    supply = dict(zip(D.SPECIAL_NAMES, D.SPECIAL_SUPPLY, strict=True))
    specials = [
        *_special("+1", "honor", "flower", supply["honor1"]),
        *_special("+2", "honor", "flower", supply["honor2"]),
        *_special("4", "flowers", "flower", supply["honor4"]),
        *_special("+1", "defense", "shield", supply["defense1"]),
        *_special("+2", "defense", "shield", supply["defense2"]),
        *_special("Shrine", "", "shrine", supply["shrine"]),
        *_special("Harbor", "", "harbor", supply["harbor"]),
        *_special("Battlefield", "", "battlefield", supply["battlefield"]),
    ]
    peace = _special("Peace", "", "peace", supply["peace"])
    scorched = _special("Scorched", "earth", "scorched", supply["scorched_earth"])
    marker = Piece(Face("token", "Round", "marker", colour="#f2c230", symbol="sun"))
    track = Piece(
        Face(
            "track",
            "Round track",
            body=tuple(str(r) for r in range(1, D.ROUNDS + 1)),
            footer="The game ends after round 5.",
        )
    )
    return TokenSection(
        "Neutral tokens and the round track",
        (
            PieceGroup(
                "Special tokens: honor +1 ×2, +2, 4 flowers; defense +1 ×3, +2 (each scores "
                "1 honor); shrine, harbor, battlefield",
                SPECIAL_MM,
                tuple(specials),
            ),
            PieceGroup(f"Peace tokens ({supply['peace']})", SPECIAL_MM, tuple(peace)),
            PieceGroup(
                f"Scorched earth tokens ({supply['scorched_earth']})", SPECIAL_MM, tuple(scorched)
            ),
            PieceGroup("Round marker", SPECIAL_MM, (marker,)),
            PieceGroup("Round track: the marker starts on 1", TRACK_MM, (track,)),
        ),
    )


# --------------------------------------------------------------------------- cards


def _card(kind: str, title: str, subtitle: str, body: tuple[str, ...], badge: str = "",
          accent: str = "", symbol: str = "", mark: str = "") -> Face:
    return Face(
        "card",
        title,
        subtitle,
        body=body,
        colour=CARD_COLOURS[kind],
        ink="#ffffff",
        badge=badge,
        accent=accent,
        symbol=symbol,
        mark=mark,
        footer=GAME_NAME,
    )


def _back(title: str, subtitle: str, colour: str) -> Face:
    return Face("card-back", title, subtitle, colour=colour, ink="#ffffff", footer=GAME_NAME)


def _territory_deck(deal: MapDeal) -> Deck:
    cards = []
    for tid, name, ids in deal.territory_cards:
        for card in ids:
            shadow = card in D.SHADOWLANDS_CARDS
            kind = "shadowlands" if shadow else "territory"
            when = (
                "Play at the start of your placement turn, before placing."
                if shadow
                else "Play in upkeep from round 2, in turn; then discard."
            )
            front = _card(kind, card_name(card), f"Territory card · {name}",
                          (CARD_EFFECT.get(card, ""), when),
                          accent=deal.territory_colours.get(tid, ""))
            back = _back("Territory card", name, CARD_COLOURS[kind])
            cards.append(Piece(front, back))
    return Deck(
        "Territory cards",
        POKER_MM,
        "poker 63.5 × 88.9 mm",
        tuple(cards),
    )


def _objective_deck(deal: MapDeal) -> Deck:
    cards = []
    for objective, honor in deal.objectives:
        clan = deal.objective_clan.get(objective)
        if clan is not None:
            name = ROKUGAN_CLANS[clan].name
            condition = f"Hold the {name} capital, or any 2 provinces of the {name} territory."
            accent = ROKUGAN_CLANS[clan].colour
        else:
            condition = OBJECTIVE_CONDITION.get(objective, "")
            accent = ""
        front = _card(
            "objective",
            card_name(objective),
            "Secret objective",
            (condition, "Scored at the end of the game if it holds. Keep it hidden."),
            badge=f"{honor} honor",
            accent=accent,
        )
        cards.append(Piece(front, _back("Secret objective", "keep one of two", CARD_COLOURS[
            "objective"])))
    return Deck("Secret objectives", POKER_MM, "poker 63.5 × 88.9 mm", tuple(cards))


def _initiative_deck(deal: MapDeal) -> Deck:
    cards = []
    back = _back("Initiative", "", CARD_COLOURS["initiative"])
    for clan in deal.clans:
        who = ROKUGAN_CLANS[clan]
        front = _card(
            "initiative",
            who.name,
            "Initiative · clan card",
            (f"The {who.name} player becomes the first player.",
             "Only the cards of clans in play are used."),
            accent=who.colour,
            symbol="crest",
            mark=who.mark,
        )
        cards.append(Piece(front, back))
    for name, rule in INITIATIVE_RULE.items():
        front = _card("initiative", card_name(name), "Initiative · neutral card",
                      (rule, INITIATIVE_TIE))
        cards.append(Piece(front, back))
    return Deck("Initiative cards", POKER_MM, "poker 63.5 × 88.9 mm", tuple(cards))


def _player_cards() -> Deck:
    when = "Play at the start of your placement turn, before placing; never on a blessed token."
    scout = Piece(
        _card("scout", "Scout", "2 per player",
              ("Secretly look at one opponent's face-down token on the board.", when)),
        _back("Scout", "", CARD_COLOURS["scout"]),
    )
    shugenja = Piece(
        _card("shugenja", "Shugenja", "1 per player",
              ("Reveal one opponent's token on the board and discard it.", when)),
        _back("Shugenja", "", CARD_COLOURS["shugenja"]),
    )
    first = Piece(
        _card("first_player", "First Player", "held by the first player",
              ("Secretly look at one token on the board, then return it to its owner's pool.",
               when, "Not used with 2 players.")),
        _back("First Player", "", CARD_COLOURS["first_player"]),
    )
    cards = (
        [scout] * (D.SCOUT_CARDS * MAX_PLAYERS)
        + [shugenja] * (D.SHUGENJA_CARDS * MAX_PLAYERS)
        + [first]
    )
    return Deck("Scout, shugenja and first-player cards", POKER_MM, "poker 63.5 × 88.9 mm",
                tuple(cards))


# --------------------------------------------------------------------------- screens, rules

ROUND_LINES = (
    "Upkeep: new first player (from round 2); take the bluff back and draw to 6 tokens; "
    "play territory cards (from round 2).",
    "Placement: in turn, place one token face down until one is left behind the screen.",
    "Resolution: reveal; bluffs and illegal tokens go; raids; diplomacy; battles; claim "
    "territories; advance the round marker.",
)
HONOR_LINES = (
    "1 per flower in your provinces (printed and honor tokens).",
    "1 per face-up control token (not in the Shadowlands), 1 per defense token.",
    "Your objective, if it holds; 5 per whole territory (not the Shadowlands).",
)


def _screen(clan: str) -> Aid:
    who = ROKUGAN_CLANS[clan]
    kind, strength = combat_token_faces(clan)[D.SPECIAL_TID]
    return Aid(
        f"{who.name} clan",
        (
            AidSection("Clan ability", (CLAN_ABILITY[clan],)),
            AidSection(
                "Your tokens",
                (
                    "Army 1 ×6, 2 ×4, 3 ×3, 4 ×2, 5; Navy 1 ×2, 2; Shinobi 1, 2; Blessing +2 ×2; "
                    "Diplomacy; Raid; Bluff.",
                    f"Special: {kind} {strength}".strip() + ".",
                    "Bluff stays behind this screen; the rest form your face-down pool. "
                    "30 control tokens.",
                ),
            ),
            AidSection("A round", ROUND_LINES),
            AidSection("Honor at the end", HONOR_LINES),
        ),
        owner=who,
        layout="screen",
        subtitle="Daimyo's screen",
    )


RULES = RulesPage(
    "Battle for Rokugan — turn order",
    (
        AidSection(
            "Setup",
            (
                "Each territory gets one of its two territory cards, face down. Each player: "
                "a clan, its screen, bluff behind the screen, 26 tokens shuffled face down as "
                "the pool, 30 control tokens, 2 scouts, 1 shugenja; keep 1 of 2 objectives.",
                "A control token in your capital; a clan initiative card names the first "
                "player; then place face-down control tokens in empty provinces in turn "
                "(2 players 11 each, 3: 7, 4: 5, 5: 4).",
            ),
        ),
        AidSection(
            "1  Upkeep",
            (
                "Round 2 on: reveal the top initiative card; that player takes the "
                "first-player card.",
                "Put your bluff behind your screen, then draw from your pool until you hold "
                "6 tokens: your hand.",
                "Round 2 on: from the first player, play one territory card or pass, until "
                "everyone has passed in a row. Shadowlands cards are played in placement.",
            ),
        ),
        AidSection(
            "2  Placement",
            (
                "From the first player, place one token face down, until everyone has one "
                "token left. Scout, shugenja, first-player and Shadowlands cards first.",
                "One token per border (blessings excepted); on a border the arrow points at "
                "the province attacked. Army: across a land border from your province, or "
                "defends yours. Navy: across a coastal border, or defends a coastal province "
                "of yours. Shinobi: attacks any province, or defends yours.",
            ),
        ),
        AidSection(
            "3  Resolution",
            (
                "1 Reveal. 2 Bluffs and illegal tokens go. 3 Raids: discard the tokens there, "
                "remove control, leave scorched earth. 4 Diplomacy: discard the tokens there, "
                "leave peace.",
                "5 Battles: highest total wins, the defender wins ties (printed defense and "
                "face-up control add). A winning attacker puts one face-down control token; "
                "a province attacked and held gets one face-up control token.",
                "6 Claim the territory cards of territories you hold entirely. 7 Advance the "
                "round marker.",
            ),
        ),
        AidSection("End of the game (after round 5): honor", HONOR_LINES),
    ),
    note="Most honor wins; ties: more provinces, then more territory cards won.",
)


# --------------------------------------------------------------------------- the kit


def build_kit(board) -> Kit:
    """The Rokugan kit for a board (an `app.printing.model.Board` of a Rokugan map)."""
    deal = cards_for_map(getattr(board, "graph", None))
    decks = (
        _territory_deck(deal),
        _objective_deck(deal),
        _initiative_deck(deal),
        _player_cards(),
    )
    tokens = (*(clan_tokens(c) for c in deal.clans), _neutral_section())
    notes = (
        f"Territory cards for the {len(deal.territory_cards)} territories of "
        f"{board.name} that have cards; {len(deal.objectives)} secret objectives.",
        "Cards are poker size (63.5 × 88.9 mm); the published card size is not known.",
    )
    return Kit(
        game="rokugan",
        game_name=GAME_NAME,
        map_name=board.name,
        board=board,
        mats=(),
        tokens=tokens,
        decks=decks,
        aids=tuple(_screen(c) for c in deal.clans),
        rules=RULES,
        notes=notes,
    )
