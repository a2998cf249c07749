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
(with none left it conquers, but the province stays empty). A successful defence — a
battle that took place and that the defender did not lose, or an own Army, Navy or
Shinobi in a province nobody attacked — adds one face-up control token of the defender.
Following the publisher's FAQ, an "attack" made only by a bluff, or by tokens removed
before the battles (illegal, Raid, Diplomacy), does not count, and Diplomacy is no
defence.
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


def battles(st: Position, lion_bluff: dict[int, int]) -> None:
    """Step 5: every province with combat tokens left. A defender who holds (a battle
    that took place and was not lost, or own Army/Navy/Shinobi and no attack) adds a
    face-up control token; attacks that never reached the battle (bluffs, illegal
    tokens, tokens cleared by Raid or Diplomacy) do not count (FAQ)."""
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
    for q, who, defended in results:
        for s in per_prov[q]:
            if tokens[s] is not None:
                discard_token(st, s)
        d = st.ctrl_owner[q]
        if who >= 0 and who != d:
            remove_control_all(st, q)
            add_control(st, who, q, 1, 0)
        elif d >= 0 and who == d and defended:
            add_control(st, d, q, 0, 1)
