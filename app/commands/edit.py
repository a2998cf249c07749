"""`daimyo edit [MAP]`: open the map editor on a map file, a shipped map id, or a new map."""

from __future__ import annotations

import argparse
import sys

from app.i18n import _


def register(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `daimyo edit`."""
    parser.add_argument("map", nargs="?", help=_("map file or shipped map id (default: a new map)"))


def run(args: argparse.Namespace) -> int:
    """Start Qt and run the editor until its window closes."""
    from maps.api import MapError, resolve_map, shipped_maps

    path = None
    if args.map:
        try:
            path = resolve_map(args.map)
        except MapError as exc:
            print(f"daimyo edit: {exc}", file=sys.stderr)
            return 2
        if not path.exists():
            said = _(
                "{file}: no such file; check the path, give a shipped map id ({ids}), or "
                "nothing for a new map"
            ).format(file=path, ids=", ".join(shipped_maps()))
            print(f"daimyo edit: {said}", file=sys.stderr)
            return 2
    from app.environment import qt_display_problem

    problem = qt_display_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    from app import startup

    app = startup.qt_application()  # heavy imports before the editor's analysis thread
    from app.settings import AppSettings
    from app.widgets.language import apply_language
    from editor.main_window import open_editor

    # The language chosen in Settings (else the system's), in Qt's own buttons and file
    # dialogs too: the unsaved-changes question names its Discard and Cancel buttons.
    apply_language(AppSettings().language())

    try:
        window = open_editor(path, play=_play_on_map)
    except MapError as exc:
        print(f"daimyo edit: {exc}", file=sys.stderr)
        return 2
    with startup.closed_at_exit(window):
        window.show()
        startup.quit_after_start(app)
        return int(app.exec())


def _play_on_map(map_path: str) -> bool:
    """The editor's "Play on this map": the app's window, made when first needed."""
    from app.main_window import play_on_map

    return play_on_map(map_path)
