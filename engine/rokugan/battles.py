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

from engine.rokugan.data import ARMY, CRAB, CRANE, NAVY, PHOENIX, SHINOBI, SPECIAL_DEFENSE
from engine.rokugan.position import T_BLESSED, T_PLAYER, T_SLOT, T_TID, Position
from engine.rokugan.tokens import add_control, discard_token, remove_control_all


def strength(st: Position, serial: int) -> int:
    """Strength of board token `serial` with the Blessings on it (0 for non-fighters)."""
    t = st.tokens[serial]
    assert t is not None
    k, total = st.tok(t[T_PLAYER], t[T_TID])
    if k not in (ARMY, NAVY, SHINOBI):
        return 0
    bl = t[T_BLESSED]
    while bl >= 0:
        bt = st.tokens[bl]
        if bt is None:
            break
        total += st.tok(bt[T_PLAYER], bt[T_TID])[1]
        bl = bt[T_BLESSED]
    return total


def defense_bonus(st: Position, prov: int, attacker: int) -> int:
    """Printed defense, face-up control tokens (Crab x2) and defense tokens of `prov`
    as they count against `attacker` (Phoenix ignores a capital's printed defense)."""
    printed = st.board.defense[prov]
    if attacker >= 0 and st.clans[attacker] == PHOENIX and st.board.capital[prov] >= 0:
        printed = 0
    owner = st.ctrl_owner[prov]
    up = 0
    if owner >= 0:
        up = st.ctrl_up[prov] * (2 if st.clans[owner] == CRAB else 1)
    return printed + up + SPECIAL_DEFENSE[st.special[prov]]


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
    """Step 5: every province with combat tokens left fights its battle; conquerors take
    over, and every successfully defended province (a battle not lost, an attack this
    round that disappeared before it, or own Army/Navy/Shinobi and no attack) gets a
    face-up control token of its controller."""
    b = st.board
    tokens = st.tokens
    per_prov: dict[int, list[int]] = {}
    for s, t in enumerate(tokens):
        if t is None or t[T_SLOT] < 0:
            continue
        per_prov.setdefault(b.slot_target[t[T_SLOT]], []).append(s)
    results = []
    for q, serials in per_prov.items():
        d = st.ctrl_owner[q]
        totals: dict[int, int] = {}
        defended = False
        for s in serials:
            t = tokens[s]
            assert t is not None
            p = t[T_PLAYER]
            totals[p] = totals.get(p, 0) + strength(st, s)
            if p == d and st.tok(p, t[T_TID])[0] in (ARMY, NAVY, SHINOBI):
                defended = True
        if q in lion_bluff and tokens[lion_bluff[q]] is not None:
            totals[d] = totals.get(d, 0) + 2
        attackers = [p for p in totals if p != d]
        if not attackers:
            results.append((q, d, defended))
            continue
        best = max(totals[p] for p in attackers)
        top = [p for p in attackers if totals[p] == best]
        crane = st.player_of_clan(CRANE)
        winner = -1
        if len(top) == 1 or crane in top:
            a = top[0] if len(top) == 1 else crane
            dtotal = totals.get(d, 0) + defense_bonus(st, q, a)
            if best > dtotal or (best == dtotal and a == crane and d != crane):
                winner = a
        results.append((q, winner, True) if winner >= 0 else (q, d, True))
    # Provinces whose every attack disappeared before the battles held as well.
    attacked = st.attacked
    results = [(q, who, defended or bool(attacked >> q & 1)) for q, who, defended in results]
    q = 0
    while attacked >> q:
        if attacked >> q & 1 and q not in per_prov:
            results.append((q, st.ctrl_owner[q], True))
        q += 1
    for q, who, defended in results:
        for s in per_prov.get(q, ()):
            if tokens[s] is not None:
                discard_token(st, s)
        d = st.ctrl_owner[q]
        if who >= 0 and who != d:
            remove_control_all(st, q)
            add_control(st, who, q, 1, 0)
        elif d >= 0 and who == d and defended:
            add_control(st, d, q, 0, 1)
