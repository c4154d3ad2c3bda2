"""Benchmark: a mail of orders to a big multiverse game, and one turn of it, from the
database (issue 27, "Done when").

Grows one random multiverse world (as ``benchmarks/multiverse.py`` does: random legal
orders, a share of them into the past and across timelines, victory off) and, each
time it reaches ``--sizes`` boards (100, 500, 2,000 by default) at a movement turn,
stores it as a real game in a fresh SQLite file made by the judge's migrations and
its own game creation (``create_game``, ``set_game_position``).  Then, per size:

* **mail**: a mail of ``--orders`` (30) orders of France, stored by ``store_inbound``
  and applied by ``process_inbound`` (what the inbox runner calls) and committed,
  ``--repeat`` times (each mail a new session, as the runner does).  The first mail
  after the game was stored is shown apart ("first": the position is parsed, as by
  the first mail after each turn), then the median of the others ("next": the
  position parsed by the first is taken again); the sign-on password is checked (and
  remembered) by a mail before, on an engine of its own.
* **turn**: orders for every unit stored (setup, not timed), then the game's phase
  adjudicated from the stored orders as ``process_phase`` does it
  (``judge.game.processing._adjudicate``: stored rows, the ruleset's ``step_stored``),
  the same orders adjudicated in memory on the same world (for comparison), and
  ``process_phase`` itself (adjudication, snapshot, new position, report rendered
  and mailed with its map), committed; then France's first mail after that turn
  ("mail after", its orders for the new boards).  Three turns per size: *first*,
  the size's turn right after the game was stored (its text read, as after a
  restart); *kept*, the same world and orders in another game whose turn before was
  processed just before (the world it made is checked to be the grown one), as a
  daemon that processed that turn meets it; and *next*, the first game's next
  movement turn (random turns in between, not timed), also from a kept world.  The
  adjudications run as ``process_phase`` runs them: automatic garbage collections
  wait until the turn is done (``judge.game.collector``).  Each timing also gives
  the seconds of Python's full garbage collections that fell in it.  Victory is off
  in the stored game too.

    .venv/bin/python benchmarks/multiverse_mail.py [--sizes 100,500,2000] [--orders 30]
        [--repeat 7] [--seed 1] [--profile 2000]

``--profile N`` prints a cProfile of one more mail at the size N.  Times are wall
seconds; the load average is printed with them.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import gc
import os
import pstats
import random
import statistics
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

from multiverse import FullCollections  # noqa: E402  (benchmarks/multiverse.py)
from sqlmodel import Session  # noqa: E402

from judge.commands.inbound import process_inbound  # noqa: E402
from judge.config import Config  # noqa: E402
from judge.game.collector import turn_collections  # noqa: E402
from judge.game.games import Seat, create_game, find_game, store_order  # noqa: E402
from judge.game.processing import _adjudicate, process_phase, set_game_position  # noqa: E402
from judge.mail.outgoing import Author  # noqa: E402
from judge.orders.keys import OrderKey  # noqa: E402
from judge.rules.multiverse.adjudicate import adjudicate  # noqa: E402
from judge.rules.multiverse.basemap import base_map_for  # noqa: E402
from judge.rules.multiverse.json_io import WORLD_KEPT, read_world, write_world  # noqa: E402
from judge.rules.multiverse.mail_orders import WorldOrderCheck  # noqa: E402
from judge.rules.multiverse.order_text import format_order, world_types  # noqa: E402
from judge.rules.multiverse.random_orders import random_orders  # noqa: E402
from judge.rules.multiverse.setup import starting_world  # noqa: E402
from judge.rules.multiverse.world import World  # noqa: E402
from judge.rules.registry import ruleset_for_game  # noqa: E402
from judge.store.db import make_engine, migrate  # noqa: E402
from judge.store.mail import store_inbound  # noqa: E402
from judge.store.models import MULTIVERSE_RULES, Game  # noqa: E402
from judge.store.passwords import set_hash_cost  # noqa: E402
from judge.store.positions import kept  # noqa: E402

JUDGE = "judge@example.org"
POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
PASSWORD = "secret11"
NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
MAIL_TARGET_S, TURN_TARGET_S = 0.050, 0.3  # issue 27: "Done when"


@dataclasses.dataclass
class Grown:
    """The first world of at least a size of boards that waits for movement orders,
    the random orders of its turn, and the world and orders of the turn before it."""

    world: World
    orders: list
    before: World
    orders_before: list


def grow(sizes: list[int], seed: int, travel: float) -> dict[int, Grown]:
    """Random turns until each size is reached (see :class:`Grown`)."""
    base = dataclasses.replace(base_map_for("standard"), victory_centers=10**9)
    world = starting_world(base, seed=seed)
    rng = random.Random(seed)
    found: dict[int, Grown] = {}
    before: tuple[World, list] = (world, [])
    while len(found) < len(sizes):
        orders = random_orders(world, base, rng, travel)
        for size in sizes:
            if size not in found and len(world.boards) >= size and _movement(world):
                found[size] = Grown(world, orders, *before)
        before = (world, orders)
        world, _report = adjudicate(world, base, orders)
    return found


def _movement(world: World) -> bool:
    """Whether the world waits for movement orders on some board (no retreats)."""
    if world.needs_retreats():
        return False
    return any(not world.adjusts(key) for key in world.active_boards().values())


def store_game(path: Path, world: World) -> Any:
    """A fresh SQLite file at the migrations' head holding ``world`` as game ``big``."""
    url = f"sqlite:///{path}"
    migrate(url)
    engine = make_engine(url)
    base = base_map_for("standard")
    doc = {"variant": "standard", "rules": {"adjacency": "loose", "seed": 1}}
    doc.update(write_world(base, world, as_data=True))  # as a game stores its world
    with Session(engine) as session:
        seats = [Seat(p, f"{p}@players.example.com", PASSWORD, p.title()) for p in POWERS]
        game = create_game(session, "big", seats, deadline=NOW + timedelta(days=2))
        game.rules = MULTIVERSE_RULES
        set_game_position(game, doc)
        session.add(game)
        session.commit()
    return engine


def order_lines(world: World, orders: list, power: str, count: int) -> list[str]:
    """Up to ``count`` of the power's random orders, as canonical text."""
    types = world_types(world)
    return [format_order(order, types) for who, order in orders if who == power][:count]


def mail(body: str, n: int) -> bytes:
    msg = EmailMessage()
    msg["From"] = "france@players.example.com"
    msg["To"] = JUDGE
    msg["Subject"] = "orders"
    msg["Message-ID"] = f"<bench-{n}@players.example.com>"
    msg.set_content(body)
    return msg.as_bytes()


def apply_mail(engine: Any, config: Config, raw: bytes) -> tuple[float, float]:
    """Seconds (wall, CPU) to store and apply one mail and commit, in a session of
    its own."""
    started, cpu = time.perf_counter(), time.process_time()
    with Session(engine, expire_on_commit=False) as session:
        row = store_inbound(session, raw, "bench")
        assert row is not None
        process_inbound(session, row, config, now=NOW)
        session.commit()
    return time.perf_counter() - started, time.process_time() - cpu


def store_all_orders(engine: Any, world: World, orders: list) -> int:
    """Every random order of the turn stored for the game's phase (not timed), as a
    player's mail stores it: checked by the game's ruleset, and kept with the version
    of the position the check read.  (An order the check refuses, which a mail would
    not store, is stored without that version, as a master's would be: the turn
    checks it again.)"""
    types = world_types(world)
    with Session(engine) as session:
        game = find_game(session, "big")
        assert game is not None
        rules, version = ruleset_for_game(game), game.position_version
        position = game.position_view()
        for power, order in orders:
            text = format_order(order, types)
            check = WorldOrderCheck(text, True, text, None, None, power, order)
            accepted = all(c.ok for c in rules.check_orders(position, power, [text]))
            key = OrderKey.of(order)
            store_order(
                session,
                game,
                power,
                check,
                account_id=None,
                from_address="x",
                key=key,
                checked_on=version if accepted else None,
            )
        session.commit()
    return len(orders)


def stored_world(engine: Any) -> World:
    """The game's world now: the one its last turn kept with the stored position
    (as the next turn and mails find it), else read from the stored text."""
    with Session(engine) as session:
        game = find_game(session, "big")
        assert game is not None
        position = game.position_view()
        world = kept(position, WORLD_KEPT)
        return world if world is not None else read_world(base_map_for("standard"), position)


def after_turn(engine: Any, config: Config, count: int, seed: int) -> float:
    """Seconds to apply France's first mail after the processed turn (its orders for
    the new boards)."""
    world = stored_world(engine)
    orders = random_orders(world, base_map_for("standard"), random.Random(seed), 0.1)
    lines = order_lines(world, orders, "france", count)
    body = f"SIGNON Fbig {PASSWORD}\n" + "\n".join(lines) + "\n"
    return apply_mail(engine, config, mail(body, 1000))[0]


@dataclasses.dataclass
class TurnTimes:
    """Seconds of a turn: adjudicated from the stored data (``judged``), the same
    orders adjudicated in memory on the same world (``in_memory``: no database, no
    documents), and processed whole (``processed``); with its count of orders."""

    orders: int
    judged: tuple[float, float]  # seconds, of which full collections
    in_memory: tuple[float, float]
    processed: tuple[float, float]


def turn_times(engine: Any, world: World, orders: list) -> TurnTimes:
    """The game's phase adjudicated from its stored orders, then processed
    (``process_phase``, committed)."""
    store_all_orders(engine, world, orders)
    base = base_map_for("standard")
    # Both adjudications as process_phase runs them: automatic garbage collections wait
    # until the turn is done (judge.game.collector), and are counted in the turn's
    # young collection at its end (``processed`` below has the whole of it).
    with turn_collections():
        in_memory = collected(lambda: adjudicate(world, base, [(p, o) for p, o in orders]))
    with Session(engine) as session:
        game = find_game(session, "big")
        assert isinstance(game, Game)
        with turn_collections():
            judged = collected(lambda: _adjudicate(session, game))
        sender = Author("Bench Judge", JUDGE, "BNCH")

        def turn() -> None:
            process_phase(session, sender, game, NOW)
            session.commit()

        return TurnTimes(len(orders), judged, in_memory, collected(turn))


def kept_turn(path: Path, grown: Grown) -> TurnTimes:
    """The turn of ``grown.world`` with its orders, from the world its turn before
    kept: the world before is stored, its turn processed (not timed), and the world
    the game then keeps must be the grown one; then the same turn as ``first``, but
    as a daemon that processed the turn before meets it."""
    engine = store_game(path, grown.before)
    store_all_orders(engine, grown.before, grown.orders_before)
    with Session(engine) as session:
        game = find_game(session, "big")
        assert isinstance(game, Game)
        process_phase(session, Author("Bench Judge", JUDGE, "BNCH"), game, NOW)
        session.commit()
    assert stored_world(engine) == grown.world, "the stored turn made another world"
    times = turn_times(engine, grown.world, grown.orders)
    engine.dispose()
    return times


def next_movement_turn(engine: Any, seed: int, travel: float) -> tuple[World, list] | None:
    """Turns processed (random orders, not timed) until the game waits for movement
    orders again; its world and random orders for that turn (None: the game was won
    on the way, the standard map's victory being on in a stored game)."""
    base = base_map_for("standard")
    rng = random.Random(seed)
    while True:
        world = stored_world(engine)
        if world.winner is not None:
            return None
        orders = random_orders(world, base, rng, travel)
        if _movement(world):
            return world, orders
        store_all_orders(engine, world, orders)
        with Session(engine) as session:
            game = find_game(session, "big")
            assert isinstance(game, Game)
            process_phase(session, Author("Bench Judge", JUDGE, "BNCH"), game, NOW)
            session.commit()


COLLECTIONS = FullCollections()  # Python's full garbage collections, timed


def timed(run: Callable[[], Any]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def collected(run: Callable[[], Any]) -> tuple[float, float]:
    """Seconds of ``run()``, and of the full garbage collections that fell in it."""
    before = COLLECTIONS.seconds
    return timed(run), COLLECTIONS.seconds - before


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="100,500,2000")
    parser.add_argument("--orders", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--travel", type=float, default=0.1)
    parser.add_argument("--profile", type=int, default=0, help="profile a mail at this size")
    parser.add_argument("--mail-only", action="store_true", help="no turn processed")
    args = parser.parse_args(argv)
    sizes = sorted(int(s) for s in args.sizes.split(","))
    set_hash_cost(1, 1024)  # seven seats hashed per game: the check itself is not timed
    config = Config()
    config.judge.address = JUDGE
    config.judge.name = "Bench Judge"
    config.limits.replies_per_sender_per_hour = 10**6

    gc.callbacks.append(COLLECTIONS)
    # Victory off in the stored game too, as the world was grown: the turns after the
    # first go on to the next movement turn (a benchmark's change of the cached map).
    object.__setattr__(base_map_for("standard"), "victory_centers", 10**9)
    started = time.perf_counter()
    worlds = grow(sizes, args.seed, args.travel)
    print(f"grown in {time.perf_counter() - started:.0f} s; load average {os.getloadavg()}")
    print(
        f"{'boards':>6} {'history':>7} {'orders':>6} {'mail first':>10} {'mail next':>9} "
        f"{'next CPU':>8} {'mail after':>10}"
    )
    turns: list[tuple[int, str, TurnTimes]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            world, orders = worlds[size].world, worlds[size].orders
            engine = store_game(Path(tmp) / f"big{size}.db", world)
            lines = order_lines(world, orders, "france", args.orders)
            signon = f"SIGNON Fbig {PASSWORD}\n"
            apply_mail(engine, config, mail(signon, 0))  # the password, checked once
            engine.dispose()
            engine = make_engine(str(engine.url))  # parsed positions are kept per engine
            body = signon + "\n".join(lines) + "\n"
            times = [apply_mail(engine, config, mail(body, n)) for n in range(1, args.repeat + 1)]
            if args.profile == size:
                profile = cProfile.Profile()
                profile.enable()
                apply_mail(engine, config, mail(body, 999))
                profile.disable()
                pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
            later = float("nan")
            if not args.mail_only:
                # The first turn after the game was stored reads the stored text (as
                # the first after a restart); the next movement turn takes the world
                # and the written parts its previous turn kept.
                turns.append((len(world.boards), "first", turn_times(engine, world, orders)))
                later = after_turn(engine, config, args.orders, args.seed)
                kept_path = Path(tmp) / f"kept{size}.db"
                turns.append((len(world.boards), "kept", kept_turn(kept_path, worlds[size])))
                following = next_movement_turn(engine, args.seed, args.travel)
                if following is not None:
                    kept_world, kept_orders = following
                    turns.append(
                        (
                            len(kept_world.boards),
                            "next",
                            turn_times(engine, kept_world, kept_orders),
                        )
                    )
            history = sum(1 for _ in world.orders) + len(world.retreats)
            walls, cpus = [t[0] for t in times[1:]], [t[1] for t in times[1:]]
            print(
                f"{len(world.boards):>6} {history:>7} {len(lines):>6} {times[0][0] * 1e3:>8.1f}ms "
                f"{statistics.median(walls) * 1e3:>7.1f}ms {statistics.median(cpus) * 1e3:>6.1f}ms "
                f"{later * 1e3:>8.1f}ms"
            )
            engine.dispose()
    if turns:
        print("turns, seconds (of which Python's full garbage collections):")
        print(
            f"{'boards':>6} {'world':>5} {'orders':>6} {'from stored':>16} {'in memory':>16} "
            f"{'process':>16}"
        )
        for boards, how, turn in turns:
            cells = " ".join(
                f"{total:>7.3f} ({gc_part:.3f})"
                for total, gc_part in (turn.judged, turn.in_memory, turn.processed)
            )
            print(f"{boards:>6} {how:>5} {turn.orders:>6} {cells}")
    print(
        f"full garbage collections in the whole run: {COLLECTIONS.count}, "
        f"{COLLECTIONS.seconds:.2f} s"
    )
    print(
        f"targets: mail < {MAIL_TARGET_S * 1e3:.0f} ms at every size; "
        f"turn from stored data < {TURN_TARGET_S} s; load average {os.getloadavg()}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
