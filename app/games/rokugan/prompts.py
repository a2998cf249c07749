"""What Battle for Rokugan asks the viewer: the prompt line and the choice buttons' words."""

from __future__ import annotations

from app.games.rokugan import narrate
from app.games.rokugan.picks import BUTTON, CARD, DISCARD, END, HAND, PLACE, TOKEN, Pick, PickTree
from engine.rokugan.data import CLANS, OBJECTIVES
from engine.rokugan.state import (
    PEND_ANIMATE,
    PEND_DARK_DISCARD,
    PEND_LOOK,
    PEND_PEEK,
    PEND_PURGE,
    PEND_SEND,
    PH_CARDS,
    PH_CONTROL,
    PH_DRAGON,
    PH_PLACE,
    PH_SWAP,
    RokuganState,
)


def prompt_text(state: RokuganState, tree: PickTree) -> str:
    """What the viewer is asked to do now."""
    chosen = tree.chosen
    options = tree.options()
    kinds = {p.kind for p in options}
    pending = state.pending[0] if state.pending else 0
    if state.phase == PH_CONTROL:
        return "Place a starting control token: click a lit province."
    if state.phase == PH_DRAGON:
        return "Dragon: return one token from behind your screen to the pool."
    if state.phase == PH_SWAP and not chosen:
        return "Unicorn: before the reveal you may swap two of your face-down tokens."
    if pending == PEND_SEND and not chosen:
        return "Send a token from behind your screen to the pool or the discard pile."
    if pending == PEND_PEEK:
        return "Scorpion: look at one lit face-down token, or don't."
    if pending == PEND_LOOK:
        return "Dark Favors: look at a lit token (up to 4), or stop looking."
    if pending in (PEND_DARK_DISCARD, PEND_PURGE):
        return "Reveal and discard one of the lit tokens."
    if pending == PEND_ANIMATE and not chosen:
        return "Animate the Dead: choose a token from your discard pile."
    if state.phase == PH_CARDS and not chosen:
        return "Upkeep: play a territory card, or pass."
    if not chosen:
        if kinds == {BUTTON} and any(p.value.startswith("objective") for p in options):
            return "Keep one of your two secret objectives."
        if HAND in kinds and state.phase == PH_PLACE:
            extra = " or play a card" if CARD in kinds else ""
            return f"Your turn: choose a token from behind your screen{extra}."
        if HAND in kinds:
            return "Choose a token from behind your screen."
        if TOKEN in kinds:
            return "Choose a lit token on the board."
        return "Choose."
    first = chosen[0]
    if (
        first.kind in (HAND, DISCARD)
        and (PLACE in kinds or TOKEN in kinds)
        and state.phase == PH_PLACE
    ):
        what = narrate.token_words(first.value)
        if first.value.startswith("blessing"):
            return f"Bless one of your face-down tokens with {what}: click a lit token."
        return f"Place {what}: click a lit circle (a province's centre, or an arrow on a border)."
    if first.kind == HAND and BUTTON in kinds:
        return f"Send {narrate.token_words(first.value)} where?"
    if first.kind == CARD:
        name = narrate.pretty(first.value)
        if TOKEN in kinds:
            return f"{name}: choose a lit token."
        if PLACE in kinds:
            return f"{name}: choose a lit province" + (", or Done." if END in kinds else ".")
        return f"{name}: choose" + (", or Done." if END in kinds else ".")
    if first.kind == TOKEN:
        return "Swap it with which lit token?"
    return "Choose."


def button_text(state: RokuganState, pick: Pick, viewer: int | None) -> tuple[str, str]:
    """A choice button's text and tooltip."""
    if pick.kind == END:
        return "Done", "Play the card with the targets chosen so far"
    if pick.kind == CARD:
        name = narrate.pretty(pick.value)
        if pick.value == "scout" and viewer is not None:
            name = f"Scout ({state.scouts[viewer]} left)"
        elif pick.value == "first_player":
            name = "First-player card"
        return name, narrate.card_text(pick.value)
    if pick.kind == DISCARD:
        return f"{narrate.token_words(pick.value)} (discard pile)", "from your discard pile"
    value = pick.value
    if value.startswith("objective "):
        name = value.split(" ", 1)[1]
        honor = dict(OBJECTIVES).get(name, 0)
        return f"Keep {narrate.pretty(name)} ({honor})", narrate.objective_text(state, name)
    if value == "pass":
        return "Pass", "Play no territory card now"
    if value.startswith("skip "):
        what = value.split(" ", 1)[1]
        return {"peek": "Don't peek", "look": "Stop looking", "swap": "Don't swap"}.get(
            what, f"Skip {what}"
        ), ""
    if value in ("pool", "discard"):
        return f"To the {'pool' if value == 'pool' else 'discard pile'}", ""
    if value in CLANS:
        return narrate.pretty(value), "the player to spy on"
    if value in state.board.index:
        return state.board.graph.provinces[state.board.index[value]].name, ""
    return narrate.token_words(value), ""
