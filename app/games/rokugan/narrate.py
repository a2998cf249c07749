"""Battle for Rokugan in words: names of things, log lines for one viewer, the score.

Qt-free. Everything is told as a player would say it — "Crane's shugenja discards your
Army 3 on the Kanaiso → Tetsuno border" — for one *viewer*: a seat ("you", "your"), the
public (`PUBLIC`: face-down tokens stay "a token") or everything (`EVERYTHING`, as after
the game). A token is named when it is face up, the viewer's own, or one the viewer has
seen (scout, peek, ...); never by an internal serial. The round's resolution is told by
`app.games.rokugan.story`.
"""

from __future__ import annotations

from typing import Any

from app.games.presentation import EVERYTHING, PUBLIC, LogLine
from engine.rokugan import actions as A
from engine.rokugan.data import (
    ARMY,
    BLESSING,
    CLANS,
    NAVY,
    OBJECTIVES,
    SHINOBI,
    SPECIAL_NAMES,
    TERRITORY_CARD_TEXT,
)
from engine.rokugan.events import token_words
from engine.rokugan.requirements import map_deal
from engine.rokugan.scoring import honor_breakdown
from engine.rokugan.state import (
    PH_CARDS,
    PH_CONTROL,
    PH_DRAGON,
    PH_OBJECTIVE,
    PH_OVER,
    PH_PLACE,
    PH_SWAP,
    T_HOST,
    T_PLAYER,
    T_SLOT,
    T_TID,
    T_UP,
    RokuganState,
)

_SMALL = {"of", "the", "a", "an", "to", "in", "on"}
KIND_WORDS = {ARMY: "Army", NAVY: "Navy", SHINOBI: "Shinobi", BLESSING: "Blessing"}


def objective_text(state: RokuganState, name: str) -> str:
    """Objective `name`'s condition in the words of this game's map ('control the Crab
    capital (Kyuden Hida), or any 2 provinces of Crab Lands'), as the map deals it."""
    graph = state.board.graph
    texts = _OBJECTIVE_TEXTS.get(id(graph))
    if texts is None or texts[0] is not graph:
        if len(_OBJECTIVE_TEXTS) >= 8:  # the texts keep their graphs alive
            _OBJECTIVE_TEXTS.clear()
        deal = map_deal(graph)
        texts = _OBJECTIVE_TEXTS[id(graph)] = (graph, {c.id: c.text for c in deal.objectives})
    text = texts[1].get(name, "")
    return text[:1].lower() + text[1:].rstrip(".")


_OBJECTIVE_TEXTS: dict[int, tuple[Any, dict[str, str]]] = {}

CARD_TEXT = {  # the cards every clan has; territory cards: data.TERRITORY_CARD_TEXT
    "scout": "Look at one opponent's face-down token.",
    "shugenja": "Reveal one opponent's token and discard it.",
    "first_player": "Look at one token, then send it back to its owner's pool.",
}


def card_text(name: str) -> str:
    """A card's effect as printed (scout, shugenja, first player and territory cards)."""
    return CARD_TEXT.get(name) or TERRITORY_CARD_TEXT.get(name, "")


TOKEN_HELP = {
    "army": "attacks across a land border from a province you control, or defends one",
    "navy": "attacks across any coastal border, or defends a coastal province you control",
    "shinobi": "goes into any province: defends yours, attacks the others",
    "blessing": "lies face up on one of your face-down Army, Navy or Shinobi tokens",
    "diplomacy": "makes a province you control peaceful for good",
    "raid": "scorches a province you do not control (needs a neighbour or a shinobi there)",
    "bluff": "goes anywhere a real token could; removed at the reveal",
}


def token_help(label: str) -> str:
    """What a token does, for tooltips."""
    for word, text in TOKEN_HELP.items():
        if label.startswith(word):
            return f"{token_words(label)}: {text}"
    return token_words(label)


def pretty(identifier: str) -> str:
    """'last_line_of_defense' -> 'Last Line of Defense'."""
    words = identifier.replace("_", " ").split()
    return " ".join(w if i and w in _SMALL else w[:1].upper() + w[1:] for i, w in enumerate(words))


def clan_name(state: RokuganState, player: int) -> str:
    """The clan of a seat, capitalised ("Crab")."""
    return pretty(CLANS[state.clans[player]])


def token_short(label: str) -> str:
    """A token's face text: 'A3', 'N2', 'S1', '+2', 'Dip', 'Raid', 'Bluff'."""
    for word, letter in (("army", "A"), ("navy", "N"), ("shinobi", "S")):
        if label.startswith(word):
            return f"{letter}{label[len(word) :]}"
    if label.startswith("blessing"):
        return f"+{label[len('blessing') :]}"
    return {"diplomacy": "Dip", "raid": "Raid", "bluff": "Bluff"}.get(label, label)


def province_name(state: RokuganState, q: int) -> str:
    """A province's name by its index."""
    return state.board.graph.provinces[q].name


def where_words(state: RokuganState, where: str) -> str:
    """A place in words: 'the Kazahaya → Fujikaze border', 'the coast of Akabane', 'Kanaiso'."""
    graph = state.board.graph
    names = {p.id: p.name for p in graph.provinces}
    if "|" in where:
        pair, _, target = where.partition(" ->")
        a, b = pair.split("|")
        source = b if target == a else a
        return f"the {names.get(source, source)} → {names.get(target, target)} border"
    if "~" in where:
        province = where.partition("~")[0]
        return f"the coast of {names.get(province, province)}"
    return names.get(where, where)


def place_phrase(state: RokuganState, where: str) -> str:
    """A place with its preposition: 'in Kanaiso', 'on the A → B border', 'off the coast of C'."""
    if "|" in where:
        return f"on {where_words(state, where)}"
    if "~" in where:
        return f"off {where_words(state, where)}"
    return f"in {where_words(state, where)}"


class Teller:
    """Names players, tokens and places for one viewer of one position.

    `state` is the position the tokens are looked up in (a token's serial indexes its
    board); `viewer` is a seat, `PUBLIC` or `EVERYTHING`; `learns` are serials the viewer
    sees by the action being told (a scout, a shugenja's reveal).
    """

    def __init__(
        self, state: RokuganState, viewer: int, learns: frozenset[int] = frozenset()
    ) -> None:
        self.state = state
        self.viewer = viewer
        self.learns = learns
        self._seen: list | None = None

    def who(self, player: int, start: bool = True) -> str:
        """'You' (the viewer) or the clan's name."""
        if player == self.viewer:
            return "You" if start else "you"
        return clan_name(self.state, player)

    def whose(self, player: int) -> str:
        """'your' (the viewer's) or "Crab's"."""
        return "your" if player == self.viewer else f"{clan_name(self.state, player)}'s"

    def verb(self, player: int, third: str, second: str | None = None) -> str:
        """The verb for `player`: 'places' for a clan, 'place' for you."""
        if player != self.viewer:
            return third
        if second is not None:
            return second
        for ending in ("sses", "shes", "ches", "xes"):
            if third.endswith(ending):
                return third[:-2]
        return third[:-1] if third.endswith("s") else third

    def knows(self, serial: int) -> bool:
        """True when the viewer may know what board token `serial` is."""
        t = self.state.tokens[serial] if 0 <= serial < len(self.state.tokens) else None
        if t is None:
            return False
        if self.viewer == EVERYTHING or t[T_UP] or t[T_PLAYER] == self.viewer:
            return True
        if serial in self.learns:
            return True
        if self.viewer < 0:
            return False
        if self._seen is None:
            self._seen = list(self.state.observation(self.viewer).board_tokens)
        seen = self._seen[serial] if serial < len(self._seen) else None
        return seen is not None and seen[5] >= 0

    def label(self, serial: int) -> str:
        """The true label of a board token (only for tokens the viewer knows)."""
        t = self.state.tokens[serial]
        return self.state.label(t[T_PLAYER], t[T_TID])

    def token(self, serial: int, place: bool = True, actor: int = -9) -> str:
        """'your Army 3 on the A → B border', "Crane's token in Kanaiso" ("its token" when
        it belongs to `actor`, the clan the sentence is about)."""
        t = self.state.tokens[serial] if 0 <= serial < len(self.state.tokens) else None
        if t is None:
            return "a token that is gone"
        owner = self.whose(t[T_PLAYER])
        if t[T_PLAYER] == actor and actor != self.viewer:
            owner = "its"
        known = self.knows(serial)
        what = f"{owner} {token_words(self.label(serial))}" if known else f"{owner} token"
        return f"{what} {self.where(serial)}" if place else what

    def where(self, serial: int) -> str:
        """Where a board token lies, with its preposition."""
        t = self.state.tokens[serial]
        if t[T_SLOT] >= 0:
            return place_phrase(self.state, self.state.board.slot_text[t[T_SLOT]])
        host = t[T_HOST]
        if 0 <= host < len(self.state.tokens) and self.state.tokens[host] is not None:
            return f"on {self.token(host)}"
        return "on the board"

    def slot_key(self, serial: int) -> str | None:
        """The board place (target key) of a token, following a Blessing to its host."""
        tokens = self.state.tokens
        for _ in range(len(tokens)):
            t = tokens[serial] if 0 <= serial < len(tokens) else None
            if t is None:
                return None
            if t[T_SLOT] >= 0:
                return self.state.board.slot_text[t[T_SLOT]]
            serial = t[T_HOST]
        return None


def _serial(ref: str) -> int:
    return int(ref[1:]) if ref.startswith("#") and ref[1:].isdigit() else -1


CARD_EFFECT_PLACES = {
    "feats_of_engineering": "a harbor in {0} (it counts as coastal)",
    "code_of_honor": "+1 honor tokens in {all}",
    "ashigaru_levies": "+1 defense tokens in {all}",
    "strength_of_purpose": "a face-up control token in {all}",
    "sacred_ground": "the shrine in {0} (only its controller may place tokens there)",
    "honorable_fight": "the battlefield in {0} (no Raid or Diplomacy there)",
    "bushido": "the 4-flower honor token in {0}",
    "aid_of_the_kami": "a +2 defense token in {0}",
    "port_of_prosperity": "a +2 honor token in {0}",
    "bless_the_lands": "the scorched earth is lifted from {0}, and 2 control tokens go there",
    "cultural_exchange": "the control tokens of {0} and {1} change places",
    "bountiful_harvest": "2 face-up control tokens in {0}",
}


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def describe_action(
    before: RokuganState, action: Any, after: RokuganState, player: int, viewer: int
) -> LogLine:
    """The log line of `action` (taken by `player`, between the two states) for `viewer`."""
    learns: frozenset[int] = frozenset()
    target = -1
    if isinstance(action, (A.Peek, A.Look, A.Discard)):
        target = _serial(action.target)
    elif isinstance(action, A.PlayCard) and action.card in ("scout", "shugenja", "first_player"):
        target = _serial(action.targets[0])
    public_reveal = isinstance(action, A.Discard) or (
        isinstance(action, A.PlayCard) and action.card == "shugenja"
    )
    if target >= 0 and (public_reveal or viewer == player):
        learns = frozenset({target})
    tell = Teller(before, viewer, learns)
    after_tell = Teller(after, viewer)
    text, places = _words(tell, after_tell, action, player)
    return LogLine(text, places)


def action_places(before: RokuganState, action: Any, after: RokuganState) -> tuple[str, ...]:
    """The board places of an action (province ids and target keys)."""
    return describe_action(before, action, after, before.current_player(), PUBLIC).places


def _words(  # noqa: C901 - one branch per kind of decision, each a sentence
    tell: Teller, after_tell: Teller, action: Any, player: int
) -> tuple[str, tuple[str, ...]]:
    state = tell.state
    who = tell.who(player)
    verb = tell.verb
    own = "your" if player == tell.viewer else "its"
    if isinstance(action, A.ChooseObjective):
        if tell.viewer in (player, EVERYTHING):
            name = action.objective
            honor = dict(OBJECTIVES).get(name, 0)
            return (
                f"{who} {verb(player, 'keeps')} the secret objective {pretty(name)} "
                f"({honor} honor: {objective_text(tell.state, name)}).",
                (),
            )
        return f"{who} {verb(player, 'keeps')} one of {own} two secret objectives.", ()
    if isinstance(action, A.PlaceControl):
        return (
            f"{who} {verb(player, 'places')} a control token in "
            f"{where_words(state, action.province)}.",
            (action.province,),
        )
    if isinstance(action, A.Pass):
        if state.phase == PH_CARDS:
            return f"{who} {verb(player, 'plays')} no territory card.", ()
        return f"{who} {verb(player, 'passes')}.", ()
    if isinstance(action, A.ReturnToken):
        what = token_words(action.token) if tell.viewer in (player, EVERYTHING) else "a token"
        return (
            f"{who} {verb(player, 'returns')} {what} from behind {own} screen to {own} pool "
            "(the Dragon draws one token more than the others each round and puts one back).",
            (),
        )
    if isinstance(action, A.Place):
        if action.where.startswith("#"):
            host = _serial(action.where)
            key = tell.slot_key(host)
            token = after_tell.token(host, actor=player)
            return (
                f"{who} {verb(player, 'blesses')} {token} with {token_words(action.token)}.",
                (key,) if key else (),
            )
        what = token_words(action.token) if tell.viewer in (player, EVERYTHING) else "a token"
        return (
            f"{who} {verb(player, 'places')} {what} {place_phrase(state, action.where)}.",
            (action.where,),
        )
    if isinstance(action, A.Animate):
        where = (
            f"on {after_tell.token(_serial(action.where))}"
            if action.where.startswith("#")
            else place_phrase(state, action.where)
        )
        key = tell.slot_key(_serial(action.where)) if action.where.startswith("#") else action.where
        return (
            f"{who} {verb(player, 'raises', 'raise')} {token_words(action.token)} from {own} "
            f"discard pile (Animate the Dead) and {verb(player, 'places')} it face up {where}.",
            (key,) if key else (),
        )
    if isinstance(action, A.PlayCard):
        return _card_words(tell, action, player)
    if isinstance(action, A.SendToken):
        pile = "discard pile" if action.to == "discard" else "pool"
        named = tell.viewer in (player, EVERYTHING) or action.to == "discard"
        what = token_words(action.token) if named else "a token"
        return (
            f"{who} {verb(player, 'sends')} {what} from behind {own} screen to {own} {pile}.",
            (),
        )
    if isinstance(action, (A.Peek, A.Look)):
        s = _serial(action.target)
        key = tell.slot_key(s)
        how = "Scorpion's ability" if isinstance(action, A.Peek) else "Dark Favors"
        return (
            f"{who} secretly {verb(player, 'looks', 'look')} at {tell.token(s)} ({how}).",
            (key,) if key else (),
        )
    if isinstance(action, A.Discard):
        s = _serial(action.target)
        key = tell.slot_key(s)
        return (
            f"{who} {verb(player, 'reveals')} and {verb(player, 'discards')} {tell.token(s)}.",
            (key,) if key else (),
        )
    if isinstance(action, A.Swap):
        a, b = _serial(action.first), _serial(action.second)
        keys = tuple(k for k in (tell.slot_key(a), tell.slot_key(b)) if k)
        return (
            f"{who} {verb(player, 'swaps')} the places of {tell.token(a, actor=player)} and "
            f"{tell.token(b, actor=player)} "
            "(the Unicorn's ability).",
            keys,
        )
    if isinstance(action, A.Skip):
        what = {
            "peek": f"{who} {verb(player, 'does', 'do')} not peek at a token.",
            "look": f"{who} {verb(player, 'stops', 'stop')} looking.",
            "swap": f"{who} {verb(player, 'does', 'do')} not swap tokens.",
        }.get(action.what, f"{who} {verb(player, 'does', 'do')} not {action.what}.")
        return what, ()
    return f"{who}: {action}", ()


def _card_words(tell: Teller, action: Any, player: int) -> tuple[str, tuple[str, ...]]:
    state = tell.state
    who = tell.who(player)
    verb = tell.verb
    card = action.card
    own = "your" if player == tell.viewer else "its"
    if card in ("scout", "shugenja", "first_player"):
        s = _serial(action.targets[0])
        key = tell.slot_key(s)
        places = (key,) if key else ()
        token = tell.token(s)
        if card == "scout":
            return f"{who} {verb(player, 'scouts', 'scout')} {token}.", places
        if card == "shugenja":
            shugenja = f"{tell.whose(player).capitalize()} shugenja"
            return f"{shugenja} reveals and discards {token}.", places
        t = state.tokens[s]
        owner = tell.whose(t[T_PLAYER]) if t is not None else "its owner's"
        return (
            f"{who} {verb(player, 'uses', 'use')} the first-player card: {token} goes back to "
            f"{owner} pool.",
            places,
        )
    name = pretty(card)
    provinces = [t for t in action.targets if t in state.board.index]
    names = [where_words(state, t) for t in provinces]
    if card in CARD_EFFECT_PLACES and names:
        effect = CARD_EFFECT_PLACES[card].format(*names, all=_and(names))
    elif card == "diplomatic_mission":
        effect = f"peace in {names[0]}" + (
            f"; 2 face-up control tokens in {names[1]}" if len(names) > 1 else ""
        )
    elif card == "pirate_raids":
        effect = f"scorched earth in {names[0]}" + (
            f"; 3 face-up control tokens in {names[1]}" if len(names) > 1 else ""
        )
    elif card == "foment_rebellion":
        effect = f"the peace in {names[0]} is lifted"
    elif card in ("promotion", "reinforcements"):
        effect = (
            f"{_and([token_words(t) for t in action.targets])} from {own} discard pile back "
            f"behind {own} screen"
        )
    elif card == "spy_network":
        spied = state.player_of_clan(CLANS.index(action.targets[0]))
        effect = (
            f"{tell.who(player, start=False)} {verb(player, 'looks', 'look')} at "
            f"{tell.whose(spied)} hand; {tell.who(spied, start=False)} may not place "
            f"{'your' if spied == tell.viewer else 'its'} bluff this round"
        )
    elif card == "dark_favors":
        effect = f"a control token paid in {names[0]}, to look at up to 4 tokens and discard one"
    elif card == "purge_the_weak":
        effect = (
            f"{token_words(action.targets[0])} discarded from behind {own} screen, to reveal "
            "and discard 2 tokens"
        )
    elif card == "animate_the_dead":
        effect = f"a control token paid in {names[0]}, to place a token from {own} discard pile"
    elif card == "inspire_fear":
        rest = names[1:]
        effect = f"a control token paid in {names[0]}" + (
            f", to remove the special tokens of {_and(rest)}" if rest else ""
        )
    else:
        effect = _and(names)
    return f"{who} {verb(player, 'plays')} {name}" + (f": {effect}." if effect else "."), tuple(
        provinces
    )


def describe(state_after: RokuganState, action: Any, player: int, public: bool) -> str:
    """The log line of `action` by `player` with only the state after it (the actor's
    view, or the public's)."""
    before = state_after.clone()
    before.undo()
    viewer = PUBLIC if public else player
    return describe_action(before, action, state_after, player, viewer).text


def phase_words(state: RokuganState) -> str:
    """What is going on, for the info bar."""
    phase = state.phase
    if phase == PH_OVER:
        return "The game is over"
    text = {
        PH_OBJECTIVE: "Setup: choose your secret objective",
        PH_CONTROL: "Setup: place your starting control tokens",
        PH_DRAGON: "Upkeep: the Dragon returns a token",
        PH_CARDS: "Upkeep: territory cards",
        PH_PLACE: "Placement",
        PH_SWAP: "Before the reveal: the Unicorn may swap",
    }.get(phase, "")
    return f"Round {min(state.round, 5)} of 5 — {text}"


def reveals_hidden(state_after: RokuganState, action: Any, player: int) -> bool:
    """True when `action` made hidden information known (an undo barrier)."""
    if isinstance(action, (A.Peek, A.Look, A.Discard)):
        return True
    if isinstance(action, A.PlayCard) and action.card in (
        "scout",
        "shugenja",
        "first_player",
        "spy_network",
        "dark_favors",
        "purge_the_weak",
    ):
        return True
    history = state_after.history
    if not history:
        return True
    # the round changed: resolution revealed every token and new tokens were drawn
    previous = state_after.clone()
    previous.undo()
    return previous.round != state_after.round or state_after.is_terminal()


# ---------------------------------------------------------------------------- scoring

SCORE_COLUMNS = (
    "Flowers",
    "Face-up tokens",
    "Special tokens",
    "Territories",
    "Objective",
    "Total",
)


def score_breakdown(state: RokuganState, player: int) -> tuple[int, ...]:
    """(flowers, face-up control tokens, honor/defense tokens, territories, objective,
    total) of `player` by the end-of-game scoring (the engine's `honor_breakdown`)."""
    parts = honor_breakdown(state, player)
    return (*parts, sum(parts))


def honor_by_round(state: RokuganState) -> list[list[float]]:
    """Each player's honor after every finished round, replayed from the game's start."""
    setup = state.setup()
    replay = RokuganState.new(setup.players, setup.seed, setup.settings, state.board.graph)
    history: list[list[float]] = [[] for _ in range(state.n)]
    for action in state.history:
        round_before = replay.round
        replay.apply(action)
        if replay.round != round_before or (replay.is_terminal() and len(history[0]) < 5):
            for p, h in enumerate(replay.honor()):
                history[p].append(float(h))
    return history


def special_name(kind: int) -> str:
    """The special token's name in words."""
    return pretty(SPECIAL_NAMES[kind]) if kind else ""
