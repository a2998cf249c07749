"""What the README's screenshot scripts share: a window with settings of its own, waiting on
the event loop, clicking through a resolution to the end screen, saving small PNGs.

The scripts (`app.screenshots`, `app.games.shinobi.screenshot`,
`app.games.ricewars.screenshot`, `app.learn.screenshots`, `editor.screenshots`) each take
`--sizes` (default 1280x720 and 2560x1440) and `--out` (default docs/), and run with
`QT_QPA_PLATFORM=offscreen` in the system's language (`LANGUAGE=de`: names end
`-de-1280x720.png`).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSettings, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPixmap
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app import i18n
from app.main_window import MainWindow
from app.settings import AppSettings
from app.widgets.language import apply_language

DOCS = Path(__file__).resolve().parents[1] / "docs"
SIZES = "1280x720,2560x1440"
Size = tuple[int, int]


def size_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `--sizes` and `--out` (a folder) to a script's arguments."""
    parser.add_argument("--sizes", default=SIZES, help="window sizes, WIDTHxHEIGHT,...")
    parser.add_argument("--out", type=Path, default=DOCS, help="folder of the pictures")


def shoot_sizes(args: argparse.Namespace, shoot: Callable[..., bool], what: str) -> int:
    """Run `shoot(app, args, size)` at every size of `--sizes` in one QApplication and say
    whether `what` was photographed completely; 0 when every picture was taken."""
    from app import gui_gc

    app = QApplication.instance() or QApplication(["daimyo-screenshots"])
    gui_gc.install(app)  # bots think in a thread: collect garbage only here
    apply_language(None)  # the system's, as the pictures' names say (`tag`)
    ok = True
    for size in parse_sizes(args.sizes):
        # every widget dies inside `shoot`, before the application object
        ok = shoot(app, args, size) and ok
    print(what, "in", args.out, "complete" if ok else "INCOMPLETE")
    return 0 if ok else 1


def parse_sizes(text: str) -> list[Size]:
    """'1280x720,2560x1440' as [(1280, 720), (2560, 1440)]."""
    sizes = []
    for part in text.split(","):
        width, _, height = part.strip().lower().partition("x")
        sizes.append((int(width), int(height)))
    return sizes


def tag(size: Size) -> str:
    """A size as the pictures' names carry it, after the language when it is not English:
    '1280x720', 'de-1280x720' (a German run never overwrites the English pictures)."""
    spoken = i18n.language()
    size_tag = f"{size[0]}x{size[1]}"
    return size_tag if spoken == i18n.SOURCE_LANGUAGE else f"{spoken}-{size_tag}"


def wait(app: QApplication, done: Callable[[], bool], seconds: float = 60) -> bool:
    """Run the event loop until `done()` or `seconds` passed; the last `done()`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        if done():
            return True
        time.sleep(0.005)
    return done()


def settle(app: QApplication, seconds: float = 0.3) -> None:
    """Let layouts, fits and repaints finish before a picture."""
    wait(app, lambda: False, seconds)


def shot_window(size: Size, bot_nodes: int | None = None) -> MainWindow:
    """A shown main window of `size` whose settings and autosave live in a temporary
    folder (never the user's), the AI at the instant pace."""
    folder = Path(tempfile.mkdtemp(prefix="daimyo-shots-"))
    settings = AppSettings(QSettings(str(folder / "settings.ini"), QSettings.IniFormat), folder)
    settings.set_ai_pace("instant")
    window = MainWindow(settings, bot_nodes=bot_nodes)
    window.resize(*size)
    window.show()
    return window


def close_window(app: QApplication, window: QWidget) -> None:
    """Close and delete a window, so none outlives the application object."""
    window.close()
    window.deleteLater()
    settle(app, 0.1)


def at_prompt(window: MainWindow) -> bool:
    """The person is to decide, a resolution step is showing, or the game is over."""
    screen = window.game_screen
    if screen is None or window.controller is None or window.session is None:
        return False
    return (
        window.controller.human_to_act
        or screen.step_box.isVisible()
        or window.session.state.is_terminal()
    )


def to_end_screen(app: QApplication, window: MainWindow, seconds: float = 60) -> bool:
    """Click Continue through the last resolution until the end screen shows."""

    def at_end() -> bool:
        screen = window.game_screen
        if screen is not None and screen.step_box.isVisible():
            QTest.mouseClick(screen.continue_button, Qt.LeftButton)
        return window.stack.currentWidget() is window.end_screen

    return wait(app, at_end, seconds)


def grab(window: QWidget, dialog: QWidget | None = None) -> QPixmap:
    """The window as a person sees it: with `dialog` drawn over it where it stands, in a
    frame with its title as a window manager draws it (offscreen, a top-level dialog is
    neither part of the window's picture nor framed)."""
    picture = window.grab()
    if dialog is None:
        return picture
    corner = dialog.mapToGlobal(QPoint(0, 0)) - window.mapToGlobal(QPoint(0, 0))
    face = dialog.grab()
    title_font = QFont(dialog.font())
    title_font.setBold(True)
    bar = round(QFontMetrics(title_font).height() * 1.8)
    frame = QRect(corner.x(), corner.y() - bar, face.width(), face.height() + bar)
    painter = QPainter(picture)
    painter.setRenderHint(QPainter.Antialiasing)
    for spread in range(12, 0, -3):  # a soft shadow
        painter.fillRect(frame.adjusted(-spread, -spread // 2, spread, spread), QColor(0, 0, 0, 14))
    painter.fillRect(frame.x(), frame.y(), frame.width(), bar, QColor("#d9d3c5"))
    painter.setFont(title_font)
    painter.setPen(QColor("#2b2620"))
    painter.drawText(
        QRect(frame.x(), frame.y(), frame.width(), bar), Qt.AlignCenter, dialog.windowTitle()
    )
    painter.drawPixmap(corner, face)
    painter.setPen(QColor("#6b6457"))
    painter.drawRect(frame.adjusted(0, 0, -1, -1))
    painter.end()
    return picture


def centre_over(dialog: QWidget, window: QWidget, size: Size | None = None) -> None:
    """Size `dialog` (to `size`, or to what it asks) and put it in the middle of `window`."""
    if size is None:
        dialog.resize(dialog.sizeHint().expandedTo(dialog.minimumSizeHint()))
    else:
        dialog.resize(*size)
    middle = window.mapToGlobal(window.rect().center())
    dialog.move(middle - dialog.rect().center())


def save(picture: QPixmap | QWidget, path: Path) -> Path:
    """Save a picture (or a widget's) as a PNG at Qt's strongest compression, then through
    optipng when it is installed; returns `path`."""
    if isinstance(picture, QWidget):
        picture = picture.grab()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not picture.save(str(path), "PNG", 0):
        raise OSError(f"{path}: the picture could not be written")
    optipng = shutil.which("optipng")
    if optipng:
        subprocess.run([optipng, "-quiet", "-o2", str(path)], check=False)
    print("saved", path)
    return path
