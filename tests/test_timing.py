"""Tests for judge.clock.timing: deadlines, grace, reminders, formatting and the SET syntax.

Expected instants were worked out by hand from the calendar and the zone rules
(Europe/Berlin and Europe/Paris change on the last Sundays of March and
October; America/New_York on the second Sunday of March and the first of
November).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.clock.timing import (
    ALL_DAYS,
    PhaseTiming,
    Span,
    TimingError,
    TimingRules,
    describe_duration,
    describe_rules,
    early_processing_time,
    format_classic,
    format_for,
    grace_end,
    late_notice_times,
    next_deadline,
    parse_date_range,
    parse_datetime,
    parse_timing,
    phase_type_of,
    reminder_times,
    rules_from_dict,
    rules_from_text,
    rules_to_text,
    time_left,
)


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def rules_with(zone: str = "UTC", **movement: object) -> TimingRules:
    return TimingRules(zone=zone, movement=PhaseTiming(**movement))


# --------------------------------------------------------------------------- spans


@pytest.mark.parametrize(
    ("text", "days", "seconds"),
    [
        ("48h", 0, 48 * 3600),
        ("2d", 2, 0),
        ("1d12h", 1, 12 * 3600),
        ("90m", 0, 90 * 60),
        ("1h30m", 0, 5400),
        ("0", 0, 0),
        ("2D", 2, 0),
    ],
)
def test_span_parse(text: str, days: int, seconds: int) -> None:
    assert Span.parse(text) == Span(days, seconds)


@pytest.mark.parametrize("text", ["", "h", "48", "2 days", "-1h", "1.5h", "d"])
def test_span_parse_rejects(text: str) -> None:
    with pytest.raises(TimingError):
        Span.parse(text)


def test_span_words() -> None:
    assert Span.parse("1d12h").describe() == "1 day 12 hours"
    assert Span.parse("1h1m").describe() == "1 hour 1 minute"
    assert str(Span.parse("1d12h30m")) == "1d12h30m"


# --------------------------------------------------------------------------- deadlines


def test_plain_elapsed_hours() -> None:
    rules = rules_with(after=Span.hours(48))
    assert next_deadline(rules, "S1901M", utc(2026, 11, 21, 19, 0)) == utc(2026, 11, 23, 19, 0)


def test_time_of_day_same_day_when_still_ahead() -> None:
    # Sat 11:00 CET + 48h = Mon 11:00 CET; the next 20:00 is Monday's.
    rules = rules_with("Europe/Paris", after=Span.hours(48), at=time(20, 0))
    assert next_deadline(rules, "movement", utc(2026, 11, 21, 10, 0)) == utc(2026, 11, 23, 19, 0)


def test_time_of_day_rolls_to_next_day_when_passed() -> None:
    # Sat 21:00 CET + 48h = Mon 21:00 CET; Monday's 20:00 has passed, so Tuesday 20:00.
    rules = rules_with("Europe/Paris", after=Span.hours(48), at=time(20, 0))
    assert next_deadline(rules, "movement", utc(2026, 11, 21, 20, 0)) == utc(2026, 11, 24, 19, 0)


def test_time_of_day_exactly_reached_counts() -> None:
    rules = rules_with("Europe/Paris", after=Span.hours(24), at=time(20, 0))
    # Fri 20:00 CET + 24h = Sat 20:00 CET, exactly the snap time.
    assert next_deadline(rules, "movement", utc(2026, 11, 20, 19, 0)) == utc(2026, 11, 21, 19, 0)


def test_weekdays_skip_weekend_keeping_clock() -> None:
    # Thu 12:00 UTC + 48h = Sat 12:00 -> Monday 12:00.
    rules = rules_with(after=Span.hours(48), days=frozenset(range(5)))
    assert next_deadline(rules, "movement", utc(2026, 11, 19, 12, 0)) == utc(2026, 11, 23, 12, 0)


def test_weekdays_with_time_of_day() -> None:
    # Fri 11:00 CET + 48h = Sun 11:00 CET -> Sunday 20:00 not allowed -> Mon 20:00 CET.
    rules = rules_with(
        "Europe/Paris", after=Span.hours(48), at=time(20, 0), days=frozenset(range(5))
    )
    assert next_deadline(rules, "movement", utc(2026, 11, 20, 10, 0)) == utc(2026, 11, 23, 19, 0)


def test_weekday_is_judged_in_the_game_zone() -> None:
    # 2026-11-22 23:30 UTC is Sunday in UTC but Monday 08:30 in Tokyo.
    rules = rules_with("Asia/Tokyo", after=Span.hours(1), days=frozenset({0}))
    assert next_deadline(rules, "movement", utc(2026, 11, 22, 22, 30)) == utc(2026, 11, 22, 23, 30)
    rules_utc = rules_with("UTC", after=Span.hours(1), days=frozenset({0}))
    assert next_deadline(rules_utc, "movement", utc(2026, 11, 22, 22, 30)) == utc(
        2026, 11, 23, 23, 30
    )


def test_time_of_day_across_spring_forward() -> None:
    # Fri 27 Mar 2026 20:00 CET; 48h later is Sun 29 Mar 21:00 CEST (summer time began),
    # so the next 20:00 wall-clock is Monday 30 Mar 20:00 CEST = 18:00 UTC.
    rules = rules_with("Europe/Berlin", after=Span.hours(48), at=time(20, 0))
    assert next_deadline(rules, "movement", utc(2026, 3, 27, 19, 0)) == utc(2026, 3, 30, 18, 0)
    # 47 elapsed hours land on Sun 20:00 CEST exactly.
    rules47 = rules_with("Europe/Berlin", after=Span.hours(47), at=time(20, 0))
    assert next_deadline(rules47, "movement", utc(2026, 3, 27, 19, 0)) == utc(2026, 3, 29, 18, 0)


def test_days_are_calendar_days_across_dst() -> None:
    berlin = "Europe/Berlin"
    # Sat 28 Mar 20:00 CET + 2d = Mon 30 Mar 20:00 CEST (47 elapsed hours) ...
    two_days = rules_with(berlin, after=Span(days=2))
    assert next_deadline(two_days, "movement", utc(2026, 3, 28, 19, 0)) == utc(2026, 3, 30, 18, 0)
    # ... while 48h stays 48 elapsed hours (21:00 CEST).
    hours = rules_with(berlin, after=Span.hours(48))
    assert next_deadline(hours, "movement", utc(2026, 3, 28, 19, 0)) == utc(2026, 3, 30, 19, 0)
    # Autumn: Sat 24 Oct 20:00 CEST + 2d = Mon 26 Oct 20:00 CET (49 elapsed hours).
    assert next_deadline(two_days, "movement", utc(2026, 10, 24, 18, 0)) == utc(2026, 10, 26, 19, 0)


def test_time_of_day_in_the_spring_gap_moves_forward() -> None:
    # 02:30 does not exist in Berlin on 29 Mar 2026; the deadline is 03:30 CEST = 01:30 UTC.
    rules = rules_with("Europe/Berlin", after=Span.hours(12), at=time(2, 30))
    deadline = next_deadline(rules, "movement", utc(2026, 3, 28, 12, 0))
    assert deadline == utc(2026, 3, 29, 1, 30)
    assert deadline.astimezone(ZoneInfo("Europe/Berlin")).strftime("%H:%M %Z") == "03:30 CEST"


def test_time_of_day_repeated_in_autumn_takes_first() -> None:
    # 02:30 happens twice in Berlin on 25 Oct 2026; the first (CEST) is 00:30 UTC.
    rules = rules_with("Europe/Berlin", after=Span.hours(1), at=time(2, 30))
    assert next_deadline(rules, "movement", utc(2026, 10, 24, 22, 0)) == utc(2026, 10, 25, 0, 30)


def test_new_york_dst() -> None:
    # Sat 7 Mar 2026 21:00 EST (02:00 UTC Sun) + 1d = Sun 8 Mar 21:00 EDT = 01:00 UTC Mon.
    rules = rules_with("America/New_York", after=Span(days=1))
    assert next_deadline(rules, "movement", utc(2026, 3, 8, 2, 0)) == utc(2026, 3, 9, 1, 0)


def test_absences_push_the_deadline_past_them() -> None:
    rules = rules_with("Europe/Paris", after=Span.hours(24), at=time(20, 0))
    away = [(date(2026, 11, 22), date(2026, 11, 24))]
    got = next_deadline(rules, "movement", utc(2026, 11, 21, 10, 0), absences=away)
    assert got == utc(2026, 11, 25, 19, 0)


def test_phase_types_use_their_own_rules() -> None:
    rules = TimingRules(
        movement=PhaseTiming(after=Span.hours(48)),
        retreats=PhaseTiming(after=Span.hours(12)),
        adjustments=PhaseTiming(after=Span.hours(6)),
    )
    start = utc(2026, 11, 21, 0, 0)
    assert next_deadline(rules, "F1901R", start) == utc(2026, 11, 21, 12, 0)
    assert next_deadline(rules, "W1901A", start) == utc(2026, 11, 21, 6, 0)
    assert next_deadline(rules, "F1901B", start) == utc(2026, 11, 21, 6, 0)
    assert next_deadline(rules, "S1902M", start) == utc(2026, 11, 23, 0, 0)


def test_naive_datetimes_are_refused() -> None:
    with pytest.raises(ValueError):
        next_deadline(TimingRules(), "movement", datetime(2026, 11, 21, 12, 0))


def test_phase_type_of() -> None:
    assert phase_type_of("S1901M") == "movement"
    assert phase_type_of("f1901r") == "retreats"
    assert phase_type_of("W1901A") == "adjustments"
    assert phase_type_of("adjustments") == "adjustments"
    with pytest.raises(ValueError):
        phase_type_of("S1901X")


# --------------------------------------------------------------------------- grace, reminders


def test_grace_end_hours_and_days() -> None:
    hours = rules_with("Europe/Berlin", grace=Span.hours(24))
    days = rules_with("Europe/Berlin", grace=Span(days=1))
    deadline = utc(2026, 3, 28, 19, 0)  # Sat 20:00 CET, the night before summer time
    assert grace_end(hours, "movement", deadline) == utc(2026, 3, 29, 19, 0)
    assert grace_end(days, "movement", deadline) == utc(2026, 3, 29, 18, 0)
    none = rules_with(grace=Span())
    assert grace_end(none, "movement", deadline) == deadline


def test_reminders_sorted_and_filtered() -> None:
    rules = rules_with(remind=(Span.hours(1), Span.hours(24)))
    deadline = utc(2026, 11, 23, 19, 0)
    assert reminder_times(rules, "movement", deadline) == [
        utc(2026, 11, 22, 19, 0),
        utc(2026, 11, 23, 18, 0),
    ]
    later = reminder_times(rules, "movement", deadline, not_before=utc(2026, 11, 22, 19, 0))
    assert later == [utc(2026, 11, 23, 18, 0)]


def test_reminder_in_days_is_wall_clock() -> None:
    rules = rules_with("Europe/Berlin", remind=(Span(days=1),))
    deadline = utc(2026, 3, 29, 18, 0)  # Sun 20:00 CEST
    assert reminder_times(rules, "movement", deadline) == [utc(2026, 3, 28, 19, 0)]


def test_late_notices_daily_until_grace_end() -> None:
    rules = rules_with(grace=Span.hours(60))
    deadline = utc(2026, 11, 23, 19, 0)
    assert late_notice_times(rules, "movement", deadline) == [
        deadline,
        deadline + timedelta(days=1),
        deadline + timedelta(days=2),
    ]
    no_grace = rules_with(grace=Span())
    assert late_notice_times(no_grace, "movement", deadline) == [deadline]


def test_early_processing_delay() -> None:
    rules = TimingRules(delay=Span.parse("30m"))
    assert early_processing_time(rules, utc(2026, 11, 21, 12, 0)) == utc(2026, 11, 21, 12, 30)


# --------------------------------------------------------------------------- formatting


def test_format_for_winter_and_summer() -> None:
    assert format_for(utc(2026, 11, 21, 19, 0), "Europe/Paris") == (
        "Sat 21 Nov 2026 20:00 CET (19:00 UTC)"
    )
    assert format_for(utc(2026, 7, 4, 18, 0), "Europe/Paris") == (
        "Sat 4 Jul 2026 20:00 CEST (18:00 UTC)"
    )


def test_format_for_other_day_in_utc() -> None:
    assert format_for(utc(2026, 11, 21, 19, 0), "Asia/Tokyo") == (
        "Sun 22 Nov 2026 04:00 JST (Sat 21 Nov 19:00 UTC)"
    )


def test_format_for_utc_reader() -> None:
    assert format_for(utc(2026, 11, 21, 19, 0), "UTC") == "Sat 21 Nov 2026 19:00 UTC"
    assert format_for(utc(2026, 11, 21, 19, 0), None) == "Sat 21 Nov 2026 19:00 UTC"


def test_format_for_numeric_zone_names() -> None:
    # tzdata names Istanbul's zone "+03"; the reader sees it marked as an offset from UTC.
    assert format_for(utc(2026, 11, 21, 19, 0), "Europe/Istanbul") == (
        "Sat 21 Nov 2026 22:00 UTC+03 (19:00 UTC)"
    )


def test_format_classic() -> None:
    assert format_classic(utc(2002, 10, 28, 22, 30), "Europe/Paris") == (
        "Mon Oct 28 2002 23:30:00 +0100"
    )
    assert format_classic(utc(2026, 7, 4, 3, 5), "UTC") == "Sat Jul 04 2026 03:05:00 +0000"


@pytest.mark.parametrize(
    ("length", "words"),
    [
        (timedelta(days=1, hours=3, minutes=59), "1 day 3 hours"),
        (timedelta(days=2), "2 days"),
        (timedelta(days=2, minutes=5), "2 days"),
        (timedelta(hours=5, minutes=20), "5 hours 20 minutes"),
        (timedelta(hours=1), "1 hour"),
        (timedelta(minutes=1, seconds=59), "1 minute"),
        (timedelta(seconds=30), "less than a minute"),
    ],
)
def test_describe_duration(length: timedelta, words: str) -> None:
    assert describe_duration(length) == words


def test_time_left() -> None:
    now = utc(2026, 11, 21, 12, 0)
    assert time_left(now, now + timedelta(days=1, hours=3)) == "1 day 3 hours"
    assert time_left(now, now) == "none"
    assert time_left(now, now - timedelta(hours=1)) == "none"


# --------------------------------------------------------------------------- the SET syntax


def test_parse_the_documented_example() -> None:
    rules = parse_timing("SET DEADLINE MOVE 48h AT 20:00 DAYS mon-fri GRACE 24h")
    assert rules.movement.after == Span.hours(48)
    assert rules.movement.at == time(20, 0)
    assert rules.movement.days == frozenset(range(5))
    assert rules.movement.grace == Span.hours(24)
    # the other phase types are untouched
    assert rules.retreats == TimingRules().retreats
    assert rules.adjustments == TimingRules().adjustments


def test_parse_several_phases_and_lists() -> None:
    rules = parse_timing("timing retreat adjust 12h at any days sat,sun remind 2h, 30m")
    for timing in (rules.retreats, rules.adjustments):
        assert timing.after == Span.hours(12)
        assert timing.at is None
        assert timing.days == frozenset({5, 6})
        assert timing.remind == (Span.hours(2), Span(seconds=1800))
    assert rules.movement == TimingRules().movement


def test_parse_without_phase_words_sets_all() -> None:
    rules = parse_timing("SET GRACE 36h")
    assert {t.grace for t in (rules.movement, rules.retreats, rules.adjustments)} == {
        Span.hours(36)
    }


def test_parse_zone_delay_and_builds_on_base() -> None:
    base = parse_timing("DEADLINE MOVE 72h")
    rules = parse_timing("SET TIMING ZONE America/New_York DELAY 15m", base)
    assert rules.zone == "America/New_York"
    assert rules.delay == Span(seconds=900)
    assert rules.movement.after == Span.hours(72)


def test_parse_wrapping_weekday_range_and_remind_none() -> None:
    rules = parse_timing("MOVE DAYS fri-mon REMIND NONE")
    assert rules.movement.days == frozenset({4, 5, 6, 0})
    assert rules.movement.remind == ()


@pytest.mark.parametrize(
    "text",
    [
        "SET DEADLINE",
        "SET DEADLINE MOVE AT 25:00",
        "SET DEADLINE MOVE DAYS funday",
        "SET DEADLINE MOVE DAYS",
        "SET TIMING ZONE Mars/Olympus",
        "SET TIMING ZONE Europe",  # a directory of the tz database, not a zone
        "SET DEADLINE MOVE 48h SOON",
        "SET DEADLINE MOVE GRACE",
        "SET DEADLINE MOVE REMIND",
        "SET DEADLINE Sat 21 Nov 20:00",
    ],
)
def test_parse_errors_are_timing_errors(text: str) -> None:
    with pytest.raises(TimingError):
        parse_timing(text)


def test_describe_rules_mentions_the_settings() -> None:
    rules = parse_timing("SET DEADLINE MOVE 48h AT 20:00 DAYS mon-fri GRACE 24h REMIND 24h,1h")
    text = describe_rules(rules)
    assert "Movement: 2 days after" not in text  # 48h is described in hours
    assert "Movement: 48 hours after the previous phase is processed, then the next 20:00" in text
    assert "only on Monday, Tuesday, Wednesday, Thursday, Friday" in text
    assert "Reminders 24 hours and 1 hour before." in text


# ------------------------------------------------------------------ round trips, properties

spans = st.builds(Span, st.integers(0, 9), st.integers(0, 72 * 60).map(lambda m: m * 60))
phase_timings = st.builds(
    PhaseTiming,
    after=spans,
    at=st.one_of(st.none(), st.builds(time, st.integers(0, 23), st.integers(0, 59))),
    days=st.frozensets(st.integers(0, 6), min_size=1),
    grace=spans,
    remind=st.lists(spans, max_size=3).map(tuple),
)
zones = st.sampled_from(
    [
        "UTC",
        "Europe/Berlin",
        "America/New_York",
        "Australia/Sydney",
        "Asia/Kolkata",
        "Pacific/Chatham",
    ]
)
all_rules = st.builds(
    TimingRules,
    zone=zones,
    movement=phase_timings,
    retreats=phase_timings,
    adjustments=phase_timings,
    delay=spans,
)


@given(all_rules)
def test_text_round_trip(rules: TimingRules) -> None:
    assert rules_from_text(rules_to_text(rules)) == rules


@given(all_rules)
def test_dict_round_trip(rules: TimingRules) -> None:
    assert rules_from_dict(rules.to_dict()) == rules


@settings(max_examples=300)
@given(
    phase_timings,
    zones,
    st.datetimes(
        min_value=datetime(2020, 1, 1), max_value=datetime(2035, 12, 31), timezones=st.just(UTC)
    ),
)
def test_deadline_properties(timing: PhaseTiming, zone: str, processed: datetime) -> None:
    rules = TimingRules(zone=zone, movement=timing)
    deadline = next_deadline(rules, "movement", processed)
    local = deadline.astimezone(ZoneInfo(zone))
    assert deadline.tzinfo is UTC
    assert deadline >= timing.after.add_to(processed, ZoneInfo(zone))
    assert local.weekday() in timing.days
    if timing.at is not None:
        # the wall clock shows the snap time, unless it fell into a spring-forward gap
        naive = datetime.combine(local.date(), timing.at)
        exists = (
            naive.replace(tzinfo=ZoneInfo(zone))
            .astimezone(UTC)
            .astimezone(ZoneInfo(zone))
            .replace(tzinfo=None)
            == naive
        )
        if exists:
            assert local.time().replace(second=0, microsecond=0) == timing.at
    # with every day allowed, the snap never waits a whole day (allowing for DST changes)
    if timing.at is not None and timing.days == ALL_DAYS:
        earliest = timing.after.add_to(processed, ZoneInfo(zone))
        assert deadline - earliest < timedelta(days=1, hours=1)


# --------------------------------------------------------------------------- dates the GM types

NOW = utc(2026, 11, 21, 12, 0)  # a Saturday


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-11-23 20:00", utc(2026, 11, 23, 19, 0)),
        ("2026-11-23T20:00", utc(2026, 11, 23, 19, 0)),
        ("Mon Nov 23 2026 20:00:00", utc(2026, 11, 23, 19, 0)),
        ("20:00 23 November 2026", utc(2026, 11, 23, 19, 0)),
        ("Nov 23 20:00", utc(2026, 11, 23, 19, 0)),
        ("Jan 5 08:30", utc(2027, 1, 5, 7, 30)),  # no year: the next 5 January
        ("2027-07-01 20:00", utc(2027, 7, 1, 18, 0)),  # summer time
        ("+36h", utc(2026, 11, 23, 0, 0)),
        ("+2d", utc(2026, 11, 23, 12, 0)),
    ],
)
def test_parse_datetime(text: str, expected: datetime) -> None:
    assert parse_datetime(text, "Europe/Paris", NOW) == expected


@pytest.mark.parametrize(
    "text",
    ["tomorrow", "2026-11-23", "Nov 23 2026 25:00", "Feb 30 2027 10:00", "Nov 2026 20:00", "+soon"],
)
def test_parse_datetime_rejects(text: str) -> None:
    with pytest.raises(TimingError):
        parse_datetime(text, "Europe/Paris", NOW)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-12-24 to 2026-12-31", (date(2026, 12, 24), date(2026, 12, 31))),
        ("Dec 24 - Jan 2", (date(2026, 12, 24), date(2027, 1, 2))),
        ("24 Dec until 26 Dec", (date(2026, 12, 24), date(2026, 12, 26))),
        ("2027-01-01", (date(2027, 1, 1), date(2027, 1, 1))),
    ],
)
def test_parse_date_range(text: str, expected: tuple[date, date]) -> None:
    assert parse_date_range(text, "Europe/Paris", NOW) == expected


def test_parse_date_range_year_wrap_and_errors() -> None:
    late_december = utc(2026, 12, 20, 12, 0)
    assert parse_date_range("Dec 30 to Jan 3", "UTC", late_december) == (
        date(2026, 12, 30),
        date(2027, 1, 3),
    )
    # early January: the next 28 December is next winter, so its end is the year after
    assert parse_date_range("Dec 28 to Jan 5", "UTC", utc(2027, 1, 2, 12, 0)) == (
        date(2027, 12, 28),
        date(2028, 1, 5),
    )
    with pytest.raises(TimingError):
        parse_date_range("2026-12-31 to 2026-12-01", "UTC", NOW)
    # Dates given the wrong way round in one month (SET ABSENCE Dec 20 TO Dec 10) were
    # read as Dec 20 to the next year's Dec 10 and refused as too long, which the
    # player had not asked for.
    with pytest.raises(TimingError, match="the range ends before it starts"):
        parse_date_range("Dec 20 to Dec 10", "UTC", NOW)
    with pytest.raises(TimingError):
        parse_date_range("Dec 24 to Dec 25 to Dec 26", "UTC", NOW)
    with pytest.raises(TimingError):
        parse_date_range("Dec 24 at noon", "UTC", NOW)


@settings(max_examples=200)
@given(
    all_rules,
    st.sampled_from(["S1901M", "F1901R", "W1901A"]),
    st.datetimes(
        min_value=datetime(2020, 1, 1), max_value=datetime(2035, 12, 31), timezones=st.just(UTC)
    ),
)
def test_grace_reminders_and_late_notices_are_ordered(
    rules: TimingRules, phase: str, processed: datetime
) -> None:
    deadline = next_deadline(rules, phase, processed)
    end = grace_end(rules, phase, deadline)
    assert end >= deadline
    reminders = reminder_times(rules, phase, deadline, not_before=processed)
    assert reminders == sorted(reminders)
    assert all(processed < r <= deadline for r in reminders)
    notices = late_notice_times(rules, phase, deadline)
    assert notices[0] == deadline
    assert all(a < b for a, b in zip(notices, notices[1:], strict=False))
    assert all(n < end for n in notices[1:])


def test_game_clock_sets_deadline_from_stored_rules_and_absences() -> None:
    from sqlmodel import Session, SQLModel, create_engine, select

    from judge.clock.timing import parse_timing
    from judge.game.clock import (
        game_timing,
        grace_deadline,
        set_game_timing,
        set_next_deadline,
    )
    from judge.game.games import Seat, create_game
    from judge.store.models import Player

    engine = create_engine("sqlite://")
    SQLModel.metadata.create_all(engine)
    with Session(engine) as session:
        game = create_game(session, "clock", [Seat("france", "f@example.org", "pw")])
        set_game_timing(game, parse_timing("SET DEADLINE MOVE 48h AT 20:00 GRACE 24h"))
        assert game_timing(game).movement.at is not None
        start = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday
        player = session.exec(select(Player)).one()
        player.absent_from, player.absent_until = date(2026, 3, 4), date(2026, 3, 5)
        game.waiting_for_master = True
        deadline = set_next_deadline(session, game, start)
        # 48h after Monday 09:00 is Wednesday 09:00 -> 20:00; Wed and Thu are blocked.
        assert deadline == datetime(2026, 3, 6, 20, 0, tzinfo=UTC)
        assert game.deadline == deadline and not game.waiting_for_master
        assert grace_deadline(game) == datetime(2026, 3, 7, 20, 0, tzinfo=UTC)
    engine.dispose()


def test_deadlines_fall_on_whole_minutes() -> None:
    from datetime import UTC, datetime

    from judge.clock.timing import TimingRules, format_classic, next_deadline, parse_datetime

    processed = datetime(2026, 11, 24, 13, 47, 12, 345000, tzinfo=UTC)
    deadline = next_deadline(TimingRules(), "S1901M", processed)
    assert (deadline.second, deadline.microsecond) == (0, 0)
    assert deadline == datetime(2026, 11, 26, 13, 48, tzinfo=UTC)
    assert format_classic(deadline, "UTC").endswith("13:48:00 +0000")
    moved = parse_datetime("+36h", "UTC", processed)
    assert moved == datetime(2026, 11, 26, 1, 48, tzinfo=UTC)
    exact = datetime(2026, 11, 24, 13, 47, tzinfo=UTC)
    assert next_deadline(TimingRules(), "S1901M", exact) == datetime(
        2026, 11, 26, 13, 47, tzinfo=UTC
    )
