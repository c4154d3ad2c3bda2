"""A multiverse movement turn read a retreat as a move (``F Bre R Eng`` was
"Accepted: F 1:bre:S1901 - 1:eng:S1901", where a standard game refuses a retreat in
a movement phase), refused a disband as if the unit stood elsewhere (``A Par D``:
"no unit in Paris on an active winter board"), and read njudge's ``Waive 2`` (two
builds, njudge's help file "waive") as one waive on timeline 2.  Each is now
refused with a true reason (docs/multiverse.md, "Orders")."""

from __future__ import annotations

import pytest

from tests.commands.helpers import multiverse_reply


@pytest.mark.parametrize("setting", ["loose", "5dplomacy"])
def test_orders_out_of_turn_are_refused_with_a_true_reason(tmp_path, setting):
    text = multiverse_reply(
        tmp_path, setting, "F Bre R Eng\nF Bre retreats to Eng\nA Par D\nR A Mar\nWaive 2\n"
    )
    retreat = "a retreat order is not possible now: no unit must retreat"
    assert f"F Bre R Eng: {retreat}" in text
    assert f"F Bre retreats to Eng: {retreat}" in text
    assert (
        "A Par D: a disband or removal is not possible now: no unit must retreat and no"
        " board takes adjustments" in text
    )
    assert "R A Mar: a disband or removal is not possible now" in text
    assert "Waive 2: a 'waive' waives one build: write WAIVE on 2 lines" in text
    assert "Accepted" not in text


def test_a_move_and_a_waive_naming_its_board_are_still_read(tmp_path):
    text = multiverse_reply(tmp_path, "loose", "F Bre - Eng\nwaive 2:W1901\n")
    assert "Accepted: F 1:bre:S1901 - 1:eng:S1901" in text
    assert "waive 2:W1901: you have no build to waive" in text
