"""`daimyo log` and `daimyo review` print text: they run where PySide6 cannot be imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.app.real_saves import GAMES, write_save

ROOT = Path(__file__).resolve().parents[2]

BLOCKED = textwrap.dedent(
    """
    import importlib.abc, json, sys

    class NoQt(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name == "PySide6" or name.startswith("PySide6."):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, NoQt())
    from app.cli import main

    codes = [main(argv) for argv in json.loads(sys.argv[1])]
    print(json.dumps({"codes": codes, "qt": sorted(m for m in sys.modules if "PySide6" in m)}))
    """
)


def test_log_and_review_run_without_pyside6(tmp_path: Path) -> None:
    # Given a save of each game and a Python in which PySide6 cannot be imported
    runs = []
    for game in GAMES:
        save = str(write_save(tmp_path / f"{game}.json", game))
        runs += [["log", save], ["log", save, "--json", "--as", "2"]]
        runs.append(["review", save, "--as", "1", "--nodes", "20", "--moments", "1"])
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    # When the text commands run there
    done = subprocess.run(
        [sys.executable, "-c", BLOCKED, json.dumps(runs)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    # Then every one succeeds and Qt was never loaded
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result == {"codes": [0] * len(runs), "qt": []}, done.stderr
    assert "Review of Battle for Rokugan" in done.stdout
    assert '"kind": "final_count"' not in done.stdout  # partial games: no end yet
    assert '"kind": "deploy"' in done.stdout


def test_the_blocker_really_blocks(tmp_path: Path) -> None:
    # the same Python, asked for the app's window, fails on the blocked import
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            BLOCKED.replace("from app.cli import main", "import app.main_window"),
            "[]",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0 and "No module named 'PySide6" in done.stderr


PLANNERS = """
from app.printing.kit import build_kit, plan_kit, KitOptions
from app.printing.layout import paper_size, plan_fit, plan_scaled
from app.printing.model import load_board

board = load_board("rokugan")
fit = plan_fit(paper_size("A4", False), board.size_mm, legend=True)
tiles = plan_scaled(paper_size("A4", False), board.size_mm, 1.0, overlap=10.0, legend=True)
kits = {game: plan_kit(build_kit(game), KitOptions(game, duplex=True)) for game in GAMES}
print(json.dumps({
    "fit": len(fit.tiles), "tiles": len(tiles.tiles),
    "pages": {game: len(plan.pages) for game, plan in kits.items()},
    "qt": sorted(m for m in sys.modules if "PySide6" in m),
}))
"""


def test_printing_planners_run_without_pyside6() -> None:
    # Given a Python in which PySide6 cannot be imported
    script = BLOCKED.split("from app.cli import main")[0] + f"GAMES = {list(GAMES)!r}\n" + PLANNERS
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    # When the board print's and the kit's page planners plan every game's pages there
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    # Then they plan real pages and Qt was never loaded
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["qt"] == []
    assert result["fit"] == 1 and result["tiles"] > 1
    assert set(result["pages"]) == set(GAMES) and min(result["pages"].values()) > 3
