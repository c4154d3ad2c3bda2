"""A multiverse game's order mail, in each setting: an order word a letter off after a
place as written, above the first order or under the last, is refused with the word
meant (it was passed over as a greeting or signature); prose opened by an order's word
with a word near a place where no place stands is passed over (it was refused)."""

from __future__ import annotations

import pytest

from tests.commands.helpers import multiverse_reply

LINES = (
    "Hi all\nKie holt\nA Mun H\nSupport you all the way\nBuild bridges not walls\n"
    "F Kie H\nKiel holt\nRose H\nTschuess, Max\n"
)


@pytest.mark.parametrize("setting", ["loose", "strict", "5dplomacy"])
def test_slips_next_to_the_orders_are_refused_and_prose_passed_over(tmp_path, setting) -> None:
    text = multiverse_reply(tmp_path, setting, LINES, power="germany")
    for line in ("Kie holt", "Kiel holt"):
        assert f"> {line}\n  *** Refused: {line}: did not understand 'holt'" in text
    passed = ("Hi all", "Support you all the way", "Build bridges not walls", "Rose H")
    for line in (*passed, "Tschuess, Max"):
        assert f"> {line}\n  ignored: not an order" in text
    assert text.count("*** Refused") == 2
