"""Shinobi's kit: province mats, the attack marker, the 63 cards, player aids, the rules.

Shinobi has no map: the table in front of each player is that player's province. The kit's
board is therefore one province mat per player (5), with a space for each clan's army.
Cards come from the engine (`engine.shinobi.cards`): 5 red-backed allegiance cards (one
per clan) and the blue deck of 11 cards of each clan and 3 Ninja. The rulebook marks the
army attacked; the kit gives one attack marker for it.

Card size: the components file gives none, so cards are standard poker size
(63.5 × 88.9 mm).
"""

from __future__ import annotations

from app.palette import SHINOBI_CLANS, Identity
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
from engine.shinobi import cards as C

GAME_NAME = "Shinobi"
MAX_PLAYERS = 5
ALLEGIANCE_RED = "#a4262c"
DECK_BLUE = "#234b7a"
NINJA_GREY = "#2d2d2d"
MARKER_MM = (24.0, 24.0)

TURN_LINES = (
    "1  Deploy: put a card from your hand face up in another player's province — or play a "
    "Ninja instead: discard it with one card of an army in another player's province.",
    "2  Deploy a card in your own province, or move one card between provinces (into yours "
    "is allowed, out of yours never).",
    "3  Attack: an army in your province removes one card from a weaker army (fewer cards) "
    "of another clan elsewhere. Compulsory when possible; not an army you added to this "
    "turn.",
    "Draw back to 4 cards (after only a deploy: 2 cards; after a move: 1).",
)


def _clan_card(who: Identity) -> Face:
    return Face(
        "card",
        who.name,
        "Clan card",
        body=(
            "An army is the stack of one clan's cards in one province; its strength is "
            "its number of cards.",
        ),
        colour=who.colour,
        ink=who.ink,
        mark=who.mark,
        symbol="crest",
        footer=GAME_NAME,
    )


def _allegiance_card(who: Identity) -> Face:
    return Face(
        "card",
        who.name,
        "Allegiance — keep it secret",
        body=(
            f"You serve the {who.name} clan. At the end, the clan with the most cards on "
            "the table wins.",
        ),
        colour=ALLEGIANCE_RED,
        ink="#ffffff",
        mark=who.mark,
        symbol="crest",
        footer=GAME_NAME,
        accent=who.colour,
    )


def _back(title: str, colour: str) -> Face:
    return Face("card-back", title, GAME_NAME, colour=colour, ink="#ffffff", footer=GAME_NAME)


def _decks() -> tuple[Deck, Deck]:
    allegiance_back = _back("Allegiance", ALLEGIANCE_RED)
    allegiance = tuple(Piece(_allegiance_card(who), allegiance_back) for who in SHINOBI_CLANS)
    deck_back = _back("Shinobi", DECK_BLUE)
    cards: list[Piece] = []
    for clan, count in zip(SHINOBI_CLANS, C.DECK_COMPOSITION[: C.NUM_CLANS], strict=True):
        cards += [Piece(_clan_card(clan), deck_back)] * count
    ninja = Face(
        "card",
        "Ninja",
        "no crest",
        body=(
            "Play instead of your first order: discard it with one card of any army in "
            "another player's province.",
            "You may not attack that army this turn.",
        ),
        colour=NINJA_GREY,
        ink="#ffffff",
        symbol="ninja",
        footer=GAME_NAME,
    )
    cards += [Piece(ninja, deck_back)] * C.DECK_COMPOSITION[C.NINJA]
    return (
        Deck("Allegiance cards (red backs)", POKER_MM, "poker 63.5 × 88.9 mm", allegiance),
        Deck("The deck (blue backs)", POKER_MM, "poker 63.5 × 88.9 mm", tuple(cards)),
    )


def _mat() -> Aid:
    return Aid(
        "Province",
        (
            AidSection(
                "Your province",
                (
                    "Other players deploy and move cards here; you deploy here with your second "
                    "order. Cards never leave your province by a move.",
                    "Stack each clan's cards on its space so the army's size shows.",
                ),
            ),
        ),
        layout="mat",
        copies=MAX_PLAYERS,
        copies_note="one per player",
        subtitle="the table in front of one player",
        spaces=SHINOBI_CLANS,
    )


def _aid() -> Aid:
    return Aid(
        "Shinobi — player aid",
        (
            AidSection("Your turn: three orders, in this order", TURN_LINES),
            AidSection(
                "End",
                (
                    "When the deck is empty, the next turn of the player who drew the last card "
                    "is the last. Reveal allegiances: the clan with the most cards on the table "
                    "wins; tie: more of its cards in its player's province.",
                    "A clan nobody plays that wins hands the win to the second-largest clan.",
                ),
            ),
        ),
        layout="half",
        copies=MAX_PLAYERS,
        copies_note="one per player",
    )


RULES = RulesPage(
    "Shinobi — rules reference",
    (
        AidSection(
            "Setup",
            (
                "Shuffle the 5 red allegiance cards and deal one to each player, secretly; the "
                "rest go back to the box unseen.",
                "Shuffle the blue deck; each player draws 4. The table in front of each player "
                "is that player's province (the mat).",
            ),
        ),
        AidSection("A turn", TURN_LINES),
        AidSection(
            "Armies and attacks",
            (
                "All cards of one clan in one province form its army; its strength is its "
                "number of cards.",
                "Attack with an army in your own province; the target is strictly weaker, of "
                "another clan, in another player's province. The target loses one card. Mark it "
                "with the attack marker.",
                "An army that gained a card this turn (deployed, moved in, Ninja played on it) "
                "cannot be attacked this turn.",
            ),
        ),
        AidSection(
            "End of the game",
            (
                "When the deck runs out, the next turn of the player who drew the last card is "
                "the last of the game.",
                "Reveal allegiances. The clan with the most cards on the table wins; its player "
                "wins. Tie: the clan with more cards in its own player's province.",
                "If a clan nobody plays has the most, the second-largest clan wins.",
            ),
        ),
    ),
    note="3-5 players (2 players: Daimyo's own variant).",
)


def build_kit() -> Kit:
    """The Shinobi kit (no map: province mats instead of a board)."""
    allegiance, deck = _decks()
    marker = Piece(
        Face("token", "Attack", "target", colour="#c0392b", ink="#ffffff", symbol="arrow")
    )
    tokens = (
        TokenSection(
            "Attack marker",
            (PieceGroup("Attack marker: put it on the army you attack", MARKER_MM, (marker,)),),
        ),
    )
    clans = ", ".join(c.name for c in SHINOBI_CLANS)
    return Kit(
        game="shinobi",
        game_name=GAME_NAME,
        map_name="no map: each player's province",
        board=None,
        mats=(_mat(),),
        tokens=tokens,
        decks=(allegiance, deck),
        aids=(_aid(),),
        rules=RULES,
        notes=(
            f"Clans: {clans}. {C.CARDS_PER_CLAN} cards of each clan and {C.NINJAS} Ninja in "
            f"the deck ({C.DECK_SIZE} cards).",
            "Cards are poker size (63.5 × 88.9 mm); the published card size is not known.",
        ),
    )
