"""Spans of past real time for HISTORY <game> FROM <date> [TO <date>] (njudge's
data/history 14-62), read as players write them."""

from __future__ import annotations

from datetime import UTC, datetime

from judge.game.past_dates import date_span

NOW = datetime(2026, 11, 29, 15, 0, tzinfo=UTC)


def test_an_end_without_a_year_follows_the_start() -> None:
    """``FROM Nov 1 TO Dec 31`` on 29 November 2026 was refused "the span ends before
    it starts": each date was read as the last such day up to now, so Dec 31 was the
    one of 2025. The end without a year is the first such day from the start."""
    span, why = date_span("Nov 1 TO Dec 31", "UTC", NOW)
    assert why is None and span is not None
    assert span[0] == datetime(2026, 11, 1, tzinfo=UTC)
    assert span[1].date().isoformat() == "2026-12-31"


def test_a_span_over_new_year_and_dates_with_years() -> None:
    span, _ = date_span("Dec 20 TO Jan 5", "UTC", NOW)
    assert span is not None
    assert (span[0].date().isoformat(), span[1].date().isoformat()) == ("2025-12-20", "2026-01-05")
    span, _ = date_span("Jan 1, 2026 TO Feb 1, 2026 14:00", "UTC", NOW)
    assert span == (datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 2, 1, 14, 0, 59, tzinfo=UTC))
    assert date_span("Feb 1, 2026 TO Jan 1, 2026", "UTC", NOW) == (
        None,
        "the span ends before it starts",
    )
