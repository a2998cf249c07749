"""Every effect of an action card, a reaction card and an advisor's service, declared once.

An `Effect` holds all that the game, the story and the AI need of one primitive (`op` in
`data/cards.json` and `data/advisors.json`):

* `targets(st, s, amount)` - the argument lists seat `s` may use it with now (None: not
  now); for effects used inside a fight, the fight step that offers them decides, and
  `targets` says whether the effect can act in the fight under way.
* `effect(st, s, amount, args)` - what it does (for a fight's effects `args` is empty and
  the fight under way is changed).
* `words` / `words_you` - the story's words, told of another player / to the player who
  acted (a sentence's subject is the narrator's: words start at the verb where the player
  acts: "takes 3 Ryo" / "take 3 Ryo"), English marked for the catalog (`engine.words.N_`)
  and said in the reader's language by the app: `{player}` (the player's name),
  `{amount}`, `{target}` (a targeted seat's name), `{cards}` ("2 cards"), `{field}`,
  `{field2}` the fields it names (by name), `{gained}` what it took; `words_target` is
  told to the targeted player ("takes Hosaku from you").
* `ai_value(st, s, args)` - how much a bot values playing it now (in the search
  adapter's ordering units: a peasant placed is about 1).
* `service_worth(st, s, amount, ryo, card)` - what one advisor's service with this effect is
  worth to seat `s` in fields, for sealed bids (`ryo`, `card`: what a Ryo and a card are
  worth to the bot); None: the bot's general estimate.
* `strength` - True when paying for it adds `amount` to its side's strength in a fight.
* `moment` - when it acts: "action" (a card played or a service used as the action),
  "bonus" (a service in place of a face-down card), "reveal" (a reaction card paid for
  after the reveal), "shouri" (after the tie-break, by the losing side), "answer" (the
  challenged daimyo's answer to a duel).

A card or advisor whose op has no entry here fails at import (`EFFECTS` is checked
against `data.ACTION_OPS`, `REACTION_OPS` and `SERVICE_OPS`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.ricewars.data import ACTION_OPS, HAND_LIMIT, REACTION_OPS, SERVICE_OPS
from engine.ricewars.deck import draw, draw_one
from engine.ricewars.economy import earn
from engine.ricewars.hiring import refresh
from engine.ricewars.peasants import connected, peasant_fields, remove_peasant, supply_peasant
from engine.ricewars.position import PLANT, Position, bits, mix
from engine.words import N_

Targets = Callable[[Position, int, int], "list[tuple[str, ...]] | None"]
Apply = Callable[[Position, int, int, tuple[str, ...]], None]
Value = Callable[[Position, int, tuple[str, ...]], float]
Worth = Callable[[Position, int, int, float, float], float]


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect: its targets, what it does, its words and its value for the AI."""

    op: str
    targets: Targets
    effect: Apply
    words: str
    ai_value: Value
    strength: bool = False
    moment: str = "action"
    service_worth: Worth | None = None
    words_you: str = ""  # told to the player who acted; "" when the same as `words`
    words_target: str = ""  # told to the player it targets; "" when the same as `words`

    def told(self, you: bool, targeted: bool = False) -> str:
        """The words for the player who acted (`you`), the one it targeted, or anyone else."""
        if you and self.words_you:
            return self.words_you
        return self.words_target if targeted and self.words_target else self.words


# -- targets -------------------------------------------------------------------------


def _always(st: Position, s: int, amount: int) -> list[tuple[str, ...]] | None:
    return [()]


def _tax_targets(st: Position, s: int, amount: int) -> list[tuple[str, ...]] | None:
    return [()] if any(st.money[q] > 0 for q in range(st.n) if q != s) else None


def _supply_targets(st: Position, s: int, amount: int) -> list[tuple[str, ...]] | None:
    if st.supply[s] <= 0:
        return None
    return [(st.fid(f),) for f in bits(peasant_fields(st, s))] or None


def _plant_targets(st: Position, s: int, amount: int) -> list[tuple[str, ...]] | None:
    return [()] if st.reserve[s] > 0 and peasant_fields(st, s) else None


def _disconnected_targets(st: Position, s: int, amount: int) -> list[tuple[str, ...]] | None:
    out: list[tuple[str, ...]] = []
    for q in st.opponents(s):
        out.extend((st.fid(f),) for f in bits(st.own[q] & ~connected(st, q)))
    return out or None


def _adjacent_targets(st: Position, s: int, amount: int) -> list[tuple[str, ...]] | None:
    near = st.board.adj[st.palace[s]]
    for f in bits(st.own[s]):
        near |= st.board.adj[f]
    out: list[tuple[str, ...]] = []
    for q in st.opponents(s):
        out.extend((st.fid(f),) for f in bits(st.own[q] & near))
    return out or None


def _walk_targets(st: Position, s: int, amount: int) -> list[tuple[str, ...]] | None:
    free = st.free_mask()
    out: list[tuple[str, ...]] = []
    for f in bits(st.own[s]):
        out.extend((st.fid(f), st.fid(g)) for g in bits(st.board.adj[f] & free))
    return out or None


def _ashigaru_targets(st: Position, s: int, amount: int) -> list[tuple[str, ...]] | None:
    return [()] if st.supply_ash > 0 else None


def _refresh_targets(st: Position, s: int, amount: int) -> list[tuple[str, ...]] | None:
    return [()] if st.ash_x[s] + st.ron_x[s] > 0 else None


def _steal_targets(st: Position, s: int, amount: int) -> list[tuple[str, ...]] | None:
    return [(f"p{q}",) for q in range(st.n) if q != s and st.hands[q]] or None


def _exhaust_targets(st: Position, s: int, amount: int) -> list[tuple[str, ...]] | None:
    return [(f"p{q}",) for q in st.opponents(s) if st.ash[q] > 0] or None


def _in_fight(kind: str | None, side: int | None = None, card: bool = False) -> Targets:
    """For a fight's effects: usable in a fight of `kind` (any: None), by `side` only if
    given, and only with a card left to draw if `card`."""

    def targets(st: Position, s: int, amount: int) -> list[tuple[str, ...]] | None:
        f = st.fight
        if f is None or (kind is not None and f["kind"] != kind):
            return None
        if card and not (st.deck or st.discard):
            return None
        if side is not None and (f["att"] if side == 0 else f["dfn"]) != s:
            return None
        return [()]

    return targets


# -- effects -------------------------------------------------------------------------


def _gain_money(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    earn(st, s, amount)


def _festival(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    earn(st, s, connected(st, s).bit_count() // 2)


def _tax(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    for q in st.humans_from(s)[1:]:
        paid = min(amount, st.money[q])
        st.money[q] -= paid
        st.money[s] += paid


def _from_supply(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    supply_peasant(st, s, st.field(args[0]), s, "supply")


def _plant(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    st.plant_left = amount
    st.phase = PLANT


def _remove(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    remove_peasant(st, st.field(args[0]), "removed by a card")


def _walk(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    st._set_owner(st.field(args[0]), -1)
    st._set_owner(st.field(args[1]), s)


def _gain_ashigaru(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    st.supply_ash -= 1
    st.ash[s] += 1


def _refresh(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    refresh(st, s)


def _steal(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    q = int(args[0][1:])
    hand = st.hands[q]
    k = mix(st.chance_seed, st.chance) % len(hand)
    st.chance += 1
    rest = hand[:k] + hand[k + 1 :]
    if len(st.hands[s]) < HAND_LIMIT:
        st.hands[s] += (hand[k],)
        st.hands[q] = rest
    else:  # never more than 5: the stolen card goes back, to the end of the hand
        st.hands[q] = rest + (hand[k],)


def _draw(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    draw(st, s, amount)


def _exhaust(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    q = int(args[0][1:])
    st.ash[q] -= 1
    st.ash_x[q] += 1


def _side(st: Position, s: int) -> int:
    return 0 if st.fight["att"] == s else 1


def _keep_active(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    """Kyuujo: the troops of `s` in this combat turn back to their active side."""
    a, r = st.fight["troops"][_side(st, s)]
    st.ash_x[s] -= a
    st.ash[s] += a
    st.ron_x[s] -= r
    st.ron[s] += r


def _win(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    st.fight["winner"] = _side(st, s)


def _paid_strength(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    """Mamori, Yuuki: counted in the strength while paid for (`fight.strength_parts`)."""


def _dodge(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    """Nigeru: the duel does not take place (the duel's rules end it)."""
    st.fight["winner"] = -1


def _blind_card(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    f = st.fight
    c = draw_one(st)
    if c >= 0:
        side = _side(st, s)
        blind = list(f["blind"])
        blind[side] = blind[side] + (c,)
        f["blind"] = tuple(blind)


def _strength(st: Position, s: int, amount: int, args: tuple[str, ...]) -> None:
    f = st.fight
    extra = list(f["extra"])
    extra[_side(st, s)] += amount
    f["extra"] = tuple(extra)


# -- AI values -----------------------------------------------------------------------


def _const(value: float) -> Value:
    def ai_value(st: Position, s: int, args: tuple[str, ...]) -> float:
        return value

    return ai_value


def _field_value(st: Position, s: int, args: tuple[str, ...]) -> float:
    """A peasant placed or removed: more on a blessed field."""
    return 1.2 + 0.5 * st.board.blessed[st.field(args[0])]


def _walk_value(st: Position, s: int, args: tuple[str, ...]) -> float:
    """A walk is worth the peasants it connects, and a blessed field reached."""
    src, dst = (st.field(x) for x in args)
    before = connected(st, s).bit_count()
    st._set_owner(src, -1)
    st._set_owner(dst, s)
    after = connected(st, s).bit_count()
    st._set_owner(dst, -1)
    st._set_owner(src, s)
    return 0.2 * (after - before) + 0.5 * st.board.blessed[dst]


def _money_worth(st: Position, s: int, amount: int, ryo: float, card: float) -> float:
    return amount * ryo


def _cards_worth(st: Position, s: int, amount: int, ryo: float, card: float) -> float:
    return amount * card


def _supply_worth(st: Position, s: int, amount: int, ryo: float, card: float) -> float:
    """A peasant from the supply is worth almost a field while one can be placed."""
    return 0.9 if st.supply[s] > 0 and peasant_fields(st, s) else 0.2


def _refresh_worth(st: Position, s: int, amount: int, ryo: float, card: float) -> float:
    """Worth the troops it makes active again."""
    return 0.1 + 0.2 * (st.ash[s] + st.ash_x[s] + st.ron[s] + st.ron_x[s])


# -- the table -----------------------------------------------------------------------

EFFECTS: dict[str, Effect] = {
    e.op: e
    for e in (
        Effect("gain_money", _always, _gain_money,
               N_("takes {amount} Ryo from the bank"), _const(0.8),
               service_worth=_money_worth, words_you=N_("take {amount} Ryo from the bank")),
        Effect("festival", _always, _festival,
               N_("takes 1 Ryo for every 2 peasants connected to its palace"),
               _const(0.8),
               words_you=N_("take 1 Ryo for every 2 peasants connected to your palace")),
        Effect("tax", _tax_targets, _tax,
               N_("every other daimyo pays {player} {amount} Ryo, if they have it"),
               _const(0.8),
               words_you=N_("every other daimyo pays you {amount} Ryo, if they have it")),
        Effect("place_from_supply", _supply_targets, _from_supply,
               N_("places a peasant from its supply on {field}"), _field_value,
               service_worth=_supply_worth,
               words_you=N_("place a peasant from your supply on {field}")),
        Effect("plant", _plant_targets, _plant,
               N_("may place up to {amount} more peasants"), _const(0.8)),
        Effect("remove_disconnected", _disconnected_targets, _remove,
               N_("the peasant of {target} on {field}, cut off from its palace, is removed"),
               _field_value,
               words_target=N_("your peasant on {field}, cut off from its palace, is removed")),
        Effect("remove_adjacent", _adjacent_targets, _remove,
               N_("the peasant of {target} on {field} is removed"), _field_value,
               words_target=N_("your peasant on {field} is removed")),
        Effect("walk", _walk_targets, _walk,
               N_("a peasant walks from {field} to {field2}"), _walk_value),
        Effect("gain_ashigaru", _ashigaru_targets, _gain_ashigaru,
               N_("takes an active ashigaru from the supply"), _const(0.8),
               words_you=N_("take an active ashigaru from the supply")),
        Effect("refresh", _refresh_targets, _refresh,
               N_("its exhausted troops are active again"), _const(0.5),
               service_worth=_refresh_worth,
               words_you=N_("your exhausted troops are active again")),
        Effect("steal_card", _steal_targets, _steal,
               N_("takes {gained} from {target}"), _const(0.5),
               words_you=N_("take {gained} from {target}"),
               words_target=N_("takes {gained} from you")),
        Effect("draw", _always, _draw, N_("draws {cards}"), _const(0.8),
               service_worth=_cards_worth, words_you=N_("draw {cards}")),
        Effect("exhaust_enemy", _exhaust_targets, _exhaust,
               N_("an active ashigaru of {target} is exhausted"), _const(0.5),
               words_target=N_("an active ashigaru of yours is exhausted")),
        Effect("keep_active", _in_fight("combat"), _keep_active,
               N_("its troops in this combat stay active"), _const(0.4), moment="reveal",
               words_you=N_("your troops in this combat stay active")),
        Effect("win_combat", _in_fight("combat"), _win,
               N_("{player} wins the combat instead"), _const(1.5), moment="shouri",
               words_you=N_("you win the combat instead")),
        Effect("defend_strength", _in_fight("combat", 1), _paid_strength,
               N_("+{amount} strength"), _const(0.6), strength=True, moment="reveal"),
        Effect("duel_strength", _in_fight("duel"), _paid_strength,
               N_("+{amount} strength"), _const(0.6), strength=True, moment="reveal"),
        Effect("dodge_duel", _in_fight("duel", 1), _dodge,
               N_("the duel does not take place"), _const(0.7), moment="answer"),
        Effect("blind_card", _in_fight("combat", card=True), _blind_card,
               N_("the top card of the deck joins the fight face down (only its strength "
                  "counts)"), _const(0.6), moment="bonus"),
        Effect("strength", _in_fight(None), _strength, N_("+{amount} strength"),
               _const(0.9), moment="bonus"),
    )
}  # fmt: skip
"""Every effect by its op."""

_missing = (ACTION_OPS | REACTION_OPS | SERVICE_OPS) - set(EFFECTS)
if _missing:  # pragma: no cover - a content error caught at import
    raise AssertionError(f"effects without a declaration: {sorted(_missing)}")


def effect_of(op: str) -> Effect:
    """The declared effect of `op`."""
    return EFFECTS[op]


def fill(template: str, names: Any) -> str:
    """`template` with its placeholders from `names` (a mapping; see the module docstring)."""
    return template.format_map(names)
