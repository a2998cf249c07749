"""When the screens lay themselves out again as the window changes size."""

from __future__ import annotations

from app.widgets.scaling import rescale_due, ui_scale


def test_small_changes_wait_but_the_ends_of_the_range_are_always_reached() -> None:
    # Given a window dragged by a few pixels: no new layout for a change under the step
    assert not rescale_due(1.0, 1.03) and not rescale_due(1.5, 1.52)
    assert rescale_due(1.5, 1.6)
    # When it reaches 1280 × 720 or 2560 × 1440, the scale is exactly 1 or 2 again
    assert rescale_due(1.03, ui_scale(1280, 720)) and ui_scale(1280, 720) == 1.0
    assert rescale_due(1.97, ui_scale(2560, 1440)) and ui_scale(2560, 1440) == 2.0
    assert not rescale_due(1.0, 1.0)
