"""The deadline planner (judge.clock.planner.plan) with explicit times: no waiting, no database.

The game's movement deadline is Saturday 21 November 2026 20:00 UTC; reminders
24 h and 1 h before; grace 48 h (late notices at the deadline, then daily);
delay before early processing 30 minutes.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from judge.clock.planner import (
    AT_GRACE,
    EARLY,
    LATE,
    ON_TIME,
    REMINDER,
    WAITING,
    GameFacts,
    Plan,
    Process,
    SendLateNotice,
    SendReminder,
    StartGrace,
    WaitForMaster,
    notice_label,
    plan,
)
from judge.clock.timing import parse_timing
from judge.store.models import ACTIVE, AT_GRACE_WAIT, FORMING, PAUSED


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


DEADLINE = utc(2026, 11, 21, 20, 0)
PROCESSED = utc(2026, 11, 19, 20, 0)
RULES = parse_timing("SET DEADLINE MOVE 48h GRACE 48h REMIND 24h,1h DELAY 30m")
MISSING = {"france": ("A Par", "F Bre"), "italy": ("A Ven",)}
GRACE_END = DEADLINE + timedelta(hours=48)


def facts(**changes: object) -> GameFacts:
    base = GameFacts(
        name="alpha",
        status=ACTIVE,
        phase="S1901M",
        number=0,
        rules=RULES,
        deadline=DEADLINE,
        processed_at=PROCESSED,
        missing=MISSING,
        last_order_at=utc(2026, 11, 20, 9, 0),
    )
    return replace(base, **changes)


def sent(*pairs: tuple[str, datetime]) -> frozenset[tuple[str, str]]:
    return frozenset((kind, notice_label(t)) for kind, t in pairs)


# --------------------------------------------------------------------------- no deadlines


@pytest.mark.parametrize("status", [PAUSED, FORMING, "finished"])
def test_games_not_active_have_nothing_due(status: str) -> None:
    after_grace = GRACE_END + timedelta(days=3)
    assert plan(facts(status=status), after_grace) == Plan()
    assert plan(facts(status=status, missing={}), after_grace) == Plan()


def test_a_game_without_a_deadline_has_nothing_due() -> None:
    assert plan(facts(deadline=None), GRACE_END) == Plan()


def test_a_game_waiting_for_its_master_has_nothing_due() -> None:
    assert plan(facts(waiting_for_master=True, missing={}), GRACE_END) == Plan()


# --------------------------------------------------------------------------- reminders


def test_before_any_reminder_the_next_wake_up_is_the_first_reminder() -> None:
    result = plan(facts(), utc(2026, 11, 20, 10, 0))
    assert result == Plan((), utc(2026, 11, 20, 20, 0))


def test_a_reminder_is_due_at_its_time_for_the_powers_missing_orders() -> None:
    at = utc(2026, 11, 20, 20, 0)
    result = plan(facts(), at)
    label = notice_label(at)
    assert result.actions == (SendReminder(label, MISSING, (label,)),)
    assert result.wake_at == utc(2026, 11, 21, 19, 0)  # the one-hour reminder


def test_a_reminder_already_sent_is_not_sent_again() -> None:
    at = utc(2026, 11, 20, 20, 30)
    result = plan(facts(sent=sent((REMINDER, utc(2026, 11, 20, 20, 0)))), at)
    assert result == Plan((), utc(2026, 11, 21, 19, 0))


def test_a_judge_that_was_down_sends_only_the_latest_reminder_and_marks_both() -> None:
    at = utc(2026, 11, 21, 19, 30)
    result = plan(facts(), at)
    first, second = notice_label(utc(2026, 11, 20, 20, 0)), notice_label(utc(2026, 11, 21, 19, 0))
    assert result.actions == (SendReminder(second, MISSING, (first, second)),)
    assert result.wake_at == DEADLINE


def test_reminders_before_the_phase_began_are_dropped() -> None:
    # processed 12 hours before the deadline: the 24-hour reminder never comes
    late_start = facts(processed_at=DEADLINE - timedelta(hours=12))
    assert plan(late_start, DEADLINE - timedelta(hours=11)) == Plan((), utc(2026, 11, 21, 19, 0))


def test_without_reminders_the_next_wake_up_is_the_deadline() -> None:
    rules = parse_timing("SET DEADLINE REMIND NONE", RULES)
    assert plan(facts(rules=rules), utc(2026, 11, 20, 10, 0)) == Plan((), DEADLINE)


# --------------------------------------------------------------------------- early processing


def test_all_orders_in_processes_after_the_delay() -> None:
    last = utc(2026, 11, 20, 9, 0)
    complete = facts(missing={}, last_order_at=last)
    assert plan(complete, last + timedelta(minutes=29)) == Plan((), last + timedelta(minutes=30))
    assert plan(complete, last + timedelta(minutes=30)).actions == (Process(EARLY),)


def test_set_wait_holds_processing_until_the_deadline() -> None:
    waiting = facts(missing={}, waiting=True)
    assert plan(waiting, utc(2026, 11, 21, 12, 0)) == Plan((), DEADLINE)
    assert plan(waiting, DEADLINE).actions == (Process(ON_TIME),)


def test_a_zero_delay_processes_as_soon_as_the_last_orders_are_in() -> None:
    rules = parse_timing("SET TIMING DELAY 0", RULES)
    last = utc(2026, 11, 20, 9, 0)
    assert plan(facts(rules=rules, missing={}, last_order_at=last), last).actions == (
        Process(EARLY),
    )


def test_the_delay_never_pushes_processing_past_the_deadline() -> None:
    last = DEADLINE - timedelta(minutes=10)
    complete = facts(missing={}, last_order_at=last)
    assert plan(complete, DEADLINE - timedelta(minutes=5)) == Plan((), DEADLINE)
    assert plan(complete, DEADLINE).actions == (Process(ON_TIME),)


def test_a_phase_nobody_ordered_in_counts_the_delay_from_the_last_processing() -> None:
    complete = facts(missing={}, last_order_at=None)
    assert plan(complete, PROCESSED + timedelta(minutes=30)).actions == (Process(EARLY),)


def test_orders_older_than_the_phase_count_from_the_phase_start() -> None:
    # orders kept from before a rollback: the delay counts from the processing
    complete = facts(missing={}, last_order_at=PROCESSED - timedelta(days=2))
    assert plan(complete, PROCESSED + timedelta(minutes=10)) == Plan(
        (), PROCESSED + timedelta(minutes=30)
    )


def test_a_game_without_players_is_not_processed_early() -> None:
    empty = facts(missing={}, has_players=False)
    assert plan(empty, utc(2026, 11, 20, 12, 0)) == Plan((), DEADLINE)
    assert plan(empty, DEADLINE).actions == (Process(ON_TIME),)


def test_orders_completed_during_grace_are_processed_at_once() -> None:
    during_grace = facts(missing={}, waiting=True, grace_until=GRACE_END)
    assert plan(during_grace, DEADLINE + timedelta(hours=3)).actions == (Process(ON_TIME),)


# --------------------------------------------------------------------------- late notices, grace


def test_at_the_deadline_grace_starts_and_the_first_late_notice_is_due() -> None:
    result = plan(facts(), DEADLINE)
    label = notice_label(DEADLINE)
    assert result.actions == (
        StartGrace(GRACE_END),
        SendLateNotice(label, ("france", "italy"), GRACE_END, (label,)),
    )
    assert result.wake_at == DEADLINE + timedelta(days=1)  # the next daily notice


def test_late_notices_repeat_daily_until_grace_ends() -> None:
    graced = facts(grace_until=GRACE_END, sent=sent((LATE, DEADLINE)))
    assert plan(graced, DEADLINE + timedelta(hours=5)) == Plan((), DEADLINE + timedelta(days=1))
    second = DEADLINE + timedelta(days=1)
    result = plan(graced, second)
    assert result.actions == (
        SendLateNotice(
            notice_label(second), ("france", "italy"), GRACE_END, (notice_label(second),)
        ),
    )
    assert result.wake_at == GRACE_END  # no third notice: the next day is the grace end


def test_grace_expiry_processes_the_phase() -> None:
    graced = facts(grace_until=GRACE_END, sent=sent((LATE, DEADLINE)))
    assert plan(graced, GRACE_END).actions == (Process(AT_GRACE),)


def test_grace_expiry_with_wait_tells_the_master_once() -> None:
    graced = facts(grace_until=GRACE_END, at_grace=AT_GRACE_WAIT)
    result = plan(graced, GRACE_END)
    assert result == Plan((WaitForMaster(notice_label(GRACE_END), ("france", "italy")),))
    told = replace(graced, sent=sent((WAITING, GRACE_END)))
    assert plan(told, GRACE_END + timedelta(hours=1)) == Plan()


def test_the_stored_grace_end_wins_over_the_rules() -> None:
    longer = DEADLINE + timedelta(days=4)
    graced = facts(grace_until=longer, sent=sent((LATE, DEADLINE), (LATE, DEADLINE + timedelta(1))))
    # no processing at the rules' grace end, but a third daily notice
    assert plan(graced, GRACE_END - timedelta(minutes=1)) == Plan((), GRACE_END)
    result = plan(graced, GRACE_END)
    assert [type(a) for a in result.actions] == [SendLateNotice]
    assert result.wake_at == GRACE_END + timedelta(days=1)
    assert plan(graced, longer).actions == (Process(AT_GRACE),)


def test_zero_grace_processes_at_the_deadline_without_late_notices() -> None:
    rules = parse_timing("SET DEADLINE GRACE 0", RULES)
    assert plan(facts(rules=rules), DEADLINE).actions == (StartGrace(DEADLINE), Process(AT_GRACE))


def test_a_deadline_long_past_is_handled_at_once() -> None:
    # the judge was down from before the deadline until after grace ended
    assert plan(facts(), GRACE_END + timedelta(days=2)).actions == (
        StartGrace(GRACE_END),
        Process(AT_GRACE),
    )


def test_a_judge_down_during_grace_sends_one_late_notice_for_the_missed_ones() -> None:
    at = DEADLINE + timedelta(days=1, hours=2)
    result = plan(facts(grace_until=GRACE_END), at)
    labels = (notice_label(DEADLINE), notice_label(DEADLINE + timedelta(days=1)))
    assert result.actions == (SendLateNotice(labels[1], ("france", "italy"), GRACE_END, labels),)


# --------------------------------------------------------------------------- idempotence


def _apply(game: GameFacts, result: Plan) -> GameFacts:
    """What carrying out the plan does to the facts (as judge.game.deadlines does)."""
    marked = set(game.sent)
    for action in result.actions:
        if isinstance(action, StartGrace):
            game = replace(game, grace_until=action.until)
        elif isinstance(action, SendReminder):
            marked.update((REMINDER, label) for label in action.labels)
        elif isinstance(action, SendLateNotice):
            marked.update((LATE, label) for label in action.labels)
        elif isinstance(action, WaitForMaster):
            marked.add((WAITING, action.label))
            game = replace(game, waiting_for_master=True)
    return replace(game, sent=frozenset(marked))


@pytest.mark.parametrize(
    "at",
    [
        utc(2026, 11, 20, 20, 0),
        utc(2026, 11, 21, 19, 30),
        DEADLINE,
        DEADLINE + timedelta(days=1, minutes=1),
        GRACE_END,
    ],
)
@pytest.mark.parametrize("at_grace", ["process", AT_GRACE_WAIT])
def test_planning_twice_at_the_same_moment_sends_nothing_twice(at: datetime, at_grace: str) -> None:
    game = facts(at_grace=at_grace)
    first = plan(game, at)
    assert first.actions  # something is due at each of these moments
    second = plan(_apply(game, first), at)
    assert not [a for a in second.actions if not isinstance(a, Process)]


def test_walking_through_a_phase_sends_each_notice_once() -> None:
    game = facts()
    notices: list[object] = []
    moment = PROCESSED
    for _ in range(50):
        result = plan(game, moment)
        notices.extend(a for a in result.actions if not isinstance(a, StartGrace))
        if any(isinstance(a, Process) for a in result.actions):
            break
        game = _apply(game, result)
        assert result.wake_at is not None and result.wake_at > moment
        moment = result.wake_at
    kinds = [type(n).__name__ for n in notices]
    assert kinds == ["SendReminder", "SendReminder", "SendLateNotice", "SendLateNotice", "Process"]
    assert moment == GRACE_END
