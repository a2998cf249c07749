"""Battle for Rokugan: the complete rules on any valid map.

What it is
----------
2-5 players (clans), sequential turns, explicit seeded chance, hidden information.
Phases: setup (secret objective choice in seat order, then initial control tokens from the
first player clockwise), then 5 rounds of upkeep (first player from the initiative deck,
draw to 6, Dragon returns one, territory-card round), placement (turns clockwise from the
first player until everyone has one token left; scout / shugenja / first-player /
Shadowlands cards at the start of a turn; Scorpion's peek after a placement), the
Unicorn's swap, and resolution steps 1-7. The game ends after round 5.
Hidden: hands, pools' contents, face-down board tokens, secret objectives, the territory
card dealt under each territory, the order (and neutral cards) of the initiative deck,
and so the game seed that deals them (an observation does not carry it).

Actions and their text are in `engine.rokugan.actions` (grammar in its docstring).
The rules are in modules named after the rulebook's parts: `setup`, `upkeep`, `placement`,
`cards` (the 22 territory cards each declared once in `effects`), `resolution` (steps 1-4,
6-7), `battles` (step 5, successful defence), `scoring`;
`rounds` orders phases and turns, `tokens` moves tokens, `position` is the flat position
and its undo snapshot, `state` the public state API, `observation` what a player sees.

Modelling and rule decisions (the sources leave these open)
-----------------------------------------------------------
* Clans are a setting (`settings["clans"]`, a list of clan ids per seat); by default they
  are drawn at random from the seed. Objective choices are made in seat order.
* Chance: setup chance (clans, territory cards, objectives, initiative deck) comes from a
  `random.Random` seeded with the game seed; each draw from a pool is a hash of the
  game's chance seed and a draw counter, so `apply` is deterministic and `undo` exact.
* Illegal placements: on the table a token may be placed against the rules and is removed
  in resolution step 2. Here `legal_actions()` offers only legal placements. By default
  `apply_checked` refuses the others with the reason; with the setting
  `{"table_placements": true}` it accepts any physically possible placement (the token is
  in hand, the place exists, the border is free, a Blessing lies on an own unblessed
  token), exactly as the table does. Either way resolution step 2 re-checks every token
  against the board as it is then (cards can change control or special tokens after a
  token was placed) and discards the illegal ones; opponents cannot tell them apart
  (`determinize` falls back to any non-Blessing token when the rules cannot explain one).
* Only one combat token per border in total (a land border is one border whichever
  province it attacks); a Blessing lies on its host and is the only exception. A token may
  carry several Blessings (FAQ). An Army may not attack a province its owner controls.
* A player who cannot place any token on their turn (not only a Ronin) is skipped for the
  rest of that placement phase. Players with no playable territory card pass automatically.
* Battles: every attacker totals its tokens (plus Blessings on them). If several attackers
  tie for the highest total, nobody conquers and the province counts as defended — unless
  Crane is among them (Crane wins ties, as attacker or defender, also against an empty
  province's bonuses). Phoenix attacking a capital ignores the capital's whole printed
  defense (the Shadowlands' printed +1 still counts). Lion's defending bluff adds +2.
* Successful defence (the rulebook: an attack that fails for any reason is one): a battle
  the defender did not lose; an attack this round that disappeared before its battle (a
  bluff, an illegal token, a failed Raid, tokens cleared by Raid or Diplomacy or taken
  off by a card); or an own Army, Navy or Shinobi in a province nobody attacked. An
  attack is any non-Blessing token in or on a border of a province its owner does not
  control, judged at the reveal (or when a card removes it). One face-up control token
  per province and round, to its controller after the battles; none without a
  controller. Own defenders removed before the battles do not defend (FAQ). Details in
  `battles.py`.
* Raids and Diplomacy: all raid conditions are judged first, then all raids are carried
  out; then all Diplomacy tokens. With no scorched-earth (or peace) token left in the
  supply the Raid (Diplomacy) still clears the tokens (and for a Raid the control tokens)
  but no special token is placed.
* Control tokens are finite (30): when an effect places more than a player has left, it
  places what is left (face-up ones first); a conqueror with none left conquers the
  province but it stays empty.
* Special tokens: at most one per province. Cards placing shrine, harbor, battlefield,
  honor or defense tokens may replace any special token but Peace and scorched earth
  (FAQ); Peace and scorched earth (Diplomatic Mission, Pirate Raids, Raids, Diplomacy)
  replace any other special token but not each other. A replaced token returns to the
  supply. The 4-flower token adds 4 flowers.
* Cards: targets of scout, shugenja, first-player card, Scorpion's peek, Dark Favors and
  Purge the Weak are other players' tokens without a Blessing (and not Blessings
  themselves); scout, peek and first-player card need a face-down token. A bluff removed
  from the board or sent away from hand goes to the discard pile and back behind the
  screen at the next resolution. Strength of Purpose needs two provinces you control
  (one if you control only one). Code of Honor / Ashigaru Levies use as many different
  free non-Shadowlands provinces as exist, up to 2 / 3. Reinforcements takes two Armies
  (one if only one is in the discard pile) and sends as many hand tokens away. Bless the
  Lands puts the face-up token first. Diplomatic Mission's and Pirate Raids' bonus
  tokens need another province of yours. Shadowlands costs (one own control token outside
  the Shadowlands, face-up first, for Dark Favors, Animate the Dead and Inspire Fear;
  Purge the Weak costs only its hand token) are chosen in the card action; Animate the Dead is
  offered only with a cost after which some discarded token can still be placed; Dark
  Favors looks at 1-4 tokens (`look`, then `skip look`) and must discard one of them.
  Cards with no valid target cannot be played. Dragon returns a token only if it holds
  more than 6 after drawing. A pool that runs dry simply draws fewer tokens (the discard
  pile is never reshuffled).
* Undo and determinized states: every action can be undone exactly. A determinized state
  starts a new, empty history (it is a search root, not a replay of the real game).
* Initiative ties (neutral cards): the current first player keeps the card if tied, else
  the tied player nearest to its right (counter-clockwise).
* Maps: province attrs `flowers`, `capital` (clan id), `defense`, `shadowlands`; coastal
  borders from the graph. What a game needs from a map (errors: a capital per clan
  played, at least 2; territories; flowers; 2 objectives per player that can be met
  there) and what only limits it (no Shadowlands, few coasts or territories: their
  objectives and cards are not dealt) are in `requirements.py` (`map_readiness`); the
  app and `daimyo play` refuse a map that is not ready. What a map deals is in
  `setup.py`: only clans with a capital are played; a clan's lands are the territory
  with its id, else the one holding its capital; only objectives some provinces can
  meet there are dealt (clan objectives for the clans the map has lands for); a
  territory has its published cards by id, else its clan's, without Shadowlands cards
  outside the Shadowlands or Feats of Engineering without an inland province. The
  published map deals everything, as before. `requirements.map_deal` lists the deal.
* End of game: honor = flowers (+ honor tokens, + 1 per defense token) and face-up
  control tokens of controlled provinces outside the Shadowlands (the Shadowlands give
  no honor, even on a map that prints flowers there) + objective + 5 per
  controlled territory (not Shadowlands; scorched provinces do not count towards
  control). Ties: most honor, then most provinces, then most territory cards won
  (held + played); still tied = shared victory (`winners()` lists all).
* Knowledge: a player remembers a token it saw (scout, peek, first-player card, Dark
  Favors, Spy Network) only until that token moves or leaves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.core import GameSpec
from engine.graph import MapGraph
from engine.rokugan.actions import parse_action
from engine.rokugan.observation import RokuganObservation
from engine.rokugan.state import RokuganState


class RokuganSpec(GameSpec):
    """Battle for Rokugan, 2-5 players, on a map."""

    id: ClassVar[str] = "rokugan"
    name: ClassVar[str] = "Battle for Rokugan"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    uses_map: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = True
    default_map: ClassVar[str] = "rokugan"

    def new_game(
        self,
        players: int,
        seed: int,
        settings: Mapping[str, Any] | None = None,
        graph: Any | None = None,
    ) -> RokuganState:
        """A fresh game on `graph` (an `engine.graph.MapGraph`)."""
        if not isinstance(graph, MapGraph):
            raise ValueError("Battle for Rokugan needs a map graph to play on")
        return RokuganState.new(players, seed, settings, graph)

    def parse_action(self, text: str) -> Any:
        """The action whose text form is `text`."""
        return parse_action(text)


SPEC = RokuganSpec()
RokuganState.spec = SPEC

__all__ = ["SPEC", "RokuganObservation", "RokuganSpec", "RokuganState"]
