"""Test fixtures for the Rokugan engine: the published board as a `MapGraph`, built
straight from ../shared/rules/rokugan-map.json (no maps/ package, no shapely), and a
small textual position builder."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from engine.graph import MapGraph, ProvinceInfo, TerritoryInfo
from engine.rokugan import SPEC, placement, rounds, tokens
from engine.rokugan import state as S
from engine.rokugan.data import (
    BLUFF_TID,
    CLAN_INDEX,
    CLANS,
    OBJECTIVE_INDEX,
    SPECIAL_NAMES,
    TERRITORY_CARDS,
    TOKEN_LABELS,
    TOKENS_PER_CLAN,
)

RULES = Path(__file__).resolve().parents[4] / "shared" / "rules"
# The rules folder beside the repository, else the engine's copy of the same file.
MAP_JSON = RULES / "rokugan-map.json"
if not MAP_JSON.exists():
    MAP_JSON = Path(__file__).resolve().parents[3] / "engine" / "rokugan" / "published_map.json"


@cache
def rokugan_graph() -> MapGraph:
    """The published Rokugan topology; each coastal province has one coastal border "ID~0"."""
    text = MAP_JSON.read_text(encoding="utf-8")
    data = json.loads(text)
    provinces = []
    territories: dict[str, list[str]] = {}
    for p in data["provinces"]:
        terr = p["territory"]
        territories.setdefault(terr, []).append(p["id"])
        attrs = {"flowers": p["flowers"], "defense": p["printed_defense"]}
        if p["capital"]:
            attrs["capital"] = terr
        if terr.startswith("shadowlands"):
            attrs["shadowlands"] = True
        provinces.append(
            ProvinceInfo(
                id=p["id"],
                name=p["id"].title(),
                territory=terr,
                neighbors=tuple(p["adj"]),
                coastal_borders=(f"{p['id']}~0",) if p["coastal"] else (),
                attrs=attrs,
            )
        )
    terrs = tuple(
        TerritoryInfo(id=t, name=t.replace("_", " ").title(), colour="#888888", provinces=tuple(m))
        for t, m in territories.items()
    )
    return MapGraph(
        id="rokugan",
        name="Rokugan (test fixture)",
        hash=hashlib.sha256(text.encode()).hexdigest(),
        provinces=tuple(provinces),
        territories=terrs,
    )


def graph_for(map_id: str) -> MapGraph:
    """The `graph_for` lookup `engine.saves.load_game` needs."""
    assert map_id == "rokugan", map_id
    return rokugan_graph()


# ---------------------------------------------------------------------------- positions

PHASES = {"cards": S.PH_CARDS, "placement": S.PH_PLACE, "swap": S.PH_SWAP}


def position(text: str, seed: int = 0, graph: MapGraph | None = None) -> S.RokuganState:
    """A state from a small text, one command a line (`#` starts a comment):

        clans crab lion                 seats in order (required, first line)
        control CLAN PROV [up=N] [down=N]   control tokens (default one face down)
        special PROV NAME               peace, scorched_earth, shrine, harbor, honor2, ...
        hand CLAN TOKEN ...             tokens from the pool into the hand
        discard CLAN TOKEN ...          tokens from the pool into the discard pile
        place CLAN TOKEN WHERE          a face-down token on the board (no rule checks)
        objective CLAN NAME             the clan's secret objective
        card TERRITORY CARD HOLDER      territory card dealt; HOLDER a clan, map or played
        round N / phase NAME / turn CLAN / first CLAN / ronin CLAN / spied CLAN

    Without `hand` lines a hand holds only the bluff. No control tokens, no special
    tokens and no territory cards in hand unless given; phase placement, round 1.
    """
    lines = [ln.split("#")[0].strip() for ln in text.strip().splitlines()]
    lines = [ln for ln in lines if ln]
    words = lines[0].split()
    assert words[0] == "clans", "the first line names the clans"
    clans = words[1:]
    st = SPEC.new_game(len(clans), seed, {"clans": clans}, graph or rokugan_graph())
    b = st.board
    seat = {c: i for i, c in enumerate(clans)}
    st.ctrl_owner = [-1] * b.n
    st.ctrl_down = [0] * b.n
    st.ctrl_up = [0] * b.n
    st.control_left = [30] * st.n
    st.objective = [-1] * st.n
    st.setup_left = [0] * st.n
    st.terr_holder = [S.ON_MAP if c else S.NO_CARD for c in st.terr_card]
    st.phase, st.cur, st.first, st.round = S.PH_PLACE, 0, 0, 1
    for p in range(st.n):
        base = p * TOKENS_PER_CLAN
        for t in range(TOKENS_PER_CLAN):
            st.loc[base + t] = S.POOL
        st.loc[base + BLUFF_TID] = S.HAND
        st.hand_count[p] = 1
    st.seen_cards = [0] * st.n
    cards = list(st.terr_card)

    def take(p: int, label: str, where: int) -> int:
        labels = TOKEN_LABELS[CLAN_INDEX[clans[p]]]
        for t in range(TOKENS_PER_CLAN):
            if labels[t] == label and st.loc[p * TOKENS_PER_CLAN + t] in (S.POOL, S.HAND):
                if st.loc[p * TOKENS_PER_CLAN + t] == S.HAND and t != BLUFF_TID:
                    continue
                tokens.move(st, p, t, where)
                return t
        raise ValueError(f"{clans[p]} has no free {label}")

    for ln in lines[1:]:
        cmd, *args = ln.split()
        if cmd == "control":
            p, q = seat[args[0]], b.index[args[1]]
            opts = dict(a.split("=") for a in args[2:])
            up, down = int(opts.get("up", 0)), int(opts.get("down", 0 if "up" in opts else 1))
            tokens.add_control(st, p, q, down, up)
        elif cmd == "special":
            tokens.set_special(st, b.index[args[0]], SPECIAL_NAMES.index(args[1]))
        elif cmd == "hand":
            for lab in args[1:]:
                if lab != "bluff":
                    take(seat[args[0]], lab, S.HAND)
        elif cmd == "discard":
            for lab in args[1:]:
                take(seat[args[0]], lab, S.DISCARD)
        elif cmd == "place":
            p = seat[args[0]]
            take(p, args[1], S.HAND)
            placement.do_place(st, p, args[1], " ".join(args[2:]), from_discard=False)
        elif cmd == "objective":
            st.objective[seat[args[0]]] = OBJECTIVE_INDEX[args[1]]
        elif cmd == "card":
            t = b.territory_ids.index(args[0])
            assert args[1] in TERRITORY_CARDS[args[0]]
            cards[t] = args[1]
            st.terr_card = tuple(cards)
            holder = args[2]
            st.terr_holder[t] = (
                S.ON_MAP if holder == "map" else S.PLAYED if holder == "played" else seat[holder]
            )
            if holder in seat:
                st.seen_cards[seat[holder]] |= 1 << t
        elif cmd == "round":
            st.round = int(args[0])
        elif cmd == "phase":
            st.phase = PHASES[args[0]]
        elif cmd == "turn":
            st.cur = seat[args[0]]
        elif cmd == "first":
            st.first = seat[args[0]]
        elif cmd == "ronin":
            st.ronin[seat[args[0]]] = 1
        elif cmd == "spied":
            st.spied[seat[args[0]]] = 1
        else:
            raise ValueError(f"unknown position command {ln!r}")
    return st


def resolve(st: S.RokuganState) -> None:
    """Run resolution steps 1-7 now (what follows the last placement)."""
    rounds.resolve_round(st)


def owner(st: S.RokuganState, province: str) -> str | None:
    """Clan controlling `province`, or None."""
    p = st.ctrl_owner[st.board.index[province]]
    return None if p < 0 else CLANS[st.clans[p]]


def control(st: S.RokuganState, province: str) -> tuple[str | None, int, int]:
    """(clan, face-down count, face-up count) of `province`."""
    q = st.board.index[province]
    return owner(st, province), st.ctrl_down[q], st.ctrl_up[q]


def special(st: S.RokuganState, province: str) -> str:
    """Name of the special token in `province` ('' for none)."""
    return SPECIAL_NAMES[st.special[st.board.index[province]]]


def labels_at(st: S.RokuganState, clan: str, where: int) -> list[str]:
    """Sorted labels of `clan`'s tokens at location `where` (S.HAND, S.DISCARD, ...)."""
    p = st.clans.index(CLAN_INDEX[clan])
    return sorted(st.label(p, t) for t in st.tids_at(p, where))


def texts(actions) -> set[str]:
    """The text forms of actions."""
    return {str(a) for a in actions}


def crane_tie_position():
    """Crane (0), Lion (1) and Crab (2), Crane and Crab each next to Lion's CRAB_3,
    which Lion's Army 2 defends: where Crane needs only to tie and Crab to beat."""
    return position(
        """
        clans crane lion crab
        control crane CRAB_2
        control lion CRAB_3
        control crab CRAB_1
        place lion army2 CRAB_3
        """
    )
