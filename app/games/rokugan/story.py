"""Battle for Rokugan's story for one viewer: each decision, then a round's resolution step
by step on the board, then what the round did to you.

Qt-free. `story` is the game's `GameUI.story`: the decision's own line (`narrate`), and,
when the decision ended the placement, one beat per rulebook step (`resolution.analyse`),
each with its log lines and the `ResolutionStep` the board shows (its payload a `StepShow`:
the board before and after the step; a step that does not concern the viewer, `involves`,
plays on at the AI pace). After the seventh step comes a short summary:
provinces taken and lost, tokens lost before their battle (to cards during the placement,
or in the resolution's first steps), the honor change.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from app.games.presentation import EVERYTHING, PUBLIC, Beat, LogLine, ResolutionStep
from app.games.rokugan import narrate
from app.games.rokugan import words as terms
from app.games.rokugan.narrate import Teller, province_name
from app.games.rokugan.resolution import (
    BLUFF_BACK,
    CLEARED_PEACE,
    CLEARED_RAID,
    FIRST_PLAYER_CARD,
    ILLEGAL,
    SHUGENJA,
    Battle,
    Picture,
    PlacementLoss,
    Removal,
    Resolution,
    StepFacts,
    analyse,
)
from app.i18n import N_, _, ngettext
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
    N_("1. Reveal"),
    N_("2. Bluffs and illegal tokens"),
    N_("3. Raids"),
    N_("4. Diplomacy"),
    N_("5. Battles"),
    N_("6. Territories"),
    N_("7. Next round"),
)
"""The rulebook's seven steps of the resolution phase (translate them where shown)."""
SHORT = (
    N_("Reveal"),
    N_("Bluffs"),
    N_("Raid"),
    N_("Diplomacy"),
    N_("Battle"),
    N_("Territories"),
    N_("Next round"),
)


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
        title = _(TITLES[facts.number - 1])
        if facts.number == 1:
            title = _("Round {round}: {step}").format(round=resolution.before.round, step=title)
        short = _(SHORT[facts.number - 1])
        log = tuple(LogLine(f"{short} — {text}", places) for text, places in lines)
        highlight = tuple(dict.fromkeys(p for _, places in lines for p in places if "|" not in p))
        step = ResolutionStep(
            title,
            tuple(_rich(text) for text, _ in lines),
            highlight,
            StepShow(resolution, facts, previous, viewer),
            facts.state,
            plays_on=viewer >= 0 and not involves(resolution, facts, viewer),
        )
        beats.append(Beat(log, step))
        previous = facts.picture
    return beats


WAITS_ALWAYS = (1, 7)
"""The reveal and the round's end wait for the person whoever they concern."""
CLAN_FIELDS = ("clan", "control_before", "control_after", "winner", "previous")
"""The fields of the engine's records that name a clan a record concerns."""


def involves(resolution: Resolution, facts: StepFacts, viewer: int) -> bool:
    """Whether a resolution step concerns the viewer's clan (else it plays on at the AI
    pace; Continue still steps it): the reveal and the round's end always do; any other
    step when one of its records names the viewer's clan (a token, a battle's side, a
    winner, a territory's holder) or happens in a province the viewer held at the reveal."""
    if facts.number in WAITS_ALWAYS:
        return True
    reveal = resolution.reveal
    clan = events.holder_words(reveal, viewer)  # the records' own words for clans and places
    held = {
        events.province_words(reveal, q)
        for q, owner in enumerate(reveal.ctrl_owner)
        if owner == viewer
    }
    for record in facts.records:
        if any(getattr(record, name, None) == clan for name in CLAN_FIELDS):
            return True
        if getattr(record, "province", "") in held:
            return True
        if isinstance(record, events.Battle):
            if any(side.clan == clan for side in (*record.attackers, record.defender)):
                return True
    return False


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
        name = terms.token_from_words(token)
        words = name if told in revealed else _("{token} (face up already)").format(token=name)
        blessing = t[T_BLESSED]
        while blessing >= 0 and state.tokens[blessing] is not None:
            bonus = "+" + tell.label(blessing)[len("blessing") :]
            words = _("{token} blessed {bonus}").format(token=words, bonus=bonus)
            blessing = state.tokens[blessing][T_BLESSED]  # type: ignore[index]
        phrase = narrate.place_phrase(state, keys[place]) if place in keys else ""
        by_clan.setdefault(clan, []).append(f"{words} {phrase}".strip())
        if place in keys:
            places.setdefault(clan, []).append(keys[place])
    if not by_clan:
        return [(_("No tokens were placed this round."), ())]
    seats = {events.clan_words(c): p for p, c in enumerate(state.clans)}
    lines: Lines = []
    order = sorted(by_clan, key=lambda c: (seats[c] != tell.viewer, seats[c]))
    for clan in order:
        p = seats[clan]
        said = "; ".join(by_clan[clan])
        text = tell.say(
            p, N_("Your tokens: {tokens}."), N_("{clan}'s tokens: {tokens}."), tokens=said
        )
        lines.append((text, tuple(dict.fromkeys(places.get(clan, ())))))
    return lines


def _bluffs(resolution: Resolution, facts: StepFacts, tell: Teller) -> Lines:
    state = resolution.reveal
    lines: Lines = []
    removed = {r.serial for r in facts.removals}
    for removal in facts.removals:
        s = removal.serial
        key = tell.slot_key(s)
        places = (key,) if key else ()
        t = state.tokens[s]
        token = upper(tell.token(s))
        if removal.reason == BLUFF_BACK:
            if t[T_PLAYER] == tell.viewer:
                text = _("{token} goes back behind your screen.").format(token=token)
            else:
                text = _("{token} goes back behind its screen.").format(token=token)
            lines.append((text, places))
        elif removal.reason == ILLEGAL:
            problem = terms.reason(removal.problem)
            text = _("{token} is discarded: {problem}.").format(token=token, problem=problem)
            lines.append((text, places))
        if removal.blessings and lines:
            text, where = lines[-1]
            lines[-1] = (f"{text} {_blessings_discarded(tell, removal)}", where)
    # a bluff the engine left on the board after step 2 is Lion's, defending its province
    for s, t in enumerate(state.tokens):
        if t is not None and s not in removed and t[T_TID] == BLUFF_TID:
            key = tell.slot_key(s)
            lines.append(
                (
                    _(
                        "{token} stays: a Lion bluff defending its own province adds {bonus} "
                        "to the defence."
                    ).format(token=upper(tell.token(s)), bonus=LION_BLUFF),
                    (key,) if key else (),
                )
            )
    return lines or [(_("No bluffs, and every token lies where it may."), ())]


def _blessing_names(tell: Teller, removal: Removal) -> str:
    """The Blessings that left the board with `removal`'s token ("Blessing +2")."""
    return narrate._and([narrate.token_words(tell.label(b)) for b in removal.blessings])


def _blessings_discarded(tell: Teller, removal: Removal) -> str:
    """'The Blessing +2 on it is discarded.' for the Blessings that went with a token."""
    n = len(removal.blessings)
    return ngettext(
        "The {blessings} on it is discarded with it.",
        "The {blessings} on it are discarded with it.",
        n,
    ).format(blessings=_blessing_names(tell, removal))


def _with_blessings(tell: Teller, removal: Removal) -> str:
    """The removed token in words, with the Blessings that went with it: "Crab's Army 3
    in Kanaiso and the Blessing +2 on it"."""
    token = tell.token(removal.serial)
    if not removal.blessings or not token:
        return token
    return _("{token} and the {blessings} on it").format(
        token=token, blessings=_blessing_names(tell, removal)
    )


def _discarded(
    resolution: Resolution, facts: StepFacts, tell: Teller, q: int, why: str, spent: int
) -> str:
    """The tokens a raid or a peace discarded in and around `q` (not the `spent` token
    that did it), each with the Blessings that went with it."""
    names = [
        _with_blessings(tell, r)
        for r in facts.removals
        if r.reason == why and r.province == q and r.serial != spent
    ]
    names = [n for n in names if n]
    if not names:
        return ""
    return " " + _("Discarded there: {tokens}.").format(tokens=narrate._and(names))


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
        if raid:
            token = tell.say(
                p, N_("Your Raid in {province}"), N_("{clan}'s Raid in {province}"), province=name
            )
        else:
            token = tell.say(
                p,
                N_("Your Diplomacy in {province}"),
                N_("{clan}'s Diplomacy in {province}"),
                province=name,
            )
        pid = state.board.ids[q]
        if raid:
            why = terms.reason(special.record.why)  # type: ignore[union-attr]
            if special.done:
                if special.record.scorched:  # type: ignore[union-attr]
                    text = _(
                        "{token}: {province} is raided ({why}) — its control tokens are "
                        "removed, and it is scorched for the rest of the game."
                    )
                else:
                    text = _(
                        "{token}: {province} is raided ({why}) — its control tokens are removed."
                    )
                text = text.format(token=token, province=name, why=why)
                text += _discarded(resolution, facts, tell, q, CLEARED_RAID, special.serial)
            else:
                text = _("{token} fails: {why}.").format(token=token, why=why)
        else:
            if special.done:
                text = _("{token}: {province} is at peace for the rest of the game.")
            else:
                text = _(
                    "{token}: no peace token can go there, but the tokens there are discarded."
                )
            text = text.format(token=token, province=name)
            text += _discarded(resolution, facts, tell, q, CLEARED_PEACE, special.serial)
            if after.special[q] == PEACE and not special.done:
                text = _("{token}: {province} is already at peace.").format(
                    token=token, province=name
                ) + _discarded(resolution, facts, tell, q, CLEARED_PEACE, special.serial)
        lines.append((text, (pid,)))
    if not lines:
        return [(_("No raids this round.") if raid else _("No diplomacy this round."), ())]
    return lines


def _battle_line(state: RokuganState, battle: Battle, tell: Teller) -> str:
    """One battle in words, each side's total itemised as the engine's record adds it up,
    and its result as the engine's records tell it (a defence with or without a token)."""
    q = battle.province
    record = battle.record
    name = province_name(state, q)
    d = battle.defender
    attack = "; ".join(
        tell.say(
            p,
            N_("you attack with {tally}"),
            N_("{clan} attacks with {tally}"),
            tally=terms.tally(battle.side(p)),
        )
        for p in battle.attackers
    )
    tally = terms.tally(record.defender)
    if d >= 0:
        defence = tell.say(
            d, N_("you defend with {tally}"), N_("{clan} defends with {tally}"), tally=tally
        )
    else:
        defence = _("nobody holds it, defence {tally}").format(tally=tally)
    winner = battle.winner
    if winner >= 0 and winner != d:
        result = tell.say(winner, N_("You conquer it"), N_("{clan} conquers it"))
    elif d >= 0 and winner == d:
        if battle.defence is not None and battle.defence.placed:
            result = tell.say(
                d,
                N_("You hold it and add a face-up control token"),
                N_("{clan} holds it and adds a face-up control token"),
            )
        elif battle.defence is not None:
            result = tell.say(
                d,
                N_("You hold it, but you have no control token left to add face up"),
                N_("{clan} holds it, but has no control token left to add face up"),
            )
        else:
            result = tell.say(d, N_("You hold it"), N_("{clan} holds it"))
    elif winner < 0 and d >= 0:
        result = _("It is lost to everyone")
    else:
        result = _("Nobody takes it")
    return _("{province}: {attack}; {defence}. {result} ({decided}).").format(
        province=name,
        attack=attack,
        defence=defence,
        result=result,
        decided=terms.reason(record.decided),
    )


def _battles(resolution: Resolution, facts: StepFacts, tell: Teller) -> Lines:
    state = resolution.reveal
    ids = state.board.ids
    lines: Lines = [
        (_battle_line(state, battle, tell), (ids[battle.province],)) for battle in facts.battles
    ]
    names = {province_name(state, q): q for q in range(state.board.n)}
    for defence in facts.defended:
        q = names[defence.province]
        owner = facts.picture.owner[q]
        if defence.placed:
            you = N_("{province}: {why}, so you defend it successfully (+1 face-up control token).")
            other = N_(
                "{province}: {why}, so {clan} defends it successfully (+1 face-up control token)."
            )
        else:
            you = N_(
                "{province}: {why}, so you defend it successfully, but you have no control "
                "token left to put there face up."
            )
            other = N_(
                "{province}: {why}, so {clan} defends it successfully, but has no control "
                "token left to put there face up."
            )
        why = terms.reason(defence.why)
        text = tell.say(owner, you, other, province=defence.province, why=why)
        lines.append((text, (ids[q],)))
    if not lines:
        lines.append((_("No battles this round."), ()))
    lines.append(
        (
            _(
                "After the battles every combat token goes to its owner's discard pile; bluffs "
                "go back behind the screens."
            ),
            (),
        )
    )
    return lines


def _territories(resolution: Resolution, facts: StepFacts, tell: Teller) -> Lines:
    state = resolution.reveal
    b = state.board
    names = {t.id: terms.territory(t.name) for t in b.graph.territories}
    lines: Lines = []
    for t, old, new in facts.cards:
        territory = names.get(b.territory_ids[t], b.territory_ids[t])
        members = tuple(b.ids[q] for q in b.territory_members[t])
        if new >= 0:
            card = state.terr_card[t] if t < len(state.terr_card) else ""
            named = tell.viewer in (new, EVERYTHING) and card
            if named:
                text = tell.say(
                    new,
                    N_("You control all of {territory} and claim its territory card: {card}."),
                    N_("{clan} controls all of {territory} and claims its territory card: {card}."),
                    territory=territory,
                    card=narrate.pretty(card),
                )
            else:
                text = tell.say(
                    new,
                    N_("You control all of {territory} and claim its territory card."),
                    N_("{clan} controls all of {territory} and claims its territory card."),
                    territory=territory,
                )
            lines.append((text, members))
        elif old >= 0:
            text = tell.say(
                old,
                N_("You no longer control all of {territory} and return its territory card."),
                N_("{clan} no longer controls all of {territory} and returns its territory card."),
                territory=territory,
            )
            lines.append((text, members))
    return lines or [(_("No territory card changes hands."), ())]


def visible_honor(state: RokuganState, player: int, viewer: int) -> int:
    """`player`'s honor as `viewer` may know it: a rival's secret objective is left out
    until the game is over (the engine's `public_honor`)."""
    if viewer in (player, EVERYTHING):
        return state.honor()[player]
    return state.public_honor(player)


def _next_round(resolution: Resolution, tell: Teller) -> Lines:
    after = resolution.after
    lines: Lines = []
    if after.is_terminal():
        lines.append((_("The fifth round is over: the game ends."), ()))
        lines.extend(_the_end(after, tell))
    else:
        card = INITIATIVE_NAMES[after.revealed[-1]] if after.revealed else ""
        text = tell.say(
            after.first,
            N_(
                "Round {round} begins. Initiative: {card}; You are first player. Everyone "
                "draws back up to 6 tokens."
            ),
            N_(
                "Round {round} begins. Initiative: {card}; {clan} is first player. Everyone "
                "draws back up to 6 tokens."
            ),
            round=after.round,
            card=narrate.pretty(card),
        )
        lines.append((text, ()))
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
        what = terms.token_from_words(loss.token) if known else _("a token")
        lost_tokens.setdefault(loss.player, []).append(f"{what} ({_taken_by(loss, tell)})")
    spent = {sp.serial for facts in resolution.steps[2:4] for sp in facts.specials}
    for facts in resolution.steps[1:4]:
        for removal in facts.removals:
            if removal.serial in spent:
                continue
            if removal.reason in (ILLEGAL, CLEARED_RAID, CLEARED_PEACE):
                t = reveal.tokens[removal.serial]
                why = _(
                    {
                        ILLEGAL: N_("placed where it may not be"),
                        CLEARED_RAID: N_("raided"),
                        CLEARED_PEACE: N_("cleared by diplomacy"),
                    }[removal.reason]
                )
                for s in (removal.serial, *removal.blessings):
                    lost_tokens.setdefault(t[T_PLAYER], []).append(
                        f"{narrate.token_words(tell.label(s))} ({why})"
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
            parts.append(
                (_("you took {provinces}") if you else _("took {provinces}")).format(
                    provinces=names
                )
            )
        if lost:
            names = narrate._and([province_name(after, q) for q in lost])
            parts.append(
                (_("you lost {provinces}") if you else _("lost {provinces}")).format(
                    provinces=names
                )
            )
        if not gained and not lost:  # this clan's own: others' provinces may have changed
            parts.append(
                _("you took no province and lost none")
                if you
                else _("took no province and lost none")
            )
        if lost_tokens.get(p):
            tokens = narrate._and(lost_tokens[p])
            lost_words = (
                _("your tokens lost before their battle: {tokens}")
                if you
                else _("tokens lost before their battle: {tokens}")
            )
            parts.append(lost_words.format(tokens=tokens))
        # your own honor as the Players list counts it (without your secret objective),
        # the objective told apart: two different totals for one clan read as a mistake
        counted = PUBLIC if you else viewer
        old = visible_honor(reveal, p, counted)
        new = visible_honor(after, p, counted)
        parts.append(
            _("honor {old} → {new} ({change})").format(old=old, new=new, change=f"{new - old:+d}")
        )
        if you and not after.is_terminal() and after.objective[p] >= 0:
            parts.append(_objective_standing(after, p))
        head = _("For you") if you else narrate.clan_name(after, p)
        places = tuple(after.board.ids[q] for q in gained + lost)
        lines.append((_("{head}: {parts}.").format(head=head, parts="; ".join(parts)), places))
    return lines


def _the_end(state: RokuganState, tell: Teller) -> Lines:
    """The game's end: every secret objective revealed, met or missed (the engine's
    `objective_met`), and who wins (the engine's `winners`: most honor, then most
    provinces, then most territory cards)."""
    lines: Lines = []
    for p in range(state.n):
        if state.objective[p] < 0:
            continue
        name, worth = OBJECTIVES[state.objective[p]]
        if state.objective_met(p, state.objective[p]):
            you = N_("Your secret objective {objective} is met: +{honor} honor.")
            other = N_("{clan}'s secret objective {objective} is met: +{honor} honor.")
        else:
            you = N_("Your secret objective {objective} is missed: it was worth {honor} honor.")
            other = N_(
                "{clan}'s secret objective {objective} is missed: it was worth {honor} honor."
            )
        text = tell.say(p, you, other, objective=narrate.pretty(name), honor=worth)
        lines.append((text, ()))
    honor = state.honor()
    winners = state.winners()
    if len(winners) == 1:
        text = tell.say(
            winners[0],
            N_("You win with {honor} honor."),
            N_("{clan} wins with {honor} honor."),
            honor=honor[winners[0]],
        )
    else:
        clans = narrate._and([narrate.clan_name(state, p) for p in winners])
        text = _("Shared victory with {honor} honor: {clans}.").format(
            honor=honor[winners[0]], clans=clans
        )
    lines.append((text, ()))
    return lines


def _objective_standing(state: RokuganState, player: int) -> str:
    """Whether `player`'s secret objective is met now, and what it would add at the end."""
    name, honor = OBJECTIVES[state.objective[player]]
    if state.objective_met(player, state.objective[player]):
        text = _("your secret objective {objective} is met: +{honor} honor at the end")
    else:
        text = _("your secret objective {objective} is not met yet ({honor} honor)")
    return text.format(objective=narrate.pretty(name), honor=honor)


def _taken_by(loss: PlacementLoss, tell: Teller) -> str:
    """What took a token off the board during the placement, in a few words."""
    if loss.reason == SHUGENJA:
        you, other = N_("discarded by your shugenja"), N_("discarded by {clan}'s shugenja")
    elif loss.reason == FIRST_PLAYER_CARD:
        you = N_("sent back to the pool by your first-player card")
        other = N_("sent back to the pool by {clan}'s first-player card")
    else:
        you, other = N_("discarded by your {card}"), N_("discarded by {clan}'s {card}")
    return tell.say(loss.actor, you, other, card=narrate.pretty(loss.card))
