"""Map ▸ Playtest… and File ▸ New from generator…, driven with pytest-qt (offscreen)."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QDialog

from editor.document import MapDocument
from editor.generate_dialog import GenerateDialog
from editor.main_window import EditorWindow
from editor.playtest import PlaytestDialog, open_playtest
from editor.topology import TopoMap
from maps.api import load_map
from maps.generate import generate_map
from maps.validate import validate
from tests.ai.balance_maps import cut_off_map


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path / "home"))


def make_window(qtbot: Any, mapfile: Any) -> EditorWindow:
    window = EditorWindow(document=MapDocument(TopoMap.from_mapfile(mapfile)))
    window._ask_unsaved = lambda: "discard"  # type: ignore[method-assign]
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def choose(dialog: PlaytestDialog, *, players: int, games: int, bots: str, workers: int) -> None:
    dialog.game.setCurrentIndex(dialog.game.findData("rokugan"))
    dialog.players.setValue(players)
    dialog.games.setValue(games)
    dialog.bots.setCurrentIndex(dialog.bots.findData(bots))
    dialog.workers.setValue(workers)


def test_playtest_runs_in_the_background_and_exports(qtbot: Any, tmp_path: Path) -> None:
    # Given the editor on the cut-off map, and Map ▸ Playtest… opened
    window = make_window(qtbot, cut_off_map())
    window.analysis.wait()
    qtbot.wait(50)
    dialog = open_playtest(window)
    qtbot.addWidget(dialog)
    assert (dialog.players.minimum(), dialog.players.maximum()) == (2, 2)  # two capitals
    choose(dialog, players=2, games=24, bots="random", workers=1)
    counts: list[int] = []
    dialog.progress.valueChanged.connect(counts.append)
    # When Run is clicked
    dialog.run_button.click()
    # Then the window stays responsive while the worker runs, and Cancel is offered
    assert dialog.running and dialog.cancel_button.isEnabled()
    assert not dialog.run_button.isEnabled()
    qtbot.waitUntil(lambda: not dialog.running, timeout=60_000)
    assert 24 in counts  # the bar counted the games
    # and the seat table shows both clans, the cut-off Crab winning less
    assert dialog.table.rowCount() == 2
    rows = {dialog.table.item(r, 0).text(): r for r in range(2)}
    crab = float(dialog.table.item(rows["Crab"], 3).text().rstrip("%"))
    crane = float(dialog.table.item(rows["Crane"], 3).text().rstrip("%"))
    assert crab < crane
    assert "Crab wins less than the fair share of 50%" in dialog.status.text()
    # and the heat map is drawn over the map, one note per province
    picture = dialog.heat.picture
    assert picture is not None and set(picture.notes) == {p.id for p in cut_off_map().provinces}
    assert picture.fills["isle"] != picture.fills["m01"]
    # When exported, Then the CSV holds both tables and the PNG the picture
    assert dialog.export_csv(tmp_path / "play.csv")
    lines = list(csv.reader((tmp_path / "play.csv").read_text(encoding="utf-8").splitlines()))
    assert lines[0][:2] == ["starting position", "games"]
    assert [line[0] for line in lines[1:3]] == ["crab", "crane"]
    assert lines[4][:3] == ["province", "name", "contested per game"]
    assert len(lines) == 5 + len(cut_off_map().provinces)
    assert dialog.export_png(tmp_path / "play.png")
    image = QImage(str(tmp_path / "play.png"))
    assert image.width() > 2000 and image.height() > 800
    assert not list(tmp_path.glob(".*"))  # written atomically


def test_playtest_can_be_cancelled(qtbot: Any) -> None:
    # Given a long playtest in two worker processes
    window = make_window(qtbot, cut_off_map())
    dialog = open_playtest(window)
    qtbot.addWidget(dialog)
    choose(dialog, players=2, games=2000, bots="greedy", workers=2)
    dialog.run()
    # When Cancel is clicked once games are being played
    qtbot.waitUntil(lambda: dialog.progress.value() >= 1, timeout=60_000)
    dialog.cancel_button.click()
    # Then it stops soon, says so, keeps no result, and can run again
    qtbot.waitUntil(lambda: not dialog.running, timeout=15_000)
    assert dialog.status.text() == "Cancelled."
    assert dialog.result is None and dialog.progress.value() < 2000
    assert dialog.run_button.isEnabled() and not dialog.png_button.isEnabled()
    # and closing the dialog during another run stops it too, at once
    dialog.run()
    qtbot.waitUntil(lambda: dialog.progress.value() >= 1, timeout=60_000)
    dialog.close()
    assert not dialog.running  # the worker thread has ended, not left behind


def test_deleting_the_editor_during_a_playtest_stops_it(qtbot: Any) -> None:
    # Given a playtest running in the editor's dialog
    window = EditorWindow(document=MapDocument(TopoMap.from_mapfile(cut_off_map())))
    window._ask_unsaved = lambda: "discard"  # type: ignore[method-assign]
    window.show()
    dialog = open_playtest(window)
    choose(dialog, players=2, games=2000, bots="greedy", workers=1)
    dialog.run()
    thread = dialog._thread
    qtbot.waitUntil(lambda: dialog.progress.value() >= 1, timeout=60_000)
    # When the window (and with it the dialog) is deleted
    window.analysis.wait()
    shiboken6.delete(window)
    # Then the playtest is cancelled and its thread ends (no "destroyed while running")
    qtbot.waitUntil(thread.isFinished, timeout=15_000)


def test_an_unready_map_is_refused_with_its_reasons(qtbot: Any) -> None:
    mapfile = cut_off_map()
    for p in mapfile.provinces:
        p.attrs.pop("capital", None)
    window = make_window(qtbot, mapfile)
    dialog = open_playtest(window)
    qtbot.addWidget(dialog)
    dialog.run()
    qtbot.waitUntil(lambda: not dialog.running, timeout=30_000)
    assert "no capital for any clan: mark a province" in dialog.status.text()
    assert dialog.result is None


def test_generator_previews_a_map_and_it_opens_in_the_editor(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given the generator dialog
    dialog = GenerateDialog()
    qtbot.addWidget(dialog)
    dialog.wait()
    qtbot.waitUntil(lambda: dialog.mapfile is not None)
    # Then it previews a Rokugan map and says it is ready
    assert dialog.mapfile.game == "rokugan" and len(dialog.mapfile.provinces) == 30
    assert "ready for Battle for Rokugan with 2-5 players" in dialog.summary.text()
    assert dialog.preview.picture is not None and dialog.open_button.isEnabled()
    # When Rice Wars with 50 fields and another seed are chosen
    dialog.game.setCurrentIndex(dialog.game.findData("ricewars"))
    dialog.provinces.setValue(50)
    dialog.seed.setValue(7)
    dialog.regenerate()
    dialog.wait()
    qtbot.waitUntil(lambda: dialog.mapfile is not None and dialog.mapfile.game == "ricewars")
    assert len(dialog.mapfile.provinces) == 50 and "3-5 players" in dialog.summary.text()

    # When File ▸ New from generator… is accepted in the editor
    def accept(self: GenerateDialog) -> int:
        self.wait()
        qtbot.waitUntil(lambda: self.open_button.isEnabled())
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(GenerateDialog, "exec", accept)
    window = make_window(qtbot, cut_off_map())
    window.generate_action.trigger()
    # Then the generated map is the editor's document, unsaved, like an imported one
    opened = window.document.topo.to_mapfile()
    expected = generate_map("rokugan", 30, 1)
    assert len(opened.provinces) == 30 and window.document.path is None
    assert window.document.dirty and window.isWindowModified()  # opening another one asks
    assert {p.name for p in opened.provinces} == {p.name for p in expected.provinces}
    # and it saves as a normal map file that passes validation
    assert window.save_to(tmp_path / "new.yaml")
    assert not window.document.dirty
    saved = load_map(tmp_path / "new.yaml")
    assert [i for i in validate(saved) if i.severity == "error"] == []
    assert sorted(p.attrs.get("capital", "") for p in saved.provinces if "capital" in p.attrs) == [
        "crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn"
    ]  # fmt: skip


def test_a_generated_map_file_opens_and_is_edited_like_any_other(
    qtbot: Any, tmp_path: Path
) -> None:
    from shapely.geometry import Polygon

    from app.cli import main
    from editor.tools import Tool
    from tests.editor.editor_driver import click, wait_analysis

    # Given a map written by `daimyo map generate`
    path = tmp_path / "gen.yaml"
    args = ["map", "generate", "rokugan", "--provinces", "20", "--seed", "2", "-o", str(path)]
    assert main(args) == 0
    generated = load_map(path)
    # When File ▸ Open opens it in the editor
    window = make_window(qtbot, cut_off_map())
    assert window.open_map(path)
    window.view.fit()
    # Then it is the document, and the live check finds it ready for Battle for Rokugan
    assert window.document.path == path and not window.document.dirty
    assert window.document.topo.to_mapfile().provinces == generated.provinces
    analysis = wait_analysis(qtbot, window)
    assert analysis.readiness["rokugan"].ready
    # When two neighbouring provinces of one territory (no capital, no Shadowlands) are
    # merged with the merge tool
    graph = analysis.geometry.graph
    plain = {
        p.id
        for p in generated.provinces
        if "capital" not in p.attrs and not p.attrs.get("shadowlands")
    }
    a, b = next(
        (p.id, q)
        for p in graph.provinces
        if p.id in plain
        for q in p.neighbors
        if q in plain and generated.territory_of(q) == generated.territory_of(p.id)
    )
    inside = {p.id: Polygon(p.polygon).representative_point() for p in generated.provinces}
    window.set_tool(Tool.MERGE)
    click(qtbot, window, (inside[a].x, inside[a].y))
    click(qtbot, window, (inside[b].x, inside[b].y))
    # Then the map has one province less, is unsaved, and still ready to play
    assert len(window.document.topo.provinces) == 19 and window.document.dirty
    assert wait_analysis(qtbot, window).readiness["rokugan"].ready
    # and saving writes a map file that passes validation
    assert window.save_to(path)
    assert [i for i in validate(load_map(path)) if i.severity == "error"] == []
