"""Rice Wars steps show the game as of the step: every figure of the daimyo boards is the
game's at the moment the step tells (and agrees with the board the step draws), the
round's summary names every field of the round, the last setup peasant is on the board
during income, and a fight's result is told only when it ends."""

from __future__ import annotations

import html
import random
import re

import pytest

from app.games.base import EVERYTHING, PUBLIC
from app.games.ricewars import narrate, story
from app.games.ricewars.fights import StepShow, round_start
from app.games.ricewars.narrate import purse_words
from engine.ricewars import records as R
from engine.ricewars.data import ADVISORS
from engine.ricewars.economy import income_parts
from engine.ricewars.state import NEUTRAL, OVER, SETUP_PEASANT, RiceWarsState
from tests.app.test_ricewars_board import expected_fills, fills, shown
from tests.app.test_ricewars_view import new_state

pytest.importorskip("maps.api")

FIELDS = re.compile(r"Fields <b>(\d+)</b>")


def stepped_actions(seed: int, players: int = 3):
    """(before, action, after, player) of a random game, for actions told in steps."""
    state = new_state(players, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        before = state.clone()
        player = state.current_player()
        action = rng.choice(state.legal_actions())
        state.apply(action)
        yield before, action, state, player


def test_at_each_step_the_daimyo_boards_count_the_fields_the_board_shows(qtbot) -> None:
    checked = {"Result": 0, "income": 0, "draw": 0}
    view = None
    for before, action, after, player in stepped_actions(seed=4):
        # Given an action told in steps (a fight, an auction, a round's end)
        steps = [b.step for b in story.story(before, action, after, player, EVERYTHING) if b.step]
        if not steps:
            continue
        if view is None:
            view, session = shown(after, qtbot, viewer=None)
        else:
            session.state = after
        for step in steps:
            # When the step is shown
            view.show_step(step)
            show = step.payload
            assert isinstance(show, StepShow)
            board = show.after or show.board
            # Then every daimyo board counts the fields the step's board draws
            for s, label in view.daimyo_boards.items():
                counted = int(FIELDS.search(label.text()).group(1))
                assert counted == bin(board.own(s)).count("1"), (step.title, s)
            # ... and the board is the one the step draws
            assert fills(view) == {
                fid: view.fields.fill_for(fid, board.owner[f]).name()
                for f, fid in enumerate(after.board.ids)
            }
            for key in checked:
                checked[key] += key in step.title
        view.show_step(None)
    assert all(checked.values()), checked


def test_the_round_summary_names_every_field_taken_in_the_round() -> None:
    told = planted_told = 0
    for before, action, after, player in stepped_actions(seed=5, players=2):
        if after.round == before.round or before.round < 1:
            continue
        # Given the action that ended a round
        start = round_start(before, before.round)
        steps = [b.step for b in story.story(before, action, after, player, EVERYTHING) if b.step]
        draw = next(s for s in steps if s.title.endswith("the draw"))
        text = " ".join(draw.lines)
        # Then each seat's line names every field it took in the round, the last included
        for s in range(after.seats):
            taken = [
                after.board.names[f]
                for f in range(after.board.n)
                if after.owner[f] == s and start.owner[f] != s
            ]
            for name in taken:
                assert name in text, (before.round, s, name, text)
            told += len(taken)
            # And a field planted on free land is said as gained, not as taken from someone
            planted = [
                f for f in range(after.board.n) if after.owner[f] == s and start.owner[f] < 0
            ]
            if planted:
                assert "gained" in text and "took" not in text, text
                planted_told += 1
    assert told > 5 and planted_told > 0


def test_the_last_setup_peasant_is_on_the_board_during_income(qtbot) -> None:
    # Given the last starting peasant about to be placed
    state: RiceWarsState = new_state(3, 2)
    while not (state.phase == SETUP_PEASANT and len(state.queue) == 1):
        state.apply(state.legal_actions()[0])
    before = state.clone()
    player = state.current_player()
    action = state.legal_actions()[0]
    state.apply(action)
    # When round 1's income step is shown
    steps = [b.step for b in story.story(before, action, state, player, EVERYTHING) if b.step]
    income = next(s for s in steps if "income" in s.title)
    view, _session = shown(state, qtbot, viewer=None)
    view.show_step(income)
    # Then the board shows that peasant
    assert fills(view) == expected_fills(view, state)


def test_a_fights_result_is_told_when_it_ends_not_before_its_steps() -> None:
    # Given random games
    seen = 0
    for seed in range(3):
        for before, action, after, player in stepped_actions(seed=seed):
            steps = [
                b.step for b in story.story(before, action, after, player, EVERYTHING) if b.step
            ]
            titles = [s.title for s in steps]
            # Then a fight still under way tells no result, and its cards only once revealed
            if after.fight is not None:
                assert "Result" not in titles
                if "Cards revealed" in titles:
                    assert after.fight["revealed"] and not before.fight["revealed"]
                    seen += 1
            # ... and a fight told before its end tells its result when it ends
            if before.fight is not None and before.fight["revealed"] and after.fight is None:
                assert "Result" in titles and "Cards revealed" not in titles
    assert seen


# -- every figure of every daimyo board at every step ------------------------------------


def figures(st: RiceWarsState) -> list[dict]:
    """What each daimyo board should show, read straight from a (live) position."""
    out = []
    for s in range(st.seats):
        own = [f for f in range(st.board.n) if st.owner[f] == s]
        linked = st.connected(s)
        out.append(
            {
                "fields": len(own),
                "cut": sum(1 for f in own if not linked >> f & 1),
                "money": st.money[s],
                "ashigaru": (st.ash[s], st.ash_x[s], st.ash_due[s]),
                "ronin": (st.ron[s], st.ron_x[s], st.ron_due[s]),
                "peasants": (st.reserve[s], st.supply[s]),
                "cards": len(st.hands[s]),
                "hand": [narrate.CARDS[c].id for c in st.hands[s]],
                "deck": len(st.deck),
                "discard": len(st.discard),
                "round": st.round,
                "advisors": [
                    (ADVISORS[a].name, uses, a in st.adv_due[s]) for a, uses in st.held[s]
                ],
                "passes": st.passes[s],
                "service": st.used_service[s],
                "governor": s == st.governor,
                "to_act": st.phase != OVER
                and (st.cur == s or (st.phase == NEUTRAL and s == st.neutral)),
                "income": [(p.what, p.amount) for p in income_parts(st, s)],
            }
        )
    return out


class Moments(list):
    """A listening position's records, each with the figures of the position at the very
    moment the rules told it."""

    def __init__(self, st: RiceWarsState) -> None:
        super().__init__()
        self.st, self.at = st, []

    def append(self, record) -> None:
        super().append(record)
        self.at.append(figures(self.st))

    def insert(self, index, record) -> None:
        super().insert(index, record)
        self.at.insert(index, figures(self.st))

    def extend(self, records) -> None:
        for record in records:
            self.append(record)


def moments(before: RiceWarsState, action) -> list[tuple[object, list[dict]]]:
    """The records of `action` applied to `before`, each with the figures as it was told."""
    walk = before.clone()
    walk.events = told = Moments(walk)
    walk.apply(action)
    walk.events = None
    return list(zip(told, told.at, strict=True))


def expected_at_steps(before, steps, told) -> list[list[dict]]:
    """The figures each step must show: the game at the moment of the record it tells."""

    def at(kinds, nth=0):
        found = [fig for record, fig in told if isinstance(record, kinds)]
        return found[nth]

    out, auctions = [], 0
    for step in steps:
        title = step.title
        if title == "Result":
            out.append(at((R.Fight, R.DuelAnswered)))
        elif title.endswith("the draw"):
            out.append(at(R.RoundEnd))
        elif title.endswith("income"):
            figs = list(at(R.RoundStart))
            hired = [fig for record, fig in told if isinstance(record, R.NeutralHiring)]
            if hired:
                figs[before.neutral] = hired[0][before.neutral]
            out.append(figs)
        elif title.startswith("Auction of"):
            out.append(at(R.Auction, auctions))
            auctions += 1
        elif title == "Game over":
            out.append(at(R.GameEnd))
        elif title == "After the reveal":
            paid = [fig for record, fig in told if isinstance(record, R.ReactionAnswered)]
            out.append(paid[-1] if paid else figures(before))  # once this payment is made
        elif not any(isinstance(record, R.Revealed) for record, _ in told):
            out.append(figures(before))  # a duel's answer: as the action found it
        else:  # a fight's opening, bonuses and cards: as the reveal found them
            out.append(at(R.Revealed))
    return out


def plain(label) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", label.text().replace("<br>", "\n")))


def number(pattern: str, text: str, default: int = 0) -> int:
    found = re.search(pattern, text)
    return int(found.group(1)) if found else default


def troops(word: str, text: str) -> tuple[int, int, int]:
    found = re.search(rf"\b{word} (\d+)(?: \(([^)]*)\))?", text)
    if not found:
        return (0, 0, 0)
    extra = found.group(2) or ""
    return (int(found.group(1)), number(r"(\d+) tired", extra), number(r"(\d+) unpaid", extra))


def lit(view, s: int) -> bool:
    """Whether daimyo board `s` is highlighted as the seat to act."""
    return "#fff3c4" in view.daimyo_boards[s].styleSheet()


def check_board(view, after: RiceWarsState, s: int, want: dict, where) -> None:
    """Every figure daimyo board `s` shows is `want`'s."""
    label = view.daimyo_boards[s]
    text = plain(label)
    assert number(r"Fields (\d+)", text, -1) == want["fields"], where
    assert number(r"\((\d+) ✂", text) == want["cut"], where
    peasants = re.search(r"peasants (\d+)(?: to place, | \+ )(\d+)", text)
    assert (int(peasants.group(1)), int(peasants.group(2))) == want["peasants"], where
    assert troops("ashigaru", text) == want["ashigaru"], where
    assert troops("ronin", text) == want["ronin"], where
    assert ("· governor" in text) == want["governor"], where
    if want["to_act"] is not None:  # None: checked against the decider (`lit`)
        assert lit(view, s) == want["to_act"], where
    # the tooltip's income, item by item and its sum, is the seat's at that step too
    tip = label.toolTip()
    income = re.search(r"income this round: (.*) = (\d+) Ryo", tip)
    if not want["income"]:
        assert income is None, (where, tip)
    else:
        items = [(what, amount) for what, amount in want["income"]]
        # "palace 2", a count's amount in brackets: "3 connected peasants (3)"
        told = [re.fullmatch(r"(.*) \(?(\d+)\)?", part) for part in income.group(1).split(" + ")]
        assert [(m.group(1), int(m.group(2))) for m in told] == items, (where, tip)
        assert int(income.group(2)) == sum(n for _, n in items), (where, tip)
    if s == after.neutral:
        return
    ryo = re.search(r"Ryo (\S+)", text).group(1)
    assert ryo == purse_words(after, s, PUBLIC, want["money"]), where
    assert number(r"cards (\d+)/", text, -1) == want["cards"], where
    for name, uses, unpaid in want["advisors"]:
        assert f"{name} {'●' * uses}{' (unpaid)' if unpaid else ''}" in text, where
    others = {a.name for a in ADVISORS} - {name for name, _, _ in want["advisors"]}
    assert not any(f"{name} ●" in text for name in others), where
    marks = "■" * want["passes"] + "□" * (2 - want["passes"])
    assert f"passes {marks}" in text, where
    if "Advisors " in text:  # the full board (a compact one leaves this out)
        assert ("service used" in text) == want["service"], where


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (2, 5)])
def test_at_every_step_every_daimyo_figure_is_the_games_at_that_step(qtbot, players, seed) -> None:
    view = None
    titles: set[str] = set()
    changed = 0
    for before, action, after, player in stepped_actions(seed=seed, players=players):
        # Given an action told in steps, and the game at the moment of each record it told
        steps = [b.step for b in story.story(before, action, after, player, EVERYTHING) if b.step]
        if not steps:
            continue
        wanted = expected_at_steps(before, steps, moments(before, action))
        if view is None:
            view, session = shown(after, qtbot, viewer=None)
        else:
            session.state = after
        waits = {s for s, fig in enumerate(figures(after)) if fig["to_act"]}
        for step, want in zip(steps, wanted, strict=True):
            # When the step is shown
            view.show_step(step)
            # Then every figure of every daimyo board is the game's at that step
            for s in range(after.seats):
                figs = {**want[s], "to_act": None}
                check_board(view, after, s, figs, (after.round, step.title, s))
            # ... and a field's tooltip names who holds it on the board the step draws
            board = step.payload.after or step.payload.board
            for f, fid in enumerate(after.board.ids):
                tip = view.scene.province_items[fid].toolTip()
                holder = board.owner[f]
                named = f"{narrate.seat_name(after, holder)}'s peasant" if holder >= 0 else None
                assert (named in tip) if named else "'s peasant" not in tip, (step.title, tip)
                changed += holder != after.owner[f]
            # ... and the board lit is the seat the game waits on after the action, or none
            # (the seat that has just decided is never lit in the middle of its action)
            on = {s for s in range(after.seats) if lit(view, s)}
            assert on <= waits, (after.round, step.title, on, waits)
            titles.add(re.sub(r"\d+", "N", step.title.split(" at ")[0]))
        view.show_step(None)
        # ... and once the steps are over, the game's as it stands
        for s, want in enumerate(figures(after)):
            check_board(view, after, s, want, (after.round, "now", s))
    # ... over fights, auctions, rounds and the end
    assert {
        "Result",
        "Cards revealed",
        "Round N: income",
        "Round N: the draw",
        "Game over",
    } <= titles
    assert changed  # ... over fields whose holder changed after the step


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (2, 5)])
def test_at_every_step_the_hand_and_the_piles_are_the_games_at_that_step(
    qtbot, players, seed
) -> None:
    # Given the first seat watching a game's steps, and the game at each record's moment
    view = None
    later = {"hand": 0, "piles": 0}
    for before, action, after, player in stepped_actions(seed=seed, players=players):
        steps = [b.step for b in story.story(before, action, after, player, 0) if b.step]
        if not steps:
            continue
        wanted = expected_at_steps(before, steps, moments(before, action))
        if view is None:
            view, session = shown(after, qtbot, viewer=0)
        else:
            session.state = after
        now = figures(after)[0]
        for step, want in zip(steps, wanted, strict=True):
            # When a step is shown
            view.show_step(step)
            # Then the hand holds the cards of that moment, in their order, with its Ryo,
            # and the deck and the discard pile count theirs (not the game's after the
            # fight's or the round's draw, a card played or a reshuffle that came later)
            mine = want[0]
            assert list(view.card_buttons) == mine["hand"], (step.title, mine["hand"])
            title = plain(view.hand.itemAt(0).widget())
            assert f"{len(mine['hand'])}/5 cards\n{mine['money']} Ryo\n" in title, title
            assert f"Deck {mine['deck']}\nDiscard {mine['discard']}" in title, title
            later["hand"] += mine["hand"] != now["hand"]
            later["piles"] += (mine["deck"], mine["discard"]) != (now["deck"], now["discard"])
        view.show_step(None)
        assert list(view.card_buttons) == now["hand"]
        piles = f"Deck {now['deck']}\nDiscard {now['discard']}"
        assert piles in plain(view.hand.itemAt(0).widget())
    # ... over steps whose hand and piles the action went on to change
    assert later["hand"] and later["piles"], later


STEP_PHASES = {"Result": "Actions", "Cards revealed": "Actions", "After the reveal": "Actions"}
"""The phase a step tells (a fight's steps are the action phase's), by its title's start."""


def step_phase(title: str) -> str:
    if title.startswith("Auction of"):
        return "Auction"
    if title.endswith("the draw"):
        return "Draw"
    if title.endswith("income"):
        return "Income"
    return STEP_PHASES.get(title, "Actions")


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (2, 5)])
def test_at_every_step_the_round_track_is_the_games_at_that_step(qtbot, players, seed) -> None:
    # Given a game's steps, and the game at the moment of each record they tell
    view = None
    ahead = 0
    for before, action, after, player in stepped_actions(seed=seed, players=players):
        steps = [b.step for b in story.story(before, action, after, player, EVERYTHING) if b.step]
        if not steps:
            continue
        wanted = expected_at_steps(before, steps, moments(before, action))
        if view is None:
            view, session = shown(after, qtbot, viewer=None)
        else:
            session.state = after
        for step, want in zip(steps, wanted, strict=True):
            if step.title == "Game over":
                continue  # the game as it ends: the track as the game stands
            # When a step is shown
            view.show_step(step)
            track = view.track.text()
            # Then the round track lights the round, the phase and the governor of that
            # moment (not the next round's hiring after a round's last pass)
            lit_round = re.search(r"background:#8a6d3b[^>]*>(\d+)", track)
            assert int(lit_round.group(1)) == want[0]["round"], (step.title, track)
            phase = re.search(r"<b style='color:[^']*'>([^<]+)</b>", track).group(1)
            assert phase == step_phase(step.title), (step.title, track)
            governor = next(s for s, fig in enumerate(want) if fig["governor"])
            assert f"<b>{narrate.seat_name(after, governor)}</b>" in track, (step.title, track)
            ahead += want[0]["round"] != after.round
        view.show_step(None)
        assert int(re.search(r"background:#8a6d3b[^>]*>(\d+)", view.track.text()).group(1)) == (
            after.round
        )
    # ... over steps of a round the game had left by the time they were shown
    assert ahead
