"""The daemon's deadline runner, driven by hand with a fixed clock (its scheduler thread
is not started): which moment it plans its next run for."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session

from judge.runners.deadline_runner import DeadlineRunner
from judge.store.models import Game
from tests.scheduler.helpers import DEADLINE, NOW, SENDER, new_game


def runner_at(engine, moment, **kwargs) -> DeadlineRunner:  # noqa: ANN001
    return DeadlineRunner(engine, SENDER, clock=lambda: moment, **kwargs)


def test_a_run_plans_the_next_one_at_the_earliest_wake_up(engine) -> None:  # noqa: ANN001
    new_game(engine)
    runner = runner_at(engine, NOW + timedelta(hours=1), recheck=timedelta(days=30))
    runner._run()
    assert runner.next_run == DEADLINE - timedelta(hours=24)  # the first reminder
    assert runner.runs == 1


def test_the_next_run_is_never_later_than_the_recheck(engine) -> None:  # noqa: ANN001
    new_game(engine)
    moment = NOW + timedelta(hours=1)
    runner = runner_at(engine, moment, recheck=timedelta(minutes=15))
    runner._run()
    assert runner.next_run == moment + timedelta(minutes=15)


def test_without_games_the_runner_rechecks_later(engine) -> None:  # noqa: ANN001
    runner = runner_at(engine, NOW)
    runner._run()
    assert runner.next_run == NOW + runner.recheck


def test_a_mail_during_a_run_makes_it_run_again_after_the_gap(engine) -> None:  # noqa: ANN001
    new_game(engine)
    runner = runner_at(engine, NOW + timedelta(hours=1), recheck=timedelta(days=30))
    runner.after_run = runner.replan  # as if a mail was processed while it ran
    runner._run()
    assert runner.next_run == NOW + timedelta(hours=1) + runner.min_gap


def test_replan_keeps_an_earlier_run_and_brings_a_later_one_forward(engine) -> None:  # noqa: ANN001
    new_game(engine)
    moment = NOW + timedelta(hours=1)
    runner = runner_at(engine, moment, recheck=timedelta(days=30))
    runner.replan()
    assert runner.next_run == moment  # first run: at once
    runner._run()
    assert runner.next_run == DEADLINE - timedelta(hours=24)
    runner.replan()
    assert runner.next_run == moment + runner.min_gap


def test_a_stopped_runner_plans_nothing(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine)
    runner = runner_at(engine, DEADLINE + timedelta(days=5))
    runner.stop()
    runner.replan()
    assert runner.next_run is None
    runner._run()  # a run already started finishes its work but plans no other
    assert runner.next_run is None
    with Session(engine) as session:
        game = session.get(Game, game_id)
        assert game is not None and game.number == 0  # stop: no game is handled
