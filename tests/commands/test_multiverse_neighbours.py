"""A multiverse game's refusal of a move that only a convoy could make begins, as a
standard game's does, by saying that the two places are no neighbours (noticed at
the last stop: the multiverse reply said only "an army cannot go there, even by
convoy"); the words are written in one place (``judge.orders.text.apart``)."""

from __future__ import annotations

import pytest

from tests.commands.helpers import multiverse_reply


@pytest.mark.parametrize("setting", ["loose", "strict"])
def test_a_multiverse_move_over_no_border_says_the_places_are_no_neighbours(
    tmp_path, setting: str
) -> None:
    text = multiverse_reply(tmp_path, setting, "A Par - Mun\nA Mar - Ber\nF Bre - Par\n")
    assert (
        "A Par - Mun: Paris and Munich are not neighbours, and an army cannot go there, "
        "even by convoy" in text
    )
    assert (
        "A Mar - Ber: Marseilles and Berlin are not neighbours, and no fleets are placed "
        "to convoy it there" in text
    )
    assert "F Bre - Par: a fleet cannot go there" in text  # no convoy: as the standard says


def test_a_5dplomacy_move_over_no_border_says_the_places_are_no_neighbours(tmp_path) -> None:
    text = multiverse_reply(tmp_path, "5dplomacy", "A alfa:Par:Spring01 - alfa:Mun:Spring01\n")
    assert "Paris and Munich are not neighbours, and an army cannot go there" in text
