"""Naming a seat on the command line: `--as SEAT` of `daimyo log` and `daimyo review`.

A seat is named by its number (1 for the first seat) or by any name the game shows for it:
the player's name in the save ("You"), the game's label for the seat ("Crab", "Red",
"Player 2") and, for a label with a part in parentheses ("Player 2 (Oda)", a Shinobi seat
after the reveal), each part on its own. Case does not matter. The error message lists
exactly the names that are accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.i18n import _


def seat_names(ui: Any, state: Any, seat: int, player_names: Sequence[str] = ()) -> list[str]:
    """The names `--as` lists for `seat` (0-based), without repeats: the player's name
    (`player_names[seat]`, when given), then the game's label, or the label's two parts
    when it has one in parentheses ("Player 2", "Oda")."""
    names: list[str] = []
    if seat < len(player_names) and player_names[seat]:
        names.append(player_names[seat].strip())
    names.extend(_label_names(ui.player_label(state, seat)))
    unique: dict[str, str] = {}
    for name in names:
        if name:
            unique.setdefault(name.casefold(), name)
    return list(unique.values())


def _label_names(label: str) -> list[str]:
    label = label.strip()
    head, bracket, rest = label.partition(" (")
    if bracket and rest.endswith(")"):
        return [head.strip(), rest[:-1].strip()]
    return [label]


def seat_of(text: str, ui: Any, state: Any, player_names: Sequence[str] = ()) -> int:
    """The seat (0-based) `text` names: 1..N, one of its `seat_names` or its whole label;
    ValueError listing the choices else."""
    count = state.num_players
    wanted = text.strip()
    if wanted.isdigit() and 1 <= int(wanted) <= count:
        return int(wanted) - 1
    every = [seat_names(ui, state, seat, player_names) for seat in range(count)]
    # "You", the English name of a person's seat, names it in any language too
    asked = [wanted.casefold()] + ([_("You").casefold()] if wanted.casefold() == "you" else [])
    for wanted_name in asked:
        for seat, names in enumerate(every):
            accepted = {name.casefold() for name in names}
            accepted.add(ui.player_label(state, seat).strip().casefold())
            if wanted_name in accepted:
                return seat
    choices = ", ".join(f"{seat + 1} ({'/'.join(names)})" for seat, names in enumerate(every))
    raise ValueError(
        _("--as {seat} names no seat of this game; choose one of {choices}").format(
            seat=repr(text), choices=choices
        )
    )
