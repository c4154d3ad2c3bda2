"""HISTORY as njudge reads it (history.c: the words FROM, TO, UNTIL, LINES, FOR,
EXCLSTART, EXCLEND and BROAD; ml_date.c: a year alone is a date), and the rest
refused with the line to write.  ``HISTORY game1 BROAD`` (njudge: the whole game,
notices included), ``UNTIL`` (njudge's TO), ``FOR n`` (njudge's LINES n) and ``FROM
2026`` were refused; ``HISTORY game1 1901`` and ``FROM yesterday`` (which njudge
refuses too) were refused without the line that gives what was asked."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.commands.helpers import NOW, body_of, deliver, make_mail, outbox
from tests.commands.test_history_broadcasts import READER, _game_with_press

WHOLE = "2 reports and 4 broadcasts of game game1 (S1901M to F1901M) mailed to you."


@pytest.fixture
def ask(tmp_path):  # type: ignore[no-untyped-def]
    """The reply to a reader's HISTORY line, in a game of two phases and press, on
    Wed 25 Nov 2026 16:00 UTC."""
    engine = _game_with_press(tmp_path)

    def asked(line: str) -> str:
        deliver(engine, make_mail(READER, line + "\n"), now=NOW + timedelta(hours=100))
        return " ".join(body_of(outbox(engine)[-1]).split())

    yield asked
    engine.dispose()


def test_broad_alone_is_the_whole_game(ask) -> None:  # type: ignore[no-untyped-def]
    assert WHOLE in ask("HISTORY game1 BROAD")
    assert WHOLE in ask("history game1 from Jan 1, 1990 broad")


def test_until_is_to_and_for_is_lines(ask) -> None:  # type: ignore[no-untyped-def]
    said = ask("HISTORY game1 FROM Nov 21 2026 UNTIL Nov 22 2026")
    assert "2 broadcasts of game game1 (S1901M to S1901M) mailed to you." in said, said
    said = ask("HISTORY game1 FROM Jan 1, 1990 FOR 5000")
    assert WHOLE in said and "FOR is not needed here" in said, said


def test_a_year_alone_after_from_is_its_first_day(ask) -> None:  # type: ignore[no-untyped-def]
    assert WHOLE in ask("HISTORY game1 FROM 2026")
    said = ask("HISTORY game1 FROM 2025 TO 2025")
    assert "Refused: game game1 has no reports in that span" in said, said


def test_a_game_year_alone_is_refused_with_the_line_for_its_phases(ask) -> None:  # type: ignore[no-untyped-def]
    said = ask("HISTORY game1 1901")
    assert "*** Refused: '1901' is a year: write HISTORY game1 S1901 TO W1901" in said, said
    assert "(TO F1901 before its winter)" in said
    said = ask("HISTORY game1 S1901 TO F1901")
    assert "2 reports and 3 broadcasts of game game1 (S1901M to F1901M)" in said, said


def test_a_word_that_is_no_date_is_refused_with_dates_to_write(ask) -> None:  # type: ignore[no-untyped-def]
    said = ask("HISTORY game1 from yesterday")
    assert "*** Refused: 'yesterday' is not a date" in said, said
    assert "write e.g. HISTORY game1 FROM Tue or HISTORY game1 FROM Nov 24, 2026" in said, said
    assert "1 broadcast of game game1 (F1901M to F1901M)" in ask("HISTORY game1 FROM Tue")
    said = ask("HISTORY game1 lately")
    assert "*** Refused: 'lately' is not a phase or a date: write" in said, said
