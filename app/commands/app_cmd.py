"""`daimyo app` (and plain `daimyo`): open the desktop application."""

from __future__ import annotations

import argparse
import sys


def register(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `daimyo app`."""
    parser.add_argument("save", nargs="?", help="a save file to open")
    parser.add_argument("--new", action="store_true", help="open the new-game dialog at once")
    parser.add_argument(
        "--bot-nodes",
        type=int,
        help="node budget of every AI decision (fast, deterministic; for testing)",
    )


def run(args: argparse.Namespace) -> int:
    """Start Qt, show the main window and run until it closes.

    A machine Qt cannot open a window on gets a message naming what to install (exit 1).
    """
    from app.environment import qt_display_problem

    problem = qt_display_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    from PySide6.QtWidgets import QApplication

    import app.qt_compat  # noqa: F401 - before any Qt use: guards PySide6's refcount bugs
    from app import gui_gc
    from app.main_window import MainWindow
    from app.settings import APPLICATION, ORGANISATION

    app = QApplication.instance() or QApplication(sys.argv[:1])
    gui_gc.install(app)  # bots think in a thread: collect garbage only here
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    window = MainWindow(bot_nodes=args.bot_nodes)
    window.show()
    window.preload_map()  # the first game's map is ready by the time it is chosen
    if args.save:
        window.load_game(args.save)
    elif args.new:
        window.new_game()
    return int(app.exec())
