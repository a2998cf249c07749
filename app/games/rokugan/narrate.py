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
from app.games.rokugan import words
from app.i18n import N_, _, inside_sentence
from engine.rokugan import actions as A
from engine.rokugan.battles import defence_parts
from engine.rokugan.data import (
    ARMY,
    BLESSING,
    CLAN_INDEX,
    CLANS,
    NAVY,
    OBJECTIVE_INDEX,
    OBJECTIVES,
    ROUNDS,
    SHINOBI,
    SPECIAL_NAMES,
)
from engine.rokugan.effects import CLAN, DISCARD_TOKENS, EFFECTS, HAND_TOKENS
from engine.rokugan.requirements import objective_condition
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
from engine.rokugan.token_cards import TOKEN_CARDS

assert ROUNDS == 5, "'Round {round} of 5' (here and in the view) names the engine's rounds"
_SMALL = {"of", "the", "a", "an", "to", "in", "on"}
KIND_WORDS = {ARMY: N_("Army"), NAVY: N_("Navy"), SHINOBI: N_("Shinobi"), BLESSING: N_("Blessing")}
token_words = words.token


def objective_text(state: RokuganState, name: str) -> str:
    """Objective `name`'s condition in the words of this game's map ('control the Crab
    capital (Kyuden Hida), or any 2 provinces of Crab Lands'), in the current language, as
    read inside a sentence (`inside_sentence`: a German noun keeps its capital)."""
    code, params = objective_condition(state.board, OBJECTIVE_INDEX[name])
    return inside_sentence(words.objective_condition(code, params).rstrip("."))


def card_text(name: str) -> str:
    """A card's effect as printed (scout, shugenja, first player and territory cards)."""
    return words.card_text(name)


TOKEN_HELP = {
    "army": N_("attacks across a land border from a province you control, or defends one"),
    "navy": N_("attacks across any coastal border, or defends a coastal province you control"),
    "shinobi": N_("goes into any province: defends yours, attacks the others"),
    "blessing": N_("lies face up on one of your face-down Army, Navy or Shinobi tokens"),
    "diplomacy": N_("makes a province you control peaceful for good"),
    "raid": N_("scorches a province you do not control (needs a neighbour or a shinobi there)"),
    "bluff": N_("goes anywhere a real token could; removed at the reveal"),
}


def token_help(label: str) -> str:
    """What a token does, for tooltips."""
    for word, text in TOKEN_HELP.items():
        if label.startswith(word):
            return _("{token}: {help}").format(token=token_words(label), help=_(text))
    return token_words(label)


def pretty(identifier: str) -> str:
    """A card's, objective's or initiative card's name by its id, in the current language
    ('last_line_of_defense' -> 'Last Line of Defense'); an unknown id in title case."""
    if identifier in words.CARD_NAMES or identifier in words.CLAN_NAMES:
        return words.card(identifier)
    parts = identifier.replace("_", " ").split()
    return " ".join(w if i and w in _SMALL else w[:1].upper() + w[1:] for i, w in enumerate(parts))


def clan_name(state: RokuganState, player: int) -> str:
    """The clan of a seat, capitalised ("Crab"), in the current language."""
    return words.clan_of(state.clans[player])


def token_short(label: str) -> str:
    """A token's face text: 'A3', 'N2', 'S1', '+2', 'Dip', 'Raid', 'Bluff'."""
    for word, letter in (("army", N_("A")), ("navy", N_("N")), ("shinobi", N_("S"))):
        if label.startswith(word):
            return f"{_(letter)}{label[len(word) :]}"
    if label.startswith("blessing"):
        return f"+{label[len('blessing') :]}"
    short = {"diplomacy": N_("Dip"), "raid": N_("Raid"), "bluff": N_("Bluff")}
    return _(short[label]) if label in short else label


def province_name(state: RokuganState, q: int) -> str:
    """A province's name by its index."""
    return state.board.graph.provinces[q].name


def where_words(state: RokuganState, where: str) -> str:
    """A place in words: 'the Kazahaya → Fujikaze border', 'the coast of Akabane', 'Kanaiso'."""
    graph = state.board.graph
    names = {p.id: p.name for p in graph.provinces}
    if "|" in where:
        pair, _sep, target = where.partition(" ->")
        a, b = pair.split("|")
        source = b if target == a else a
        return _("the {source} → {target} border").format(
            source=names.get(source, source), target=names.get(target, target)
        )
    if "~" in where:
        province = where.partition("~")[0]
        return _("the coast of {province}").format(province=names.get(province, province))
    return names.get(where, where)


def place_phrase(state: RokuganState, where: str) -> str:
    """A place with its preposition: 'in Kanaiso', 'on the A → B border', 'off the coast of C'."""
    graph = state.board.graph
    names = {p.id: p.name for p in graph.provinces}
    if "|" in where:
        pair, _sep, target = where.partition(" ->")
        a, b = pair.split("|")
        source = b if target == a else a
        return _("on the {source} → {target} border").format(
            source=names.get(source, source), target=names.get(target, target)
        )
    if "~" in where:
        province = where.partition("~")[0]
        return _("off the coast of {province}").format(province=names.get(province, province))
    return _("in {province}").format(province=names.get(where, where))


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
            return _("You") if start else _("you")
        return clan_name(self.state, player)

    def whose(self, player: int) -> str:
        """'your' (the viewer's) or "Crab's"."""
        if player == self.viewer:
            return _("your")
        return _("{clan}'s").format(clan=clan_name(self.state, player))

    def say(self, player: int, you: str, other: str, **params: object) -> str:
        """The sentence `you` when `player` is the viewer, else `other` with `{clan}` the
        player's clan: both whole sentences marked for translation (the verb agrees)."""
        if player == self.viewer:
            return _(you).format(**params)
        return _(other).format(clan=clan_name(self.state, player), **params)

    def verb(self, player: int, third: str, second: str | None = None) -> str:
        """The verb for `player`: 'places' for a clan, 'place' for you (English only)."""
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
            return _("a token that is gone")
        owner = t[T_PLAYER]
        if self.knows(serial):
            name = token_words(self.label(serial))
            if owner == self.viewer:
                what = _("your {token}").format(token=name)
            elif owner == actor:
                what = _("its {token}").format(token=name)
            else:
                what = _("{clan}'s {token}").format(clan=clan_name(self.state, owner), token=name)
        elif owner == self.viewer:
            what = _("your token")
        elif owner == actor:
            what = _("its token")
        else:
            what = _("{clan}'s token").format(clan=clan_name(self.state, owner))
        return f"{what} {self.where(serial)}" if place else what

    def where(self, serial: int) -> str:
        """Where a board token lies, with its preposition."""
        t = self.state.tokens[serial]
        if t[T_SLOT] >= 0:
            return place_phrase(self.state, self.state.board.slot_text[t[T_SLOT]])
        host = t[T_HOST]
        if 0 <= host < len(self.state.tokens) and self.state.tokens[host] is not None:
            return _("on {token}").format(token=self.token(host))
        return _("on the board")

    def slot_key(self, serial: int) -> str | None:
        """The board place (target key) of a token, following a Blessing to its host."""
        tokens = self.state.tokens
        for _step in range(len(tokens)):
            t = tokens[serial] if 0 <= serial < len(tokens) else None
            if t is None:
                return None
            if t[T_SLOT] >= 0:
                return self.state.board.slot_text[t[T_SLOT]]
            serial = t[T_HOST]
        return None


def _serial(ref: str) -> int:
    return int(ref[1:]) if ref.startswith("#") and ref[1:].isdigit() else -1


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def describe_action(
    before: RokuganState, action: Any, after: RokuganState, player: int, viewer: int
) -> LogLine:
    """The log line of `action` (taken by `player`, between the two states) for `viewer`."""
    learns: frozenset[int] = frozenset()
    target = -1
    if isinstance(action, (A.Peek, A.Look, A.Discard)):
        target = _serial(action.target)
    token_card = TOKEN_CARDS.get(action.card) if isinstance(action, A.PlayCard) else None
    if token_card is not None:
        target = _serial(action.targets[0])
    public_reveal = isinstance(action, A.Discard) or (token_card is not None and token_card.public)
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
    say = tell.say
    if isinstance(action, A.ChooseObjective):
        if tell.viewer in (player, EVERYTHING):
            name = action.objective
            honor = dict(OBJECTIVES).get(name, 0)
            params = {
                "objective": pretty(name),
                "honor": honor,
                "condition": objective_text(tell.state, name),
            }
            return (
                say(
                    player,
                    N_("You keep the secret objective {objective} ({honor} honor: {condition})."),
                    N_(
                        "{clan} keeps the secret objective {objective} "
                        "({honor} honor: {condition})."
                    ),
                    **params,
                ),
                (),
            )
        return (
            say(
                player,
                N_("You keep one of your two secret objectives."),
                N_("{clan} keeps one of its two secret objectives."),
            ),
            (),
        )
    if isinstance(action, A.PlaceControl):
        place = where_words(state, action.province)
        return (
            say(
                player,
                N_("You place a control token in {place}."),
                N_("{clan} places a control token in {place}."),
                place=place,
            ),
            (action.province,),
        )
    if isinstance(action, A.Pass):
        if state.phase == PH_CARDS:
            return (
                say(
                    player, N_("You play no territory card."), N_("{clan} plays no territory card.")
                ),
                (),
            )
        return say(player, N_("You pass."), N_("{clan} passes.")), ()
    if isinstance(action, A.ReturnToken):
        what = token_words(action.token) if tell.viewer in (player, EVERYTHING) else _("a token")
        return (
            say(
                player,
                N_(
                    "You return {token} from behind your screen to your pool (the Dragon draws "
                    "one token more than the others each round and puts one back)."
                ),
                N_(
                    "{clan} returns {token} from behind its screen to its pool (the Dragon draws "
                    "one token more than the others each round and puts one back)."
                ),
                token=what,
            ),
            (),
        )
    if isinstance(action, A.Place):
        if action.where.startswith("#"):
            host = _serial(action.where)
            key = tell.slot_key(host)
            token = _teller(tell, after_tell, host).token(host, actor=player)
            return (
                say(
                    player,
                    N_("You bless {token} with {blessing}."),
                    N_("{clan} blesses {token} with {blessing}."),
                    token=token,
                    blessing=token_words(action.token),
                ),
                (key,) if key else (),
            )
        what = token_words(action.token) if tell.viewer in (player, EVERYTHING) else _("a token")
        return (
            say(
                player,
                N_("You place {token} {place}."),
                N_("{clan} places {token} {place}."),
                token=what,
                place=place_phrase(state, action.where),
            ),
            (action.where,),
        )
    if isinstance(action, A.Animate):
        where = (
            _("on {token}").format(
                token=_teller(tell, after_tell, _serial(action.where)).token(_serial(action.where))
            )
            if action.where.startswith("#")
            else place_phrase(state, action.where)
        )
        key = tell.slot_key(_serial(action.where)) if action.where.startswith("#") else action.where
        return (
            say(
                player,
                N_(
                    "You raise {token} from your discard pile (Animate the Dead) and place it "
                    "face up {place}."
                ),
                N_(
                    "{clan} raises {token} from its discard pile (Animate the Dead) and places "
                    "it face up {place}."
                ),
                token=token_words(action.token),
                place=where,
            ),
            (key,) if key else (),
        )
    if isinstance(action, A.PlayCard):
        return _card_words(tell, action, player)
    if isinstance(action, A.SendToken):
        named = tell.viewer in (player, EVERYTHING) or action.to == "discard"
        what = token_words(action.token) if named else _("a token")
        if action.to == "discard":
            you = N_("You send {token} from behind your screen to your discard pile.")
            other = N_("{clan} sends {token} from behind its screen to its discard pile.")
        else:
            you = N_("You send {token} from behind your screen to your pool.")
            other = N_("{clan} sends {token} from behind its screen to its pool.")
        return say(player, you, other, token=what), ()
    if isinstance(action, (A.Peek, A.Look)):
        s = _serial(action.target)
        key = tell.slot_key(s)
        if isinstance(action, A.Peek):
            you = N_("You secretly look at {token} (Scorpion's ability).")
            other = N_("{clan} secretly looks at {token} (Scorpion's ability).")
        else:
            you = N_("You secretly look at {token} (Dark Favors).")
            other = N_("{clan} secretly looks at {token} (Dark Favors).")
        return say(player, you, other, token=tell.token(s)), (key,) if key else ()
    if isinstance(action, A.Discard):
        s = _serial(action.target)
        key = tell.slot_key(s)
        return (
            say(
                player,
                N_("You reveal and discard {token}."),
                N_("{clan} reveals and discards {token}."),
                token=tell.token(s),
            ),
            (key,) if key else (),
        )
    if isinstance(action, A.Swap):
        a, b = _serial(action.first), _serial(action.second)
        keys = tuple(k for k in (tell.slot_key(a), tell.slot_key(b)) if k)
        return (
            say(
                player,
                N_("You swap the places of {first} and {second} (the Unicorn's ability)."),
                N_("{clan} swaps the places of {first} and {second} (the Unicorn's ability)."),
                first=tell.token(a, actor=player),
                second=tell.token(b, actor=player),
            ),
            keys,
        )
    if isinstance(action, A.Skip):
        skips = {
            "peek": (N_("You do not peek at a token."), N_("{clan} does not peek at a token.")),
            "look": (N_("You stop looking."), N_("{clan} stops looking.")),
            "swap": (N_("You do not swap tokens."), N_("{clan} does not swap tokens.")),
        }
        default = (N_("You do not {what}."), N_("{clan} does not {what}."))
        you, other = skips.get(action.what, default)
        return say(player, you, other, what=action.what), ()
    return f"{tell.who(player)}: {action}", ()


def _card_words(tell: Teller, action: Any, player: int) -> tuple[str, tuple[str, ...]]:
    state = tell.state
    say = tell.say
    card = action.card
    use = TOKEN_CARDS.get(card)
    if use is not None:
        s = _serial(action.targets[0])
        key = tell.slot_key(s)
        places = (key,) if key else ()
        token = tell.token(s)
        effect = ""
        if use.effect_words is not None:  # what becomes of the token, as its owner hears
            t = state.tokens[s]
            gone, yours, theirs = use.effect_words
            if t is None:
                effect = _(gone).format(token=token)
            elif t[T_PLAYER] == tell.viewer:
                effect = _(yours).format(token=token)
            else:
                effect = _(theirs).format(token=token, clan=clan_name(state, t[T_PLAYER]))
        return say(player, use.words_you, use.words, token=token, effect=effect), places
    name = pretty(card)
    provinces = [t for t in action.targets if t in state.board.index]
    names = [where_words(state, t) for t in provinces]
    effect = _card_effect(tell, action, player, names)
    if effect:
        text = say(
            player,
            N_("You play {card}: {effect}."),
            N_("{clan} plays {card}: {effect}."),
            card=name,
            effect=effect,
        )
    else:
        text = say(player, N_("You play {card}."), N_("{clan} plays {card}."), card=name)
    return text, tuple(provinces)


TOKENS = (HAND_TOKENS, DISCARD_TOKENS)


def _card_effect(tell: Teller, action: Any, player: int, names: list[str]) -> str:
    """What a territory or Shadowlands card did, in its declared words
    (`engine.rokugan.effects`) for this viewer."""
    state = tell.state
    effect = EFFECTS[action.card]
    targeted = -1
    if effect.picks == CLAN:
        targeted = state.player_of_clan(CLAN_INDEX[action.targets[0]])
    tokens = [token_words(t) for t in action.targets] if effect.picks in TOKENS else []
    values = {
        "clan": clan_name(state, player),
        "target": clan_name(state, targeted) if targeted >= 0 else "",
        "province": names[0] if names else "",
        "province2": names[1] if len(names) > 1 else "",
        "provinces": _and(names),
        "rest": _and(names[1:]),
        "token": tokens[0] if tokens else "",
        "tokens": _and(tokens),
    }
    said = effect.said(
        you=player == tell.viewer,
        targeted=targeted >= 0 and targeted == tell.viewer,
        short=len(action.targets) == 1,
        **values,
    )
    return str(said)


def _teller(before: Teller, after: Teller, serial: int) -> Teller:
    """Who tells of board token `serial` that an action put something on: the state after
    it, unless the token has left the board since (the last placement of a round is told
    after the resolution it started, when every combat token is gone): then before it."""
    tokens = after.state.tokens
    return after if 0 <= serial < len(tokens) and tokens[serial] is not None else before


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
        return _("The game is over")
    text = {
        PH_OBJECTIVE: N_("Setup: choose your secret objective"),
        PH_CONTROL: N_("Setup: place your starting control tokens"),
        PH_DRAGON: N_("Upkeep: the Dragon returns a token"),
        PH_CARDS: N_("Upkeep: territory cards"),
        PH_PLACE: N_("Placement"),
        PH_SWAP: N_("Before the reveal: the Unicorn may swap"),
    }.get(phase, "")
    return _("Round {round} of 5 — {phase}").format(
        round=min(state.round, ROUNDS), phase=_(text) if text else ""
    )


# ---------------------------------------------------------------------------- scoring

SCORE_COLUMNS = (
    N_("Flowers"),
    N_("Face-up tokens"),
    N_("Special tokens"),
    N_("Territories"),
    N_("Objective"),
    N_("Total"),
)
"""The end screen's score columns, marked for translation (translate them where shown)."""


def score_breakdown(state: RokuganState, player: int) -> tuple[int, ...]:
    """(flowers, face-up control tokens, honor/defense tokens, territories, objective,
    total) of `player` by the end-of-game scoring (the engine's `honor_breakdown`)."""
    parts = honor_breakdown(state, player)
    return (*parts, sum(parts))


def special_name(kind: int) -> str:
    """The special token's name in words."""
    return words.special(SPECIAL_NAMES[kind]) if kind else ""


def province_tip(state: Any, q: int) -> str:
    """A province's tooltip: its name and territory, who holds it, its defence item by item
    (the engine's `defence_parts`), flowers, capital, special token, coast."""
    b = state.board
    territory_names = {t.id: words.territory(t.name) for t in b.graph.territories}
    info = b.graph.provinces[q]
    lines = [f"<b>{info.name}</b> — {territory_names.get(info.territory, '')}"]
    owner = state.ctrl_owner[q]
    if owner >= 0:
        lines.append(
            _("Held by {clan}: {up} face-up, {down} face-down control tokens").format(
                clan=clan_name(state, owner),
                up=state.ctrl_up[q],
                down=state.ctrl_down[q],
            )
        )
    else:
        lines.append(_("Nobody controls it"))
    parts = defence_parts(state, q, -1)  # the engine's, item by item
    items = ", ".join(f"{words.reason(part.what)} {part.strength:+d}" for part in parts)
    defence = _("Defence {n}").format(n=sum(p.strength for p in parts))
    lines.append(defence + (f": {items}" if items else ""))
    flowers = _("Flowers {n}").format(n=b.flowers[q])
    if b.shadowlands[q]:
        flowers += " " + _("(the Shadowlands give no honor at all)")
    lines.append(flowers)
    if b.capital[q] >= 0:
        capital = pretty(CLANS[b.capital[q]])
        lines.append(_("Capital of the {clan} clan").format(clan=capital))
    if state.special[q]:
        special = special_name(state.special[q])
        lines.append(_("Special token: {special}").format(special=special))
    if b.coastal[q]:
        lines.append(_("Coastal"))
    return "<br>".join(lines)
