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
