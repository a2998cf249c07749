"""The hunting tests' long variants, one scheme for all (README, Hunting tests).

`make test` runs every hunting test short. For a longer hunt, locally:

- `--long` (or DAIMYO_LONG=1): every long variant — the monkey tests' long-only runs (whole
  games, hot seats, busy computer seats) and LONG_STEPS steps for each monkey test, start-up
  ten times each, the soak's eight rounds, fifty editor fuzz seeds, the big maps' layouts;
- `--hunt-seed S` (or DAIMYO_HUNT_SEED=S): S added to the seeds of the monkey and fuzz tests
  (other random runs; the seed a failure names shows it again);
- `--hunt-steps N` (or DAIMYO_HUNT_STEPS=N): N steps for each monkey test (long or not).

The options are copied into the environment when pytest starts (before test modules are
imported: a module may choose its parameters from them), so xdist workers see them too.
"""

from __future__ import annotations

import os

import pytest

LONG_ENV = "DAIMYO_LONG"
SEED_ENV = "DAIMYO_HUNT_SEED"
STEPS_ENV = "DAIMYO_HUNT_STEPS"
LONG_STEPS = 2000  # per monkey test in a long run


def add_options(parser: pytest.Parser) -> None:
    """`--long`, `--hunt-seed S`, `--hunt-steps N` (see the module docstring)."""
    group = parser.getgroup("hunting", "the hunting tests' long variants (tests/long_runs.py)")
    group.addoption("--long", action="store_true", help="run the long variants ($DAIMYO_LONG)")
    group.addoption("--hunt-seed", type=int, help="added to the hunting seeds ($DAIMYO_HUNT_SEED)")
    group.addoption("--hunt-steps", type=int, help="steps per monkey test ($DAIMYO_HUNT_STEPS)")


def configure(config: pytest.Config) -> None:
    """The options given, in the environment."""
    if config.getoption("long", False):
        os.environ[LONG_ENV] = "1"
    for option, name in (("hunt_seed", SEED_ENV), ("hunt_steps", STEPS_ENV)):
        value = config.getoption(option, None)
        if value is not None:
            os.environ[name] = str(value)


def long_run() -> bool:
    """Whether the long variants run."""
    return os.environ.get(LONG_ENV, "") not in ("", "0")


def seed_shift() -> int:
    """What is added to every hunting seed (0 unless asked)."""
    return int(os.environ.get(SEED_ENV) or 0)


def steps(default: int) -> int:
    """A monkey test's steps: as asked, else LONG_STEPS in a long run, else `default` (0: the
    test is a long variant only)."""
    asked = os.environ.get(STEPS_ENV)
    if asked:
        return int(asked)
    return max(default, LONG_STEPS) if long_run() else default
