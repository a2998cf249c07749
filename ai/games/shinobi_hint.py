"""Shinobi moves in words, with facts from the sampled worlds (for hints).

What a move does is the engine's record of it (`engine.shinobi.records`): a deployment
adds a card to an army, a move carries one from one province to another (no clan gains
a card), the attack and the Ninja take one away. The facts: after the move, the player's
clan's cards on the table (public) against the strongest clan a rival serves (mean over
worlds drawn from the observation, whose allegiances the search drew from the public
evidence); for an attack or a Ninja, in how many worlds the army hit belongs to a
rival's clan; for a card deployed or moved, whose armies could attack the army it joined
on their turns, by the engine's attack rule (`engine.shinobi.attack`) on the public
table; for a card of another clan deployed or moved, how plainly the player's public
moves show their own clan before and after (the evaluation's exposure term, from
`engine.shinobi.beliefs`: public actions only).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.explain import Explainer, seat_name, worlds_words
from ai.games.shinobi import exposure
from engine.core import GameState
from engine.shinobi import beliefs
from engine.shinobi.actions import Attack, Deploy, Move, PlayNinja
from engine.shinobi.attack import attack_reach, in_reach
from engine.shinobi.cards import CLAN_NAMES, NUM_CLANS
from engine.shinobi.records import Attacked, Deployed, Moved, NinjaPlayed


def province_words(observation: Any, province: int, names: Sequence[str] | None) -> str:
    """'your province' or "Player 3's province"."""
    if province == observation.player:
        return "your province"
    return f"{seat_name(names, province)}'s province"


def _standing(world: GameState, me: int) -> tuple[int, int]:
    """(cards of `me`'s clan on the table, cards of the strongest clan a rival serves)."""
    totals = world.clan_totals()  # type: ignore[attr-defined]
    mine = world.allegiance(me)  # type: ignore[attr-defined]
    served = {world.allegiance(p) for p in range(world.num_players) if p != me}  # type: ignore[attr-defined]
    return totals[mine], max((totals[c] for c in served), default=0)


class ShinobiExplainer(Explainer):
    """Shinobi's words for moves (see the module docstring)."""

    def describe(self, observation: Any, action: Any, names: Sequence[str] | None) -> str:
        """'deploy an Oda card to your province', 'move a Mōri card from ... to ...'."""
        if isinstance(action, Deploy):
            where = province_words(observation, action.province, names)
            return f"deploy {_a(CLAN_NAMES[action.clan])} card to {where}"
        if isinstance(action, PlayNinja):
            where = province_words(observation, action.province, names)
            return f"play a Ninja on the {CLAN_NAMES[action.clan]} army in {where}"
        if isinstance(action, Move):
            source = province_words(observation, action.source, names)
            target = province_words(observation, action.target, names)
            return f"move {_a(CLAN_NAMES[action.clan])} card from {source} to {target}"
        if isinstance(action, Attack):
            where = province_words(observation, action.province, names)
            return (
                f"attack the {CLAN_NAMES[action.clan]} army in {where} with your "
                f"{CLAN_NAMES[action.attacker]} army"
            )
        return str(action)

    def reason(
        self,
        observation: Any,
        action: Any,
        worlds: list[GameState],
        names: Sequence[str] | None,
    ) -> str:
        """What the move does, as the engine's records of it tell (the table is public,
        so every world tells the same), then facts counted in `worlds`."""
        me = observation.player
        clan = CLAN_NAMES[observation.allegiance]
        rival = 0.0
        told: tuple[Any, ...] = ()
        table: list[int] = []  # the public table after the move (alike in every world)
        for world in worlds:
            told = world.clone().apply_told(action)
            world.apply(action)
            try:
                rival += _standing(world, me)[1]
                table = [
                    world.army(q, c) for q in range(world.num_players) for c in range(NUM_CLANS)
                ]  # type: ignore[attr-defined]
            finally:
                world.undo()
        record = next((r for r in told if r.kind in ORDER_KINDS), None)
        mine = observation.clan_total(observation.allegiance) + _change(record, clan)
        standing = (
            f"after it your clan has {mine} card{'s' if mine != 1 else ''} on the table "
            f"against {rival / max(1, len(worlds)):.1f} for the strongest clan a rival "
            "serves (as the others' moves so far suggest who serves which)"
        )
        if record is None:
            return standing
        what = self._what(observation, record, clan, names)
        if isinstance(record, (Deployed, Moved)) and table:
            where, size = (
                (record.province, record.army)
                if isinstance(record, Deployed)
                else (record.target, record.target_army)
            )
            what += "; " + reach_words(observation, table, where, record.clan, size, names)
        if isinstance(record, (Attacked, NinjaPlayed)):
            hit = CLAN_NAMES.index(record.clan)
            count = sum(
                1
                for world in worlds
                if any(world.allegiance(p) == hit for p in range(world.num_players) if p != me)  # type: ignore[attr-defined]
            )
            return (
                f"{what}; the {record.clan} are a rival's clan {worlds_words(count, len(worlds))}"
                f"; {standing}"
            )
        if record.clan == clan:
            return f"{what}; {standing}"
        return f"{what}; {self._shown(observation, action, record.clan)}; {standing}"

    def _what(self, observation: Any, record: Any, clan: str, names: Sequence[str] | None) -> str:
        """The order's effect on the table, from its record."""
        yours = " (your clan)" if record.clan == clan else ""
        if isinstance(record, Deployed):
            where = province_words(observation, record.province, names)
            return (
                f"adds a card to the {record.clan} army{yours} in {where} "
                f"({record.army} card{'s' if record.army != 1 else ''})"
            )
        if isinstance(record, Moved):
            source = province_words(observation, record.source, names)
            target = province_words(observation, record.target, names)
            text = (
                f"moves {_a(record.clan)} card{yours}: {record.source_army} left in {source}, "
                f"{record.target_army} in {target}; the {record.clan} total on the table "
                "stays the same"
            )
            if record.target == observation.player and record.target_army >= 2:
                text += (
                    f", and your {record.clan} army can attack armies of up to "
                    f"{record.target_army - 1} cards"
                )
            return text
        where = province_words(observation, record.province, names)
        if isinstance(record, Attacked):
            return (
                f"your {record.attacker} army ({record.strength}) removes a card from the "
                f"{record.clan} army ({record.defence}) in {where}, {record.army} left"
            )
        return (
            f"the Ninja removes a card from the {record.clan} army in {where}, {record.army} left"
        )

    def _shown(self, observation: Any, action: Any, fed: str) -> str:
        """How plainly the player's public moves show their clan, before and after."""
        me = observation.player
        clan = observation.allegiance
        before = beliefs.evidence(observation.history, observation.actors, observation.num_players)
        after = beliefs.evidence(
            (*observation.history, action), (*observation.actors, me), observation.num_players
        )
        shown = exposure(list(before[me]), clan)
        then = exposure(list(after[me]), clan)
        if max(shown, then) < 0.05:
            return f"{_a(fed)} card, not your clan's, keeps your clan hidden"
        return (
            f"{_a(fed)} card, not your clan's: how plainly your moves show "
            f"{CLAN_NAMES[clan]} goes {shown:.0%} → {then:.0%}"
        )


def reach_words(
    observation: Any,
    table: Sequence[int],
    province: int,
    clan: str,
    size: int,
    names: Sequence[str] | None,
) -> str:
    """Which other players' armies could attack the `clan` army of `size` cards in
    `province` on their turns, with `table` (cards per province and clan) as it stands:
    the engine's attack rule (`attack_reach`, `in_reach`); no army is protected then."""
    index = CLAN_NAMES.index(clan)
    threats = []
    for seat in range(observation.num_players):
        if seat in (province, observation.player):
            continue
        reach = attack_reach(table[seat * NUM_CLANS : (seat + 1) * NUM_CLANS], index)
        if in_reach(reach, size):
            threats.append(f"{seat_name(names, seat)} ({reach} cards)")
    army = f"that {clan} army ({size} card{'s' if size != 1 else ''})"
    if not threats:
        return f"no other player has an army large enough to attack {army}"
    return f"{army} is within reach of the armies of {', '.join(threats)} on their turns"


ORDER_KINDS = frozenset({"deploy", "move", "attack", "ninja"})


def _change(record: Any, clan: str) -> int:
    """How the order changes `clan`'s cards on the table: a deployment adds one, the
    attack and the Ninja take one away, a move changes no total."""
    if record is None or record.clan != clan:
        return 0
    if isinstance(record, Deployed):
        return 1
    if isinstance(record, (Attacked, NinjaPlayed)):
        return -1
    return 0


def _a(word: str) -> str:
    """'an Oda', 'a Takeda'."""
    return f"an {word}" if word[:1] in "AEIOUÕ" else f"a {word}"


EXPLAINER = ShinobiExplainer()
