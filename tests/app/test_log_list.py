"""The game log's list measures each line once (app.widgets.log_list) and must look exactly
as Qt's own word-wrapped list does: the same rows, the same pixels, whatever happens to it."""

from __future__ import annotations

import random

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QListWidget

from app.widgets.log_list import LogList

WORDS = "the daimyo of Owari hires three peasants and attacks Mino with seven against four".split()


def _lines(count: int, seed: int = 3) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 30))) for _ in range(count)]


def _plain() -> QListWidget:
    """The log as it was: Qt's list, its delegate measuring every line at every layout."""
    plain = QListWidget()
    plain.setWordWrap(True)
    plain.setVerticalScrollMode(QAbstractItemView.ScrollPerPixel)
    return plain


def _looks(view: QListWidget) -> tuple[list, object]:
    view.doItemsLayout()
    rows = [view.visualRect(view.model().index(row, 0)) for row in range(view.count())]
    return [rect.getRect() for rect in rows], view.grab().toImage()


def _both(qtbot, *calls) -> None:
    """Apply each call to both lists and compare them after each."""
    views = [LogList(), _plain()]
    for view in views:
        qtbot.addWidget(view)
        view.resize(300, 240)
        view.show()
    for call in calls:
        for view in views:
            call(view)
            view.scrollToBottom()
        qtbot.wait(1)
        ours, theirs = (_looks(view) for view in views)
        assert ours[0] == theirs[0]
        assert ours[1] == theirs[1]


def _add(lines: list[str]):
    def add(view: QListWidget) -> None:
        for line in lines:
            view.addItem(line)
            view.scrollToBottom()

    return add


def test_lines_added_one_by_one_are_laid_out_as_qt_lays_them(qtbot) -> None:
    lines = _lines(60)
    _both(qtbot, _add(lines[:1]), _add(lines[1:20]), _add(lines[20:]))


def test_a_resized_log_wraps_its_lines_again(qtbot) -> None:
    _both(
        qtbot,
        _add(_lines(40)),
        lambda view: view.resize(180, 300),
        lambda view: view.resize(520, 160),
        _add(_lines(5, seed=4)),
    )


def test_a_new_font_or_style_measures_every_line_again(qtbot) -> None:
    def bigger(view: QListWidget) -> None:
        font = QFont(view.font())
        font.setPointSizeF(font.pointSizeF() * 1.5)
        view.setFont(font)

    _both(
        qtbot,
        _add(_lines(30)),
        bigger,
        lambda view: view.setStyleSheet("QListView::item { padding: 6px 2px; }"),
        lambda view: view.setStyleSheet(""),
        _add(_lines(3, seed=5)),
    )


def test_a_cleared_log_starts_again(qtbot) -> None:
    lines = _lines(25)
    _both(qtbot, _add(lines), lambda view: view.clear(), _add(lines[5:9]))
