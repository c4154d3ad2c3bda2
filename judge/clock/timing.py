"""Deadline arithmetic for games: pure functions, no scheduler and no database.

A game has :class:`TimingRules`: one :class:`PhaseTiming` per phase type
(movement, retreats, adjustments) and an IANA time zone in which wall-clock
rules (``AT 20:00``, ``DAYS mon-fri``, whole days) are read.  All functions take
and return timezone-aware datetimes; results are in UTC.

Spans: a span written in days (``2d``) counts calendar days on the game's wall
clock, so ``2d`` after Saturday 20:00 is Monday 20:00 even across a change to or
from summer time; a span written in hours or minutes (``48h``, ``90m``) counts
elapsed time.  ``1d12h`` is one calendar day and then twelve elapsed hours.

Bounds (docs/game-masters.md): a length of time typed by a game master or a player is
at most ``MAX_SPAN_DAYS`` (365) days (:meth:`Span.parse`), a date at most
``MAX_AHEAD_DAYS`` (365) days ahead (:func:`parse_datetime`, :func:`parse_date_range`);
past them the text is refused with the bound.  Rules stored before the bounds existed
are cut to them when read (:meth:`Span.stored`, :func:`rules_from_dict`), an absence
holds back deadlines for at most a year, and a moment stored past ``LATEST`` is left
where it is by the arithmetic: no computation of a deadline can overflow.

The GM's syntax (one line; see :func:`parse_timing` and docs/reports.md)::

    SET DEADLINE MOVE 48h AT 20:00 DAYS mon-fri GRACE 24h REMIND 24h,1h
    SET TIMING RETREAT ADJUST 24h AT ANY DAYS all GRACE 12h
    SET TIMING ZONE Europe/Paris DELAY 30m
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from judge.engine.phase import Phase

PHASE_TYPES = ("movement", "retreats", "adjustments")

_DAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_DAY_LONG = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTH_NAMES = (
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
)
ALL_DAYS: frozenset[int] = frozenset(range(7))


class TimingError(ValueError):
    """A timing rule or time zone that cannot be used; the message is player-facing."""


class OutOfRange(TimingError):
    """A length of time or a date read well, but past its bound (the message says it)."""


# --------------------------------------------------------------------------- spans


_SPAN_RE = re.compile(r"^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?$", re.IGNORECASE)

# the longest length of time anyone may type (a phase, a grace period, a reminder, the
# early-processing delay, an offset such as +36h), and how far ahead a date may lie
MAX_SPAN_DAYS = 365
MAX_AHEAD_DAYS = 365
_MAX_SPAN_SECONDS = MAX_SPAN_DAYS * 86400
_MAX_DIGITS = 9  # longer numbers are past every bound (and int() refuses huge ones)
# moments at or past this one (a deadline stored before dates were bounded) are left
# where they are by every span added to them: they mean "never", and cannot overflow
LATEST = datetime(9000, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, order=True)
class Span:
    """A length of time: whole calendar ``days`` plus elapsed ``seconds``."""

    days: int = 0
    seconds: int = 0

    def __post_init__(self) -> None:
        if self.days < 0 or self.seconds < 0:
            raise TimingError("a span of time cannot be negative")

    @classmethod
    def parse(cls, text: str) -> Span:
        """Read ``48h``, ``2d``, ``1d12h``, ``90m`` or ``0`` of at most ``MAX_SPAN_DAYS``
        days; raise TimingError otherwise (past the bound, saying so)."""
        span = cls._read(text)
        if span is None or span.total_seconds() > _MAX_SPAN_SECONDS:
            raise OutOfRange(
                f"'{text.strip()}' is too long: a length of time is at most "
                f"{MAX_SPAN_DAYS} days ({MAX_SPAN_DAYS}d or {MAX_SPAN_DAYS * 24}h)"
            )
        return span

    @classmethod
    def stored(cls, text: str) -> Span:
        """A span as a game's stored rules hold it, cut to ``MAX_SPAN_DAYS`` days (rules
        stored before the bound may be longer)."""
        span = cls._read(text)
        if span is None or span.total_seconds() > _MAX_SPAN_SECONDS:
            return cls(days=MAX_SPAN_DAYS)
        return span

    @classmethod
    def _read(cls, text: str) -> Span | None:
        """The span ``text`` writes, whatever its length; None when a number in it has
        more than ``_MAX_DIGITS`` digits; TimingError when it is not a span."""
        token = text.strip()
        if token == "0":
            return cls()
        match = _SPAN_RE.match(token)
        if not token or match is None or not any(match.groups()):
            raise TimingError(f"'{text}' is not a length of time (write e.g. 48h, 2d, 1d12h, 30m)")
        if any(g and len(g) > _MAX_DIGITS for g in match.groups()):
            return None
        days, hours, minutes = (int(g) if g else 0 for g in match.groups())
        return cls(days=days, seconds=hours * 3600 + minutes * 60)

    def total_seconds(self) -> int:
        """The length counting each day as 24 hours (as the bound does)."""
        return self.days * 86400 + self.seconds

    @classmethod
    def hours(cls, n: float) -> Span:
        """A span of ``n`` elapsed hours."""
        return cls(seconds=round(n * 3600))

    def is_zero(self) -> bool:
        """Whether the span is empty."""
        return self.days == 0 and self.seconds == 0

    def __str__(self) -> str:
        hours, rest = divmod(self.seconds, 3600)
        minutes = rest // 60
        parts = []
        if self.days:
            parts.append(f"{self.days}d")
        if hours:
            parts.append(f"{hours}h")
        if minutes:
            parts.append(f"{minutes}m")
        return "".join(parts) or "0"

    def describe(self) -> str:
        """In words, e.g. ``1 day 12 hours``."""
        hours, rest = divmod(self.seconds, 3600)
        words = [_plural(self.days, "day"), _plural(hours, "hour"), _plural(rest // 60, "minute")]
        return " ".join(w for w in words if w) or "no time"

    def add_to(self, moment: datetime, zone: ZoneInfo) -> datetime:
        """``moment`` plus this span: days on the wall clock of ``zone``, then elapsed
        seconds; a moment at or past ``LATEST`` is returned as it is."""
        _require_aware(moment)
        if moment >= LATEST:
            return moment.astimezone(UTC)
        result = moment
        if self.days:
            result = _wall_shift(moment, zone, self.days)
        return (result + timedelta(seconds=self.seconds)).astimezone(UTC)

    def subtract_from(self, moment: datetime, zone: ZoneInfo) -> datetime:
        """``moment`` minus this span (elapsed seconds first, then wall-clock days)."""
        _require_aware(moment)
        result = moment - timedelta(seconds=self.seconds)
        if self.days:
            result = _wall_shift(result, zone, -self.days)
        return result.astimezone(UTC)


def _plural(n: int, word: str) -> str:
    if n == 0:
        return ""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _require_aware(moment: datetime) -> None:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("timing functions need timezone-aware datetimes")


def _localize(day: date, clock: time, zone: ZoneInfo) -> datetime:
    """The UTC instant of wall-clock ``day`` ``clock`` in ``zone``.

    A clock time skipped by a spring-forward change moves forward by the size of
    the gap (02:30 becomes 03:30); a repeated one means its first occurrence.
    """
    naive = datetime.combine(day, clock.replace(tzinfo=None))
    return naive.replace(tzinfo=zone, fold=0).astimezone(UTC)


def _wall_shift(moment: datetime, zone: ZoneInfo, days: int) -> datetime:
    local = moment.astimezone(zone)
    return _localize(local.date() + timedelta(days=days), local.timetz(), zone)


# --------------------------------------------------------------------------- rules


@dataclass(frozen=True)
class PhaseTiming:
    """How the deadline of one phase type is set.

    ``after``: time after the last processing; ``at``: snap forward to this wall
    clock time (None = no snapping); ``days``: weekdays allowed for the
    deadline (0 = Monday); ``grace``: extra time after the deadline before
    missing orders default; ``remind``: reminders this long before the deadline.
    """

    after: Span = field(default_factory=lambda: Span.hours(48))
    at: time | None = None
    days: frozenset[int] = ALL_DAYS
    grace: Span = field(default_factory=lambda: Span.hours(24))
    remind: tuple[Span, ...] = ()

    def __post_init__(self) -> None:
        if not self.days:
            raise TimingError("at least one weekday must be allowed for deadlines")
        if any(d not in ALL_DAYS for d in self.days):
            raise TimingError("weekdays are numbered 0 (Monday) to 6 (Sunday)")
        # keep reminders sorted (longest first) and unique so equal rules compare equal
        object.__setattr__(self, "remind", tuple(sorted(set(self.remind), reverse=True)))
        object.__setattr__(self, "days", frozenset(self.days))


def _default_movement() -> PhaseTiming:
    return PhaseTiming(after=Span.hours(48), grace=Span.hours(24), remind=(Span.hours(12),))


def _default_short() -> PhaseTiming:
    return PhaseTiming(after=Span.hours(24), grace=Span.hours(12), remind=(Span.hours(6),))


@dataclass(frozen=True)
class TimingRules:
    """A game's timing: the time zone, one PhaseTiming per phase type, the early delay.

    ``delay`` is how long the judge waits after the last owed orders arrive
    before processing a phase early (so players can still change their minds).
    """

    zone: str = "UTC"
    movement: PhaseTiming = field(default_factory=_default_movement)
    retreats: PhaseTiming = field(default_factory=_default_short)
    adjustments: PhaseTiming = field(default_factory=_default_short)
    delay: Span = field(default_factory=lambda: Span(seconds=1800))

    def __post_init__(self) -> None:
        zone_info(self.zone)

    @property
    def tz(self) -> ZoneInfo:
        """The game's time zone."""
        return zone_info(self.zone)

    def for_phase(self, phase: str) -> PhaseTiming:
        """The timing of a phase type, given as a name or a phase code like ``S1901M``."""
        return getattr(self, phase_type_of(phase))

    def with_phase(self, phase: str, timing: PhaseTiming) -> TimingRules:
        """A copy with the timing of one phase type replaced."""
        return replace(self, **{phase_type_of(phase): timing})

    def to_dict(self) -> dict:
        """A JSON-ready dict (see :func:`rules_from_dict`)."""
        out: dict = {"zone": self.zone, "delay": str(self.delay)}
        for name in PHASE_TYPES:
            t: PhaseTiming = getattr(self, name)
            out[name] = {
                "after": str(t.after),
                "at": t.at.strftime("%H:%M") if t.at else None,
                "days": sorted(t.days),
                "grace": str(t.grace),
                "remind": [str(s) for s in t.remind],
            }
        return out


def rules_from_dict(data: dict) -> TimingRules:
    """The inverse of :meth:`TimingRules.to_dict`; missing keys take the defaults, and
    spans past the bound are cut to it (:meth:`Span.stored`)."""
    base = TimingRules()
    phases = {}
    for name in PHASE_TYPES:
        d = data.get(name)
        if d is None:
            continue
        t: PhaseTiming = getattr(base, name)
        phases[name] = PhaseTiming(
            after=Span.stored(d["after"]) if "after" in d else t.after,
            at=_parse_clock(d["at"]) if d.get("at") else None if "at" in d else t.at,
            days=frozenset(d["days"]) if "days" in d else t.days,
            grace=Span.stored(d["grace"]) if "grace" in d else t.grace,
            remind=tuple(Span.stored(s) for s in d["remind"]) if "remind" in d else t.remind,
        )
    return replace(
        base,
        zone=data.get("zone", base.zone),
        delay=Span.stored(data["delay"]) if "delay" in data else base.delay,
        **phases,
    )


def zone_info(name: str) -> ZoneInfo:
    """The ZoneInfo for an IANA name; TimingError if there is no such zone."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:  # OSError: ``Europe``, a directory
        raise TimingError(f"'{name}' is not a known time zone (write e.g. Europe/Paris)") from exc


def phase_type_of(phase: str) -> str:
    """``movement``, ``retreats`` or ``adjustments`` from a type name or a phase code.

    Phase codes (:class:`judge.engine.phase.Phase`) end in M (movement), R (retreats),
    or A / B (adjustments).
    """
    p = phase.strip().lower()
    if p in PHASE_TYPES:
        return p
    aliases = {
        "m": "movement",
        "move": "movement",
        "moves": "movement",
        "r": "retreats",
        "retreat": "retreats",
        "a": "adjustments",
        "b": "adjustments",
        "adjust": "adjustments",
        "adjustment": "adjustments",
        "build": "adjustments",
        "builds": "adjustments",
    }
    if p in aliases:
        return aliases[p]
    code = Phase.read(p, classic=True, mixed=True)
    if code is not None:
        return code.kind_word
    raise ValueError(f"unknown phase or phase type: {phase!r}")


# --------------------------------------------------------------------------- deadlines


def whole_minute(moment: datetime) -> datetime:
    """``moment`` moved up to the next whole minute (unchanged when already whole), so
    a deadline never prints with seconds."""
    if moment.second == 0 and moment.microsecond == 0:
        return moment
    return moment.replace(second=0, microsecond=0) + timedelta(minutes=1)


def next_deadline(
    rules: TimingRules,
    phase: str,
    processed_at: datetime,
    *,
    absences: Iterable[tuple[date, date]] = (),
) -> datetime:
    """The deadline (UTC) of a phase whose previous phase was processed at ``processed_at``.

    The earliest moment is ``processed_at`` plus the phase's ``after`` span.  With
    ``at`` set the deadline is the first such wall-clock time at or after it;
    then it moves day by day (same wall-clock time) until it falls on an allowed
    weekday and outside every absence (inclusive local date ranges; a year at most).
    """
    _require_aware(processed_at)
    if processed_at >= LATEST:  # a moment stored before the bounds: never
        return processed_at.astimezone(UTC).replace(second=0, microsecond=0)
    zone = rules.tz
    timing = rules.for_phase(phase)
    earliest = whole_minute(timing.after.add_to(processed_at, zone))
    local = earliest.astimezone(zone)
    day = local.date()
    if timing.at is not None:
        clock = timing.at
        if _localize(day, clock, zone) < earliest:
            day += timedelta(days=1)
    else:
        clock = local.time()
    # an absence holds the deadline back a year at most (one stored before the bounds
    # may last longer)
    last = day + timedelta(days=MAX_AHEAD_DAYS)
    blocked = [(a, min(b, last)) for a, b in absences]
    for _ in range(3700):  # ten years of days: any allowed day is found long before
        if day.weekday() in timing.days and not any(a <= day <= b for a, b in blocked):
            if timing.at is None and day == local.date():
                return earliest
            return _localize(day, clock, zone)
        day += timedelta(days=1)
    raise TimingError("no allowed day for a deadline within ten years")


def grace_end(rules: TimingRules, phase: str, deadline: datetime) -> datetime:
    """When the grace period after ``deadline`` ends (UTC); equal to it without grace."""
    return rules.for_phase(phase).grace.add_to(deadline, rules.tz)


def reminder_times(
    rules: TimingRules,
    phase: str,
    deadline: datetime,
    *,
    not_before: datetime | None = None,
) -> list[datetime]:
    """The reminder times (UTC, earliest first) for ``deadline``.

    Reminders at or before ``not_before`` (usually the processing time that set
    the deadline) are dropped: they would arrive together with the report.
    """
    zone = rules.tz
    times = sorted({span.subtract_from(deadline, zone) for span in rules.for_phase(phase).remind})
    if not_before is not None:
        times = [t for t in times if t > not_before]
    return times


def late_notice_times(
    rules: TimingRules,
    phase: str,
    deadline: datetime,
    *,
    every: Span = Span(days=1),
) -> list[datetime]:
    """Late notices: at the deadline, then every ``every`` until the grace period ends."""
    if every.is_zero():
        raise TimingError("late notices need a positive interval")
    end = grace_end(rules, phase, deadline)
    times = [deadline.astimezone(UTC)]
    while True:
        following = every.add_to(times[-1], rules.tz)
        if following >= end:
            return times
        times.append(following)


def early_processing_time(rules: TimingRules, last_orders_at: datetime) -> datetime:
    """When a phase whose owed orders are all in (last at ``last_orders_at``) may process."""
    return rules.delay.add_to(last_orders_at, rules.tz)


# --------------------------------------------------------------------------- formatting


_UTC_KEYS = frozenset({"UTC", "Etc/UTC", "Etc/UCT", "UCT", "Zulu", "Etc/Zulu", "Universal"})


def _zone_label(local: datetime) -> str:
    name = local.tzname() or ""
    if name and name[0] in "+-":
        return "UTC" + name
    return name


def format_for(moment: datetime, tz: str | ZoneInfo | None) -> str:
    """A time for a reader in ``tz``, with UTC: ``Sat 21 Nov 2026 20:00 CET (19:00 UTC)``.

    The UTC part repeats the date when it differs from the local date; readers
    in UTC (or with no zone) get the UTC form only.
    """
    _require_aware(moment)
    utc = moment.astimezone(UTC)
    zone = zone_info(tz) if isinstance(tz, str) else tz
    utc_text = f"{_date_text(utc)} {utc:%H:%M} UTC"
    if zone is None or zone.key in _UTC_KEYS:
        return utc_text
    local = moment.astimezone(zone)
    text = f"{_date_text(local)} {local:%H:%M} {_zone_label(local)}"
    if local.date() == utc.date():
        return f"{text} ({utc:%H:%M} UTC)"
    short = f"{_DAY_NAMES[utc.weekday()]} {utc.day} {_MONTH_NAMES[utc.month - 1]}"
    return f"{text} ({short} {utc:%H:%M} UTC)"


def _date_text(moment: datetime) -> str:
    return (
        f"{_DAY_NAMES[moment.weekday()]} {moment.day} "
        f"{_MONTH_NAMES[moment.month - 1]} {moment.year}"
    )


def format_classic(moment: datetime, tz: str | ZoneInfo) -> str:
    """The classic judges' date form: ``Mon Oct 28 2002 23:30:00 +0100``."""
    _require_aware(moment)
    zone = zone_info(tz) if isinstance(tz, str) else tz
    local = moment.astimezone(zone)
    return (
        f"{_DAY_NAMES[local.weekday()]} {_MONTH_NAMES[local.month - 1]} {local.day:02d} "
        f"{local.year} {local:%H:%M:%S} {local:%z}"
    )


def describe_duration(length: timedelta) -> str:
    """A rounded-down length in words: ``1 day 3 hours``, ``5 hours 20 minutes``, ``7 minutes``.

    At most two units are given, the largest first; under a minute is
    ``less than a minute``.
    """
    total_minutes = int(length.total_seconds() // 60)
    if total_minutes <= 0:
        return "less than a minute"
    days, rest = divmod(total_minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    if days:
        return " ".join(w for w in (_plural(days, "day"), _plural(hours, "hour")) if w)
    if hours:
        return " ".join(w for w in (_plural(hours, "hour"), _plural(minutes, "minute")) if w)
    return _plural(minutes, "minute")


def time_left(now: datetime, deadline: datetime) -> str:
    """How long until ``deadline``, in words; ``none`` once it has passed."""
    _require_aware(now)
    _require_aware(deadline)
    if deadline <= now:
        return "none"
    return describe_duration(deadline - now)


# --------------------------------------------------------------------------- the SET syntax

_PHASE_WORDS = {
    "move": ("movement",),
    "moves": ("movement",),
    "movement": ("movement",),
    "retreat": ("retreats",),
    "retreats": ("retreats",),
    "adjust": ("adjustments",),
    "adjustment": ("adjustments",),
    "adjustments": ("adjustments",),
    "build": ("adjustments",),
    "builds": ("adjustments",),
    "all": PHASE_TYPES,
}
_KEYWORDS = {"after", "next", "at", "days", "grace", "remind", "reminders", "warn"}
_KEYWORDS |= {"zone", "timezone", "tz", "delay"}
_DAY_WORDS = {
    "mon": 0,
    "monday": 0,
    "tue": 1,
    "tues": 1,
    "tuesday": 1,
    "wed": 2,
    "wednesday": 2,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "thursday": 3,
    "fri": 4,
    "friday": 4,
    "sat": 5,
    "saturday": 5,
    "sun": 6,
    "sunday": 6,
}


def weekday_of(word: str) -> int | None:
    """The weekday a word names (``Mon``, ``tuesday``; Monday is 0), or None."""
    return _DAY_WORDS.get(word.lower().rstrip(".,"))


def _parse_clock(text: str) -> time:
    match = re.fullmatch(r"(\d{1,2})[:.h]?(\d{2})", text.strip().lower())
    if match is None:
        raise TimingError(f"'{text}' is not a time of day (write e.g. 20:00)")
    hour, minute = int(match.group(1)), int(match.group(2))
    if hour > 23 or minute > 59:
        raise TimingError(f"'{text}' is not a time of day (write e.g. 20:00)")
    return time(hour, minute)


def _parse_days(words: list[str]) -> frozenset[int]:
    days: set[int] = set()
    for word in words:
        if word in ("all", "any", "every", "everyday"):
            days |= ALL_DAYS
        elif word in ("weekdays", "workdays"):
            days |= set(range(5))
        elif word in ("weekend", "weekends"):
            days |= {5, 6}
        elif "-" in word:
            start, _, end = word.partition("-")
            if start not in _DAY_WORDS or end not in _DAY_WORDS:
                raise TimingError(f"'{word}' is not a range of weekdays (write e.g. mon-fri)")
            d = _DAY_WORDS[start]
            while True:
                days.add(d)
                if d == _DAY_WORDS[end]:
                    break
                d = (d + 1) % 7
        elif word in _DAY_WORDS:
            days.add(_DAY_WORDS[word])
        else:
            raise TimingError(f"'{word}' is not a weekday (write e.g. mon-fri or sat,sun)")
    return frozenset(days)


def _is_span(token: str) -> bool:
    return token == "0" or bool(token and _SPAN_RE.match(token))


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,;]+", text.strip()) if t]


def parse_timing(text: str, base: TimingRules | None = None) -> TimingRules:
    """Apply one timing command to ``base`` (default rules if None) and return the result.

    Grammar (words in any case; ``,`` or spaces separate list items)::

        [SET] [DEADLINE | TIMING] [MOVE] [RETREAT] [ADJUST | BUILD] [ALL] clause ...
        clause := <span> | AFTER <span>           time after the last processing
                | AT hh:mm | AT ANY                snap to a time of day, or not
                | DAYS <days>                      mon-fri, sat,sun, weekdays, all ...
                | GRACE <span>
                | REMIND <span> [<span> ...] | REMIND NONE
                | ZONE <IANA name>                 the game's time zone
                | DELAY <span>                     wait before early processing

    Without phase words a clause applies to every phase type.  Raises TimingError
    with a player-facing message on anything it does not understand.
    """
    rules = base or TimingRules()
    tokens = _tokens(text)
    lowered = [t.lower() for t in tokens]
    i = 0
    if i < len(lowered) and lowered[i] == "set":
        i += 1
    if i < len(lowered) and lowered[i] in ("deadline", "deadlines", "timing"):
        i += 1
    phases: list[str] = []
    while i < len(lowered) and lowered[i] in _PHASE_WORDS:
        phases.extend(p for p in _PHASE_WORDS[lowered[i]] if p not in phases)
        i += 1
    targets = phases or list(PHASE_TYPES)
    if i >= len(tokens):
        raise TimingError("nothing to set: give e.g. 48h, AT 20:00, DAYS mon-fri or GRACE 24h")

    changes: dict[str, object] = {}
    zone = rules.zone
    delay = rules.delay

    def take_value(keyword: str) -> str:
        nonlocal i
        i += 1
        if i >= len(tokens):
            raise TimingError(f"{keyword.upper()} needs a value")
        value = tokens[i]
        i += 1
        return value

    while i < len(tokens):
        word = lowered[i]
        if word in ("after", "next"):
            changes["after"] = Span.parse(take_value(word))
        elif word == "at":
            value = take_value(word)
            changes["at"] = None if value.lower() in ("any", "none", "off") else _parse_clock(value)
        elif word == "days":
            i += 1
            start = i
            while i < len(lowered) and lowered[i] not in _KEYWORDS and not _is_span(lowered[i]):
                i += 1
            if start == i:
                raise TimingError("DAYS needs weekdays (write e.g. mon-fri)")
            changes["days"] = _parse_days(lowered[start:i])
        elif word == "grace":
            changes["grace"] = Span.parse(take_value(word))
        elif word in ("remind", "reminders", "warn"):
            i += 1
            if i < len(lowered) and lowered[i] in ("none", "off"):
                changes["remind"] = ()
                i += 1
                continue
            spans = []
            while i < len(lowered) and lowered[i] not in _KEYWORDS and _is_span(lowered[i]):
                spans.append(Span.parse(tokens[i]))
                i += 1
            if not spans:
                raise TimingError("REMIND needs lengths of time (e.g. 24h,1h) or NONE")
            changes["remind"] = tuple(spans)
        elif word in ("zone", "timezone", "tz"):
            zone = take_value(word)
            zone_info(zone)
        elif word == "delay":
            delay = Span.parse(take_value(word))
        elif _is_span(word):
            changes["after"] = Span.parse(tokens[i])
            i += 1
        else:
            raise TimingError(f"'{tokens[i]}' is not understood in a timing rule")

    result = replace(rules, zone=zone, delay=delay)
    if changes:
        for name in targets:
            result = result.with_phase(name, replace(getattr(result, name), **changes))
    return result


def _days_text(days: frozenset[int]) -> str:
    if days == ALL_DAYS:
        return "all"
    ordered = sorted(days)
    if ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 2:
        return f"{_DAY_NAMES[ordered[0]].lower()}-{_DAY_NAMES[ordered[-1]].lower()}"
    return ",".join(_DAY_NAMES[d].lower() for d in ordered)


def rules_to_text(rules: TimingRules) -> str:
    """The rules as timing commands, one per line, that :func:`rules_from_text` reads back."""
    lines = [f"TIMING ZONE {rules.zone} DELAY {rules.delay}"]
    words = {"movement": "MOVE", "retreats": "RETREAT", "adjustments": "ADJUST"}
    for name in PHASE_TYPES:
        t: PhaseTiming = getattr(rules, name)
        at = t.at.strftime("%H:%M") if t.at else "ANY"
        remind = ",".join(str(s) for s in t.remind) or "NONE"
        lines.append(
            f"TIMING {words[name]} {t.after} AT {at} DAYS {_days_text(t.days)} "
            f"GRACE {t.grace} REMIND {remind}"
        )
    return "\n".join(lines)


def rules_from_text(text: str, base: TimingRules | None = None) -> TimingRules:
    """Apply timing commands line by line (blank lines and ``#`` comments skipped)."""
    rules = base or TimingRules()
    for line in text.splitlines():
        if line.strip() and not line.strip().startswith("#"):
            rules = parse_timing(line, rules)
    return rules


def describe_rules(rules: TimingRules) -> str:
    """The rules in plain English, one line per phase type, for announcements."""
    lines = [f"Times are set in the {rules.zone} time zone."]
    for name in PHASE_TYPES:
        t: PhaseTiming = getattr(rules, name)
        parts = [f"{t.after.describe()} after the previous phase is processed"]
        if t.at is not None:
            parts.append(f"then the next {t.at:%H:%M}")
        if t.days != ALL_DAYS:
            parts.append("only on " + ", ".join(_DAY_LONG[d] for d in sorted(t.days)))
        text = f"{name.capitalize()}: " + ", ".join(parts) + "."
        text += f" Grace {t.grace.describe()}." if not t.grace.is_zero() else " No grace."
        if t.remind:
            text += " Reminders " + " and ".join(s.describe() for s in t.remind) + " before."
        lines.append(text)
    if not rules.delay.is_zero():
        lines.append(
            f"When all orders are in, the phase is processed {rules.delay.describe()} later."
        )
    return "\n".join(lines)


# --------------------------------------------------------------------------- dates the GM types

_MONTH_WORDS = {m.lower(): i + 1 for i, m in enumerate(_MONTH_NAMES)}
_MONTH_WORDS.update(
    {
        "january": 1,
        "february": 2,
        "march": 3,
        "april": 4,
        "june": 6,
        "july": 7,
        "august": 8,
        "september": 9,
        "sept": 9,
        "october": 10,
        "november": 11,
        "december": 12,
    }
)


def month_of(word: str) -> int | None:
    """The month a word names (``Nov``, ``november``; January is 1), or None."""
    return _MONTH_WORDS.get(word.lower().rstrip(".,"))


_ISO_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?$")


# 11/22/2026, 22.11.2026, 22-11-26, 11/22: a date in numbers alone.
_NUMERIC_DATE = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})|(\d{1,2})/(\d{1,2})")


def _numeric_date_problem(text: str) -> str:
    """Why a date in numbers alone (``11/22/2026``) is refused, with the date as
    the judge reads dates when its order of day and month is plain."""
    found = _NUMERIC_DATE.fullmatch(text)
    assert found is not None
    first, second, *year = (int(n) for n in filter(None, found.groups()))
    month, day = (second, first) if first > 12 else (first, second)
    example = "Nov 23, 2026 or 2026-11-23"
    if (first > 12) != (second > 12) and 1 <= month <= 12 and 1 <= day <= 31:
        full = year[0] if year and year[0] > 999 else None
        example = f"{_MONTH_NAMES[month - 1]} {day}" + (
            f", {full} or {full}-{month:02d}-{day:02d}" if full else ", with the year"
        )
    return (
        f"'{text}' gives the month as a number, which may come first or second: "
        f"write the month as a word or the date year first ({example})"
    )


def _date_parts(tokens: list[str], now_local: datetime) -> tuple[date, list[str]]:
    """Read a date out of ``tokens``; return it and the tokens it did not use."""
    year = month = day = None
    rest = []
    for token in tokens:
        low = token.lower().rstrip(".,")
        iso = _ISO_DATE.match(low)
        if iso:
            year, month, day = (int(g) for g in iso.groups())
        elif low in _MONTH_WORDS:
            month = _MONTH_WORDS[low]
        elif low in _DAY_WORDS:
            continue  # a weekday name is a courtesy; the date decides
        elif re.fullmatch(r"\d{4}", low):
            year = int(low)
        elif re.fullmatch(r"\d{1,2}(st|nd|rd|th)?", low):
            number = int(re.sub(r"\D", "", low))
            if day is None and 1 <= number <= 31:
                day = number
            elif year is None and low.isdigit() and 80 < number < 100:
                year = 1900 + number  # njudge's two-digit years (ml_date.c): 81 to 99
            else:
                raise TimingError(
                    f"'{token}' is not understood in a date: a day of the month is 1 to 31, "
                    "a year has four digits (Nov 23, 2026)"
                )
        elif _NUMERIC_DATE.fullmatch(low):
            raise TimingError(_numeric_date_problem(low))
        else:
            rest.append(token)
    if month is None or day is None:
        raise TimingError("give a date such as 2026-11-23 or 'Mon Nov 23 2026'")
    explicit_year = year is not None
    year = year if year is not None else now_local.year
    try:
        found = date(year, month, day)
    except ValueError as exc:
        raise TimingError(f"there is no such date: {day} {_MONTH_NAMES[month - 1]} {year}") from exc
    if not explicit_year and found < now_local.date():
        found = date(year + 1, month, day)  # a date without a year is the next one to come
    return found, rest


def parse_datetime(
    text: str, zone: str, now: datetime, default_clock: time | None = None
) -> datetime:
    """A moment the game master types, read in the game's ``zone``; returned in UTC.

    Accepts ``2026-11-23 20:00``, ``2026-11-23T20:00``, the classic judges' form
    ``Mon Nov 23 2026 20:00:00`` (words in any order, weekday optional, year
    optional: the next such date), and offsets from ``now`` such as ``+36h`` or
    ``+2d``, at most ``MAX_AHEAD_DAYS`` days ahead; a date without a time of day is
    at ``default_clock`` when one is given (njudge's ``SET DEADLINE 15 Dec``).  Raises
    TimingError with a message for the game master (OutOfRange past the bound).
    """
    _require_aware(now)
    tz = zone_info(zone)
    tokens = _tokens(re.sub(r"^(\d{4}-\d{1,2}-\d{1,2})T", r"\1 ", text.strip()))
    if len(tokens) == 1 and tokens[0].startswith("+"):
        return whole_minute(Span.parse(tokens[0][1:]).add_to(now, tz))
    day, rest = _date_parts(tokens, now.astimezone(tz))
    _within_reach(day, now.astimezone(tz).date(), text)
    if not rest and default_clock is not None:
        return _localize(day, default_clock, tz)
    clocks = [_CLOCK.match(t) for t in rest]
    if len(rest) != 1 or clocks[0] is None:
        unknown = [t for t, c in zip(rest, clocks, strict=True) if c is None]
        if unknown:
            raise TimingError(f"'{unknown[0]}' is not understood in a date")
        raise TimingError("give a time of day such as 20:00")
    hour, minute, second = (int(g) if g else 0 for g in clocks[0].groups())
    if hour > 23 or minute > 59 or second > 59:
        raise TimingError(f"'{rest[0]}' is not a time of day")
    return _localize(day, time(hour, minute, second), tz)


def parse_date_range(text: str, zone: str, now: datetime) -> tuple[date, date]:
    """An inclusive range of days, e.g. for SET ABSENCE: ``2026-12-24 to 2026-12-31``.

    The two ends are separated by ``to``, ``until`` or `` - ``; one date alone is
    a single day.  Dates take the forms :func:`parse_datetime` knows, without a
    time; a date without a year is the next one to come after ``now``.  The range
    starts at most ``MAX_AHEAD_DAYS`` days after ``now`` and lasts at most
    ``MAX_SPAN_DAYS`` days (OutOfRange beyond).
    """
    _require_aware(now)
    now_local = now.astimezone(zone_info(zone))
    parts = re.split(r"\s+(?:to|until|till|through|-)\s+", text.strip(), flags=re.IGNORECASE)
    if len(parts) > 2:
        raise TimingError("give one date, or two joined by 'to'")
    days = []
    for part in parts:
        day, rest = _date_parts(_tokens(part), now_local)
        if rest:
            raise TimingError(f"'{rest[0]}' is not understood in a date")
        days.append(day)
    start, end = days[0], days[-1]
    if end < start:
        if len(parts) == 2 and not re.search(r"\d{4}", parts[1]) and end.month < start.month:
            # "Dec 28 to Jan 3": the end is in the following year (29 Feb becomes 28 Feb)
            end = date(end.year + 1, end.month, min(end.day, 28) if end.month == 2 else end.day)
        else:
            raise TimingError("the range ends before it starts")
    _within_reach(start, now_local.date(), text)
    if (end - start).days + 1 > MAX_SPAN_DAYS:
        too_long = f"'{text.strip()}' is too long: a range lasts at most {MAX_SPAN_DAYS} days"
        raise OutOfRange(too_long)
    return start, end


def _within_reach(day: date, today: date, text: str) -> None:
    """Refuse (OutOfRange) a date more than ``MAX_AHEAD_DAYS`` days after ``today``."""
    if (day - today).days > MAX_AHEAD_DAYS:
        raise OutOfRange(
            f"'{text.strip()}' is too far ahead: a date is at most {MAX_AHEAD_DAYS} days "
            f"ahead (until {today + timedelta(days=MAX_AHEAD_DAYS)})"
        )
