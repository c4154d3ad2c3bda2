"""5dplomacy's notation (issue 16; its README grammar, shared research 5dplomacy.md §5):
timeline names with suffixes, its province codes, ``wc`` for St Petersburg's south
coast and its ways of writing a turn, read by the one multiverse order parser."""

from __future__ import annotations

import pytest

from judge.engine.orders import Move, SupportHold, SupportMove
from judge.rules.multiverse.keys import BoardKey
from judge.rules.multiverse.notation import parse_place, parse_timeline, timeline_name
from judge.rules.multiverse.order_text import parse_order

from .helpers import BASE, board, key, loc, world


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("alfa", 1),
        ("a", 1),
        ("a0", 1),
        ("zulu", 26),
        ("alfaprime", 27),
        ("a1", 27),
        ("bravoprime", 28),
        ("BravoPrime", 28),
        ("b1", 28),
        ("bravo prime", 28),
        ("alfasecond", 53),
        ("a2", 53),
        ("charliethird", 81),
        ("c3", 81),
    ],
)
def test_timeline_names_with_suffixes(text, number):
    assert parse_timeline(text) == number


@pytest.mark.parametrize("text", ["bravoprimes", "primebravo", "b-1", "par", "1b", ""])
def test_what_is_not_a_timeline_name(text):
    assert parse_timeline(text) is None


@pytest.mark.parametrize("number", [1, 2, 26, 27, 28, 52, 53, 81, 200])
def test_timeline_names_read_back(number):
    assert parse_timeline(timeline_name(number)) == number


def test_timeline_names_beyond_the_suffixes_are_numbers():
    assert timeline_name(28) == "bravoprime"
    assert timeline_name(26 * 9 + 1) == str(26 * 9 + 1)


@pytest.mark.parametrize(
    "text", ["bravoprime:Irish Sea:Fall 1902", "b1:IRI:F02", "bravoprime:IRS:Fall02"]
)
def test_the_readme_equivalents_name_one_location(text):
    place = parse_place(BASE, text)
    assert (place.timeline, place.province, place.coast, place.turn) == (28, "iri", None, (1902, 1))


@pytest.mark.parametrize(
    ("code", "province"),
    [
        ("NWS", "nwg"),
        ("ENC", "eng"),
        ("ADS", "adr"),
        ("EMS", "eas"),
        ("IOS", "ion"),
        ("INS", "ion"),
        ("WMS", "wes"),
        ("IRS", "iri"),
        ("GOB", "bot"),
        ("GOL", "lyo"),
        ("RMA", "rum"),
        ("RHR", "ruh"),
        ("RME", "rom"),
        ("SKG", "ska"),
        ("LPL", "lvp"),
        ("LVA", "lvn"),
        ("ECH", "eng"),
        ("HGB", "hel"),
        ("MID", "mao"),
        ("NAT", "nao"),
        ("NTS", "nth"),
        ("TYN", "tys"),
        ("Galacia", "gal"),
    ],
)
def test_its_province_codes(code, province):
    assert parse_place(BASE, f"a:{code}:S01").province == province


def test_west_coast_is_st_petersburgs_south_coast():
    place = parse_place(BASE, "alfa:STP/wc:Spring 1901")
    assert (place.province, place.coast) == ("stp", "sc")


def test_west_coast_of_spain_is_still_refused():
    with pytest.raises(ValueError, match="Spain has no wc coast"):
        parse_place(BASE, "alfa:Spain/wc:Spring 1901")


def _two_timelines():
    return world(
        board(1, "S1902", "germany A mun; france A bur"),
        board(2, "S1902", "germany A kie; france A par"),
    )


def test_its_unit_references_in_orders():
    w = _two_timelines()
    long = parse_order(w, BASE, "germany", "Army bravo:Kiel:Spring 1902 - bravo:Berlin:Spring 1902")
    short = parse_order(w, BASE, "germany", "A b:Kie:S02 - b:Ber:S02")
    assert long.ok and short.ok, (long.message, short.message)
    assert long.order == short.order == Move(loc("2:kie:S1902"), loc("2:ber:S1902"))


def test_its_supports_with_and_without_unit_types():
    w = _two_timelines()
    move = parse_order(w, BASE, "germany", "A a:Mun:S02 S A b:Kie:S02 - b:Ber:S02")
    hold = parse_order(w, BASE, "germany", "A a:MUN:Spring02 S b:KIE:Spring02")
    assert move.ok and hold.ok, (move.message, hold.message)
    assert move.order == SupportMove(loc("1:mun:S1902"), loc("2:kie:S1902"), loc("2:ber:S1902"))
    assert hold.order == SupportHold(loc("1:mun:S1902"), loc("2:kie:S1902"))


def test_a_suffixed_timeline_in_an_order():
    w = world(board(28, "S1902", "germany A kie"))
    parsed = parse_order(w, BASE, "germany", "A bravoprime:KIE:S1902 - b1:BER:Spring 1902")
    assert parsed.ok, parsed.message
    assert parsed.order == Move(BoardKey(28, 1902, 0).at("kie"), key(28, "S1902").at("ber"))


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("A b:Kie:S02 to b:Ber:S02", "A 2:kie:S1902 - 2:ber:S1902"),
        ("b:kie:s02-b:ber:s02", "A 2:kie:S1902 - 2:ber:S1902"),
        ("A b:Kie:S02 holds", "A 2:kie:S1902 H"),
        ("A b:Kie:S02 hold", "A 2:kie:S1902 H"),
        (
            "Army alfa:Munich:Spring 1902 supports bravo:Kiel:Spring 1902",
            "A 1:mun:S1902 S A 2:kie:S1902",
        ),
        (
            "A a:Mun:S02 support A b:Kie:S02 to b:Ber:S02",
            "A 1:mun:S1902 S A 2:kie:S1902 - 2:ber:S1902",
        ),
    ],
)
def test_its_order_grammar(text, canonical):
    parsed = parse_order(_two_timelines(), BASE, "germany", text)
    assert parsed.ok, parsed.message
    assert parsed.canonical == canonical
