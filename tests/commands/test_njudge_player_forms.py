"""Forms njudge players write whose meaning is clear, by mail through the real inbox
code: a move by convoy as "(convoy)" or "by sea", SET CONCEDE TO <power>, and "No
builds" (refused with the form that waives: it was read as a province, "'No' is not a
province")."""

from __future__ import annotations

import copy

from tests.commands.helpers import multiverse_reply, reply_to_orders
from tests.test_owed_in_replies import WINTER

_BRE_AND_ENG = {
    "phase": "S1901M",
    "units": [
        {"power": "france", "type": "A", "province": "bre"},
        {"power": "france", "type": "F", "province": "eng"},
    ],
}


def test_a_move_by_convoy_in_njudge_players_words(tmp_path) -> None:
    for n, line in enumerate(("A Bre-Pic (convoy)", "A Bre - Pic by sea")):
        _, text = reply_to_orders(tmp_path / str(n), line, copy.deepcopy(_BRE_AND_ENG))
        assert f"> {line}\n  Accepted: A bre - pic via convoy" in text, text


def test_set_concede_to_the_largest_power(tmp_path) -> None:
    """njudge data/index: SET CONCEDE p; "to" before the power was taken for one."""
    _, text = reply_to_orders(tmp_path, "SET CONCEDE to Russia")
    assert "> SET CONCEDE to Russia\n  Concession recorded" in text, text


def test_no_builds_is_refused_with_the_waive(tmp_path) -> None:
    position = copy.deepcopy(WINTER)
    position["supply_centers"]["france"].append("par")
    _, text = reply_to_orders(tmp_path, "No builds", position)
    assert "*** Refused: No builds: not an order: write WAIVE on a line of its own" in text
    assert "not a province" not in text


def test_the_same_forms_on_a_multiverse_board(tmp_path) -> None:
    """The multiverse notation took "(via convoy)" only: "(convoy)" was not understood,
    and "No builds" was refused as "'no' is not a province"."""
    text = multiverse_reply(tmp_path, "loose", "A Lvp-Bel (convoy)\nNo builds\n", "england")
    assert "A Lvp-Bel (convoy): Liverpool and Belgium are not neighbours, and no fleets" in text
    assert "No builds: not an order: write WAIVE on a line of its own" in text
