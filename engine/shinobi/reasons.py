"""Why a Shinobi action is not legal now (`ShinobiState.why_illegal`), in words for people.

It reads the position through the state's public methods only; the attack's size rule is
`engine.shinobi.attack.may_attack`, as for the legal actions.
"""

from __future__ import annotations

from typing import Any

from engine.shinobi.actions import LAST_ORDER, Attack, Deploy, Move, PlayNinja, ShinobiAction
from engine.shinobi.attack import may_attack
from engine.shinobi.cards import CLAN_NAMES, NINJA
from engine.shinobi.position import PositionView as ShinobiState  # what a state answers


def why_illegal(state: ShinobiState, action: Any) -> str | None:
    """None when `action` is legal in `state` now, else the rule it breaks, in words."""
    order = state.order
    if not order:
        return "the game is over"
    p = state.current_player()
    n = state.num_players
    hand = state.hand(p)
    if not isinstance(action, Deploy | PlayNinja | Move | Attack):
        return f"{action!r} is not a Shinobi action"
    for province in _provinces_of(action):
        if province >= n:
            return f"there is no province {province} with {n} players"
    if isinstance(action, Deploy):
        name = CLAN_NAMES[action.clan]
        if order == LAST_ORDER:
            return "the orders are over: only the attack (third order) is left"
        if not hand[action.clan]:
            return f"you have no {name} card in your hand"
        if order == 1 and action.province == p:
            return (
                "the first order deploys to another player's province, not your own "
                "(your own comes with the second order)"
            )
        if order == 2 and action.province != p:
            return "the second order deploys only to your own province"
        return None
    if isinstance(action, PlayNinja):
        if order != 1:
            return "a Ninja can only be played instead of the first order"
        if not hand[NINJA]:
            return "you have no Ninja in your hand"
        if action.province == p:
            return "a Ninja may not be played on the armies of your own province"
        if not state.army(action.province, action.clan):
            return f"there is no {CLAN_NAMES[action.clan]} army in province {action.province}"
        return None
    if isinstance(action, Move):
        name = CLAN_NAMES[action.clan]
        if order != 2:
            return "cards can only be moved with the second order"
        if action.source == p:
            return "you may not move forces out of your own province (only into it)"
        if action.source == action.target:
            return "a card must move to a different province"
        if not state.army(action.source, action.clan):
            return f"there is no {name} card in province {action.source} to move"
        return None
    return _why_not_attack(state, action, p)


def _why_not_attack(state: ShinobiState, action: Attack, p: int) -> str | None:
    """The attack's reasons (the third order)."""
    order = state.order
    if order != LAST_ORDER:
        return f"the attack is the third order; give order {order} first"
    attacker = CLAN_NAMES[action.attacker]
    target = CLAN_NAMES[action.clan]
    strength = state.army(p, action.attacker)
    defence = state.army(action.province, action.clan)
    if not strength:
        return f"there is no {attacker} army in your own province to attack with"
    if action.province == p:
        return "attacks go from your own province against armies in other provinces"
    if action.clan == action.attacker:
        return f"an army may not attack an army of its own clan ({attacker})"
    if not defence:
        return f"there is no {target} army in province {action.province}"
    if not may_attack(action.attacker, strength, action.clan, defence):
        return (
            f"the {target} army in province {action.province} has {defence} card(s); "
            f"your {attacker} army of {strength} may only attack a strictly smaller army"
        )
    if state.is_protected(action.province, action.clan):
        return (
            f"the {target} army in province {action.province} received a card or the Ninja "
            "this turn and may not be attacked"
        )
    return None


def _provinces_of(action: ShinobiAction) -> tuple[int, ...]:
    """The provinces an action names."""
    if isinstance(action, Move):
        return (action.source, action.target)
    return (action.province,)
