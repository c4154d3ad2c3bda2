"""Multiverse order lines mistyped once, sent by mail among a greeting and a
signature: a build whose word lost a letter (``buil A lon``, ``1: buld A rom``), or
whose board was written with spaces (``6 : lon : Winter 1901``), was passed over as a
greeting, the build lost without a word; a ``;`` typed for a location's ``:``
(``A alfa;ber:S1901``) cut the order in two, one half read as another unit's hold.
Found by mutating the notation's forms (docs/multiverse.md, "Orders") once each."""

from __future__ import annotations

from tests.commands.helpers import multiverse_reply

IGNORED = "ignored: not an order"


def test_a_build_with_a_letter_dropped_is_refused_not_passed_over(tmp_path) -> None:
    lines = "Hi all,\nbuil A par\n1: buld A par\nbuil A 1 : par : Spring 1901\nThanks,\nAnn\n"
    text = multiverse_reply(tmp_path, "loose", lines)
    for line in ("buil A par", "1: buld A par", "buil A 1 : par : Spring 1901"):
        assert f"> {line}\n  *** Refused: " in text
    for greeting in ("Hi all,", "Thanks,", "Ann"):
        assert f"> {greeting}\n  {IGNORED}" in text


def test_a_semicolon_for_a_locations_colon_is_read_as_the_colon(tmp_path) -> None:
    lines = (
        "A 1;par:S1901 - 1:bur:S1901\nF 1:bre;S1901 - 1:mao:S1901\nA 1:mar:S1901 H;A 1:par:S1901 H"
    )
    text = multiverse_reply(tmp_path, "loose", lines)
    assert "Accepted: A 1:par:S1901 - 1:bur:S1901\n" in text
    assert "Accepted: F 1:bre:S1901 - 1:mao:S1901\n" in text
    assert "Accepted: A 1:mar:S1901 H\n  Accepted: A 1:par:S1901 H" in text  # two orders
    assert "Refused" not in text


def test_a_semicolon_in_a_5dplomacy_location_is_read_as_the_colon(tmp_path) -> None:
    lines = "A alfa;MUN:Spring01 - alfa:RUH:Spring01\nF alfa:KIE;Spring01 H\n"
    text = multiverse_reply(tmp_path, "5dplomacy", lines, power="germany")
    assert "Accepted: A alfa:MUN:Spring01 - alfa:RUH:Spring01\n" in text
    assert "Accepted: F alfa:KIE:Spring01 H\n" in text
    assert "Refused" not in text


def test_a_support_of_a_move_from_a_board_years_ahead_is_refused(tmp_path) -> None:
    """'S F 8:hol:F1920 - 8:kie:F1902' (1902's digits swapped) was accepted: a board
    that does not exist yet may be named (a ghost board), but no unit there could
    move to a board eighteen years back; the support is refused with that reason."""
    lines = (
        "A 1:mun:S1901 S A 1:ber:S1920 - 1:kie:S1901\nA 1:mun:S1901 S A 1:ber:F1901 - 1:kie:S1901"
    )
    text = multiverse_reply(tmp_path, "loose", lines, power="germany")
    assert (
        "Refused: A 1:mun:S1901 S A 1:ber:S1920 - 1:kie:S1901: the supported unit could not"
        " move there: timeline 1, S1901 is 38 boards away in time" in text
    )
    assert "Accepted: A 1:mun:S1901 S A 1:ber:F1901 - 1:kie:S1901" in text  # a ghost board


def test_a_slipped_waive_naming_its_board_is_refused_not_passed_over(tmp_path) -> None:
    """'wiave 1:W1901' (a waive names its board, docs/multiverse.md) was passed over:
    a board alone, a timeline and a turn, was not taken for the notation's."""
    text = multiverse_reply(tmp_path, "loose", "Hello\nwiave 1:W1901\nwaiv 1:W1901\nCheers, Ann")
    assert "> wiave 1:W1901\n  *** Refused: " in text
    assert "> waiv 1:W1901\n  *** Refused: " in text
    assert f"> Cheers, Ann\n  {IGNORED}" in text
