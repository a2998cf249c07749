"""Take the README's map editor screenshots: `QT_QPA_PLATFORM=offscreen python -m
editor.screenshots [--sizes 1280x720] [--games 70]`.

Opens a copy of the shipped Rokugan map in the editor at each window size WxH, selects
Kagemori and saves docs/screen-editor-WxH.png (docs/screen-editor.png at 1280x720); then
runs Map ▸ Playtest… (four `greedy` clans, `--games` games in one process) and saves the
result, its seat table and heat map, in a dialog of the window's size as
docs/screen-playtest-WxH.png (docs/screen-playtest.png at 1280x720). The map copy,
autosaves, playtest copies and settings go to a temporary folder, never the user's.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app import shots
from app.settings import AppSettings
from app.widgets.language import apply_language

SELECTED = "SCORP_C"  # Kagemori, a province with a capital, flowers and a defence


def main(argv: list[str] | None = None) -> int:
    """Open, playtest and photograph; 0 when every picture was taken at every size."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    shots.size_arguments(parser)
    parser.set_defaults(sizes="1280x720")
    parser.add_argument("--games", type=int, default=70, help="games of the playtest")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="daimyo-editor-shots-"))
    os.environ["DAIMYO_HOME"] = str(folder)  # the editor's autosaves and playtest copies
    app = QApplication.instance() or QApplication(sys.argv[:1])
    apply_language(None)  # the system's, as `daimyo edit` speaks it
    ok = True
    for size in shots.parse_sizes(args.sizes):
        ok = _shoot(app, args, folder, size) and ok
    print("editor screenshots in", args.out, "complete" if ok else "INCOMPLETE")
    return 0 if ok else 1


def _name(stem: str, size: shots.Size) -> str:
    tag = shots.tag(size)
    return f"{stem}.png" if tag == "1280x720" else f"{stem}-{tag}.png"


def _shoot(app: QApplication, args: argparse.Namespace, folder: Path, size: shots.Size) -> bool:
    """The editor and its playtest at `size`; True when both pictures were taken."""
    from editor.main_window import open_editor
    from editor.playtest import open_playtest
    from editor.topology import PROVINCE
    from maps.api import shipped_map_path

    out: Path = args.out
    path = folder / "rokugan.yaml"
    shutil.copyfile(shipped_map_path("rokugan"), path)
    settings = AppSettings(QSettings(str(folder / "settings.ini"), QSettings.IniFormat), folder)
    window = open_editor(path, settings=settings)
    window.resize(*size)
    window.show()
    window.analysis.wait()
    shots.settle(app, 0.5)
    window.view.fit()
    window.view.select((PROVINCE, SELECTED, 0))
    shots.settle(app, 0.5)
    shots.save(window, out / _name("screen-editor", size))

    dialog = open_playtest(window)
    dialog.game.setCurrentIndex(dialog.game.findData("rokugan"))
    dialog.players.setValue(4)
    dialog.games.setValue(args.games)
    dialog.bots.setCurrentIndex(dialog.bots.findData("greedy"))
    dialog.workers.setValue(1)
    dialog.resize(*size)
    dialog.run()
    done = shots.wait(app, lambda: not dialog.running, 900) and dialog.result is not None
    if done:
        shots.settle(app, 0.5)
        shots.save(dialog, out / _name("screen-playtest", size))
    dialog.close()
    shots.close_window(app, window)
    return done


if __name__ == "__main__":
    sys.exit(main())
