"""`make test` names the test tools' pytest plugins (Makefile, TEST_PLUGINS) instead of
letting pytest find them: every plugin of a package of the `test` extra must be named, or
its fixtures and options would be missing from `make test` alone."""

import importlib.metadata
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOT_NEEDED = {"xdist.looponfail"}  # `--looponfail`, which `make test` never asks for


def named_plugins() -> set[str]:
    found = re.search(r"PYTEST_PLUGINS=(\S+)", (ROOT / "Makefile").read_text(encoding="utf-8"))
    assert found, "the Makefile names no PYTEST_PLUGINS"
    return set(found.group(1).split(","))


def test_make_test_names_every_pytest_plugin_of_the_test_tools() -> None:
    # Given the packages of the `test` extra
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = extra["project"]["optional-dependencies"]["test"]
    names = {re.split(r"[<>=!~\[ ;]", spec, maxsplit=1)[0].lower() for spec in wanted}
    # When their pytest plugins are listed (those installed here)
    plugins = {
        entry.value
        for dist in importlib.metadata.distributions()
        if dist.metadata["Name"].lower().replace("_", "-") in names
        for entry in dist.entry_points
        if entry.group == "pytest11"
    }
    # Then `make test` names each of them, and each name is a module that imports
    assert plugins, "no pytest plugin of the test extra is installed"
    assert plugins - NOT_NEEDED <= named_plugins()
    for name in named_plugins():
        importlib.import_module(name)
