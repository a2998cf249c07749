"""Battle for Rokugan moves in words, with facts from the sampled worlds (for hints).

Every fact is counted in worlds drawn from the player's observation (the face-down tokens
of rivals as the search drew them), never in the true state:
- a defence names the rival strength aimed at the province (mean over the worlds) and
  whether it is the player's most threatened province, and in how many worlds the
  province is still held once the board as it would then stand is resolved;
- an attack (or a Blessing on one) says in how many worlds the province is taken;
- a Raid in how many worlds the province is scorched; Diplomacy what it shields;
- an objective how often players dealt it met it in measured games (`OBJECTIVE_ODDS`);
- a control token the province's flowers; a card or a pass the player's honor and the
  best rival's if the board were resolved now, before and after it (the engine's
  resolution of the tokens placed, `resolved_preview`, mean over the worlds). That is
  the board's honor now, named so, not the hint's projected lead: the one lead figure a
  hint quotes is the search's value of its move (`ai.hint.lead_said`).

Tokens and places are named as a player sees them ("Crab's face-down token on the
Kazahaya → Fujikaze border", "your Army 3 in Kanaiso"), never by a board serial.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.explain import Explainer, Said, Term, said, seat_name, worlds_said
from ai.games.rokugan import OBJECTIVE_CLAN
from ai.games.rokugan_priors import OBJECTIVE_ODDS
from engine.core import GameState
from engine.rokugan import actions as A
from engine.rokugan import battles
from engine.rokugan.data import (
    BLESSING,
    BLUFF,
    CLANS,
    DIPLOMACY,
    LABEL_KIND,
    OBJECTIVE_INDEX,
    RAID,
    SCORCHED,
    TOKEN_LABELS,
)
from engine.rokugan.events import token_words
from engine.rokugan.position import PH_PLACE, PH_SWAP
from engine.rokugan.token_cards import looks_only

_SMALL = {"of", "the", "a", "an", "to", "in", "on"}
# The templates below say it as they are (`Said`): one sentence each for the app's words.


def pretty(identifier: str) -> str:
    """'last_line_of_defense' -> 'Last Line of Defense'."""
    words = identifier.replace("_", " ").split()
    return " ".join(w if i and w in _SMALL else w[:1].upper() + w[1:] for i, w in enumerate(words))


def _board(observation: Any) -> Any:
    return observation._base[1]


def _name(board: Any, q: int) -> str:
    return board.graph.provinces[q].name


def _target(observation: Any, where: str) -> int | None:
    """The province a placement on `where` concerns (a Blessing: its host's)."""
    board = _board(observation)
    if where.startswith("#"):
        serial = int(where[1:])
        tokens = observation.board_tokens
        bt = tokens[serial] if 0 <= serial < len(tokens) else None
        if bt is None or bt[1] < 0:
            return None
        return board.slot_target[bt[1]]
    slot = board.slot_by_text.get(where)
    return None if slot is None else board.slot_target[slot]


def token_at_words(observation: Any, serial: int, names: Sequence[str] | None = None) -> str:
    """Board token `serial` as the player sees it: whose it is, what it is when known,
    where it lies ("Crab's face-down token on the border Kazahaya → Fujikaze")."""
    return str(token_at_said(observation, serial, names))


def token_at_said(observation: Any, serial: int, names: Sequence[str] | None = None) -> Said:
    """`token_at_words` as data."""
    board = _board(observation)
    tokens = observation.board_tokens
    bt = tokens[serial] if 0 <= serial < len(tokens) else None
    if bt is None:
        return said("a token no longer on the board")
    player, slot, _up, host, _blessed, tid = bt
    me = observation.player
    clans = observation._base[2]
    clan = _clan_term(observation, player, names)
    seen: set[int] = set()
    while slot < 0 and 0 <= host < len(tokens) and tokens[host] is not None and host not in seen:
        seen.add(host)
        slot, host = tokens[host][1], tokens[host][3]
    if tid >= 0:
        label = TOKEN_LABELS[clans[player]][tid]
        token = Term("token", label, token_words(label))
        what = said("your {token}" if player == me else "{clan}'s {token}", token=token, clan=clan)
    else:
        what = said(
            "your face-down token" if player == me else "{clan}'s face-down token", clan=clan
        )
    if slot < 0:
        return what
    place = where_said(observation, board.slot_text[slot])
    if slot < board.n:
        return said("{what} in {place}", what=what, place=place)
    if board.is_coastal_slot(slot):
        return said("{what} off {place}", what=what, place=place)
    return said("{what} on {place}", what=what, place=place)


def where_words(observation: Any, where: str, names: Sequence[str] | None = None) -> str:
    """A place in words: 'Kanaiso', 'the border Kazahaya → Fujikaze', 'the coast of X',
    or a board token ('#N') by whose it is, what and where (`token_at_words`)."""
    return str(where_said(observation, where, names))


def where_said(observation: Any, where: str, names: Sequence[str] | None = None) -> Said:
    """`where_words` as data."""
    board = _board(observation)
    provinces = {p.id: p.name for p in board.graph.provinces}
    if where.startswith("#") and where[1:].isdigit():
        return token_at_said(observation, int(where[1:]), names)
    if "|" in where:
        pair, _, target = where.partition(" ->")
        a, b = pair.split("|")
        source = b if target == a else a
        return said(
            "the border {source} → {target}",
            source=provinces.get(source, source),
            target=provinces.get(target, target),
        )
    slot = board.slot_by_text.get(where)
    if slot is not None and board.is_coastal_slot(slot):
        return said("the coast of {province}", province=_name(board, board.slot_target[slot]))
    return said("{province}", province=provinces.get(where, where))


def _owner_after(world: GameState, action: Any, q: int) -> tuple[int, int]:
    """(controller, special token) of province q once `action` is played in `world` and
    the board is resolved as it would then stand."""
    world.apply(action)
    try:
        if world.phase in (PH_PLACE, PH_SWAP):  # type: ignore[attr-defined]
            with world.resolved_preview() as resolved:  # type: ignore[attr-defined]
                return resolved.ctrl_owner[q], resolved.special[q]
        return world.ctrl_owner[q], world.special[q]  # type: ignore[attr-defined]
    finally:
        world.undo()


def _threats(worlds: list[GameState], me: int) -> dict[int, float]:
    """Rival strength aimed at each of `me`'s provinces, mean over the worlds."""
    totals: dict[int, float] = {}
    for world in worlds:
        aims, _, _ = battles.board_totals(world)  # type: ignore[arg-type]
        for q, by_player in enumerate(aims):
            if world.ctrl_owner[q] != me:  # type: ignore[attr-defined]
                continue
            rival = sum(v for p, v in by_player.items() if p != me)
            totals[q] = totals.get(q, 0.0) + rival
    return {q: v / max(1, len(worlds)) for q, v in totals.items()}


def _honor_now(worlds: list[GameState], me: int, action: Any = None) -> tuple[float, float]:
    """(`me`'s honor, the best rival's) if the board were resolved now, after `action`
    when one is given: the engine's resolution of the tokens placed (`resolved_preview`)
    in a placement or swap position, the honor held otherwise; mean over the worlds."""
    mine = rival = 0.0
    for world in worlds:
        if action is not None:
            world.apply(action)
        try:
            if world.phase in (PH_PLACE, PH_SWAP):  # type: ignore[attr-defined]
                with world.resolved_preview() as resolved:  # type: ignore[attr-defined]
                    honor = resolved.honor()
            else:
                honor = world.honor()  # type: ignore[attr-defined]
            mine += honor[me]
            rival += max(h for p, h in enumerate(honor) if p != me)
        finally:
            if action is not None:
                world.undo()
    count = max(1, len(worlds))
    return mine / count, rival / count


class RokuganExplainer(Explainer):
    """Battle for Rokugan's words for moves (see the module docstring)."""

    def describe(self, observation: Any, action: Any, names: Sequence[str] | None) -> str:
        """The move in words: 'Army 3 on the border Kazahaya → Fujikaze'."""
        board = _board(observation)
        if isinstance(action, A.ChooseObjective):
            return f"keep the objective {pretty(action.objective)}"
        if isinstance(action, A.PlaceControl):
            q = board.index.get(action.province)
            return f"a control token on {_name(board, q) if q is not None else action.province}"
        if isinstance(action, A.Pass):
            return "pass"
        if isinstance(action, A.ReturnToken):
            return f"return {token_words(action.token)} to the pool"
        if isinstance(action, A.Place):
            return f"{token_words(action.token)} on {where_words(observation, action.where, names)}"
        if isinstance(action, A.Animate):
            where = where_words(observation, action.where, names)
            return f"animate {token_words(action.token)} on {where}"
        if isinstance(action, A.PlayCard):
            targets = ", ".join(where_words(observation, t, names) for t in action.targets)
            return f"play {pretty(action.card)}" + (f" on {targets}" if targets else "")
        if isinstance(action, A.SendToken):
            return f"send {token_words(action.token)} to the {action.to}"
        if isinstance(action, (A.Peek, A.Look)):
            return f"look at {where_words(observation, action.target, names)}"
        if isinstance(action, A.Discard):
            return f"discard {where_words(observation, action.target, names)}"
        if isinstance(action, A.Swap):
            return f"swap {action.first} and {action.second}"
        if isinstance(action, A.Skip):
            return f"do not {action.what}"
        return str(action)

    def reason_said(
        self,
        observation: Any,
        action: Any,
        worlds: list[GameState],
        names: Sequence[str] | None,
    ) -> Said:
        """What the move does, with facts from `worlds`, as data."""
        board = _board(observation)
        me = observation.player
        if isinstance(action, A.Place):
            return self._placement(observation, action, worlds, names)
        if isinstance(action, A.ChooseObjective):
            index = OBJECTIVE_INDEX[action.objective]
            clan = observation._base[2][me]
            odds = OBJECTIVE_ODDS[action.objective][OBJECTIVE_CLAN.get(index) == clan]
            # the move's own words name the objective and its honor: the reason adds the odds
            return said("met by {odds:.0%} of the players dealt it in measured games", odds=odds)
        if isinstance(action, A.PlaceControl):
            q = board.index[action.province]
            flowers = board.flowers[q]
            t = board.territory[q]
            params = {"province": _name(board, q), "flowers": flowers}
            if t >= 0:
                params["territory"] = _territory(board, t)
                if flowers == 1:
                    return said("takes {province} in {territory}, worth {flowers} flower", **params)
                return said("takes {province} in {territory}, worth {flowers} flowers", **params)
            if flowers == 1:
                return said("takes {province}, worth {flowers} flower", **params)
            return said("takes {province}, worth {flowers} flowers", **params)
        look = _looked_at(action)
        if look is not None:
            token = where_said(observation, look, names)
            q = _target(observation, look)
            if q is None:
                return said("looks at {token}", token=token)
            if observation.public[1][q] == me:
                return said(
                    "looks at {token}, aimed at your province {province}",
                    token=token,
                    province=_name(board, q),
                )
            return said(
                "looks at {token}, aimed at {province}", token=token, province=_name(board, q)
            )
        if isinstance(action, A.Pass):
            mine, rival = _honor_now(worlds, me)
            return said(
                "keeps your cards for a later round (if the board were resolved now: you "
                "{mine:.1f} honor, the best rival {rival:.1f})",
                mine=mine,
                rival=rival,
            )
        mine0, rival0 = _honor_now(worlds, me)
        mine, rival = _honor_now(worlds, me, action)
        return said(
            "if the board were resolved now: you {mine:.1f} honor, the best rival {rival:.1f} "
            "(before it {mine0:.1f} and {rival0:.1f})",
            mine=mine,
            rival=rival,
            mine0=mine0,
            rival0=rival0,
        )

    def _placement(
        self,
        observation: Any,
        action: A.Place,
        worlds: list[GameState],
        names: Sequence[str] | None,
    ) -> Said:
        board = _board(observation)
        me = observation.player
        kind = LABEL_KIND[action.token][0]
        q = _target(observation, action.where)
        token = Term("token", action.token, token_words(action.token))
        if q is None:
            return said("places {token}", token=token)
        province = _name(board, q)
        owner = observation.public[1][q]
        total = len(worlds)
        if kind == BLUFF:
            return said(
                "a bluff on {place}: it keeps a real token in hand, and rivals cannot tell it "
                "from one",
                place=where_said(observation, action.where, names),
            )
        if kind == DIPLOMACY:
            return said(
                "makes {province} peaceful for good: no battle there this round",
                province=province,
            )
        after = [_owner_after(world, action, q) for world in worlds]
        if kind == RAID:
            burnt = sum(1 for _, special in after if special == SCORCHED)
            return said(
                "raids {province}: scorched {worlds}",
                province=province,
                worlds=worlds_said(burnt, total),
            )
        held = sum(1 for o, _ in after if o == me)
        blessing = kind == BLESSING
        if owner == me:
            threats = _threats(worlds, me)
            aimed = threats.get(q, 0.0)
            if aimed <= 0:
                return said(
                    "guards {province} (Blessing): no rival token aims at it, and a defender "
                    "nobody attacks earns a face-up control token"
                    if blessing
                    else "guards {province}: no rival token aims at it, and a defender "
                    "nobody attacks earns a face-up control token",
                    province=province,
                )
            top = max(threats, key=lambda r: (threats[r], -r))
            params = {"province": province, "aimed": aimed, "worlds": worlds_said(held, total)}
            if top == q:
                return said(
                    "defends {province}, the province most likely to be attacked (Blessing): "
                    "rivals aim {aimed:.1f} strength at it on average; held {worlds}"
                    if blessing
                    else "defends {province}, the province most likely to be attacked: rivals "
                    "aim {aimed:.1f} strength at it on average; held {worlds}",
                    **params,
                )
            return said(
                "defends {province} ({other} is more threatened) (Blessing): rivals aim "
                "{aimed:.1f} strength at it on average; held {worlds}"
                if blessing
                else "defends {province} ({other} is more threatened): rivals aim {aimed:.1f} "
                "strength at it on average; held {worlds}",
                other=_name(board, top),
                **params,
            )
        params = {"province": province, "worlds": worlds_said(held, total)}
        if owner < 0:
            return said(
                "strengthens the attack on {province} (unclaimed): taken {worlds}"
                if blessing
                else "attacks {province} (unclaimed): taken {worlds}",
                **params,
            )
        return said(
            "strengthens the attack on {province} ({clan}'s): taken {worlds}"
            if blessing
            else "attacks {province} ({clan}'s): taken {worlds}",
            clan=_clan_term(observation, owner, names),
            **params,
        )


def _territory(board: Any, t: int) -> Term:
    """A territory by the name the map gives it, for the app to say in the person's
    language; in English "Golden Plains territory"."""
    name = board.graph.territories[t].name
    return Term("territory", name, name if "territory" in name.lower() else f"{name} territory")


def _looked_at(action: Any) -> str | None:
    """The board token ("#N") a look, peek or scout card looks at, else None."""
    if isinstance(action, (A.Peek, A.Look)):
        return action.target
    if isinstance(action, A.PlayCard) and looks_only(action.card) and action.targets:
        return action.targets[0]
    return None


def _clan(observation: Any, player: int, names: Sequence[str] | None) -> str:
    if names is not None:
        return seat_name(names, player)
    clans = observation._base[2]
    return pretty(CLANS[clans[player]])


def _clan_term(observation: Any, player: int, names: Sequence[str] | None) -> Term:
    """The clan of seat `player` (named as `names` gives it in English)."""
    clans = observation._base[2]
    return Term("clan", CLANS[clans[player]], _clan(observation, player, names))


EXPLAINER = RokuganExplainer()
