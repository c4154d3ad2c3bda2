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


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (
            "A-Mun H",
            "'A-Mun' reads two ways: board alfa's Munich (alfa:MUN), or an army in Munich (A Mun)",
        ),
        ("A-Mun - Tyr", "'A-Mun' reads two ways"),
        ("B-Mun H", None),  # no unit's letter: bravo's Munich
        # no board foxtrot ("there is no timeline foxtrot" before), fleets in London
        ("F-Lon H", "board foxtrot's London (foxtrot:LON), or a fleet in London (F Lon)"),
    ],
)
def test_a_units_letter_against_a_province_is_refused_when_it_reads_two_ways(
    text: str, shown: str | None
) -> None:
    """``A-Mun`` was read as board alfa's Munich (5dplomacy's compact ``a-MUN``,
    research: 5dplomacy, section 5.3) where the player may mean "army in Munich"
    with its space left out; with armies in Munich on three boards the two readings
    name different units, so the line is refused with both forms, not guessed."""
    power = "france" if "Lon" in text else "germany"
    parsed = parse_order(three_timelines(True), BASE, power, text)
    if shown is None:
        assert parsed.ok, parsed.message
    else:
        assert not parsed.ok
        assert shown in str(parsed.message)


def test_the_compact_form_as_documented_and_one_unit_either_way_are_read() -> None:
    # the documented small letter: the board, as written
    assert canonical("a-MUN H", fived=True) == "A 1:mun:S1902 H"
    # one army in Paris, on board alfa: both readings name it
    one = parse_order(three_timelines(True), BASE, "france", "A-Par H")
    assert one.ok, one.message  # France's only army in Paris stands on board alfa
    assert one.canonical == "A 1:par:S1902 H"
