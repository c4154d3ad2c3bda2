"""A province written alone in a multiverse order, by any of its names on the map:
the notation reads the province as standard orders write it (a code, a name, or a
name the map lists for it, as the standard map lists ``berl`` for Berlin), and finds
the board in the world when the timeline and turn are left out.  So ``Berl H`` is
Berlin's unit holding in every setting; a name cut short that the map does not list
(``Muni``) is refused, naming the province meant."""

from __future__ import annotations

import pytest

from judge.variant.data import load_variant
from tests.commands.helpers import multiverse_reply


def test_berl_is_one_of_berlins_names_on_the_map() -> None:
    assert "berl" in load_variant("standard").provinces["ber"].aliases


@pytest.mark.parametrize("setting", ["loose", "strict", "5dplomacy"])
def test_a_name_of_the_map_alone_is_read_and_one_cut_short_refused(tmp_path, setting) -> None:
    text = multiverse_reply(tmp_path, setting, "Berl H\nMuni H\nF Kie H\n", power="germany")
    board = "alfa:BER:Spring01" if setting == "5dplomacy" else "1:ber:S1901"
    assert f"> Berl H\n  Accepted: A {board} H" in text
    assert "> Muni H\n  *** Refused: Muni H: 'muni' is not a province (did you mean Munich" in text
