"""The play screen's players list: rows set again only when their words or colour changed,
so a row a person selected stays selected through the decisions that leave it as it is, and
a row that changed shows its new words and colour, as a list filled afresh would."""

from __future__ import annotations

from PySide6.QtCore import QSize

from app.widgets.players_list import PlayersList

ROWS = [
    ("Black — You\n3 provinces", "#202020"),
    ("Yellow — AI Normal\n4 provinces", "#e0c040"),
    ("Red — AI Easy\n2 provinces", "#c03030"),
]


def centre_colour(players: PlayersList, row: int) -> str:
    image = players.item(row).icon().pixmap(QSize(64, 64)).toImage()
    return image.pixelColor(32, 32).name()


def filled_afresh(rows: list[tuple[str, str]], qtbot) -> PlayersList:
    fresh = PlayersList()
    qtbot.addWidget(fresh)
    fresh.show_rows(rows)
    return fresh


def test_a_selected_row_stays_selected_while_the_rows_do_not_change(qtbot) -> None:
    # Given the three seats' rows shown, and Yellow's row selected
    players = PlayersList()
    qtbot.addWidget(players)
    assert players.show_rows(ROWS)
    players.setCurrentRow(1)
    items = [players.item(i) for i in range(3)]
    # When the same rows are shown again (a decision that changed none of them)
    changed = players.show_rows(list(ROWS))
    # Then nothing was set again: the same rows, Yellow's still selected
    assert not changed
    assert [players.item(i) for i in range(3)] == items
    assert players.currentRow() == 1 and players.item(1).isSelected()


def test_a_changed_row_shows_its_new_words_and_colour_and_stays_selected(qtbot) -> None:
    # Given the three seats' rows shown, and Yellow's row selected
    players = PlayersList()
    qtbot.addWidget(players)
    players.show_rows(ROWS)
    players.setCurrentRow(1)
    # When Yellow's status and Red's colour change
    rows = [ROWS[0], ("Yellow — AI Normal\n5 provinces", ROWS[1][1]), ("Red — AI Easy", "#3050c0")]
    assert players.show_rows(rows)
    # Then the rows read as a list filled afresh with them does, Yellow's still selected
    fresh = filled_afresh(rows, qtbot)
    assert [players.item(i).text() for i in range(3)] == [t for t, _c in rows]
    assert [centre_colour(players, i) for i in range(3)] == [
        centre_colour(fresh, i) for i in range(3)
    ]
    assert centre_colour(players, 2) == "#3050c0"
    assert players.currentRow() == 1 and players.item(1).isSelected()


def test_a_seat_more_or_less_fills_the_list_again(qtbot) -> None:
    # Given three seats' rows shown
    players = PlayersList()
    qtbot.addWidget(players)
    players.show_rows(ROWS)
    # When a game of two seats is shown, then one of three again
    players.show_rows(ROWS[:2])
    assert [players.item(i).text() for i in range(players.count())] == [t for t, _c in ROWS[:2]]
    players.show_rows(ROWS)
    # Then each shows its own rows and colours
    assert [players.item(i).text() for i in range(players.count())] == [t for t, _c in ROWS]
    assert [centre_colour(players, i) for i in range(3)] == ["#202020", "#e0c040", "#c03030"]
