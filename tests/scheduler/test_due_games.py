"""Issue 25, item 8: a deadline pass costs what is due, not what exists.

Each game stores when the runner must look at it next (``game.due_at``); a pass plans
only the games whose moment has come, and any change to a game (its lock, an order, an
edit of its row or players) makes it due for the next pass.  Counted here: the games a
pass plans (``game_facts`` is read once per game planned), against a real SQLite file.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import event
from sqlmodel import Session, select

import judge.game.deadlines as deadlines
from judge.game.deadlines import PlannedWakes, run_due
from judge.game.games import lock_game
from judge.store.models import REPLAN, Game, Player, as_utc
from tests.integration.games import OPENINGS
from tests.scheduler.helpers import DEADLINE, NOW, SENDER, give_orders, new_game


@pytest.fixture
def planned(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The ids of the games planned (their facts read), in order."""
    seen: list[int] = []
    real = deadlines.game_facts

    def counting(session, game):  # noqa: ANN001, ANN202
        seen.append(game.id)
        return real(session, game)

    monkeypatch.setattr(deadlines, "game_facts", counting)
    return seen


def _due_at(engine, game_id: int):  # noqa: ANN001, ANN202
    with Session(engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        return as_utc(game.due_at)


def test_a_pass_with_nothing_due_plans_no_game(engine, planned) -> None:  # noqa: ANN001
    ids = [new_game(engine, f"g{n}") for n in range(5)]
    first = NOW + timedelta(hours=1)
    assert run_due(engine, SENDER, first) == DEADLINE - timedelta(hours=24)
    assert sorted(planned) == ids  # new games: each planned once
    assert {_due_at(engine, i) for i in ids} == {DEADLINE - timedelta(hours=24)}
    planned.clear()
    assert run_due(engine, SENDER, first + timedelta(minutes=5)) == DEADLINE - timedelta(hours=24)
    assert planned == []


def test_after_an_order_only_that_game_is_planned_again(engine, planned) -> None:  # noqa: ANN001
    ids = [new_game(engine, f"g{n}") for n in range(4)]
    run_due(engine, SENDER, NOW + timedelta(hours=1))
    planned.clear()
    give_orders(engine, ids[2], OPENINGS, NOW + timedelta(hours=2))  # every order in
    assert _due_at(engine, ids[2]) == REPLAN
    wake = run_due(engine, SENDER, NOW + timedelta(hours=2))
    assert planned == [ids[2]]
    assert wake == NOW + timedelta(hours=2, minutes=30)  # DELAY 30m after the last order
    planned.clear()
    run_due(engine, SENDER, wake)
    assert planned[0] == ids[2]  # its moment came: processed early
    with Session(engine) as session:
        game = session.get(Game, ids[2])
        assert game is not None and game.number == 1


def test_a_change_made_without_the_runner_is_seen_by_the_next_pass(engine) -> None:  # noqa: ANN001
    """The master moves the deadline forward, a player sets WAIT: ORM edits mark the game."""
    game_id = new_game(engine)
    give_orders(engine, game_id, OPENINGS, NOW + timedelta(minutes=1))
    with Session(engine) as session:  # someone waits: no early processing
        player = session.exec(
            select(Player).where(Player.game_id == game_id, Player.power == "france")
        ).one()
        player.wait = True
        session.commit()
    assert run_due(engine, SENDER, NOW + timedelta(hours=1)) == DEADLINE
    with Session(engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        game.deadline = NOW + timedelta(hours=3)
        session.commit()
    assert _due_at(engine, game_id) == REPLAN
    assert run_due(engine, SENDER, NOW + timedelta(hours=2)) == NOW + timedelta(hours=3)
    run_due(engine, SENDER, NOW + timedelta(hours=3))
    with Session(engine) as session:
        game = session.get(Game, game_id)
        assert game is not None and game.number == 1


def test_a_wake_up_planned_from_a_stale_read_never_hides_a_change(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine)
    with Session(engine) as session:
        stale = session.get(Game, game_id)
        assert stale is not None
        session.expunge(stale)
    with Session(engine) as session:  # a mail takes the lock meanwhile
        lock_game(session, game_id)
        session.commit()
    wakes = PlannedWakes(engine)
    wakes.add(stale, DEADLINE)
    wakes.write()
    assert _due_at(engine, game_id) == REPLAN  # the change wins: planned again


def test_a_pass_reads_the_due_games_by_the_index(engine) -> None:  # noqa: ANN001
    """The due games and the next wake-up come from the index on due_at (SQLite's plan
    names it): no scan of the game table, whatever its size."""
    new_game(engine)
    plans: list[str] = []

    def explain(conn, _cursor, statement, parameters, _context, _many):  # noqa: ANN001, ANN202
        reads_due = "due_at <=" in statement or "min(game.due_at)" in statement
        if reads_due and not statement.startswith("EXPLAIN"):
            rows = conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, parameters)
            plans.append(" ".join(str(row[-1]) for row in rows))

    event.listen(engine, "before_cursor_execute", explain)
    try:
        run_due(engine, SENDER, NOW + timedelta(hours=1))
    finally:
        event.remove(engine, "before_cursor_execute", explain)
    assert len(plans) == 2 and all("ix_game_due_at" in p for p in plans), plans
