"""Battle for Rokugan's story: tokens by name (never a serial), "you" for the viewer, secrets
kept, every resolution step retold from a board that matches the engine's, a summary."""

from __future__ import annotations

import random

import pytest

from app.games.presentation import EVERYTHING, PUBLIC
from app.games.rokugan import GAME_UI
from app.games.rokugan.resolution import analyse, state_at_reveal
from engine.rokugan import actions as A
from engine.rokugan import events, placement
from engine.rokugan.data import BLESSING, CLAN_INDEX, OBJECTIVES
from engine.rokugan.state import T_TID, T_UP

maps_api = pytest.importorskip("maps.api")


@pytest.fixture(scope="module")
def graph():
    return maps_api.load_graph("rokugan")


def play(graph, seed: int, players: int = 4, rounds: int = 5):
    """A random game to the end of `rounds`, as (before, action, after, player) steps."""
    from engine.registry import get_game

    state = get_game("rokugan").new_game(players, seed, {}, graph)
    rng = random.Random(seed)
    moves = []
    while not state.is_terminal() and state.round <= rounds:
        before = state.clone()
        player = state.current_player()
        # cards and looks more often than at random: they are what the story must name
        legal = state.legal_actions()
        special = [a for a in legal if isinstance(a, (A.PlayCard, A.Peek, A.Look, A.Discard))]
        action = rng.choice(special if special and rng.random() < 0.5 else legal)
        state.apply(action)
        moves.append((before, action, state.clone(), player))
    return moves


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_story_names_things_never_serials_and_the_board_matches_the_engine(graph, seed) -> None:
    # Given random games with cards, looks and resolutions
    resolutions = 0
    for before, action, after, player in play(graph, seed):
        result = analyse(before, action, after)
        if result is not None:
            resolutions += 1
            # Then every step's board and battles are the engine's at that step
            for facts in result.steps:
                assert facts.state is not None
                assert list(facts.picture.owner) == list(facts.state.ctrl_owner)
                for battle in facts.battles:
                    assert battle.winner == facts.state.ctrl_owner[battle.province]
                    # and its tally (the board's tooltip) itemises every side
                    tally = battle.tally()
                    for p, total in battle.totals:
                        side = battle.side(p)
                        assert f"with {side.tally()}" in tally
                        assert total == sum(t.strength for t in side.tokens) + sum(
                            b.strength for b in side.bonuses
                        )
            # and the retold board ends where the engine ended
            final = result.steps[-1].picture
            assert list(final.owner) == list(after.ctrl_owner)
            assert list(final.special) == list(after.special)
            assert [s.number for s in result.steps] == [1, 2, 3, 4, 5, 6, 7]
        for viewer in (player, (player + 1) % after.n, PUBLIC, EVERYTHING):
            for beat in GAME_UI.story(before, action, after, player, viewer):
                for line in beat.lines:
                    # And no line ever shows an internal serial
                    assert "#" not in line.text, line.text
                    assert line.text.strip()
    assert resolutions == 5


def test_you_are_told_in_the_second_person_and_secrets_stay_secret(graph) -> None:
    moves = play(graph, 4, rounds=1)
    places = [m for m in moves if isinstance(m[1], A.Place) and not m[1].where.startswith("#")]
    before, action, after, player = places[0]
    other = (player + 1) % after.n
    # When I place a token, I read what and where, in the second person
    mine = GAME_UI.story(before, action, after, player, player)[0].lines[0]
    assert mine.text.startswith("You place ")
    words = mine.text
    label = action.token
    assert label[:4].capitalize() in words or label.capitalize() in words
    assert mine.places == (action.where,)
    # Then the others read only that a token was placed there
    theirs = GAME_UI.story(before, action, after, player, other)[0].lines[0].text
    assert " a token " in theirs and not theirs.startswith("You")


def test_a_shugenja_names_the_token_it_discards_for_everybody(graph) -> None:
    for seed in range(1, 30):
        for before, action, after, player in play(graph, seed, rounds=3):
            if isinstance(action, A.PlayCard) and action.card == "shugenja":
                serial = int(action.targets[0][1:])
                t = before.tokens[serial]
                owner = t[0]
                label = before.label(owner, t[T_TID])
                text = GAME_UI.story(before, action, after, player, owner)[0].lines[0].text
                # the owner reads "your <token>", the public the clan's name and the token
                assert "shugenja reveals and discards your " in text
                public = GAME_UI.story(before, action, after, player, PUBLIC)[0].lines[0].text
                from app.games.rokugan.narrate import clan_name, token_words

                assert f"{clan_name(before, owner)}'s {token_words(label)}" in public
                return
    pytest.fail("no shugenja was played in the sample games")


def test_a_face_down_token_is_a_token_to_those_who_have_not_seen_it(graph) -> None:
    for before, action, after, player in play(graph, 5, rounds=2):
        if isinstance(action, A.PlayCard) and action.card == "scout":
            serial = int(action.targets[0][1:])
            t = before.tokens[serial]
            assert not t[T_UP]
            bystander = next(p for p in range(after.n) if p not in (player, t[0]))
            seen = before.observation(bystander).board_tokens[serial][5] >= 0
            text = GAME_UI.story(before, action, after, player, bystander)[0].lines[0].text
            label = before.label(t[0], t[T_TID])
            from app.games.rokugan.narrate import token_words

            if not seen:
                assert token_words(label) not in text and " token " in text
            scout = GAME_UI.story(before, action, after, player, player)[0].lines[0].text
            assert scout.startswith("You scout ") and token_words(label) in scout
            return
    pytest.fail("no scout was played")


def test_each_resolution_ends_with_what_happened_to_you(graph) -> None:
    for before, action, after, player in play(graph, 6, rounds=1):
        if analyse(before, action, after) is None:
            continue
        beats = GAME_UI.story(before, action, after, player, 0)
        steps = [beat for beat in beats if beat.step is not None]
        assert len(steps) == 7
        last = [line.text for line in steps[-1].lines]
        summary = next(text for text in last if "For you: " in text)
        assert "honor " in summary and "→" in summary
        # and the public hears about every clan
        public = GAME_UI.story(before, action, after, player, PUBLIC)
        told = [line.text for line in public[-1].lines]
        assert sum(1 for text in told if "honor " in text) == after.n
        return
    pytest.fail("round 1 did not end")


def test_what_happened_to_you_counts_the_tokens_a_shugenja_discarded_in_the_placement(
    graph,
) -> None:
    from app.games.rokugan.narrate import clan_name, token_words

    for seed in range(1, 30):
        discarded = None
        for before, action, after, player in play(graph, seed, rounds=3):
            # Given a round in which a shugenja discarded a token during the placement
            if isinstance(action, A.PlayCard) and action.card == "shugenja":
                t = before.tokens[int(action.targets[0][1:])]
                discarded = (t[0], before.label(t[0], t[T_TID]), player, before.round)
            if discarded is None or analyse(before, action, after) is None:
                continue
            owner, label, actor, round_ = discarded
            assert round_ == before.round
            # When the round is resolved
            beats = GAME_UI.story(before, action, after, player, owner)
            summary = next(line.text for line in beats[-1].lines if "For you: " in line.text)
            # Then the owner's summary counts the token among those lost before the battles
            lost = f"{token_words(label)} (discarded by {clan_name(after, actor)}'s shugenja)"
            assert "your tokens lost before their battle: " in summary and lost in summary
            # And everybody reads it in that clan's line (the shugenja revealed it)
            told = GAME_UI.story(before, action, after, player, PUBLIC)[-1].lines
            mine = next(
                line.text for line in told if f" — {clan_name(after, owner)}: " in line.text
            )
            assert lost in mine
            return
    pytest.fail("no shugenja was played in the sample games")


def test_the_board_at_the_reveal_holds_the_last_placement(graph) -> None:
    for before, action, after, player in play(graph, 7, rounds=1):
        if analyse(before, action, after) is None:
            continue
        reveal = state_at_reveal(before, action)
        assert reveal.round == before.round
        if isinstance(action, A.Place) and not action.where.startswith("#"):
            assert reveal.tokens[-1][0] == player
        return


def test_the_tokens_cards_took_in_the_placement_are_the_engines_records(graph) -> None:
    from engine.rokugan import events

    for seed in range(1, 12):
        told: list[tuple[str, str, str]] = []  # (clan, token, card) told as it happened
        for before, action, after, _player in play(graph, seed, rounds=3):
            # Given a round whose decisions were told by the engine as they were made
            records = before.clone().apply_told(action)
            resolution = analyse(before, action, after)
            reveal = next((i for i, r in enumerate(records) if r.kind == "reveal"), None)
            cut = records if reveal is None else records[:reveal]
            told += [
                (r.clan, r.token, r.rule)
                for r in cut
                if isinstance(r, events.Removal) and r.reason == "card"
            ]
            if resolution is None:
                continue
            # When the round is resolved
            # Then its losses in the placement are those records, in order, by name
            losses = [
                (events.clan_words(after.clans[loss.player]), loss.token, loss.card)
                for loss in resolution.placement
            ]
            assert losses == told, seed
            if told:
                return
            told = []
    pytest.fail("no card took a token in the sample games")


def test_the_reveal_step_says_what_the_engines_reveal_records_turned_face_up(graph) -> None:
    from engine.rokugan import events

    checked = 0
    for before, action, after, player in play(graph, 4, rounds=5):
        resolution = analyse(before, action, after)
        if resolution is None:
            continue
        # Given a resolution's reveal, as the engine recorded it
        records = [r for r in resolution.steps[0].records if isinstance(r, events.Reveal)]
        # When it is told to everybody
        lines = [
            line.text for line in GAME_UI.story(before, action, after, player, PUBLIC)[1].lines
        ]
        # Then each revealed token is named in its clan's line, where the record puts it
        for record in records:
            if record.token.startswith("Blessing"):
                continue
            line = next(text for text in lines if f"— {record.clan}'s tokens: " in text)
            assert f"{record.token} " in line and record.place in line, (record, line)
            checked += 1
        # And a token no record revealed is said to have been face up already
        told = sum(text.count("face up already") for text in lines)
        tokens = [
            s
            for s, t in enumerate(resolution.reveal.tokens)
            if t is not None and resolution.reveal.tok(t[0], t[T_TID])[0] != BLESSING
        ]
        assert told == len(tokens) - sum(not r.token.startswith("Blessing") for r in records)
    assert checked > 20


def test_a_step_that_does_not_concern_you_plays_on_and_one_that_does_waits(graph) -> None:
    # Given the resolutions of random four-clan games, told to seat 0 and to the shared screen
    from app.games.rokugan.story import involves

    seen = {True: 0, False: 0}
    for seed in (1, 2):
        for before, action, after, player in play(graph, seed, rounds=3):
            resolution = analyse(before, action, after)
            if resolution is None:
                continue
            mine = GAME_UI.story(before, action, after, player, 0)
            shared = GAME_UI.story(before, action, after, player, EVERYTHING)
            clan = events.holder_words(resolution.reveal, 0)
            steps = [beat.step for beat in mine if beat.step is not None]
            for facts, step in zip(resolution.steps, steps, strict=True):
                # When a step's records name my clan (or happen in a province I held at the
                # reveal), or it is the reveal or the round's end, it waits for me
                named = any(clan in repr(record) for record in facts.records)
                if facts.number in (1, 7) or named:
                    assert not step.plays_on, (facts.number, facts.records)
                # Then one that does not concern me plays on, and is told all the same
                if step.plays_on:
                    assert not involves(resolution, facts, 0)
                    assert step.lines
                seen[step.plays_on] += 1
            # And on the shared screen of a hot-seat game every step waits
            assert not any(beat.step.plays_on for beat in shared if beat.step is not None)
    assert seen[True] and seen[False], seen


def _told(text: str, blessed: str = "", none_left: str = "") -> list[str]:
    """The public story of the last placement of a small position (`text`, in the
    engine fixtures' words) and its resolution: Lion's Blessing +2 on the `blessed` token
    ("#N"), `none_left` a clan with all its control tokens on the board."""
    from tests.engine.rokugan.fixtures import position

    st = position(text + "\nhand lion blessing2" if blessed else text)
    if blessed:
        placement.do_place(st, st.clans.index(CLAN_INDEX["lion"]), "blessing2", blessed, False)
    if none_left:
        st.control_left[st.clans.index(CLAN_INDEX[none_left])] = 0
    before = st.clone()
    action = next(a for a in st.legal_actions() if str(a).startswith("place bluff"))
    st.apply(action)
    assert st.round == 2  # the placement ended, the round was resolved
    return [
        line.text for beat in GAME_UI.story(before, action, st, 0, PUBLIC) for line in beat.lines
    ]


def test_a_token_taken_off_the_board_takes_the_blessing_on_it_along_in_the_story() -> None:
    # Given Lion's Army 3 blessed +2 on a border of Gold_3C, which Crab raids
    lines = _told(
        """
        clans crab lion
        control crab CRAB_C
        control lion GOLD_3C
        place lion army3 CRAB_C|GOLD_3C ->CRAB_C
        place crab raid GOLD_3C
        """,
        blessed="#0",
    )
    # Then the raid's line names the Blessing that went with the Army (the engine's record)
    raid = next(t for t in lines if t.startswith("Raid — "))
    assert raid.endswith(
        "Discarded there: Lion's Army 3 on the Gold_3C → Crab_C border and the Blessing +2 on it."
    )
    # and Lion's summary counts both among the tokens lost before their battle
    assert "tokens lost before their battle: Army 3 (raided) and Blessing +2 (raided)" in lines[-1]


def test_a_defence_with_no_control_token_left_says_none_was_added() -> None:
    # Given Crab holding Crab_1 against Lion's attack, and Crab_C whose attacker is raided,
    # with all of Crab's control tokens on the board
    lines = _told(
        """
        clans crab lion
        control crab CRAB_C
        control crab CRAB_1
        control lion GOLD_3C
        control lion CRAB_3
        place lion army3 CRAB_C|GOLD_3C ->CRAB_C
        place crab raid GOLD_3C
        place lion army1 CRAB_1|CRAB_3 ->CRAB_1
        place crab army3 CRAB_1
        """,
        none_left="crab",
    )
    # Then both defences say no face-up token was added, as the engine's records do
    assert any(
        t.startswith("Battle — Crab_1: ")
        and "Crab holds it, but has no control token left to add face up" in t
        for t in lines
    )
    assert (
        "Battle — Crab_C: every token attacking it left the board before the battles, so Crab "
        "defends it successfully, but has no control token left to put there face up." in lines
    )
    # And the raid says whose neighbouring province let it work: the raider's, not Gold_3C's
    raid = next(t for t in lines if t.startswith("Raid — Crab's Raid in Gold_3C: "))
    assert "(the raiding clan controls a neighbouring province)" in raid


def test_your_honor_after_a_round_is_the_players_lists_and_your_objective_is_told_apart(
    graph,
) -> None:
    from engine.rokugan.data import OBJECTIVES

    # Given the end of the first round of a game, told to seat 0
    for before, action, after, player in play(graph, 6, rounds=1):
        if analyse(before, action, after) is None:
            continue
        beats = GAME_UI.story(before, action, after, player, 0)
        summary = next(line.text for line in beats[-1].lines if "For you: " in line.text)
        # Then the honor it says is the one the Players list shows beside my clan
        shown = GAME_UI.player_status(after, 0)
        assert f"→ {after.public_honor(0)} (" in summary
        assert shown.startswith(f"{after.public_honor(0)} honor")
        # And my secret objective is told apart, met or not as the engine counts it
        name, honor = OBJECTIVES[after.objective[0]]
        met = after.objective_met(0, after.objective[0])
        said = "is met: +" if met else "is not met yet"
        assert f"your secret objective {narrate_name(name)} {said}" in summary
        assert f"{honor} honor" in summary.split("your secret objective")[1]
        return
    pytest.fail("round 1 did not end")


def narrate_name(identifier: str) -> str:
    from app.games.rokugan import narrate

    return narrate.pretty(identifier)


def test_a_round_that_changed_no_province_of_yours_says_so_not_that_none_changed(graph) -> None:
    from app.games.rokugan.narrate import clan_name

    for seed in range(1, 30):
        for before, action, after, player in play(graph, seed, rounds=3):
            result = analyse(before, action, after)
            if result is None:
                continue
            reveal = result.reveal
            changed = [
                q for q in range(after.board.n) if reveal.ctrl_owner[q] != after.ctrl_owner[q]
            ]
            owners = {reveal.ctrl_owner[q] for q in changed} | {
                after.ctrl_owner[q] for q in changed
            }
            calm = [p for p in range(after.n) if p not in owners]
            # Given a round in which provinces changed hands, none of them a clan's
            if not changed or not calm:
                continue
            viewer = calm[0]
            # When the round's summary is told to that clan and to everybody
            beats = GAME_UI.story(before, action, after, player, viewer)
            mine = next(line.text for line in beats[-1].lines if "For you: " in line.text)
            told = GAME_UI.story(before, action, after, player, PUBLIC)[-1].lines
            theirs = next(
                line.text for line in told if f" — {clan_name(after, viewer)}: " in line.text
            )
            # Then it says that clan took and lost none, not that no province changed hands
            assert "For you: you took no province and lost none" in mine, mine
            assert ": took no province and lost none" in theirs, theirs
            assert "changed hands" not in mine + theirs
            return
    pytest.fail("no round changed provinces of some clans only")


def test_the_last_round_reveals_every_secret_objective_and_the_winner(graph) -> None:
    from app.games.rokugan.narrate import clan_name, pretty

    # Given a random three-clan game played to its end
    before, action, after, player = play(graph, 4, players=3)[-1]
    assert after.is_terminal()
    # When its last resolution is told to the first clan
    told = [line.text for line in GAME_UI.story(before, action, after, player, 0)[-1].lines]
    # Then every clan's secret objective is named, met or missed as the engine says
    for p in range(after.n):
        name, honor = OBJECTIVES[after.objective[p]]
        met = after.objective_met(p, after.objective[p])
        who = "Your" if p == 0 else f"{clan_name(after, p)}'s"
        said = f"{who} secret objective {pretty(name)} is {'met' if met else 'missed'}: "
        assert any(said in text for text in told), (said, told)
    # And the winner is the engine's, with its honor
    (winner,) = after.winners()
    honor = after.honor()[winner]
    win = "You win" if winner == 0 else f"{clan_name(after, winner)} wins"
    assert any(text.endswith(f" — {win} with {honor} honor.") for text in told), told
