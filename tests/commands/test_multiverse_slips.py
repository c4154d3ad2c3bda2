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


def test_a_place_alone_after_a_separator_is_refused_with_the_line(tmp_path) -> None:
    """'1: A con ; ank' was read as two holds, 'A 1:con' and '1:ank' (a place alone
    after the ';', with the timeline in front carried to it): the player wrote one
    thing, a move with its sign slipped or two holds with one unit's word left out.
    A place alone is no order after a separator (as it is none alone on its line):
    the line is refused whole, naming both readings; orders with their words still part."""
    lines = "1: A mun ; ber\nA 1:mun:S1901 H, F 1:kie:S1901 H\n1: A ber H; A mun H"
    text = multiverse_reply(tmp_path, "loose", lines, power="germany")
    assert (
        "Refused: 1: A mun ; ber: 'ber' alone is no order: write its order (ber H),"
        " or '-' for a move (1: A mun - ber)" in text
    )
    assert "Accepted: A 1:mun:S1901 H\n  Accepted: F 1:kie:S1901 H" in text
    assert "Accepted: A 1:ber:S1901 H\n  Accepted: A 1:mun:S1901 H" in text
    assert "Accepted: A 1:ber:S1901 H\n" in text


def test_a_support_naming_a_board_that_can_never_be_is_refused(tmp_path) -> None:
    """'1:kie:S1901 S A 2:ber:S1901 - 2:kie:S1901' was accepted: timeline 2 does not
    exist, and when it comes it begins after the board it branches from (F1901 at
    the earliest), so no unit can ever make the move supported.  A ghost board of a
    timeline in use, or a later turn of a new one, may still be named."""
    lines = (
        "F 1:kie:S1901 S A 2:ber:S1901 - 2:kie:S1901\nA 1:mun:S1901 S A 1:ber:F1901 - 1:kie:S1901\n"
    )
    text = multiverse_reply(tmp_path, "loose", lines, power="germany")
    assert (
        "Refused: F 1:kie:S1901 S A 2:ber:S1901 - 2:kie:S1901: timeline 2, S1901 can never"
        " be: a new timeline begins after the board it branches from" in text
    )
    assert "Accepted: A 1:mun:S1901 S A 1:ber:F1901 - 1:kie:S1901" in text
