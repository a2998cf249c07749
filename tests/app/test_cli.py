"""The `daimyo` command's help lists its subcommands, each with its own --help."""

import subprocess
import sys

import pytest

from app.cli import SUBCOMMANDS, build_parser, main


def run_daimyo(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *args], capture_output=True, text=True, timeout=120
    )


def registered() -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return list(sub.choices)


def test_help_lists_every_registered_subcommand() -> None:
    result = run_daimyo("--help")
    assert result.returncode == 0
    for name in registered():
        assert name in result.stdout


@pytest.mark.parametrize("name", list(SUBCOMMANDS))
def test_each_subcommand_has_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # (in this process: the command's own process is the help test's above; a fresh
    # interpreter for each subcommand cost about 0.3 s of CPU)
    if name not in registered():
        pytest.skip(f"{name} not implemented yet")
    with pytest.raises(SystemExit) as done:
        main([name, "--help"])
    out, err = capsys.readouterr()
    assert done.value.code == 0, err
    assert "usage: daimyo " + name in out


def test_a_closed_pipe_ends_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    # Given a reader that has gone away (as with `daimyo play ... | head`)
    class ClosedPipe:
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    # When a command prints its result
    code = main(["play", "shinobi", "--players", "3", "--seed", "1", "--json"])
    # Then it stops with exit code 1 instead of a traceback
    assert code == 1
