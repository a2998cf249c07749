"""`daimyo app` (and plain `daimyo`): open the desktop application."""

from __future__ import annotations

import argparse
import sys

from app.i18n import _


def register(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `daimyo app`."""
    parser.add_argument("save", nargs="?", help=_("a save file to open"))
    parser.add_argument("--new", action="store_true", help=_("open the new-game dialog at once"))
    parser.add_argument(
        "--bot-nodes",
        type=int,
        help=_("node budget of every AI decision (fast, deterministic; for testing)"),
    )


def run(args: argparse.Namespace) -> int:
    """Start Qt, show the main window and run until it closes.

    A machine Qt cannot open a window on gets a message naming what to install (exit 1).
    Start-up is `app.startup`'s: heavy imports before any thread, threads stopped at exit.
    """
    from app.environment import qt_display_problem

    problem = qt_display_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    from app import startup

    app = startup.qt_application()
    from app import crash
    from app.main_window import MainWindow

    window = MainWindow(bot_nodes=args.bot_nodes)
    with startup.closed_at_exit(window):
        window.show()
        startup.started(window.preload_map())  # the first game's map is ready when chosen
        startup.quit_after_start(app)
        try:
            if args.save:
                window.load_game(args.save)
            elif args.new:
                window.new_game()
        except Exception:  # noqa: BLE001 - reported and shown; the window stays up
            crash.install(app).report_current()
        return int(app.exec())
