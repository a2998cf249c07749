"""Battle for Rokugan in German and Portuguese: the story (`daimyo log`), the review, the
game screen in the pseudo-language, the log told again on a change of language, and every
reason the engine and the AI give having its words in the app."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from ai.explain import Said, Term
from app import i18n
from app.cli import main
from app.games.rokugan import words
from app.hint_words import TEMPLATES, say
from app.widgets.language import apply_language
from engine.registry import get_game
from engine.rokugan.requirements import OBJECTIVE_CONDITIONS
from tests.app.real_saves import late_rokugan_save
from tests.app.test_i18n_pseudo import bare, pseudo, texts, unmarked  # noqa: F401 - fixture
from tests.app.test_i18n_screen_sizes import small, speak  # noqa: F401 - fixture
from tests.app.test_screen_sizes import assert_fits, finish_game_by_picks

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = re.compile(
    r"\b(the|and|you|your|with|places|token|tokens|round|control|border|coast|plays|passes|"
    r"keeps|attacks|defends|holds|honor|battle|nobody|discarded|goes|back|behind|screen)\b",
    re.IGNORECASE,
)
"""Words of the English story that no German or Portuguese sentence of it holds."""
RULEBOOK = {
    "de": ("Kontrollmarker", "Runde", "Marker", "Ehre", "Provinz", "Kampfmarker", "Sichtschirm"),
    "pt": ("ficha de controle", "rodada", "ficha", "honra", "escudo", "ficha de combate"),
}
"""Terms of each language's rulebook (app/locale/glossary.csv) every told game uses."""


@pytest.fixture(autouse=True)
def english_after(qapp):
    """Each test starts and ends in English."""
    apply_language("en")
    yield
    apply_language("en")


def map_names() -> set[str]:
    """The shipped map's place names (names are not translated)."""
    from maps.api import load_graph

    graph = load_graph("rokugan")
    return {p.name for p in graph.provinces} | {t.name for t in graph.territories}


def without_names(text: str) -> str:
    for name in sorted(map_names(), key=len, reverse=True):
        text = text.replace(name, " ")
    return text


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    """A finished 3-player Rokugan game saved by `daimyo play`."""
    path = tmp_path_factory.mktemp("rokugan") / "game.json"
    assert main(["play", "rokugan", "--players", "3", "--seed", "4", "--save", str(path)]) == 0
    return path


# ------------------------------------------------------------------- the engine's reasons


def _strings(node: ast.AST) -> list[str]:
    """The string constants a reason expression can take (through `x if c else y`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [s for value in node.values for s in _strings(value)]
    return []


def engine_reasons() -> set[str]:
    """Every reason the Rokugan engine words: what the rule functions return or record as
    why (placement, raids, battles), and the items of a battle's sides."""
    functions = {
        "placement.py": {"slot_problem", "blessing_problem", "placement_problem"},
        "resolution.py": {"raid_condition", "token_problem", "resolve_raids"},
        "battles.py": {"fight", "_battle_record", "battles"},
    }
    constants = {"_BLOCK_PEACE", "_BLOCK_SCORCHED", "_BLOCK_SHRINE", "DEFENCE_ITEMS"}
    found: set[str] = set()
    for name, wanted in functions.items():
        tree = ast.parse((ROOT / "engine/rokugan" / name).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                getattr(t, "id", "") in constants for t in node.targets
            ):
                values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
                found |= {s for v in values for s in _strings(v)}
            if isinstance(node, ast.FunctionDef) and node.name in wanted:
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Return) and inner.value is not None:
                        found |= set(_strings(inner.value))
                    if isinstance(inner, ast.Assign) and any(
                        getattr(t, "id", "") in ("decided", "why", "words") for t in inner.targets
                    ):
                        found |= set(_strings(inner.value))
                    if isinstance(inner, ast.Tuple) and len(inner.elts) == 2:
                        # a bonus of a side: ("Lion's bluff", LION_BLUFF), ("Blessing", n)
                        found |= set(_strings(inner.elts[0]))
    return {s for s in found if " " in s or s[:1].isupper()}


def test_every_reason_the_engine_gives_has_its_words_in_the_app() -> None:
    # Given every reason the engine's placement, resolution and battle rules can word
    reasons = engine_reasons()
    assert "a Navy defends only a coastal province you control" in reasons
    assert "the defender wins ties" in reasons and "Lion's bluff" in reasons
    # Then the app has words for each, so none reaches a person in English only
    assert reasons - set(words.REASONS) == set()
    # And in German a reason is said in the rulebook's words
    i18n.set_language("de")
    assert words.reason("a Navy defends only a coastal province you control") == (
        "eine Flotte verteidigt nur eine Küstenprovinz, die du kontrollierst"
    )


def test_every_objective_condition_of_the_engine_has_its_words() -> None:
    assert set(OBJECTIVE_CONDITIONS) == set(words.OBJECTIVE_CONDITIONS)
    i18n.set_language("pt")
    said = words.objective_condition("capital", {"clan": "crab", "capital": "Iwagaki"})
    assert said == "Controle a capital do clã Caranguejo (Iwagaki)."


def ai_templates() -> set[str]:
    """Every template `ai/` gives a reason in (the first argument of its `said` calls)."""
    found: set[str] = set()
    for path in [*ROOT.glob("ai/*.py"), *ROOT.glob("ai/games/*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "said":
                found |= set(_strings(node.args[0]))
    return found - {"{words}", "{province}"}


def test_every_reason_the_ai_gives_is_data_the_app_can_say() -> None:
    # Given the templates of the AI's hint and review reasons
    found = ai_templates()
    assert "raids {province}: scorched {worlds}" in found
    # Then the app has each, marked for translation
    assert found - TEMPLATES == set()
    # And a reason made of them is said in the person's language, its terms too
    reason = Said(
        "raids {province}: scorched {worlds}",
        (
            ("province", "Kanaiso"),
            ("worlds", Said("in {count} of {total} sampled worlds", (("count", 3), ("total", 8)))),
        ),
    )
    assert str(reason) == "raids Kanaiso: scorched in 3 of 8 sampled worlds"
    i18n.set_language("de")
    assert say(reason) == "verwüstet Kanaiso: „Verbrannte Erde“ in 3 von 8 gezogenen Welten"
    assert say(Term("token", "navy2", "Navy 2")) == "Flotte 2"


# ----------------------------------------------------------------------- text commands


def told(capsys, *args: str) -> list[str]:
    assert main(list(args)) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_daimyo_log_tells_a_rokugan_game_in_the_rulebooks_words(finished, capsys, lang) -> None:
    # When the story of a finished game is told to its first seat in the language
    lines = told(capsys, "log", str(finished), "--as", "1", "--lang", lang)
    english = told(capsys, "log", str(finished), "--as", "1")
    # Then it is the whole story, line for line
    assert len(lines) == len(english) > 50
    text = "\n".join(lines)
    # with the rulebook's terms
    for term in RULEBOOK[lang]:
        assert term in text, term
    assert ("Krabbe" if lang == "de" else "Caranguejo") in text  # the clans by their names
    # and no English sentence left (the map's place names are names)
    left = [line for line in lines if ENGLISH.search(without_names(line))]
    assert left == []
    assert "You " not in text and "Round " not in text


def test_daimyo_review_of_a_rokugan_game_speaks_german(finished, capsys) -> None:
    # When the first seat's decisions are reviewed in German
    lines = told(
        capsys, "review", str(finished), "--as", "1", "--lang", "de", "--nodes", "60",
        "--moments", "2",
    )  # fmt: skip
    # Then the report, its moments and the scores are German
    assert lines[0].startswith("Rückblick auf Kampf um Rokugan, Platz 1 (")
    assert "Entscheidungen gewogen" in lines[0]
    assert any(line.startswith("1. Runde ") and " — du: du " in line for line in lines)
    assert "Ehre nach jeder Runde:" in lines
    left = [line for line in lines if ENGLISH.search(without_names(line))]
    assert left == []


def test_daimyo_log_of_a_rokugan_game_is_all_marked(pseudo, finished, capsys) -> None:  # noqa: F811
    # When the story is told in the pseudo-language, to everyone and to one seat
    lines = told(capsys, "log", str(finished)) + told(capsys, "log", str(finished), "--as", "2")
    # Then every line is marked throughout (place names aside)
    assert lines and [line for line in lines if bare(without_names(line))] == []


# ------------------------------------------------------------------------ the game screen


def screen_unmarked(found: list[tuple[str, str]]) -> list[str]:
    return unmarked([(where, without_names(text)) for where, text in found])


def test_a_rokugan_game_its_steps_and_its_end_are_all_marked(
    window,
    pseudo,  # noqa: F811
    qtbot,
    tmp_path,
    every_step_waits,
) -> None:
    # Given a Rokugan game in the pseudo-language, in its last round's placement
    assert window.load_game(str(late_rokugan_save(tmp_path)))
    screen = window.game_screen
    view = screen.view
    state = window.session.state
    rng = random.Random(1)
    seen: list[str] = []
    steps = 0

    def at_end() -> bool:
        return window.stack.currentWidget() is window.end_screen

    # When I play it to the end (a token chosen first each time), reading every
    # resolution step on the way
    while not at_end():
        qtbot.waitUntil(
            lambda: window.controller.human_to_act or screen.step_box.isVisible() or at_end(),
            timeout=20000,
        )
        if at_end():
            break
        if screen.step_box.isVisible():
            steps += 1
            seen += screen_unmarked(texts(screen.side))
            seen += screen_unmarked(texts(view))
            screen.continue_button.click()
            continue
        if view.hand_buttons:
            next(iter(view.hand_buttons.values())).click()
        seen += screen_unmarked(texts(screen.side) + texts(view))
        seen += [f"log: {t!r}" for t in window.controller.log_texts() if bare(without_names(t))]
        view.action_chosen.emit(rng.choice(state.legal_actions()))
    # Then every word at every decision and step was marked, and on the end screen
    assert steps >= 7
    assert seen == []
    assert screen_unmarked(texts(window.end_screen)) == []


def test_the_log_is_told_again_when_the_language_changes(window, qtbot, tmp_path) -> None:
    # Given a Rokugan game with its story so far in the log, in English
    assert window.load_game(str(late_rokugan_save(tmp_path)))
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
    before = window.controller.log_texts()
    assert len(before) > 40 and any(line.startswith("You place ") for line in before)
    # When German is chosen (as Settings does)
    apply_language("de")
    QApplication.processEvents()
    # Then the same story is told again in German, line for line, from the records
    after = window.controller.log_texts()
    assert len(after) == len(before)
    log = window.game_screen.log  # what the person reads: the German story alone
    assert [log.item(i).text() for i in range(log.count())] == after
    assert any(line.startswith("Du platzierst ") for line in after)
    assert [line for line in after if ENGLISH.search(without_names(line))] == []
    # and the side panel says its words in German
    screen = window.game_screen
    assert screen.undo_button.text() == "Meine letzte Entscheidung zurücknehmen"
    clan = window.controller.ui.player_label(window.session.state, 0)
    assert clan in words.CLAN_NAMES.values() or clan != words.clan(clan.lower())
    assert screen.turn.text() == f"Du bist am Zug, {clan}."
    # And back in English it is the first story again
    apply_language("en")
    QApplication.processEvents()
    assert window.controller.log_texts() == before
    assert [log.item(i).text() for i in range(log.count())] == before


def test_rokugans_rules_follow_the_language() -> None:
    from app.games.rokugan.rules import rules_html

    # Given the rules in English
    english = rules_html()
    assert '<h2 id="tokens">Combat tokens</h2>' in english
    # When German is spoken, then the same page speaks the rulebook's words
    i18n.set_language("de")
    german = rules_html()
    assert '<h2 id="tokens">Kampfmarker</h2>' in german
    assert "Kontrollmarker" in german and "Verwüsten" in german and "Sichtschirm" in german
    # with every heading, paragraph, list item and cell in its place
    assert re.findall(r"<[^>]+>", german) == re.findall(r"<[^>]+>", english)
    assert ENGLISH.search(re.sub(r"<[^>]+>", " ", german).replace("Daimyo", "")) is None


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_a_rokugan_game_fits_1280x720_in_play_its_steps_and_at_the_end(
    small,  # noqa: F811
    qtbot,
    tmp_path,
    lang,
) -> None:
    # Given a Rokugan game in its last round, in `lang`, at 1280 × 720
    speak(lang)
    assert small.load_game(str(late_rokugan_save(tmp_path)))
    # When I play it to the end, the window fits at every decision and step
    check = lambda: assert_fits(small, f"rokugan {lang}")  # noqa: E731
    finish_game_by_picks(small, qtbot, random.Random(2), check)
    # Then the end screen fits too
    assert_fits(small, f"rokugan end {lang}")


def test_rokugans_guided_first_game_speaks_portuguese() -> None:
    from types import SimpleNamespace

    from app.learn.rokugan import GUIDE

    # Given the guide's steps, in Portuguese
    i18n.set_language("pt")
    steps = {step.key: step for step in GUIDE.steps}
    # Then a step says its title and its sentences in the rulebook's words
    objective = steps["objective"]
    assert i18n._(objective.title) == "Um objetivo secreto"
    assert objective.says(None, 0).startswith("Escolha seu objetivo secreto")
    # and a step that names the board does too
    resolved = steps["resolution"].says(SimpleNamespace(round=3), 0)
    assert resolved.startswith("A rodada 2 foi resolvida") and "ficha de controle" in resolved


@pytest.mark.parametrize(
    ("lang", "unicorn", "shadowlands"),
    [
        ("de", "Einhorn-Klan", "Schattenlande Süd"),
        ("pt", "Clã do Unicórnio", "Terras Sombrias do Sul"),
    ],
)
def test_the_shipped_maps_territories_are_named_in_the_readers_words(
    lang, unicorn, shadowlands
) -> None:
    from app.games.rokugan import narrate
    from maps.api import load_graph

    # Given a game on the shipped map, whose file names its territories in English
    graph = load_graph("rokugan")
    state = get_game("rokugan").new_game(3, 5, {}, graph)
    fujikaze = next(q for q, p in enumerate(graph.provinces) if p.name == "Fujikaze")
    kurohama = next(q for q, p in enumerate(graph.provinces) if p.name == "Kurohama")
    # When the reader's language is German or Portuguese
    i18n.set_language(lang)
    # Then an objective's condition and a province's tooltip name the territory in it
    condition = narrate.objective_text(state, "court_of_the_five_winds")
    assert unicorn in condition and "Unicorn Clan" not in condition
    phrase = {"de": "Provinzen im Territorium Einhorn-Klan", "pt": "do território Clã do"}
    assert phrase[lang] in condition  # the territory's name in apposition: no declension
    assert unicorn in narrate.province_tip(state, fujikaze)
    assert shadowlands in narrate.province_tip(state, kurohama)
    # And a name a map maker wrote stays as written
    assert words.territory("Kaze no Michi") == "Kaze no Michi"


def test_a_hint_names_the_territory_in_the_readers_words() -> None:
    from ai.games.rokugan_hint import _territory
    from maps.api import load_graph

    # Given the AI's reason for taking a province of the shipped map's Golden Plains
    state = get_game("rokugan").new_game(3, 5, {}, load_graph("rokugan"))
    t = next(i for i, x in enumerate(state.board.graph.territories) if x.name == "Golden Plains")
    territory = _territory(state.board, t)
    reason = Said(
        "takes {province} in {territory}, worth {flowers} flowers",
        (("province", "Koganeura"), ("territory", territory), ("flowers", 3)),
    )
    # Then it is data the app says: English as before, German in the reader's words
    assert str(reason) == "takes Koganeura in Golden Plains territory, worth 3 flowers"
    i18n.set_language("de")
    assert say(reason) == "nimmt Koganeura im Territorium Goldene Ebenen, 3 Blumen wert"


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_a_card_played_by_you_reads_as_one_played_by_a_clan(lang) -> None:
    # Given the story's two lines of a territory card with its effect, in `lang`
    i18n.set_language(lang)
    card, effect = "CARD", "EFFECT"
    yours = i18n._("You play {card}: {effect}.").format(card=card, effect=effect)
    theirs = i18n._("{clan} plays {card}: {effect}.").format(clan="C", card=card, effect=effect)
    # Then the effect follows the card as it does for a clan ("Du spielst Hafen des
    # Wohlstands: einen +2-Ehrebonus-Marker in Akatsuki", not "… und einen …")
    assert yours.split(card, 1)[1] == theirs.split(card, 1)[1], (yours, theirs)


def test_a_clan_blessing_its_own_token_is_told_in_whole_german() -> None:
    from app.games.rokugan import narrate
    from maps.api import load_graph
    from tests.app.test_rokugan_narrate import BLESSED_LAST

    # Given the Dragon blessing its face-down Army 2 in Inahoda, the last placement
    spec = get_game("rokugan")
    graph = load_graph("rokugan")
    state = spec.new_game(3, 5, {"clans": ["phoenix", "dragon", "scorpion"]}, graph)
    for text in BLESSED_LAST:
        state.apply(spec.parse_action(text))
    blessing = spec.parse_action("place blessing2 #11")
    state.apply(blessing)
    # When a rival reads it in German
    i18n.set_language("de")
    # Then "its token" is the object of the sentence ("den eigenen Marker"), not
    # "segnet eigener Marker"
    told = narrate.describe(state, blessing, 1, public=True)
    assert told == "Drache segnet den eigenen Marker in Inahoda mit Segen +2.", told


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "nobody attacked it"),
        ("de", "niemand hat sie angegriffen"),
        ("pt", "ninguém a atacou"),
    ],
)
def test_a_province_defended_unattacked_says_nobody_attacked_it(lang, said) -> None:
    from engine.rokugan.events import Defence
    from tests.engine.rokugan.fixtures import position
    from tests.engine.rokugan.test_records import told

    # Given Crab's Army in its own capital and nobody attacking it (rulebook p. 10: a
    # province with a token placed in it and not attacked is defended successfully)
    st = position(
        """
        clans crab lion
        control crab CRAB_C
        control lion LION_C
        place crab army1 CRAB_C
        """
    )
    (defence,) = [r for r in told(st) if isinstance(r, Defence)]
    # When its reason is read in `lang`
    i18n.set_language(lang)
    # Then it says the rule's case, not "its own tokens held it" ("ihre eigenen Marker
    # haben sie gehalten", which read as if a battle had been fought)
    assert said in words.reason(defence.why), words.reason(defence.why)


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_the_rules_contents_name_each_section_as_its_heading_does(lang) -> None:
    from app.games.rokugan.rules import rules_html

    # Given Help → Rules for Battle for Rokugan in `lang`
    i18n.set_language(lang)
    html = rules_html()
    links: dict[str, str] = {}
    for key, text in re.findall(r'<a href="#(\w+)">([^<]*)</a>', html):
        links.setdefault(key, text)  # the contents come first; a link in a text may follow
    headings = dict(re.findall(r'<h2 id="(\w+)">([^<]*)</h2>', html))
    # Then each entry of the contents reads as the heading it leads to (German said
    # "Spielaufbau" over "Vorbereitung", "Geheime Ziele" over "Geheime Zielkarten")
    assert set(headings) - {"contents"} <= set(links)
    differ = {
        key: (links[key], headings[key])
        for key in set(headings) - {"contents"}
        if links[key] != headings[key]
    }
    assert not differ, differ


def test_a_german_hint_keeps_the_next_best_move_apart_from_its_own_lead() -> None:
    from ai.hint import lead_said

    # Given a hint's verdict: its move keeps +1.5 honor of lead, the next best -8.5
    move = Term("move", "objective x", "you keep the secret objective Reclaiming")
    verdict = lead_said("rokugan", 1.5, -8.5, move)
    # When it is said in German
    i18n.set_language("de")
    said = say(verdict)
    # Then the next best move stands in brackets and the projected lead, the hint's own,
    # comes after it (it read as the next best move's: "…, du behältst … (erwarteter
    # Vorsprung … +1,5 Ehre)")
    assert said.startswith("10,0 Ehre mehr als der nächstbeste Zug (")
    assert said.endswith("); erwarteter Vorsprung vor dem besten Rivalen +1,5 Ehre"), said


def test_the_portuguese_scout_button_reads_right_with_one_card_left() -> None:
    # Given the scout's button with one card left, in Portuguese
    i18n.set_language("pt")
    said = i18n._(words.TOKEN_CARD_BUTTONS["scout"]).format(n=1)
    # Then no plural noun follows the 1 ("1 restantes"): the count is a label's value
    assert not re.search(r"\b1 \w+s\b", said), said
    assert "1" in said and said.startswith("Batedor")
