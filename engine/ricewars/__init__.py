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

Actions and their text are in `engine.ricewars.actions`; the cards and advisors, with
the effect primitives the engine interprets, in `engine.ricewars.data` (JSON in data/).

Modelling and rule decisions (the rulebook leaves these open)
-------------------------------------------------------------
* Board side by player count: 2 players always play the scenario (quick side), 5 always
  the epic side, 3-4 either (`settings["board"]` must match the map given). The side, its
  rounds, round track (symbols `income3`, `auction`, `card`, `attack1`), the starting
  peasants (2 quick, 3 epic) and player range come from the map's `attributes`.
* Colours go clockwise from the first governor: red, yellow, black, green, blue, and the
  starting money goes by colour: 5, 6, 7, 8, 9 Ryo (the rulebook gives black 7; later
  seats get more because they place palaces later and act later in round 1).
* Setup peasants: the 2 (3) peasants put on the daimyo board in setup step 11 are the
  ones placed in step 13, so no peasant waits on the board when round 1 begins. A
  palace or starting peasant with no legal place is not placed. Palace spacing: at
  least two fields between palaces (board distance >= 3); when no site keeps that
  spacing, the sites farthest from the nearest palace are allowed.
* Money: the bank holds 400 Ryo and pays only what it has. Money is public (every payment
  is made in the open, so it can be counted). Bids are not taken until the reveal.
* Hiring: in their hiring turn players hire (peasant 1, ashigaru 2, ronin 4, from the
  finite supply) and pay upkeep (ashigaru 2, ronin 4, advisor's upkeep) in any order;
  `done` sends what is unpaid back (servants to the supply, the advisor's service marker
  off its board). Paying a servant makes it active again: exhausted troops recover by
  being paid. A player without Ryo finishes the hiring turn automatically.
* Auction: boards from an earlier auction leave the game with their markers; the
  governor draws 3 (2 with 2-3 seats, the neutral counted) and picks the order. Players
  holding 2 advisors do not bid. Bids are sequential actions from the governor
  clockwise; nobody sees another's bid before the reveal. All highest bidders pay and get
  2 services, all second-highest pay and get 1; an advisor nobody bids on leaves the
  game. Advisor upkeep is due from the next hiring phase while a marker lies on it; a
  player may use one service per round (an action, or a step of a combat or duel).
* Actions: one per turn clockwise from the governor. A pass puts down a pass marker;
  after the second the player takes no more actions this round (but still defends and
  reacts). The phase ends when every player has put down both markers.
* Combat: any opponent's peasant may be attacked (not a palace) with any active ashigaru
  and at most one active ronin; the defender adds at most one ronin too. Attack +1 in
  `attack1` rounds. Bonuses alternate from the attacker: a face-down card or a combat
  service per step; after a player stops the other has exactly one more step. Then the
  cards are revealed, reaction cards with a reveal effect (Kyuujo, Mamori, Yuuki) may be
  paid for (attacker first), a tie is broken by drawing a card each (attacker first)
  until decided (no card left anywhere: the defender wins), then Shouri may be paid by a
  losing holder (attacker first). A troop with a ronin converts the peasant (from the
  winner's supply; with none there it is driven out instead); ashigaru drive it out and
  the winner may place a peasant from the daimyo board there by the peasant rule. All
  played cards are discarded; each side draws one card (hand limit 5).
* Duel: an active ronin challenges another daimyo (never the neutral). Refusing hands
  two peasants (the refuser's choice) to the challenger, who takes replacements from the
  supply (fewer if it runs out); no cards are drawn then. An accepted duel has only
  bonuses (no base strength): cards, Jojutsu no shishou, Yuuki. Tie: both lose. A losing
  daimyo removes 4 peasants (own choice), a losing ronin leaves. Draws: challenger 2,
  challenged 3. Nigeru (reaction) lets the challenged pay 2 Ryo to cancel the duel.
* Draw phase: 2 cards each (3 in `card` rounds), never above 5; the governor's marker
  passes clockwise. An empty deck is the discard pile reshuffled (chance from the seed).
* 2-player scenario: seat 2 is the neutral player (quick side, 7 rounds, 3-seat setup,
  2 advisors per auction). It is never governor, has no money, cards or advisors, and
  its palace is placed by the governor after both palaces (no palace move). Its 2
  starting peasants are placed alternately by the governor and the other player; it
  gets 3 peasants a round from a pool of 9 and one ashigaru a round (at most 2), all
  active. On its turn in the action phase a player places one of its peasants (the
  governor first, then alternately) by the peasant rule; it keeps taking turns while it
  has a peasant to place, also after both players have passed. It never attacks; when
  attacked it defends with one active ashigaru if it has one and draws one card face
  down as its single bonus step. Its lost peasants leave the game. If it has the most
  fields, or ties for the most, it wins: `winners()` is then empty.
* Card details: a card played for its effect goes to the discard pile; copies of one
  card differ only in their strength bonus. Kenchi walks a peasant to any free
  neighbouring field (the peasant rule does not apply to a walk). Taue's peasants follow
  the peasant rule one by one, and the player may stop at any point ("up to two").
  Shouri can be paid only by the side that is losing at that moment, each side decides
  once (attacker first), so a Shouri answered by the other side's Shouri flips the
  combat back.
  Shinobi's stolen card is drawn at random (chance); a thief with a full hand gives it
  back. A combat service is one service of the round like any other.
* Card targets: cards acting on a hand or on money never target the neutral; cards
  acting on peasants or troops may. A stolen card is seen by thief and victim only (the
  observation model forgets the victim's knowledge; a bot is then simply less informed).
* Returns: fields + wealth / 1000 per player (wealth = Ryo + hiring cost of kept
  servants and board peasants), so the best return is the winner. When the neutral
  player wins the scenario both players have lost alike: `returns()` is then 0.0 for
  each, so no player ranks above the other while `winners()` is empty (`score(s)` still
  gives every seat's fields and wealth, as the score table shows them).
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
