"""Issue 25: two `judge run` daemons on one PostgreSQL database, with coinciding
deadlines.  Each phase is processed once: one results report per game, one copy of each
of its mails in the outbox, and one "processed" line in the two daemons' logs together.

Each daemon's deadline runner takes a game by its lock (``FOR UPDATE SKIP LOCKED``): a
game the other daemon holds is passed over and looked at again in a later pass, when
the other has stored its next wake-up; under the lock the game is planned again from
what is committed, so a phase already processed is never processed again.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from email.parser import BytesHeaderParser
from pathlib import Path

import pytest
from rig import Relay, free_port, wait_for
from sqlmodel import Session, select
from test_deadline_daemon import make_game, start_judge, stop_judge

from judge.store.db import make_engine
from judge.store.mail import OutboxMessage
from judge.store.models import REPORT_RESULTS, Game, GameReport

pytestmark = [pytest.mark.timeout(300)]

GAMES = 16
PROCESSED = re.compile(r"game (\w+): S1901M processed")


def _reports(engine) -> Counter[str]:  # noqa: ANN001
    """How many results reports each game has stored."""
    with Session(engine) as session:
        rows = session.exec(
            select(Game.name)
            .join(GameReport, GameReport.game_id == Game.id)  # type: ignore[arg-type]
            .where(GameReport.kind == REPORT_RESULTS)
        ).all()
    return Counter(rows)


def _games_at_one_moment(engine, tmp_path: Path) -> tuple[list[str], list[Path], datetime]:  # noqa: ANN001
    """GAMES games whose deadlines fall on one moment, once both daemons are likely up;
    the daemons' two home directories."""
    names = [f"pair{n:02d}" for n in range(GAMES)]
    for name in names:
        make_game(engine, name, "SET DEADLINE GRACE 0 REMIND NONE")
    homes = [tmp_path / "first", tmp_path / "second"]
    for home in homes:
        home.mkdir()
    moment = datetime.now(UTC) + timedelta(seconds=25)
    with Session(engine) as session:
        for game in session.exec(select(Game)).all():
            game.deadline = moment
            session.add(game)
        session.commit()
    return names, homes, moment


def _wait_for_all(engine, moment: datetime) -> Counter[str]:  # noqa: ANN001
    """The reports once every game has one (or the time is up), a few seconds later."""
    while datetime.now(UTC) < moment + timedelta(seconds=120):
        if len(_reports(engine)) == GAMES:
            break
        time.sleep(0.5)
    time.sleep(5)  # a second processing of any game would show by now
    return _reports(engine)


def _assert_each_processed_once(engine, names: list[str], reports: Counter[str]) -> None:  # noqa: ANN001
    """One report per game, every game in F1901M, no mail queued twice."""
    assert reports == Counter(dict.fromkeys(names, 1))
    with Session(engine) as session:
        games = session.exec(select(Game)).all()
        rows = session.exec(select(OutboxMessage.recipients, OutboxMessage.raw)).all()
    assert {(g.number, g.phase) for g in games} == {(1, "F1901M")}
    mails = Counter((to, BytesHeaderParser().parsebytes(raw)["Subject"]) for to, raw in rows)
    doubled = [key for key, n in mails.items() if n > 1]
    assert not doubled, doubled[:5]


def test_two_daemons_process_each_coinciding_deadline_once(
    tmp_path: Path, migrated_postgres_url: str, relay: Relay
) -> None:
    engine = make_engine(migrated_postgres_url)
    names, homes, moment = _games_at_one_moment(engine, tmp_path)
    procs = [start_judge(home, migrated_postgres_url, relay, free_port()) for home in homes]
    try:
        reports = _wait_for_all(engine, moment)
    finally:
        for proc, home in zip(procs, homes, strict=True):
            stop_judge(proc, home)
    _assert_each_processed_once(engine, names, reports)
    lines = [PROCESSED.findall((home / "judge.log").read_text()) for home in homes]
    assert sorted(lines[0] + lines[1]) == names
    print(f"processed by the first daemon: {len(lines[0])}, by the second: {len(lines[1])}")
    engine.dispose()


def test_the_survivor_processes_the_games_of_a_daemon_killed_at_the_deadline(
    tmp_path: Path, migrated_postgres_url: str, relay: Relay
) -> None:
    """The first daemon is SIGKILLed once it has processed a game (while it processes
    the next, most likely): its open transaction is rolled back, and the second daemon
    processes every game left, each once."""
    engine = make_engine(migrated_postgres_url)
    names, homes, moment = _games_at_one_moment(engine, tmp_path)
    procs = [start_judge(home, migrated_postgres_url, relay, free_port()) for home in homes]
    first_log = homes[0] / "judge.log"
    try:
        wait_for(
            lambda: PROCESSED.search(first_log.read_text()), 120, what="the first daemon's game"
        )
        procs[0].kill()
        procs[0].wait(30)
        reports = _wait_for_all(engine, moment)
    finally:
        stop_judge(procs[1], homes[1])
    _assert_each_processed_once(engine, names, reports)
    lines = [PROCESSED.findall((home / "judge.log").read_text()) for home in homes]
    assert sorted(lines[0] + lines[1]) == names
    print(f"processed before the kill: {len(lines[0])}, by the survivor: {len(lines[1])}")
    engine.dispose()
