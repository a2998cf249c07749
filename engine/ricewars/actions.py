"""Rice Wars actions: frozen values with a one-line text form.

Grammar (FIELD is a field id of the map, CARD a card copy id such as `shouri2`,
ADVISOR an advisor id such as `youhei`, pN a seat number):

    palace FIELD            place (or, as governor, move) a palace; also the neutral's palace
    stay                    the governor keeps the palace where it is
    peasant FIELD           place a peasant (setup, action, after a won combat, Taue,
                            the neutral's peasant when placing it for the neutral)
    hire peasant|ashigaru|ronin     hire a servant (hiring phase)
    pay ashigaru|ronin|ADVISOR      pay the upkeep of one servant or advisor
    done                    end one's hiring (unpaid servants and advisors leave)
    auction ADVISOR         the governor picks the next advisor to auction
    bid N                   a sealed bid of N Ryo (0: no bid)
    play CARD [ARG ...]     play an action card (or Nigeru when challenged)
    attack FIELD aA rR      attack the peasant on FIELD with A ashigaru and R ronin
    defend aA rR            defend with A ashigaru and R ronin besides the peasant
    bonus CARD              play a card face down for its strength bonus
    service ADVISOR [ARG]   use an advisor's service
    stop                    play no more bonus in this combat or duel
    use CARD                pay for a revealed reaction card's effect
    skip                    decline (a reaction, the occupation, further planting)
    duel pN                 challenge daimyo N with an active ronin
    accept / refuse         answer a challenge
    give FIELD              hand a peasant to the challenger (refused duel)
    lose FIELD              remove a peasant after losing a duel
    pass                    put down a pass marker
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import ActionParseError
from engine.text import ActionGrammar

GRAMMAR = ActionGrammar("Rice Wars", ("hire ashigaru", "bonus shouri2", "defend a1 r0", "pass"))
"""The action text's verb split and its error for unknown text."""


@dataclass(frozen=True, slots=True)
class Palace:
    """Place a palace (setup), move the governor's palace, or place the neutral's."""

    field: str

    def __str__(self) -> str:
        return f"palace {self.field}"


@dataclass(frozen=True, slots=True)
class Stay:
    """The governor keeps the palace where it is."""

    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class Peasant:
    """Place a peasant on a field."""

    field: str

    def __str__(self) -> str:
        return f"peasant {self.field}"


@dataclass(frozen=True, slots=True)
class Hire:
    """Hire a peasant, an ashigaru or a ronin."""

    kind: str

    def __str__(self) -> str:
        return f"hire {self.kind}"


@dataclass(frozen=True, slots=True)
class Pay:
    """Pay the upkeep of an ashigaru, a ronin or an advisor."""

    what: str

    def __str__(self) -> str:
        return f"pay {self.what}"


@dataclass(frozen=True, slots=True)
class Done:
    """End one's hiring; what is still unpaid leaves."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Auction:
    """The governor picks the advisor auctioned next."""

    advisor: str

    def __str__(self) -> str:
        return f"auction {self.advisor}"


@dataclass(frozen=True, slots=True)
class Bid:
    """A sealed bid for the advisor on auction."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card for its effect, with its targets."""

    card: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(("play", self.card, *self.args))


@dataclass(frozen=True, slots=True)
class Attack:
    """Attack an opponent's peasant with some active troops."""

    field: str
    ashigaru: int
    ronin: int

    def __str__(self) -> str:
        return f"attack {self.field} a{self.ashigaru} r{self.ronin}"


@dataclass(frozen=True, slots=True)
class Defend:
    """Defend the attacked peasant with some active troops."""

    ashigaru: int
    ronin: int

    def __str__(self) -> str:
        return f"defend a{self.ashigaru} r{self.ronin}"


@dataclass(frozen=True, slots=True)
class Bonus:
    """Play a card face down for its strength bonus."""

    card: str

    def __str__(self) -> str:
        return f"bonus {self.card}"


@dataclass(frozen=True, slots=True)
class Service:
    """Use an advisor's service."""

    advisor: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(("service", self.advisor, *self.args))


@dataclass(frozen=True, slots=True)
class Stop:
    """Play no more bonuses in this combat or duel."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Use:
    """Pay for a revealed reaction card's effect."""

    card: str

    def __str__(self) -> str:
        return f"use {self.card}"


@dataclass(frozen=True, slots=True)
class Skip:
    """Decline the decision at hand."""

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class Duel:
    """Challenge another daimyo with an active ronin."""

    player: int

    def __str__(self) -> str:
        return f"duel p{self.player}"


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept a ronin's challenge."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class Refuse:
    """Refuse a ronin's challenge (two peasants go to the challenger)."""

    def __str__(self) -> str:
        return "refuse"


@dataclass(frozen=True, slots=True)
class Give:
    """Hand the peasant on a field to the challenger."""

    field: str

    def __str__(self) -> str:
        return f"give {self.field}"


@dataclass(frozen=True, slots=True)
class Lose:
    """Remove one's peasant from a field after a lost duel."""

    field: str

    def __str__(self) -> str:
        return f"lose {self.field}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Put down a pass marker (the second ends one's actions this round)."""

    def __str__(self) -> str:
        return "pass"


Action = (
    Palace | Stay | Peasant | Hire | Pay | Done | Auction | Bid | Play | Attack | Defend
    | Bonus | Service | Stop | Use | Skip | Duel | Accept | Refuse | Give | Lose | Pass
)  # fmt: skip

_NO_ARG: dict[str, Action] = {
    "stay": Stay(),
    "done": Done(),
    "stop": Stop(),
    "skip": Skip(),
    "accept": Accept(),
    "refuse": Refuse(),
    "pass": Pass(),
}
_ONE_ARG: dict[str, Callable[[str], Action]] = {
    "palace": Palace,
    "peasant": Peasant,
    "pay": Pay,
    "auction": Auction,
    "bonus": Bonus,
    "use": Use,
    "give": Give,
    "lose": Lose,
}


def _count(word: str, prefix: str, text: str) -> int:
    if not word.startswith(prefix) or not word[1:].isdigit():
        raise ActionParseError(f"expected {prefix}N in {text!r}")
    return int(word[1:])


def parse_action(text: str) -> Action:
    """The action whose text form is `text` (raises `ActionParseError`)."""
    verb, args = GRAMMAR.split(text)
    if verb in _NO_ARG and not args:
        return _NO_ARG[verb]
    if verb in _ONE_ARG and len(args) == 1:
        return _ONE_ARG[verb](args[0])
    if verb == "hire" and len(args) == 1 and args[0] in ("peasant", "ashigaru", "ronin"):
        return Hire(args[0])
    if verb == "bid" and len(args) == 1 and args[0].isdigit():
        return Bid(int(args[0]))
    if verb == "play" and args:
        return Play(args[0], tuple(args[1:]))
    if verb == "service" and args:
        return Service(args[0], tuple(args[1:]))
    if verb == "attack" and len(args) == 3:
        return Attack(args[0], _count(args[1], "a", text), _count(args[2], "r", text))
    if verb == "defend" and len(args) == 2:
        return Defend(_count(args[0], "a", text), _count(args[1], "r", text))
    if verb == "duel" and len(args) == 1:
        return Duel(_count(args[0], "p", text))
    raise GRAMMAR.unknown(text)


_MADE: dict[tuple[Any, ...], Any] = {}


def made(kind: type, *args: Any) -> Any:
    """`kind(*args)`, made once: the legal-action lists are built again at every step of
    a game and a search, and an action is an immutable value (a shared one is equal to
    a new one)."""
    key = (kind, *args)
    action = _MADE.get(key)
    if action is None:
        action = _MADE[key] = kind(*args)
    return action
