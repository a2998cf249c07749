"""Rice Wars' kit: pieces, Ryo notes, the 55 cards, 8 advisor boards, daimyo boards, rules.

Everything counted here is what the engine plays with (`engine.ricewars.data`): per colour
24 peasants, a palace, 2 pass markers and 2 service markers; a shared supply of 17 ashigaru
and 5 ronin (active front, exhausted back); the governor's marker, the round and phase
markers with their tracks (the round track's symbols come from the map's `round_track`); the
bank's 400 Ryo as notes of 1, 2 and 5 (40, 30 and 60 notes: the engine counts only the
total); the 55 cards of `cards.json` and the 8 advisors of `advisors.json`.

Card size: the components file gives none, so cards are standard poker size
(63.5 × 88.9 mm); advisor boards are 95 × 66 mm, room for the service markers.
"""

from __future__ import annotations

from app.i18n import N_, _, game_name
from app.palette import RICEWARS_COLOURS, Identity
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
)
from engine.ricewars import data as R
from engine.ricewars.board import DEFAULT_START_PEASANTS

GAME_NAME = "Rice Wars"
PEASANT_MM = (13.0, 13.0)
PIECE_MM = (16.0, 16.0)
TROOP_MM = (18.0, 18.0)
NOTE_MM = (42.0, 21.0)
TRACK_MM = (150.0, 24.0)
ADVISOR_MM = (95.0, 66.0)
NOTES = ((1, 40), (2, 30), (5, 60))  # (value, count): 400 Ryo, the engine's bank
ACTION_BROWN = "#7a4a24"
REACTION_GREY = "#5a5f66"
ADVISOR_RED = "#8e2b2b"
EXHAUSTED = "#9a9a9a"
PHASES = (
    N_("Income"),
    N_("Hiring and upkeep"),
    N_("Advisors (auction rounds)"),
    N_("Actions"),
    N_("Draw"),
)
ROUND_SYMBOLS = {
    "income3": N_("+3 Ryo"),
    "auction": N_("auction"),
    "card": N_("+1 card"),
    "attack1": N_("attack +1"),
}
WHEN = {
    "action": N_("Imperial advisor · service as an action"),
    "combat": N_("Imperial advisor · service in a combat"),
    "duel": N_("Imperial advisor · service in a duel"),
}
SIDES = {"quick": N_("quick"), "epic": N_("epic")}
POKER_NAME = N_("poker 63.5 × 88.9 mm")
NOTE_COLOURS = {1: "#d9e8c4", 2: "#c8dcef", 5: "#f2d7a6"}


def _colour_section(who: Identity) -> TokenSection:
    def face(title: str, subtitle: str = "", symbol: str = "") -> Face:
        return Face(
            "token", title, subtitle, colour=who.colour, ink=who.ink, mark=who.mark, symbol=symbol
        )

    peasant = Piece(face(who.mark, _("peasant")))
    name = colour_name(who)
    return TokenSection(
        _("{colour} daimyo's pieces").format(colour=name),
        (
            PieceGroup(
                _("{colour} — {n} peasants").format(colour=name, n=R.PEASANTS_PER_COLOUR),
                PEASANT_MM,
                (peasant,) * R.PEASANTS_PER_COLOUR,
            ),
            PieceGroup(
                _("{colour} — palace, 2 pass markers, 2 service markers").format(colour=name),
                PIECE_MM,
                (
                    Piece(face(_("Palace"), "", "palace")),
                    *(Piece(face(_("Pass"))),) * 2,
                    *(Piece(face(_("Service"), "", "fan")),) * 2,
                ),
            ),
        ),
        owner=who,
    )


def _track_faces(board) -> tuple[Face, Face]:
    track = board.attributes.get("round_track") if board is not None else None
    rounds = []
    for number, symbols in enumerate(track if isinstance(track, list) else [], start=1):
        words = ", ".join(
            _(ROUND_SYMBOLS[str(s)]) if str(s) in ROUND_SYMBOLS else str(s) for s in symbols or ()
        )
        rounds.append(f"{number}: {words}" if words else str(number))
    round_track = Face(
        "track",
        _("Round track"),
        body=tuple(rounds),
        footer=_("The game ends after the action phase of the last round."),
    )
    phase_track = Face(
        "track",
        _("Phase track"),
        body=tuple(f"{i}: {_(p)}" for i, p in enumerate(PHASES, start=1)),
        footer=_("Phase 3 only in rounds with the auction symbol."),
    )
    return round_track, phase_track


def _shared_section(board) -> TokenSection:
    def troop(name: str, strength: int) -> Piece:
        active = Face(
            "token",
            name,
            _("strength {n}").format(n=strength),
            colour="#3d5a80",
            ink="#ffffff",
            symbol="spear",
        )
        tired = Face("token", name, _("exhausted"), colour=EXHAUSTED, ink="#222222", symbol="spear")
        return Piece(active, tired)

    round_track, phase_track = _track_faces(board)
    markers = (
        Piece(Face("token", _("Governor"), _("first player"), colour="#c9a227", symbol="fan")),
        Piece(Face("token", _("Round"), _("marker"), colour="#f2c230", symbol="sun")),
        Piece(Face("token", _("Phase"), _("marker"), colour="#e07b39")),
    )
    return TokenSection(
        _("Shared supply, markers and tracks"),
        (
            PieceGroup(
                _("{n} ashigaru (front: active; back: exhausted)").format(n=R.ASHIGARU_SUPPLY),
                TROOP_MM,
                (troop("Ashigaru", R.STRENGTH_ASHIGARU),) * R.ASHIGARU_SUPPLY,
            ),
            PieceGroup(
                _("{n} ronin (front: active; back: exhausted)").format(n=R.RONIN_SUPPLY),
                TROOP_MM,
                (troop("Ronin", R.STRENGTH_RONIN),) * R.RONIN_SUPPLY,
            ),
            PieceGroup(_("Governor's marker, round marker, phase marker"), PIECE_MM, markers),
            PieceGroup(
                _("Round track and phase track"),
                TRACK_MM,
                (Piece(round_track), Piece(phase_track)),
            ),
        ),
    )


def _money_section() -> TokenSection:
    groups = tuple(
        PieceGroup(
            _("{count} notes of {value} Ryo").format(count=count, value=value),
            NOTE_MM,
            (Piece(Face("note", str(value), "Ryo", colour=NOTE_COLOURS[value], kanji="両")),)
            * count,
        )
        for value, count in NOTES
    )
    total = sum(v * c for v, c in NOTES)
    return TokenSection(_("The bank: {n} Ryo").format(n=total), groups)


def _cards() -> Deck:
    back = Face(
        "card-back",
        game_name("ricewars"),
        "",
        colour="#4a3526",
        ink="#ffffff",
        footer=game_name("ricewars"),
        kanji="争米",
    )
    cards = []
    for card in R.CARDS:
        reaction = card.kind == "reaction"
        front = Face(
            "card",
            card.name,
            (_("{title} · reaction") if reaction else _("{title} · action")).format(
                title=_(card.title)
            ),
            body=(_(card.text),),
            colour=REACTION_GREY if reaction else ACTION_BROWN,
            ink="#ffffff",
            badge=f"+{card.bonus}",
            badge2=f"{card.cost} Ryo" if card.cost else "",
            footer=game_name("ricewars"),
            kanji=card.kanji,
        )
        cards.append(Piece(front, back))
    return Deck(_("Cards (action and reaction)"), POKER_MM, _(POKER_NAME), tuple(cards))


def _advisors() -> Deck:
    back = Face(
        "card-back",
        _("Imperial advisor"),
        "",
        colour=ADVISOR_RED,
        ink="#ffffff",
        footer=game_name("ricewars"),
    )
    boards = []
    for advisor in R.ADVISORS:
        front = Face(
            "card",
            advisor.name,
            _(WHEN[advisor.when]),
            body=(
                _(advisor.text),
                _("Highest bid: marker on two fans (2 services); second: one fan (1)."),
            ),
            colour=ADVISOR_RED,
            ink="#ffffff",
            badge2=_("{n} upkeep").format(n=advisor.upkeep),
            symbol="fan",
            footer=game_name("ricewars"),
            kanji=advisor.kanji,
        )
        boards.append(Piece(front, back))
    return Deck(_("Advisor boards"), ADVISOR_MM, _("advisor boards 95 × 66 mm"), tuple(boards))


def _daimyo_board(colour: str) -> Aid:
    who = RICEWARS_COLOURS[colour]
    return Aid(
        _("{colour} daimyo").format(colour=colour_name(who)),
        (
            AidSection(
                _("Setup"),
                (
                    _(
                        "Start with {ryo} Ryo, 24 peasants, a palace, 2 pass and 2 service "
                        "markers, 2 cards."
                    ).format(ryo=R.START_MONEY[colour]),
                ),
            ),
            AidSection(
                _("A round"),
                (
                    _(
                        "1 Income: palace {palace} Ryo; 1 per peasant connected to your palace "
                        "(the blessed field pays more); +3 in income rounds."
                    ).format(palace=R.PALACE_INCOME),
                    _(
                        "2 Hire: peasant {peasant}, ashigaru {ashigaru}, ronin {ronin} Ryo; pay "
                        "upkeep: ashigaru {ashigaru}, ronin {ronin}, advisors."
                    ).format(peasant=R.PEASANT_COST, ashigaru=R.ASHIGARU_COST, ronin=R.RONIN_COST),
                    _("3 Advisors: sealed bids (auction rounds only); at most 2 advisors."),
                    _(
                        "4 Actions, one a turn: place a peasant, play a card, attack, duel, use a "
                        "service, or pass (two passes: done)."
                    ),
                    _("5 Draw {n} cards (3 in card rounds); hand limit {limit}.").format(
                        n=R.DRAW_CARDS, limit=R.HAND_LIMIT
                    ),
                ),
            ),
            AidSection(
                _("Strength"),
                (
                    _(
                        "Peasant {peasant}, ashigaru {ashigaru}, ronin {ronin}; + cards played "
                        "face down (top-left bonus)."
                    ).format(
                        peasant=R.STRENGTH_PEASANT,
                        ashigaru=R.STRENGTH_ASHIGARU,
                        ronin=R.STRENGTH_RONIN,
                    ),
                ),
            ),
        ),
        owner=who,
        layout="half",
        subtitle=_("Daimyo board"),
        zones=(
            _("Peasants to place"),
            _("Ashigaru and ronin"),
            _("Pass markers"),
            _("Governor"),
        ),
    )


RULES = RulesPage(
    N_("Rice Wars — rules reference"),
    (
        AidSection(
            N_("Setup"),
            (
                N_(
                    "Board side: 2 players the scenario (quick side, with a neutral player), 5 the "
                    "epic side, 3-4 either. Round marker on 1, phase marker on 1."
                ),
                N_(
                    "Each daimyo: a daimyo board, 24 peasants, palace, 2 pass and 2 service "
                    "markers, 2 cards; starting Ryo by colour (red 5, yellow 6, black 7, green 8, "
                    "blue 9)."
                ),
                N_(
                    "Draw the governor. Clockwise: palaces on palace sites, two free fields apart "
                    "(the governor may then move theirs); then 2 peasants each (3 on the epic "
                    "side), one at a time, by the peasant rule."
                ),
            ),
        ),
        AidSection(
            N_("Peasant rule"),
            (
                N_(
                    "A peasant goes from your daimyo board onto a free field connected to your "
                    "palace (directly or through your own peasants), one per action."
                ),
            ),
        ),
        AidSection(
            N_("A round: 1 income, 2 hiring, 3 advisors, 4 actions, 5 draw"),
            (
                N_(
                    "Income: palace 2, each connected peasant 1 (blessed field more); +3 Ryo in "
                    "income rounds."
                ),
                N_(
                    "Hiring: peasant 1, ashigaru 2, ronin 4; pay upkeep for ashigaru, ronin and "
                    "advisors or they leave."
                ),
                N_(
                    "Advisors (auction rounds): sealed bids; highest pay and take 2 services, "
                    "second pay and take 1."
                ),
                N_(
                    "Actions, one a turn from the governor: peasant, card, combat, duel, service, "
                    "pass. Draw: 2 cards (3 in card rounds), hand limit 5; the governor's marker "
                    "moves left."
                ),
            ),
        ),
        AidSection(
            N_("Combat and duel"),
            (
                N_(
                    "Combat: active ashigaru (and at most one ronin) attack an opponent's peasant; "
                    "the defender may add troops. Troops used are exhausted. Cards face down, one "
                    "at a time from the attacker; higher total wins, ties drawn off the deck."
                ),
                N_("Ashigaru win: the peasant leaves; a ronin converts it. Both draw a card."),
                N_(
                    "Duel: an active ronin challenges a daimyo: refuse (give 2 peasants) or fight "
                    "with cards only; tie: both lose. A losing daimyo removes 4 peasants."
                ),
            ),
        ),
        AidSection(
            N_("End"),
            (
                N_(
                    "After the action phase of the last round: most fields wins; tie: most wealth "
                    "(Ryo and hiring cost of kept servants)."
                ),
            ),
        ),
    ),
    note=N_("Effects of cards and advisors are printed on them."),
)
"""The rules reference in English, each text marked; `rules_page()` says it."""
# The aid's and the rules' words name these numbers of the engine: a rule change fails here.
assert (R.PEASANTS_PER_COLOUR, R.START_CARDS, R.MAX_ADVISORS, R.PASS_MARKERS) == (24, 2, 2, 2)
assert (R.PALACE_INCOME, R.ROUND_BONUS, R.DRAW_CARDS, R.HAND_LIMIT) == (2, 3, 2, 5)
assert (R.PEASANT_COST, R.ASHIGARU_COST, R.RONIN_COST) == (1, 2, 4)
assert (R.DUEL_REFUSE_PEASANTS, R.DUEL_LOSS_PEASANTS) == (2, 4)
assert R.START_MONEY == {"red": 5, "yellow": 6, "black": 7, "green": 8, "blue": 9}
assert DEFAULT_START_PEASANTS == {"quick": 2, "epic": 3}


def rules_page() -> RulesPage:
    """The rules reference in the current language."""
    return RulesPage(
        _(RULES.title),
        tuple(AidSection(_(s.heading), tuple(_(t) for t in s.lines)) for s in RULES.sections),
        note=_(RULES.note),
    )


def colour_name(who: Identity) -> str:
    """A daimyo's colour in the current language ("Red", "Rot")."""
    return _(who.name)


def build_kit(board) -> Kit:
    """The Rice Wars kit for a board (an `app.printing.model.Board` of a Rice Wars map)."""
    colours = tuple(RICEWARS_COLOURS[c] for c in R.COLOURS)
    tokens = (
        *(_colour_section(who) for who in colours),
        _shared_section(board),
        _money_section(),
    )
    side = board.attributes.get("side", "") if board is not None else ""
    return Kit(
        game="ricewars",
        game_name=game_name("ricewars"),
        map_name=board.name if board is not None else "",
        board=board,
        mats=(),
        tokens=tokens,
        decks=(_cards(), _advisors()),
        aids=tuple(_daimyo_board(c) for c in R.COLOURS),
        rules=rules_page(),
        notes=(
            _("Board side: {side}; the round track follows the map.").format(
                side=_(SIDES[side]) if side in SIDES else side or _("custom")
            ),
            _("Cards are poker size (63.5 × 88.9 mm); the published card size is not known."),
        ),
    )
