"""Playtests and arenas on a Ray cluster (`ai.cluster`): the same results as a local run,
cancel stops the cluster's work, a killed worker costs no game, the editor's address field.

One local Ray serves the whole module (Ray takes seconds to start on two cores); Ray is
imported when the module's first test runs, not when the suite is collected (a second of
CPU in every test process)."""

from __future__ import annotations

import importlib.util
import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from ai.arena import ArenaCancelled, play_games, run_arena, schedule
from ai.balance import ControlWatch, run_balance
from maps.geometry import derive
from tests.ai.balance_maps import cut_off_map
from tests.ai.games import NIM

if importlib.util.find_spec("ray") is None:
    pytest.skip("Ray is not installed (the cluster extra)", allow_module_level=True)


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Any:
    """A local Ray with two CPUs for the module; `cluster="local"` uses it as it is."""
    import ray

    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


class MarkStarts:
    """A watch (picklable) that leaves a file for every game started, named by its
    process, and plays on as `ControlWatch`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def __call__(self, state: Any) -> ControlWatch:
        (self.folder / f"{os.getpid()}-{time.monotonic_ns()}").touch()
        return ControlWatch(state)


class Quiet:
    """A watcher recording nothing."""

    def __call__(self, state: Any) -> None:
        pass

    def result(self) -> None:
        return None


class StallOnce:
    """A watch whose first game stalls (its process named in `victim`) until killed; every
    other game, and the same game run again, plays at once."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def __call__(self, state: Any) -> Quiet:
        (self.folder / f"start-{time.monotonic_ns()}").touch()
        try:
            fd = os.open(self.folder / "victim", os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return Quiet()
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        time.sleep(120)  # killed long before
        return Quiet()


def test_a_cluster_arena_gives_the_same_result_as_a_local_run() -> None:
    # Given a small arena played here, in one process
    local = run_arena(NIM, ["greedy", "easy@50"], games=4, seed=3, workers=1)
    # When the same arena (same bots, same seed) runs on the Ray cluster
    done: list[int] = []
    remote = run_arena(
        NIM,
        ["greedy", "easy@50"],
        games=4,
        seed=3,
        workers=2,
        cluster="local",
        progress=lambda n, total: done.append(n),
    )
    # Then every game's outcome and the report are identical, and progress counted each game
    assert remote.outcomes == local.outcomes
    assert remote.to_json() == local.to_json()
    assert done == [1, 2, 3, 4]


def test_a_cluster_playtest_gives_the_same_result_as_a_local_run() -> None:
    # Given a balance playtest of the cut-off map played here with greedy bots
    graph = derive(cut_off_map()).graph
    local = run_balance("rokugan", graph, 2, 4, ["greedy"], seed=5, workers=1)
    # When the same playtest runs on the cluster (the map goes along in the tasks)
    remote = run_balance("rokugan", graph, 2, 4, ["greedy"], seed=5, workers=2, cluster="local")
    # Then the games, what was watched of them (changes of hands) and the report are the same
    assert remote.outcomes == local.outcomes
    assert remote.to_json() == local.to_json()


def _free_cpus() -> float:
    import ray

    return ray.available_resources().get("CPU", 0.0)


def test_cancel_stops_the_clusters_work(tmp_path: Path) -> None:
    # Given a long playtest on the cluster, cancelled once two games are done
    graph = derive(cut_off_map()).graph
    done: list[int] = []
    planned = schedule(["greedy"], 400, 2, 1)
    # When it runs, Then it stops with ArenaCancelled
    with pytest.raises(ArenaCancelled):
        play_games(
            "rokugan",
            planned,
            graph=graph,
            workers=2,
            cluster="local",
            watch=MarkStarts(tmp_path),
            progress=lambda n, total: done.append(n),
            cancelled=lambda: len(done) >= 2,
        )
    # and the cluster's CPUs are soon free: the games in play were killed, none queued
    deadline = time.monotonic() + 15
    while _free_cpus() < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _free_cpus() == 2
    started = len(list(tmp_path.iterdir()))
    time.sleep(1.0)
    assert len(list(tmp_path.iterdir())) == started < 20  # no game starts after the cancel


def test_a_killed_worker_costs_no_game(tmp_path: Path) -> None:
    # Given six Nim games, the first of which stalls in its worker
    planned = schedule(["greedy", "easy@50"], 6, 2, 7)
    killed: list[int] = []

    def killer() -> None:
        victim = tmp_path / "victim"
        deadline = time.monotonic() + 90  # a loaded machine may be slow to start workers
        while time.monotonic() < deadline:
            if victim.exists() and victim.read_text():
                pid = int(victim.read_text())
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return
            time.sleep(0.05)

    # When that worker process is killed in the middle of the game
    thread = threading.Thread(target=killer)
    thread.start()
    remote = play_games(
        NIM, planned, workers=2, cluster="local", watch=StallOnce(tmp_path), cancelled=lambda: False
    )
    thread.join()
    # Then the worker was killed, its game was played again, and every game's result arrived
    # the same as in a local run
    assert killed
    assert len(list(tmp_path.glob("start-*"))) == len(planned) + 1
    assert remote == play_games(NIM, planned, workers=1)


def test_the_playtest_dialog_plays_on_the_cluster(qtbot: Any) -> None:
    from editor.playtest import PlaytestDialog

    # Given the Playtest dialog on the cut-off map with a cluster address
    dialog = PlaytestDialog(cut_off_map())
    qtbot.addWidget(dialog)
    dialog.game.setCurrentIndex(dialog.game.findData("rokugan"))
    dialog.players.setValue(2)
    dialog.games.setValue(4)
    dialog.bots.setCurrentIndex(dialog.bots.findData("greedy"))
    dialog.seed.setValue(5)
    dialog.cluster.setText(" local ")
    assert dialog.options()["cluster"] == "local"
    # When Run is clicked
    dialog.run_button.click()
    assert not dialog.cluster.isEnabled()  # not changed during the run
    qtbot.waitUntil(lambda: not dialog.running, timeout=60_000)
    # Then the result is that of the same playtest played here
    graph = derive(cut_off_map()).graph
    local = run_balance("rokugan", graph, 2, 4, ["greedy"], seed=5, workers=1)
    assert dialog.result is not None, dialog.status.text()
    assert dialog.result.to_json() == local.to_json()
    assert dialog.cluster.isEnabled()


def test_the_commands_play_on_the_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import main

    # Given a Rice Wars playtest and a Shinobi arena, each run here and with --cluster local
    balance = ["map", "balance", "ricewars-quick", "--game", "ricewars", "--players", "2",
               "--games", "4", "--bots", "random", "--seed", "2", "--json"]  # fmt: skip
    arena = ["arena", "shinobi", "--bots", "random,greedy,random", "--games", "3", "--seed", "2",
             "--json"]  # fmt: skip
    for command in (balance, arena):
        assert main([*command, "--workers", "1"]) == 0
        here = capsys.readouterr().out
        # When run on the cluster
        assert main([*command, "--cluster", "local"]) == 0
        # Then they print the same report
        assert capsys.readouterr().out == here
