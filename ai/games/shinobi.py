"""Shinobi's bot knowledge: candidate moves and the evaluation of a position.

The evaluation (in cards, for the player `p` serving clan `k`) values every position as
at the start of `p`'s next turn: the totals `T` are first reduced by what the search has
not played of the round ahead — `p`'s own attack if still to come (the best the table
allows), then the attacks the opponents will likely make before `p` moves again. So
leaves at different depths (before, inside or after the opponents' round) compare fairly.

    T[k] - E[strongest rival]  +  HOME * (k cards in p's own province)
                               +  HAND * (k cards and Ninjas in p's hand, while the deck lasts)
                               -  EXPOSURE * (how plainly p's public actions show k)

`E[strongest rival]` is the expected table total of the strongest clan another player
serves. Which clans are served is not known: each clan's chance of being served comes
from the public evidence of `engine.shinobi.beliefs` (what each player has fed and hit),
so a clan nobody plays (likely) is no threat, and a player who plainly feeds a clan
makes it a target. The same evidence about `p`'s own actions gives the exposure term:
the bot feeds its clan, but not so plainly that the others can tell.

The coming attacks: each opponent's compulsory attack hits, half the time, the largest
clan it can reach that is not its own (in the sampled world), and else any army it can
reach, all alike. So small, scattered armies of one's clan cost, big stacks (which only
bigger armies may attack) are safe, and rival cards left where they can be hit are
worth less to their clan.

Which army may attack which is the engine's rule (`engine.shinobi.attack`: `may_attack`,
`in_reach`, `count_in_reach`, `province_reaches`, `reachable_counts`, `legal_attacks`,
and the state's `attacks()`), asked here and never copied.

Speed (issue 32): the values are computed exactly as described, to the last bit, with
shortcuts that change no float operation: scores only for the legal actions, an army's
expected loss once per candidate list, the own attack valued only for the clans it can
hit, the exposure and a decision's public evidence remembered, the engine's
`position_key` for the tables; the expected rival total remembered by its inputs, an
opponent's coming attack by its reachable counts and clan, one's own attack's targets by
table. A cache whose entries rarely come back costs more in memory traffic than it saves
(docs/PERFORMANCE.md, Shinobi search, fourth round).

`LATER_ADAPTER` (not the levels', not `greedy`'s) also counts the rounds after that one:
in each, every opponent's attack cuts `LATER_AIM` of a card off the largest clan it does
not serve, whatever it can reach. The totals that stay small (3-5 cards a clan at the
end) are levelled, so a clan that leads openly early is worth little more than one level
with the leaders, and its cards are better spent on other clans until the last rounds,
when the term fades (`later_rounds`: none in the last round). It made a one-ply player
much stronger against three `greedy` but `hard` not (docs/PERFORMANCE.md, Shinobi, fifth
session) until it was paired with a hand worth (below). `normal` counts them for itself
only (`ai.games.shinobi_levels.OwnLaterAdapter`: the opponents it models keep these plain
values); `easy` keeps the plain adapter.

`HAND` is the plain hand worth (`_hand_card`, the one hook a level changes it by): `hard`
values its own clan's cards and Ninjas in its hand at `ai.games.shinobi_levels.OWN_HAND`
and counts the later rounds, both for itself (`OWN_HAND_LATER_ADAPTER`: it keeps its
clan's cards hidden and safe for the last rounds; docs/PERFORMANCE.md, Shinobi, tenth
session).

A finished game is worth `WIN_BONUS` (shared on a tie) or minus `WIN_BONUS / players`,
plus the margin above.

Candidates are all legal actions ranked by a cheap estimate of their effect on that
evaluation (no apply/undo): a deployment by the surviving cards it adds to its clan
(a card joining an army that others can hit is likely lost), a Ninja or an attack by
the card it removes, a move by the surviving cards it shifts (out of reach or into it)
and by the attack it makes possible next (a card moved out of an army shrinks it below
one's home armies; one moved home grows an army). The searching player keeps its
`ROOT_CANDIDATES` best for the order it decides now and fewer (`INNER_CANDIDATES`) for
the later orders of the turn it plans, so every sampled world finishes its iteration
within the node budget (with 12/12/8 throughout, order 1 ran out in 2 or 3 of 5 worlds).

Opponents get one move in the search: the one `greedy` would play in the sampled world,
the best by the evaluation from their point of view (their clan as sampled, their rival
weights from the public evidence) among their `POLICY_WIDTH` best-ranked moves. The
ranking alone matched `greedy`'s real choice 47/33/64 % of the time at orders 1/2/3,
the evaluated best of five 79/66/95 %. The search branches only on its own moves:
branching on 4 opponent replies made it so pessimistic that `hard` won 18 % against
three `greedy` instead of 40 %.

Figures and the other settings tried: docs/PERFORMANCE.md, section Shinobi.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from operator import attrgetter
from typing import Any

from ai.adapters import WIN_BONUS, GameAdapter
from ai.games import shinobi_infer
from engine.shinobi import beliefs
from engine.shinobi.actions import MAX_PLAYERS, Deploy, Move
from engine.shinobi.attack import (
    count_in_reach,
    in_reach,
    legal_attacks,
    may_attack,
    province_reaches,
    reachable_counts,
)
from engine.shinobi.cards import NINJA, NUM_CLANS
from engine.shinobi.state import ShinobiState

HOME = 0.25
"""Worth of a card of one's clan standing in one's own province (the tie-break, and safe
from one's own forced attacks) beyond its count in the total."""
HAND = 0.3
"""Worth of a card of one's clan or a Ninja in the hand while the deck lasts."""
EXPOSURE = 2.0
"""Cost of being fully seen through (posterior of one's clan from one's actions = 1)."""
ROOT_CANDIDATES = (12, 12, 8)
"""How many candidates the searching player considers at orders 1, 2, 3 of the order it
decides now (the search root)."""
INNER_CANDIDATES = (12, 4, 3)
"""How many candidates the searching player considers at orders 1, 2, 3 inside the
search (the later orders of the turn it plans): narrower, so that every world finishes
its iteration within the node budget."""
ORDER_SHARES = (0.55, 0.3, 0.15)
"""The level's budget per turn, shared by orders 1, 2 and 3: the person waits for four
turns at five players, so a turn costs one decision's budget, not three (measured
alike against three `greedy` in docs/PERFORMANCE.md). Order 1 also plans the turn
(`plan_key`): a later order whose plan every sampled world agrees on is played without
searching again (rare: 1 of 33 later orders of `hard@6000` in two games; the worlds'
allegiances differ, and so do their best second orders)."""
POLICY_WIDTH = (5, 5, 5)
"""An opponent's move in the search (its only candidate) is the best by the evaluation
from its point of view among this many of its best-ranked moves at orders 1, 2, 3 (the
`greedy` bot's choice; 1: the best-ranked move, no evaluation)."""
OPPONENT_INFERENCE = True
"""Opponents in the search weigh the clans by the public evidence as the greedy bot does
(False: every other clan equally likely served)."""
DANGER = 0.25
"""Share of the attacks each player able to hit an army is taken to aim at it."""
LEADER_AIM = 0.5
"""How often an opponent's attack is taken to hit the largest clan it can reach (the
rest is spread over every army it can reach)."""
LATER_AIM = 0.5
"""Cards each opponent's attack is taken to cut off the largest clan it does not serve in
every round after the one the search models, until the end (a clan that leads openly is
cut down by the others' last attacks): `LATER_ADAPTER` counts them; `ADAPTER`, the
levels' and `greedy`'s, does not."""
DRAWS_PER_TURN = 1.6
"""Cards a turn is taken to draw when the rounds left are counted from the deck. Four
`greedy` players draw about 1.1 a turn (the 42 cards after the deal last 36-41 turns in
12 games), so the count is about two thirds of the rounds really left: the setting
measured (docs/PERFORMANCE.md, Shinobi, fifth session), where `LATER_AIM` 0.25 and 0.5
played alike."""
CACHE_LIMIT = 100_000
"""Ranked candidate lists kept (keyed by position, player, clan and clan weights)."""
WORLDS_KEPT = 256
"""Sampled worlds whose players' knowledge an adapter keeps (a decision samples a few;
one forgotten is found again, the same)."""


_CLANS = range(NUM_CLANS)
_NO_REACH = (0,) * NUM_CLANS
_CLAN_OF = attrgetter("clan")


def _seats_before(n: int, current: int, player: int) -> tuple[int, ...]:
    """The seats to act from `current` (the one after `player` when that is `player`)
    until `player`'s next turn, in turn order."""
    seats = []
    seat = current if current != player else (player + 1) % n
    while seat != player:
        seats.append(seat)
        seat = (seat + 1) % n
    return tuple(seats)


_SEATS_BEFORE = [
    [[_seats_before(n, c, p) for p in range(n)] for c in range(n)] for n in range(MAX_PLAYERS + 1)
]
"""`_seats_before(n, current, player)` at `[n][current][player]`."""
_OTHERS = tuple(tuple(c for c in range(NUM_CLANS) if c != k) for k in range(NUM_CLANS))
"""The clans other than each clan, in clan order."""


def expected_rival(totals: Sequence[float], clan: int, weights: list[float]) -> float:
    """Expected total of the strongest clan other than `clan` that some player serves,
    each clan served with its probability in `weights` (taken as independent)."""
    expected = 0.0
    unserved = 1.0
    # largest first, equal totals in clan order (the sort is stable, also reversed)
    for c in sorted(_OTHERS[clan], key=totals.__getitem__, reverse=True):
        p = weights[c]
        expected += unserved * p * totals[c]
        unserved *= 1.0 - p
    return expected


_RIVALS: dict[tuple[float, ...], float] = {}
"""`expected_rival` by the totals, the clan and the weights (the search asks the same
few again and again: four in five calls are repeats)."""


def _rival(totals: Sequence[float], clan: int, weights: list[float]) -> float:
    """`expected_rival(totals, clan, weights)`, remembered."""
    key = (*totals, clan, *weights)
    value = _RIVALS.get(key)
    if value is None:
        if len(_RIVALS) > CACHE_LIMIT:
            _RIVALS.clear()
        value = _RIVALS[key] = expected_rival(totals, clan, weights)
    return value


def exposure(scores: list[float], clan: int) -> float:
    """How much a player's own evidence singles out `clan`, 0 (no more than chance) to 1."""
    top = max(scores)
    weights = [pow(2.718281828459045, beliefs.BETA * (s - top)) for s in scores]
    share = weights[clan] / sum(weights)
    return max(0.0, (share - 1.0 / NUM_CLANS) / (1.0 - 1.0 / NUM_CLANS))


_EXPOSURES: dict[tuple[float, ...], float] = {}
"""`exposure` by the scores and the clan (the search values the same few again and again)."""


def _exposure(scores: list[float], clan: int) -> float:
    """`exposure(scores, clan)`, remembered."""
    key = (*scores, clan)
    value = _EXPOSURES.get(key)
    if value is None:
        if len(_EXPOSURES) > CACHE_LIMIT:
            _EXPOSURES.clear()
        value = _EXPOSURES[key] = exposure(scores, clan)
    return value


def later_rounds(state: ShinobiState) -> int:
    """Whole rounds likely still to be played after the current one (0 in the last round):
    the deck's cards at `DRAWS_PER_TURN` a turn, then the last round."""
    if state.final_left >= 0:
        return 0
    turns = state.deck_size() / DRAWS_PER_TURN + state.num_players
    return max(0, round(turns / state.num_players) - 1)


def _table_key(table: list[int]) -> Hashable:
    """The armies of a table as a key (bytes, whose hash Python keeps)."""
    try:
        return bytes(table)
    except ValueError:  # a count beyond a byte (only in made-up positions)
        return tuple(table)


_TARGETS: dict[tuple[Hashable, int, int], list[int]] = {}
"""`ShinobiAdapter._target_clans` by table, player and protected armies."""
_CUTS: dict[tuple[tuple[int, ...], int], Any] = {}
"""`_cuts` by its arguments (a few thousand in a game; nine in ten asks come back)."""


def _cuts(
    reachable: tuple[int, ...], own: int
) -> tuple[tuple[int, ...], tuple[tuple[int, float], ...]]:
    """What an attack of a player serving `own` takes off the totals, its armies able to
    hit `reachable[b]` armies of each clan b: the clans it aims at (the largest of them
    loses `LEADER_AIM`; none when it can hit nothing of another clan) and the share of a
    card every reachable clan loses, (clan, cut) in clan order."""
    count = sum(reachable)
    if not count:
        return (), ()
    aimed = tuple(b for b in _CLANS if reachable[b] and b != own)
    share = 1.0 - LEADER_AIM if aimed else 1.0
    return aimed, tuple((b, share * reachable[b] / count) for b in _CLANS if reachable[b])


class _WorldInfo:
    """What one sampled world's player knows from the public history before the search."""

    __slots__ = ("base", "root", "weights", "evidence")

    def __init__(self, state: ShinobiState, root: int, base: int) -> None:
        self.base = base
        self.root = root
        scores, weights = _public_evidence(state, base)
        clan = state.allegiance(root)
        found = weights.get((root, clan))
        if found is None:
            found = weights[root, clan] = beliefs.rival_weights(scores, root, clan)
        self.weights = list(found)
        self.evidence = scores[root]  # shared: never changed (`_value` copies it)


_PUBLIC: list[Any] = [None]
"""The last public history's evidence: (history, actors, players, evidence, rival
weights by player and clan). Every world of a decision has the same public history."""


def _public_evidence(
    state: ShinobiState, base: int
) -> tuple[list[list[float]], dict[tuple[int, int], list[float]]]:
    """`engine.shinobi.beliefs.evidence` of the first `base` actions of `state`'s history,
    and the rival weights found for it so far (the last history's, remembered)."""
    history = state.history[:base]
    actors = state.actors[:base]
    n = state.num_players
    last = _PUBLIC[0]
    if last is not None and last[2] == n and last[0] == history and last[1] == actors:
        return last[3], last[4]
    scores = beliefs.evidence(history, actors, n)
    _PUBLIC[0] = (history, actors, n, scores, {})
    return scores, _PUBLIC[0][4]


class ShinobiAdapter(GameAdapter):
    """Candidates and evaluation for Shinobi (see the module docstring)."""

    def __init__(self, later_aim: float = 0.0) -> None:
        self.later_aim = later_aim
        # the worlds' knowledge by the world's id, the world kept with it (so no other
        # state takes its id while it is here), the last `WORLDS_KEPT` worlds; not a weak
        # table: compiled on Python 3.11, mypyc frees a state without clearing its weak
        # references (a crash)
        self._worlds: dict[int, tuple[ShinobiState, dict[int, _WorldInfo]]] = {}
        self._ranked: dict[tuple[Any, ...], list[Any]] = {}
        # the world asked last and its entry of `_worlds` (the search asks one world often)
        self._last: tuple[ShinobiState, dict[int, _WorldInfo]] | None = None

    def fresh(self) -> ShinobiAdapter:
        """The same settings with empty caches (`GameAdapter.fresh`): a new adapter (a
        compiled one cannot be copied with `copy.copy`)."""
        return ShinobiAdapter(self.later_aim)

    # -- knowledge about a world -----------------------------------------------------

    def _info(self, state: ShinobiState, player: int) -> _WorldInfo:
        """What `player` knows in this world at the search root. The search root is
        where undo stops (a sampled world starts with nothing to undo); a world that can
        undo back to the start (the true state, for `cheat`) is first seen at its search
        root."""
        last = self._last
        infos: dict[int, _WorldInfo] | None = None
        if last is not None and last[0] is state:
            infos = last[1]
        else:
            kept = self._worlds.get(id(state))
            if kept is not None and kept[0] is state:
                infos = kept[1]
                self._last = kept
        base = len(state.history) - state.undo_depth
        if infos is not None:
            info = infos.get(player)
            if info is not None and (info.base == base or base == 0):
                return info
        if base == 0:
            base = len(state.history)
        if infos is None or any(i.base != base for i in infos.values()):
            infos = {}
            if len(self._worlds) >= WORLDS_KEPT and id(state) not in self._worlds:
                del self._worlds[next(iter(self._worlds))]  # the oldest world
            self._worlds[id(state)] = (state, infos)
        self._last = (state, infos)
        info = _WorldInfo(state, player, base)
        self._infer(state, player, info)
        infos[player] = info
        return info

    def _infer(self, state: ShinobiState, player: int, info: _WorldInfo) -> None:
        """Revise what `player` infers in this world (`info.weights`); the plain adapter
        keeps the cheap evidence of `engine.shinobi.beliefs`, as `greedy` does."""

    @staticmethod
    def _prior(state: ShinobiState, clan: int) -> list[float]:
        """Every other clan served with equal chance (what a player knows without inference)."""
        share = (state.num_players - 1) / (NUM_CLANS - 1)
        return [0.0 if c == clan else share for c in range(NUM_CLANS)]

    # -- evaluation ------------------------------------------------------------------

    def evaluate(self, state: ShinobiState, player: int) -> float:  # type: ignore[override]
        """The position's worth for `player` in cards (see the module docstring)."""
        info = self._info(state, player)
        return self._value(state, player, info, info.base)

    def _value(self, state: ShinobiState, player: int, info: _WorldInfo, start: int) -> float:
        """The evaluation for a decision taken at history index `start` (`info.base` for
        the searching player; where an opponent's modelled choice is made for it)."""
        clan = state.allegiance(player)
        totals: list[float] = state.clan_totals()  # type: ignore[assignment]  # a new list
        scores = info.evidence
        history = state.history
        actors = state.actors
        others_moved = False
        copied = False
        for index in range(info.base, len(history)):
            actor = actors[index]
            if actor == player:
                c, s = beliefs.action_evidence(player, history[index])
                if not copied:
                    scores = list(scores)
                    copied = True
                scores[c] += s
            elif index >= start:
                others_moved = True
        current = state.current_player()
        over = state.is_terminal()
        # Every leaf is valued as at the start of the player's next turn: what the search
        # has not played of the round ahead is modelled, nothing beyond it.
        if not over and not (others_moved and current == player):
            table = state.table()
            key = _table_key(table)
            if current == player:
                self._own_attack(state, player, clan, totals, info.weights, key)
            if not others_moved or current != player:
                self._coming_attacks(state, player, totals, table)
            if self.later_aim:
                self._later_attacks(state, player, totals)
        value = totals[clan] - _rival(totals, clan, info.weights)
        value += HOME * state.army(player, clan)
        value += self._hand_worth(state, player, clan)
        value -= EXPOSURE * _exposure(scores, clan)
        if over:
            winners = state.winners()
            if player in winners:
                value += WIN_BONUS / len(winners)
            else:
                value -= WIN_BONUS / state.num_players
        return value

    def _hand_card(self, state: ShinobiState, player: int) -> float:
        """Worth of a card of `player`'s clan or a Ninja in its hand: `HAND` while the
        deck lasts (nothing in the last round, when the hand can no longer wait)."""
        return HAND if state.deck_size() else 0.0

    def _hand_worth(self, state: ShinobiState, player: int, clan: int) -> float:
        """The worth of `player`'s hand: `_hand_card` for each card of its clan and Ninja."""
        worth = self._hand_card(state, player)
        if not worth:
            return 0.0
        hand = state.hand(player)
        return worth * (hand[clan] + hand[NINJA])

    def _own_attack(
        self,
        state: ShinobiState,
        player: int,
        clan: int,
        totals: list[float],
        weights: list[float],
        table_key: Hashable | None = None,
    ) -> None:
        """Take off `totals` the card `player`'s own attack this turn will remove (the best
        one the table allows now), when the attack is still to come (`table_key`: the
        table's `_table_key`, to remember the clans it can hit by)."""
        protected = state.protected_mask
        clans: list[int] | None
        if table_key is None:
            clans = self._target_clans(state, player, protected)
        else:
            found = (table_key, player, protected)
            clans = _TARGETS.get(found)
            if clans is None:
                if len(_TARGETS) > CACHE_LIMIT:
                    _TARGETS.clear()
                clans = _TARGETS[found] = self._target_clans(state, player, protected)
        if not clans:
            return
        if len(clans) > 1:
            base = _rival(totals, clan, weights)
            best = float("-inf")
            target = -1
            for c in clans:  # in the order the attacks are found: the first best wins
                if c == clan:
                    worth = -1.0
                else:
                    totals[c] -= 1
                    worth = base - _rival(totals, clan, weights)
                    totals[c] += 1
                if worth > best:
                    best, target = worth, c
        else:
            target = clans[0]
        totals[target] -= 1

    def _later_attacks(self, state: ShinobiState, player: int, totals: list[float]) -> None:
        """Take off `totals` what the opponents' attacks of the rounds after the modelled
        one will likely cut: each opponent's attack, `later_aim` of a card off the largest
        clan it does not serve (in this world), every round until the end. Reach is not
        asked (the armies of those rounds are not known): it levels the leaders."""
        rounds = later_rounds(state)
        if not rounds:
            return
        owns = [state.allegiance(r) for r in range(state.num_players) if r != player]
        cut = self.later_aim
        for _ in range(rounds):
            for own in owns:
                leader = totals.index(max(totals))
                if leader == own:  # the first largest clan it does not serve
                    leader = max((c for c in range(NUM_CLANS) if c != own), key=totals.__getitem__)
                totals[leader] -= cut

    @staticmethod
    def _coming_attacks(
        state: ShinobiState,
        player: int,
        totals: list[float],
        table: list[int] | None = None,
    ) -> None:
        """Take off `totals` the cards the opponents' compulsory attacks will likely remove
        before `player` moves again. Each opponent hits, half the time, the largest clan
        it can reach that is not its own (in this world), and else any army it can reach,
        all alike (from the table as it stands)."""
        n = state.num_players
        current = state.current_player()
        seats = _SEATS_BEFORE[n][current][player]
        if state.final_left >= 0:
            turns_left = state.final_left - (1 if current == player else 0)
            seats = seats[: max(0, turns_left)]
        if not seats:
            return
        if table is None:
            table = state.table()
        allegiances = state.allegiances
        for r in seats:
            # the armies of each clan r can hit, and what r's attack takes off the totals
            found = (tuple(reachable_counts(table, n, r)), allegiances[r])
            cuts = _CUTS.get(found)
            if cuts is None:
                if len(_CUTS) > CACHE_LIMIT:
                    _CUTS.clear()
                cuts = _CUTS[found] = _cuts(*found)
            aimed, shares = cuts
            if aimed:  # the largest (the first of equals, as max() finds it)
                leader = aimed[0]
                most = totals[leader]
                for b in aimed:
                    if totals[b] > most:
                        leader, most = b, totals[b]
                totals[leader] -= LEADER_AIM
            for b, cut in shares:
                totals[b] -= cut

    # -- candidates ------------------------------------------------------------------

    def candidates(self, state: ShinobiState, player: int) -> list[Any]:  # type: ignore[override]
        """The legal actions ranked by their estimated effect, best first, cut to a few."""
        legal = state.legal_actions()
        if len(legal) <= 1:
            return legal
        clan = state.allegiance(player)
        weights: list[float] | None
        if self._is_root(state, player):
            weights = self._info(state, player).weights
            widths = ROOT_CANDIDATES if state.undo_depth == 0 else INNER_CANDIDATES
            limit = widths[state.order - 1]
            opponent = False
        else:
            weights = self._info(state, player).weights if OPPONENT_INFERENCE else None
            if weights is None:
                weights = self._prior(state, clan)
            limit = POLICY_WIDTH[state.order - 1]
            opponent = True
        cache_key = (state.position_key(), player, clan, tuple(weights), limit, opponent)
        ranked = self._ranked.get(cache_key)
        if ranked is None:
            scores = self._scores(state, player, clan, weights, legal)
            # best first, equal scores in the legal order (the sort is stable, also reversed)
            best = sorted(range(len(legal)), key=scores.__getitem__, reverse=True)[:limit]
            ranked = [legal[i] for i in best]
            if opponent and len(ranked) > 1:
                ranked = [self._greedy_choice(state, player, ranked)]
            if len(self._ranked) > CACHE_LIMIT:
                self._ranked.clear()
            self._ranked[cache_key] = ranked
        return list(ranked)

    def _greedy_choice(self, state: ShinobiState, player: int, moves: list[Any]) -> Any:
        """The move of `moves` that `player` values best one move ahead (as `greedy`
        chooses, in this world)."""
        info = self._info(state, player)
        start = len(state.history)
        best, best_value = moves[0], float("-inf")
        for move in moves:
            state.apply(move)
            try:
                value = self._value(state, player, info, start)
            finally:
                state.undo()
            if value > best_value:
                best, best_value = move, value
        return best

    def _is_root(self, state: ShinobiState, player: int) -> bool:
        """True when `player` is the searching player of this world: the one to act
        where the world was sampled. In a world that can undo back to the start of the
        game and was not sampled (the true state: `cheat`, tests) every player is."""
        if state.undo_depth == 0:
            return True
        base = len(state.history) - state.undo_depth
        if base == 0 and not state.setup().settings.get("determinized"):
            return True
        return state.actors[base] == player

    def policy(self, state: ShinobiState, player: int) -> Any:  # type: ignore[override]
        """An opponent's move when not searched: its best-ranked candidate."""
        return self.candidates(state, player)[0]

    def _scores(
        self,
        state: ShinobiState,
        player: int,
        clan: int,
        weights: list[float],
        legal: list[Any] | None = None,
    ) -> list[float]:
        """An estimated worth for each of `legal` (default: the legal actions) of
        `player` (no apply/undo)."""
        if legal is None:
            legal = state.legal_actions()
        n = state.num_players
        totals = state.clan_totals()
        base = _rival(totals, clan, weights)

        def change(c: int, delta: int) -> float:
            totals[c] += delta
            if c == clan:
                value = float(delta)
            else:
                value = base - _rival(totals, clan, weights)
            totals[c] -= delta
            return value

        # plus[c], minus[c]: the worth of one card more or less of clan c, made for the
        # clans the legal actions need (a Ninja and the attacks only take cards away)
        order = state.order
        plus = [0.0] * NUM_CLANS
        minus = [0.0] * NUM_CLANS
        if order == 2:
            minus = [change(c, -1) for c in _CLANS]
        if order == 1:  # deployments add a card, a Ninja takes one
            for c in {action.clan for action in legal if type(action) is Deploy}:
                plus[c] = change(c, 1)
            for c in {action.clan for action in legal if type(action) is not Deploy}:
                minus[c] = change(c, -1)
        else:
            for c in {action.clan for action in legal}:
                if order == 2:
                    plus[c] = change(c, 1)
                else:
                    minus[c] = change(c, -1)
        hand_worth = self._hand_card(state, player)
        out: list[float] = []  # in the order of `legal`
        add = out.append
        table = state.table()
        if order == 3:
            return [minus[action.clan] for action in legal]
        # reach[c][r]: the strongest army of r's province that could attack clan c; none
        # for oneself at one's own clan (one's own attack never hits it)
        reaches = [
            province_reaches(table[r : r + NUM_CLANS]) or _NO_REACH
            for r in range(0, n * NUM_CLANS, NUM_CLANS)
        ]
        reach = [list(column) for column in zip(*reaches, strict=True)]
        reach[clan][player] = 0
        home_reach = reaches[player]
        losses: dict[int, float] = {}

        def loss(q: int, c: int, size: int) -> float:
            """Expected cards lost soon by clan c's army in q when `size` strong: each
            other player able to hit it takes a share (never oneself at one's own)."""
            if size <= 0:
                return 0.0
            key = (size * NUM_CLANS + c) * NUM_CLANS + q
            value = losses.get(key)
            if value is None:
                threats = count_in_reach(reach[c], size, q)  # every other province
                value = losses[key] = min(float(size), DANGER * threats)
            return value

        joins: dict[int, float] = {}

        def joining(q: int, c: int) -> float:
            """Expected surviving cards a card adds by joining clan c's army in q
            (remembered: moves to one army ask it again)."""
            index = q * NUM_CLANS + c
            value = joins.get(index)
            if value is None:
                size = table[index]
                value = joins[index] = 1.0 - loss(q, c, size + 1) + loss(q, c, size)
            return value

        if order == 1:
            for action in legal:
                c = action.clan
                if type(action) is Deploy:
                    spent = hand_worth if c == clan else 0.0
                    add(plus[c] * joining(action.province, c) - spent)
                else:  # a Ninja
                    add(minus[c] - hand_worth)
            return out
        own = player * NUM_CLANS
        home = table[own : own + NUM_CLANS]
        protected = state.protected_mask
        best_now = self._best_attack(self._attacks(state, player, protected), minus)
        gains: dict[int, float] = {}
        leaves: dict[int, float] = {}
        for action in legal:
            c = action.clan
            if type(action) is not Move:  # a deployment home
                extra = HOME if c == clan else 0.0
                kept = joining(player, c)
                spent = hand_worth if c == clan else 0.0
                add(plus[c] * kept + extra - spent)
                continue
            s, t = action.source, action.target
            index = s * NUM_CLANS + c
            worth = HOME if (c == clan and t == player) else 0.0
            after = best_now
            if t == player:
                # The home army of c grows by one: armies of exactly its size come in range.
                gain = gains.get(c)
                if gain is None:
                    gain = gains[c] = self._growth_gain(table, n, player, home, c, protected, minus)
                after = max(after, gain)
            left = table[index] - 1
            # one's home armies of other clans (a card moved home joins c's own, which
            # never attacks c) may attack what is left of the army
            if in_reach(home_reach[c], left) and s != player and not protected >> index & 1:
                after = max(after, minus[c])
            leaving = leaves.get(index)
            if leaving is None:  # the same army leaves for every target
                size = table[index]
                leaving = leaves[index] = loss(s, c, size) - loss(s, c, size - 1)
            safer = joining(t, c) - (1.0 - leaving)
            add(worth + plus[c] * safer + 0.5 * max(0.0, after - best_now))
        return out

    @staticmethod
    def _growth_gain(
        table: list[int],
        players: int,
        player: int,
        home: list[int],
        clan: int,
        protected: int,
        minus: list[float],
    ) -> float:
        """The best worth (-inf: none) among the attacks the home army of `clan` newly
        reaches when it grows by one (the armies of exactly its old size)."""
        strength = home[clan] + 1
        best = float("-inf")
        for q in range(players):
            if q == player:
                continue
            for b in _CLANS:
                size = table[q * NUM_CLANS + b]
                if (
                    size
                    and may_attack(clan, strength, b, size)
                    and not may_attack(clan, strength - 1, b, size)
                    and not protected >> (q * NUM_CLANS + b) & 1
                    and minus[b] > best
                ):
                    best = minus[b]
        return best

    @staticmethod
    def _best_attack(attacks: Any, minus: list[float]) -> float:
        """The worth of the best of `attacks` (0 for none)."""
        best = float("-inf")
        for attack in attacks:
            if minus[attack.clan] > best:
                best = minus[attack.clan]
        return best if best > float("-inf") else 0.0

    @staticmethod
    def _attacks(state: ShinobiState, player: int, protected: int) -> Any:
        """The attacks `player` could make with the table as it is, the armies in
        `protected` spared (the engine's own list when it is the player to act's)."""
        if state.current_player() == player and protected == state.protected_mask:
            return state.attacks()  # listed once per position
        return legal_attacks(state.table(), state.num_players, player, protected)

    @staticmethod
    def _target_clans(state: ShinobiState, player: int, protected: int) -> list[int]:
        """The clans `player`'s attack could hit with the table as it is, in the order
        of the engine's legal attacks (a clan where it is first found)."""
        return list(dict.fromkeys(map(_CLAN_OF, ShinobiAdapter._attacks(state, player, protected))))

    def key(self, state: ShinobiState) -> Hashable:  # type: ignore[override]
        """The engine's `position_key`: equal exactly when `canonical_key` (what the
        generic adapter would use) is, and quicker to hash."""
        return state.position_key()

    def plan_key(self, observation: Any) -> Hashable | None:
        """The turn's three orders are planned as one: nothing is drawn or revealed
        between them, so the position after each planned order is the one foreseen (the
        key: the table, the hand, the turn and the order)."""
        if not getattr(observation, "order", 0):
            return None
        return (
            observation.turns,
            observation.order,
            observation.armies,
            observation.hand,
            observation.protected,
        )

    def budget_share(self, observation: Any) -> float:
        """A turn's three orders share one budget: most for the first, which plans the
        turn, less for the later ones, whose trees are smaller (see `ORDER_SHARES`)."""
        order = getattr(observation, "order", 0)
        return ORDER_SHARES[order - 1] if 1 <= order <= 3 else 1.0


class InferringAdapter(ShinobiAdapter):
    """An adapter whose searching player infers the allegiances with the calibrated
    evidence of `ai.games.shinobi_infer`, both where it samples its worlds and in the rival
    weights of its evaluation. The opponents it models keep `greedy`'s cheap inference
    (that is how `greedy` and the plain adapter play), and so does the exposure term (what
    the others are taken to infer of the searching player).

    Not the levels' adapter: as `hard`'s and `normal`'s it measured no stronger (`hard`
    31.5 % of 32 games against three `greedy`, where the plain adapter won 46.9 % of the
    same deals; docs/PERFORMANCE.md, Shinobi), so the levels keep the plain one."""

    def __init__(self) -> None:
        super().__init__()
        self._inference = shinobi_infer.Inference()

    def fresh(self) -> InferringAdapter:
        """The same settings with empty caches and an inference of its own."""
        return InferringAdapter()

    def _evidence(self, history: Any, actors: Any, players: int, first: int) -> list[list[float]]:
        return self._inference.scores(history, actors, players, first)

    def determinize(self, observation: Any, rng: Any) -> ShinobiState:
        """A world whose allegiances are drawn from the calibrated posterior."""
        if observation.revealed is not None:
            return observation.determinize(rng)
        scores = self._evidence(
            observation.history,
            observation.actors,
            observation.num_players,
            observation.first_player,
        )
        clans = shinobi_infer.sample_allegiances(
            rng, scores, observation.player, observation.allegiance
        )
        return observation.determinize(rng, allegiances=clans)

    def _infer(self, state: ShinobiState, player: int, info: _WorldInfo) -> None:
        """The searching player's rival weights from the calibrated posterior."""
        if not self._is_root(state, player):
            return
        scores = self._evidence(
            state.history[: info.base],
            state.actors[: info.base],
            state.num_players,
            state.first_player,
        )
        info.weights = shinobi_infer.rival_weights(scores, player, state.allegiance(player))


ADAPTER = ShinobiAdapter()
"""Shinobi's adapter, found by `ai.adapters.adapter_for("shinobi")` (`greedy`'s, `easy`'s
and the hints'; `normal` searches with `ai.games.shinobi_levels.OWN_LATER_ADAPTER`, `hard`
with `OWN_HAND_LATER_ADAPTER`)."""
LATER_ADAPTER = ShinobiAdapter(later_aim=LATER_AIM)
"""The plain adapter that also counts the attacks of the later rounds (`LATER_AIM`). Not
the levels': as a one-ply player against three `greedy` it won 36.8 % of 200 games (fair
share 25 %), but as `hard`'s it won fewer of 32 deals than the plain adapter
(docs/PERFORMANCE.md, Shinobi, fifth session); `hard` counts it for itself together with
its own hand worth (`ai.games.shinobi_levels`, tenth session)."""
