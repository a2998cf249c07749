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
PHASES = ("Income", "Hiring and upkeep", "Advisors (auction rounds)", "Actions", "Draw")
ROUND_SYMBOLS = {
    "income3": "+3 Ryo",
    "auction": "auction",
    "card": "+1 card",
    "attack1": "attack +1",
}
WHEN = {"action": "as an action", "combat": "in a combat", "duel": "in a duel"}
NOTE_COLOURS = {1: "#d9e8c4", 2: "#c8dcef", 5: "#f2d7a6"}


def _colour_section(who: Identity) -> TokenSection:
    def face(title: str, subtitle: str = "", symbol: str = "") -> Face:
        return Face(
            "token", title, subtitle, colour=who.colour, ink=who.ink, mark=who.mark, symbol=symbol
        )

    peasant = Piece(face(who.mark, "peasant"))
    return TokenSection(
        f"{who.name} daimyo's pieces",
        (
            PieceGroup(
                f"{who.name} — {R.PEASANTS_PER_COLOUR} peasants",
                PEASANT_MM,
                (peasant,) * R.PEASANTS_PER_COLOUR,
            ),
            PieceGroup(
                f"{who.name} — palace, 2 pass markers, 2 service markers",
                PIECE_MM,
                (
                    Piece(face("Palace", "", "palace")),
                    *(Piece(face("Pass")),) * 2,
                    *(Piece(face("Service", "", "fan")),) * 2,
                ),
            ),
        ),
        owner=who,
    )


def _track_faces(board) -> tuple[Face, Face]:
    track = board.attributes.get("round_track") if board is not None else None
    rounds = []
    for number, symbols in enumerate(track if isinstance(track, list) else [], start=1):
        words = ", ".join(ROUND_SYMBOLS.get(str(s), str(s)) for s in symbols or ())
        rounds.append(f"{number}: {words}" if words else str(number))
    round_track = Face(
        "track",
        "Round track",
        body=tuple(rounds),
        footer="The game ends after the action phase of the last round.",
    )
    phase_track = Face(
        "track",
        "Phase track",
        body=tuple(f"{i}: {p}" for i, p in enumerate(PHASES, start=1)),
        footer="Phase 3 only in rounds with the auction symbol.",
    )
    return round_track, phase_track


def _shared_section(board) -> TokenSection:
    def troop(name: str, strength: int) -> Piece:
        active = Face(
            "token", name, f"strength {strength}", colour="#3d5a80", ink="#ffffff", symbol="spear"
        )
        tired = Face("token", name, "exhausted", colour=EXHAUSTED, ink="#222222", symbol="spear")
        return Piece(active, tired)

    round_track, phase_track = _track_faces(board)
    markers = (
        Piece(Face("token", "Governor", "first player", colour="#c9a227", symbol="fan")),
        Piece(Face("token", "Round", "marker", colour="#f2c230", symbol="sun")),
        Piece(Face("token", "Phase", "marker", colour="#e07b39")),
    )
    return TokenSection(
        "Shared supply, markers and tracks",
        (
            PieceGroup(
                f"{R.ASHIGARU_SUPPLY} ashigaru (front: active; back: exhausted)",
                TROOP_MM,
                (troop("Ashigaru", R.STRENGTH_ASHIGARU),) * R.ASHIGARU_SUPPLY,
            ),
            PieceGroup(
                f"{R.RONIN_SUPPLY} ronin (front: active; back: exhausted)",
                TROOP_MM,
                (troop("Ronin", R.STRENGTH_RONIN),) * R.RONIN_SUPPLY,
            ),
            PieceGroup("Governor's marker, round marker, phase marker", PIECE_MM, markers),
            PieceGroup(
                "Round track and phase track", TRACK_MM, (Piece(round_track), Piece(phase_track))
            ),
        ),
    )


def _money_section() -> TokenSection:
    groups = tuple(
        PieceGroup(
            f"{count} notes of {value} Ryo",
            NOTE_MM,
            (Piece(Face("note", str(value), "Ryo", colour=NOTE_COLOURS[value], kanji="両")),)
            * count,
        )
        for value, count in NOTES
    )
    total = sum(v * c for v, c in NOTES)
    return TokenSection(f"The bank: {total} Ryo", groups)


def _cards() -> Deck:
    back = Face(
        "card-back",
        "Rice Wars",
        "",
        colour="#4a3526",
        ink="#ffffff",
        footer=GAME_NAME,
        kanji="争米",
    )
    cards = []
    for card in R.CARDS:
        reaction = card.kind == "reaction"
        front = Face(
            "card",
            card.name,
            f"{card.title} · {'reaction' if reaction else 'action'}",
            body=(card.text,),
            colour=REACTION_GREY if reaction else ACTION_BROWN,
            ink="#ffffff",
            badge=f"+{card.bonus}",
            badge2=f"{card.cost} Ryo" if card.cost else "",
            footer=GAME_NAME,
            kanji=card.kanji,
        )
        cards.append(Piece(front, back))
    return Deck("Cards (action and reaction)", POKER_MM, "poker 63.5 × 88.9 mm", tuple(cards))


def _advisors() -> Deck:
    back = Face(
        "card-back", "Imperial advisor", "", colour=ADVISOR_RED, ink="#ffffff", footer=GAME_NAME
    )
    boards = []
    for advisor in R.ADVISORS:
        front = Face(
            "card",
            advisor.name,
            f"Imperial advisor · service {WHEN.get(advisor.when, advisor.when)}",
            body=(
                advisor.text,
                "Highest bid: marker on two fans (2 services); second: one fan (1).",
            ),
            colour=ADVISOR_RED,
            ink="#ffffff",
            badge2=f"{advisor.upkeep} upkeep",
            symbol="fan",
            footer=GAME_NAME,
            kanji=advisor.kanji,
        )
        boards.append(Piece(front, back))
    return Deck("Advisor boards", ADVISOR_MM, "advisor boards 95 × 66 mm", tuple(boards))


def _daimyo_board(colour: str) -> Aid:
    who = RICEWARS_COLOURS[colour]
    return Aid(
        f"{who.name} daimyo",
        (
            AidSection(
                "Setup",
                (
                    f"Start with {R.START_MONEY[colour]} Ryo, 24 peasants, a palace, "
                    "2 pass and 2 service markers, 2 cards.",
                ),
            ),
            AidSection(
                "A round",
                (
                    f"1 Income: palace {R.PALACE_INCOME} Ryo; 1 per peasant connected to your "
                    "palace (the blessed field pays more); +3 in income rounds.",
                    f"2 Hire: peasant {R.PEASANT_COST}, ashigaru {R.ASHIGARU_COST}, ronin "
                    f"{R.RONIN_COST} Ryo; pay upkeep: ashigaru {R.ASHIGARU_COST}, ronin "
                    f"{R.RONIN_COST}, advisors.",
                    "3 Advisors: sealed bids (auction rounds only); at most 2 advisors.",
                    "4 Actions, one a turn: place a peasant, play a card, attack, duel, use a "
                    "service, or pass (two passes: done).",
                    f"5 Draw {R.DRAW_CARDS} cards (3 in card rounds); hand limit {R.HAND_LIMIT}.",
                ),
            ),
            AidSection(
                "Strength",
                (
                    f"Peasant {R.STRENGTH_PEASANT}, ashigaru {R.STRENGTH_ASHIGARU}, ronin "
                    f"{R.STRENGTH_RONIN}; + cards played face down (top-left bonus).",
                ),
            ),
        ),
        owner=who,
        layout="half",
        subtitle="Daimyo board",
        zones=("Peasants to place", "Ashigaru and ronin", "Pass markers", "Governor"),
    )


RULES = RulesPage(
    "Rice Wars — rules reference",
    (
        AidSection(
            "Setup",
            (
                "Board side: 2 players the scenario (quick side, with a neutral player), 5 the "
                "epic side, 3-4 either. Round marker on 1, phase marker on 1.",
                "Each daimyo: a daimyo board, 24 peasants, palace, 2 pass and 2 service markers, "
                "2 cards; starting Ryo by colour (red 5, yellow 6, black 7, green 8, blue 9).",
                "Draw the governor. Clockwise: palaces on palace sites, two free fields apart "
                "(the governor may then move theirs); then 2 peasants each (3 on the epic side), "
                "one at a time, by the peasant rule.",
            ),
        ),
        AidSection(
            "Peasant rule",
            (
                "A peasant goes from your daimyo board onto a free field connected to your "
                "palace (directly or through your own peasants), one per action.",
            ),
        ),
        AidSection(
            "A round: 1 income, 2 hiring, 3 advisors, 4 actions, 5 draw",
            (
                "Income: palace 2, each connected peasant 1 (blessed field more); +3 Ryo in "
                "income rounds.",
                "Hiring: peasant 1, ashigaru 2, ronin 4; pay upkeep for ashigaru, ronin and "
                "advisors or they leave.",
                "Advisors (auction rounds): sealed bids; highest pay and take 2 services, second "
                "pay and take 1.",
                "Actions, one a turn from the governor: peasant, card, combat, duel, service, "
                "pass. Draw: 2 cards (3 in card rounds), hand limit 5; the governor's marker "
                "moves left.",
            ),
        ),
        AidSection(
            "Combat and duel",
            (
                "Combat: active ashigaru (and at most one ronin) attack an opponent's peasant; "
                "the defender may add troops. Troops used are exhausted. Cards face down, one "
                "at a time from the attacker; higher total wins, ties drawn off the deck.",
                "Ashigaru win: the peasant leaves; a ronin converts it. Both draw a card.",
                "Duel: an active ronin challenges a daimyo: refuse (give 2 peasants) or fight "
                "with cards only; tie: both lose. A losing daimyo removes 4 peasants.",
            ),
        ),
        AidSection(
            "End",
            (
                "After the action phase of the last round: most fields wins; tie: most wealth "
                "(Ryo and hiring cost of kept servants).",
            ),
        ),
    ),
    note="Effects of cards and advisors are printed on them.",
)


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
        game_name=GAME_NAME,
        map_name=board.name if board is not None else "",
        board=board,
        mats=(),
        tokens=tokens,
        decks=(_cards(), _advisors()),
        aids=tuple(_daimyo_board(c) for c in R.COLOURS),
        rules=RULES,
        notes=(
            f"Board side: {side or 'custom'}; the round track follows the map.",
            "Cards are poker size (63.5 × 88.9 mm); the published card size is not known.",
        ),
    )
