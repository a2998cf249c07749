"""`daimyo bench shinobi` measures random games."""

from engine.shinobi.bench import main, run_games


def test_bench_plays_random_games_and_reports(capsys) -> None:
    # Given two random 3-player games with undo
    actions, wall, cpu = run_games(2, 3, seed=1, undo=True)
    # Then they took actions and time
    assert actions > 50 and wall > 0 and cpu > 0
    # And the command prints its figures
    assert main(["--games", "2", "--players", "5"]) == 0
    assert "games/s" in capsys.readouterr().out
