"""The `daimyo` command: a thin dispatcher over one module per subcommand.

Each subcommand lives in `app.commands.<name>` and provides `register(parser)`
(adds its arguments) and `run(args) -> int` (does the work, returns the exit code).
Modules are imported lazily so `daimyo map check` never loads Qt.

`--lang en|de|pt` (before or after the subcommand) chooses the language of what a text
command prints for people (`app.i18n`); without it the system's language is spoken
(LANGUAGE, LC_ALL, LC_MESSAGES, LANG). The desktop app follows its Settings instead.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import sys
from collections.abc import Sequence

from app.i18n import LANGUAGES

# name -> (module, one-line help). The order is the order `daimyo --help` shows.
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "app": ("app.commands.app_cmd", "open the desktop application (the default)"),
    "play": ("app.commands.play", "play a whole game headless with bots in every seat"),
    "arena": ("app.commands.arena", "play many bot-vs-bot games and report win rates"),
    "map": ("app.commands.map_cmd", "check, inspect, import, export, playtest and generate maps"),
    "edit": ("app.commands.edit", "open the map editor"),
    "print": ("app.commands.print_cmd", "print a map as a board PDF"),
    "kit": ("app.commands.kit", "print a game's print-and-play kit: board, tokens, cards, aids"),
    "bench": ("app.commands.bench", "measure speed: maps, rokugan, ai, print"),
    "log": ("app.commands.log", "print a saved game's story, one event per line"),
    "review": ("app.commands.review", "review a saved game: the costliest decisions of a seat"),
}


_LANG_OPTION: dict = {
    "choices": tuple(LANGUAGES),
    "default": None,
    "help": "the language of a text command's output for people: en, de or pt (default: the "
    "system's; the desktop app speaks the one chosen in its Settings)",
}


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="daimyo",
        description="Daimyo: Japanese-themed territory games against AI clans, "
        "a map editor and board printing.",
    )
    parser.add_argument("--lang", **_LANG_OPTION)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue  # a subcommand whose issue has not landed yet
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        # after the subcommand too; its default must not undo one given before it
        sub.add_argument("--lang", **{**_LANG_OPTION, "default": argparse.SUPPRESS})
        module.register(sub)
        _lang_after_actions(sub)
        sub.set_defaults(_run=module.run)
    return parser


def _lang_after_actions(parser: argparse.ArgumentParser) -> None:
    """`--lang` after a subcommand's own action too (`daimyo map check MAP --lang de`)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for nested in dict.fromkeys(action.choices.values()):
                nested.add_argument("--lang", **{**_LANG_OPTION, "default": argparse.SUPPRESS})


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `daimyo` console script."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not args_list:
        if "app" in SUBCOMMANDS and _has_module("app"):
            args_list = ["app"]
        else:
            parser.print_help()
            return 0
    args = parser.parse_args(args_list)
    runner = getattr(args, "_run", None)
    if runner is None:
        parser.print_help()
        return 0
    from app import i18n

    spoken = i18n.language()
    if args.command != "app":  # the desktop app speaks its Settings' language
        i18n.set_language(args.lang)
    try:
        return int(runner(args) or 0)
    except BrokenPipeError:
        # The reader went away (`daimyo play ... | head`): stop quietly, as Unix tools do.
        try:  # keep Python's exit-time flush from raising again
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass  # stdout is no real file (tests): nothing will be flushed to it
        return 1
    finally:
        i18n.set_language(spoken)  # a command's language lasts as long as the command


def _has_module(name: str) -> bool:
    module_name = SUBCOMMANDS[name][0]
    return importlib.util.find_spec(module_name) is not None


if __name__ == "__main__":
    sys.exit(main())
