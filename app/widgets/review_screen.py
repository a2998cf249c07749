"""The post-game review screen: progress while the AI replays the person's decisions, then
the costliest moments (each shown on a board as it stood, the alternative lit) and every
player's score after each round (the end screen's chart).

It only shows; `app.review_controller` runs the review in the background and fills it.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFontMetrics, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import _
from app.widgets.end_screen import ScoreChart
from app.widgets.scaling import ScaledScreen


class ReviewScreen(ScaledScreen):
    """The review of one game for one seat."""

    moment_chosen = Signal(int)
    """The row of the moment to show on the board."""
    stop_asked = Signal()
    back = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewScreen")
        self.setAutoFillBackground(True)  # the paper colour (a style sheet would stop the
        palette = self.palette()  # font scale from reaching the words)
        palette.setColor(QPalette.Window, QColor("#f6eedc"))
        self.setPalette(palette)
        self.title = QLabel(_("Review"))
        done = QPushButton(_("Back"))
        done.setObjectName("reviewBack")
        done.setMinimumSize(120, 30)
        done.clicked.connect(self.back)
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(done)
        self.summary = QLabel()
        self.summary.setObjectName("reviewSummary")
        self.summary.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setFormat(_("Replaying your decisions… {percent}").format(percent="%p%"))
        self.stop = QPushButton(_("Stop"))
        self.stop.clicked.connect(self.stop_asked)
        running = QHBoxLayout()
        running.setContentsMargins(0, 0, 0, 0)
        running.addWidget(self.progress, 1)
        running.addWidget(self.stop)
        self.running = QWidget()
        self.running.setLayout(running)
        self.moments = QListWidget()
        self.moments.setObjectName("reviewMoments")
        self.moments.setWordWrap(True)
        self.moments.setSpacing(2)
        self.moments.currentRowChanged.connect(self._on_row)
        self.detail = QLabel()
        self.detail.setObjectName("reviewDetail")
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.RichText)
        self.detail.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.chart = ScoreChart()
        self.chart.setMinimumSize(240, 130)
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(QLabel("<b>{}</b>".format(_("The costliest moments"))))
        column.addWidget(self.moments, 3)
        column.addWidget(self.detail, 2)
        column.addWidget(self.chart, 3)
        self.board_holder = QWidget()
        self.board_holder.setObjectName("reviewBoard")
        self.board_layout = QVBoxLayout(self.board_holder)
        self.board_layout.setContentsMargins(0, 0, 0, 0)
        self.split = QSplitter(Qt.Horizontal)
        self.split.addWidget(left)
        self.split.addWidget(self.board_holder)
        self.split.setStretchFactor(0, 2)
        self.split.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.addLayout(head)
        layout.addWidget(self.summary)
        layout.addWidget(self.running)
        layout.addWidget(self.split, 1)
        self.board: QWidget | None = None
        self.apply_scale(1.0)

    def apply_scale(self, scale: float) -> None:
        """Size the words for `scale` (1 at 1280 × 720), as the game screen does."""
        super().apply_scale(scale)
        self.title.setFont(self.scaled_font(1.6, bold=True))
        scale_board = getattr(self.board, "set_ui_scale", None)
        if scale_board is not None:
            scale_board(scale)
        QTimer.singleShot(0, self._fit_moments)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Words grow with the window; the moments fit again."""
        super().resizeEvent(event)
        QTimer.singleShot(0, self._fit_moments)  # once the list has its new width

    def start(self, title: str) -> None:
        """A review begins: only the progress shows."""
        self.title.setText(title)
        self.summary.setText(
            _(
                "The hard AI replays the game and weighs each of your decisions with only "
                "what you could see then."
            )
        )
        self.progress.setValue(0)
        self.running.show()
        self.moments.clear()
        self.detail.clear()
        self.split.hide()

    def show_progress(self, fraction: float) -> None:
        """How far the review is (0..1)."""
        self.progress.setValue(round(100 * fraction))

    def show_stopped(self) -> None:
        """The review was stopped before it finished."""
        self.running.hide()
        self.summary.setText(_("The review was stopped."))

    def show_review(
        self,
        summary: str,
        moments: list[str],
        series: list[tuple[str, str, list[float]]],
        y_label: str,
    ) -> None:
        """The finished review: a summary line, one text per moment (costliest first),
        and the score chart's lines (label, colour, score after each round)."""
        self.running.hide()
        self.summary.setText(summary)
        self.moments.clear()
        for text in moments:
            self.moments.addItem(QListWidgetItem(text))
        if not moments:
            self.detail.setText(_("No decision cost anything the hard AI could measure."))
        self.split.show()
        QTimer.singleShot(0, self._fit_moments)
        width = max(1, self.split.width())
        self.split.setSizes([round(width * 0.42), round(width * 0.58)])
        self.chart.set_series(series, y_label)
        self.chart.setVisible(bool(series))
        if moments:
            self.moments.setCurrentRow(0)

    def _fit_moments(self) -> None:
        """The list exactly as tall as its moments (the board gets the rest)."""
        metrics = QFontMetrics(self.moments.font())
        width = max(80, self.moments.viewport().width() - 24)
        rows = 0
        for i in range(self.moments.count()):
            text = self.moments.item(i).text()
            box = metrics.boundingRect(QRect(0, 0, width, 10_000), Qt.TextWordWrap, text)
            rows += box.height() + 2 * self.moments.spacing() + 4
        slack = metrics.height()  # rounding in the list's own layout: never a scroll bar
        self.moments.setFixedHeight(max(40, rows + 2 * self.moments.frameWidth() + slack))

    def set_board(self, board: QWidget) -> None:
        """Put the board that shows the moments (a game view) beside the list."""
        if self.board is not None:
            self.board_layout.removeWidget(self.board)
            self.board.setParent(None)
        self.board = board
        self.board_layout.addWidget(board)
        scale_board = getattr(board, "set_ui_scale", None)
        if scale_board is not None:
            scale_board(self.ui_scale)

    def show_detail(self, html: str) -> None:
        """What happened at the chosen moment and what the AI would have done."""
        self.detail.setText(html)

    def _on_row(self, row: int) -> None:
        if row >= 0:
            self.moment_chosen.emit(row)
