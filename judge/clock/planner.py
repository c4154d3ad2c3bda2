"""What is due for a game at a moment: a pure function of the game's facts and ``now``.

:func:`plan` decides, from :class:`GameFacts` read out of the database, which
actions are due (reminders, late notices, the start of grace, processing, waiting
for the master) and when to look at the game again.  It does no I/O: the thin
part that reads the facts and carries the actions out is :mod:`judge.game.deadlines`.

What happens when (docs/reports.md, "What happens when"):

* before the deadline, when every power that owes orders has sent them, nobody
  has SET WAIT, and the game's DELAY has passed since the last order arrived, the
  phase is processed early;
* before the deadline, at each reminder time, the players whose powers still owe
  orders get one reminder (a judge that was down sends only the latest one due);
* at the deadline with orders missing, grace starts: late notices go out at the
  deadline and then daily until grace ends;
* after the deadline, as soon as every owed order is in, the phase is processed
  (SET WAIT only holds back processing before the deadline);
* when grace ends with orders still missing, the phase is processed (missing
  orders default) or, with ``at_grace`` "wait", the game waits for its master,
  who is told once.

Every notice is identified by its kind and a label (the moment it was due), so
that the caller can record it (``NoticeSent``) and never send it twice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from judge.clock.timing import (
    Span,
    TimingRules,
    early_processing_time,
    grace_end,
    late_notice_times,
    reminder_times,
)
from judge.store.models import ACTIVE, AT_GRACE_WAIT

# NoticeSent kinds.
REMINDER = "reminder"
LATE = "late"
WAITING = "waiting"

# Why a phase is processed.
EARLY = "early"  # every owed order in before the deadline, delay passed
ON_TIME = "deadline"  # every owed order in, deadline passed
AT_GRACE = "grace"  # grace ended with orders missing


def notice_label(moment: datetime) -> str:
    """The label of a notice due at ``moment``: its UTC time to the minute."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%MZ")


@dataclass(frozen=True)
class GameFacts:
    """What the planner needs to know about one game, read from the database.

    ``missing`` maps each played power that owes orders to its units still
    without orders; ``waiting`` is whether a player still playing has SET WAIT;
    ``last_order_at`` is when the newest order of the current phase arrived;
    ``sent`` the (kind, label) of the notices already sent for ``number``.
    """

    name: str
    status: str
    phase: str
    number: int
    rules: TimingRules
    deadline: datetime | None
    grace_until: datetime | None = None
    at_grace: str = "process"
    waiting_for_master: bool = False
    processed_at: datetime | None = None
    missing: Mapping[str, Sequence[str]] = field(default_factory=dict)
    has_players: bool = True
    waiting: bool = False
    last_order_at: datetime | None = None
    sent: frozenset[tuple[str, str]] = frozenset()


@dataclass(frozen=True)
class StartGrace:
    """The deadline passed with orders missing: store when grace ends."""

    until: datetime


@dataclass(frozen=True)
class SendReminder:
    """Remind the players of ``missing`` (power -> units); mark ``labels`` sent."""

    label: str
    missing: Mapping[str, Sequence[str]]
    labels: tuple[str, ...]


@dataclass(frozen=True)
class SendLateNotice:
    """Late notices naming ``late``, grace ending ``grace_until``; mark ``labels`` sent."""

    label: str
    late: tuple[str, ...]
    grace_until: datetime
    labels: tuple[str, ...]


@dataclass(frozen=True)
class WaitForMaster:
    """Grace ended with orders missing and the game waits for its master (told once)."""

    label: str
    late: tuple[str, ...]


@dataclass(frozen=True)
class Process:
    """Process the phase now; ``reason`` is EARLY, ON_TIME or AT_GRACE."""

    reason: str


Action = StartGrace | SendReminder | SendLateNotice | WaitForMaster | Process


@dataclass(frozen=True)
class Plan:
    """The actions due now, in order, and when to look at the game again (None: never
    until something changes it, such as a mail or the master)."""

    actions: tuple[Action, ...] = ()
    wake_at: datetime | None = None


def _due_notice(
    kind: str, times: Sequence[datetime], sent: frozenset[tuple[str, str]], now: datetime
) -> tuple[str | None, tuple[str, ...], datetime | None]:
    """(label of the latest notice due and unsent, labels of all due and unsent ones,
    the time of the next notice to come)."""
    due = [t for t in times if t <= now and (kind, notice_label(t)) not in sent]
    upcoming = [t for t in times if t > now]
    labels = tuple(notice_label(t) for t in due)
    latest = labels[-1] if labels else None
    return latest, labels, min(upcoming) if upcoming else None


def _earliest(*moments: datetime | None) -> datetime | None:
    present = [m for m in moments if m is not None]
    return min(present) if present else None


def plan(facts: GameFacts, now: datetime) -> Plan:
    """The actions due for the game at ``now`` and the next moment to look again."""
    if facts.status != ACTIVE or facts.deadline is None or facts.waiting_for_master:
        return Plan()
    deadline = facts.deadline
    missing = {p: tuple(units) for p, units in facts.missing.items()}
    if not missing:
        return _plan_complete(facts, deadline, now)
    if now < deadline:
        return _plan_reminders(facts, missing, deadline, now)
    return _plan_late(facts, tuple(sorted(missing)), deadline, now)


def _plan_complete(facts: GameFacts, deadline: datetime, now: datetime) -> Plan:
    """Every owed order is in: process early (delay after the last order) or on time."""
    if now >= deadline:
        return Plan((Process(ON_TIME),))
    # the delay counts from the last order, or from the start of the phase (orders
    # kept from before a rollback are older than that)
    known = [t for t in (facts.last_order_at, facts.processed_at) if t is not None]
    last = max(known) if known else None
    if facts.waiting or not facts.has_players or last is None:
        return Plan(wake_at=deadline)
    early = early_processing_time(facts.rules, last)
    if now >= early:
        return Plan((Process(EARLY),))
    return Plan(wake_at=min(early, deadline))


def _plan_reminders(
    facts: GameFacts, missing: Mapping[str, tuple[str, ...]], deadline: datetime, now: datetime
) -> Plan:
    times = reminder_times(facts.rules, facts.phase, deadline, not_before=facts.processed_at)
    latest, labels, upcoming = _due_notice(REMINDER, times, facts.sent, now)
    actions: tuple[Action, ...] = ()
    if latest is not None:
        actions = (SendReminder(latest, missing, labels),)
    return Plan(actions, _earliest(upcoming, deadline))


def _plan_late(facts: GameFacts, late: tuple[str, ...], deadline: datetime, now: datetime) -> Plan:
    until = facts.grace_until or grace_end(facts.rules, facts.phase, deadline)
    actions: list[Action] = []
    if facts.grace_until is None:
        actions.append(StartGrace(until))
    if now >= until:
        if facts.at_grace == AT_GRACE_WAIT:
            label = notice_label(until)
            if (WAITING, label) not in facts.sent:
                actions.append(WaitForMaster(label, late))
            return Plan(tuple(actions))
        actions.append(Process(AT_GRACE))
        return Plan(tuple(actions))
    # daily from the deadline until the stored grace end (the master may have moved it)
    grace = Span(seconds=max(0, int((until - deadline).total_seconds())))
    rules = facts.rules.with_phase(
        facts.phase, replace(facts.rules.for_phase(facts.phase), grace=grace)
    )
    times = late_notice_times(rules, facts.phase, deadline)
    latest, labels, upcoming = _due_notice(LATE, times, facts.sent, now)
    if latest is not None:
        actions.append(SendLateNotice(latest, late, until, labels))
    return Plan(tuple(actions), _earliest(upcoming, until))
