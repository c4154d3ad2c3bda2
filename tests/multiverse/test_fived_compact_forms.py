"""5dplomacy's own forms of a board that its players write (research: 5dplomacy,
section 5.3; its docs/design.md): the compact timeline and province ``a-MUN``, and the
board as 5dplomacy names it in front of an order, ``bravo:Fall01:``.  Both were refused
(``expected a unit's province, found 'a'``; ``'' is not a turn``); they are read in a
5dplomacy game only."""

from __future__ import annotations

import pytest

from judge.rules.multiverse.order_text import parse_order

from .helpers import BASE
from .test_timeline_prefix import canonical, three_timelines


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("a-MUN H", "A 1:mun:S1902 H"),
        ("b-MUN - b-TYR", "A 2:mun:F1901 - 2:tyr:F1901"),
        ("A bravo-Mun - bravo-Boh", "A 2:mun:F1901 - 2:boh:F1901"),
        ("A c-mun - boh", "A 3:mun:F1901 - 3:boh:F1901"),
        ("A 3:mun S A b-mun", "A 3:mun:F1901 S A 2:mun:F1901"),
    ],
)
def test_the_compact_board_and_province_is_read_in_a_5dplomacy_game(text: str, read: str) -> None:
    assert canonical(text, fived=True) == read


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("bravo:Fall01: A mun - tyr", "A 2:mun:F1901 - 2:tyr:F1901"),
        ("charlie:Fall01:A mun H", "A 3:mun:F1901 H"),
        ("b:Fall 1901: A mun S A 3:mun - boh", "A 2:mun:F1901 S A 3:mun:F1901 - 2:boh:F1901"),
        ("alfa:Spring02: A mun - tyr", "A 1:mun:S1902 - 1:tyr:S1902"),
    ],
)
def test_a_board_as_5dplomacy_names_it_in_front_of_an_order_is_read(text: str, read: str) -> None:
    assert canonical(text, fived=True) == read


def test_a_turn_in_front_naming_no_board_is_refused_so() -> None:
    parsed = parse_order(three_timelines(True), BASE, "germany", "bravo:Spring02: A mun H")
    assert not parsed.ok
    assert "board bravo:Spring02 does not exist" in parsed.message


@pytest.mark.parametrize("text", ["b-MUN H", "A b-mun - b-tyr"])
def test_the_compact_form_is_not_read_in_a_game_of_the_reference_rules(text: str) -> None:
    assert not parse_order(three_timelines(), BASE, "germany", text).ok


def test_by_mail_both_forms_are_read_and_the_board_carries_along_the_line(tmp_path) -> None:
    from tests.commands.helpers import multiverse_reply

    text = multiverse_reply(
        tmp_path, "5dplomacy", "a-MUN - a-TYR\nalfa:Spring01: A ber - kie, F kie - den\n", "germany"
    )
    for order in (
        "A alfa:MUN:Spring01 - alfa:TYR:Spring01",
        "A alfa:BER:Spring01 - alfa:KIE:Spring01",
        "F alfa:KIE:Spring01 - alfa:DEN:Spring01",
    ):
        assert f"Accepted: {order}" in text
    assert "Refused" not in text
