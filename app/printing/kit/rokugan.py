"""Battle for Rokugan's kit: tokens, cards, clan screens and the turn reference.

Counts come from the engine's component tables (`engine.rokugan.data`), so the kit holds
exactly what the engine plays with: per clan 27 combat tokens (26 standard and the clan's
special) and 30 control tokens; the neutral special tokens of the box (honor and defense
bonuses, shrine, harbor, battlefield, 15 peace, 15 scorched earth); a round marker and a
five-round track; 2 scout cards and 1 shugenja card per player (for as many players as the
map seats, at most 5), the first-player card (unless the map seats only 2), the initiative
cards, the secret objectives and the territory cards.

Which clans can be played on a map, and which objectives, territory cards and initiative
cards it deals, is the game's own rule (`engine.rokugan.requirements.map_deal`, with the
engine's card texts): a custom map's kit holds exactly the cards the game deals on it, and
tokens and screens for the clans that have a capital there.

Card size: the components file gives none for the published cards, so every card is a
standard poker card (63.5 × 88.9 mm). Tokens are squares to cut with straight cuts: combat
as wide as the board's border spots (`maps.validate.TOKEN_MM`, 12 mm), control 15 mm,
special 17 mm.
"""

from __future__ import annotations

from app.games.rokugan import words
from app.i18n import N_, _, game_name
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
from engine.graph import MapGraph
from engine.rokugan import SPEC
from engine.rokugan import data as D
from engine.rokugan.board import board_for
from engine.rokugan.requirements import MapDeal, map_deal, objective_condition, player_range
from maps.print_sizes import TOKEN_MM

GAME_NAME = "Battle for Rokugan"
COMBAT_MM = (TOKEN_MM, TOKEN_MM)  # they sit on the board's border spots, as wide
CONTROL_MM = (15.0, 15.0)
SPECIAL_MM = (17.0, 17.0)
TRACK_MM = (100.0, 22.0)
MAX_PLAYERS = SPEC.max_players  # the engine's, for a map that does not say
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
    D.ARMY: N_("Army"),
    D.NAVY: N_("Navy"),
    D.SHINOBI: N_("Shinobi"),
    D.BLESSING: N_("Blessing"),
    D.DIPLOMACY: N_("Diplomacy"),
    D.RAID: N_("Raid"),
    D.BLUFF: N_("Bluff"),
}
"""The combat tokens' kinds, marked for translation (said with `_` on the token)."""

ARROWED = (D.ARMY, D.NAVY, D.SHINOBI)  # tokens that point at the province they attack
POKER_NAME = N_("poker 63.5 × 88.9 mm")

CLAN_ABILITY = {
    "crab": N_(
        "Each face-up Crab control token adds 2 defense instead of 1 (it still scores 1 honor)."
    ),
    "crane": N_(
        "Crane wins ties: in any battle Crane takes part in, a tie for the highest "
        "total that includes Crane goes to Crane."
    ),
    "dragon": N_(
        "In upkeep, draw one token more than usual, then return one token from your "
        "hand (not the bluff) to your pool."
    ),
    "lion": N_(
        "A Lion bluff placed in a province to defend it stays at the reveal and adds "
        "+2 defense; then it goes back behind the screen like any bluff."
    ),
    "phoenix": N_(
        "When attacking a province with a capital, ignore the capital's printed +2 "
        "defense (the Shadowlands' +1 still counts)."
    ),
    "scorpion": N_(
        "Once per round, right after placing a token, secretly look at one "
        "face-down token on the board."
    ),
    "unicorn": N_(
        "Right before the reveal, swap the places of two of your face-down tokens on "
        "the board (both must be legal where they land; blessed tokens cannot move)."
    ),
}

TIMING = {
    "territory": N_("Play in upkeep from round 2, in turn; then discard."),
    "shadowlands": N_("Play at the start of your placement turn, before placing."),
}


# --------------------------------------------------------------------------- tokens


def combat_token_faces(clan: str) -> list[tuple[str, str]]:
    """(kind word, strength text) of each of a clan's 27 combat tokens, the special last,
    the kind in the current language."""
    out = []
    for kind, strength in D.CLAN_TOKENS[D.CLAN_INDEX[clan]]:
        if kind == D.BLESSING:
            text = f"+{strength}"
        elif kind in (D.ARMY, D.NAVY, D.SHINOBI):
            text = str(strength)
        else:
            text = ""
        out.append((_(KIND_WORDS[kind]), text))
    return out


def clan_tokens(clan: str) -> TokenSection:
    """A clan's 27 combat tokens and 30 control tokens, two-sided."""
    who = ROKUGAN_CLANS[clan]
    combat_back = owner_back(who, _("combat token"), game_name("rokugan"))
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
            symbol="arrow" if D.CLAN_TOKENS[D.CLAN_INDEX[clan]][i][0] in ARROWED else "",
            badge="special" if special else "",
        )
        combat.append(Piece(front, combat_back))
    defense = 2 if clan == "crab" else 1
    control_front = Face(
        "token",
        who.mark,
        _("+{defense} def · 1 honor").format(defense=defense),
        colour=who.colour,
        ink=who.ink,
        mark=who.mark,
        symbol="flower",
    )
    control_back = owner_back(who, _("control"), game_name("rokugan"))
    control = [Piece(control_front, control_back)] * D.CONTROL_TOKENS
    special = faces[D.SPECIAL_TID]
    return TokenSection(
        _("{clan} clan tokens").format(clan=words.clan(who.name)),
        (
            PieceGroup(
                _("{clan} — {n} combat tokens (special: {token})").format(
                    clan=words.clan(who.name),
                    n=D.TOKENS_PER_CLAN,
                    token=f"{special[0]} {special[1]}".strip(),
                ),
                COMBAT_MM,
                tuple(combat),
            ),
            PieceGroup(
                _("{clan} — {n} control tokens (front: face up; back: face down)").format(
                    clan=words.clan(who.name), n=D.CONTROL_TOKENS
                ),
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
        *_special("+1", _("honor"), "flower", supply["honor1"]),
        *_special("+2", _("honor"), "flower", supply["honor2"]),
        *_special("4", _("flowers"), "flower", supply["honor4"]),
        *_special("+1", _("defense"), "shield", supply["defense1"]),
        *_special("+2", _("defense"), "shield", supply["defense2"]),
        *_special(_("Shrine"), "", "shrine", supply["shrine"]),
        *_special(_("Harbor"), "", "harbor", supply["harbor"]),
        *_special(_("Battlefield"), "", "battlefield", supply["battlefield"]),
    ]
    peace = _special(_("Peace"), "", "peace", supply["peace"])
    scorched_title, _space, scorched_rest = _("Scorched earth").partition(" ")  # two lines
    scorched = _special(scorched_title, scorched_rest, "scorched", supply["scorched_earth"])
    marker = Piece(Face("token", _("Round"), _("marker"), colour="#f2c230", symbol="sun"))
    track = Piece(
        Face(
            "track",
            _("Round track"),
            body=tuple(str(r) for r in range(1, D.ROUNDS + 1)),
            footer=_("The game ends after round 5."),
        )
    )
    return TokenSection(
        _("Neutral tokens and the round track"),
        (
            PieceGroup(
                _(
                    "Special tokens: honor +1 ×2, +2, 4 flowers; defense +1 ×3, +2 (each scores "
                    "1 honor); shrine, harbor, battlefield"
                ),
                SPECIAL_MM,
                tuple(specials),
            ),
            PieceGroup(_("Peace tokens ({n})").format(n=supply["peace"]), SPECIAL_MM, tuple(peace)),
            PieceGroup(
                _("Scorched earth tokens ({n})").format(n=supply["scorched_earth"]),
                SPECIAL_MM,
                tuple(scorched),
            ),
            PieceGroup(_("Round marker"), SPECIAL_MM, (marker,)),
            PieceGroup(_("Round track: the marker starts on 1"), TRACK_MM, (track,)),
        ),
    )


# --------------------------------------------------------------------------- cards


def _card(
    kind: str,
    title: str,
    subtitle: str,
    body: tuple[str, ...],
    badge: str = "",
    accent: str = "",
    symbol: str = "",
    mark: str = "",
) -> Face:
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
        footer=game_name("rokugan"),
    )


def _back(title: str, subtitle: str, colour: str) -> Face:
    return Face(
        "card-back", title, subtitle, colour=colour, ink="#ffffff", footer=game_name("rokugan")
    )


def _territory_deck(deal: MapDeal, graph: MapGraph) -> Deck:
    """Every territory card the map's territories can deal (one per territory is dealt)."""
    territories = {t.id: t for t in graph.territories}
    cards = []
    for card in deal.territory_cards:
        territory = territories.get(card.territory or "")
        name = territory.name if territory is not None else (card.territory or "")
        kind = "shadowlands" if card.id in D.SHADOWLANDS_CARDS else "territory"
        front = _card(
            kind,
            words.card(card.id),
            _("Territory card · {territory}").format(territory=name),
            (words.card_text(card.id) or card.text, _(TIMING[kind])),
            accent=territory.colour if territory is not None else "",
        )
        cards.append(Piece(front, _back(_("Territory card"), name, CARD_COLOURS[kind])))
    return Deck(_("Territory cards"), POKER_MM, _(POKER_NAME), tuple(cards))


def _objective_deck(deal: MapDeal, graph: MapGraph) -> Deck:
    """The secret objectives the map deals, each condition in the words of this map (its
    capitals and lands: `requirements.objective_condition`) in the current language."""
    b = board_for(graph)
    back = _back(_("Secret objective"), _("keep one of two"), CARD_COLOURS["objective"])
    cards = []
    for objective in deal.objectives:
        clan = D.OBJECTIVE_CLAN.get(D.OBJECTIVE_INDEX[objective.id])
        front = _card(
            "objective",
            words.card(objective.id),
            _("Secret objective"),
            (
                words.objective_condition(*objective_condition(b, D.OBJECTIVE_INDEX[objective.id])),
                _("Scored at the end of the game if it holds. Keep it hidden."),
            ),
            badge=_("{n} honor").format(n=objective.honor),
            accent=ROKUGAN_CLANS[D.CLANS[clan]].colour if clan is not None else "",
        )
        cards.append(Piece(front, back))
    return Deck(_("Secret objectives"), POKER_MM, _(POKER_NAME), tuple(cards))


def _initiative_deck(deal: MapDeal) -> Deck:
    """A clan card for each clan that can be played on the map, and the neutral cards."""
    back = _back(_("Initiative"), "", CARD_COLOURS["initiative"])
    cards = []
    for card in deal.initiative:
        if card.clan is not None:
            who = ROKUGAN_CLANS[card.clan]
            front = _card(
                "initiative",
                words.clan(who.name),
                _("Initiative · clan card"),
                (
                    _("The {clan} player becomes the first player.").format(
                        clan=words.clan(who.name)
                    ),
                    _("Only the cards of clans in play are used."),
                ),
                accent=who.colour,
                symbol="crest",
                mark=who.mark,
            )
        else:
            front = _card(
                "initiative",
                words.card(card.id),
                _("Initiative · neutral card"),
                (words.card_text(card.id) or card.text,),
            )
        cards.append(Piece(front, back))
    return Deck(_("Initiative cards"), POKER_MM, _(POKER_NAME), tuple(cards))


def _player_cards(players: int) -> Deck:
    """2 scout cards and 1 shugenja card per player, for the most players the map seats,
    and the first-player card (not used with 2 players)."""
    when = _("Play at the start of your placement turn, before placing; never on a blessed token.")
    scout = Piece(
        _card(
            "scout",
            _("Scout"),
            _("2 per player"),
            (_("Secretly look at one opponent's face-down token on the board."), when),
        ),
        _back(_("Scout"), "", CARD_COLOURS["scout"]),
    )
    shugenja = Piece(
        _card(
            "shugenja",
            _("Shugenja"),
            _("1 per player"),
            (_("Reveal one opponent's token on the board and discard it."), when),
        ),
        _back(_("Shugenja"), "", CARD_COLOURS["shugenja"]),
    )
    first = Piece(
        _card(
            "first_player",
            _("First Player"),
            _("held by the first player"),
            (
                _("Secretly look at one token on the board, then return it to its owner's pool."),
                when,
                _("Not used with 2 players."),
            ),
        ),
        _back(_("First Player"), "", CARD_COLOURS["first_player"]),
    )
    cards = (
        [scout] * (D.SCOUT_CARDS * players)
        + [shugenja] * (D.SHUGENJA_CARDS * players)
        + ([first] if players > 2 else [])
    )
    return Deck(_("Scout, shugenja and first-player cards"), POKER_MM, _(POKER_NAME), tuple(cards))


# --------------------------------------------------------------------------- screens, rules

ROUND_LINES = (
    N_(
        "Upkeep: new first player (from round 2); take the bluff back and draw to 6 tokens; "
        "play territory cards (from round 2)."
    ),
    N_("Placement: in turn, place one token face down until one is left behind the screen."),
    N_(
        "Resolution: reveal; bluffs and illegal tokens go; raids; diplomacy; battles; claim "
        "territories; advance the round marker."
    ),
)
HONOR_LINES = (
    N_("1 per flower in your provinces (printed and honor tokens)."),
    N_("1 per face-up control token (not in the Shadowlands), 1 per defense token."),
    N_("Your objective, if it holds; 5 per whole territory (not the Shadowlands)."),
)


def _said(lines: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(_(line) for line in lines)


def _screen(clan: str) -> Aid:
    who = ROKUGAN_CLANS[clan]
    kind, strength = combat_token_faces(clan)[D.SPECIAL_TID]
    return Aid(
        _("{clan} clan").format(clan=words.clan(who.name)),
        (
            AidSection(_("Clan ability"), (_(CLAN_ABILITY[clan]),)),
            AidSection(
                _("Your tokens"),
                (
                    _(
                        "Army 1 ×6, 2 ×4, 3 ×3, 4 ×2, 5; Navy 1 ×2, 2; Shinobi 1, 2; "
                        "Blessing +2 ×2; Diplomacy; Raid; Bluff."
                    ),
                    _("Special: {token}.").format(token=f"{kind} {strength}".strip()),
                    _(
                        "Bluff stays behind this screen; the rest form your face-down pool. "
                        "30 control tokens."
                    ),
                ),
            ),
            AidSection(_("A round"), _said(ROUND_LINES)),
            AidSection(_("Honor at the end"), _said(HONOR_LINES)),
        ),
        owner=who,
        layout="screen",
        subtitle=_("Daimyo's screen"),
    )


RULES = RulesPage(
    N_("Battle for Rokugan — turn order"),
    (
        AidSection(
            N_("Setup"),
            (
                N_(
                    "Each territory gets one of its two territory cards, face down. Each player: "
                    "a clan, its screen, bluff behind the screen, 26 tokens shuffled face down as "
                    "the pool, 30 control tokens, 2 scouts, 1 shugenja; keep 1 of 2 objectives."
                ),
                N_(
                    "A control token in your capital; a clan initiative card names the first "
                    "player; then place face-down control tokens in empty provinces in turn "
                    "(2 players 11 each, 3: 7, 4: 5, 5: 4)."
                ),
            ),
        ),
        AidSection(
            N_("1  Upkeep"),
            (
                N_(
                    "Round 2 on: reveal the top initiative card; that player takes the "
                    "first-player card."
                ),
                N_(
                    "Put your bluff behind your screen, then draw from your pool until you hold "
                    "6 tokens: your hand."
                ),
                N_(
                    "Round 2 on: from the first player, play one territory card or pass, until "
                    "everyone has passed in a row. Shadowlands cards are played in placement."
                ),
            ),
        ),
        AidSection(
            N_("2  Placement"),
            (
                N_(
                    "From the first player, place one token face down, until everyone has one "
                    "token left. Scout, shugenja, first-player and Shadowlands cards first."
                ),
                N_(
                    "One token per border (blessings excepted); on a border the arrow points at "
                    "the province attacked. Army: across a land border from your province, or "
                    "defends yours. Navy: across a coastal border, or defends a coastal province "
                    "of yours. Shinobi: attacks any province, or defends yours."
                ),
            ),
        ),
        AidSection(
            N_("3  Resolution"),
            (
                N_(
                    "1 Reveal. 2 Bluffs and illegal tokens go. 3 Raids: discard the tokens there, "
                    "remove control, leave scorched earth. 4 Diplomacy: discard the tokens there, "
                    "leave peace."
                ),
                N_(
                    "5 Battles: highest total wins, the defender wins ties (printed defense and "
                    "face-up control add). A winning attacker puts one face-down control token; "
                    "a province attacked and held gets one face-up control token."
                ),
                N_(
                    "6 Claim the territory cards of territories you hold entirely. 7 Advance the "
                    "round marker."
                ),
            ),
        ),
        AidSection(N_("End of the game (after round 5): honor"), HONOR_LINES),
    ),
    note=N_("Most honor wins; ties: more provinces, then more territory cards won."),
)
"""The turn reference in English, each text marked; `rules_page()` says it."""


def rules_page() -> RulesPage:
    """The turn reference in the current language."""
    return RulesPage(
        _(RULES.title),
        tuple(AidSection(_(s.heading), _said(s.lines)) for s in RULES.sections),
        note=_(RULES.note),
    )


# --------------------------------------------------------------------------- the kit


def build_kit(board) -> Kit:
    """The Rokugan kit for a board (an `app.printing.model.Board` of a Rokugan map).

    The board must carry its game graph (`Board.graph`): the deal is read from it.
    """
    deal = map_deal(board.graph)
    seats = player_range(board.graph)
    players = seats[1] if seats is not None else MAX_PLAYERS
    decks = (
        _territory_deck(deal, board.graph),
        _objective_deck(deal, board.graph),
        _initiative_deck(deal),
        _player_cards(players),
    )
    tokens = (*(clan_tokens(c) for c in deal.clans), _neutral_section())
    with_cards = len({c.territory for c in deal.territory_cards})
    notes = (
        _(
            "What {map} deals: territory cards of its {territories} territories with cards, "
            "{objectives} secret objectives, clans with a capital: {clans}; scout and shugenja "
            "cards for {players} players."
        ).format(
            map=board.name,
            territories=with_cards,
            objectives=len(deal.objectives),
            clans=", ".join(words.clan(ROKUGAN_CLANS[c].name) for c in deal.clans),
            players=players,
        ),
        _("Cards are poker size (63.5 × 88.9 mm); the published card size is not known."),
    )
    return Kit(
        game="rokugan",
        game_name=game_name("rokugan"),
        map_name=board.name,
        board=board,
        mats=(),
        tokens=tokens,
        decks=decks,
        aids=tuple(_screen(c) for c in deal.clans),
        rules=rules_page(),
        notes=notes,
    )
