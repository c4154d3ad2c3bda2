"""Issue 9.1: many deadlines at once through a real `judge run`.

A hundred standard games whose deadlines fall within one minute (a few tenths of a
second apart, as a busy judge sees at a common deadline hour) must each be processed
exactly once, and all of them within 60 s of the last deadline.  The runner once
scheduled its successor while still running; APScheduler dropped that job
("maximum number of running instances") and the runner never planned again.
"""

from __future__ import annotations

import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from rig import Relay, free_port
from sqlmodel import Session, select
from test_deadline_daemon import make_game, start_judge, stop_judge

from judge.store.models import Game, GameReport

pytestmark = [pytest.mark.timeout(240), pytest.mark.reliability]

GAMES = 100


def processed_counts(engine) -> Counter[str]:  # noqa: ANN001
    """How many S1901M reports each game has stored."""
    with Session(engine) as session:
        rows = session.exec(
            select(Game.name).join(GameReport, GameReport.game_id == Game.id)  # type: ignore[arg-type]
        ).all()
    return Counter(rows)


def test_a_hundred_deadlines_in_one_minute_are_each_processed_once(
    tmp_path: Path, db_url: str, engine, relay: Relay
) -> None:  # noqa: ANN001
    names = [f"g{n:03d}" for n in range(GAMES)]
    for name in names:
        make_game(engine, name, "SET DEADLINE GRACE 0 REMIND NONE")
    # The deadlines are set once every game exists (creating them takes a while).
    first = datetime.now(UTC) + timedelta(seconds=10)
    step = timedelta(seconds=0.3)  # 100 deadlines over 30 s
    with Session(engine) as session:
        for n, game in enumerate(session.exec(select(Game).order_by(Game.name)).all()):
            game.deadline = first + n * step
            session.add(game)
        session.commit()
    last = first + (GAMES - 1) * step
    proc = start_judge(tmp_path, db_url, relay, free_port())
    try:
        assert datetime.now(UTC) < first, "the daemon started too slowly for this test"
        while datetime.now(UTC) < last + timedelta(seconds=60):
            if len(processed_counts(engine)) == GAMES:
                break
            time.sleep(0.5)
        done_at = datetime.now(UTC)
        time.sleep(3)  # a second processing of any game would show by now
        counts = processed_counts(engine)
    finally:
        stop_judge(proc, tmp_path)
    missing = sorted(set(names) - set(counts))
    assert not missing, f"{len(missing)} games never processed: {missing[:10]}"
    assert set(counts.values()) == {1}, {k: v for k, v in counts.items() if v != 1}
    assert (done_at - last).total_seconds() < 60
    with Session(engine) as session:
        games = session.exec(select(Game)).all()
    assert {(g.number, g.phase) for g in games} == {(1, "F1901M")}
    log = (tmp_path / "judge.log").read_text()
    assert "maximum number of running instances" not in log
