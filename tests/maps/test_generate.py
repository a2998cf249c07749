"""The map generator (`maps.generate`, `daimyo map generate`): every map it makes passes
its game's check and can be played to the end; the same seed gives the same map."""

from __future__ import annotations

import os
import statistics
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.match import play_match
from app.cli import main
from engine.registry import get_game, map_readiness
from maps.api import dump_map, load_map
from maps.generate import HEIGHT, PROVINCE_RANGE, GenerateError, generate_map, print_size
from maps.geometry import derive
from maps.validate import TOKEN_MM, validate


def assert_passes_check(game: str, mapfile) -> None:  # noqa: ANN001 - a MapFile
    """No validation error, and ready for every player count the map seats."""
    errors = [str(i) for i in validate(mapfile) if i.severity == "error"]
    assert errors == []
    graph = derive(mapfile).graph
    readiness = map_readiness(game, graph)
    assert readiness.ready, readiness.message()
    low, high = readiness.players
    for players in range(low, high + 1):
        assert map_readiness(game, graph, players).ready


@pytest.mark.parametrize("game", ["rokugan", "ricewars"])
def test_ten_seeds_pass_the_check_and_play_a_whole_game(game: str) -> None:
    spec = get_game(game)
    for seed in range(1, 11):
        # Given a generated map
        mapfile = generate_map(game, seed=seed)
        # Then it passes the game's check
        assert_passes_check(game, mapfile)
        # and a whole game is played on it (random play: the map is what is tested here, and
        # a game of greedy bots, which weigh every decision, cost ten times as much)
        graph = derive(mapfile).graph
        players = 2 if game == "rokugan" else 3
        result, state = play_match(spec, ["random"] * players, seed, graph)
        assert state.is_terminal() and result.winners


def test_a_rokugan_map_has_what_the_board_game_has() -> None:
    # Given the default generated Rokugan map (30 provinces, so an island too)
    mapfile = generate_map("rokugan", seed=3)
    graph = derive(mapfile).graph
    by_id = {p.id: p for p in mapfile.provinces}
    # Then every clan has exactly one capital, each in its own lands (territory of its id)
    capitals = {p.attrs["capital"]: p.id for p in mapfile.provinces if "capital" in p.attrs}
    clans = ("crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn")
    assert sorted(capitals) == sorted(clans)
    for clan, pid in capitals.items():
        assert mapfile.territory_of(pid) == clan
        assert by_id[pid].attrs["defense"] == 2
    # two Shadowlands provinces, neighbours, on the map's south edge, worth no flowers
    shadow = [p for p in mapfile.provinces if p.attrs.get("shadowlands")]
    assert len(shadow) == 2
    assert shadow[1].id in graph.province(shadow[0].id).neighbors
    for p in shadow:
        assert max(y for _, y in p.polygon) == HEIGHT and p.attrs["flowers"] == 0
    # territories of about three provinces (the Shadowlands are one each)
    sizes = [len(t.provinces) for t in mapfile.territories if not t.id.startswith("shadow")]
    assert 2.5 <= statistics.mean(sizes) <= 3.5 and min(sizes) >= 1
    # flowers everywhere else, a sea with coasts, an island reached only by sea
    assert all(p.attrs["flowers"] >= 1 for p in mapfile.provinces if p not in shadow)
    assert mapfile.seas and sum(p.coastal for p in graph.provinces) >= 6
    isles = next(t for t in mapfile.territories if t.id == "islands_neutral").provinces
    assert len(isles) == 3
    for pid in isles:
        assert set(graph.province(pid).neighbors) <= set(isles)
        assert graph.province(pid).coastal


def test_a_rice_wars_map_has_palace_sites_a_blessed_field_and_its_side() -> None:
    quick = generate_map("ricewars", 37, seed=4)
    epic = generate_map("ricewars", 60, seed=4)
    for mapfile, side, blessed in ((quick, "quick", 2), (epic, "epic", 3)):
        graph = derive(mapfile).graph
        assert mapfile.attributes["side"] == side
        sites = [p for p in mapfile.provinces if p.attrs.get("palace_site")]
        # every coastal field is a palace site, and only those
        assert {p.id for p in sites} == {p.id for p in graph.provinces if p.coastal}
        assert len(sites) >= 6
        assert [p.attrs["blessed"] for p in mapfile.provinces if "blessed" in p.attrs] == [blessed]
    assert map_readiness("ricewars", derive(epic).graph).players == (3, 5)


@pytest.mark.parametrize("count", [16, 30, 45, 60, 100, 150])
def test_no_border_is_too_short_for_a_token_at_any_size(count: int) -> None:
    for seed in (1, 2, 3):
        # Given a generated Battle for Rokugan map of `count` provinces
        mapfile = generate_map("rokugan", count, seed)
        # Then `daimyo map check` warns about no border a combat token would cover
        short = [str(i) for i in validate(mapfile) if i.code == "short_border"]
        assert short == [], (count, seed)
        # and no land or coastal border prints shorter than a token is wide
        assert shortest_printed(mapfile) >= TOKEN_MM, (count, seed)
    # the larger the map, the larger it prints: provinces keep their printed size
    assert (mapfile.width_mm, mapfile.height_mm) == print_size(count)


@pytest.mark.parametrize("count", [20, 60, 150])
def test_rice_wars_borders_are_as_long(count: int) -> None:
    # Rice Wars puts no token on borders (no warning), but its fields print as large
    for seed in (1, 2):
        assert shortest_printed(generate_map("ricewars", count, seed)) >= TOKEN_MM


def test_the_printed_size_grows_with_the_province_count() -> None:
    assert print_size(16) == print_size(30) == (400.0, 280.0)
    assert print_size(60) == (566.0, 396.0)
    assert print_size(150) == (894.0, 626.0)
    # the same print scale across the width and the height
    for count in (60, 100, 150):
        width, height = print_size(count)
        assert abs(width / height - 400 / 280) < 0.01


def shortest_printed(mapfile) -> float:  # noqa: ANN001 - a MapFile
    """The shortest land or coastal border of `mapfile`, in printed mm."""
    geometry = derive(mapfile)
    scale = mapfile.width_mm / (mapfile.extent[2] - mapfile.extent[0])
    borders = (*geometry.land_borders.values(), *geometry.coastal_borders.values())
    return min(b.length for b in borders) * scale


def test_the_same_seed_gives_the_same_map_and_another_seed_another() -> None:
    a = dump_map(generate_map("rokugan", 24, seed=11))
    assert a == dump_map(generate_map("rokugan", 24, seed=11))
    assert a != dump_map(generate_map("rokugan", 24, seed=12))


def test_province_counts_outside_the_range_are_refused_with_the_range() -> None:
    with pytest.raises(GenerateError, match="16-150 provinces, not 15: choose --provinces"):
        generate_map("rokugan", 15)
    with pytest.raises(GenerateError, match="choose one of rokugan, ricewars"):
        generate_map("shinobi", 30)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["rokugan", "ricewars"]),
    share=st.floats(0, 1),
    seed=st.integers(0, 10**6),
)
def test_any_count_and_seed_make_a_map_that_passes_the_check(
    game: str, share: float, seed: int
) -> None:
    low, high = PROVINCE_RANGE[game]
    count = low + round(share * min(high - low, 60))  # the large end costs seconds per map
    mapfile = generate_map(game, count, seed)
    assert len(mapfile.provinces) == count
    assert_passes_check(game, mapfile)


def test_cli_writes_a_canonical_map_that_map_check_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "isle.yaml"
    # When generated from the command line
    assert (
        main(["map", "generate", "rokugan", "--provinces", "20", "--seed", "5", "-o", str(out)])
        == 0
    )
    assert "20 provinces" in capsys.readouterr().out
    # Then the file is the map format's canonical text, its id the file's name
    text = out.read_text(encoding="utf-8")
    loaded = load_map(out)
    assert loaded.id == "isle" and dump_map(loaded) == text
    assert not list(tmp_path.glob(".*"))  # no temp file left by the atomic write
    # and `map check --game` passes it
    assert main(["map", "check", str(out), "--game", "rokugan"]) == 0
    assert "ready for Battle for Rokugan (2-5 players" in capsys.readouterr().out
    # a count outside the range: exit 2 with the range
    assert main(["map", "generate", "ricewars", "--provinces", "5", "-o", str(out)]) == 2
    assert "20-150" in capsys.readouterr().err


def test_the_map_does_not_depend_on_the_process(tmp_path: Path) -> None:
    # Given the same map generated in two processes with different string hashing
    import subprocess
    import sys

    texts = []
    for hash_seed in ("1", "2"):
        (tmp_path / hash_seed).mkdir()
        out = tmp_path / hash_seed / "map.yaml"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "app",
                "map",
                "generate",
                "rokugan",
                "--seed",
                "9",
                "-o",
                str(out),
            ],
            check=True,
            capture_output=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        texts.append(out.read_text(encoding="utf-8"))
    # Then the files are the same, byte for byte
    assert texts[0] == texts[1]
