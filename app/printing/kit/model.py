"""What a print-and-play kit holds, as plain data: faces, pieces, decks, aids, the rules page.

A game's kit module (`kit.rokugan`, `kit.shinobi`, `kit.ricewars`) builds a `Kit` from the
engine's component tables and the map; `kit.plan` lays it out on pages and `kit.document`
paints it. Nothing here imports Qt, so what a kit contains is tested without drawing.

Sizes are millimetres. A `Piece` is anything cut out of a sheet (a token, a card, a track
strip); two-sided pieces get their back printed on the reverse of the sheet (duplex) or
beside the front to fold over (single-sided printing).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.i18n import _, ngettext
from app.palette import Identity

POKER_MM = (63.5, 88.9)
"""A standard poker card, width × height."""

GAMES = ("rokugan", "shinobi", "ricewars")
"""The games a kit can be made for, by the engine's game id."""

PAPER_WHITE = "#ffffff"
INK = "#222222"


@dataclass(frozen=True, slots=True)
class Face:
    """One printed side of a piece.

    `kind` chooses the drawing: "token" (a round token face in a square), "token-back"
    (owner's colour and mark), "card", "card-back", "note" (a Ryo note), "track" (a
    strip of numbered boxes, one per `body` line) or "plain" (a labelled square).
    `symbol` names a drawn symbol ("arrow", "flower", "shield", "castle", "palace",
    "peace", "scorched", "shrine", "harbor", "battlefield", "ninja", "crest", "fan",
    "sun", ...); the painter draws what it knows and ignores the rest.
    """

    kind: str
    title: str
    subtitle: str = ""
    body: tuple[str, ...] = ()
    colour: str = PAPER_WHITE
    ink: str = INK
    mark: str = ""
    badge: str = ""  # a corner value: honor, strength bonus, cost
    badge2: str = ""  # a second corner value (Rice Wars cost)
    symbol: str = ""
    footer: str = ""
    accent: str = ""  # a second colour: the owner's colour on a neutral face
    kanji: str = ""


@dataclass(frozen=True, slots=True)
class Piece:
    """Something to cut out: a front, and a back when the piece has two printed sides."""

    front: Face
    back: Face | None = None

    @property
    def two_sided(self) -> bool:
        """True when the back is printed too."""
        return self.back is not None


@dataclass(frozen=True, slots=True)
class PieceGroup:
    """Pieces of one size and kind under one heading ("Crab — combat tokens (27)")."""

    title: str
    size_mm: tuple[float, float]
    pieces: tuple[Piece, ...]


@dataclass(frozen=True, slots=True)
class TokenSection:
    """Token groups that start on a fresh page: one clan's, one colour's, the neutral ones."""

    title: str
    groups: tuple[PieceGroup, ...]
    copies: int = 1
    owner: Identity | None = None

    @property
    def count(self) -> int:
        """How many pieces the section holds."""
        return sum(len(g.pieces) for g in self.groups)


@dataclass(frozen=True, slots=True)
class Deck:
    """Cards with one back design family, at one card size."""

    title: str
    size_mm: tuple[float, float]
    size_name: str
    cards: tuple[Piece, ...]
    copies: int = 1


@dataclass(frozen=True, slots=True)
class AidSection:
    """A heading and its lines on a screen or player aid."""

    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Aid:
    """A clan screen, daimyo board, player aid or province mat: one page (or half a page).

    `layout`: "screen" (a page folded in three to stand; the outer panel shows the owner
    to the table), "half" (two to a page), "mat" (a play mat with `spaces` for stacks of
    cards, one per identity).
    """

    title: str
    sections: tuple[AidSection, ...]
    owner: Identity | None = None
    layout: str = "half"
    copies: int = 1
    copies_note: str = ""
    subtitle: str = ""
    spaces: tuple[Identity, ...] = ()
    spaces_size_mm: tuple[float, float] = POKER_MM
    zones: tuple[str, ...] = ()  # labelled places for pieces (a daimyo board's)


@dataclass(frozen=True, slots=True)
class RulesPage:
    """The one-page rules reference: a title and sections of short paragraphs."""

    title: str
    sections: tuple[AidSection, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class Kit:
    """Everything one game needs at a table, in print order after the contents page."""

    game: str
    game_name: str
    map_name: str
    board: object | None  # an app.printing.model.Board, or None for a game without a map
    mats: tuple[Aid, ...]  # the "board" of a game without a map (Shinobi's provinces)
    tokens: tuple[TokenSection, ...]
    decks: tuple[Deck, ...]
    aids: tuple[Aid, ...]
    rules: RulesPage
    notes: tuple[str, ...] = ()  # what the contents page adds (decks from the map, sizes)

    @property
    def card_count(self) -> int:
        """How many cards the kit holds (every deck, once)."""
        return sum(len(d.cards) for d in self.decks)

    @property
    def token_count(self) -> int:
        """How many tokens and strips the kit holds (every section, once)."""
        return sum(s.count for s in self.tokens)

    def summary(self) -> str:
        """ "60 cards, 442 tokens"; decks not of card size are named ("8 advisor boards")."""
        cards = sum(len(d.cards) for d in self.decks if d.size_mm == POKER_MM)
        parts = [ngettext("{n} card", "{n} cards", cards).format(n=cards)] if cards else []
        parts += [
            _("{n} {things}").format(n=len(d.cards), things=d.title)
            for d in self.decks
            if d.size_mm != POKER_MM
        ]
        tokens = self.token_count
        parts.append(ngettext("{n} token", "{n} tokens", tokens).format(n=tokens))
        return ", ".join(parts)

    def card_names(self) -> list[str]:
        """The title of every card front, in print order (repeats for repeated cards)."""
        return [c.front.title for d in self.decks for c in d.cards]


def plural(count: int, noun: str) -> str:
    """ "1 token", "2 tokens"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def owner_back(owner: Identity, what: str, game_name: str) -> Face:
    """The back of a token: the owner's colour and mark, and what it is."""
    return Face(
        "token-back",
        owner.name,
        what,
        colour=owner.colour,
        ink=owner.ink,
        mark=owner.mark,
        footer=game_name,
    )
