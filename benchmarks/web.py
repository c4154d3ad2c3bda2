"""The web pages' speed (issue 29): a game page from a warm cache, and the index of
1,000 games, measured over HTTP against the real server (uvicorn) on loopback.

    .venv/bin/python benchmarks/web.py              # 1,000 games, 200 requests each
    .venv/bin/python benchmarks/web.py --games 200 --requests 50

Method: a SQLite file gets ``--games`` standard games (every seventh one forming, the
rest running), one of which has four processed phases with orders (the demo game's
pages are the heavy ones: the map, the powers, the phases); the server runs in this
process's thread, a client in the main thread times ``--requests`` GETs of each page
after one cold request (which builds and caches the page, also reported), and reports
the median and the 95th percentile of the time to the last byte.  The targets: a game page under
50 ms, the index of 1,000 games under 200 ms (server side: the client's own cost on
loopback is included, so the figures are upper bounds).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlmodel import Session  # noqa: E402

from judge.config import Config  # noqa: E402
from judge.demo.rig import free_port  # noqa: E402
from judge.game.games import Seat, create_game  # noqa: E402
from judge.game.processing import process_phase  # noqa: E402
from judge.mail.outgoing import Author  # noqa: E402
from judge.store.db import make_engine, migrate  # noqa: E402
from judge.store.models import FORMING  # noqa: E402
from judge.store.passwords import set_hash_cost  # noqa: E402
from judge.web.server import WebThread  # noqa: E402

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


def fill(url: str, games: int) -> None:
    """``games`` standard games; game0000 has four processed phases."""
    set_hash_cost(time_cost=1, memory_kib=8)  # the seats' hashes are not what is timed
    engine = make_engine(url)
    author = Author("Bench Judge", "judge@bench.test", "BENCH", "http://127.0.0.1")
    with Session(engine) as session:
        for i in range(games):
            seats = [Seat(p, f"{p}{i}@bench.test", "pw", f"{p.title()} {i}") for p in POWERS]
            game = create_game(session, f"game{i:04d}", seats, deadline=NOW + timedelta(days=2))
            if i % 7 == 3:
                game.status = FORMING
                session.add(game)
        session.commit()
        from judge.game.games import find_game

        heavy = find_game(session, "game0000")
        assert heavy is not None
        for _ in range(4):
            process_phase(session, author, heavy, NOW)
        session.commit()
    engine.dispose()


def timed(url: str, count: int) -> tuple[float, list[float]]:
    """Seconds of the first GET of ``url`` (the page built: cold) and of each of
    ``count`` GETs after it (warm)."""
    start = time.perf_counter()
    urllib.request.urlopen(url, timeout=120).read()  # noqa: S310 (loopback)
    cold = time.perf_counter() - start
    times = []
    for _ in range(count):
        start = time.perf_counter()
        with urllib.request.urlopen(url, timeout=60) as answer:  # noqa: S310 (loopback)
            answer.read()
        times.append(time.perf_counter() - start)
    return cold, times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/judge.db"
        migrate(url)
        started = time.perf_counter()
        fill(url, args.games)
        print(f"{args.games} games made in {time.perf_counter() - started:.1f} s")
        config = Config()
        config.database.url = url
        config.web.port = free_port()
        engine = make_engine(url)
        web = WebThread(engine, config)
        web.start()
        base = f"http://127.0.0.1:{config.web.port}"
        try:
            for name, path in (
                ("game page (4 phases)", "/game/game0000"),
                ("phase page", "/game/game0000/phase/2"),
                (f"index of {args.games} games", "/"),
            ):
                cold, warm = timed(base + path, args.requests)
                times = sorted(warm)
                p95 = times[int(len(times) * 0.95) - 1]
                print(
                    f"{name:<24} warm median {statistics.median(times) * 1000:6.1f} ms"
                    f"   p95 {p95 * 1000:6.1f} ms ({args.requests} requests)"
                    f"   cold {cold * 1000:7.1f} ms"
                )
        finally:
            web.stop()
            engine.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
