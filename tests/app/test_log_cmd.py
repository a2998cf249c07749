"""`daimyo log SAVE [--as SEAT]`: a saved game's story, as the app's log tells it."""

from __future__ import annotations

import json
import re

import pytest

from app.cli import main
from app.games import game_ui
from app.games.presentation import EVERYTHING
from app.savefile import load_save
from engine.shinobi.cards import CLAN_NAMES

pytest.importorskip("maps.api")


@pytest.fixture(params=["rokugan", "shinobi", "ricewars"])
def saved(request, tmp_path, capsys):
    """A finished 3-player random game of each game, saved by `daimyo play --save`."""
    path = tmp_path / f"{request.param}.json"
    assert main(["play", request.param, "--players", "3", "--seed", "4", "--save", str(path)]) == 0
    capsys.readouterr()
    return request.param, path


def run_log(capsys, *args: str) -> tuple[int, list[str], str]:
    code = main(["log", *args])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_the_log_prints_the_whole_story_one_event_per_line(saved, capsys) -> None:
    game, path = saved
    # When the story is printed (everything, as after the game)
    code, lines, _ = run_log(capsys, str(path))
    # Then it is the app's log of the replayed game, one line per event
    assert code == 0
    state = load_save(path).state
    told = [" ".join(line.text.split()) for line in game_ui(game).story_so_far(state, EVERYTHING)]
    assert lines == told
    assert len(lines) >= len(state.history)
    assert all(line.strip() for line in lines)


def test_a_seat_reads_the_story_as_it_was_told_to_it(saved, capsys) -> None:
    game, path = saved
    code, everything, _ = run_log(capsys, str(path))
    code_1, seat_1, _ = run_log(capsys, str(path), "--as", "1")
    assert code == code_1 == 0 and seat_1
    if game == "rokugan":
        # the first seat is "you"; the others' face-down tokens are "a token" to it
        assert any(line.startswith("You ") for line in seat_1)
        assert not any(line.startswith("You ") for line in everything)
        assert any(" a token " in line for line in seat_1)
        assert not any("#" in line for line in seat_1 + everything)
        clan = game_ui(game).player_label(load_save(path).state, 1)
        code_clan, by_name, _ = run_log(capsys, str(path), "--as", clan.lower())
        code_2, by_number, _ = run_log(capsys, str(path), "--as", "2")
        assert code_clan == code_2 == 0 and by_name == by_number


def test_every_name_the_message_lists_names_its_seat(saved, capsys) -> None:
    game, path = saved
    # Given the message for a seat the game does not have
    code, _, err = run_log(capsys, str(path), "--as", "nobody")
    assert code == 2
    listed = re.findall(r"(\d+) \(([^()]*)\)", err.split("choose one of ", 1)[1])
    assert [int(number) for number, _ in listed] == [1, 2, 3]
    for number, names in listed:
        _, by_number, _ = run_log(capsys, str(path), "--as", number)
        for name in names.split("/"):
            # When the story is asked for as each name listed (in any case)
            code, by_name, err = run_log(capsys, str(path), "--as", name.upper())
            # Then it is that seat's story
            assert code == 0, err
            assert by_name == by_number
    if game == "shinobi":
        # a finished Shinobi game names each seat's allegiance too
        state = load_save(path).state
        clan = CLAN_NAMES[state.allegiance(1)]
        assert ("2", f"Player 2/{clan}") in listed


def test_a_bad_seat_or_file_gets_a_clear_message(tmp_path, capsys) -> None:
    path = tmp_path / "game.json"
    assert main(["play", "shinobi", "--players", "3", "--seed", "1", "--save", str(path)]) == 0
    capsys.readouterr()
    code, _, err = run_log(capsys, str(path), "--as", "7")
    assert code == 2 and "names no seat" in err and "1 (" in err
    broken = tmp_path / "broken.json"
    data = json.loads(path.read_text())
    data["actions"][3] = "dance"
    broken.write_text(json.dumps(data))
    code, lines, err = run_log(capsys, str(broken))
    assert code == 1 and not lines and str(broken) in err and "action 4" in err
    code, _, err = run_log(capsys, str(tmp_path / "missing.json"))
    assert code == 1 and "missing.json" in err


def run_json(capsys, *args: str) -> list[dict]:
    code, lines, err = run_log(capsys, *args, "--json")
    assert code == 0, err
    return [json.loads(line) for line in lines]


def test_json_prints_the_engines_records_one_object_a_line(saved, capsys) -> None:
    game, path = saved
    # When the records of a finished game are printed as JSON
    records = run_json(capsys, str(path))
    state = load_save(path).state
    # Then every line is an object with its kind and round, at least one per action
    assert len(records) >= len(state.history)
    assert all(type(r["kind"]) is str and type(r["round"]) is int for r in records)
    assert all(r["round"] >= 0 for r in records)
    rounds = [r["round"] for r in records]
    assert rounds == sorted(rounds)
    if game == "shinobi":
        # Shinobi's rules tell each order, the draws, the rounds and the final count
        kinds = {r["kind"] for r in records}
        assert {"deploy", "attack", "draw", "round_end", "last_round"} <= kinds
        final = records[-1]
        assert final["kind"] == "final_count"
        assert final["winners"] == state.winners_by_rule()
        clans = [CLAN_NAMES[c] for c in state.allegiances]
        assert [s["clan"] for s in final["seats"]] == clans
        drawn = [r for r in records if r["kind"] == "draw"]
        assert all(len(r["cards"]) == r["count"] >= 1 for r in drawn)
    if game == "rokugan":
        # a removal names the Blessings that went with its token; a defence whether a
        # face-up control token was placed
        removals = [r for r in records if r["kind"] == "removal"]
        assert all(isinstance(r["blessings"], list) for r in removals)
        assert any(r["blessings"] == ["Blessing +2"] for r in removals), removals
        defences = [r for r in records if r["kind"] == "defence"]
        assert defences and all(isinstance(r["placed"], bool) for r in defences)
    if game == "ricewars":
        # Rice Wars' rules tell every decision in a typed record: no generic "action"
        kinds = {r["kind"] for r in records}
        assert "action" not in kinds
        assert {"attack", "defend", "bonus", "stop", "reveal", "pass", "fight"} <= kinds
        attacks = [r for r in records if r["kind"] == "attack"]
        assert all(r["field_name"] and r["total"] == sum(p["amount"] for p in r["parts"])
                   for r in attacks)  # fmt: skip


def test_json_as_a_seat_keeps_the_others_secrets(saved, capsys) -> None:
    game, path = saved
    everything = run_json(capsys, str(path))
    # When the records are printed as the first seat was told them
    mine = run_json(capsys, str(path), "--as", "1")
    # Then the same records come, in the same order
    assert [(r["kind"], r["round"]) for r in mine] == [(r["kind"], r["round"]) for r in everything]
    for told, full in zip(mine, everything, strict=True):
        if "standing" in full and full["kind"] != "game_end":
            # Rice Wars: another's Ryo are secret (its notes are kept face down)
            ends = full["standing"]
            ends = [ends] if isinstance(ends, dict) else ends
            seen = told.pop("standing")
            for mine_, all_ in zip([seen] if isinstance(seen, dict) else seen, ends, strict=True):
                assert mine_["money"] == (all_["money"] if all_["player"] == 0 else -1)
                # ... and so is its hand (how many cards it holds is public)
                assert mine_["hand"] == (all_["hand"] if all_["player"] == 0 else [])
                assert mine_["cards"] == all_["cards"]
            assert told == {k: v for k, v in full.items() if k != "standing"}
        elif full["kind"] == "game_end" and game == "ricewars":
            # the game's end tells every seat's Ryo (wealth breaks a tie), not another's hand
            ends = [{**e, "hand": e["hand"] if e["player"] == 0 else []} for e in full["standing"]]
            assert told == {**full, "standing": ends}
        elif full.get("player") == 0:
            assert told == full  # its own: all of it
        elif full["kind"] == "draw":
            # another's draw: how many cards, never which
            assert told["cards"] == [] and told["count"] == full["count"]
        elif full["kind"] == "action":
            # another's action without records of its own: that they acted, not what
            assert told["action"] == "" and full["action"]
        elif full["kind"] == "bid":
            # Rice Wars: another's sealed bid, its amount kept until the reveal
            assert told["amount"] == -1 and told == {**full, "amount": -1}
        elif full["kind"] == "bonus":
            # a card another put face down: that it did, not which (the reveal tells it)
            hidden = {"card": "", "card_name": "", "bonus": -1}
            assert told == {**full, **hidden} and full["card"]
        elif full["kind"] == "card" and full["effect"] == "steal_card" and told != full:
            # a card stolen from another by another: that one was taken, not which
            assert told["gained"] == "a card" and 0 not in (full["player"], full["victim"])
        elif full["kind"] == "decision":
            # Rokugan: another clan's decision, told as the first seat saw it
            assert_rokugan_decision_told(told, full)
        elif full["kind"] == "removal" and full["secret"] and 0 not in full["known_by"]:
            # a token the first-player card sent back face down: whose and where, not what
            assert told == {**full, "token": ""} and full["token"]
        else:
            assert told == full
    if game == "shinobi":
        # no allegiance is named before the reveal, which comes last
        assert all("seats" not in r for r in mine[:-1])


def assert_rokugan_decision_told(told: dict, full: dict) -> None:
    """Another clan's Rokugan decision as the first seat (seat 0) was told it: what lay
    face up and where things went, never another's objective or a face-down token's kind."""
    secret = full["verb"] in ("objective", "return") or (
        full["verb"] == "send" and full["to"] == "pool"
    )
    if secret or (full["verb"] == "place" and not full["what"].startswith("Blessing")):
        assert told["what"] == ""  # the objective kept, the token behind the screen
    else:
        assert told["what"] == full["what"]  # a card, a face-up or discarded token
    public_reveal = full["verb"] == "discard" or full["what"] == "shugenja"
    for seen, target in zip(told["targets"], full["targets"], strict=True):
        known = target["face_up"] or target["player"] == 0 or public_reveal
        assert seen == (target if known else {**target, "token": ""})
    assert {k: v for k, v in told.items() if k not in ("what", "targets")} == {
        k: v for k, v in full.items() if k not in ("what", "targets")
    }
    assert "#" not in json.dumps(full) and "_" not in full["place"]  # names, not ids


def test_a_rokugan_seat_never_reads_a_rivals_secrets_mid_game(tmp_path, capsys) -> None:
    # Given a Rokugan game saved in its second round's placement (as an autosave is)
    path = tmp_path / "rokugan.json"
    assert main(["play", "rokugan", "--players", "3", "--seed", "4", "--save", str(path)]) == 0
    capsys.readouterr()
    everything = run_json(capsys, str(path))
    data = json.loads(path.read_text())
    placed = [i for i, r in enumerate(everything) if r["kind"] == "decision"]
    rounds = [everything[i]["round"] for i in placed]
    data["actions"] = data["actions"][: rounds.index(2) + 12]
    path.write_text(json.dumps(data))
    full = run_json(capsys, str(path))
    for seat in (1, 2, 3):
        # When its records and its story are printed as each seat was told them
        mine = run_json(capsys, str(path), "--as", str(seat))
        code, story, _ = run_log(capsys, str(path), "--as", str(seat))
        assert code == 0
        text = json.dumps(mine) + "\n".join(story)
        rivals = [r for r in full if r["kind"] == "decision" and r["player"] != seat - 1]
        # Then no rival's objective is named, in the records or in the story
        objectives = [r["what"] for r in rivals if r["verb"] == "objective"]
        assert objectives and all(o not in text for o in objectives)
        assert all(o.replace("_", " ").lower() not in text.lower() for o in objectives)
        # and no token a rival put face down is named, though where it went is
        placed = [r for r in mine if r["kind"] == "decision" and r["verb"] == "place"]
        theirs = [r for r in placed if r["player"] != seat - 1]
        assert theirs and all(r["place"] for r in theirs)
        assert all(r["what"] == "" or r["what"].startswith("Blessing") for r in theirs)
