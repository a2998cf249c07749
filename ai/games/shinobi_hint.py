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

from ai.explain import Explainer, Said, said, seat_name, worlds_said
from ai.games.shinobi import exposure
from engine.core import GameState
from engine.shinobi import beliefs
from engine.shinobi.actions import Attack, Deploy, Move, PlayNinja
from engine.shinobi.attack import attack_reach, in_reach, largest_target
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

    def reason_said(
        self,
        observation: Any,
        action: Any,
        worlds: list[GameState],
        names: Sequence[str] | None,
    ) -> Said:
        """What the move does, as the engine's records of it tell (the table is public,
        so every world tells the same), then facts counted in `worlds`, as data."""
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
                    world.army(q, c)  # type: ignore[attr-defined]
                    for q in range(world.num_players)
                    for c in range(NUM_CLANS)
                ]
            finally:
                world.undo()
        record = next((r for r in told if r.kind in ORDER_KINDS), None)
        mine = observation.clan_total(observation.allegiance) + _change(record, clan)
        standing = said(
            "after it your clan has {cards} on the table against {rival:.1f} for the strongest "
            "clan a rival serves (as the others' moves so far suggest who serves which)",
            cards=cards_said(mine),
            rival=rival / max(1, len(worlds)),
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
            reach = reach_said(observation, table, where, record.clan, size, names)
            what = said("{what}; {tail}", what=what, tail=reach)
        if isinstance(record, (Attacked, NinjaPlayed)):
            hit = CLAN_NAMES.index(record.clan)
            count = sum(
                1  # type: ignore[misc]
                for world in worlds
                if any(world.allegiance(p) == hit for p in range(world.num_players) if p != me)  # type: ignore[attr-defined]
            )
            rivals = said(
                "the {clan} are a rival's clan {worlds}",
                clan=record.clan,
                worlds=worlds_said(count, len(worlds)),
            )
            what = said("{what}; {tail}", what=what, tail=rivals)
        elif record.clan != clan:
            shown = self._shown(observation, action, record.clan)
            what = said("{what}; {tail}", what=what, tail=shown)
        return said("{what}; {tail}", what=what, tail=standing)

    def _what(self, observation: Any, record: Any, clan: str, names: Sequence[str] | None) -> Said:
        """The order's effect on the table, from its record."""
        yours = record.clan == clan
        if isinstance(record, Deployed):
            where = place_said("in", observation, record.province, names)
            return said(
                "adds a card to the {clan} army (your clan) {place} ({cards})"
                if yours
                else "adds a card to the {clan} army {place} ({cards})",
                clan=record.clan,
                place=where,
                cards=cards_said(record.army),
            )
        if isinstance(record, Moved):
            text = said(
                "moves {card}: {left} left {source}, {count} {target}; the {clan} total on the "
                "table stays the same",
                card=card_said(record.clan, yours),
                left=record.source_army,
                source=place_said("in", observation, record.source, names),
                count=record.target_army,
                target=place_said("in", observation, record.target, names),
                clan=record.clan,
            )
            largest = largest_target(record.target_army)
            if record.target == observation.player and largest:
                return said(
                    "{what}, and your {clan} army can attack armies of up to {cards}",
                    what=text,
                    clan=record.clan,
                    cards=cards_said(largest),
                )
            return text
        where = place_said("in", observation, record.province, names)
        if isinstance(record, Attacked):
            return said(
                "your {attacker} army ({strength}) removes a card from the {clan} army "
                "({defence}) {place}, {left} left",
                attacker=record.attacker,
                strength=record.strength,
                clan=record.clan,
                defence=record.defence,
                place=where,
                left=record.army,
            )
        return said(
            "the Ninja removes a card from the {clan} army {place}, {left} left",
            clan=record.clan,
            place=where,
            left=record.army,
        )

    def _shown(self, observation: Any, action: Any, fed: str) -> Said:
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
            return said(
                "{card}, not your clan's, keeps your clan hidden", card=card_said(fed, False)
            )
        return said(
            "{card}, not your clan's: how plainly your play shows {clan} goes {before:.0%} → "
            "{after:.0%}",
            card=card_said(fed, False),
            clan=CLAN_NAMES[clan],
            before=shown,
            after=then,
        )


def cards_said(n: int) -> Said:
    """'1 card', '3 cards' (the English plural chosen here, each form its own message)."""
    return said("{count} card", count=n) if n == 1 else said("{count} cards", count=n)


def card_said(clan: str, yours: bool) -> Said:
    """'an Oda card', 'a Takeda card (your clan)'."""
    vowel = clan[:1] in "AEIOUÕ"
    if yours:
        return said(
            "an {clan} card (your clan)" if vowel else "a {clan} card (your clan)", clan=clan
        )
    return said("an {clan} card" if vowel else "a {clan} card", clan=clan)


def place_said(
    preposition: str, observation: Any, province: int, names: Sequence[str] | None
) -> Said:
    """'in your province', "in Player 3's province" (one message per preposition, as a
    language declines the province after it)."""
    if province == observation.player:
        return said("in your province") if preposition == "in" else said("to your province")
    player = seat_name(names, province)
    if preposition == "in":
        return said("in {player}'s province", player=player)
    return said("to {player}'s province", player=player)


def reach_words(
    observation: Any,
    table: Sequence[int],
    province: int,
    clan: str,
    size: int,
    names: Sequence[str] | None,
) -> str:
    """`reach_said` in English."""
    return str(reach_said(observation, table, province, clan, size, names))


def reach_said(
    observation: Any,
    table: Sequence[int],
    province: int,
    clan: str,
    size: int,
    names: Sequence[str] | None,
) -> Said:
    """Which other players' armies could attack the `clan` army of `size` cards in
    `province` on their turns, with `table` (cards per province and clan) as it stands:
    the engine's attack rule (`attack_reach`, `in_reach`); no army is protected then."""
    index = CLAN_NAMES.index(clan)
    threats: Said | None = None
    for seat in range(observation.num_players):
        if seat in (province, observation.player):
            continue
        reach = attack_reach(table[seat * NUM_CLANS : (seat + 1) * NUM_CLANS], index)
        if in_reach(reach, size):
            threat = said(
                "{player} ({cards})", player=seat_name(names, seat), cards=cards_said(reach)
            )
            threats = threat if threats is None else said("{a}, {b}", a=threats, b=threat)
    if threats is None:
        return said(
            "no other player has an army large enough to attack that {clan} army ({cards})",
            clan=clan,
            cards=cards_said(size),
        )
    return said(
        "that {clan} army ({cards}) is within reach of the armies of {threats} on their turns",
        clan=clan,
        cards=cards_said(size),
        threats=threats,
    )


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
