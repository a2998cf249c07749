"""The `daimyo` command: a thin dispatcher over one module per subcommand.

Each subcommand lives in `app.commands.<name>` and provides `register(parser)`
(adds its arguments) and `run(args) -> int` (does the work, returns the exit code).
Modules are imported lazily so `daimyo map check` never loads Qt.

`--lang en|de|pt` (before or after the subcommand) chooses the language of what a text
command prints for people (`app.i18n`), its `--help` and argparse's own words included
(`app.cli_words`); without it the system's language is spoken (LANGUAGE, LC_ALL,
LC_MESSAGES, LANG). The desktop app follows its Settings instead. `--lang` is found in
the arguments before the parser is built, since the parser's help is written in the
language spoken when it is built.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import sys
from collections.abc import Sequence

from app.cli_words import argparse_words, language_asked
from app.i18n import LANGUAGES, N_, _

# name -> (module, one-line help). The order is the order `daimyo --help` shows.
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "app": ("app.commands.app_cmd", N_("open the desktop application (the default)")),
    "play": ("app.commands.play", N_("play a whole game headless with bots in every seat")),
    "arena": ("app.commands.arena", N_("play many bot-vs-bot games and report win rates")),
    "map": (
        "app.commands.map_cmd",
        N_("check, inspect, import, export, playtest and generate maps"),
    ),
    "edit": ("app.commands.edit", N_("open the map editor")),
    "print": ("app.commands.print_cmd", N_("print a map as a board PDF")),
    "kit": (
        "app.commands.kit",
        N_("print a game's print-and-play kit: board, tokens, cards, aids"),
    ),
    "bench": ("app.commands.bench", N_("measure speed: maps, rokugan, ai, print")),
    "log": ("app.commands.log", N_("print a saved game's story, one event per line")),
    "review": (
        "app.commands.review",
        N_("review a saved game: the costliest decisions of a seat"),
    ),
}
"""The one-line help of each is marked for translation and said when the parser is built."""


def _lang_option() -> dict:
    """`--lang`'s settings, its help in the language spoken now."""
    return {
        "choices": tuple(LANGUAGES),
        "default": None,
        "help": _(
            "the language of a text command's output for people: en, de or pt (default: the "
            "system's; the desktop app speaks the one chosen in its Settings)"
        ),
    }


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="daimyo",
        description=_(
            "Daimyo: Japanese-themed territory games against AI clans, a map editor and board "
            "printing."
        ),
    )
    parser.add_argument("--lang", **_lang_option())
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue  # a subcommand whose issue has not landed yet
        said = _(help_text)
        sub = subparsers.add_parser(name, help=said, description=said)
        # after the subcommand too; its default must not undo one given before it
        sub.add_argument("--lang", **{**_lang_option(), "default": argparse.SUPPRESS})
        module.register(sub)
        _lang_after_actions(sub)
        sub.set_defaults(_run=module.run)
    return parser


def _lang_after_actions(parser: argparse.ArgumentParser) -> None:
    """`--lang` after a subcommand's own action too (`daimyo map check MAP --lang de`)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for nested in dict.fromkeys(action.choices.values()):
                nested.add_argument("--lang", **{**_lang_option(), "default": argparse.SUPPRESS})


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `daimyo` console script."""
    from app import i18n

    args_list = list(sys.argv[1:] if argv is None else argv)
    spoken = i18n.language()
    try:
        # the help and argparse's messages in the language asked for (else the system's)
        i18n.set_language(language_asked(args_list))
        with argparse_words():
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
            with argparse_words():
                parser.print_help()
            return 0
        if args.command == "app":  # the desktop app speaks its Settings' language
            i18n.set_language(spoken)
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
