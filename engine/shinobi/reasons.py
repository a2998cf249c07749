"""Why a Shinobi action is not legal now (`ShinobiState.why_illegal`), as words for people.

A reason names the rule that refuses the action; it is `engine.words.Words`: English
marked for the catalog with its values, said in the language spoken when it is read (the
table's status line and tooltips, `daimyo play`). A province is the value `place`, itself
`Words` with its preposition ("in province 2"), so a reader that names seats its own way
("in Player 3's province") swaps that one value (`Words.with_value`). It reads the
position through the state's public methods only; the attack's size rule is
`engine.shinobi.attack`, as for the legal actions.
"""

from __future__ import annotations

from typing import Any

from engine.shinobi.actions import LAST_ORDER, Attack, Deploy, Move, PlayNinja, ShinobiAction
from engine.shinobi.attack import MIN_STRENGTH, may_attack
from engine.shinobi.cards import CLAN_NAMES, NINJA
from engine.shinobi.position import PositionView as ShinobiState  # what a state answers
from engine.words import N_, Words


def place(province: int) -> Words:
    """The words for `province` in a reason ("in province 2"; the `place` value)."""
    return Words.of(N_("in province {province}"), province=province)


def why_illegal(state: ShinobiState, action: Any) -> Words | None:
    """None when `action` is legal in `state` now, else the rule it breaks, in words."""
    order = state.order
    if not order:
        return Words.of(N_("the game is over"))
    p = state.current_player()
    n = state.num_players
    hand = state.hand(p)
    if not isinstance(action, Deploy | PlayNinja | Move | Attack):
        return Words.of(N_("{action} is not a Shinobi action"), action=repr(action))
    for province in _provinces_of(action):
        if province >= n:
            return Words.of(
                N_("there is no province {province} with {players} players"),
                province=province,
                players=n,
            )
    if isinstance(action, Deploy):
        return _why_not_deploy(state, action, p)
    if isinstance(action, PlayNinja):
        if order != 1:
            return Words.of(N_("a Ninja can only be played instead of the first order"))
        if not hand[NINJA]:
            return Words.of(N_("you have no Ninja in your hand"))
        if action.province == p:
            return Words.of(N_("a Ninja may not be played on the armies of your own province"))
        if not state.army(action.province, action.clan):
            return _no_army(action.clan, action.province)
        return None
    if isinstance(action, Move):
        if order != 2:
            return Words.of(N_("cards can only be moved with the second order"))
        if action.source == p:
            return Words.of(N_("you may not move cards out of your own province (only into it)"))
        if action.source == action.target:
            return Words.of(N_("a card must move to a different province"))
        if not state.army(action.source, action.clan):
            return Words.of(
                N_("there is no {clan} card {place} to move"),
                clan=CLAN_NAMES[action.clan],
                place=place(action.source),
            )
        return None
    return _why_not_attack(state, action, p)


def _why_not_deploy(state: ShinobiState, action: Deploy, p: int) -> Words | None:
    """The deployment's reasons (the first and second orders)."""
    order = state.order
    if order == LAST_ORDER:
        return Words.of(N_("the orders are over: only the attack (third order) is left"))
    if not state.hand(p)[action.clan]:
        return Words.of(N_("you have no {clan} card in your hand"), clan=CLAN_NAMES[action.clan])
    if order == 1 and action.province == p:
        return Words.of(
            N_(
                "the first order deploys to another player's province, not your own "
                "(your own comes with the second order)"
            )
        )
    if order == 2 and action.province != p:
        return Words.of(N_("the second order deploys only to your own province"))
    return None


def _why_not_attack(state: ShinobiState, action: Attack, p: int) -> Words | None:
    """The attack's reasons (the third order)."""
    order = state.order
    if order != LAST_ORDER:
        return Words.of(N_("the attack is the third order; give order {order} first"), order=order)
    attacker = CLAN_NAMES[action.attacker]
    target = CLAN_NAMES[action.clan]
    strength = state.army(p, action.attacker)
    defence = state.army(action.province, action.clan)
    if not strength:
        return Words.of(
            N_("there is no {clan} army in your own province to attack with"), clan=attacker
        )
    if strength < MIN_STRENGTH:
        return Words.of(
            N_("your {clan} army is too small to attack: an army needs at least {least} cards"),
            clan=attacker,
            least=MIN_STRENGTH,
        )
    if action.province == p:
        return Words.of(N_("attacks go from your own province against armies in other provinces"))
    if action.clan == action.attacker:
        return Words.of(
            N_("an army may not attack an army of its own clan ({clan})"), clan=attacker
        )
    if not defence:
        return _no_army(action.clan, action.province)
    if not may_attack(action.attacker, strength, action.clan, defence):
        return Words.of(
            N_(
                "the {target} army {place} has {defence} cards; your {clan} army of "
                "{strength} may only attack a strictly smaller army"
            ),
            target=target,
            place=place(action.province),
            defence=defence,
            clan=attacker,
            strength=strength,
        )
    if state.is_protected(action.province, action.clan):
        return Words.of(
            N_(
                "the {target} army {place} received a card or the Ninja this turn "
                "and may not be attacked"
            ),
            target=target,
            place=place(action.province),
        )
    return None


def _no_army(clan: int, province: int) -> Words:
    return Words.of(
        N_("there is no {clan} army {place}"), clan=CLAN_NAMES[clan], place=place(province)
    )


def _provinces_of(action: ShinobiAction) -> tuple[int, ...]:
    """The provinces an action names."""
    if isinstance(action, Move):
        return (action.source, action.target)
    return (action.province,)
