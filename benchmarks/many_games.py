"""The judge with many games and little happening: what a deadline pass, an idle minute
and LIST cost at 10,000 games (issue 25, item 8).

Creates ``--games`` running standard games in a fresh SQLite file (seven players each,
no orders yet), their deadlines spread evenly over the next ``--spread-days`` days, so
that something (a reminder, a deadline) falls due about once a minute, as on a busy
judge.  The games are written by bulk INSERTs copied from one game made by the real
code (one password hash for all seats: hashing 70,000 passwords would take hours).
Then it measures, with the judge's own functions:

* the first pass of the deadline runner (``run_due``) over the new games;
* passes in which ``--due`` games have a deadline that has just passed (each game goes
  into grace and its players are told): CPU seconds and wall time, then a pass in which
  nothing is due;
* an idle minute: the daemon's deadline runner (``DeadlineRunner``, its scheduler
  thread) left running for ``--idle`` seconds after its first run, the process's CPU
  seconds counted;
* LIST and LIST <game> through the real command path (``store_inbound`` +
  ``process_inbound``): seconds and the size of the reply;
* with ``--daemon``, an idle minute of the whole judge: ``judge run`` (SMTP intake, its
  processor, deadline runner and sender process, mail out to a recording relay) on the
  same database, once its outbox is sent, the CPU seconds of its processes counted
  from ``/proc``.

    .venv/bin/python benchmarks/many_games.py [--games 10000] [--due 10,100] [--idle 60]
        [--daemon]
"""

from __future__ import annotations

import argparse
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "integration"))

from mail import _stat_cpu  # noqa: E402
from rig import Relay, free_port, wait_for  # noqa: E402
from sqlalchemy import func, insert, select  # noqa: E402
from sqlalchemy.engine import Engine  # noqa: E402
from sqlmodel import Session  # noqa: E402

from judge.commands.inbound import process_inbound  # noqa: E402
from judge.config import Config  # noqa: E402
from judge.game.deadlines import run_due  # noqa: E402
from judge.game.games import Seat, create_game  # noqa: E402
from judge.mail.outgoing import Author  # noqa: E402
from judge.runners.deadline_runner import DeadlineRunner  # noqa: E402
from judge.store.db import make_engine, migrate  # noqa: E402
from judge.store.mail import OUT_PENDING, OutboxMessage, store_inbound  # noqa: E402
from judge.store.models import Game, Player  # noqa: E402

JUDGE = "judge@example.org"
POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
IDLE_TARGET_CPU_S = 1.0


def _populate(engine: Engine, count: int, start: datetime, spread: timedelta) -> None:
    """``count`` running games, deadlines spread evenly over ``spread`` from ``start``."""
    with Session(engine) as session:
        seats = [Seat(p, f"{p}@players.example.com", "secret1", p.title()) for p in POWERS]
        template = create_game(session, "template", seats, deadline=start + spread)
        session.commit()
        games, players = Game.__table__, Player.__table__  # type: ignore[attr-defined]
        row = dict(session.connection().execute(select(games)).mappings().one())
        seat_rows = [
            dict(r)
            for r in session.connection()
            .execute(select(players).where(players.c.game_id == template.id))
            .mappings()
        ]
        new_games = []
        for n in range(count):
            game = {**row, "name": f"g{n:05d}", "processed_at": start - timedelta(hours=1)}
            game["deadline"] = start + spread * (n + 1) / count
            game.pop("id")
            new_games.append(game)
        session.connection().execute(players.delete())
        session.connection().execute(games.delete())
        session.connection().execute(insert(games), new_games)
        ids = session.connection().execute(select(games.c.id)).scalars().all()
        for seat in seat_rows:
            seat.pop("id")
        new_players = [{**seat, "game_id": game_id} for game_id in ids for seat in seat_rows]
        session.connection().execute(insert(players), new_players)
        session.commit()


def _measure(action: Callable[[], Any]) -> tuple[Any, float, float]:
    """(result, wall seconds, CPU seconds of the whole process) of ``action()``."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = action()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def _outbox_count(engine: Engine) -> int:
    with Session(engine) as session:
        return int(session.exec(select(func.count()).select_from(OutboxMessage)).one()[0])


def _make_due(engine: Engine, count: int, moment: datetime) -> None:
    """The deadline of ``count`` games (spread over the list) passed a minute ago; set
    through the ORM, as a master's SET DEADLINE changes a game."""
    with Session(engine) as session:
        ids = session.connection().execute(select(Game.id).order_by(Game.id)).scalars().all()
        step = max(1, len(ids) // max(count, 1))
        for game_id in ids[::step][:count]:
            game = session.get(Game, game_id)
            assert game is not None
            game.deadline = moment - timedelta(minutes=1)
            game.processed_at = moment - timedelta(hours=2)
            session.add(game)
        session.commit()


def _list(engine: Engine, config: Config, body: str, n: int) -> tuple[float, float, int]:
    """Seconds (wall, CPU) to apply a mail with ``body`` and the size of its reply."""
    msg = EmailMessage()
    msg["From"] = "reader@players.example.com"
    msg["To"] = JUDGE
    msg["Subject"] = "list"
    msg["Message-ID"] = f"<list-{n}@players.example.com>"
    msg.set_content(body + "\n")
    with Session(engine, expire_on_commit=False) as session:
        row = store_inbound(session, msg.as_bytes(), "bench")
        assert row is not None

        def apply() -> None:
            process_inbound(session, row, config)
            session.commit()

        _none, wall, cpu = _measure(apply)
        raw = session.exec(
            select(OutboxMessage.raw).order_by(OutboxMessage.id.desc()).limit(1)  # type: ignore[attr-defined]
        ).one()[0]
    return wall, cpu, len(raw)


def _idle_minute(engine: Engine, sender: Author, seconds: float) -> tuple[float, int]:
    """CPU seconds of the process while the deadline runner runs ``seconds`` after its
    first run, and the runs it made in that time."""
    runner = DeadlineRunner(engine, sender)
    runner.start()
    try:
        while runner.runs < 1:
            time.sleep(0.1)
        runs = runner.runs
        cpu = time.process_time()
        time.sleep(seconds)
        return time.process_time() - cpu, runner.runs - runs
    finally:
        runner.stop()


def _tree_cpu(pid: int) -> float:
    """CPU seconds spent so far by process ``pid`` and its children (the sender)."""
    spent = _stat_cpu(f"/proc/{pid}/stat") or 0.0
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        for child in task.read_text().split():
            spent += _tree_cpu(int(child))
    return spent


def _daemon_idle(work: str, url: str, engine: Engine, seconds: float) -> tuple[float, int]:
    """CPU seconds of ``judge run`` over ``seconds`` once its outbox is sent, and the
    mails its relay received before."""
    relay = Relay().start()
    config = Path(work) / "judge.toml"
    config.write_text(
        f'[judge]\naddress = "{JUDGE}"\n[database]\nurl = "{url}"\n'
        f'[inbound]\nmode = "smtp"\n[inbound.smtp]\nport = {free_port()}\n'
        f"[outbound]\nport = {relay.port}\n"
    )
    log_path = Path(work) / "judge.log"
    with open(log_path, "ab") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "judge", "run", "--config", str(config)],
            cwd=ROOT,
            stdout=log,
            stderr=log,
        )
    try:
        wait_for(lambda: b"judge daemon ready" in log_path.read_bytes(), 120, what="the daemon")

        def pending() -> int:
            with Session(engine) as session:
                stmt = select(func.count()).where(OutboxMessage.state == OUT_PENDING)
                return int(session.exec(stmt).one()[0])

        wait_for(lambda: pending() == 0, 600, what="the outbox to be sent")
        time.sleep(5)
        before = _tree_cpu(proc.pid)
        time.sleep(seconds)
        return _tree_cpu(proc.pid) - before, len(relay.messages)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
        relay.stop()


def main() -> int:
    """Run the benchmark and print its results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--due", default="10,100", help="games due in each measured pass")
    parser.add_argument("--idle", type=float, default=60.0, help="seconds of the idle run")
    parser.add_argument("--spread-days", type=float, default=7.0)
    parser.add_argument("--daemon", action="store_true", help="also an idle minute of judge run")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="judge-many-")
    try:
        url = f"sqlite:///{work}/judge.db"
        migrate(url)
        engine = make_engine(url)
        config = Config()
        config.judge.address = JUDGE
        config.database.url = url
        sender = Author.of(config)

        start = datetime.now(UTC)
        _none, setup_s, _cpu = _measure(
            lambda: _populate(engine, args.games, start, timedelta(days=args.spread_days))
        )
        print(f"setup: {args.games} games in {setup_s:.1f} s")

        _none, wall, cpu = _measure(lambda: run_due(engine, sender, datetime.now(UTC)))
        print(f"first pass over {args.games} new games: {wall:.2f} s, {cpu:.2f} CPU s")

        for due in [int(d) for d in args.due.split(",") if d]:
            moment = datetime.now(UTC)
            _make_due(engine, due, moment)
            before = _outbox_count(engine)
            _none, wall, cpu = _measure(lambda m=moment: run_due(engine, sender, m))
            mails = _outbox_count(engine) - before
            print(
                f"pass with {due} games due (of {args.games}): {wall:.3f} s, {cpu:.3f} CPU s, "
                f"{mails} mails queued"
            )
        _none, wall, cpu = _measure(lambda: run_due(engine, sender, datetime.now(UTC)))
        print(f"pass with nothing new due: {wall:.3f} s, {cpu:.3f} CPU s")

        idle_cpu, runs = _idle_minute(engine, sender, args.idle)
        met = "met" if idle_cpu * 60 / args.idle < IDLE_TARGET_CPU_S else "NOT met"
        print(
            f"idle {args.idle:.0f} s with the deadline runner: {idle_cpu:.2f} CPU s, {runs} runs; "
            f"target: under {IDLE_TARGET_CPU_S:.0f} CPU s a minute -> {met}"
        )

        for n, body in enumerate(("LIST", "LIST g00042")):
            wall, cpu, size = _list(engine, config, body, n)
            print(f"{body}: {wall:.3f} s, {cpu:.3f} CPU s, reply {size / 1024:.0f} KiB")
        if args.daemon:
            engine.dispose()
            cpu, sent = _daemon_idle(work, url, engine, args.idle)
            met = "met" if cpu * 60 / args.idle < IDLE_TARGET_CPU_S else "NOT met"
            print(
                f"idle {args.idle:.0f} s of judge run (after sending {sent} mails): "
                f"{cpu:.2f} CPU s -> {met}"
            )
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
