"""Spans of past real time as players write them (njudge's ``HISTORY <game> FROM
Jan 1, 2026 TO Feb 1 14:00``): dates in the game's time zone, a time of day optional,
a date without a year the last such day up to now (an end, the first from the start:
``FROM Nov 1 TO Dec 31``), a weekday alone the last such day up to now (njudge's
``FROM Mon``)."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from judge.clock.timing import OutOfRange, TimingError, month_of, parse_date_range, weekday_of

_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})$")
_YEAR_WORD = re.compile(r"\d{4}")
_YEAR = timedelta(days=365)
_EVER = datetime(1970, 1, 1, tzinfo=UTC)  # the start of ``TO <date>`` alone


def _moment(text: str, zone: str, since: datetime, now: datetime, *, end: bool) -> datetime:
    """One end of a span in UTC: the day's start (or, for ``end``, its last moment)
    unless a time of day is given; a date without a year is the first such day from
    ``since``, a weekday alone the last such day up to ``now``."""
    words = text.replace(",", " ").split()
    clocks = [found for w in words if (found := _CLOCK.match(w))]
    day_words = [w for w in words if not _CLOCK.match(w)]
    weekday = weekday_of(day_words[0]) if len(day_words) == 1 else None
    whole = _month_or_year(day_words, now.astimezone(ZoneInfo(zone)).date(), end=end)
    if weekday is not None:
        today = now.astimezone(ZoneInfo(zone)).date()
        day: date = today - timedelta(days=(today.weekday() - weekday) % 7)
    elif whole is not None:
        day = whole
    elif not any(ch.isdigit() for ch in text):
        raise TimingError(f"{text.strip()!r} is not a date")
    elif any(_YEAR_WORD.fullmatch(w) for w in day_words):
        day = _dated(" ".join(day_words), zone, now, end=end)
    else:
        day = parse_date_range(" ".join(day_words), zone, since)[0]
    if clocks:
        hour, minute = int(clocks[0].group(1)), int(clocks[0].group(2))
        if hour > 23 or minute > 59:
            raise TimingError(f"'{clocks[0].group(0)}' is not a time of day")
        clock = time(hour, minute, 59 if end else 0)
    else:
        clock = time.max if end else time.min
    return datetime.combine(day, clock, ZoneInfo(zone)).astimezone(UTC)


def _month_or_year(words: list[str], today: date, *, end: bool) -> date | None:
    """njudge's dates without a day (ml_date.c): a year alone (``2026``), a month with
    its year (``Nov 2026``) or alone (the last one up to ``today``), as their first
    day, or for an ``end`` their last; None for other words."""
    years = [int(w) for w in words if _YEAR_WORD.fullmatch(w)]
    months = [m for w in words if (m := month_of(w)) is not None]
    if len(years) + len(months) != len(words) or len(years) > 1 or len(months) > 1:
        return None
    if not months:
        return date(years[0], 12, 31) if end else date(years[0], 1, 1)
    year = years[0] if years else today.year - (months[0] > today.month)
    first = date(year, months[0], 1)
    following = date(year + (months[0] == 12), months[0] % 12 + 1, 1)
    return following - timedelta(days=1) if end else first


def _dated(text: str, zone: str, now: datetime, *, end: bool) -> date:
    """A date written with its year, whatever its distance from the other end of the
    span (njudge's FROM Jan 1, 1990 TO Dec 31, 2002); an end beyond the dates the
    judge reads ahead is today, as nothing was sent after now."""
    try:
        return parse_date_range(text, zone, now)[0]
    except OutOfRange:
        if not end:
            raise
        return now.astimezone(ZoneInfo(zone)).date()


def date_span(
    text: str, zone: str, now: datetime
) -> tuple[tuple[datetime, datetime] | None, str | None]:
    """``<date> [TO <date>]`` as (start, end) in UTC, the end ``now`` when not
    given, or ``TO <date>`` from the beginning; or None and why it cannot be read."""
    parts = re.split(r"(?:^|\s+)to\s+", text.strip(), maxsplit=1, flags=re.IGNORECASE)
    if not parts[0] and len(parts) == 1:
        return None, "give a date after FROM (e.g. FROM Jan 1, 2026 or FROM 2026-01-01 12:00)"
    try:
        # Read from a year back, a start without a year falls in the past year.
        start = _moment(parts[0], zone, now - _YEAR, now, end=False) if parts[0] else _EVER
        since = start if parts[0] else now - _YEAR
        stop = _moment(parts[1], zone, since, now, end=True) if len(parts) > 1 else now
    except TimingError as exc:
        return None, str(exc)
    if stop < start:
        return None, "the span ends before it starts"
    return (start, stop), None
