"""The editor's map stays whole in view while it is shown whole: a dock that grows with
its words (German labels) narrowed the view after the first fit and cut the map."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRect, QRectF

from tests.editor.editor_driver import make_window, with_east_sea
from tests.editor.test_topology import tiny


def map_on_screen(window: Any) -> QRect:
    """Where the map's extent is drawn, in viewport pixels."""
    x0, y0, x1, y1 = window.document.topo.extent()
    return window.view.mapFromScene(QRectF(x0, y0, x1 - x0, y1 - y0)).boundingRect()


def test_a_fitted_map_fits_again_when_the_view_narrows(qtbot: Any) -> None:
    # Given the editor showing the whole map
    window = make_window(qtbot)
    view = window.view
    qtbot.wait(20)  # the window's own first fit
    # When the view loses a third of its width (a dock grows beside it)
    view.setFixedWidth(view.width() * 2 // 3)
    qtbot.waitUntil(lambda: view.viewport().width() < 0.7 * window.width(), timeout=2000)
    qtbot.wait(20)
    # Then the whole map is still inside the view, not cut at its edge
    assert view.viewport().rect().contains(map_on_screen(window))


def test_a_fitted_map_fits_again_when_the_view_narrows_by_a_few_pixels(qtbot: Any) -> None:
    # Given the editor showing the whole map
    window = make_window(qtbot)
    view = window.view
    qtbot.wait(20)  # the window's own first fit
    # When the view loses fewer pixels than a scroll bar is wide (the Province dock grows
    # by its fields' few extra pixels when a province is selected)
    view.setFixedWidth(view.width() - 12)
    qtbot.wait(20)
    shown = view.transform().m11()
    # Then the map is fitted to the narrower view, as a fresh fit would show it
    view.fit()
    assert shown == pytest.approx(view.transform().m11())
    assert view.viewport().rect().contains(map_on_screen(window))


def test_a_zoomed_map_keeps_its_zoom_when_the_view_narrows(qtbot: Any) -> None:
    # Given the editor zoomed in on the map
    window = make_window(qtbot)
    view = window.view
    qtbot.wait(20)  # the window's own first fit
    view.zoom(3.0)
    zoomed = view.transform().m11()
    # When the view narrows
    view.setFixedWidth(view.width() * 2 // 3)
    qtbot.wait(20)
    # Then the person's zoom stays
    assert view.transform().m11() == zoomed


def test_a_fitted_map_settles_whatever_size_the_view_takes(qtbot: Any, monkeypatch) -> None:
    # Given the editor showing a small map whole, its fits counted
    window = make_window(qtbot, with_east_sea())
    view = window.view
    qtbot.wait(20)
    fits = []
    original = type(view).fit
    monkeypatch.setattr(type(view), "fit", lambda self: (fits.append(1), original(self)))
    # When the view takes a run of sizes (at some of them a fit makes the scroll bars come,
    # and a narrower viewport once made them go again, and so on for ever)
    for width in range(880, 960, 3):
        for height in range(700, 760, 6):
            view.setFixedSize(width, height)
            qtbot.wait(1)
    fits.clear()
    qtbot.wait(200)
    # Then once the sizes stop, the fitting stops: the view settles
    assert len(fits) <= 2, len(fits)
    assert view.viewport().rect().contains(map_on_screen(window).adjusted(2, 2, -2, -2))


def test_a_selected_province_leaves_most_of_a_laptop_window_to_the_map(qtbot: Any) -> None:
    from PySide6.QtWidgets import QApplication

    from app.widgets.language import apply_language

    # Given the editor in German (the longest labels) on a 1280 × 720 laptop
    apply_language("de")
    try:
        window = make_window(qtbot)
        window.resize(1280, 690)
        qtbot.wait(20)
        # When a province is selected and its fields fill the Province dock
        window.view.select(("province", "A", 0))
        QApplication.processEvents()
        qtbot.wait(20)
        # Then the dock grows, but the map keeps well over a third of the window's width
        # (the label point's two fields beside its box once left it a third)
        assert window.province_panel.fields.isVisible()
        assert window.view.width() >= 0.4 * window.width()
    finally:
        apply_language("en")


def test_a_selected_province_and_territory_keep_the_editor_on_a_laptop_screen(
    qtbot: Any,
) -> None:
    from PySide6.QtWidgets import QApplication

    from app.widgets.language import apply_language

    # Given the editor in Portuguese on a 1280 × 720 laptop (690 pixels below the title bar),
    # on a map for any game (the Province panel shows Battle for Rokugan's and Rice Wars' fields)
    apply_language("pt")
    try:
        window = make_window(qtbot, {**tiny(), "game": "any"})
        window.resize(1280, 690)
        qtbot.wait(20)
        # When a province is selected and a territory is made current: both docks fill up
        window.view.select(("province", "A", 0))
        window.territories_panel.list.setCurrentRow(0)
        QApplication.processEvents()
        qtbot.wait(20)
        # Then the window need not grow taller than the screen (the docks scroll instead),
        # its fields are all there, and the whole map is still in view
        assert window.province_panel.fields.isVisible()
        assert window.territories_panel.fields.isVisible()
        assert window.minimumSizeHint().height() <= 690
        assert window.view.viewport().rect().contains(map_on_screen(window))
    finally:
        apply_language("en")


def test_selecting_a_province_does_not_move_the_map_under_the_pointer(qtbot: Any) -> None:
    from PySide6.QtWidgets import QApplication

    from app.widgets.language import apply_language

    # Given the editor in Portuguese showing the whole map, nothing selected
    apply_language("pt")
    try:
        window = make_window(qtbot, {**tiny(), "game": "any"})
        window.resize(1280, 690)
        qtbot.wait(50)
        width, scale = window.view.width(), window.view.transform().m11()
        # When a province is selected (its fields fill the Province dock), then none again
        for ref in (("province", "A", 0), None):
            window.view.select(ref)
            QApplication.processEvents()
            qtbot.wait(50)
            # Then the dock keeps its width: the map stays where the designer clicked it
            assert window.view.width() == width
            assert window.view.transform().m11() == pytest.approx(scale)
    finally:
        apply_language("en")
