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

from app.i18n import N_, _, game_name
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
from engine.shinobi import SPEC
from engine.shinobi import cards as C

GAME_NAME = "Shinobi"
MAX_PLAYERS = SPEC.max_players  # the engine's: one mat and one aid a seat
ALLEGIANCE_RED = "#a4262c"
DECK_BLUE = "#234b7a"
NINJA_GREY = "#2d2d2d"
MARKER_MM = (24.0, 24.0)
POKER_NAME = N_("poker 63.5 × 88.9 mm")

TURN_LINES = (
    N_(
        "1  Deploy: put a card from your hand face up in another player's province — or play a "
        "Ninja instead: discard it with one card of an army in another player's province."
    ),
    N_(
        "2  Deploy a card in your own province, or move one card between provinces (into yours "
        "is allowed, out of yours never)."
    ),
    N_(
        "3  Attack: an army in your province removes one card from a weaker army (fewer cards) "
        "of another clan elsewhere. Compulsory when possible; not an army you added to this "
        "turn."
    ),
    N_("Draw back to 4 cards (after only a deploy: 2 cards; after a move: 1)."),
)


def _clan_card(who: Identity) -> Face:
    return Face(
        "card",
        who.name,
        _("Clan card"),
        body=(
            _(
                "An army is the stack of one clan's cards in one province; its strength is "
                "its number of cards."
            ),
        ),
        colour=who.colour,
        ink=who.ink,
        mark=who.mark,
        symbol="crest",
        footer=game_name("shinobi"),
    )


def _allegiance_card(who: Identity) -> Face:
    return Face(
        "card",
        who.name,
        _("Allegiance — keep it secret"),
        body=(
            _(
                "You serve the {clan} clan. At the end, the clan with the most cards on "
                "the table wins."
            ).format(clan=who.name),
        ),
        colour=ALLEGIANCE_RED,
        ink="#ffffff",
        mark=who.mark,
        symbol="crest",
        footer=game_name("shinobi"),
        accent=who.colour,
    )


def _back(title: str, colour: str) -> Face:
    name = game_name("shinobi")
    return Face("card-back", title, name, colour=colour, ink="#ffffff", footer=name)


def _decks() -> tuple[Deck, Deck]:
    allegiance_back = _back(_("Allegiance"), ALLEGIANCE_RED)
    allegiance = tuple(Piece(_allegiance_card(who), allegiance_back) for who in SHINOBI_CLANS)
    deck_back = _back(game_name("shinobi"), DECK_BLUE)
    cards: list[Piece] = []
    for clan, count in zip(SHINOBI_CLANS, C.DECK_COMPOSITION[: C.NUM_CLANS], strict=True):
        cards += [Piece(_clan_card(clan), deck_back)] * count
    ninja = Face(
        "card",
        "Ninja",
        _("no crest"),
        body=(
            _(
                "Play instead of your first order: discard it with one card of any army in "
                "another player's province."
            ),
            _("You may not attack that army this turn."),
        ),
        colour=NINJA_GREY,
        ink="#ffffff",
        symbol="ninja",
        footer=game_name("shinobi"),
    )
    cards += [Piece(ninja, deck_back)] * C.DECK_COMPOSITION[C.NINJA]
    return (
        Deck(_("Allegiance cards (red backs)"), POKER_MM, _(POKER_NAME), allegiance),
        Deck(_("The deck (blue backs)"), POKER_MM, _(POKER_NAME), tuple(cards)),
    )


def _mat() -> Aid:
    return Aid(
        _("Province"),
        (
            AidSection(
                _("Your province"),
                (
                    _(
                        "Other players deploy and move cards here; you deploy here with your "
                        "second order. Cards never leave your province by a move."
                    ),
                    _("Stack each clan's cards on its space so the army's size shows."),
                ),
            ),
        ),
        layout="mat",
        copies=MAX_PLAYERS,
        copies_note=_("one per player"),
        subtitle=_("the table in front of one player"),
        spaces=SHINOBI_CLANS,
    )


def _aid() -> Aid:
    return Aid(
        _("Shinobi — player aid"),
        (
            AidSection(
                _("Your turn: three orders, in this order"), tuple(_(t) for t in TURN_LINES)
            ),
            AidSection(
                _("End"),
                (
                    _(
                        "When the deck is empty, the next turn of the player who drew the last "
                        "card is the last. Reveal allegiances: the clan with the most cards on "
                        "the table wins; tie: more of its cards in its player's province."
                    ),
                    _("A clan nobody plays that wins passes the win to the second-largest clan."),
                ),
            ),
        ),
        layout="half",
        copies=MAX_PLAYERS,
        copies_note=_("one per player"),
    )


RULES = RulesPage(
    N_("Shinobi — rules reference"),
    (
        AidSection(
            N_("Setup"),
            (
                N_(
                    "Shuffle the 5 red allegiance cards and deal one to each player, secretly; the "
                    "rest go back to the box unseen."
                ),
                N_(
                    "Shuffle the blue deck; each player draws 4. The table in front of each player "
                    "is that player's province (the mat)."
                ),
            ),
        ),
        AidSection(N_("A turn"), TURN_LINES),
        AidSection(
            N_("Armies and attacks"),
            (
                N_(
                    "All cards of one clan in one province form its army; its strength is its "
                    "number of cards."
                ),
                N_(
                    "Attack with an army in your own province; the target is strictly weaker, of "
                    "another clan, in another player's province. The target loses one card. Mark "
                    "it with the attack marker."
                ),
                N_(
                    "An army that gained a card this turn (deployed, moved in, Ninja played on it) "
                    "cannot be attacked this turn."
                ),
            ),
        ),
        AidSection(
            N_("End of the game"),
            (
                N_(
                    "When the deck runs out, the next turn of the player who drew the last card is "
                    "the last of the game."
                ),
                N_(
                    "Reveal allegiances. The clan with the most cards on the table wins; its "
                    "player wins. Tie: the clan with more cards in its own player's province."
                ),
                N_("If a clan nobody plays has the most, the second-largest clan wins."),
            ),
        ),
    ),
    note=N_("3-5 players (2 players: Daimyo's own variant)."),
)
"""The rules reference in English, each text marked; `rules_page()` says it."""
# The turn's and the rules' words name these numbers of the engine: a rule change fails here.
assert (C.HAND_SIZE, C.NUM_CLANS, SPEC.min_players, SPEC.max_players) == (4, 5, 3, 5)


def rules_page() -> RulesPage:
    """The rules reference in the current language."""
    return RulesPage(
        _(RULES.title),
        tuple(AidSection(_(s.heading), tuple(_(t) for t in s.lines)) for s in RULES.sections),
        note=_(RULES.note),
    )


def build_kit() -> Kit:
    """The Shinobi kit (no map: province mats instead of a board)."""
    allegiance, deck = _decks()
    marker = Piece(
        Face("token", _("Attack"), _("target"), colour="#c0392b", ink="#ffffff", symbol="arrow")
    )
    group = PieceGroup(_("Attack marker: put it on the army you attack"), MARKER_MM, (marker,))
    tokens = (TokenSection(_("Attack marker"), (group,)),)
    clans = ", ".join(c.name for c in SHINOBI_CLANS)
    return Kit(
        game="shinobi",
        game_name=game_name("shinobi"),
        map_name=_("no map: each player's province"),
        board=None,
        mats=(_mat(),),
        tokens=tokens,
        decks=(allegiance, deck),
        aids=(_aid(),),
        rules=rules_page(),
        notes=(
            _(
                "Clans: {clans}. {n} cards of each clan and {ninjas} Ninja in the deck "
                "({deck} cards)."
            ).format(clans=clans, n=C.CARDS_PER_CLAN, ninjas=C.NINJAS, deck=C.DECK_SIZE),
            _("Cards are poker size (63.5 × 88.9 mm); the published card size is not known."),
        ),
    )
