"""What a click on Battle for Rokugan's board means: the pick it makes, or why it makes none.

Only a lit target counts (a place's spot while a token is being placed, a province for a
card or a control token, a token); anywhere else the status bar says why, in the rules' own
words (`RokuganState.why_illegal`) where they have a reason, else what to click instead.
Qt-free: the view passes the items under the pointer as (kind, key) pairs.
"""

from __future__ import annotations

from app.games.rokugan import narrate, words
from app.games.rokugan.picks import DISCARD, HAND, PLACE, TOKEN, Pick, PickTree
from app.i18n import _
from engine.rokugan import actions as A
from engine.rokugan.state import PH_CONTROL, PH_PLACE, RokuganState

Keys = list[tuple[str, str]]
"""The items under the pointer: (kind, key), kind one of province, centre, slot, token."""


def placing(tree: PickTree | None) -> bool:
    """True while a token from the hand (or discard pile) is being placed."""
    return tree is not None and bool(tree.chosen) and tree.chosen[0].kind in (HAND, DISCARD)


def choice_for(tree: PickTree, keys: Keys) -> Pick | None:
    """The legal pick a click on these items means, if any: only a lit target counts."""
    options = tree.options()
    whole_province = not placing(tree)
    for kind, key in keys:
        if kind in ("centre", "slot") and Pick(PLACE, key) in options:
            return Pick(PLACE, key)
        if kind == "token" and Pick(TOKEN, key) in options:
            return Pick(TOKEN, key)
        if kind == "province" and whole_province and Pick(PLACE, key) in options:
            return Pick(PLACE, key)
    return None


def idle_reason(state: RokuganState, *, resolving: bool) -> str:
    """Why nothing on the board can be clicked while the viewer has no decision."""
    if state.is_terminal():
        return _("The game is over.")
    if resolving:
        return _("The round is being resolved: Continue when you have seen this step.")
    clan = narrate.clan_name(state, state.current_player())
    return _("It is {clan}'s turn, not yours.").format(clan=clan)


def why_not_any(state: RokuganState | None, tree: PickTree | None, keys: Keys) -> str:
    """Why a click on these items picks nothing: the rules' reason where there is one,
    else what to click instead (`state` None: no game shown)."""
    if state is not None and tree is not None:
        for kind, key in keys:
            reason = why_not(state, tree, kind, key)
            if reason:
                return reason
    if placing(tree):
        return _("Nothing placed: click a lit circle (a province's centre or a border arrow).")
    if tree is not None and any(p.kind == TOKEN for p in tree.options()):
        return _("Nothing chosen: click a lit token.")
    if tree is not None and any(p.kind == PLACE for p in tree.options()):
        return _("Nothing chosen: click a lit province.")
    return _("Nothing to click there now: use the buttons beside the board.")


def why_not(state: RokuganState, tree: PickTree, kind: str, key: str) -> str | None:
    """Why the clicked place is not a choice now (the rules' own reason)."""
    first = tree.first()
    if first is not None and first.kind == HAND and state.phase == PH_PLACE:
        what = narrate.token_words(first.value)
        if kind in ("province", "centre") and not first.value.startswith("blessing"):
            reason = state.why_illegal(A.Place(first.value, key))
            where = narrate.where_words(state, key)
            if reason:
                return _("{token} cannot go in {place}: {reason}.").format(
                    token=what, place=where, reason=words.reason(reason)
                )
            if kind == "province":
                return _("Nothing placed: to put {token} in {place}, click its lit circle.").format(
                    token=what, place=where
                )
        if kind == "token" and first.value.startswith("blessing"):
            reason = state.why_illegal(A.Place(first.value, key))
            if reason:
                return _("{token} cannot go there: {reason}.").format(
                    token=what, reason=words.reason(reason)
                )
        return None
    if state.phase == PH_CONTROL and kind == "province":
        if state.ctrl_owner[state.board.index[key]] >= 0:
            return _("That province already has a control token.")
    if first is None and state.phase == PH_PLACE and kind in ("province", "slot", "centre"):
        return _("Nothing placed: choose a token from behind your screen first.")
    return None
