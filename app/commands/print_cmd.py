"""`daimyo print MAP -o BOARD.pdf`: a map as a printable board PDF (vector, true size or fit)."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from app.i18n import _, ngettext, number

PAPERS = ("A4", "A3", "Letter")


def _scale(text: str) -> float | None:
    """`fit`, a factor (1.0 = true size) or a percentage (50%)."""
    value = text.strip().lower()
    if value == "fit":
        return None
    try:
        scale = float(value[:-1]) / 100 if value.endswith("%") else float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not 'fit', a factor like 1.0 or a percentage like 50%"
        ) from None
    if not math.isfinite(scale) or scale <= 0:
        raise argparse.ArgumentTypeError(
            _("scale must be positive, not {text}").format(text=repr(text))
        )
    return scale


def _paper(text: str) -> str:
    for name in PAPERS:
        if text.lower() == name.lower():
            return name
    raise argparse.ArgumentTypeError(
        _("unknown paper {text}: choose {papers}").format(text=repr(text), papers=", ".join(PAPERS))
    )


def _sheets(text: str) -> tuple[str, ...]:
    from app.printing.sheets import SHEET_KINDS

    names = tuple(s.strip().lower() for s in text.split(",") if s.strip())
    for name in names:
        if name not in SHEET_KINDS:
            raise argparse.ArgumentTypeError(
                f"unknown sheet {name!r}: choose from {','.join(SHEET_KINDS)}"
            )
    return names


def _overlap(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("overlap must be a number of mm, not {text}").format(text=repr(text))
        ) from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(
            _("overlap must be 0 mm or more, not {text}").format(text=repr(text))
        )
    return value


def register(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `daimyo print`."""
    parser.add_argument("map", metavar="MAP", help=_("map file (.yaml) or shipped map id"))
    parser.add_argument(
        "-o", "--output", metavar="BOARD.pdf", help=_("PDF to write (default: <map id>.pdf)")
    )
    parser.add_argument(
        "--paper", type=_paper, default="A4", metavar="A4|A3|Letter", help=_("paper (default A4)")
    )
    turn = parser.add_mutually_exclusive_group()
    turn.add_argument(
        "--landscape",
        dest="landscape",
        action="store_const",
        const=True,
        help=_("paper sideways (default: as the board is, landscape for a wide board)"),
    )
    turn.add_argument(
        "--portrait", dest="landscape", action="store_const", const=False, help=_("paper upright")
    )
    parser.add_argument(
        "--scale",
        type=_scale,
        default=None,
        metavar="fit|1.0|…",
        help=_(
            "'fit' one page (default), or a factor of the map's true size "
            "(1.0 = true size, tiled over as many sheets as needed; 50%% also works)"
        ),
    )
    parser.add_argument(
        "--overlap",
        type=_overlap,
        default=10.0,
        metavar="MM",
        help=_("shared strip between neighbouring tiled sheets, mm (default 10)"),
    )
    parser.add_argument(
        "--no-legend", dest="legend", action="store_false", help=_("leave out the legend")
    )
    parser.add_argument(
        "--sheets",
        type=_sheets,
        default=(),
        metavar="tokens,reference",
        help=_("add play sheets: a token sheet per clan, a turn-order reference"),
    )


def run(args: argparse.Namespace) -> int:
    """Write the board PDF; 1 when the map cannot be read or the PDF cannot be written."""
    from app.printing import LayoutError, PrintOptions, load_board, write_pdf
    from app.printing.qtapp import ensure_gui_app
    from maps.api import MapError

    try:
        board = load_board(args.map)
    except (MapError, ValueError, OSError) as exc:  # MapError names file, line and fix
        said = _("cannot read map {map}: {error}").format(map=args.map, error=exc)
        print(f"daimyo print: {said}", file=sys.stderr)
        return 1
    for warning in board.warnings:
        said = _("warning: {map}: {warning}").format(map=args.map, warning=warning)
        print(f"daimyo print: {said}", file=sys.stderr)
    if any(w.startswith("error") for w in board.warnings):
        said = _(
            "warning: {map} fails validation; printing it anyway (check it with `daimyo map check`)"
        ).format(map=args.map)
        print(f"daimyo print: {said}", file=sys.stderr)
    output = Path(args.output) if args.output else Path(f"{board.id}.pdf")
    try:
        options = PrintOptions(
            paper=args.paper,
            landscape=args.landscape,
            scale=args.scale,
            overlap=args.overlap,
            legend=args.legend,
            sheets=args.sheets,
        ).for_board(board.size_mm)
        ensure_gui_app()
        result = write_pdf(board, output, options)
    except LayoutError as exc:
        print(f"daimyo print: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        said = _("cannot write {file}: {error}").format(file=output, error=exc)
        print(f"daimyo print: {said}", file=sys.stderr)
        return 1
    plan = result.plan
    if plan.tiled:
        layout = _("{rows} × {columns} sheets").format(rows=plan.rows, columns=plan.columns)
    else:
        layout = _("one sheet")
    turned = _("landscape") if options.landscape else _("portrait")
    said = ngettext(
        "wrote {file}: {n} page, board on {layout} at {scale} ({paper} {orientation})",
        "wrote {file}: {n} pages, board on {layout} at {scale} ({paper} {orientation})",
        len(result.pages),
    )
    print(
        said.format(
            file=output,
            n=len(result.pages),
            layout=layout,
            scale=f"{number(plan.scale * 100, '.1f')} %",
            paper=args.paper,
            orientation=turned,
        )
    )
    return 0
