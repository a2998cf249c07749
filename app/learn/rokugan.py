"""Learn to play Battle for Rokugan: the guided first game's setup and steps.

Three clans on the published map: you are the Crab; the Dragon and the Unicorn (easy
bots) show the two clan phases of the round (the Dragon's return, the Unicorn's swap).
Steps follow the rulebook's order: objective, control tokens, upkeep, every kind of
combat token, the scout and shugenja cards, resolution, territory cards, the end.
"""

from __future__ import annotations

from typing import Any

from app.i18n import N_, _
from app.learn.guide import Guide, Step
from engine.core import GameState
from engine.rokugan import actions as A
from engine.rokugan.data import (
    ALL_TERRITORY_CARDS,
    ARMY,
    BLESSING,
    BLUFF,
    DIPLOMACY,
    LABEL_KIND,
    NAVY,
    RAID,
    SHINOBI,
)
from engine.rokugan.position import (
    PH_CARDS,
    PH_CONTROL,
    PH_DRAGON,
    PH_OBJECTIVE,
    PH_PLACE,
    PH_SWAP,
)

SEED = 3
"""The deal of the guided game (every step meets its situation on it: tests/app)."""


def _phase(*phases: int) -> Any:
    return lambda state, seat: state.phase in phases and state.pending is None


def _kind(*kinds: int) -> Any:
    """Wanted: placing a token of one of `kinds`."""
    return lambda st, seat, a: isinstance(a, A.Place) and LABEL_KIND[a.token][0] in kinds


def _army_slot(state: GameState, action: Any) -> int | None:
    """The slot of an Army placement, else None."""
    if not isinstance(action, A.Place) or LABEL_KIND[action.token][0] != ARMY:
        return None
    return state.board.slot_by_text.get(action.where)  # type: ignore[attr-defined]


def _army_attack(state: GameState, seat: int, action: Any) -> bool:
    """An Army on a land border into a province `seat` does not hold."""
    slot = _army_slot(state, action)
    board = state.board  # type: ignore[attr-defined]
    if slot is None or not board.is_land_slot(slot):
        return False
    return state.ctrl_owner[board.slot_target[slot]] != seat  # type: ignore[attr-defined]


def _army_defend(state: GameState, seat: int, action: Any) -> bool:
    """An Army in a province `seat` holds."""
    slot = _army_slot(state, action)
    board = state.board  # type: ignore[attr-defined]
    return slot is not None and slot < board.n and state.ctrl_owner[slot] == seat  # type: ignore[attr-defined]


def _card(*names: str) -> Any:
    return lambda st, seat, a: isinstance(a, A.PlayCard) and a.card in names


def _resolved(state: GameState, seat: int) -> str:
    done = state.round - 1  # type: ignore[attr-defined]
    return _(
        "Round {round} was resolved: all tokens turned face up, and in each province the "
        "strongest side won (holding one against an attack earns a face-up control token). "
        "Hold every province of a territory to claim its territory card."
    ).format(round=done)


def _steps() -> tuple[Step, ...]:
    placing = _phase(PH_PLACE)
    return (
        Step(
            "objective",
            N_("A secret objective"),
            N_(
                "Choose your secret objective: it scores the honor printed on it at the end if "
                "you meet it, and nobody else learns which one you keep."
            ),
            _phase(PH_OBJECTIVE),
            lambda st, seat, a: isinstance(a, A.ChooseObjective),
            ("phase:objective", "card:objective"),
        ),
        Step(
            "control",
            N_("Control tokens"),
            N_(
                "Place a control token on an empty province: you hold it and score its flowers "
                "at the end. Provinces next to your capital are the easiest to keep."
            ),
            _phase(PH_CONTROL),
            lambda st, seat, a: isinstance(a, A.PlaceControl),
            ("phase:control", "token:control"),
        ),
        Step(
            "upkeep",
            N_("Upkeep"),
            N_(
                "Each round starts with upkeep: an initiative card names the first player, and "
                "everyone draws combat tokens behind their screen up to six."
            ),
            lambda st, seat: st.round == 1 and st.phase in (PH_DRAGON, PH_CARDS, PH_PLACE),
            None,
            ("phase:upkeep", "card:initiative"),
            anyone=True,
        ),
        Step(
            "dragon",
            N_("The Dragon's upkeep"),
            N_(
                "The Dragon drew one token more and now returns one to its pool: that is its "
                "clan ability. Every clan has one."
            ),
            lambda st, seat: st.phase == PH_DRAGON,
            None,
            ("phase:dragon",),
            anyone=True,
        ),
        Step(
            "army-attack",
            N_("Armies attack"),
            N_(
                "Place an Army on the land border into a province you want: at the reveal the "
                "strongest side there takes it (a defender adds the province's defence)."
            ),
            placing,
            _army_attack,
            ("phase:placement", "token:army"),
        ),
        Step(
            "army-defend",
            N_("Defending"),
            N_(
                "An Army in your own province defends it. A province you hold against an "
                "attack also earns a face-up control token: one more honor at the end."
            ),
            placing,
            _army_defend,
            ("token:army",),
        ),
        Step(
            "navy",
            N_("Navies"),
            N_(
                "Navies fight across the sea: on a coastal border a Navy attacks that province, "
                "in your own coastal province it defends it."
            ),
            placing,
            _kind(NAVY),
            ("token:navy",),
        ),
        Step(
            "shinobi",
            N_("Shinobi"),
            N_(
                "A Shinobi goes into any province, however far away: it attacks it, or defends "
                "it when it is yours."
            ),
            placing,
            _kind(SHINOBI),
            ("token:shinobi",),
        ),
        Step(
            "scout",
            N_("Scout cards"),
            N_(
                "Before you place, a scout card looks at one face-down token of a rival. You "
                "have two for the whole game: use one on a token aimed at you."
            ),
            placing,
            _card("scout"),
            ("card:scout",),
        ),
        Step(
            "blessing",
            N_("Blessings"),
            N_(
                "A Blessing lies face up on one of your face-down tokens and adds its strength. "
                "Everyone sees where you are strong."
            ),
            placing,
            _kind(BLESSING),
            ("token:blessing",),
        ),
        Step(
            "bluff",
            N_("The bluff"),
            N_(
                "The bluff looks like any token but has no strength: it makes a rival defend "
                "where you will not attack."
            ),
            placing,
            _kind(BLUFF),
            ("token:bluff",),
        ),
        Step(
            "diplomacy",
            N_("Diplomacy"),
            N_(
                "Diplomacy in one of your provinces makes it peaceful for good: no token may go "
                "into it or onto its borders again."
            ),
            placing,
            _kind(DIPLOMACY),
            ("token:diplomacy",),
        ),
        Step(
            "raid",
            N_("Raids"),
            N_(
                "A Raid scorches a rival's province next to yours: it is worth nothing to "
                "anyone for the rest of the game."
            ),
            placing,
            _kind(RAID),
            ("token:raid",),
        ),
        Step(
            "shugenja",
            N_("The shugenja"),
            N_(
                "Your shugenja card reveals one rival token and discards it. You have "
                "one for the game: keep it for a strong attack on you."
            ),
            placing,
            _card("shugenja"),
            ("card:shugenja",),
        ),
        Step(
            "swap",
            N_("The Unicorn's swap"),
            N_(
                "Before the reveal the Unicorn may swap two of its face-down tokens: its clan "
                "ability."
            ),
            lambda st, seat: st.phase == PH_SWAP,
            None,
            ("phase:swap",),
            anyone=True,
        ),
        Step(
            "resolution",
            N_("Resolution"),
            _resolved,
            lambda st, seat: st.round >= 2 and st.phase in (PH_CARDS, PH_PLACE),
            None,
            ("phase:resolution", "card:territory"),
        ),
        Step(
            "territory-card",
            N_("Territory cards"),
            N_(
                "You hold a territory card: play it now for its effect, or pass and keep it "
                "(cards held break ties at the end)."
            ),
            _phase(PH_CARDS),
            lambda st, seat, a: isinstance(a, A.PlayCard) and a.card in ALL_TERRITORY_CARDS,
            ("card:territory",),
        ),
        Step(
            "end",
            N_("The end"),
            N_(
                "Five rounds are over. Honor counts the flowers of your provinces, face-up "
                "control tokens, a met objective and 5 for every whole territory you hold."
            ),
            lambda st, seat: st.is_terminal(),
            None,
            ("phase:end",),
        ),
    )


GUIDE = Guide(
    game="rokugan",
    title="Learn Battle for Rokugan",
    intro=(
        "You are the Crab. Over five rounds, win honor by holding provinces: each round you "
        "place combat tokens face down, then all are revealed at once and the battles "
        "are fought. The guide lights what to do next; you may always choose otherwise."
    ),
    players=3,
    seed=SEED,
    seat=0,
    bots=("easy@300", "easy@300"),
    steps=_steps(),
    kinds=(
        "phase:objective",
        "phase:control",
        "phase:upkeep",
        "phase:dragon",
        "phase:placement",
        "phase:swap",
        "phase:resolution",
        "phase:end",
        "card:objective",
        "card:initiative",
        "card:scout",
        "card:shugenja",
        "card:territory",
        "token:control",
        "token:army",
        "token:navy",
        "token:shinobi",
        "token:blessing",
        "token:diplomacy",
        "token:raid",
        "token:bluff",
    ),
    settings={"clans": ["crab", "dragon", "unicorn"]},
    map_id="rokugan",
)
