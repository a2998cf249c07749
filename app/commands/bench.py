"""`daimyo bench TARGET`: speed measurements (figures go to docs/PERFORMANCE.md); `wait`
measures how long a person waits between two decisions in the app. Every run first says on
stderr whether the engine runs compiled (`make fast`) or pure, so each figure is labelled."""

from __future__ import annotations

import argparse
import importlib
import sys

from app.i18n import _
from engine import native

# target -> "module:function"; the function takes the remaining argv and returns an exit code.
TARGETS: dict[str, str] = {
    "maps": "maps.bench:main",
    "rokugan": "engine.rokugan.bench:main",
    "ai": "ai.bench:main",
    "print": "app.printing.bench:main",
    "shinobi": "engine.shinobi.bench:main",
    "ricewars": "engine.ricewars.bench:main",
    "wait": "app.bench_wait:main",
}


def register(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `daimyo bench`."""
    parser.add_argument("target", choices=sorted(TARGETS), help=_("what to measure"))
    parser.add_argument("options", nargs=argparse.REMAINDER, help=_("options for the target"))


def run(args: argparse.Namespace) -> int:
    """Run the chosen benchmark."""
    module_name, _sep, func = TARGETS[args.target].partition(":")
    print(f"daimyo bench {args.target}: {native.describe()}", file=sys.stderr)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            print(f"daimyo bench: {args.target} is not available yet", file=sys.stderr)
            return 2
        raise
    return int(getattr(module, func)(list(args.options)) or 0)
