"""The difficulty levels, registered in `ai.registry` under the names every `--seats` /
`--bots` option accepts: `greedy`, `easy`, `normal`, `hard`, and `cheat`.

A level is a node budget per decision, a time cap, and a search configuration. The node
budget is what normally stops the search (so a level plays the same moves for the same
seed on any machine); the time cap only guards slow positions on slow machines.
`name@N` (see `ai.registry.make_bot`) replaces both with exactly N nodes.

`cheat` is `hard` searching the true state (one world, no determinization). It is for
measurement only: `ai.match.play_match` hands it the true state because it is marked
`sees_everything`, and it is registered as not offered, so the app never lists it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ai.adapters import GameAdapter, adapter_for
from ai.base import Bot
from ai.games.shinobi_levels import OWN_HAND_LATER_ADAPTER, OWN_LATER_ADAPTER
from ai.games.shinobi_playout import ShinobiPlayoutBot
from ai.greedy import GreedyBot
from ai.registry import UnknownBotError, register_bot
from ai.search import SearchBot, SearchConfig


@dataclass(frozen=True, slots=True)
class Level:
    """A named budget plus search configuration."""

    name: str
    nodes: int
    seconds: float
    config: SearchConfig
    expert: bool = True  # the game's search adapter (False: the plain one, `greedy`'s)
    adapter: GameAdapter | None = None  # this level's own knowledge (None: by `expert`)


# Tuned on 4-player Rokugan against three `greedy` bots (docs/PERFORMANCE.md, AI): more
# determinizations helped more than depth; replies beyond an opponent's best five rarely
# matter; settling the opponents' policy moves before each leaf helped most; letting a
# rival reply only with what it would see in a world (`honest_replies`) raised the margin
# over greedy.
# `easy` looks one turn ahead with two worlds (greedy-like; not measured against it).
LEVELS: dict[str, Level] = {
    "easy": Level("easy", 300, 0.5, SearchConfig(worlds=2, max_depth=1, reply_width=4)),
    "normal": Level(
        "normal",
        2500,
        1.0,
        SearchConfig(worlds=4, max_depth=2, reply_width=5, settle=True, honest_replies=True),
    ),
    "hard": Level(
        "hard",
        6000,
        3.0,
        SearchConfig(worlds=5, max_depth=2, reply_width=5, settle=True, honest_replies=True),
    ),
}


# Per-game changes to a level. Rokugan's `normal` and `hard` search a third ply (our next
# turn after a rival's best reply): with the plans in its evaluation that took `hard` from
# 29 % to 48 % against three `greedy` on the same 48 deals, and `normal` (with 4,000
# nodes) from 34 % to 43 % over 96 games. Rokugan's `hard` samples ten worlds with 12,000
# nodes (the same nodes per world as five with 6,000): 59.4 % over 96 games against three
# `greedy`, where five worlds won 43.8 % (docs/PERFORMANCE.md); its median decision takes
# 2.4 of its 3 seconds. The other games keep the shared levels.
def _deeper(level: Level, nodes: int, worlds: int | None = None) -> Level:
    """`level` searching three plies with `nodes` nodes (and `worlds` worlds)."""
    config = replace(level.config, max_depth=3, worlds=worlds or level.config.worlds)
    return replace(level, nodes=nodes, config=config)


# Rice Wars' shared levels finished their two plies in a median 1,290 nodes (0.08 s):
# `normal` (3 plies) and `hard` (4 plies, 6 worlds) search deeper, so that the budget, not
# the tree, stops them. With the troop knowledge the search does about 10,000 nodes a CPU
# second, so `hard`'s 40,000 nodes take a median 3.1 CPU s (p90 5.0 s) and its 3 s cap
# stops the slower half; `normal`'s 12,000 a median 0.72 CPU s (p90 1.5 s) of its 1 s
# (docs/PERFORMANCE.md, Rice Wars AI, second session). In the app, on a loaded machine,
# both use their whole time cap in the median decision.
# Rice Wars' `easy` is the beginners' level: the shared one-ply search of two worlds with
# the plain adapter's knowledge (`expert=False`, `greedy`'s): it does not foresee the
# fields troops will take this round, does not value an auction's lot by its services (a
# bid is searched like any move; it bids about once a game) and counts a field at stake
# as one field. It hires peasants and a few ashigaru, defends with its cards when they
# save a field, and attacks where its ply sees a field won: a sensible, passive game a
# beginner can learn to beat (tests/ai/test_ricewars_easy.py; docs/PERFORMANCE.md, Rice
# Wars AI, fourth session).
GAME_LEVELS: dict[str, dict[str, Level]] = {
    "rokugan": {
        "normal": _deeper(LEVELS["normal"], 4000),
        "hard": _deeper(LEVELS["hard"], 12000, worlds=10),
    },
    # Shinobi: a turn's three orders share a level's nodes (`ShinobiAdapter.budget_share`:
    # 55 % for the first); `normal` gets 4,000 nodes for its 4 worlds (it had 2,500, too
    # few to finish its depth-2 search) and `hard` 20,000 for 8 worlds: order 1's depth-2
    # search of eight worlds needs 3,600-10,700 nodes (with 10,000 a turn, 5,500 for order
    # 1, six of the eight worlds often stopped at depth 1 late in the game), so with
    # 20,000 every world finishes it and `hard` thinks about 1.5 s at order 1
    # (docs/PERFORMANCE.md, Shinobi, issue 31 fourth session).
    # `normal` also counts the later rounds' attacks for itself (`OWN_LATER_ADAPTER`: an
    # open lead is cut down by the others' last attacks; the opponents it models keep
    # `greedy`'s values): it won 58.3 % of 48 `normal,easy,easy` games where the plain
    # adapter won 41.5 % of 90. `hard` also keeps its clan's cards in the hand for the
    # last rounds (`OWN_HAND_LATER_ADAPTER`: worth 0.9 each while the deck lasts, and the
    # later rounds counted, both for itself): as a one-ply player the pair won 50.7 % of 400
    # games against three `greedy`, each alone about a third; `hard` with it won 20.92 of
    # the 32 deals on which the plain `hard` won 18 (the later rounds alone, 12.25), and
    # 13.5 of 24 against two `normal`s (plain 9.5). `easy` (one ply, 2 worlds) plays with
    # the plain values, `greedy`'s (docs/PERFORMANCE.md, Shinobi, sixth, seventh and tenth
    # sessions).
    "shinobi": {
        "normal": replace(LEVELS["normal"], nodes=4000, adapter=OWN_LATER_ADAPTER),
        "hard": replace(
            LEVELS["hard"],
            nodes=20000,
            config=replace(LEVELS["hard"].config, worlds=8),
            adapter=OWN_HAND_LATER_ADAPTER,
        ),
    },
    "ricewars": {
        "easy": replace(LEVELS["easy"], expert=False),
        "normal": _deeper(LEVELS["normal"], 12000),
        "hard": replace(
            LEVELS["hard"],
            nodes=40000,
            config=replace(LEVELS["hard"].config, max_depth=4, worlds=6),
        ),
    },
}
GREEDY_WORLDS = 3


WAIT_SECONDS: dict[str, float] = {"easy": 3.0, "normal": 3.0, "hard": 8.0}
"""The longest a person waits between two of their decisions against computer seats of
each level (issue 17): the thinking of every computer seat in between, at the app's Fast
pace, with the app's own work. `table_budget` shares it out."""
APP_SECONDS = 0.5  # the app's own work in a wait (redraws, the story) and a margin
NODES_PER_SECOND = 4800  # a slow position's search speed (docs/PERFORMANCE.md, waiting)


def table_budget(level: str, game_id: str, computer_seats: int) -> tuple[int, float]:
    """(nodes, seconds) of one decision of `level` in a game with `computer_seats`
    computer seats: the level's own budget, cut where the seats' decisions between two of
    a person's would not fit in `WAIT_SECONDS` (one decision more than there are seats:
    a card, a look or a swap in between). The node budget stays what normally stops the
    search (the same moves on any machine); the time cap guards slow machines."""
    spec = level_for(level, game_id)
    wait = WAIT_SECONDS.get(level)
    if wait is None or computer_seats <= 0:
        return spec.nodes, spec.seconds
    seconds = min(spec.seconds, (wait - APP_SECONDS) / (computer_seats + 1))
    nodes = min(spec.nodes, max(100, int(seconds * NODES_PER_SECOND)))
    return nodes, seconds


MIN_THINK_SECONDS = 0.15  # a computer seat always gets this long to think


def wait_share(level: str, seconds: float, waited: float, seats_ahead: int) -> float:
    """The time cap of one decision of `level` when the person has waited `waited`
    seconds and `seats_ahead` computer seats (this one included) act before their next
    prompt: what is left of `WAIT_SECONDS`, shared with them and one decision more (a
    card, a look or a swap in between), never more than the level's own `seconds`, and
    never less than `MIN_THINK_SECONDS` unless `seconds` is less. Shared this way, the
    decisions ahead never use more than what is left of the wait, even with several
    decisions in one seat's turn, until a share reaches that floor
    (tests/ai/test_wait_budget.py)."""
    wait = WAIT_SECONDS.get(level)
    if wait is None:
        return seconds
    left = wait - APP_SECONDS - waited
    return min(seconds, max(MIN_THINK_SECONDS, left / (seats_ahead + 1)))


def pace_share(level: str, pace: float, waited: float, seats_ahead: int) -> float:
    """The AI pace of a computer decision of `level` (the least time from the start of
    its thinking to its move) when the person had waited `waited` seconds as it began and
    `seats_ahead` computer seats (this one included) act before their next prompt: `pace`,
    but never more than the decision's part of what is left of `WAIT_SECONDS` (the part
    `wait_share` gives its thinking, with no floor: the pause may vanish). Many computer
    turns in one wait (an auction's sealed bids the person cannot join) then follow faster
    instead of pushing the wait past its bound."""
    wait = WAIT_SECONDS.get(level)
    if wait is None:
        return pace
    left = wait - APP_SECONDS - waited
    return max(0.0, min(pace, left / (seats_ahead + 1)))


def level_for(level: str, game_id: str) -> Level:
    """The level `level` as `game_id` plays it."""
    return GAME_LEVELS.get(game_id, {}).get(level) or LEVELS[level]


def make_level_bot(level: str, game_id: str, sees_everything: bool = False) -> SearchBot:
    """The search bot of `level` for `game_id` (`sees_everything` makes it `cheat`)."""
    spec = level_for(level, game_id)
    return SearchBot(
        spec.config,
        spec.adapter or adapter_for(game_id, search=spec.expert),
        name="cheat" if sees_everything else spec.name,
        nodes=spec.nodes,
        seconds=spec.seconds,
        sees_everything=sees_everything,
    )


def make_greedy(game_id: str) -> Bot:
    """The one-ply greedy bot for `game_id`."""
    return GreedyBot(adapter_for(game_id), worlds=GREEDY_WORLDS)


def make_playouts(game_id: str) -> Bot:
    """Shinobi's playout bot (`ai.games.shinobi_playout`) with `hard`'s node budget and
    time cap: measured against `hard`, not a level (docs/PERFORMANCE.md, Shinobi levels,
    ninth session), so registered as not offered."""
    if game_id != "shinobi":
        raise UnknownBotError(f"the bot 'playouts' plays Shinobi only, not {game_id}")
    hard = level_for("hard", game_id)
    return ShinobiPlayoutBot("playouts", nodes=hard.nodes, seconds=hard.seconds)


def _register() -> None:
    register_bot("greedy", make_greedy)
    for name in LEVELS:
        register_bot(name, lambda game_id, name=name: make_level_bot(name, game_id))
    register_bot(
        "cheat", lambda game_id: make_level_bot("hard", game_id, sees_everything=True), False
    )
    register_bot("playouts", make_playouts, False)


_register()
