"""Battle for Rokugan in words: log lines, resolution steps, the score breakdown.

Qt-free. Resolution happens inside one engine `apply` (the last placement or the Unicorn's
swap); `resolution_steps` retells it from the state just before (every token is revealed in
step 1, so naming them hides nothing) and the state just after, in the rulebook's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.rokugan import actions as A
from engine.rokugan.data import (
    ARMY,
    BLESSING,
    BLUFF_TID,
    CLANS,
    CRANE,
    DIPLOMACY,
    INITIATIVE_NAMES,
    LION,
    NAVY,
    OBJECTIVES,
    PEACE,
    RAID,
    SCORCHED,
    SHINOBI,
    SPECIAL_HONOR,
    SPECIAL_NAMES,
)
from engine.rokugan.state import (
    PH_CARDS,
    PH_CONTROL,
    PH_DRAGON,
    PH_OBJECTIVE,
    PH_OVER,
    PH_PLACE,
    PH_SWAP,
    T_BLESSED,
    T_PLAYER,
    T_SLOT,
    T_TID,
    RokuganState,
)

_SMALL = {"of", "the", "a", "an", "to", "in", "on"}
KIND_WORDS = {ARMY: "Army", NAVY: "Navy", SHINOBI: "Shinobi", BLESSING: "Blessing"}

OBJECTIVE_TEXT = {
    "last_line_of_defense": "the Crab capital, or 2 Crab provinces",
    "rice_bowl_of_the_empire": "the Crane capital, or 2 Crane provinces",
    "great_wall_of_the_north": "the Dragon capital, or 2 Dragon provinces",
    "court_of_the_five_winds": "the Unicorn capital, or 2 Unicorn provinces",
    "plains_of_battle": "the Lion capital, or 2 Lion provinces",
    "great_library": "the Phoenix capital, or 2 Phoenix provinces",
    "den_of_secrets": "the Scorpion capital, or 2 Scorpion provinces",
    "way_of_the_sail": "at least 6 coastal provinces",
    "emerald_empire": "a chain of 6 neighbouring provinces touching 3 territories",
    "web_of_influence": "a province in each of 7 territories",
    "way_of_humility": "the fewest provinces (ties count)",
    "reclaiming_the_lost_lands": "both Shadowlands provinces",
}

CARD_TEXT = {
    "scout": "look at one opponent's face-down token",
    "shugenja": "reveal one opponent's token and discard it",
    "first_player": "look at one token, then send it back to its owner's pool",
    "feats_of_engineering": "the harbor token in an inland province",
    "promotion": "an Army, Navy or Shinobi from your discard pile into hand, then send one "
    "hand token away",
    "code_of_honor": "+1 honor tokens in 2 provinces",
    "diplomatic_mission": "peace in any province; 2 face-up control tokens if it was an opponent's",
    "strength_of_purpose": "a face-up control token in 2 of your provinces",
    "sacred_ground": "the shrine token in a province",
    "bushido": "the 4-flower honor token in a province",
    "honorable_fight": "the battlefield token in a province",
    "aid_of_the_kami": "a +2 defense token in a province",
    "bless_the_lands": "remove scorched earth, then 2 of your control tokens there",
    "spy_network": "look at a player's hand; they may not place the bluff this round",
    "foment_rebellion": "remove a peace token (2 face-up control tokens if yours)",
    "cultural_exchange": "swap the control tokens of one of your provinces and an opponent's",
    "reinforcements": "2 Armies from your discard pile into hand, then send 2 hand tokens away",
    "pirate_raids": "scorched earth in a province (3 face-up control tokens if it was yours)",
    "port_of_prosperity": "a +2 honor token in a province",
    "bountiful_harvest": "2 face-up control tokens in one of your provinces",
    "ashigaru_levies": "+1 defense tokens in 3 provinces",
    "dark_favors": "pay a control token: look at up to 4 tokens, reveal and discard one",
    "purge_the_weak": "discard a hand token and place nothing: reveal and discard 2 tokens",
    "animate_the_dead": "pay a control token: place a token from your discard pile face up",
    "inspire_fear": "pay a control token: remove up to 2 special tokens",
}


TOKEN_HELP = {
    "army": "attacks across a land border from a province you control, or defends one",
    "navy": "attacks across any coastal border, or defends a coastal province you control",
    "shinobi": "goes into any province: defends yours, attacks the others",
    "blessing": "lies face up on one of your face-down Army, Navy or Shinobi tokens",
    "diplomacy": "makes a province you control peaceful for good",
    "raid": "scorches a province you do not control (needs a neighbour or a shinobi there)",
    "bluff": "goes anywhere a real token could; removed at the reveal",
}


def token_help(label: str) -> str:
    """What a token does, for tooltips."""
    for word, text in TOKEN_HELP.items():
        if label.startswith(word):
            return f"{token_words(label)}: {text}"
    return token_words(label)


def pretty(identifier: str) -> str:
    """'last_line_of_defense' -> 'Last Line of Defense'."""
    words = identifier.replace("_", " ").split()
    return " ".join(w if i and w in _SMALL else w[:1].upper() + w[1:] for i, w in enumerate(words))


def clan_name(state: RokuganState, player: int) -> str:
    """The clan of a seat, capitalised ("Crab")."""
    return pretty(CLANS[state.clans[player]])


def token_words(label: str) -> str:
    """'army3' -> 'Army 3', 'blessing2' -> 'Blessing +2', 'raid' -> 'Raid'."""
    for word in ("army", "navy", "shinobi"):
        if label.startswith(word):
            return f"{word.capitalize()} {label[len(word) :]}"
    if label.startswith("blessing"):
        return f"Blessing +{label[len('blessing') :]}"
    return label.capitalize()


def token_short(label: str) -> str:
    """A token's face text: 'A3', 'N2', 'S1', '+2', 'Dip', 'Raid', 'Bluff'."""
    for word, letter in (("army", "A"), ("navy", "N"), ("shinobi", "S")):
        if label.startswith(word):
            return f"{letter}{label[len(word) :]}"
    if label.startswith("blessing"):
        return f"+{label[len('blessing') :]}"
    return {"diplomacy": "Dip", "raid": "Raid", "bluff": "Bluff"}.get(label, label)


def where_words(state: RokuganState, where: str) -> str:
    """A slot text in words: 'the border Kazahaya → Fujikaze', 'the coast of Akabane'."""
    graph = state.board.graph
    names = {p.id: p.name for p in graph.provinces}
    if where.startswith("#"):
        return f"token {where}"
    if "|" in where:
        pair, _, target = where.partition(" ->")
        a, b = pair.split("|")
        source = b if target == a else a
        return f"the border {names.get(source, source)} → {names.get(target, target)}"
    if "~" in where:
        province = where.partition("~")[0]
        return f"the coast of {names.get(province, province)}"
    return names.get(where, where)


def board_token_label(state: RokuganState, serial: int) -> str:
    """The true label of board token #serial (only for revealed or own tokens!)."""
    t = state.tokens[serial]
    if t is None:
        return "?"
    return state.label(t[T_PLAYER], t[T_TID])


def describe(state_after: RokuganState, action: Any, player: int, public: bool) -> str:
    """The log line of `action` by `player`; `public` hides what others may not know."""
    who = clan_name(state_after, player)
    s = state_after
    if isinstance(action, A.ChooseObjective):
        if public:
            return f"{who} keeps a secret objective."
        return f"{who} keeps the objective {pretty(action.objective)}."
    if isinstance(action, A.PlaceControl):
        return f"{who} takes {where_words(s, action.province)} (control token)."
    if isinstance(action, A.Pass):
        return f"{who} passes."
    if isinstance(action, A.ReturnToken):
        if public:
            return f"{who} returns a token to the pool."
        return f"{who} returns {token_words(action.token)} to the pool."
    if isinstance(action, A.Place):
        if action.token.startswith("blessing"):
            return f"{who} blesses {action.where} with {token_words(action.token)}."
        what = "a token" if public else token_words(action.token)
        return f"{who} places {what} on {where_words(s, action.where)}."
    if isinstance(action, A.Animate):
        return f"{who} animates {token_words(action.token)} on {where_words(s, action.where)}."
    if isinstance(action, A.PlayCard):
        targets = ", ".join(
            where_words(s, t) if not t.startswith("#") else t for t in action.targets
        )
        name = pretty(action.card)
        if action.card == "shugenja":
            return f"{who} sends a shugenja against {action.targets[0]}."
        if action.card in ("scout", "first_player") and public:
            return f"{who} plays {name} on {targets}."
        return f"{who} plays {name}" + (f": {targets}." if targets else ".")
    if isinstance(action, A.SendToken):
        if public:
            return f"{who} sends a token to the {action.to}."
        return f"{who} sends {token_words(action.token)} to the {action.to}."
    if isinstance(action, A.Peek):
        return f"{who} peeks at {action.target}."
    if isinstance(action, A.Look):
        return f"{who} looks at {action.target}."
    if isinstance(action, A.Discard):
        return f"{who} reveals and discards {action.target}."
    if isinstance(action, A.Swap):
        return f"{who} swaps {action.first} and {action.second}."
    if isinstance(action, A.Skip):
        return f"{who} does not {action.what}."
    return f"{who}: {action}"


def phase_words(state: RokuganState) -> str:
    """What is going on, for the info bar."""
    phase = state.phase
    if phase == PH_OVER:
        return "The game is over"
    text = {
        PH_OBJECTIVE: "Setup: choose your secret objective",
        PH_CONTROL: "Setup: place your starting control tokens",
        PH_DRAGON: "Upkeep: the Dragon returns a token",
        PH_CARDS: "Upkeep: territory cards",
        PH_PLACE: "Placement",
        PH_SWAP: "Before the reveal: the Unicorn may swap",
    }.get(phase, "")
    return f"Round {min(state.round, 5)} of 5 — {text}"


def reveals_hidden(state_after: RokuganState, action: Any, player: int) -> bool:
    """True when `action` made hidden information known (an undo barrier)."""
    if isinstance(action, (A.Peek, A.Look, A.Discard)):
        return True
    if isinstance(action, A.PlayCard) and action.card in (
        "scout",
        "shugenja",
        "first_player",
        "spy_network",
        "dark_favors",
        "purge_the_weak",
    ):
        return True
    history = state_after.history
    if not history:
        return True
    # the round changed: resolution revealed every token and new tokens were drawn
    previous = state_after.clone()
    previous.undo()
    return previous.round != state_after.round or state_after.is_terminal()


# ---------------------------------------------------------------------------- resolution


@dataclass(frozen=True, slots=True)
class Step:
    """One resolution step: title, lines, provinces it is about."""

    title: str
    lines: tuple[str, ...]
    provinces: tuple[str, ...] = ()


def resolution_steps(before: RokuganState, action: Any, after: RokuganState) -> list[Step]:
    """The resolution between `before` and `after`, step by step (empty when none)."""
    if after.round == before.round and not (after.is_terminal() and not before.is_terminal()):
        return []
    # `before` is the position before the last decision; carry that decision out
    # up to (not including) the reveal by replaying it on a copy, then read the board.
    board_state = before.clone()
    placed = board_at_reveal(board_state, action)
    b = board_state.board
    names = {p.id: p.name for p in b.graph.provinces}
    ids = b.ids
    tokens = [(s, t) for s, t in enumerate(placed) if t is not None]

    def who(p: int) -> str:
        return clan_name(board_state, p)

    def label_of(t: tuple) -> str:
        return board_state.label(t[T_PLAYER], t[T_TID])

    def kind_of(t: tuple) -> int:
        return board_state.tok(t[T_PLAYER], t[T_TID])[0]

    steps: list[Step] = []
    # 1. reveal
    by_player: dict[int, list[str]] = {}
    for _s, t in tokens:
        where = f"on #{t[4]}" if t[T_SLOT] < 0 else where_words(board_state, b.slot_text[t[T_SLOT]])
        by_player.setdefault(t[T_PLAYER], []).append(f"{token_words(label_of(t))} ({where})")
    steps.append(
        Step(
            f"Round {before.round}: 1. Reveal",
            tuple(f"<b>{who(p)}</b>: " + "; ".join(v) for p, v in sorted(by_player.items()))
            or ("No tokens were placed.",),
        )
    )
    # 2. bluffs and illegal tokens
    lines = []
    for _s, t in tokens:
        if t[T_TID] == BLUFF_TID:
            slot = t[T_SLOT]
            lion_stays = (
                board_state.clans[t[T_PLAYER]] == LION
                and 0 <= slot < b.n
                and board_state.ctrl_owner[slot] == t[T_PLAYER]
            )
            where = where_words(board_state, b.slot_text[slot]) if slot >= 0 else "?"
            if lion_stays:
                lines.append(f"{who(t[T_PLAYER])}'s bluff in {where} stays: Lion +2 defense.")
            else:
                lines.append(f"{who(t[T_PLAYER])}'s bluff on {where} goes back behind the screen.")
        elif kind_of(t) != BLESSING and t[T_SLOT] >= 0:
            problem = board_state.slot_problem(t[T_PLAYER], kind_of(t), t[T_SLOT])
            if problem:
                lines.append(
                    f"{who(t[T_PLAYER])}'s {token_words(label_of(t))} is removed: {problem}."
                )
    steps.append(Step("2. Bluffs and illegal tokens", tuple(lines) or ("Nothing to remove.",)))
    # 3. raids, 4. diplomacy
    for kind, title, special, verb in (
        (RAID, "3. Raids", SCORCHED, "scorched"),
        (DIPLOMACY, "4. Diplomacy", PEACE, "at peace"),
    ):
        lines, where = [], []
        for _s, t in tokens:
            if kind_of(t) != kind or t[T_SLOT] < 0:
                continue
            q = b.slot_target[t[T_SLOT]]
            ok = after.special[q] == special and board_state.special[q] != special
            if kind == RAID and not ok and board_state.ctrl_owner[q] >= 0:
                ok = after.ctrl_owner[q] < 0 and after.special[q] == SCORCHED
            result = f"{names[ids[q]]} is {verb}" if ok else "it fails"
            lines.append(f"{who(t[T_PLAYER])}'s {token_words(label_of(t))}: {result}.")
            where.append(ids[q])
        steps.append(Step(title, tuple(lines) or ("None.",), tuple(where)))
    # 5. battles
    battle_lines: list[str] = []
    battle_where: list[str] = []
    cleared = {q for q in range(b.n) if after.special[q] != board_state.special[q]}
    cleared_borders = {border for q in cleared for border in b.borders_of[q]}
    per_prov: dict[int, list[tuple]] = {}
    for _s, t in tokens:
        slot = t[T_SLOT]
        if slot < 0:
            continue
        k = kind_of(t)
        if t[T_TID] == BLUFF_TID:
            # only a Lion bluff defending its own province stays (+2)
            lion_defends = (
                board_state.clans[t[T_PLAYER]] == LION
                and slot < b.n
                and board_state.ctrl_owner[slot] == t[T_PLAYER]
            )
            if not lion_defends:
                continue
        elif k not in (ARMY, NAVY, SHINOBI) or board_state.slot_problem(t[T_PLAYER], k, slot):
            continue
        q = b.slot_target[slot]
        border = b.slot_border[slot]
        if q in cleared or (border >= 0 and border in cleared_borders):
            continue  # discarded by a raid or diplomacy in step 3 or 4
        per_prov.setdefault(q, []).append(t)
    for q, ts in sorted(per_prov.items()):
        d = board_state.ctrl_owner[q]
        totals: dict[int, int] = {}
        for t in ts:
            p = t[T_PLAYER]
            strength = _strength(board_state, placed, t)
            if t[T_TID] == BLUFF_TID:
                strength = 2 if p == d else 0
            totals[p] = totals.get(p, 0) + strength
        attackers = [p for p in totals if p != d]
        name = names[ids[q]]
        battle_where.append(ids[q])
        if not attackers:
            if d >= 0:
                battle_lines.append(f"<b>{name}</b>: {who(d)} defends unopposed (+1 face-up).")
            continue
        parts = [f"{who(p)} {totals[p]}" for p in attackers]
        best = max(totals[p] for p in attackers)
        top = [p for p in attackers if totals[p] == best]
        crane = board_state.player_of_clan(CRANE)
        lead = top[0] if len(top) == 1 else (crane if crane in top else top[0])
        bonus = board_state.defense_bonus(q, lead)
        defender = f"{who(d)} {totals.get(d, 0)}+{bonus}" if d >= 0 else f"no defender +{bonus}"
        winner = after.ctrl_owner[q]
        if winner >= 0 and winner != d:
            result = f"{who(winner)} conquers it"
        elif d >= 0 and winner == d:
            result = f"{who(d)} holds it (+1 face-up)"
        elif d >= 0 and winner < 0:
            result = "the province is lost to everyone"
        else:
            result = "nobody takes it"
        battle_lines.append(f"<b>{name}</b>: attackers {', '.join(parts)} vs {defender}: {result}.")
    steps.append(Step("5. Battles", tuple(battle_lines) or ("No battles.",), tuple(battle_where)))
    # 6. territories
    lines = []
    territory_names = {t.id: t.name for t in b.graph.territories}
    for t_index, tid in enumerate(b.territory_ids):
        old, new = board_state.terr_holder[t_index], after.terr_holder[t_index]
        if old != new and new >= 0:
            lines.append(f"{who(new)} claims the card of {territory_names.get(tid, tid)}.")
        elif old != new and old >= 0 and new == -1:
            lines.append(f"{who(old)} loses the card of {territory_names.get(tid, tid)}.")
    steps.append(Step("6. Territories", tuple(lines) or ("No territory changes hands.",)))
    # 7. the round advances
    if after.is_terminal():
        last = ("The fifth round is over: the game ends.",)
    else:
        first = clan_name(after, after.first)
        card = INITIATIVE_NAMES[after.revealed[-1]] if after.revealed else ""
        last = (
            f"Round {after.round} begins. Initiative: {pretty(card)}; {first} is first player.",
            "Everyone draws back up to 6 tokens.",
        )
    steps.append(Step("7. Next round", last))
    return steps


def board_at_reveal(state: RokuganState, action: Any) -> list:
    """The board tokens at the reveal: `state` (before the round's last decision) plus
    that decision's placement or swap. Every one of them is revealed in step 1."""
    tokens = list(state.tokens)
    if isinstance(action, A.Place) and not action.where.startswith("#"):
        p = state.cur
        tid = next(t for t in state.hand(p) if state.label(p, t) == action.token)
        tokens.append((p, tid, state.board.slot_by_text[action.where], 0, -1, -1))
    elif isinstance(action, A.Place):
        p = state.cur
        tid = next(t for t in state.hand(p) if state.label(p, t) == action.token)
        host = int(action.where[1:])
        ht = tokens[host]
        if ht is not None:
            tokens[host] = (*ht[:T_BLESSED], len(tokens))
        tokens.append((p, tid, -1, 1, host, -1))
    elif isinstance(action, A.Swap):
        a, b = int(action.first[1:]), int(action.second[1:])
        ta, tb = tokens[a], tokens[b]
        if ta is not None and tb is not None:
            tokens[a] = (*ta[:T_SLOT], tb[T_SLOT], *ta[T_SLOT + 1 :])
            tokens[b] = (*tb[:T_SLOT], ta[T_SLOT], *tb[T_SLOT + 1 :])
    return tokens


def _strength(state: RokuganState, tokens: list, t: tuple) -> int:
    kind, strength = state.tok(t[T_PLAYER], t[T_TID])
    if kind not in (ARMY, NAVY, SHINOBI):
        return 0
    blessing = t[T_BLESSED]
    if blessing >= 0 and blessing < len(tokens) and tokens[blessing] is not None:
        bt = tokens[blessing]
        strength += state.tok(bt[T_PLAYER], bt[T_TID])[1]
    return strength


# ---------------------------------------------------------------------------- scoring

SCORE_COLUMNS = (
    "Flowers",
    "Face-up tokens",
    "Special tokens",
    "Territories",
    "Objective",
    "Total",
)


def score_breakdown(state: RokuganState, player: int) -> tuple[int, ...]:
    """(flowers, face-up control tokens, honor/defense tokens, territories, objective,
    total) of `player` by the end-of-game scoring."""
    b = state.board
    flowers = up = special = 0
    for q in range(b.n):
        if state.ctrl_owner[q] != player:
            continue
        flowers += b.flowers[q]
        special += SPECIAL_HONOR[state.special[q]]
        if not b.shadowlands[q]:
            up += state.ctrl_up[q]
    territories = 0
    for t in range(len(b.territory_ids)):
        if not b.territory_shadowlands[t] and state.territory_controller(t) == player:
            territories += 5
    objective = state.objective[player]
    earned = (
        OBJECTIVES[objective][1] if objective >= 0 and state.objective_met(player, objective) else 0
    )
    total = flowers + up + special + territories + earned
    return (flowers, up, special, territories, earned, total)


def honor_by_round(state: RokuganState) -> list[list[float]]:
    """Each player's honor after every finished round, replayed from the game's start."""
    setup = state.setup()
    replay = RokuganState.new(setup.players, setup.seed, setup.settings, state.board.graph)
    history: list[list[float]] = [[] for _ in range(state.n)]
    for action in state.history:
        round_before = replay.round
        replay.apply(action)
        if replay.round != round_before or (replay.is_terminal() and len(history[0]) < 5):
            for p, h in enumerate(replay.honor()):
                history[p].append(float(h))
    return history


def special_name(kind: int) -> str:
    """The special token's name in words."""
    return pretty(SPECIAL_NAMES[kind]) if kind else ""
