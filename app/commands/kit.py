"""`daimyo kit GAME [--map MAP] -o KIT.pdf [--paper A4|A3|Letter] [--scale fit|1.0] [--duplex]`.

Writes the game's print-and-play kit as one vector PDF: a contents page, the board (tiled at
true size, so that its border spots fit the combat tokens, or fitted on one page with
`--scale fit`, the contents page saying its scale), every token, every card at its real
size, the clans' screens or the player aids, and a one-page rules reference. GAME is
rokugan, shinobi or ricewars; MAP defaults to the game's shipped map (Shinobi has none).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.commands.print_cmd import _paper
from app.i18n import _, ngettext

GAMES = ("rokugan", "shinobi", "ricewars")


def _scale(text: str) -> float | None:
    """`fit` (one page) or `1.0` (true size, tiled)."""
    value = text.strip().lower()
    if value == "fit":
        return None
    try:
        number = float(value)
    except ValueError:
        number = None
    if number == 1.0:
        return 1.0
    raise argparse.ArgumentTypeError(
        f"{text!r}: the kit's board is either 'fit' (one page) or '1.0' (true size, tiled)"
    )


def register(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `daimyo kit`."""
    parser.add_argument(
        "game", metavar="GAME", choices=GAMES, help=_("rokugan, shinobi or ricewars")
    )
    parser.add_argument(
        "--map",
        metavar="MAP",
        help=_("map file (.yaml) or shipped map id (default: the game's own)"),
    )
    parser.add_argument(
        "-o", "--output", metavar="KIT.pdf", required=True, help=_("the PDF to write")
    )
    parser.add_argument(
        "--paper", type=_paper, default="A4", metavar="A4|A3|Letter", help=_("paper (default A4)")
    )
    parser.add_argument(
        "--scale",
        type=_scale,
        default=1.0,
        metavar="fit|1.0",
        help=_(
            "the board at true size, tiled, its spots as wide as the tokens (1.0, the "
            "default), or fitted on one page (fit; the contents page says its scale)"
        ),
    )
    parser.add_argument(
        "--duplex",
        action="store_true",
        help=_("print token and card backs on the reverse of their sheets (double-sided)"),
    )


def run(args: argparse.Namespace) -> int:
    """Write the kit; 1 when the map cannot be read or the file written, 2 for bad options."""
    from app.printing.kit import KitError, KitOptions, build_kit, write_kit
    from app.printing.layout import LayoutError
    from app.printing.qtapp import ensure_gui_app
    from maps.api import MapError

    try:
        kit = build_kit(args.game, args.map)
    except KitError as exc:
        print(f"daimyo kit: {exc}", file=sys.stderr)
        return 2
    except (MapError, OSError) as exc:  # MapError names the file, the line and the fix
        said = _("cannot read map {map}: {error}").format(map=args.map, error=exc)
        print(f"daimyo kit: {said}", file=sys.stderr)
        return 1
    board = kit.board
    for warning in getattr(board, "warnings", ()):
        said = _("warning: {map}: {warning}").format(map=args.map or board.id, warning=warning)
        print(f"daimyo kit: {said}", file=sys.stderr)
    output = Path(args.output)
    options = KitOptions(args.game, args.map, args.paper, args.scale, args.duplex)
    try:
        ensure_gui_app()
        result = write_kit(kit, output, options)
    except LayoutError as exc:
        print(f"daimyo kit: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        said = _("cannot write {file}: {error}").format(file=output, error=exc)
        print(f"daimyo kit: {said}", file=sys.stderr)
        return 1
    from app.printing.kit.plan import board_scale_text

    blanks = result.plan.kinds().count("blank")
    scale = board_scale_text(kit, result.plan)
    sections = ", ".join(
        f"{title} {first + 1}" + (f"–{last + 1}" if last > first else "")
        for title, first, last in result.plan.sections
    )
    pages = len(result.pages)
    if kit.board is not None:
        said = ngettext(
            "wrote {file}: {game} kit on {map}, {n} {paper} page ({sections}); {contents}",
            "wrote {file}: {game} kit on {map}, {n} {paper} pages ({sections}); {contents}",
            pages,
        )
    else:
        said = ngettext(
            "wrote {file}: {game} kit, {n} {paper} page ({sections}); {contents}",
            "wrote {file}: {game} kit, {n} {paper} pages ({sections}); {contents}",
            pages,
        )
    said = said.format(
        file=output,
        game=kit.game_name,
        map=kit.map_name,
        n=pages,
        paper=args.paper,
        sections=sections,
        contents=kit.summary(),
    )
    if args.duplex:
        said += _(", backs for duplex printing")
    if blanks:
        said += ngettext(
            " ({n} blank page keeps each back behind its front)",
            " ({n} blank pages keep each back behind its front)",
            blanks,
        ).format(n=blanks)
    print(said)
    if scale:
        print(scale)
    return 0
