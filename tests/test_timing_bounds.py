"""Issue 25 item 7: every length of time and every date a game master or player types
is bounded in one place (judge.clock.timing), and refused beyond the bound with the
reason; timing rules stored before the bounds are clamped when read, so that no
deadline computation can overflow."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from judge.clock.timing import (
    MAX_AHEAD_DAYS,
    MAX_SPAN_DAYS,
    Span,
    TimingError,
    grace_end,
    next_deadline,
    parse_date_range,
    parse_datetime,
    parse_timing,
    reminder_times,
    rules_from_dict,
)

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
TOO_LONG = f"at most {MAX_SPAN_DAYS} days"


def test_the_bounds_are_a_year() -> None:
    assert MAX_SPAN_DAYS == 365 and MAX_AHEAD_DAYS == 365


@pytest.mark.parametrize(
    "text", ["99999999d", "99999999h", "366d", "8761h", "365d1m", "525601m", "9" * 5000 + "h"]
)
def test_a_span_past_a_year_is_refused_with_the_bound(text: str) -> None:
    with pytest.raises(TimingError, match=TOO_LONG):
        Span.parse(text)


@pytest.mark.parametrize("text", ["365d", "8760h", "364d23h59m", "525600m", "0"])
def test_a_span_up_to_a_year_is_read(text: str) -> None:
    assert Span.parse(text).total_seconds() <= MAX_SPAN_DAYS * 86400


@pytest.mark.parametrize(
    "rule",
    [
        "SET DEADLINE MOVE 99999999d",
        "DEADLINE 99999999d",
        "SET DEADLINE GRACE 99999999h",
        "SET DEADLINE REMIND 24h,99999999h",
        "SET TIMING DELAY 99999999m",
        "SET DEADLINE AFTER 400d",
    ],
)
def test_timing_rules_past_a_year_are_refused(rule: str) -> None:
    with pytest.raises(TimingError, match=TOO_LONG):
        parse_timing(rule)


@pytest.mark.parametrize("text", ["+99999999h", "+99999999d", "+366d"])
def test_a_deadline_offset_past_a_year_is_refused(text: str) -> None:
    with pytest.raises(TimingError, match=TOO_LONG):
        parse_datetime(text, "UTC", NOW)


@pytest.mark.parametrize(
    "text", ["9999-12-31 23:59", "2028-01-01 20:00", "Fri Dec 31 9999 23:59", "Nov 22 2027 12:01"]
)
def test_a_deadline_date_more_than_a_year_ahead_is_refused(text: str) -> None:
    with pytest.raises(TimingError, match=f"at most {MAX_AHEAD_DAYS} days ahead"):
        parse_datetime(text, "Europe/Paris", NOW)


def test_a_deadline_date_within_a_year_is_read() -> None:
    assert parse_datetime("2027-11-20 20:00", "UTC", NOW) == datetime(2027, 11, 20, 20, tzinfo=UTC)


@pytest.mark.parametrize("text", ["9999-12-28 to 9999-12-31", "2028-01-01"])
def test_an_absence_starting_more_than_a_year_ahead_is_refused(text: str) -> None:
    with pytest.raises(TimingError, match=f"at most {MAX_AHEAD_DAYS} days ahead"):
        parse_date_range(text, "UTC", NOW)


@pytest.mark.parametrize("text", ["2026-12-01 to 9999-01-01", "2026-12-01 to 2027-12-01"])
def test_an_absence_longer_than_a_year_is_refused(text: str) -> None:
    with pytest.raises(TimingError, match=f"lasts at most {MAX_SPAN_DAYS} days"):
        parse_date_range(text, "UTC", NOW)


def test_an_absence_within_a_year_is_read() -> None:
    assert parse_date_range("Dec 28 to Jan 3", "UTC", NOW) == (
        date(2026, 12, 28),
        date(2027, 1, 3),
    )


STORED = {
    "movement": {"after": "99999999d", "grace": "99999999h", "remind": ["99999999h", "1h"]},
    "delay": "99999999m",
}


def test_stored_rules_past_the_bounds_are_clamped_when_read() -> None:
    rules = rules_from_dict(STORED)
    year = Span(days=MAX_SPAN_DAYS)
    assert rules.movement.after == year and rules.movement.grace == year
    assert rules.movement.remind == (year, Span.hours(1))
    assert rules.delay == year


def test_deadlines_from_stored_rules_past_the_bounds_can_be_computed() -> None:
    rules = rules_from_dict(STORED)
    deadline = next_deadline(rules, "S1901M", NOW)
    assert deadline == NOW + timedelta(days=MAX_SPAN_DAYS)
    assert grace_end(rules, "S1901M", deadline) == deadline + timedelta(days=MAX_SPAN_DAYS)
    assert reminder_times(rules, "S1901M", deadline)[-1] == deadline - timedelta(hours=1)


def test_a_deadline_stored_at_the_end_of_time_does_not_overflow() -> None:
    """A deadline set before the bounds (SET DEADLINE 9999-12-31 23:59): its grace end
    and the next deadline counted from it are the last moment there is, not an error."""
    rules = rules_from_dict({})
    end = datetime(9999, 12, 31, 23, 59, tzinfo=UTC)
    assert grace_end(rules, "S1901M", end) >= end
    assert next_deadline(rules, "S1901M", end) >= end


def test_an_absence_stored_past_the_bounds_holds_a_deadline_back_a_year_at_most() -> None:
    """An absence set by a master before the bounds (to 9999-12-31) made every next
    deadline fail ("no allowed day for a deadline within ten years")."""
    rules = rules_from_dict({})
    absences = [(date(2026, 11, 1), date(9999, 12, 31))]
    deadline = next_deadline(rules, "S1901M", NOW, absences=absences)
    assert NOW + timedelta(days=365) < deadline <= NOW + timedelta(days=368)
