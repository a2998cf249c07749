"""Battle for Rokugan actions: frozen values with a one-line text form.

Grammar (one action per line, words separated by single spaces):

    objective NAME              keep secret objective NAME (setup step 5)
    control PROVINCE            initial control token, face down (setup step 10)
    pass                        pass in the territory-card round of upkeep
    return TOKEN                Dragon: return TOKEN from hand to the pool (upkeep)
    card CARD [ARG ...]         play a card: a territory card, or scout / shugenja /
                                first_player with a board token "#N"
    send TOKEN pool|discard     Promotion / Reinforcements: send a hand token away
    place TOKEN WHERE           place a combat token face down from hand
    animate TOKEN WHERE         Animate the Dead: place TOKEN from the discard pile face up
    peek #N                     Scorpion: look at board token #N after placing
    look #N                     Dark Favors: look at board token #N
    discard #N                  Dark Favors / Purge the Weak: reveal and discard #N
    swap #A #B                  Unicorn: swap two own face-down tokens before the reveal
    skip peek|look|swap         decline the optional Scorpion peek / further looks / swap

TOKEN is `army1`..`army6`, `navy1`..`navy3`, `shinobi1`..`shinobi3`, `blessing2`,
`blessing3`, `diplomacy`, `raid` or `bluff`. WHERE is a province id (the province centre),
`A|B ->T` (the land border A|B, attacking T, which is A or B), `P~k` (coastal border k of
P, attacking P) or `#N` (a blessing on board token #N). Board tokens are numbered `#0`,
`#1`, ... in the order they were placed this round; the number is public.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import ActionParseError
from engine.text import ActionGrammar

GRAMMAR = ActionGrammar(
    "Battle for Rokugan", ("place army3 CRAB_1|CRAB_2 ->CRAB_2", "card scout #0", "pass")
)
"""The action text's verb split and its error for unknown text."""

_SHARED: dict[tuple[Any, ...], Any] = {}


def shared(cls: Any, *args: Any) -> Any:
    """The action `cls(*args)`, one object for equal arguments (actions are frozen
    values; legal-action lists reuse them instead of building new ones per call)."""
    key = (cls, *args)
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) > 50_000:
            _SHARED.clear()
        found = _SHARED[key] = cls(*args)
    return found


@dataclass(frozen=True, slots=True)
class ChooseObjective:
    """Keep one of the two dealt secret objectives."""

    objective: str

    def __str__(self) -> str:
        return f"objective {self.objective}"


@dataclass(frozen=True, slots=True)
class PlaceControl:
    """Place an initial control token face down in an empty province."""

    province: str

    def __str__(self) -> str:
        return f"control {self.province}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass in the territory-card round."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class ReturnToken:
    """Dragon's upkeep: return a non-bluff hand token to the pool."""

    token: str

    def __str__(self) -> str:
        return f"return {self.token}"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card (territory card, scout, shugenja or first_player) with its targets."""

    card: str
    targets: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(("card", self.card, *self.targets))


@dataclass(frozen=True, slots=True)
class SendToken:
    """Promotion / Reinforcements: send a hand token to the pool or the discard pile."""

    token: str
    to: str

    def __str__(self) -> str:
        return f"send {self.token} {self.to}"


@dataclass(frozen=True, slots=True)
class Place:
    """Place a combat token from hand face down (`where`: see the module grammar)."""

    token: str
    where: str

    def __str__(self) -> str:
        return f"place {self.token} {self.where}"


@dataclass(frozen=True, slots=True)
class Animate:
    """Animate the Dead: place a token from the discard pile face up."""

    token: str
    where: str

    def __str__(self) -> str:
        return f"animate {self.token} {self.where}"


@dataclass(frozen=True, slots=True)
class Peek:
    """Scorpion's ability: secretly look at a face-down board token."""

    target: str

    def __str__(self) -> str:
        return f"peek {self.target}"


@dataclass(frozen=True, slots=True)
class Look:
    """Dark Favors: look at a face-down board token."""

    target: str

    def __str__(self) -> str:
        return f"look {self.target}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Dark Favors / Purge the Weak: reveal and discard a board token."""

    target: str

    def __str__(self) -> str:
        return f"discard {self.target}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Unicorn's ability: swap the places of two own face-down tokens."""

    first: str
    second: str

    def __str__(self) -> str:
        return f"swap {self.first} {self.second}"


@dataclass(frozen=True, slots=True)
class Skip:
    """Decline an optional step: `peek`, `look` (stop looking) or `swap`."""

    what: str

    def __str__(self) -> str:
        return f"skip {self.what}"


Action = (
    ChooseObjective
    | PlaceControl
    | Pass
    | ReturnToken
    | PlayCard
    | SendToken
    | Place
    | Animate
    | Peek
    | Look
    | Discard
    | Swap
    | Skip
)

_ONE_ARG: dict[str, Callable[[str], Action]] = {
    "objective": ChooseObjective,
    "control": PlaceControl,
    "return": ReturnToken,
    "peek": Peek,
    "look": Look,
    "discard": Discard,
    "skip": Skip,
}


def parse_action(text: str) -> Action:
    """The action whose text form is `text` (raises `ActionParseError`)."""
    verb, args = GRAMMAR.split(text)
    if verb == "pass" and not args:
        return Pass()
    if verb in _ONE_ARG and len(args) == 1:
        if verb == "skip" and args[0] not in ("peek", "look", "swap"):
            raise ActionParseError(f"cannot skip {args[0]!r}; skip peek, look or swap")
        return _ONE_ARG[verb](args[0])
    if verb == "card" and args:
        return PlayCard(args[0], tuple(args[1:]))
    if verb == "send" and len(args) == 2 and args[1] in ("pool", "discard"):
        return SendToken(args[0], args[1])
    if verb == "swap" and len(args) == 2:
        return Swap(args[0], args[1])
    if verb in ("place", "animate") and len(args) in (2, 3):
        where = args[1]
        if len(args) == 3:
            if "|" not in where or not args[2].startswith("->"):
                raise ActionParseError(f"bad place target in {text!r}; write A|B ->B")
            where = f"{where} {args[2]}"
        return (Place if verb == "place" else Animate)(args[0], where)
    raise GRAMMAR.unknown(text)
