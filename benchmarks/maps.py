"""Map picture benchmark: one board, multiverse grids, and 100 games due at once.

1. One standard board with orders (the F1902M case of tests/reports/cases), drawn and
   encoded as PNG: median of 9 runs after a warm-up.  Goal: under 150 ms.
2. A 12-board multiverse grid (3 timelines x 4 turns; the ordered and the active
   column legible, the rest thumbnails; every unit ordered, one move across
   timelines): median of 9 runs.  Goal: under 400 ms.  A 100-board world
   (5 timelines x 20 turns) is timed too and saved, to see how it degrades.
3. 100 standard games of 7 players each, all orders in (the integration tests'
   openings), in a SQLite file, with one common deadline: the time from calling
   ``judge.game.deadlines.run_due`` at the deadline until it returns with every results
   mail (one picture per game, 9 recipients each) in the outbox.  Goal: under 60 s.

    .venv/bin/python benchmarks/maps.py [--games 100] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "integration"))

from games import OPENINGS  # noqa: E402
from sqlmodel import Session, func, select  # noqa: E402

from judge.maps import results_picture, world_picture  # noqa: E402
from judge.rules.base import BOARD_PICTURE  # noqa: E402
from judge.rules.registry import MULTIVERSE, ruleset_for  # noqa: E402
from judge.variant.data import load_variant  # noqa: E402

VARIANT = load_variant("standard")
# How the multiverse reads its orders' locations (1:mun:S1901).
READ = ruleset_for("standard", MULTIVERSE).read_location
CASES = ROOT / "tests" / "reports" / "cases"


def _median_ms(job: Callable[[], object], runs: int = 9) -> float:
    job()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _world(timelines: int, turns: int, seed: int = 1) -> dict:
    """A made-up world answer: boards at the start position moved about at random,
    the last column active, orders (with random results) on the column before."""
    rnd = random.Random(seed)
    seasons = [f"{s}{1901 + i // 2}" for i in range(turns) for s in "SF"[i % 2]]
    start_units = [{"power": p, "type": t, "province": loc} for p, t, loc in VARIANT.starting_units]
    centres = {p: list(cs) for p, cs in VARIANT.starting_centers.items()}
    boards, orders = [], []
    for line in range(1, timelines + 1):
        units = [dict(u) for u in start_units]
        for i, turn in enumerate(seasons):
            boards.append(
                {
                    "timeline": line,
                    "phase": turn + "M",
                    "units": [dict(u) for u in units],
                    "supply_centers": centres,
                }
            )
            taken = {u["province"].split("/")[0] for u in units}
            for unit in units:
                options = sorted(VARIANT.neighbours(unit["type"], unit["province"]))
                dest = rnd.choice(options)
                ok = dest.split("/")[0] not in taken and rnd.random() < 0.6
                if i == turns - 2:
                    orders.append(
                        {
                            "power": unit["power"],
                            "order": f"{unit['type']} {line}:{unit['province']}:{turn} - "
                            f"{line}:{dest}:{turn}",
                            "result": "succeeds" if ok else "fails",
                        }
                    )
                if ok:
                    taken.discard(unit["province"].split("/")[0])
                    taken.add(dest.split("/")[0])
                    unit["province"] = dest
    last, before = seasons[-1], seasons[-2]
    orders.append(
        {
            "power": "france",
            "order": f"A 1:par:{before} - 2:bur:{before}",
            "result": "succeeds",
        }
    )
    active = [{"timeline": t, "phase": last + "M"} for t in range(1, timelines + 1)]
    return {"boards": boards, "orders": orders, "active_boards": active, "new_timelines": []}


def pictures(out: Path) -> None:
    case = json.loads((CASES / "f1902m_battle.json").read_text())
    board_ms = _median_ms(
        lambda: results_picture(VARIANT, case["before"], case["result"], "b", picture=BOARD_PICTURE)
    )
    print(f"one standard board (F1902M, 23 orders): {board_ms:.0f} ms (goal < 150 ms)")
    twelve = _world(3, 4)
    grid_ms = _median_ms(lambda: world_picture(twelve, VARIANT, "b", "F1902M", read_location=READ))
    print(f"12-board multiverse grid: {grid_ms:.0f} ms (goal < 400 ms)")
    hundred = _world(5, 20)
    big_ms = _median_ms(
        lambda: world_picture(hundred, VARIANT, "b", "F1910M", read_location=READ), runs=3
    )
    print(f"100-board multiverse world: {big_ms:.0f} ms")
    out.mkdir(parents=True, exist_ok=True)
    for name, world in (("grid-12", twelve), ("grid-100", hundred)):
        png = world_picture(world, VARIANT, "b", name, read_location=READ).png
        (out / f"{name}.png").write_bytes(png)
        print(f"  {out / name}.png: {len(png) // 1024} KB")


def hundred_games(count: int) -> None:
    from judge.game.deadlines import run_due
    from judge.game.games import Seat, create_game, store_order
    from judge.mail.outgoing import Author
    from judge.rules.registry import ruleset_for_game
    from judge.store.db import make_engine, migrate
    from judge.store.mail import OutboxMessage
    from judge.store.models import Game

    deadline = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/bench.db"
        migrate(url)
        engine = make_engine(url)
        with Session(engine) as session:
            for g in range(count):
                seats = [Seat(p, f"{p}.g{g}@players.example.com", "pw") for p in OPENINGS]
                game = create_game(session, f"g{g}", seats, deadline=deadline)
                game.master_address = f"gm{g}@masters.example.com"
                rules = ruleset_for_game(game)
                for power, lines in OPENINGS.items():
                    for check in rules.check_orders(game.position_doc(), power, lines):
                        store_order(
                            session,
                            game,
                            power,
                            check,
                            account_id=None,
                            from_address=seats[0].address,
                        )
            session.commit()
        sender = Author("Judge", "judge@judge.example.com", "BENCH")
        start = time.perf_counter()
        run_due(engine, sender, now=deadline + timedelta(seconds=1))
        took = time.perf_counter() - start
        with Session(engine) as session:
            mails = session.exec(select(func.count()).select_from(OutboxMessage)).one()
            phases = session.exec(select(Game.phase)).all()
        engine.dispose()
    moved = sum(1 for p in phases if p != "S1901M")
    print(
        f"{count} games x 7 players due at one deadline: {moved} processed, {mails} mails "
        f"with pictures in the outbox {took:.1f} s after the deadline (goal < 60 s)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "maps-bench")
    args = parser.parse_args()
    pictures(args.out)
    hundred_games(args.games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
