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


def test_njudge_s_own_example_spans_more_than_a_year() -> None:
    """data/history: ``history foo from Jan 1, 1990 to Dec 31, 2002 23:59 lines 5000``
    was refused "'Dec 31 2002' is too far ahead" (each end was read within a year of
    the other); an end beyond what the judge reads ahead is today."""
    span, why = date_span("Jan 1, 1990 to Dec 31, 2002 23:59", "UTC", NOW)
    assert why is None
    assert span == (
        datetime(1990, 1, 1, tzinfo=UTC),
        datetime(2002, 12, 31, 23, 59, 59, tzinfo=UTC),
    )
    span, why = date_span("Jan 1, 1990 TO Dec 31, 2030", "UTC", NOW)
    assert why is None and span is not None and span[1].date() == NOW.date()


def test_a_weekday_alone_and_an_end_alone() -> None:
    """njudge's dates "a) Day of week (three-letter abbreviation)"; ``TO <date>``
    without FROM: from the beginning (njudge ignored such an end)."""
    span, why = date_span("Mon", "UTC", NOW)  # NOW is Sunday 29 November 2026
    assert why is None and span == (datetime(2026, 11, 23, tzinfo=UTC), NOW)
    span, _ = date_span("Sun 14:00", "UTC", NOW)
    assert span == (datetime(2026, 11, 29, 14, 0, tzinfo=UTC), NOW)
    span, why = date_span("TO Nov 24", "UTC", NOW)
    assert why is None and span is not None
    assert span[0].year == 1970 and span[1].date().isoformat() == "2026-11-24"
