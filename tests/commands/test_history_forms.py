"""HISTORY's phase ranges and dates as players write them.

Phases: ``S1901M-F1901M``, ``FROM S1901 TO F1903`` and a season without its phase
(``F1901``: every phase of it) were refused (``FROM`` was read as a date).  Dates:
njudge reads a year as four digits or 81 to 99 (1981-1999) and refuses other
digits (ml_date.c, ``mail_date``); ``Nov 19, 26`` was read as Nov 26 and ``1 Jan
99`` refused as "no such date: 99 Jan"; a date in numbers (``11/22/2026``) was
refused without saying why."""

from __future__ import annotations

from judge.game.games import find_game
from tests.commands.helpers import outcomes
from tests.commands.test_history_summary import READER, _play


def _said(run, line: str) -> tuple[str, str]:  # noqa: ANN001
    [(_, status, message)] = outcomes(run(line, READER))
    return status, message


def test_a_phase_range_with_a_hyphen(session, run) -> None:  # noqa: ANN001
    _play(session, find_game(session, "game1"))
    assert _said(run, "HISTORY game1 S1902M-F1902M") == (
        "ok",
        "2 reports of game game1 (S1902M to F1902M) mailed to you.",
    )


def test_from_one_season_to_another_takes_every_phase_of_both(session, run) -> None:  # noqa: ANN001
    _play(session, find_game(session, "game1"))
    assert _said(run, "HISTORY game1 FROM S1902 TO F1902") == (
        "ok",
        "3 reports of game game1 (S1902M to F1902R) mailed to you.",
    )
    assert _said(run, "HISTORY game1 Fall 1901 TO Winter 1901")[1].startswith(
        "2 reports of game game1 (F1901M to W1901A)"
    )
    assert _said(run, "HISTORY game1 TO F1901")[1].startswith(
        "3 reports of game game1 (S1901M to F1901M)"
    )


def test_a_two_digit_year_is_read_as_njudge_reads_it(session, run) -> None:  # noqa: ANN001
    _play(session, find_game(session, "game1"))
    assert _said(run, "HISTORY game1 FROM 1 Jan 99")[0] == "ok"  # 1999: everything since
    status, message = _said(run, "HISTORY game1 FROM Nov 19, 26")
    assert status == "refused" and "'26' is not understood in a date" in message
    assert "a year has four digits" in message


def test_a_date_in_numbers_is_refused_with_the_way_to_write_it(session, run) -> None:  # noqa: ANN001
    _play(session, find_game(session, "game1"))
    status, message = _said(run, "HISTORY game1 FROM 11/19/2026")
    assert status == "refused"
    assert "gives the month as a number" in message
    assert "Nov 19, 2026 or 2026-11-19" in message
    assert _said(run, "HISTORY game1 FROM 2026-11-19")[0] == "ok"
