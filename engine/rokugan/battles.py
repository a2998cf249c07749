"""Battles: resolution step 5 (rulebook: "Kämpfe abhandeln", "Erfolgreiche Verteidigung",
"Verteidigungsbonus").

A battle takes place in every province with combat tokens left in or on its borders.
Every clan that does not control the province is an attacker and totals its tokens
(plus the Blessings on them); the controller (the defender) totals its own tokens there
plus the defence bonus: the printed defense, one per face-up control token (Crab: two)
and the defense token. The highest attacker total wins if it beats the defender's (a
province nobody controls defends with its bonuses alone); the defender wins ties.

Rule choices: if several attackers tie for the highest total, nobody conquers and the
province counts as defended — unless Crane is among them (Crane wins ties, as attacker
or defender, also against an empty province's bonuses). Phoenix attacking a capital
ignores the capital's whole printed defense (the Shadowlands' printed +1 still counts).
Lion's defending bluff (kept on the board in step 2) adds +2.

A conqueror removes the defender's control tokens and puts one of its own face down
(with none left it conquers, but the province stays empty).

Successful defence ("Erfolgreiche Verteidigung"): the controller of a successfully
defended province puts one of its control tokens face up in it. The rulebook: "Falls ein
Angriff gegen eine Provinz aus irgendeinem Grund nicht erfolgreich ist, gilt die Provinz
als erfolgreich verteidigt", and so is a province in which its controller placed an Army,
Navy or Shinobi and that nobody attacked. So a province counts as defended when
* a battle took place there and no attacker won it, or
* it was attacked this round and every attack disappeared before the battles: a bluff
  (step 2), an illegal token (step 2), a Raid that failed (step 3), attacks cleared by a
  Raid or Diplomacy in it or in a neighbour (steps 3-4), tokens discarded or sent back by
  a shugenja, the first-player card, Dark Favors or Purge the Weak during placement, or
* its controller's own Army, Navy or Shinobi lay there at the battles and nobody
  attacked it.

Rule choices where the rulebook is silent:
* What an attack is: the rulebook's own definition of an attacker ("Kämpfe abhandeln"):
  a combat token other than a Blessing that lies in a province, or on a border attacking
  it, whose owner does not control that province — whatever the token turns out to be, so
  a bluff and a Raid are attacks too (a failed Raid is a failed attack; a successful one
  leaves the province without a controller). It is judged where the token lies and who
  controls the province when the tokens are revealed (step 1; after the Unicorn's swap),
  or when a card takes the token off the board before that (`mark_attack`), so it is
  public: `Position.attacked` holds the provinces attacked this round.
* One face-up control token per province and round, however many attacks failed there
  and whether or not the controller also won a battle or defended with its own tokens.
  A controller with none of its 30 control tokens left still defends the province
  successfully ("Jedes Mal wenn eine Provinz erfolgreich verteidigt wird") but has no
  token to put there: its `Defence` record says so (`placed`), and nothing is added.
* It is placed in step 5, with the battles' results (so it adds no defence in this
  round's battles), and goes to whoever controls the province then. A province with no
  controller then (never controlled, raided, or its last control token paid for a
  Shadowlands card) gets none, like a battle an empty province does not lose
  ("passiert nichts"); neither does a conquered province.
* A province whose attacks its own controller's Diplomacy cleared counts as defended (it
  gets Peace and the face-up token). Without any attack, own defending tokens that are
  removed before the battles (cleared by Raid or Diplomacy, illegal) do not defend, as
  the publisher's FAQ has it; a defence token (+1/+2 special token) is a bonus, not a
  defender, and gives nothing by itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Final

from engine.rokugan.data import (
    ARMY,
    CLAN_TOKENS,
    CRAB,
    CRANE,
    NAVY,
    PHOENIX,
    SHINOBI,
    SPECIAL_DEFENSE,
)
from engine.rokugan.events import (
    Battle,
    Bonus,
    Defence,
    Side,
    TokenStrength,
    holder_words,
    province_words,
    removal,
    token_facts,
)
from engine.rokugan.position import T_BLESSED, T_PLAYER, T_SLOT, T_TID, Position
from engine.rokugan.tokens import add_control, discard_token, remove_control_all

FIGHTERS = (ARMY, NAVY, SHINOBI)
LION_BLUFF: Final = 2  # what Lion's defending bluff adds in its battle


def token_parts(st: Position, serial: int) -> tuple[int, tuple[int, ...]] | None:
    """Board token `serial` as it fights: its printed strength and the strength of each
    Blessing on it, newest first (None for a token that does not fight)."""
    tokens = st.tokens
    t = tokens[serial]
    assert t is not None
    clans = st.clans
    k, base = CLAN_TOKENS[clans[t[T_PLAYER]]][t[T_TID]]
    if k not in FIGHTERS:
        return None
    bl = t[T_BLESSED]
    if bl < 0:
        return base, ()
    blessings: list[int] = []
    while bl >= 0:
        bt = tokens[bl]
        if bt is None:
            break
        blessings.append(CLAN_TOKENS[clans[bt[T_PLAYER]]][bt[T_TID]][1])
        bl = bt[T_BLESSED]
    return base, tuple(blessings)


def strength(st: Position, serial: int) -> int:
    """Strength of board token `serial` with the Blessings on it (0 for non-fighters):
    the sum of `token_parts`."""
    parts = token_parts(st, serial)
    return 0 if parts is None else parts[0] + sum(parts[1])


def board_totals(
    st: Position, only: int = -1
) -> tuple[list[dict[int, int]], list[int], dict[int, tuple[int, int]]]:
    """What every side brings to each province's battle as the board stands (or to
    province `only` alone): the strength per attacker aimed at each province, the
    controller's own strength there, and each fighter on the board as (province, its
    `strength`). Lion's bluff and the defence bonus are not in them (`conqueror` adds
    the bonus). The cards' values and the bots read these totals."""
    n = st.board.n
    target = st.board.slot_target
    aims: list[dict[int, int]] = [{} for _ in range(n)]
    guard = [0] * n
    where: dict[int, tuple[int, int]] = {}
    clans = st.clans
    owner = st.ctrl_owner
    for s, t in enumerate(st.tokens):
        if t is None or t[T_SLOT] < 0:
            continue
        q = target[t[T_SLOT]]
        if only >= 0 and q != only:
            continue
        p = t[T_PLAYER]
        if CLAN_TOKENS[clans[p]][t[T_TID]][0] not in FIGHTERS:
            continue
        power = strength(st, s)
        where[s] = (q, power)
        if owner[q] == p:
            guard[q] += power
        else:
            aims[q][p] = aims[q].get(p, 0) + power
    return aims, guard, where


DEFENCE_ITEMS = (
    "printed defence",
    "Phoenix ignores a capital's printed defence",
    "face-up control tokens",
    "Crab's face-up tokens count twice",
    "defence token",
)
"""What each number of `defence_numbers` is, in words (`Bonus.what`)."""


def defence_numbers(st: Position, prov: int, attacker: int) -> tuple[int, int, int, int, int]:
    """The defence bonus of `prov` against `attacker` (-1: an ordinary attacker), item by
    item as `DEFENCE_ITEMS` names them: printed defense, minus it again for Phoenix
    attacking a capital, face-up control tokens, the same again for Crab's, the defense
    token."""
    printed = st.board.defense[prov]
    phoenix = 0
    if printed and attacker >= 0 and st.clans[attacker] == PHOENIX and st.board.capital[prov] >= 0:
        phoenix = -printed
    owner = st.ctrl_owner[prov]
    up = st.ctrl_up[prov] if owner >= 0 else 0
    crab = up if up and st.clans[owner] == CRAB else 0
    return printed, phoenix, up, crab, SPECIAL_DEFENSE[st.special[prov]]


def defence_parts(st: Position, prov: int, attacker: int) -> tuple[Bonus, ...]:
    """`defence_numbers` as the bonuses of a battle record (the items that count)."""
    numbers = defence_numbers(st, prov, attacker)
    return tuple(Bonus(what, n) for what, n in zip(DEFENCE_ITEMS, numbers, strict=True) if n)


def defense_bonus(st: Position, prov: int, attacker: int) -> int:
    """Printed defense, face-up control tokens (Crab x2) and defense tokens of `prov`
    as they count against `attacker` (the sum of `defence_numbers`, added up without
    building them: the bots ask it hundreds of times a decision)."""
    b = st.board
    printed = b.defense[prov]
    total = SPECIAL_DEFENSE[st.special[prov]]
    if not (printed and attacker >= 0 and st.clans[attacker] == PHOENIX and b.capital[prov] >= 0):
        total += printed
    owner = st.ctrl_owner[prov]
    if owner >= 0:
        up = st.ctrl_up[prov]
        if up:
            total += up + up if st.clans[owner] == CRAB else up
    return total


def lead_attacker(st: Position, attack: Mapping[int, int]) -> int:
    """The attacker whose total counts against the defence: the single highest, or
    Crane among several tied highest; -1 when several tie without Crane (nobody
    conquers). `attack` maps each attacker to its total."""
    if len(attack) == 1:
        for p in attack:
            return p
    best = max(attack.values())
    top = [p for p, v in attack.items() if v == best]
    if len(top) == 1:
        return top[0]
    crane = st.player_of_clan(CRANE)
    return crane if crane in top else -1


def conquers(st: Position, prov: int, lead: int, attack: int, defence: int) -> bool:
    """Whether attacker `lead` with total `attack` takes `prov` from a defence of total
    `defence` (the defender wins ties, but Crane attacking wins them)."""
    if attack > defence:
        return True
    return attack == defence and st.clans[lead] == CRANE and st.ctrl_owner[prov] != lead


def strength_to_conquer(
    st: Position, prov: int, attacker: int, attack: Mapping[int, int], guard: int
) -> int:
    """The smallest total with which `attacker` (-1: a clan without a battle ability)
    conquers `prov` against the other attackers' totals in `attack` and the controller's
    own token strength `guard`: the rules of `lead_attacker` and `conquers` (so Crane
    needs only to tie), asked for a board that is not (yet) on the table."""
    others = max((v for p, v in attack.items() if p != attacker), default=0)
    defence = guard + defense_bonus(st, prov, attacker)
    least = max(others, defence)
    if attacker >= 0 and least > 0:
        tied = {p: v for p, v in attack.items() if p != attacker and v > 0}
        tied[attacker] = least
        if lead_attacker(st, tied) == attacker and conquers(st, prov, attacker, least, defence):
            return least
    return least + 1


def conqueror(st: Position, prov: int, attack: Mapping[int, int], guard: int) -> int:
    """Who would hold `prov` after a battle with attack totals `attack` (per attacker)
    against the controller's own token strength `guard` (the controller, or -1 when
    empty): the rule `fight` applies, for a board that is not (yet) on the table."""
    d = st.ctrl_owner[prov]
    if not attack:
        return d
    lead = lead_attacker(st, attack)
    if lead < 0:
        return d
    defence = guard + defense_bonus(st, prov, lead)
    return lead if conquers(st, prov, lead, attack[lead], defence) else d


def fight(
    st: Position, prov: int, serials: list[int], lion_bluff: int
) -> tuple[Battle | None, int, bool]:
    """The battle of `prov` among board tokens `serials` (with Lion's bluff `lion_bluff`
    or -1): (its record when someone listens and somebody attacks; the clan holding it
    after; whether it counts as defended). The result is decided from each side's total
    (its tokens with the Blessings on them, Lion's bluff, the defence bonuses); the
    record, written only when someone listens, itemises the same."""
    d = st.ctrl_owner[prov]
    tokens = st.tokens
    totals: dict[int, int] = {}  # player: strength with Blessings (0: no fighter)
    own_fighter = False
    for s in serials:
        p = tokens[s][T_PLAYER]  # type: ignore[index]
        parts = token_parts(st, s)
        if parts is None:
            totals.setdefault(p, 0)
            continue
        totals[p] = totals.get(p, 0) + parts[0] + sum(parts[1])
        own_fighter = own_fighter or p == d
    lion = lion_bluff >= 0 and tokens[lion_bluff] is not None
    attack = {p: totals[p] for p in sorted(totals) if p != d}
    if not attack:
        return None, d, own_fighter
    lead = lead_attacker(st, attack)
    against = lead if lead >= 0 else next(iter(attack))
    defence = totals.get(d, 0) + (LION_BLUFF if lion else 0) + defense_bonus(st, prov, against)
    winner = d
    if lead >= 0 and conquers(st, prov, lead, attack[lead], defence):
        winner = lead
    if st.events is None:
        return None, winner, True
    return _battle_record(st, prov, serials, lion, attack, lead, defence, winner), winner, True


def _battle_record(
    st: Position,
    prov: int,
    serials: list[int],
    lion: bool,
    attack: dict[int, int],
    lead: int,
    defence: int,
    winner: int,
) -> Battle:
    """The record of `fight`'s battle: every side item by item (tokens, the Blessings
    on them, Lion's bluff, the defence bonuses) and how it was decided."""
    d = st.ctrl_owner[prov]
    tokens: dict[int, list[tuple[int, int]]] = {}  # player: [(serial, printed strength)]
    bonuses: dict[int, list[tuple[str, int]]] = {}  # player: [(what, strength)]
    for s in serials:
        p = st.tokens[s][T_PLAYER]  # type: ignore[index]
        mine = tokens.setdefault(p, [])
        extra = bonuses.setdefault(p, [])
        parts = token_parts(st, s)
        if parts is not None:
            mine.append((s, parts[0]))
            extra.extend(("Blessing", n) for n in parts[1])
    if lion:
        tokens.setdefault(d, [])
        bonuses.setdefault(d, []).append(("Lion's bluff", LION_BLUFF))
    against = lead if lead >= 0 else next(iter(attack))
    numbers = defence_numbers(st, prov, against)
    if lead < 0:
        decided = "the highest attackers tied, so nobody conquers"
    elif winner == lead:
        decided = "Crane wins ties" if attack[lead] == defence else "the attack was stronger"
    elif attack[lead] == defence:
        decided = "the defender wins ties"
    else:
        decided = "the defence was stronger"

    def side(p: int, more: tuple[Bonus, ...] = ()) -> Side:
        return Side.of(
            holder_words(st, p),
            tuple(TokenStrength(token_facts(st, s)[1], n) for s, n in tokens.get(p, ())),
            (*(Bonus(what, n) for what, n in bonuses.get(p, ())), *more),
        )

    items = tuple(Bonus(w, n) for w, n in zip(DEFENCE_ITEMS, numbers, strict=True) if n)
    return Battle(
        st.round,
        province_words(st, prov),
        tuple(side(p) for p in attack),
        side(d, items),
        holder_words(st, winner),
        "",  # filled in once the result is carried out
        decided,
    )


def attack_target(st: Position, serial: int) -> int:
    """The province board token `serial` attacks now, or -1 (a Blessing, or a token in
    or on a border of a province its owner controls)."""
    t = st.tokens[serial]
    assert t is not None
    slot = t[T_SLOT]
    if slot < 0:
        return -1
    q = st.board.slot_target[slot]
    return q if st.ctrl_owner[q] != t[T_PLAYER] else -1


def mark_attack(st: Position, serial: int) -> None:
    """Record the province board token `serial` attacks (if any) as attacked this round:
    before a card takes the token off the board, and for every token at the reveal."""
    q = attack_target(st, serial)
    if q >= 0:
        st.attacked |= 1 << q


def mark_attacks(st: Position) -> None:
    """Step 1: every province attacked by a token on the board was attacked this round."""
    for s, t in enumerate(st.tokens):
        if t is not None:
            mark_attack(st, s)


def battles(st: Position, lion_bluff: dict[int, int]) -> None:
    """Step 5: every province with combat tokens left fights its battle (`fight`);
    conquerors take over, and every successfully defended province (a battle not lost,
    an attack this round that disappeared before it, or own Army/Navy/Shinobi and no
    attack) gets a face-up control token of its controller."""
    b = st.board
    tokens = st.tokens
    per_prov: dict[int, list[int]] = {}
    for s, t in enumerate(tokens):
        if t is None or t[T_SLOT] < 0:
            continue
        per_prov.setdefault(b.slot_target[t[T_SLOT]], []).append(s)
    results: list[tuple[int, int, bool, Battle | None]] = []
    for q, serials in per_prov.items():
        record, who, defended = fight(st, q, serials, lion_bluff.get(q, -1))
        results.append((q, who, defended, record))
    # Provinces whose every attack disappeared before the battles held as well.
    attacked = st.attacked
    results = [(q, w, d or bool(attacked >> q & 1), r) for q, w, d, r in results]
    q = 0
    while attacked >> q:
        if attacked >> q & 1 and q not in per_prov:
            results.append((q, st.ctrl_owner[q], True, None))
        q += 1
    events = st.events
    for q, who, defended, record in results:
        for s in per_prov.get(q, ()):
            if tokens[s] is not None:
                if events is not None:
                    events.append(removal(st, s, "fought", q))
                discard_token(st, s)
        d = st.ctrl_owner[q]
        held = placed = False
        if who >= 0 and who != d:
            remove_control_all(st, q)
            add_control(st, who, q, 1, 0)
        elif d >= 0 and who == d and defended:
            held, placed = True, st.control_left[d] > 0
            add_control(st, d, q, 0, 1)
        if events is not None:
            if record is not None:
                after = holder_words(st, st.ctrl_owner[q])
                events.append(dataclasses.replace(record, control_after=after))
            if held:
                why = (
                    "it won its battle"
                    if record is not None
                    else "every attack on it went"
                    if attacked >> q & 1
                    else "its own tokens held it"
                )
                where, clan = province_words(st, q), holder_words(st, d)
                events.append(Defence(st.round, where, clan, why, placed))
