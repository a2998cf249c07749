"""The end of a game: winner, score breakdown per player and a chart of the score by round."""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.games.presentation import ScoreTable
from app.i18n import N_, _, number
from app.widgets.scaling import ScaledScreen

TITLE_POINTS = 24  # the winner's line, at scale 1
CHART_HEIGHT = 150  # the chart's least height at scale 1 (pixels): it takes what is left


def _nice_step(raw: float) -> float:
    """The smallest of 1, 2, 5 × 10^k that is at least `raw` (axis ticks people read)."""
    if raw <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return float(factor * power)
    return float(10 * power)


class ScoreChart(QWidget):
    """A line chart of each player's score after every round, painted with QPainter."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.series: list[tuple[str, str, list[float]]] = []  # (label, colour, values)
        self.y_label = ""
        self.setMinimumSize(360, 240)

    def set_series(self, series: list[tuple[str, str, list[float]]], y_label: str) -> None:
        """Lines to draw: (player label, #colour, value after round 1, 2, ...)."""
        self.series = series
        self.y_label = y_label
        self.update()

    def paintEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        """The axes, a line per player and the legend, sized by the widget's font."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.fillRect(self.rect(), QColor("#fffaf0"))
        metrics = QFontMetricsF(self.font())
        line = metrics.height()
        legend = max((metrics.horizontalAdvance(label) for label, _, _ in self.series), default=0)
        key = line * 1.2  # the legend's stroke
        numbers = metrics.horizontalAdvance("0000")
        plot = QRectF(self.rect()).adjusted(
            numbers + line * 0.5, line, -(legend + key + line * 1.5), -(line * 2.4)
        )
        rounds = max((len(values) for _, _, values in self.series), default=0)
        if rounds == 0:
            painter.drawText(self.rect(), Qt.AlignCenter, _("No rounds were scored."))
            return
        top = max(1.0, max(max(values, default=0.0) for _, _, values in self.series))
        bottom = min(0.0, min(min(values, default=0.0) for _, _, values in self.series))
        tick = _nice_step((top - bottom) / 5)
        top = math.ceil(top / tick) * tick
        bottom = math.floor(bottom / tick) * tick
        span = top - bottom

        def point(index: int, value: float) -> QPointF:
            x = plot.left() + plot.width() * (index / max(1, rounds))
            y = plot.bottom() - plot.height() * ((value - bottom) / span)
            return QPointF(x, y)

        grid = QPen(QColor("#d8ccb4"), 1)
        ink = QColor("#4a3b28")
        steps = round(span / tick)
        for i in range(steps + 1):
            value = bottom + tick * i
            y = point(0, value).y()
            painter.setPen(grid)
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(ink)
            painter.drawText(
                QRectF(0, y - line / 2, numbers, line),
                Qt.AlignRight | Qt.AlignVCenter,
                number(value, ".0f" if tick >= 1 else ".1f"),  # "0,5" in German
            )
        painter.setPen(ink)
        for r in range(rounds + 1):
            x = point(r, bottom).x()
            painter.drawText(
                QRectF(x - line * 2, plot.bottom() + line * 0.2, line * 4, line),
                Qt.AlignCenter,
                str(r),
            )
        painter.drawText(
            QRectF(plot.left(), plot.bottom() + line * 1.2, plot.width(), line),
            Qt.AlignCenter,
            _("{score} after each round").format(score=self.y_label or _("Score")),
        )
        legend_y = plot.top()
        dot = max(3.0, line * 0.2)
        for label, colour, values in self.series:
            pen = QPen(QColor(colour), max(2.5, line * 0.16))
            painter.setPen(pen)
            path = QPainterPath(point(0, 0.0))
            for index, value in enumerate(values, start=1):
                path.lineTo(point(index, value))
            painter.setBrush(Qt.NoBrush)
            painter.drawPath(path)
            painter.setBrush(QColor(colour))
            for index, value in enumerate(values, start=1):
                painter.drawEllipse(point(index, value), dot, dot)
            middle = legend_y + line / 2
            painter.drawLine(
                QPointF(plot.right() + line * 0.6, middle),
                QPointF(plot.right() + line * 0.6 + key, middle),
            )
            painter.setPen(QColor("#2c2a26"))
            painter.drawText(
                QRectF(plot.right() + line * 0.9 + key, legend_y, legend + line, line),
                Qt.AlignLeft | Qt.AlignVCenter,
                label,
            )
            legend_y += line * 1.25


class EndScreen(ScaledScreen):
    """Who won and why: the score table, the chart, and what to do next."""

    new_game = Signal()
    back_to_start = Signal()
    show_board = Signal()
    review = Signal()
    """Review my game: the AI weighs the person's decisions."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("endScreen")
        self.setAutoFillBackground(True)  # the paper colour (a style sheet would stop the
        palette = self.palette()  # scaled font from reaching the table and buttons)
        palette.setColor(QPalette.Window, QColor("#f6eedc"))
        self.setPalette(palette)
        self.title = QLabel()
        self.title.setAlignment(Qt.AlignCenter)
        self.table = QTableWidget()
        self.table.setEditTriggers(QTableWidget.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.Stretch)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.table.setSelectionMode(QTableWidget.NoSelection)  # a result, nothing to pick
        self.table.setFocusPolicy(Qt.NoFocus)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.chart = ScoreChart()
        self.hints = QLabel()
        self.hints.setObjectName("hintsUsed")
        self.hints.setAlignment(Qt.AlignCenter)
        self._result: tuple[ScoreTable, list[str], list[str]] | None = None
        self._hints_used: int | None = None
        self._board_label = N_("Show the board")  # the game's word (`set_board_label`)
        board = self.board_button = QPushButton()
        board.clicked.connect(self.show_board)
        self.review_button = QPushButton()
        self.review_button.setObjectName("reviewButton")
        self.review_button.clicked.connect(self.review)
        again = self.again_button = QPushButton()
        again.clicked.connect(self.new_game)
        start = self.start_button = QPushButton()
        start.setObjectName("backToStart")
        start.clicked.connect(self.back_to_start)
        self.buttons = [board, self.review_button, again, start]
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for button in self.buttons:
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.table)
        layout.addWidget(self.notes)
        layout.addWidget(self.chart, 3)
        layout.addWidget(self.hints)
        layout.addLayout(buttons)
        self.retranslate()
        self.apply_scale(1.0)

    def retranslate(self) -> None:
        """Say every word again in the current language (`app.i18n`); the result shown
        is the one the game's presentation words anew when it is shown again."""
        self.board_button.setText(_(self._board_label))
        self.review_button.setText(_("Review my game"))
        self.review_button.setToolTip(
            _(
                "The hard AI replays your decisions with what you could see and shows the "
                "costliest moments"
            )
        )
        self.again_button.setText(_("New game"))
        self.start_button.setText(_("Back to start"))
        if self._result is not None:
            self._show_title(*self._result)
        if self._hints_used is not None:
            self.set_hints_used(self._hints_used)
        self.chart.update()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language: the words again."""
        super().changeEvent(event)
        if event.type() == QEvent.LanguageChange:
            self.retranslate()

    def apply_scale(self, scale: float) -> None:
        """Size the title, the table, the chart and the buttons for `scale`."""
        super().apply_scale(scale)
        title = self.scaled_font(bold=True)
        title.setPointSizeF(TITLE_POINTS * scale)
        self.title.setFont(title)
        self.chart.setMinimumSize(self.scaled(360), self.scaled(CHART_HEIGHT))
        for button in self.buttons:
            button.setMinimumSize(self.scaled(150), self.scaled(34))
        self._fit_table()

    def _fit_table(self) -> None:
        """The table exactly as tall as its rows, at the font of the moment."""
        table = self.table
        bold = self.scaled_font(bold=True)
        for row in range(table.rowCount()):
            for column in range(table.columnCount()):
                item = table.item(row, column)
                if item is not None:
                    item.setFont(bold if column == table.columnCount() - 1 else self.font())
        line = table.fontMetrics().height()
        table.verticalHeader().setDefaultSectionSize(round(line * 1.6))
        table.verticalHeader().setMinimumSectionSize(round(line * 1.2))
        table.horizontalHeader().setMinimumHeight(round(line * 1.5))
        header = max(
            table.horizontalHeader().sizeHint().height(), table.horizontalHeader().minimumHeight()
        )
        rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
        table.setFixedHeight(header + rows + 2 * table.frameWidth() + 2)

    def set_board_label(self, label: str) -> None:
        """Name the button back to the game with the game's word (marked English,
        `GameUI.show_board_label`: a board, or Shinobi's table)."""
        self._board_label = label
        self.board_button.setText(_(label))

    def set_hints_used(self, count: int | None) -> None:
        """Say how many hints the person asked for (None: no person played, hide it)."""
        self._hints_used = count
        if count is None:
            self.hints.hide()
            return
        self.hints.setText(
            _("No hints used.") if count == 0 else _("Hints used: {n}.").format(n=count)
        )
        self.hints.show()

    def set_reviewable(self, reviewable: bool) -> None:
        """Offer the review only when a person played (there are decisions to weigh)."""
        self.review_button.setVisible(reviewable)

    def show_scores(self, scores: ScoreTable, colours: list[str], winners: list[str]) -> None:
        """Fill the table and chart; `winners` are the labels of the best players."""
        self._show_title(scores, colours, winners)
        self.table.clear()
        self.table.setColumnCount(len(scores.columns))
        self.table.setRowCount(len(scores.rows))
        self.table.setHorizontalHeaderLabels(list(scores.columns))
        self.table.setVerticalHeaderLabels([label for label, _values in scores.rows])
        for row, (_label, values) in enumerate(scores.rows):
            for column, value in enumerate(values):
                text = number(value) if isinstance(value, float) else str(value)
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignCenter)
                self.table.setItem(row, column, item)
        self._fit_table()
        self.notes.setText("\n".join(scores.notes))
        self.notes.setVisible(bool(scores.notes))
        self.chart.set_series(
            [
                (label, colours[i % len(colours)], list(history))
                for i, ((label, _), history) in enumerate(
                    zip(scores.rows, scores.history, strict=False)
                )
            ],
            scores.history_label,
        )
        self.chart.setVisible(bool(scores.history))

    def _show_title(self, scores: ScoreTable, colours: list[str], winners: list[str]) -> None:
        """The winner's line (kept to be said again in another language)."""
        self._result = (scores, colours, winners)
        totals = {label: values[-1] for label, values in scores.rows if values}
        if len(winners) == 1:
            best = totals.get(winners[0])
            if best is None:
                self.title.setText(_("{player} wins").format(player=winners[0]))
            else:
                text = _("{player} wins ({score})")
                self.title.setText(text.format(player=winners[0], score=number(best)))
        elif winners:
            self.title.setText(_("Shared victory: {players}").format(players=", ".join(winners)))
        else:
            self.title.setText(_("Nobody wins"))
