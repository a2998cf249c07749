"""Rice Wars moves in words, with facts from the sampled worlds (for hints).

The fact is the board's: the fields the player holds right after the move against the
rival holding most (the engine's count, `fields_of`, mean over worlds drawn from the
observation: hands, decks and sealed bids as the search drew them). It is named as the
fields held now, not as a lead: the one lead figure a hint quotes is the search's value
of its move, the projected lead at the game's end (`ai.hint.lead_said`), which also
counts income, troops, cards and money to come.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.explain import Explainer, Said, said, seat_name
from ai.games.ricewars import SEARCH_ADAPTER as ADAPTER
from engine.core import GameState
from engine.ricewars import actions as A
from engine.ricewars.data import ADVISOR_INDEX, ADVISORS, CARD_INDEX, CARDS


def _field(observation: Any, fid: str) -> str:
    board = observation._static[3]
    index = board.index.get(fid)
    return board.names[index] if index is not None else fid


def _card(card_id: str) -> str:
    index = CARD_INDEX.get(card_id)
    return CARDS[index].name if index is not None else card_id


def _advisor(advisor_id: str) -> str:
    index = ADVISOR_INDEX.get(advisor_id)
    return ADVISORS[index].name if index is not None else advisor_id


def _daimyo(observation: Any, seat: int, names: Sequence[str] | None) -> str:
    if names is not None:
        return seat_name(names, seat)
    colours = observation._static[6]
    if seat == observation._static[2]:
        return "Neutral"
    return colours[seat].capitalize() if 0 <= seat < len(colours) else f"Player {seat + 1}"


def troops_words(ashigaru: int, ronin: int) -> str:
    """'2 ashigaru and 1 ronin', 'no troops'."""
    parts = [f"{n} {word}" for n, word in ((ashigaru, "ashigaru"), (ronin, "ronin")) if n]
    return " and ".join(parts) or "no troops"


class RiceWarsExplainer(Explainer):
    """Rice Wars' words for moves (see the module docstring)."""

    def describe(self, observation: Any, action: Any, names: Sequence[str] | None) -> str:
        """The move in words: 'attack Takada with 2 ashigaru', 'bid 3 Ryo'."""
        words = {
            A.Stay: "keep the palace where it is",
            A.Done: "end your hiring",
            A.Stop: "play no more bonus cards",
            A.Skip: "skip",
            A.Accept: "accept the duel",
            A.Refuse: "refuse the duel",
            A.Pass: "pass",
        }
        for kind, text in words.items():
            if isinstance(action, kind):
                return text
        if isinstance(action, A.Palace):
            return f"the palace on {_field(observation, action.field)}"
        if isinstance(action, A.Peasant):
            return f"a peasant on {_field(observation, action.field)}"
        if isinstance(action, A.Hire):
            return f"hire {'an' if action.kind == 'ashigaru' else 'a'} {action.kind}"
        if isinstance(action, A.Pay):
            what = action.what if action.what in ("ashigaru", "ronin") else _advisor(action.what)
            return f"pay the upkeep of {what}"
        if isinstance(action, A.Auction):
            return f"auction {_advisor(action.advisor)} next"
        if isinstance(action, A.Bid):
            return f"bid {action.amount} Ryo"
        if isinstance(action, A.Play):
            targets = ", ".join(_field(observation, a) for a in action.args)
            return f"play {_card(action.card)}" + (f" on {targets}" if targets else "")
        if isinstance(action, A.Attack):
            return (
                f"attack {_field(observation, action.field)} with "
                f"{troops_words(action.ashigaru, action.ronin)}"
            )
        if isinstance(action, A.Defend):
            return f"defend with {troops_words(action.ashigaru, action.ronin)}"
        if isinstance(action, A.Bonus):
            index = CARD_INDEX.get(action.card)
            bonus = f" (+{CARDS[index].bonus})" if index is not None else ""
            return f"play {_card(action.card)}{bonus} face down as a bonus"
        if isinstance(action, A.Service):
            return f"use {_advisor(action.advisor)}'s service"
        if isinstance(action, A.Use):
            return f"pay for {_card(action.card)}"
        if isinstance(action, A.Duel):
            return f"challenge {_daimyo(observation, action.player, names)} to a duel"
        if isinstance(action, A.Give):
            return f"give the peasant on {_field(observation, action.field)}"
        if isinstance(action, A.Lose):
            return f"remove the peasant on {_field(observation, action.field)}"
        return str(action)

    def reason_said(
        self,
        observation: Any,
        action: Any,
        worlds: list[GameState],
        names: Sequence[str] | None,
    ) -> Said:
        """`reason` as data: templates and numbers the app says in the person's language."""
        me = observation.player
        mine = rival = 0.0
        for world in worlds:
            world.apply(action)
            try:
                held = [world.fields_of(s) for s in range(world.seats)]  # type: ignore[attr-defined]
            finally:
                world.undo()
            mine += held[me]
            rival += max(h for s, h in enumerate(held) if s != me)
        count = max(1, len(worlds))
        mine, rival = mine / count, rival / count
        why = self._why(observation, action, worlds) if worlds else None
        if why is None:
            return said(
                "right after it you hold {mine:.1f} fields against {rival:.1f} for the rival "
                "holding most",
                mine=mine,
                rival=rival,
            )
        return said(
            "{why}; right after it you hold {mine:.1f} fields against {rival:.1f} for the "
            "rival holding most",
            why=why,
            mine=mine,
            rival=rival,
        )

    def rule_said(self, observation: Any, action: Any) -> Said:
        """A sealed bid is the AI's rule, not a search's choice (`RiceWarsSearchAdapter`)."""
        if isinstance(action, A.Bid):
            return said(
                "the AI chooses its bid by rule: the most expected worth won less Ryo paid, "
                "each rival bidding up to what the lot is worth to it"
            )
        return super().rule_said(observation, action)

    def rule_review_said(self, what: Said) -> Said:
        """A review's reason for a bid, which the AI chooses by rule."""
        return said(
            "{what}; the AI chooses its bid by rule, so the choice is not scored", what=what
        )

    def _why(self, observation: Any, action: Any, worlds: list[GameState]) -> Said | None:
        """The fact behind an auction bid, an attack, a fight's bonus step or a troop
        hired, from what the player knows (their own purse and board; the field at stake
        and the troops are public)."""
        st: Any = worlds[0]
        me = observation.player
        if isinstance(action, A.Hire | A.Pay) and _troop(action):
            return self._strikes(me, action, worlds)
        if isinstance(action, A.Attack):
            f = st.field(action.field)
            return said(
                "the peasant on {field} is at stake, worth {stake:.1f} fields to its owner",
                field=st.board.names[f],
                stake=ADAPTER.field_worth(st, f, st.owner[f]),
            )
        if isinstance(action, A.Bid) and st.bidding >= 0:
            name = ADVISORS[st.bidding].name
            two = ADAPTER.lot_worth(st, me, st.bidding, 2)
            one = ADAPTER.lot_worth(st, me, st.bidding, 1)
            if max(one, two) <= 0:
                return said(
                    "{advisor}'s services are worth less to you than their upkeep", advisor=name
                )
            return said(
                "{advisor} is worth about {two:.1f} fields to you with 2 services ({one:.1f} "
                "with 1), upkeep counted, and a Ryo {ryo:.2f}",
                advisor=name,
                two=two,
                one=one,
                ryo=ADAPTER.ryo(st),
            )
        fight = st.fight
        if (
            isinstance(action, A.Bonus | A.Stop | A.Defend)
            and fight is not None
            and fight["kind"] == "combat"
            and fight["field"] >= 0
        ):
            dfn = fight["dfn"]
            stake = ADAPTER.field_worth(st, fight["field"], dfn)
            field = st.board.names[fight["field"]]
            if dfn == me:
                return said(
                    "your peasant on {field} is at stake, worth {stake:.1f} fields to its owner",
                    field=field,
                    stake=stake,
                )
            return said(
                "the peasant on {field} is at stake, worth {stake:.1f} fields to its owner",
                field=field,
                stake=stake,
            )
        return None

    @staticmethod
    def _strikes(me: int, action: Any, worlds: list[GameState]) -> Said | None:
        """The fields the player's troops can take this round after `action`, mean over
        `worlds` (the search levels' `strikes`), when there are any."""
        taken = 0.0
        for world in worlds:
            world.apply(action)
            try:
                strikes = ADAPTER.strikes(world)  # type: ignore[arg-type]
            finally:
                world.undo()
            taken += sum(fields for s, _, fields in strikes if s == me)
        taken /= len(worlds)
        if taken < 0.05:
            return None
        return said(
            "your troops could take about {fields:.1f} fields this round from the rival "
            "least able to stop them",
            fields=taken,
        )


def _troop(action: Any) -> bool:
    """A hire of a troop or the upkeep of one."""
    what = action.kind if isinstance(action, A.Hire) else action.what
    return what in ("ashigaru", "ronin")


EXPLAINER = RiceWarsExplainer()
