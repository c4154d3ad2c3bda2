"""Benchmark: random multiverse games until the world holds at least N boards.

Each turn gives random legal orders to every unit on every active board, with a
steady share of moves into the past and across timelines (fixed seed).
Victory is switched off so the world keeps growing.  Prints, per turn, the
number of boards and of orders adjudicated (new, re-judged and automatic)
against the time the turn took, then a least-squares fit of time against
orders adjudicated, and the peak memory.

    .venv/bin/python benchmarks/multiverse.py [--boards 2000] [--seed 1] [--travel 0.1]

``--ruleset 5dplomacy`` plays the game by 5dplomacy's rules (its adjacency reaches
up to nine boards, so worlds of a few dozen boards already test the convoy
search: try ``--ruleset 5dplomacy --boards 40 --repeat 5``).  ``--repeat N`` plays
the same seeded game N times and prints the median time of each turn.

With the default ``--boards 2000`` it also prints the time of the movement turn
of the first world of at least 2,000 boards against the target of issue 15
(under 0.25 s), with its CPU time (steadier on a shared machine) and the time
Python's full garbage collections took inside it, and the memory the world
holds per board as it grows.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import random
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.rules.multiverse.adjudicate import adjudicate  # noqa: E402
from judge.rules.multiverse.basemap import base_map_for  # noqa: E402
from judge.rules.multiverse.random_orders import random_orders  # noqa: E402
from judge.rules.multiverse.setup import starting_world  # noqa: E402
from judge.rules.multiverse.world import FIVED, REFERENCE  # noqa: E402

TARGET_BOARDS, TARGET_SECONDS = 2000, 0.25  # issue 15: a turn of 2,000 boards under 0.25 s


class FullCollections:
    """Seconds spent in Python's full (oldest generation) garbage collections, so far.

    Such a collection walks every object the process holds; when one falls in a
    timed turn of a big world it adds tens of milliseconds to that turn.
    """

    def __init__(self) -> None:
        self.seconds = 0.0
        self.count = 0
        self._started = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._started
            self.count += 1


def run(
    boards: int,
    seed: int,
    travel: float,
    strict: bool,
    extra: int,
    memory: list | None = None,
    rules: str = REFERENCE,
) -> list[tuple]:
    """Play until ``boards`` boards exist, then ``extra`` more turns; one row per turn:
    ``(boards, orders given, orders judged, re-judged, seconds, forks, CPU seconds,
    seconds of full garbage collections)``.

    With ``memory`` (and tracemalloc running), ``(boards, traced bytes)`` is
    appended after each turn: the memory held while the world has that size.
    ``rules``: the rule set (the reference game's or 5dplomacy's).
    """
    base = dataclasses.replace(base_map_for("standard"), victory_centers=10**9)
    world = starting_world(base, strict=strict, seed=seed, rules=rules)
    rng = random.Random(seed)
    rows = []
    after_target = 0
    collections = FullCollections()
    gc.callbacks.append(collections)
    try:
        while after_target <= extra:
            orders = random_orders(world, base, rng, travel)
            size = len(world.boards)
            collected = collections.seconds
            cpu = time.process_time()
            started = time.perf_counter()
            world, report = adjudicate(world, base, orders)
            elapsed = time.perf_counter() - started
            cpu = time.process_time() - cpu
            judged = len(report.submitted) + len(report.rejudged) + len(report.automatic)
            rows.append(
                (size, len(orders), judged, len(report.rejudged), elapsed, len(report.forks))
                + (cpu, collections.seconds - collected)
            )
            if memory is not None:
                memory.append((len(world.boards), tracemalloc.get_traced_memory()[0]))
            if size >= boards:
                after_target += 1
    finally:
        gc.callbacks.remove(collections)
    return rows


def median_rows(games: list[list[tuple]]) -> list[tuple]:
    """One game's rows with the median time, CPU time and collection time of each turn
    over several plays of the same seeded game (the other columns are the same)."""
    rows = []
    for turn in zip(*games, strict=True):
        times = [statistics.median(r[i] for r in turn) for i in (4, 6, 7)]
        first = turn[0]
        rows.append(first[:4] + (times[0], first[5], times[1], times[2]))
    return rows


def fit(rows: list[tuple]) -> tuple[float, float]:
    """Least squares ``time = a + b * orders adjudicated``."""
    xs = [r[2] for r in rows]
    ys = [r[4] for r in rows]
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs) or 1.0
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    return my - b * mx, b


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the curve."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=TARGET_BOARDS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--travel", type=float, default=0.1)
    parser.add_argument("--strict", action="store_true")
    parser.add_argument("--extra", type=int, default=3, help="turns after reaching --boards")
    parser.add_argument("--ruleset", choices=(REFERENCE, FIVED), default=REFERENCE)
    parser.add_argument("--repeat", type=int, default=1, help="games played; median per turn")
    args = parser.parse_args(argv)

    game = (args.boards, args.seed, args.travel, args.strict, args.extra)
    rows = median_rows([run(*game, rules=args.ruleset) for _ in range(max(1, args.repeat))])
    print(
        f"{'turn':>4} {'boards':>6} {'given':>6} {'judged':>6} {'past':>5} {'forks':>5} {'ms':>8}"
    )
    for turn, (size, given, judged, past, elapsed, forks, *_) in enumerate(rows, 1):
        print(
            f"{turn:>4} {size:>6} {given:>6} {judged:>6} {past:>5} {forks:>5} {elapsed * 1e3:8.1f}"
        )
    a, b = fit(rows)
    print(f"fit: time = {a * 1e3:.1f} ms + {b * 1e6:.1f} µs x orders adjudicated")
    big = [r for r in rows if r[0] >= args.boards]
    if big:
        worst = max(r[4] for r in big)
        print(f"slowest turn at >= {args.boards} boards: {worst * 1e3:.1f} ms")
        near = [r for r in big if r[0] >= TARGET_BOARDS]
        if near:
            size, _, judged, _, elapsed, _, cpu, collecting = max(near[:2], key=lambda r: r[2])
            verdict = "met" if elapsed < TARGET_SECONDS else "NOT met"
            print(
                f"movement turn of the first world of >= {TARGET_BOARDS} boards ({size} boards, "
                f"{judged} orders adjudicated): {elapsed:.3f} s, target < {TARGET_SECONDS} s: "
                f"{verdict} (CPU {cpu:.3f} s; full garbage collections in it "
                f"{collecting * 1e3:.0f} ms)"
            )
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory: {peak_rss:.0f} MiB")

    # Allocation peak of one more game up to the same size, traced, and the
    # memory the world holds at each size: linear means constant bytes per board.
    memory: list[tuple[int, int]] = []
    tracemalloc.start()
    run(args.boards, args.seed, args.travel, args.strict, 0, memory, args.ruleset)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"peak Python allocations (tracemalloc): {peak / 2**20:.0f} MiB")
    sizes = sorted({size: held for size, held in memory if size >= 100}.items())
    shown = sizes[:: max(1, len(sizes) // 6)] + sizes[-1:]
    print(
        "memory held after a turn, per board: "
        + ", ".join(f"{size} boards {held / size / 1024:.1f} KiB" for size, held in shown)
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
