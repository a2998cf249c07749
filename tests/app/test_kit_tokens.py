"""The kit's combat tokens fit its board: one token size (`maps.print_sizes.TOKEN_MM`) for
the tokens, the board's border spots and the short-border check, and a board printed so
that its spots are as wide as the tokens (or a contents page that says they are not)."""

from __future__ import annotations

import pytest

from app.printing.board import SPOT_RADIUS_MM
from app.printing.kit import KitOptions, build_kit
from app.printing.kit.plan import board_scale_text, plan_kit
from maps.print_sizes import TOKEN_MM
from maps.validate import TOKEN_MM as CHECKED_MM


@pytest.fixture(scope="module")
def rokugan_kit():
    return build_kit("rokugan")


def test_combat_tokens_are_as_wide_as_the_border_spots(rokugan_kit) -> None:
    # Given the Rokugan kit; Then every clan's combat tokens are TOKEN_MM squares
    combat = [
        group
        for section in rokugan_kit.tokens
        for group in section.groups
        if "combat tokens" in group.title
    ]
    assert len(combat) == 7
    assert {group.size_mm for group in combat} == {(TOKEN_MM, TOKEN_MM)}
    # And the board's spots and the short-border check use that same width
    assert 2 * SPOT_RADIUS_MM == TOKEN_MM == CHECKED_MM


def test_the_kit_prints_its_board_at_true_size_by_default(rokugan_kit) -> None:
    # When the kit is planned with the default options
    plan = plan_kit(rokugan_kit, KitOptions("rokugan"))
    # Then the board is tiled at true size: a spot prints as wide as a combat token
    assert plan.board_plan is not None and plan.board_plan.scale == 1.0
    assert plan.board_plan.tiled
    # And the contents page says so
    assert board_scale_text(rokugan_kit, plan) == (
        "The board is printed at true size (100 %), on 4 × 4 sheets to tape together: its "
        "border spots fit the 12 mm combat tokens."
    )


def test_a_fitted_board_says_its_scale_and_how_to_print_it_for_the_tokens(rokugan_kit) -> None:
    # When the board is fitted on one page
    plan = plan_kit(rokugan_kit, KitOptions("rokugan", scale=None))
    scale = plan.board_plan.scale
    assert scale < 0.5
    # Then the contents page says its scale, that the spots are smaller than the tokens,
    # and how to print it true size
    text = board_scale_text(rokugan_kit, plan)
    assert text.startswith(f"The board is printed at {scale * 100:.0f} %, fitted on one page: ")
    assert f"its border spots are {TOKEN_MM * scale:.1f} mm across, smaller than the 12 mm" in text
    assert "print the board at true size (16 sheets): `daimyo kit --scale 1.0`" in text


def test_the_contents_page_prints_the_boards_scale(qapp, rokugan_kit, tmp_path) -> None:
    from app.printing.kit import write_kit
    from tests.app.test_print_pdfreader import Pdf

    out = tmp_path / "kit.pdf"
    write_kit(rokugan_kit, out, KitOptions("rokugan", scale=None))
    contents = " ".join(Pdf(out.read_bytes()).pages[0].texts)
    assert "smaller than the 12 mm combat tokens" in contents
