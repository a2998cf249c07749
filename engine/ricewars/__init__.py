"""Rice Wars: the complete rules on either side of the board (or any Rice Wars map).

What it is
----------
2-5 players (daimyo), sequential turns, explicit seeded chance, hidden information.
Setup: the governor is drawn by lot; palaces are placed clockwise from the governor on
palace sites, two free fields apart (the governor may then move the palace); then every
player places the starting peasants one at a time, clockwise, by the peasant rule. The
game then has 7 (quick side) or 8 (epic side) rounds of five phases: income, hiring and
upkeep, the advisor auction (only in the two rounds with the auction symbol), actions,
and the draw. It ends after the action phase of the last round; most fields wins, then
most wealth; a remaining tie is a shared win.
Hidden: hands, the deck's and advisor deck's order, sealed bids until the reveal,
face-down combat and duel cards until the reveal (see `engine.ricewars.observation`).
An observation never carries the game seed (it deals every card); determinized states
have seed 0.

2 players play the scenario "Ein umständlicher Nachbar": seat 2 is the neutral player
(quick side, 7 rounds, 3-seat setup). It is never governor and has no money, cards or
advisors; players place its peasants; it defends but never attacks, cannot be
challenged, and wins if it has the most fields (`winners()` is then empty).

Where the rules are (each module's docstring lists the rule decisions it makes where
the rulebook leaves something open)
----------------------------------------------------------------------------------------
* `setup` - Spielvorbereitung: board side, colours and money, cards, governor, palaces
  (spacing), starting peasants.
* `peasants` - the peasant rule (Bauernregel), connection to the palace, peasants
  leaving the board and coming from the supply.
* `rounds` - the course of a round: phases in order, turn order in the action phase,
  passing out, phase 5 (drawing cards), the governor passing on, the game's end.
* `economy` - phase 1, income, and the bank (400 Ryo; it pays what it has).
* `hiring` - phase 2, hiring and upkeep; active and exhausted troops; the neutral's hiring.
* `auction` - phase 3, the advisors' auction: draw, pick, sealed bids, reveal.
* `action_phase` - phase 4: what a turn may be (peasant, card, attack, duel, service,
  pass), the neutral's peasants.
* `cards` - action cards: playing one (Taue's planting goes on in its own phase).
* `effects` - every card's and service's effect declared once: targets, effect, words,
  the AI's value.
* `advisors` - the advisors' services, one per round, as an action or in a fight.
* `combat` - the combat's steps (troops, alternating bonuses, reveal, reaction cards,
  tie-break, Shouri, converting or driving out, occupying); a duel shares the bonus,
  reveal and reaction steps.
* `duel` - challenging, refusing, Nigeru, the duel's outcome.
* `fight` - strength in a fight (from its itemised parts), the end of a fight (discard,
  draws), `FightRecord`.
* `records` - what happened: the typed records the rule functions write while
  `st.events` is a list (`GameState.apply_told`): placements, income, hiring, auctions,
  cards and services, fights and duels (strength parts, result, fields changing hands,
  standings), a round's end, the game's end; and every decision (an attack, a defence,
  a card face down, a stop, the reveal, a reaction, a pass, a bid, an advisor put up, a
  duel's challenge and answer, a palace kept, planting or occupying declined).
* `standings` - where every seat stands now (`Standing`: every figure of its daimyo
  board), for the records that carry it and for the app's boards.
* `deck` - drawing cards, the reshuffled discard pile, the hand limit.
* `scoring` - the game's end: fields, the wealth tie-break, returns.
* `position` - the flat position the rules work on (phases, attributes in snapshot
  order); `state` - `RiceWarsState`: the position, undo snapshots, the state API and the
  reasons an action is illegal; `observation` - what one player knows (another's Ryo
  only as a public estimate: the notes are kept face down).

Actions and their text are in `engine.ricewars.actions`; the cards and advisors, with
the effect primitives the engine interprets, in `engine.ricewars.data` (JSON in data/).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.core import GameSpec
from engine.graph import MapGraph
from engine.ricewars.actions import parse_action
from engine.ricewars.state import RiceWarsState


class RiceWarsSpec(GameSpec):
    """Rice Wars, 2-5 players, on a Rice Wars board."""

    id: ClassVar[str] = "ricewars"
    name: ClassVar[str] = "Rice Wars"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    uses_map: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = True
    default_map: ClassVar[str] = "ricewars-quick"
    boards: ClassVar[dict[str, str]] = {"quick": "ricewars-quick", "epic": "ricewars-epic"}

    def new_game(
        self,
        players: int,
        seed: int,
        settings: Mapping[str, Any] | None = None,
        graph: Any | None = None,
    ) -> RiceWarsState:
        """A fresh game on `graph` (an `engine.graph.MapGraph` of a Rice Wars board)."""
        if not isinstance(graph, MapGraph):
            raise ValueError("Rice Wars needs a board map to play on (ricewars-quick or -epic)")
        return RiceWarsState.new(players, seed, settings, graph)

    def parse_action(self, text: str) -> Any:
        """The action whose text form is `text`."""
        return parse_action(text)


SPEC = RiceWarsSpec()
RiceWarsState.spec = SPEC

__all__ = ["SPEC", "RiceWarsSpec", "RiceWarsState"]
