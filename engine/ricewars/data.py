"""Rice Wars content: the 55 cards and 8 advisors, read from the JSON files in `data/`.

Every card copy gets an index 0..54 (in file order, copies in order) and a text id: the
card type's id and the copy's number, `shouri2`. An effect is one primitive (`op`) with an
optional amount; the rules interpret each primitive (action cards in `engine.ricewars.cards`,
reaction cards in `engine.ricewars.combat` and `duel`, services in `engine.ricewars.advisors`):

Action cards: gain_money, tax, place_from_supply, plant, remove_disconnected, walk,
gain_ashigaru, refresh, steal_card, draw, remove_adjacent, exhaust_enemy, festival.
Reaction cards: keep_active (Kyuujo), win_combat (Shouri), duel_strength (Yuuki),
defend_strength (Mamori), dodge_duel (Nigeru).
Advisor services: draw, gain_money, refresh, place_from_supply (actions); blind_card,
strength (with an optional condition `ashigaru` or `defending`) in a combat; strength in a duel.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"

ACTION_OPS = frozenset(
    {
        "gain_money",
        "tax",
        "place_from_supply",
        "plant",
        "remove_disconnected",
        "walk",
        "gain_ashigaru",
        "refresh",
        "steal_card",
        "draw",
        "remove_adjacent",
        "exhaust_enemy",
        "festival",
    }
)
REACTION_OPS = frozenset(
    {"keep_active", "win_combat", "duel_strength", "defend_strength", "dodge_duel"}
)
SERVICE_OPS = frozenset(
    {"draw", "gain_money", "refresh", "place_from_supply", "blind_card", "strength"}
)


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: its type's rules and this copy's strength bonus."""

    index: int
    id: str
    type: str
    name: str
    kanji: str
    title: str
    kind: str  # "action" or "reaction"
    cost: int
    bonus: int
    op: str
    amount: int
    text: str


@dataclass(frozen=True, slots=True)
class Advisor:
    """An imperial advisor: upkeep per round and one service."""

    index: int
    id: str
    name: str
    kanji: str
    upkeep: int
    when: str  # "action", "combat" or "duel"
    op: str
    amount: int
    condition: str | None
    text: str


def load_cards(path: Path = DATA_DIR / "cards.json") -> tuple[Card, ...]:
    """Every card copy, in deck index order (ValueError on a malformed file)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    cards: list[Card] = []
    for entry in data["cards"]:
        op = entry["effect"]["op"]
        ops = ACTION_OPS if entry["kind"] == "action" else REACTION_OPS
        if op not in ops:
            raise ValueError(f"{path}: card {entry['id']!r} has unknown effect {op!r}")
        for copy, bonus in enumerate(entry["bonuses"], start=1):
            if not 0 <= bonus <= 2:
                raise ValueError(f"{path}: card {entry['id']!r} bonus {bonus} not in 0..2")
            cards.append(
                Card(
                    index=len(cards),
                    id=f"{entry['id']}{copy}",
                    type=entry["id"],
                    name=entry["name"],
                    kanji=entry["kanji"],
                    title=entry["title"],
                    kind=entry["kind"],
                    cost=int(entry["cost"]),
                    bonus=int(bonus),
                    op=op,
                    amount=int(entry["effect"].get("amount", 0)),
                    text=entry["text"],
                )
            )
    return tuple(cards)


def load_advisors(path: Path = DATA_DIR / "advisors.json") -> tuple[Advisor, ...]:
    """The 8 advisors in file order."""
    data = json.loads(path.read_text(encoding="utf-8"))
    advisors = []
    for i, entry in enumerate(data["advisors"]):
        op = entry["effect"]["op"]
        if op not in SERVICE_OPS:
            raise ValueError(f"{path}: advisor {entry['id']!r} has unknown service {op!r}")
        advisors.append(
            Advisor(
                index=i,
                id=entry["id"],
                name=entry["name"],
                kanji=entry["kanji"],
                upkeep=int(entry["upkeep"]),
                when=entry["when"],
                op=op,
                amount=int(entry["effect"].get("amount", 0)),
                condition=entry["effect"].get("if"),
                text=entry["text"],
            )
        )
    return tuple(advisors)


CARDS = load_cards()
ADVISORS = load_advisors()
CARD_INDEX = {c.id: c.index for c in CARDS}
ADVISOR_INDEX = {a.id: a.index for a in ADVISORS}
NUM_CARDS = len(CARDS)

HAND_LIMIT = 5
START_CARDS = 2
DRAW_CARDS = 2
PEASANTS_PER_COLOUR = 24
ASHIGARU_SUPPLY = 17
RONIN_SUPPLY = 5
BANK_TOTAL = 400
"""Ryo in the box (notes of 1, 2 and 5); the bank pays only what it holds."""
PALACE_INCOME = 2
ROUND_BONUS = 3
PEASANT_COST, ASHIGARU_COST, RONIN_COST = 1, 2, 4
SERVANT_COST = {"peasant": PEASANT_COST, "ashigaru": ASHIGARU_COST, "ronin": RONIN_COST}
"""What hiring a servant costs, and its upkeep (peasants owe none)."""
STRENGTH_PEASANT, STRENGTH_ASHIGARU, STRENGTH_RONIN = 1, 2, 4
MAX_ADVISORS = 2
PASS_MARKERS = 2
"""A daimyo's pass markers: after putting down the last it takes no more actions this round."""
DUEL_REFUSE_PEASANTS = 2
DUEL_LOSS_PEASANTS = 4
DUEL_DRAW_CHALLENGER, DUEL_DRAW_CHALLENGED = 2, 3

COLOURS = ("red", "yellow", "black", "green", "blue")
"""Colours in seat order from the first governor clockwise (black is the third seat)."""
START_MONEY = {"red": 5, "yellow": 6, "black": 7, "green": 8, "blue": 9}
"""Starting Ryo by colour: later seats place their palace later and act later in round 1."""

SCENARIO_PLAYERS = 2
"""The player count that plays the scenario: on the quick side, with a neutral third colour."""
NEUTRAL_POOL = 9
NEUTRAL_PEASANTS_PER_ROUND = 3
NEUTRAL_MAX_ASHIGARU = 2
