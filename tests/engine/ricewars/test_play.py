"""Whole games headless: `play_match` and `daimyo play ricewars --board ...`."""

from __future__ import annotations

import json

from ai.match import play_match
from app.cli import main as daimyo
from engine.registry import get_game
from engine.ricewars import SPEC
from tests.engine.ricewars.helpers import board


def test_the_registry_knows_rice_wars() -> None:
    spec = get_game("ricewars")
    assert spec is SPEC and spec.uses_map and spec.default_map == "ricewars-quick"
    assert (spec.min_players, spec.max_players) == (2, 5)


def test_play_match_is_deterministic_and_summarises_rounds() -> None:
    result, state = play_match(SPEC, ["random"] * 3, seed=5, graph=board("quick"))
    assert state.is_terminal() and result.actions == len(state.history)
    assert result.summary["rounds"] == 7 and len(result.summary["fields"]) == 3
    again, _ = play_match(SPEC, ["random"] * 3, seed=5, graph=board("quick"))
    assert again == result


def test_cli_board_epic_plays_the_epic_side(capsys) -> None:
    assert daimyo(["play", "ricewars", "--board", "epic", "--seed", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["board"] == "epic" and out["rounds"] == 8 and len(out["scores"]) == 4


def test_cli_refuses_five_players_on_the_quick_side(capsys) -> None:
    assert daimyo(["play", "ricewars", "--players", "5"]) == 2
    err = capsys.readouterr().err
    assert "try the epic board (the ricewars-epic map)" in err
    assert "plays the other side with --board quick or --board epic" in err
    # a map given by --map is not turned over by --board: no such hint
    assert daimyo(["play", "ricewars", "--map", "ricewars-quick", "--players", "5"]) == 2
    assert "--board" not in capsys.readouterr().err
