"""Map ▸ Playtest…: a balance playtest of the edited map, in the background.

The dialog snapshots the map as it is (saved or not), and a worker thread derives its
graph and runs `ai.balance.run_balance` in worker processes (started with "forkserver"
or "spawn": a window's process has threads, so it must not fork). The window stays
usable; a progress bar counts the games, Cancel stops the worker processes at once.
With a Ray cluster's address (or `local`) the same games run on that cluster instead
(`ai.cluster`): the same results for the same seed, the same progress and Cancel.
Then it shows the win rate of each starting position with its 95 % interval, and a heat
map of the provinces by how often they changed hands per game; File buttons write both
as CSV and the heat map (with the table beside it) as PNG.
"""

from __future__ import annotations

import csv
import io
import multiprocessing
import os
import threading
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QRectF, Qt, QThread, Signal, Slot
from PySide6.QtGui import QColor, QFont, QImage, QLinearGradient, QPainter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app import gui_gc
from app.i18n import N_, _, game_name, map_name, ngettext, number
from app.widgets.scaling import fit_on_screen
from editor.map_picture import MapPicture, Picture, render_image
from maps.mapfile import MapFile

GAMES = ("rokugan", "ricewars")
"""The games a playtest plays."""
BOTS = (
    ("greedy", N_("greedy: fast, looks one move ahead")),
    ("easy", N_("easy")),
    ("normal", N_("normal: plays well, about 100 times slower")),
    ("random", N_("random: fastest, plays at random")),
)
HEAT = ("#fff5d6", "#fdc47a", "#f07b3f", "#c4302b", "#7a0f1c")  # pale: calm, dark: fought over
COLUMNS = (
    *(N_("Starting position"), N_("Games"), N_("Wins"), N_("Win rate")),
    *(N_("Interval (95 %)"), N_("Mean score")),
)


def start_method() -> str:
    """How worker processes start from a window: never by fork (the process has threads)."""
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods else "spawn"


def heat_colour(share: float) -> QColor:
    """The heat map's colour for `share` (0: never changed hands, 1: the most fought over)."""
    share = min(1.0, max(0.0, share))
    pos = share * (len(HEAT) - 1)
    i = min(int(pos), len(HEAT) - 2)
    a, b = QColor(HEAT[i]), QColor(HEAT[i + 1])
    t = pos - i
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * t,
        a.greenF() + (b.greenF() - a.greenF()) * t,
        a.blueF() + (b.blueF() - a.blueF()) * t,
    )


def heat_picture(mapfile: MapFile, labels: dict[str, Any], result: Any) -> Picture:
    """The heat map of `result` (an `ai.balance.BalanceResult`) over `mapfile`."""
    top = max((p.contested for p in result.provinces), default=0.0) or 1.0
    fills = {p.id: heat_colour(p.contested / top) for p in result.provinces}
    notes = {p.id: number(p.contested, ".2f") for p in result.provinces}

    def legend(painter: QPainter, strip: QRectF) -> None:
        bar = QRectF(
            strip.left(),
            strip.top() + strip.height() * 0.15,
            strip.width() * 0.45,
            strip.height() * 0.35,
        )
        gradient = QLinearGradient(bar.topLeft(), bar.topRight())
        for k, colour in enumerate(HEAT):
            gradient.setColorAt(k / (len(HEAT) - 1), QColor(colour))
        painter.setPen(QColor("#555555"))
        painter.setBrush(gradient)
        painter.drawRect(bar)
        font = QFont(painter.font())
        font.setPixelSize(max(9, round(strip.height() * 0.24)))
        painter.setFont(font)
        painter.setPen(QColor("#222222"))
        below = QRectF(bar.left(), bar.bottom(), bar.width(), strip.bottom() - bar.bottom())
        painter.drawText(below, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, "0")
        painter.drawText(
            below, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, number(top, ".2f")
        )
        text = QRectF(
            bar.right() + strip.height() * 0.4,
            strip.top(),
            strip.right() - bar.right(),
            strip.height(),
        )
        painter.drawText(
            text,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap,
            _("times a province changed hands per game (the number on each)"),
        )

    bots = ", ".join(dict.fromkeys(result.bots))
    players = ngettext("{n} player", "{n} players", result.players).format(n=result.players)
    games = ngettext("{n} game", "{n} games", result.games).format(n=result.games)
    title = f"{map_name(mapfile.name)}: {game_name(result.game)}, {players}, {games} ({bots})"
    return Picture(mapfile, fills, notes, dict(labels), title, legend)


def result_csv(result: Any) -> str:
    """The seat table and the province table as CSV text, one after the other (a blank
    line between), each with its header."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["starting position", "games", "wins", "win rate", "ci low", "ci high", "mean score"]
    )
    for s in result.seats:
        writer.writerow(
            [
                s.seat,
                s.games,
                f"{s.wins:g}",
                f"{s.win_rate:.4f}",
                f"{s.ci[0]:.4f}",
                f"{s.ci[1]:.4f}",
                f"{s.mean_score:.3f}",
            ]
        )
    writer.writerow([])
    labels = [s.seat for s in result.seats]
    writer.writerow(["province", "name", "contested per game", *[f"held by {x}" for x in labels]])
    for p in result.provinces:
        writer.writerow(
            [p.id, p.name, f"{p.contested:.4f}", *[f"{p.held.get(x, 0.0):.4f}" for x in labels]]
        )
    return out.getvalue()


class PlaytestWorker(QObject):
    """Derives the map's graph and plays the playtest (lives on a worker thread)."""

    progress = Signal(int, int)
    finished = Signal(object, object)  # BalanceResult, labels (province id -> point)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, mapfile: MapFile, options: dict[str, Any]) -> None:
        super().__init__()
        self.mapfile = mapfile
        self.options = options
        self._stop = threading.Event()

    def cancel(self) -> None:
        """Ask the playtest to stop (safe from any thread)."""
        self._stop.set()

    @Slot()
    def run(self) -> None:
        """Derive, check readiness, play; emits exactly one of finished/failed/cancelled."""
        from ai.arena import ArenaCancelled
        from ai.balance import MapNotReadyError, run_balance
        from ai.cluster import ClusterError
        from maps.geometry import derive
        from maps.verdict import map_verdict

        try:
            geometry = derive(self.mapfile)
            options = self.options
            verdict = map_verdict(
                options["game_id"], self.mapfile, options["players"], graph=geometry.graph
            )
            if not verdict.ready:  # the map's own errors and what the game lacks on it
                raise MapNotReadyError(verdict.message())
            result = run_balance(
                graph=geometry.graph,
                progress=lambda done, total: self.progress.emit(done, total),
                cancelled=self._stop.is_set,
                start_method=start_method(),
                **self.options,
            )
        except ArenaCancelled:
            self.cancelled.emit()
        except (MapNotReadyError, ClusterError) as exc:
            self.failed.emit(str(exc))
        except Exception as exc:  # noqa: BLE001 - any failure is shown in the dialog
            self.failed.emit(_("the playtest failed: {reason}").format(reason=exc))
        else:
            self.finished.emit(result, dict(geometry.labels))


# Playtest threads have no Qt parent, so that deleting a dialog (with its editor window)
# never destroys a running thread; they are kept here until the application quits, when
# the ones still running are stopped.
_THREADS: list[tuple[QThread, PlaytestWorker]] = []


def _start_thread(worker: PlaytestWorker) -> QThread:
    """A thread (not started) that runs `worker` and quits once it has answered."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is not None and not app.property("daimyo_playtests"):
        app.setProperty("daimyo_playtests", True)
        app.aboutToQuit.connect(stop_all_playtests)
    _THREADS[:] = [(t, w) for t, w in _THREADS if not t.isFinished()]
    gui_gc.ensure()  # garbage is collected in the GUI thread only (app.gui_gc)
    thread = QThread()
    worker.moveToThread(thread)
    thread.started.connect(worker.run)
    direct = Qt.ConnectionType.DirectConnection  # quit from the worker's own thread
    for answer in (worker.finished, worker.failed, worker.cancelled):
        answer.connect(thread.quit, direct)
    _THREADS.append((thread, worker))
    return thread


def stop_all_playtests() -> None:
    """Cancel every playtest still running and wait for its thread (application exit)."""
    for thread, worker in _THREADS:
        worker.cancel()
        thread.wait(30_000)


class PlaytestDialog(QDialog):
    """Map ▸ Playtest…: settings, Run / Cancel with progress, the seat table, the heat map."""

    def __init__(
        self,
        mapfile: MapFile,
        readiness: dict[str, Any] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Playtest: {map}").format(map=mapfile.name))
        self.mapfile = mapfile
        self.readiness = readiness or {}
        self.result: Any = None
        self.labels: dict[str, Any] = {}
        self._thread: QThread | None = None
        self._worker: PlaytestWorker | None = None
        self._started = 0.0

        self.game = QComboBox()
        for gid in GAMES:
            self.game.addItem(game_name(gid), gid)
        if mapfile.game in GAMES:
            self.game.setCurrentIndex(GAMES.index(mapfile.game))
        self.players = QSpinBox()
        self.games = QSpinBox()
        self.games.setRange(1, 100_000)
        self.games.setValue(50)
        self.games.setToolTip(_("Rounded up to whole rotations (Rokugan: a multiple of the clans)"))
        self.bots = QComboBox()
        for name, text in BOTS:
            self.bots.addItem(_(text), name)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(1)
        self.workers = QSpinBox()
        self.workers.setRange(1, max(1, os.cpu_count() or 1))
        self.workers.setValue(self.workers.maximum())
        self.workers.setToolTip(_("Processes playing at once (default: all cores)"))
        form = QFormLayout()
        form.addRow(_("Game"), self.game)
        form.addRow(_("Players"), self.players)
        form.addRow(_("Games"), self.games)
        form.addRow(_("Bots"), self.bots)
        form.addRow(_("First deal (seed)"), self.seed)
        self.cluster = QLineEdit()
        self.cluster.setPlaceholderText(_("this computer's processes"))
        self.cluster.setToolTip(
            _(
                "A Ray cluster to play the games on: its address as ray.init takes it "
                "(ray://HEAD:10001, auto), or 'local' for a Ray on this computer. Empty: this "
                "computer's processes. Needs pip install 'daimyo[cluster]'; see the README."
            )
        )
        form.addRow(_("Processes"), self.workers)
        form.addRow(_("Ray cluster"), self.cluster)

        self.run_button = QPushButton(_("Run"))
        self.run_button.setDefault(True)
        self.cancel_button = QPushButton(_("Cancel"))
        self.cancel_button.setEnabled(False)
        self.csv_button = QPushButton(_("Export CSV…"))
        self.png_button = QPushButton(_("Export PNG…"))
        self.close_button = QPushButton(_("Close"))
        for b in (self.csv_button, self.png_button):
            b.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setFormat(_("%v / %m games"))
        self.progress.setValue(0)
        self.status = QLabel(
            _("Plays AI games on the map as it is now and shows who wins from each start.")
        )
        self.status.setWordWrap(True)

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([_(c) for c in COLUMNS])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.heat = MapPicture()
        self.heat.show_picture(None, _("The heat map of contested provinces appears here."))

        left = QWidget()
        column = QVBoxLayout(left)
        column.addLayout(form)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        column.addLayout(buttons)
        column.addWidget(self.progress)
        column.addWidget(self.status)
        column.addWidget(self.table, 1)
        exports = QHBoxLayout()
        exports.addWidget(self.csv_button)
        exports.addWidget(self.png_button)
        exports.addStretch(1)
        exports.addWidget(self.close_button)
        column.addLayout(exports)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.heat)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([470, 700])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        fit_on_screen(self, 1200, 640)

        self.game.currentIndexChanged.connect(self._on_game)
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.cancel)
        self.csv_button.clicked.connect(lambda: self.export_csv())
        self.png_button.clicked.connect(lambda: self.export_png())
        self.close_button.clicked.connect(self.close)
        self._on_game()

    # ------------------------------------------------------------------------ settings

    def _on_game(self, *_args: object) -> None:
        gid = self.game.currentData()
        seats = getattr(self.readiness.get(gid), "players", None) or (2, 5)
        self.players.setRange(*seats)
        self.players.setValue(
            min(max(self.players.value(), seats[0]), seats[1]) if self.players.value() else seats[0]
        )

    def options(self) -> dict[str, Any]:
        """The playtest's arguments for `ai.balance.run_balance` (but the graph)."""
        return {
            "game_id": self.game.currentData(),
            "players": self.players.value(),
            "games": self.games.value(),
            "bots": [self.bots.currentData()],
            "seed": self.seed.value(),
            "workers": self.workers.value(),
            "cluster": self.cluster.text().strip() or None,
        }

    @property
    def running(self) -> bool:
        """True while a playtest is under way."""
        return self._thread is not None

    # ------------------------------------------------------------------------ running

    def run(self) -> None:
        """Start the playtest in the background."""
        if self.running:
            return
        self._worker = PlaytestWorker(self.mapfile, self.options())
        self._thread = _start_thread(self._worker)
        # A dialog deleted with its editor window stops its playtest; the thread ends alone.
        stop = self._worker.cancel
        self.destroyed.connect(lambda *_args: stop())
        self._worker.progress.connect(self._on_progress)
        self._worker.finished.connect(self._on_finished)
        self._worker.failed.connect(self._on_failed)
        self._worker.cancelled.connect(self._on_cancelled)
        self._started = time.monotonic()
        self.progress.setRange(0, 0)  # busy until the first count arrives
        cluster = self.cluster.text().strip()
        starting = _("Starting the worker processes…")
        connecting = _("Connecting to the Ray cluster {address}…").format(address=cluster)
        self.status.setText(connecting if cluster else starting)
        self._set_running(True)
        self._thread.start()

    def cancel(self) -> None:
        """Stop the playtest under way (its worker processes stop at once)."""
        if self._worker is not None:
            self._worker.cancel()
            self.status.setText(_("Cancelling…"))
            self.cancel_button.setEnabled(False)

    def wait(self, msecs: int = 60_000) -> bool:
        """Block until the worker thread ended (tests, closing)."""
        return self._thread.wait(msecs) if self._thread is not None else True

    def _set_running(self, on: bool) -> None:
        self.run_button.setEnabled(not on)
        self.cancel_button.setEnabled(on)
        fields = (self.game, self.players, self.games, self.bots, self.seed, self.workers)
        for w in (*fields, self.cluster):
            w.setEnabled(not on)
        has = self.result is not None and not on
        self.csv_button.setEnabled(has)
        self.png_button.setEnabled(has)

    def _finish(self) -> None:
        if self._thread is not None:
            self._thread.wait()  # it quits by itself once the worker has answered
        self._thread = None
        self._worker = None

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        elapsed = time.monotonic() - self._started
        left = elapsed / done * (total - done) if done else 0.0
        self.status.setText(
            ngettext(
                "{done} of {n} game played; about {left} left",
                "{done} of {n} games played; about {left} left",
                total,
            ).format(done=done, n=total, left=_duration(left))
        )

    def _on_finished(self, result: Any, labels: dict[str, Any]) -> None:
        self._finish()
        self.result = result
        self.labels = labels
        self.progress.setRange(0, result.games)
        self.progress.setValue(result.games)
        elapsed = time.monotonic() - self._started
        played = ngettext("{n} game in {time}.", "{n} games in {time}.", result.games).format(
            n=result.games, time=_duration(elapsed)
        )
        self.status.setText(f"{played} {_verdict(result)}")
        self._fill_table(result)
        self.heat.show_picture(heat_picture(self.mapfile, labels, result))
        self._set_running(False)

    def _on_failed(self, message: str) -> None:
        self._finish()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status.setText(message)
        self._set_running(False)

    def _on_cancelled(self) -> None:
        self._finish()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status.setText(_("Cancelled."))
        self._set_running(False)

    def _fill_table(self, result: Any) -> None:
        from app.palette import ROKUGAN_CLANS

        self.table.setRowCount(len(result.seats))
        for row, s in enumerate(result.seats):
            identity = ROKUGAN_CLANS.get(s.seat)
            cells = seat_cells(s)
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                elif identity is not None:
                    item.setBackground(QColor(identity.colour))
                    item.setForeground(QColor(identity.ink))
                self.table.setItem(row, col, item)

    # ------------------------------------------------------------------------ export

    def export_csv(self, path: str | Path | None = None) -> bool:
        """Write the seat table and the province table as CSV."""
        if self.result is None:
            return False
        if path is None:
            path, _filter = QFileDialog.getSaveFileName(
                self, _("Export playtest CSV"), self._start_name("csv"), _("CSV (*.csv)")
            )
            if not path:
                return False
        from engine.files import atomic_write_text

        try:
            atomic_write_text(path, result_csv(self.result))
        except OSError as exc:
            QMessageBox.critical(self, _("Export failed"), f"{path}: {exc.strerror or exc}")
            return False
        self.status.setText(_("Wrote {path}").format(path=path))
        return True

    def image(self, width: int = 1400) -> QImage:
        """The heat map with the seat table and the verdict beside it, as exported."""
        heat = render_image(heat_picture(self.mapfile, self.labels, self.result), width)
        side = round(width * 0.62)
        out = QImage(heat.width() + side, heat.height(), QImage.Format.Format_ARGB32)
        out.fill(QColor("#f7f3ea"))
        painter = QPainter(out)
        painter.drawImage(0, 0, heat)
        paint_table(
            painter,
            QRectF(heat.width(), width / 55 * 3.2, side - width / 55, heat.height()),
            self.result,
            width / 55,
        )
        painter.end()
        return out

    def export_png(self, path: str | Path | None = None) -> bool:
        """Write the heat map and the seat table as a PNG picture."""
        if self.result is None:
            return False
        if path is None:
            path, _filter = QFileDialog.getSaveFileName(
                self, _("Export playtest PNG"), self._start_name("png"), _("PNG (*.png)")
            )
            if not path:
                return False
        target = Path(path)
        temp = target.with_name(f".{target.name}.tmp.png")
        if not self.image().save(str(temp), "PNG"):
            QMessageBox.critical(
                self,
                _("Export failed"),
                _("{path}: the picture could not be written").format(path=path),
            )
            return False
        os.replace(temp, target)  # atomic: a reader never sees half a picture
        self.status.setText(_("Wrote {path}").format(path=path))
        return True

    def _start_name(self, ext: str) -> str:
        folder = self.mapfile.path.parent if self.mapfile.path else Path.home()
        return str(folder / f"{self.mapfile.id}-playtest.{ext}")

    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        """Closing stops a playtest under way."""
        if self._worker is not None:
            self._worker.cancel()
            self._finish()
        super().closeEvent(event)


def paint_table(painter: QPainter, area: QRectF, result: Any, unit: float) -> None:
    """The seat table (and the verdict under it) drawn into `area`, text `unit` high."""
    from app.palette import ROKUGAN_CLANS

    font = QFont(painter.font())
    font.setPixelSize(round(unit * 0.8))
    painter.setFont(font)
    row = unit * 1.9
    widths = (0.22, 0.11, 0.10, 0.15, 0.27, 0.15)
    lefts = [area.left() + area.width() * sum(widths[:i]) for i in range(len(widths))]
    heads = (_("Start"), _("Games"), _("Wins"), _("Win rate"), _("Interval (95 %)"), _("Score"))
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor("#222222"))
    for i, text in enumerate(heads):
        cell = QRectF(lefts[i] + unit * 0.3, area.top(), area.width() * widths[i] - unit * 0.6, row)
        painter.drawText(cell, left if i == 0 else right, text)
    font.setBold(False)
    painter.setFont(font)
    y = area.top() + row
    for s in result.seats:
        identity = ROKUGAN_CLANS.get(s.seat)
        swatch = QRectF(lefts[0], y + row * 0.1, area.width() * widths[0], row * 0.8)
        if identity is not None:
            painter.fillRect(swatch, QColor(identity.colour))
        painter.setPen(QColor(identity.ink) if identity is not None else QColor("#222222"))
        cells = seat_cells(s)
        for i, text in enumerate(cells):
            cell = QRectF(lefts[i] + unit * 0.3, y, area.width() * widths[i] - unit * 0.6, row)
            painter.drawText(cell, left if i == 0 else right, text)
            painter.setPen(QColor("#222222"))
        y += row
    painter.setPen(QColor("#bbbbbb"))
    painter.drawLine(area.left(), area.top() + row, area.right(), area.top() + row)
    painter.setPen(QColor("#222222"))
    verdict = QRectF(area.left(), y + unit, area.width(), area.bottom() - y - unit)
    top_left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
    painter.drawText(verdict, top_left | Qt.TextFlag.TextWordWrap, _verdict(result))


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{number(seconds / 3600, '.1f')} h"


def seat_cells(s: Any) -> tuple[str, ...]:
    """A starting position's row as the table and the picture show it, its decimals
    written the language's way ("12,5 %" in German): name, games, wins, win rate, the
    interval, mean score."""
    return (
        _seat_name(s.seat),
        str(s.games),
        number(s.wins),
        number(s.win_rate, ".1%"),
        f"{number(s.ci[0], '.1%')} – {number(s.ci[1], '.1%')}",
        number(s.mean_score, ".1f"),
    )


def _seat_name(seat: str) -> str:
    """ "Crab", "Seat 1": a starting position as the table shows it."""
    from app.position_words import position_name

    return position_name(seat)


def _verdict(result: Any) -> str:
    """One sentence on fairness: which starting positions' intervals miss the fair share."""
    fair = 1 / result.players  # a starting position wins 1 in P of the games it is played
    low = [_seat_name(s.seat) for s in result.seats if s.ci[1] < fair]
    high = [_seat_name(s.seat) for s in result.seats if s.ci[0] > fair]
    if not low and not high:
        return _(
            "Every starting position's confidence interval (95 %) holds the fair share of {share} "
            "wins: no imbalance shows at this many games."
        ).format(share=number(fair, ".0%"))
    share = number(fair, ".0%")
    more = ngettext("{names} wins more", "{names} win more", len(high)).format(
        names=", ".join(high)
    )
    fewer = ngettext("{names} wins less", "{names} win less", len(low)).format(names=", ".join(low))
    if high and low:
        return _(
            "{more} and {less} than the fair share of {share} (confidence interval, 95 %)."
        ).format(more=more, less=fewer, share=share)
    return _("{clause} than the fair share of {share} (confidence interval, 95 %).").format(
        clause=more if high else fewer, share=share
    )


def open_playtest(window: Any) -> PlaytestDialog:
    """Map ▸ Playtest… in the editor `window`: a dialog (not modal) on the map as it is now."""
    mapfile = window.document.topo.to_mapfile()
    mapfile.path = window.document.path
    latest = window.analysis.latest
    dialog = PlaytestDialog(mapfile, latest.readiness if latest is not None else None, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
