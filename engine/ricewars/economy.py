"""Money: the bank, payments, and phase 1 of a round, income (Gewinnabrechnung).

The bank holds 400 Ryo and pays only what it has. Money is public: every payment is
made in the open, so it can be counted. The governor pays every player, from himself
clockwise: the palace 2 Ryo, each peasant connected to the palace 1 Ryo (on the blessed
field 2 on the quick side, 3 on the epic side), and 3 Ryo more in rounds with the
`income3` symbol. A peasant cut off from its palace earns nothing; the neutral player
has no money at all.
"""

from __future__ import annotations

from engine.ricewars.board import Board
from engine.ricewars.data import PALACE_INCOME, ROUND_BONUS
from engine.ricewars.peasants import connected
from engine.ricewars.position import Position, bits
from engine.ricewars.records import Income, Part, seat_word


def pay(st: Position, s: int, amount: int) -> None:
    """Seat `s` pays `amount` Ryo to the bank."""
    st.money[s] -= amount
    st.bank += amount


def earn(st: Position, s: int, amount: int) -> None:
    """The bank pays seat `s` up to `amount` Ryo (no more than it holds)."""
    got = min(amount, st.bank)
    st.bank -= got
    st.money[s] += got


def group_income(board: Board, group: int) -> int:
    """What a palace and the peasants of `group` (the fields connected to it, a bitmask)
    earn in an income phase without the round bonus: the palace, 1 Ryo a peasant, a
    blessed field's more (the bots value a position's income to come with it)."""
    total = PALACE_INCOME + group.bit_count()
    for f, more in board.blessed_extra:
        if group >> f & 1:
            total += more
    return total


def income(st: Position, s: int) -> int:
    """What seat `s` earns in the income phase of this round (before the bank's limit)."""
    if s == st.neutral or st.palace[s] < 0:
        return 0
    total = group_income(st.board, connected(st, s))
    if "income3" in st.symbols():
        total += ROUND_BONUS
    return total


def income_parts(st: Position, s: int) -> tuple[Part, ...]:
    """Where seat `s`'s income this round comes from, item by item (their sum is
    `income`): the palace, connected peasants, each blessed field, the round bonus."""
    if s == st.neutral or st.palace[s] < 0:
        return ()
    parts = [Part("palace", PALACE_INCOME)]
    linked = list(bits(connected(st, s)))
    plain = sum(1 for f in linked if not st.board.blessed[f])
    if plain:
        parts.append(Part(f"{plain} connected peasant{'s' if plain > 1 else ''}", plain))
    for f in linked:
        if st.board.blessed[f]:
            parts.append(Part(f"blessed {st.board.names[f]}", st.board.blessed[f]))
    if "income3" in st.symbols():
        parts.append(Part("round bonus", ROUND_BONUS))
    return tuple(parts)


def pay_income(st: Position) -> None:
    """Phase 1: the governor pays every player's income, himself first."""
    for s in st.humans_from(st.governor):
        due = income(st, s)
        had = st.money[s]
        earn(st, s, due)
        if st.events is not None:
            parts = income_parts(st, s)
            st.events.append(Income(st.round, s, seat_word(st, s), parts, due, st.money[s] - had))
