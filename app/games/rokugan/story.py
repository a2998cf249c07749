"""Battle for Rokugan's story for one viewer: each decision, then a round's resolution step
by step on the board, then what the round did to you.

Qt-free. `story` is the game's `GameUI.story`: the decision's own line (`narrate`), and,
when the decision ended the placement, one beat per rulebook step (`resolution.analyse`),
each with its log lines and the `ResolutionStep` the board shows (its payload a `StepShow`:
the board before and after the step). After the seventh step comes a short summary:
provinces taken and lost, tokens lost before their battle (to cards during the placement,
or in the resolution's first steps), the honor change.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from app.games.presentation import EVERYTHING, Beat, LogLine, ResolutionStep
from app.games.rokugan import narrate
from app.games.rokugan.narrate import Teller, province_name
from app.games.rokugan.resolution import (
    BLUFF_BACK,
    CLEARED_PEACE,
    CLEARED_RAID,
    FIRST_PLAYER_CARD,
    HOST_GONE,
    ILLEGAL,
    SHUGENJA,
    Battle,
    Picture,
    PlacementLoss,
    Resolution,
    StepFacts,
    analyse,
)
from engine.rokugan import events
from engine.rokugan.battles import LION_BLUFF
from engine.rokugan.data import (
    BLESSING,
    BLUFF_TID,
    INITIATIVE_NAMES,
    OBJECTIVES,
    PEACE,
)
from engine.rokugan.state import T_BLESSED, T_PLAYER, T_TID, RokuganState

TITLES = (
    "1. Reveal",
    "2. Bluffs and illegal tokens",
    "3. Raids",
    "4. Diplomacy",
    "5. Battles",
    "6. Territories",
    "7. Next round",
)
SHORT = ("Reveal", "Bluffs", "Raid", "Diplomacy", "Battle", "Territories", "Next round")


@dataclass(frozen=True, slots=True)
class StepShow:
    """What the board shows for one step: the board before it and after it, and its facts."""

    resolution: Resolution
    facts: StepFacts
    before: Picture
    viewer: int

    @property
    def number(self) -> int:
        """The step's number, 1 to 7."""
        return self.facts.number


def story(
    before: RokuganState, action: Any, after: RokuganState, player: int, viewer: int
) -> list[Beat]:
    """What `viewer` is told about `action` (see the module docstring)."""
    beats = [Beat((narrate.describe_action(before, action, after, player, viewer),))]
    resolution = analyse(before, action, after)
    if resolution is not None:
        beats.extend(resolution_beats(resolution, viewer))
    return beats


def resolution_beats(resolution: Resolution, viewer: int) -> list[Beat]:
    """The seven steps of a resolution as beats for `viewer`."""
    reveal = resolution.reveal
    # from the reveal on every token is face up: name them all
    tell = Teller(reveal, viewer, frozenset(range(len(reveal.tokens))))
    beats = []
    previous = Picture.of(reveal, viewer if viewer >= 0 else None)
    for facts in resolution.steps:
        lines = _step_lines(resolution, facts, tell)
        title = TITLES[facts.number - 1]
        if facts.number == 1:
            title = f"Round {resolution.before.round}: {title}"
        short = SHORT[facts.number - 1]
        log = tuple(LogLine(f"{short} — {text}", places) for text, places in lines)
        highlight = tuple(dict.fromkeys(p for _, places in lines for p in places if "|" not in p))
        step = ResolutionStep(
            title,
            tuple(_rich(text) for text, _ in lines),
            highlight,
            StepShow(resolution, facts, previous, viewer),
            facts.state,
        )
        beats.append(Beat(log, step))
        previous = facts.picture
    return beats


def upper(text: str) -> str:
    """`text` with its first letter made a capital (the rest left as it is)."""
    return text[:1].upper() + text[1:]


def _rich(text: str) -> str:
    """A step line for the panel: the part before the first colon in bold."""
    head, colon, rest = text.partition(": ")
    if colon and len(head) < 40:
        return f"<b>{escape(head)}</b>: {escape(rest)}"
    return escape(text)


Lines = list[tuple[str, tuple[str, ...]]]


def _step_lines(resolution: Resolution, facts: StepFacts, tell: Teller) -> Lines:
    number = facts.number
    if number == 1:
        return _reveal(resolution, facts, tell)
    if number == 2:
        return _bluffs(resolution, facts, tell)
    if number in (3, 4):
        return _raids_and_peace(resolution, facts, tell)
    if number == 5:
        return _battles(resolution, facts, tell)
    if number == 6:
        return _territories(resolution, facts, tell)
    return _next_round(resolution, tell)


def _key(state: RokuganState, slot: int) -> str:
    return state.board.slot_text[slot]


def _reveal(resolution: Resolution, facts: StepFacts, tell: Teller) -> Lines:
    """Each clan's tokens in the words of the engine's `Reveal` records (a token already
    face up, which no record reveals, said so), each with the Blessings lying on it."""
    state = resolution.reveal
    b = state.board
    keys = {events.place_words(state, slot): _key(state, slot) for slot in range(b.n_slots)}
    revealed = [(r.clan, r.token, r.place) for r in facts.records if isinstance(r, events.Reveal)]
    by_clan: dict[str, list[str]] = {}
    places: dict[str, list[str]] = {}
    for s, t in enumerate(state.tokens):
        if t is None or state.tok(t[T_PLAYER], t[T_TID])[0] == BLESSING:
            continue
        clan, token, place = told = events.token_facts(state, s)
        words = token if told in revealed else f"{token} (face up already)"
        blessing = t[T_BLESSED]
        while blessing >= 0 and state.tokens[blessing] is not None:
            words += f" blessed {narrate.token_words(tell.label(blessing))[len('Blessing ') :]}"
            blessing = state.tokens[blessing][T_BLESSED]  # type: ignore[index]
        by_clan.setdefault(clan, []).append(f"{words} {_phrase(place)}".strip())
        if place in keys:
            places.setdefault(clan, []).append(keys[place])
    if not by_clan:
        return [("No tokens were placed this round.", ())]
    seats = {events.clan_words(c): p for p, c in enumerate(state.clans)}
    lines: Lines = []
    order = sorted(by_clan, key=lambda c: (seats[c] != tell.viewer, seats[c]))
    for clan in order:
        p = seats[clan]
        head = "Your tokens" if p == tell.viewer else f"{narrate.clan_name(state, p)}'s tokens"
        words = "; ".join(by_clan[clan])
        lines.append((f"{head}: {words}.", tuple(dict.fromkeys(places.get(clan, ())))))
    return lines


def _phrase(place: str) -> str:
    """A record's place with its preposition: 'in Kanaiso', 'on the A → B border', 'off
    the coast of C' (none for a token without a place)."""
    if not place:
        return ""
    if place.endswith(" border"):
        return f"on {place}"
    if place.startswith("the coast of "):
        return f"off {place}"
    return f"in {place}"


def _bluffs(resolution: Resolution, facts: StepFacts, tell: Teller) -> Lines:
    state = resolution.reveal
    lines: Lines = []
    removed = {r.serial for r in facts.removals}
    for removal in facts.removals:
        s = removal.serial
        key = tell.slot_key(s)
        places = (key,) if key else ()
        t = state.tokens[s]
        if removal.reason == BLUFF_BACK:
            owner = "your" if t[T_PLAYER] == tell.viewer else "its"
            lines.append((f"{upper(tell.token(s))} goes back behind {owner} screen.", places))
        elif removal.reason == ILLEGAL:
            lines.append((f"{upper(tell.token(s))} is discarded: {removal.problem}.", places))
        elif removal.reason == HOST_GONE:
            lines.append((f"{upper(tell.token(s))} goes with its host.", places))
    # a bluff the engine left on the board after step 2 is Lion's, defending its province
    for s, t in enumerate(state.tokens):
        if t is not None and s not in removed and t[T_TID] == BLUFF_TID:
            key = tell.slot_key(s)
            lines.append(
                (
                    f"{upper(tell.token(s))} stays: a Lion bluff defending its own "
                    f"province adds {LION_BLUFF} to the defence.",
                    (key,) if key else (),
                )
            )
    return lines or [("No bluffs, and every token lies where it may.", ())]


def _discarded(
    resolution: Resolution, facts: StepFacts, tell: Teller, q: int, why: str, spent: int
) -> str:
    """The tokens a raid or a peace discarded in and around `q` (not the `spent` token
    that did it)."""
    names = [
        tell.token(r.serial)
        for r in facts.removals
        if r.reason == why and r.province == q and r.serial != spent
    ]
    names = [n for n in names if n]
    if not names:
        return ""
    return " Discarded there: " + narrate._and(names) + "."


def _raids_and_peace(resolution: Resolution, facts: StepFacts, tell: Teller) -> Lines:
    state = resolution.reveal
    after = facts.picture
    lines: Lines = []
    raid = facts.number == 3
    for special in facts.specials:
        t = state.tokens[special.serial]
        p = t[T_PLAYER]
        q = special.province
        name = province_name(state, q)
        token = f"{upper(tell.whose(p))} {'Raid' if raid else 'Diplomacy'} in {name}"
        pid = state.board.ids[q]
        if raid:
            if special.done:
                text = f"{token}: {name} is raided ({special.record.why}) — its control "
                text += "tokens are removed"
                text += (
                    ", and it is scorched for the rest of the game."
                    if special.record.scorched  # type: ignore[union-attr]
                    else "."
                )
                text += _discarded(resolution, facts, tell, q, CLEARED_RAID, special.serial)
            else:
                text = f"{token} fails: {special.record.why}."
        else:
            if special.done:
                text = f"{token}: {name} is at peace for the rest of the game."
            else:
                text = f"{token}: no peace token can go there, but the tokens there are discarded."
            text += _discarded(resolution, facts, tell, q, CLEARED_PEACE, special.serial)
            if after.special[q] == PEACE and not special.done:
                text = f"{token}: {name} is already at peace." + _discarded(
                    resolution, facts, tell, q, CLEARED_PEACE, special.serial
                )
        lines.append((text, (pid,)))
    if not lines:
        return [("No raids this round." if raid else "No diplomacy this round.", ())]
    return lines


def _battle_line(
    state: RokuganState, battle: Battle, tell: Teller, before: Picture, after: Picture
) -> str:
    """One battle in words, each side's total itemised as the engine's record adds it up."""
    q = battle.province
    record = battle.record
    name = province_name(state, q)
    d = battle.defender
    attack = "; ".join(
        f"{tell.who(p, start=False)} {tell.verb(p, 'attacks')} with {battle.side(p).tally()}"
        for p in battle.attackers
    )
    if d >= 0:
        defence = (
            f"{tell.who(d, start=False)} {tell.verb(d, 'defends')} with {record.defender.tally()}"
        )
    else:
        defence = f"nobody holds it, defence {record.defender.tally()}"
    winner = battle.winner
    if winner >= 0 and winner != d:
        result = f"{tell.who(winner, start=False)} {tell.verb(winner, 'conquers')} it"
    elif d >= 0 and winner == d:
        plus = " and adds a face-up control token" if after.up[q] > before.up[q] else ""
        result = f"{tell.who(d, start=False)} {tell.verb(d, 'holds')} it{plus}"
    elif winner < 0 and d >= 0:
        result = "it is lost to everyone"
    else:
        result = "nobody takes it"
    return f"{name}: {attack}; {defence}. {upper(result)} ({record.decided})."


def _battles(resolution: Resolution, facts: StepFacts, tell: Teller) -> Lines:
    state = resolution.reveal
    before = resolution.steps[3].picture
    ids = state.board.ids
    lines: Lines = [
        (_battle_line(state, battle, tell, before, facts.picture), (ids[battle.province],))
        for battle in facts.battles
    ]
    names = {province_name(state, q): q for q in range(state.board.n)}
    for defence in facts.defended:
        q = names[defence.province]
        owner = facts.picture.owner[q]
        lines.append(
            (
                f"{defence.province}: {defence.why}, so {tell.who(owner, start=False)} "
                f"{tell.verb(owner, 'defends')} it successfully (+1 face-up control token).",
                (ids[q],),
            )
        )
    if not lines:
        lines.append(("No battles this round.", ()))
    lines.append(
        (
            "After the battles every combat token goes to its owner's discard pile; bluffs "
            "go back behind the screens.",
            (),
        )
    )
    return lines


def _territories(resolution: Resolution, facts: StepFacts, tell: Teller) -> Lines:
    state = resolution.reveal
    b = state.board
    names = {t.id: t.name for t in b.graph.territories}
    lines: Lines = []
    for t, old, new in facts.cards:
        territory = names.get(b.territory_ids[t], b.territory_ids[t])
        members = tuple(b.ids[q] for q in b.territory_members[t])
        if new >= 0:
            card = state.terr_card[t] if t < len(state.terr_card) else ""
            named = tell.viewer in (new, EVERYTHING) and card
            what = f": {narrate.pretty(card)}" if named else ""
            lines.append(
                (
                    f"{tell.who(new)} {tell.verb(new, 'controls', 'control')} all of "
                    f"{territory} and {tell.verb(new, 'claims', 'claim')} its territory "
                    f"card{what}.",
                    members,
                )
            )
        elif old >= 0:
            lines.append(
                (
                    f"{tell.who(old)} no longer {tell.verb(old, 'controls', 'control')} all of "
                    f"{territory} and {tell.verb(old, 'returns')} its territory card.",
                    members,
                )
            )
    return lines or [("No territory card changes hands.", ())]


def visible_honor(state: RokuganState, player: int, viewer: int) -> int:
    """`player`'s honor as `viewer` may know it: a rival's secret objective is left out
    until the game is over."""
    honor = state.honor()[player]
    if viewer in (player, EVERYTHING) or state.is_terminal():
        return honor
    objective = state.objective[player]
    if objective >= 0 and state.objective_met(player, objective):
        honor -= OBJECTIVES[objective][1]
    return honor


def _next_round(resolution: Resolution, tell: Teller) -> Lines:
    after = resolution.after
    lines: Lines = []
    if after.is_terminal():
        lines.append(("The fifth round is over: the game ends.", ()))
    else:
        first = tell.who(after.first)
        card = INITIATIVE_NAMES[after.revealed[-1]] if after.revealed else ""
        lines.append(
            (
                f"Round {after.round} begins. Initiative: {narrate.pretty(card)}; {first} "
                f"{'are' if after.first == tell.viewer else 'is'} first player. Everyone "
                "draws back up to 6 tokens.",
                (),
            )
        )
    lines.extend(summary(resolution, tell))
    return lines


def summary(resolution: Resolution, tell: Teller) -> Lines:
    """What the round did: for a seat, to that seat; for the public, to every clan."""
    reveal, after = resolution.reveal, resolution.after
    viewer = tell.viewer
    players = [viewer] if viewer >= 0 else list(range(after.n))
    lost_tokens: dict[int, list[str]] = {}
    for loss in resolution.placement:  # taken by cards during the placement
        known = loss.public or viewer in (loss.player, EVERYTHING)
        what = loss.token if known else "a token"
        lost_tokens.setdefault(loss.player, []).append(f"{what} ({_taken_by(loss, tell)})")
    spent = {sp.serial for facts in resolution.steps[2:4] for sp in facts.specials}
    for facts in resolution.steps[1:4]:
        for removal in facts.removals:
            if removal.serial in spent:
                continue
            if removal.reason in (ILLEGAL, CLEARED_RAID, CLEARED_PEACE):
                t = reveal.tokens[removal.serial]
                why = {
                    ILLEGAL: "placed where it may not be",
                    CLEARED_RAID: "raided",
                    CLEARED_PEACE: "cleared by diplomacy",
                }[removal.reason]
                lost_tokens.setdefault(t[T_PLAYER], []).append(
                    f"{narrate.token_words(tell.label(removal.serial))} ({why})"
                )
    lines: Lines = []
    for p in players:
        gained = [
            q for q in range(after.board.n) if reveal.ctrl_owner[q] != p == after.ctrl_owner[q]
        ]
        lost = [q for q in range(after.board.n) if reveal.ctrl_owner[q] == p != after.ctrl_owner[q]]
        parts = []
        you = p == viewer
        if gained:
            names = narrate._and([province_name(after, q) for q in gained])
            parts.append(f"{'you took' if you else 'took'} {names}")
        if lost:
            names = narrate._and([province_name(after, q) for q in lost])
            parts.append(f"{'you lost' if you else 'lost'} {names}")
        if not gained and not lost:
            parts.append("no province changed hands")
        if lost_tokens.get(p):
            tokens = narrate._and(lost_tokens[p])
            parts.append(f"{'your ' if you else ''}tokens lost before their battle: {tokens}")
        old = visible_honor(reveal, p, viewer)
        new = visible_honor(after, p, viewer)
        parts.append(f"honor {old} → {new} ({new - old:+d})")
        head = "For you" if you else narrate.clan_name(after, p)
        places = tuple(after.board.ids[q] for q in gained + lost)
        lines.append((f"{head}: " + "; ".join(parts) + ".", places))
    return lines


def _taken_by(loss: PlacementLoss, tell: Teller) -> str:
    """What took a token off the board during the placement, in a few words."""
    whose = tell.whose(loss.actor)
    if loss.reason == SHUGENJA:
        return f"discarded by {whose} shugenja"
    if loss.reason == FIRST_PLAYER_CARD:
        return f"sent back to the pool by {whose} first-player card"
    return f"discarded by {whose} {narrate.pretty(loss.card)}"
