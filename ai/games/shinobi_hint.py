"""Shinobi moves in words, with facts from the sampled worlds (for hints).

The facts: after the move, the player's clan's cards on the table against the strongest
clan a rival serves (mean over worlds drawn from the observation, whose allegiances the
search drew from the public evidence); for an attack or a Ninja, in how many worlds the
army hit belongs to a rival's clan; for a card fed to another clan, how plainly the
player's public moves show their own clan before and after (the evaluation's exposure
term, from `engine.shinobi.beliefs`: public actions only).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.explain import Explainer, seat_name, worlds_words
from ai.games.shinobi import exposure
from engine.core import GameState
from engine.shinobi import beliefs
from engine.shinobi.actions import Attack, Deploy, Move, PlayNinja
from engine.shinobi.cards import CLAN_NAMES


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
        """What the move does, with facts from `worlds`."""
        me = observation.player
        clan = observation.allegiance
        mine = total = 0.0
        for world in worlds:
            world.apply(action)
            try:
                own, rival = _standing(world, me)
            finally:
                world.undo()
            mine += own
            total += rival
        count = max(1, len(worlds))
        table = (
            f"{CLAN_NAMES[clan]} would have {mine / count:.0f} cards on the table against "
            f"{total / count:.1f} for the strongest rival clan"
        )
        if isinstance(action, (Attack, PlayNinja)):
            hit = action.clan
            rival = sum(
                1
                for world in worlds
                if any(world.allegiance(p) == hit for p in range(world.num_players) if p != me)  # type: ignore[attr-defined]
            )
            verb = "removes" if isinstance(action, Attack) else "the Ninja takes"
            where = province_words(observation, action.province, names)
            return (
                f"{verb} {_a(CLAN_NAMES[hit])} card from {where}; {CLAN_NAMES[hit]} is a rival's "
                f"clan {worlds_words(rival, len(worlds))}; {table}"
            )
        fed = action.clan if isinstance(action, (Deploy, Move)) else clan
        if fed == clan:
            return f"builds up your clan: {table}"
        before = beliefs.evidence(observation.history, observation.actors, observation.num_players)
        after = beliefs.evidence(
            (*observation.history, action), (*observation.actors, me), observation.num_players
        )
        shown = exposure(list(before[me]), clan)
        then = exposure(list(after[me]), clan)
        if max(shown, then) < 0.05:
            return f"feeds {CLAN_NAMES[fed]}, not your clan, which keeps your clan hidden; {table}"
        return (
            f"feeds {CLAN_NAMES[fed]}, not your clan: how plainly your moves show "
            f"{CLAN_NAMES[clan]} goes {shown:.0%} → {then:.0%}; {table}"
        )


def _a(word: str) -> str:
    """'an Oda', 'a Takeda'."""
    return f"an {word}" if word[:1] in "AEIOUÕ" else f"a {word}"


EXPLAINER = ShinobiExplainer()
