"""What Battle for Rokugan needs from a map, and what a map deals.

`map_readiness(graph, players)` (also reached as `engine.registry.map_readiness("rokugan",
...)`) lists every requirement the map does not meet, each with the province or territory
and the fix in the editor's words; `map_deal(graph)` lists the secret objectives,
territory cards and initiative cards the map deals, with their names and texts (the print
kit prints exactly those). How the deal follows from the map is in `setup.py`.

Errors (the game cannot be set up on the map, or not for that many players):
* a capital that names no clan of the game, or a clan with its capital in two provinces
  (setup puts the clan's control token in one capital; other games ignore `capital`);
* no capital for any clan, or capitals for fewer clans than players (at least 2): only a
  clan with a capital can be played, since setup puts a control token in each player's
  capital and the clan objectives name it;
* no territory: territories score 5 honor each, carry the territory cards and are the
  clans' lands;
* no flowers on any province outside the Shadowlands: flowers are what a province is
  worth at the end, and without them holding land earns next to nothing;
* fewer secret objectives that can be met on the map than 2 per player.
Limits (the game is played without something; `daimyo map check --game rokugan` prints
them after the errors and still exits 0):
* clans without a capital (they cannot be played);
* clan objectives not dealt (neither the clan's capital nor 2 provinces of its lands);
* no Shadowlands: Reclaiming the Lost Lands and the four Shadowlands cards are not dealt;
* fewer than 6 coastal provinces: Way of the Sail is not dealt; with no coast at all a
  Navy can only attack a harbor;
* fewer than 7 territories: Web of Influence is not dealt; no chain of 6 neighbours
  through 3 territories: Emerald Empire is not dealt;
* territories without territory cards, and cards a territory does not deal (Shadowlands
  cards outside the Shadowlands, Feats of Engineering with no inland province);
* a capital without printed defense (the published capitals have +2; Phoenix's ability
  ignores it).
Printed defense, islands and everything else the rules read from the map are optional.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.graph import MapGraph, MapProblem, MapReadiness
from engine.rokugan.board import (
    CHAIN_PROVINCES,
    LANDS_PROVINCES,
    SAIL_PROVINCES,
    WEB_TERRITORIES,
    Board,
    board_for,
)
from engine.rokugan.data import (
    CLAN_INDEX,
    CLANS,
    EMERALD_EMPIRE,
    INITIATIVE_NAMES,
    INITIATIVE_TEXT,
    INITIATIVE_TIE_TEXT,
    LOST_LANDS,
    OBJECTIVE_CLAN,
    OBJECTIVE_TEXT,
    OBJECTIVES,
    SHADOWLANDS_CARDS,
    TERRITORY_CARD_TEXT,
    TERRITORY_CARDS,
    WAY_OF_THE_SAIL,
    WEB_OF_INFLUENCE,
    display_name,
)
from engine.words import N_, Listed, Words

GAME_NAME = "Battle for Rokugan"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
PROVINCE_PANEL = Words.of(N_("the editor's Province panel"))
CAPITAL_FIX = Words.of(
    N_("mark a province as a clan's capital in {panel} (Capital clan)"), panel=PROVINCE_PANEL
)


@dataclass(frozen=True, slots=True)
class DealtCard:
    """One card or objective a map deals, as printed: id, name, text (and its honor for
    an objective, its territory for a territory card, its clan for an initiative card)."""

    id: str
    name: str
    text: str
    honor: int | None = None
    territory: str | None = None
    clan: str | None = None


@dataclass(frozen=True, slots=True)
class MapDeal:
    """Everything a map deals: the clans that can be played there, the secret objectives
    (2 per player are dealt from these), the territory cards (one of each territory's is
    dealt face down) and the initiative cards (clan cards for the clans in the game)."""

    map_id: str
    clans: tuple[str, ...]
    objectives: tuple[DealtCard, ...]
    territory_cards: tuple[DealtCard, ...]
    initiative: tuple[DealtCard, ...]


def playable_clans(graph: MapGraph) -> tuple[str, ...]:
    """The clans that can be played on `graph`: those with a capital, in clan order."""
    return tuple(CLANS[c] for c in board_for(graph).playable_clans)


def player_range(graph: MapGraph) -> tuple[int, int] | None:
    """The player counts `graph` can seat (a clan with a capital and 2 objectives each)."""
    b = board_for(graph)
    high = min(MAX_PLAYERS, len(b.playable_clans), len(b.objective_deck) // 2)
    return (MIN_PLAYERS, high) if high >= MIN_PLAYERS else None


def seats_text(seats: tuple[int, int]) -> str:
    """ "2-4", or "only 2" when the map seats one player count."""
    if seats[0] == seats[1]:
        return str(Words.of(N_("only {n}"), n=seats[0]))
    return f"{seats[0]}-{seats[1]}"


def map_deal(graph: MapGraph) -> MapDeal:
    """The objectives, territory cards and initiative cards `graph` deals, with names and
    texts (objective texts name the map's own capitals and territories)."""
    b = board_for(graph)
    objectives = tuple(
        DealtCard(
            OBJECTIVES[o][0],
            display_name(OBJECTIVES[o][0]),
            _objective_text(b, o),
            honor=OBJECTIVES[o][1],
        )
        for o in b.objective_deck
    )
    cards = tuple(
        DealtCard(card, display_name(card), TERRITORY_CARD_TEXT[card], territory=tid)
        for tid, pair in zip(b.territory_ids, b.territory_cards, strict=True)
        for card in pair or ()
    )
    initiative = tuple(
        DealtCard(
            CLANS[c],
            display_name(CLANS[c]),
            f"The {display_name(CLANS[c])} player becomes the first player.",
            clan=CLANS[c],
        )
        for c in b.playable_clans
    ) + tuple(
        DealtCard(name, display_name(name), f"{INITIATIVE_TEXT[name]} {INITIATIVE_TIE_TEXT}")
        for name in INITIATIVE_NAMES[len(CLANS) :]
    )
    return MapDeal(graph.id, playable_clans(graph), objectives, cards, initiative)


OBJECTIVE_CONDITIONS: dict[str, str] = {
    "capital_or_lands": "Control the {clan} capital ({capital}), or any 2 provinces of "
    "{territory}.",
    "capital": "Control the {clan} capital ({capital}).",
    "lands": "Control any 2 provinces of {territory}.",
    "nothing": "Control nothing this map has.",
    "shadowlands_one": "Control the Shadowlands province.",
    "shadowlands_two": "Control both Shadowlands provinces.",
    "shadowlands_all": "Control all {count} Shadowlands provinces.",
    **OBJECTIVE_TEXT,
}
"""Each objective condition's code with its words (an English template; `clan` is a clan's
engine id, said by its printed name)."""


def objective_condition(b: Board, o: int) -> tuple[str, dict[str, str | int]]:
    """Objective `o`'s condition on this map as data: a code of `OBJECTIVE_CONDITIONS` and
    its parameters (the clan's id, its capital's and lands' names, a count)."""
    clan = OBJECTIVE_CLAN.get(o)
    if clan is not None:
        cap = b.capital_of_clan.get(clan)
        t = b.clan_territory[clan]
        params: dict[str, str | int] = {"clan": CLANS[clan]}
        if cap is not None:
            params["capital"] = b.graph.provinces[cap].name
        if t >= 0 and len(b.territory_members[t]) >= LANDS_PROVINCES:
            params["territory"] = b.graph.territories[t].name
        code = {
            (True, True): "capital_or_lands",
            (True, False): "capital",
            (False, True): "lands",
            (False, False): "nothing",
        }["capital" in params, "territory" in params]
        return code, params
    if o == LOST_LANDS:
        count = sum(b.shadowlands)
        if count == 1:
            return "shadowlands_one", {}
        return ("shadowlands_two", {}) if count == 2 else ("shadowlands_all", {"count": count})
    return OBJECTIVES[o][0], {}


def _objective_text(b: Board, o: int) -> str:
    """An objective's condition in the words of this map (`objective_condition`)."""
    code, params = objective_condition(b, o)
    english = {**params, "clan": display_name(str(params["clan"]))} if "clan" in params else params
    return OBJECTIVE_CONDITIONS[code].format(**english)


def map_readiness(graph: MapGraph, players: int | None = None) -> MapReadiness:
    """Whether `graph` is ready for Battle for Rokugan (for `players` players, else for
    the fewest), every unmet requirement with its fix; see the module docstring."""
    return MapReadiness(
        "rokugan",
        GAME_NAME,
        graph.id,
        tuple(map_problems(graph, players)),
        player_range(graph),
        playable_clans(graph),
    )


def map_problems(graph: MapGraph, players: int | None = None) -> list[MapProblem]:
    """Every unmet requirement of `graph` (errors first, then limits)."""
    b = board_for(graph)
    errors: list[MapProblem] = []
    limits: list[MapProblem] = []
    need = players or MIN_PLAYERS
    # Capitals.
    for p in graph.provinces:
        value = p.attrs.get("capital")
        if value is not None and not (isinstance(value, str) and value in CLAN_INDEX):
            errors.append(
                MapProblem(
                    "capital_clan",
                    Words.of(
                        N_(
                            "province '{province}': capital {value} is not a clan of {game}: "
                            "choose one of {clans} as its Capital clan in {panel}"
                        ),
                        province=p.id,
                        value=repr(value),
                        game=Words.of(GAME_NAME),
                        clans=", ".join(CLANS),
                        panel=PROVINCE_PANEL,
                    ),
                    provinces=(p.id,),
                )
            )
    errors.extend(_capitals_twice(graph))
    capitals = b.playable_clans
    if not capitals:
        said = Words.of(N_("no capital for any clan: {fix}"), fix=CAPITAL_FIX)
        errors.append(MapProblem("no_capital", said))
    elif len(capitals) < need:
        have = Listed(
            tuple(
                Words.of(N_("{clan} in '{province}'"), clan=_clan(c), province=b.ids[q])
                for c, q in ((c, b.capital_of_clan[c]) for c in capitals)
            )
        )
        if players:
            who = Words.of(N_("{n} players need {n}"), n=players)
        else:
            who = Words.of(N_("a game needs {n}"), n=need)
        if len(capitals) == 1:
            said = N_(
                "only {n} clan has a capital ({have}); {who}: mark a province as the capital "
                "of another clan in {panel} (Capital clan)"
            )
        else:
            said = N_(
                "only {n} clans have a capital ({have}); {who}: mark a province as the capital "
                "of another clan in {panel} (Capital clan)"
            )
        errors.append(
            MapProblem(
                "few_capitals",
                Words.of(said, n=len(capitals), have=have, who=who, panel=PROVINCE_PANEL),
                provinces=tuple(b.ids[b.capital_of_clan[c]] for c in capitals),
            )
        )
    # Territories and flowers.
    if not any(b.territory_members):
        errors.append(
            MapProblem(
                "no_territories",
                Words.of(
                    N_(
                        "no territories: they score 5 honor each, carry the territory cards and "
                        "are the clans' lands: group provinces into territories in the editor's "
                        "Territories panel (Add, then Assign by clicking)"
                    )
                ),
            )
        )
    if not any(f > 0 and not s for f, s in zip(b.flowers, b.shadowlands, strict=True)):
        errors.append(
            MapProblem(
                "no_flowers",
                Words.of(
                    N_(
                        "no province outside the Shadowlands has flowers, so holding land earns "
                        "almost no honor: give provinces flowers in {panel} (Flowers)"
                    ),
                    panel=PROVINCE_PANEL,
                ),
            )
        )
    # Secret objectives.
    deck = b.objective_deck
    if capitals and len(deck) < 2 * need:
        names = Listed(tuple(_card(OBJECTIVES[o][0]) for o in deck))
        errors.append(
            MapProblem(
                "few_objectives",
                Words.of(
                    N_(
                        "the map deals only {n} secret objectives that can be met there "
                        "({names}); {players} players need {needed}: add another clan's capital "
                        "(Capital clan in {panel}), a Shadowlands province, {coastal} coastal "
                        "provinces or {territories} territories"
                    ),
                    n=len(deck),
                    names=names,
                    players=need,
                    needed=2 * need,
                    panel=PROVINCE_PANEL,
                    coastal=SAIL_PROVINCES,
                    territories=WEB_TERRITORIES,
                ),
            )
        )
    seats = player_range(graph)
    if players is None and seats is not None and seats[1] < MAX_PLAYERS:
        limits.append(
            MapProblem(
                "players",
                Words.of(
                    N_(
                        "the map seats {seats} players, not {most}: each needs a clan with a "
                        "capital and 2 secret objectives that can be met"
                    ),
                    seats=seats_text(seats),
                    most=MAX_PLAYERS,
                ),
                severity="limit",
            )
        )
    limits.extend(_limits(b))
    return errors + limits


def _card(identifier: str) -> Words:
    """A card's or objective's printed name, said in the reader's language."""
    return Words.of(display_name(identifier))


def _capitals_twice(graph: MapGraph) -> list[MapProblem]:
    """A clan whose capital is marked in two provinces or more: one error per clan, naming
    every such province."""
    where: dict[str, list[str]] = {}
    for p in graph.provinces:
        value = p.attrs.get("capital")
        if isinstance(value, str) and value in CLAN_INDEX:
            where.setdefault(value, []).append(p.id)
    return [
        MapProblem(
            "capital_twice",
            Words.of(
                N_(
                    "the {clan} capital is marked in {n} provinces ({provinces}); a clan has "
                    "one capital: keep it in one and clear Capital clan in {panel} for the others"
                ),
                clan=_clan(CLAN_INDEX[clan]),
                n=len(ids),
                provinces=Listed(tuple(f"'{pid}'" for pid in ids)),
                panel=PROVINCE_PANEL,
            ),
            provinces=tuple(ids),
        )
        for clan, ids in where.items()
        if len(ids) > 1
    ]


def _clan(index: int) -> Words:
    """A clan's name ("Dragon"), said in the reader's language ("Dragão")."""
    return Words.of(display_name(CLANS[index]))


def _limits(b: Board) -> list[MapProblem]:
    """What the game goes without on the map of `b`."""
    out: list[MapProblem] = []
    missing = [c for c in range(len(CLANS)) if c not in b.capital_of_clan]
    if missing and b.playable_clans:
        out.append(
            MapProblem(
                "clans_without_capital",
                Words.of(
                    N_("clans without a capital cannot be played: {clans} (to play one, {fix})"),
                    clans=Listed(tuple(_clan(c) for c in missing)),
                    fix=CAPITAL_FIX,
                ),
                severity="limit",
            )
        )
    unmet = [o for o, c in OBJECTIVE_CLAN.items() if o not in b.objective_deck]
    if unmet and b.playable_clans:  # with no capital at all, that error says it first
        out.append(
            MapProblem(
                "clan_objectives",
                Words.of(
                    N_(
                        "not dealt: {objectives}: the map has neither the clan's capital nor 2 "
                        "provinces of its lands (a territory with the clan's id, or the one "
                        "holding its capital)"
                    ),
                    objectives=Listed(
                        tuple(
                            Words.of(
                                N_("{objective} ({clan})"),
                                objective=_card(OBJECTIVES[o][0]),
                                clan=_clan(OBJECTIVE_CLAN[o]),
                            )
                            for o in unmet
                        )
                    ),
                ),
                severity="limit",
            )
        )
    if not any(b.shadowlands):
        out.append(
            MapProblem(
                "no_shadowlands",
                Words.of(
                    N_(
                        "no Shadowlands province: Reclaiming the Lost Lands and the Shadowlands "
                        "cards are not dealt (tick Shadowlands in {panel} to use them)"
                    ),
                    panel=PROVINCE_PANEL,
                ),
                severity="limit",
            )
        )
    coast = sum(b.coastal)
    if WAY_OF_THE_SAIL not in b.objective_deck:
        if coast == 0:
            said = N_(
                "{n} coastal provinces: Way of the Sail ({needed} coastal provinces) is not "
                "dealt; with no coast a Navy can only attack a harbor (draw a sea along "
                "provinces to give them a coast)"
            )
        elif coast == 1:
            said = N_(
                "{n} coastal province: Way of the Sail ({needed} coastal provinces) is not dealt "
                "(draw a sea along provinces to give them a coast)"
            )
        else:
            said = N_(
                "{n} coastal provinces: Way of the Sail ({needed} coastal provinces) is not "
                "dealt (draw a sea along provinces to give them a coast)"
            )
        out.append(
            MapProblem(
                "few_coasts",
                Words.of(said, n=coast, needed=SAIL_PROVINCES),
                severity="limit",
            )
        )
    territories = sum(1 for m in b.territory_members if m)
    if territories and WEB_OF_INFLUENCE not in b.objective_deck:
        out.append(
            MapProblem(
                "few_territories",
                Words.of(
                    N_("{n} territory: Web of Influence ({needed} territories) is not dealt")
                    if territories == 1
                    else N_(
                        "{n} territories: Web of Influence ({needed} territories) is not dealt"
                    ),
                    n=territories,
                    needed=WEB_TERRITORIES,
                ),
                severity="limit",
            )
        )
    if territories and EMERALD_EMPIRE not in b.objective_deck:
        out.append(
            MapProblem(
                "no_chain",
                Words.of(
                    N_(
                        "no chain of {n} neighbouring provinces touches 3 territories: Emerald "
                        "Empire is not dealt"
                    ),
                    n=CHAIN_PROVINCES,
                ),
                severity="limit",
            )
        )
    # Territories with no cards at all (those whose cards were dropped are told below).
    bare = [
        t
        for t, cards in enumerate(b.territory_cards)
        if cards is None and b.territory_members[t] and b.territory_ids[t] not in TERRITORY_CARDS
    ]
    if bare:
        names = ", ".join(f"'{b.territory_ids[t]}'" for t in bare)
        out.append(
            MapProblem(
                "territory_without_cards",
                Words.of(
                    N_(
                        "territories {names} have no territory cards: give a territory the id of "
                        "a published one ({published}) in the editor's Territories panel (Id), or "
                        "put the capital of a clan without a territory of its own id in it"
                    )
                    if len(bare) > 1
                    else N_(
                        "territory {names} has no territory cards: give a territory the id of a "
                        "published one ({published}) in the editor's Territories panel (Id), or "
                        "put the capital of a clan without a territory of its own id in it"
                    ),
                    names=names,
                    published=", ".join(TERRITORY_CARDS),
                ),
                severity="limit",
                territories=tuple(b.territory_ids[t] for t in bare),
            )
        )
    for t, tid in enumerate(b.territory_ids):
        pair = TERRITORY_CARDS.get(tid) or ()
        dropped = [c for c in pair if c not in (b.territory_cards[t] or ())]
        if dropped:
            why = Words.of(
                N_("its provinces are not all Shadowlands")
                if set(dropped) <= SHADOWLANDS_CARDS
                else N_("the map has no inland province for the harbor")
            )
            out.append(
                MapProblem(
                    "cards_not_dealt",
                    Words.of(
                        N_("territory '{id}': {cards} is not dealt: {why}")
                        if len(dropped) == 1
                        else N_("territory '{id}': {cards} are not dealt: {why}"),
                        id=tid,
                        cards=Listed(tuple(_card(c) for c in dropped)),
                        why=why,
                    ),
                    severity="limit",
                    territories=(tid,),
                )
            )
    for c in b.playable_clans:
        q = b.capital_of_clan[c]
        if b.defense[q] == 0:
            out.append(
                MapProblem(
                    "capital_defense",
                    Words.of(
                        N_(
                            "province '{province}': the {clan} capital has no printed defense "
                            "(the published capitals have 2; Printed defense in {panel})"
                        ),
                        province=b.ids[q],
                        clan=_clan(c),
                        panel=PROVINCE_PANEL,
                    ),
                    severity="limit",
                    provinces=(b.ids[q],),
                )
            )
    return out
