"""Deadline benchmark: 100 games whose deadlines fall in the same minute.

Sets up running standard games (seven players each), stores every power's opening
orders through the real command path (one mail per player, with SET WAIT so that no
game is processed before its deadline), puts all the deadlines on the same moment and
then times the deadline runner's own function, :func:`judge.game.deadlines.run_due`,
from that moment until every game is processed and its reports (with the map picture)
are in the outbox.  Prints the seconds taken against the target (60 s) and what the
outbox holds.  No mail server is needed: handing the reports to the outbox is the end
of the judge's part (the sender takes them from there).

    .venv/bin/python benchmarks/deadlines.py [--games 100]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "integration"))

from games import INITIALS, JUDGE, OPENINGS, Seat2, setup_games  # noqa: E402
from sqlmodel import Session, func, select  # noqa: E402

from judge.commands.inbound import process_inbound  # noqa: E402
from judge.config import Config  # noqa: E402
from judge.game.deadlines import run_due  # noqa: E402
from judge.mail.outgoing import Author  # noqa: E402
from judge.store.db import make_engine, migrate  # noqa: E402
from judge.store.mail import OutboxMessage, store_inbound  # noqa: E402
from judge.store.models import Game  # noqa: E402

TARGET_S = 60.0


def _orders_mail(n: int, seat: Seat2) -> bytes:
    """A player's SIGNON, SET WAIT and opening orders."""
    msg = EmailMessage()
    msg["From"] = seat.address
    msg["To"] = JUDGE
    msg["Subject"] = f"orders {n}"
    msg["Message-ID"] = f"<deadline-orders-{n}@players.example.com>"
    lines = [
        f"SIGNON {INITIALS[seat.power]}{seat.game} {seat.password}",
        "SET WAIT",
        *OPENINGS[seat.power],
    ]
    msg.set_content("\n".join(lines) + "\n")
    return msg.as_bytes()


def _count(engine, stmt) -> int:  # noqa: ANN001
    with Session(engine) as s:
        return int(s.exec(stmt).one())


def main() -> int:
    """Run the benchmark and print its results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="judge-deadlines-")
    try:
        url = f"sqlite:///{work}/judge.db"
        migrate(url)
        engine = make_engine(url)
        config = Config()
        config.judge.address = JUDGE
        config.database.url = url

        t0 = time.perf_counter()
        seats = setup_games(engine, args.games)
        with Session(engine, expire_on_commit=False) as session:
            for n, seat in enumerate(seats):
                row = store_inbound(session, _orders_mail(n, seat), "bench")
                assert row is not None
                process_inbound(session, row, config)
                session.commit()
        setup_s = time.perf_counter() - t0

        # Every deadline on the same moment, a little after now (within one minute).
        moment = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=1)
        with Session(engine) as session:
            for game in session.exec(select(Game)).all():
                game.deadline = moment
                session.add(game)
            session.commit()
        with Session(engine) as session:
            before_out = int(session.exec(select(func.count()).select_from(OutboxMessage)).one())
            phases_before = {g.id: g.phase for g in session.exec(select(Game)).all()}

        sender = Author.of(config)
        start = time.perf_counter()
        run_due(engine, sender, moment + timedelta(seconds=1))
        elapsed = time.perf_counter() - start

        with Session(engine) as session:
            games = session.exec(select(Game)).all()
            moved = sum(1 for g in games if g.phase != phases_before[g.id])
            mails = session.exec(
                select(OutboxMessage).where(OutboxMessage.id > before_out)  # type: ignore[operator]
            ).all()
        pictures = sum(1 for m in mails if b"image/png" in m.raw)
        met = moved == args.games and elapsed <= TARGET_S
        print(
            f"setup: {args.games} games, {len(seats)} order mails through the command path "
            f"in {setup_s:.1f} s"
        )
        print(
            f"deadlines: {moved}/{args.games} games processed, {len(mails)} mails in the "
            f"outbox ({pictures} with a map picture) in {elapsed:.1f} s "
            f"({elapsed / max(moved, 1) * 1000:.0f} ms per game); target: all within "
            f"{TARGET_S:.0f} s -> {'met' if met else 'NOT met'}"
        )
        return 0 if moved == args.games else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
