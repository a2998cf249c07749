"""What Battle for Rokugan asks the viewer: the prompt line and the choice buttons' words."""

from __future__ import annotations

from app.games.rokugan import narrate, words
from app.games.rokugan.picks import BUTTON, CARD, DISCARD, END, HAND, PLACE, TOKEN, Pick, PickTree
from app.i18n import N_, _
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
from engine.rokugan.token_cards import TOKEN_CARDS


def prompt_text(state: RokuganState, tree: PickTree) -> str:
    """What the viewer is asked to do now."""
    chosen = tree.chosen
    options = tree.options()
    kinds = {p.kind for p in options}
    pending = state.pending[0] if state.pending else 0
    if state.phase == PH_CONTROL:
        return _("Place a starting control token: click a lit province.")
    if state.phase == PH_DRAGON:
        return _("Dragon: return one token from behind your screen to the pool.")
    if state.phase == PH_SWAP and not chosen:
        return _("Unicorn: before the reveal you may swap two of your face-down tokens.")
    if pending == PEND_SEND and not chosen:
        return _("Send a token from behind your screen to the pool or the discard pile.")
    if pending == PEND_PEEK:
        return _("Scorpion: look at one lit face-down token, or don't.")
    if pending == PEND_LOOK:
        return _("Dark Favors: look at a lit token (up to 4), or stop looking.")
    if pending in (PEND_DARK_DISCARD, PEND_PURGE):
        return _("Reveal and discard one of the lit tokens.")
    if pending == PEND_ANIMATE and not chosen:
        return _("Animate the Dead: choose a token from your discard pile.")
    if state.phase == PH_CARDS and not chosen:
        return _("Upkeep: play a territory card, or pass.")
    if not chosen:
        if kinds == {BUTTON} and any(p.value.startswith("objective") for p in options):
            return _("Keep one of your two secret objectives.")
        if HAND in kinds and state.phase == PH_PLACE:
            if CARD in kinds:
                return _("Your turn: choose a token from behind your screen or play a card.")
            return _("Your turn: choose a token from behind your screen.")
        if HAND in kinds:
            return _("Choose a token from behind your screen.")
        if TOKEN in kinds:
            return _("Choose a lit token on the board.")
        return _("Choose.")
    first = chosen[0]
    if (
        first.kind in (HAND, DISCARD)
        and (PLACE in kinds or TOKEN in kinds)
        and state.phase == PH_PLACE
    ):
        what = narrate.token_words(first.value)
        if first.value.startswith("blessing"):
            return _("Bless one of your face-down tokens with {token}: click a lit token.").format(
                token=what
            )
        return _(
            "Place {token}: click a lit circle (a province's centre, or an arrow on a border)."
        ).format(token=what)
    if first.kind == HAND and BUTTON in kinds:
        return _("Send {token} where?").format(token=narrate.token_words(first.value))
    if first.kind == CARD:
        name = narrate.pretty(first.value)
        if TOKEN in kinds:
            return _("{card}: choose a lit token.").format(card=name)
        if PLACE in kinds:
            if END in kinds:
                return _("{card}: choose a lit province, or Done.").format(card=name)
            return _("{card}: choose a lit province.").format(card=name)
        if END in kinds:
            return _("{card}: choose, or Done.").format(card=name)
        return _("{card}: choose.").format(card=name)
    if first.kind == TOKEN:
        return _("Swap it with which lit token?")
    return _("Choose.")


def button_text(state: RokuganState, pick: Pick, viewer: int | None) -> tuple[str, str]:
    """A choice button's text and tooltip."""
    if pick.kind == END:
        return _("Done"), _("Play the card with the targets chosen so far")
    if pick.kind == CARD:
        name = narrate.pretty(pick.value)
        button = words.TOKEN_CARD_BUTTONS.get(pick.value)
        if button is not None and (viewer is not None or "{n}" not in button):
            left = TOKEN_CARDS[pick.value].left(state, viewer) if viewer is not None else 0
            name = _(button).format(n=left)
        return name, narrate.card_text(pick.value)
    if pick.kind == DISCARD:
        token = narrate.token_words(pick.value)
        return _("{token} (discard pile)").format(token=token), _("from your discard pile")
    value = pick.value
    if value.startswith("objective "):
        name = value.split(" ", 1)[1]
        honor = dict(OBJECTIVES).get(name, 0)
        keep = _("Keep {objective} ({honor})").format(objective=narrate.pretty(name), honor=honor)
        return keep, narrate.objective_text(state, name)
    if value == "pass":
        return _("Pass"), _("Play no territory card now")
    if value.startswith("skip "):
        what = value.split(" ", 1)[1]
        skips = {"peek": N_("Don't peek"), "look": N_("Stop looking"), "swap": N_("Don't swap")}
        return (_(skips[what]) if what in skips else _("Skip {what}").format(what=what)), ""
    if value in ("pool", "discard"):
        return (_("To the pool") if value == "pool" else _("To the discard pile")), ""
    if value in CLANS:
        return narrate.pretty(value), _("the player to spy on")
    if value in state.board.index:
        return state.board.graph.provinces[state.board.index[value]].name, ""
    return narrate.token_words(value), ""
