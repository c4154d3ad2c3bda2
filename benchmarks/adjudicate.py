#!/usr/bin/env python3
"""Benchmark the judge's adjudicator against the ``diplomacy`` package (MILA engine).

Random standard games are played with random legal orders (holds, moves,
supports, convoys, retreats, builds and removals) from a fixed seed.  Every
phase goes through ``judge.rules.documents.adjudicate_document``, timed from
the phase document with order strings to the answer.  Every movement phase is
also set up in a ``diplomacy.Game`` (position, centres, the same orders) and
processed, timed side by side.  The positions after each movement phase are
compared between the two engines.

Run ``python benchmarks/adjudicate.py``: when ``diplomacy`` cannot be imported
the script creates ``benchmarks/.venv`` (a plain venv, no system packages),
installs ``benchmarks/requirements.txt`` there and re-runs itself inside it.
The judge is imported from the repository (it needs only the standard library
for adjudication); the ``diplomacy`` package never enters the judge's own
environment.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
VENV = HERE / ".venv"
REQUIREMENTS = HERE / "requirements.txt"


# ------------------------------------------------------------ environment


def _venv_python() -> Path:
    return VENV / "bin" / "python"


def _inside_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def ensure_environment() -> None:
    """Re-run this script inside benchmarks/.venv unless ``diplomacy`` is importable."""
    try:
        import diplomacy  # noqa: F401
    except ImportError:
        if _inside_venv():
            print(f"installing {REQUIREMENTS.name} into {VENV}", file=sys.stderr)
            _pip_install()
        else:
            if not _venv_python().exists():
                print(f"creating a venv for the benchmark: {VENV}", file=sys.stderr)
                subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
                _pip_install()
            print(f"re-running inside {VENV}", file=sys.stderr)
            python = str(_venv_python())
            os.execv(python, [python, str(Path(__file__).resolve()), *sys.argv[1:]])
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def _pip_install() -> None:
    command = [str(_venv_python()), "-m", "pip", "install", "-q", "-r", str(REQUIREMENTS)]
    print("running: " + " ".join(command), file=sys.stderr)
    subprocess.run(command, check=True)


# ----------------------------------------------------------- random orders


@dataclass
class Board:
    """The judge's map seen the way the order generator needs it."""

    variant: Any
    reach_cache: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)

    def neighbours(self, kind: str, loc: str) -> frozenset[str]:
        """Where a unit of ``kind`` at ``loc`` may move (locations, coasts for fleets)."""
        if kind == "A":
            return self.variant.army_neighbours(loc)
        return self.variant.fleet_neighbours(loc)

    def reach(self, kind: str, loc: str) -> frozenset[str]:
        """The provinces a unit of ``kind`` at ``loc`` may move to (so also support into)."""
        key = (kind, loc)
        if key not in self.reach_cache:
            self.reach_cache[key] = frozenset(
                self.variant.province_of(n) for n in self.neighbours(kind, loc)
            )
        return self.reach_cache[key]


def _text(loc: str) -> str:
    return loc.upper()


def movement_orders(
    rng: random.Random, board: Board, units: list[dict[str, str]]
) -> dict[str, list[str]]:
    """Random legal movement orders for every unit, keyed by power."""
    v = board.variant
    by_loc = {u["province"]: u for u in units}
    orders: dict[str, str] = {}
    dest_of: dict[str, str] = {}  # unit location -> destination location of a move

    def name(loc: str) -> str:
        return f"{by_loc[loc]['type']} {_text(loc)}"

    # Convoys first: an army on a coast, fleets at sea forming a chain.
    for loc, unit in by_loc.items():
        if unit["type"] != "A" or not v.is_coastal(loc) or rng.random() > 0.35:
            continue
        route = _convoy_route(rng, board, loc, by_loc, orders)
        if route is None:
            continue
        fleets, dest = route
        orders[loc] = f"A {_text(loc)} - {_text(dest)} via convoy"
        dest_of[loc] = dest
        for fleet in fleets:
            orders[fleet] = f"F {_text(fleet)} C A {_text(loc)} - {_text(dest)}"

    # Everybody else: hold, move or (decided below) support.
    supporters = []
    for loc, unit in by_loc.items():
        if loc in orders:
            continue
        roll = rng.random()
        if roll < 0.15:
            orders[loc] = f"{name(loc)} H"
        elif roll < 0.65:
            dest = rng.choice(sorted(board.neighbours(unit["type"], loc)))
            orders[loc] = f"{name(loc)} - {_text(dest)}"
            dest_of[loc] = dest
        else:
            supporters.append(loc)
    for loc in supporters:
        reach = board.reach(by_loc[loc]["type"], loc)
        choices = []
        for other in by_loc:
            if other == loc:
                continue
            if other in dest_of:
                area = v.province_of(dest_of[other])
                if area in reach:
                    choices.append(f"{name(loc)} S {name(other)} - {_text(area)}")
            elif v.province_of(other) in reach:
                choices.append(f"{name(loc)} S {name(other)}")
        orders[loc] = rng.choice(choices) if choices else f"{name(loc)} H"

    by_power: dict[str, list[str]] = {}
    for loc, text in orders.items():
        by_power.setdefault(by_loc[loc]["power"], []).append(text)
    return by_power


def _convoy_route(
    rng: random.Random,
    board: Board,
    army: str,
    by_loc: dict[str, dict[str, str]],
    taken: dict[str, str],
) -> tuple[list[str], str] | None:
    """A chain of free fleets at sea from ``army`` to a random coast, if there is one."""
    v = board.variant

    def free_fleet(sea: str) -> bool:
        unit = by_loc.get(sea)
        return unit is not None and unit["type"] == "F" and sea not in taken and v.is_sea(sea)

    starts = {n for loc in v.fleet_locations(army) or (army,) for n in v.fleet_neighbours(loc)}
    parent: dict[str, str | None] = {s: None for s in starts if free_fleet(s)}
    queue = deque(sorted(parent))
    ends: dict[str, str] = {}
    while queue:
        sea = queue.popleft()
        for nxt in sorted(v.fleet_neighbours(sea)):
            area = v.province_of(nxt)
            if free_fleet(nxt) and nxt not in parent:
                parent[nxt] = sea
                queue.append(nxt)
            elif not v.is_sea(nxt) and area != army and area not in ends:
                ends[area] = sea
    if not ends:
        return None
    dest = rng.choice(sorted(ends))
    chain, sea = [], ends[dest]
    while sea is not None:
        chain.append(sea)
        sea = parent[sea]
    return chain, dest


def retreat_orders(rng: random.Random, dislodged: list[dict[str, Any]]) -> dict[str, list[str]]:
    """A random retreat (or a disband) for every dislodged unit."""
    orders: dict[str, list[str]] = {}
    for d in dislodged:
        unit = f"{d['type']} {_text(d['province'])}"
        options = d["retreat_options"]
        if options and rng.random() < 0.8:
            text = f"{unit} R {_text(rng.choice(options))}"
        else:
            text = f"{unit} D"
        orders.setdefault(d["power"], []).append(text)
    return orders


def adjustment_orders(
    rng: random.Random, board: Board, units: list[dict[str, str]], centers: dict[str, list[str]]
) -> dict[str, list[str]]:
    """Random builds, waives and removals (sometimes too few, to exercise civil disorder)."""
    v = board.variant
    orders: dict[str, list[str]] = {}
    occupied = {v.province_of(u["province"]) for u in units}
    for power in v.powers:
        own_units = [u for u in units if u["power"] == power]
        due = len(centers.get(power, [])) - len(own_units)
        lines: list[str] = []
        if due > 0:
            free = [
                c
                for c in v.powers[power].home_centers
                if c in centers.get(power, []) and c not in occupied
            ]
            rng.shuffle(free)
            for home in free[:due]:
                if rng.random() < 0.1:
                    lines.append("Waive")
                    continue
                fleet_at = list(v.fleet_locations(home)) if v.is_coastal(home) else []
                if fleet_at and rng.random() < 0.5:
                    lines.append(f"Build F {_text(rng.choice(fleet_at))}")
                else:
                    lines.append(f"Build A {_text(home)}")
        elif due < 0:
            removed = rng.sample(own_units, -due)
            if rng.random() < 0.2:
                removed = removed[:-1]
            lines.extend(f"Remove {u['type']} {_text(u['province'])}" for u in removed)
        if lines:
            orders[power] = lines
    return orders


# ----------------------------------------------------------- the MILA side


MILA_POWER = {
    "austria": "AUSTRIA",
    "england": "ENGLAND",
    "france": "FRANCE",
    "germany": "GERMANY",
    "italy": "ITALY",
    "russia": "RUSSIA",
    "turkey": "TURKEY",
}


def mila_orders(text: str) -> str:
    """One order in the ``diplomacy`` package's spelling."""
    return text.replace(" via convoy", " VIA")


def mila_phase(game: Any, doc: dict[str, Any]) -> tuple[list[float], set[tuple[str, ...]]]:
    """Set the position of ``doc`` in ``game``, give its orders, process.

    Returns the times of the three steps (position, orders, ``process()``),
    and the units afterwards as (power, type, location, dislodged) tuples.
    """
    units: dict[str, list[str]] = {p: [] for p in MILA_POWER}
    for u in doc["units"]:
        units[u["power"]].append(f"{u['type']} {_text(u['province'])}")
    centers = doc["supply_centers"]
    start = time.perf_counter()
    game.set_current_phase(doc["phase"])
    game.clear_units()
    game.clear_centers()
    for power, mila in MILA_POWER.items():
        game.set_units(mila, units[power], reset=True)
        game.set_centers(mila, [_text(c) for c in centers.get(power, [])], reset=True)
    before_orders = time.perf_counter()
    for power, lines in doc["orders"].items():
        game.set_orders(MILA_POWER[power], [mila_orders(t) for t in lines])
    before_process = time.perf_counter()
    game.process()
    end = time.perf_counter()
    after = set()
    for power, mila in MILA_POWER.items():
        for unit in game.get_units(mila):
            dislodged = unit.startswith("*")
            kind, loc = unit.lstrip("*").split()
            after.add((power, kind, loc.lower(), "dislodged" if dislodged else "on board"))
    return [before_orders - start, before_process - before_orders, end - before_process], after


def judge_after(answer: dict[str, Any]) -> set[tuple[str, ...]]:
    """The units after a phase in the judge's answer, as in :func:`mila_phase`.

    A dislodged unit with nowhere to go is left out: the ``diplomacy`` package
    disbands such units at once instead of waiting for the retreat phase.
    """
    after = {(u["power"], u["type"], u["province"], "on board") for u in answer["units"]}
    after |= {
        (d["power"], d["type"], d["province"], "dislodged")
        for d in answer["dislodged"]
        if d["retreat_options"]
    }
    return after


# ------------------------------------------------------------------ driver


@dataclass
class Disagreement:
    """A movement phase after which the engines' positions differ."""

    doc: dict[str, Any]
    answer: dict[str, Any]
    judge_only: set[tuple[str, ...]]
    diplomacy_only: set[tuple[str, ...]]


@dataclass
class Results:
    """Timings and comparisons gathered over all games."""

    judge_movement: list[float] = field(default_factory=list)
    judge_all: list[float] = field(default_factory=list)
    mila_total: list[float] = field(default_factory=list)
    mila_steps: list[list[float]] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    orders: int = 0
    judge_invalid: int = 0
    agreed: int = 0
    disagreements: list[Disagreement] = field(default_factory=list)
    movement_docs: list[dict[str, Any]] = field(default_factory=list)
    movement_answers: list[dict[str, Any]] = field(default_factory=list)
    invalid_reasons: Counter[str] = field(default_factory=Counter)
    misread: Counter[str] = field(default_factory=Counter)
    convoyed: Counter[str] = field(default_factory=Counter)


def play(seed: int, games: int, years: int, compare: bool, repeats: int = 1) -> Results:
    """Play the random games and time both engines.

    Each phase is adjudicated ``repeats`` times by each engine and the fastest
    time kept, which filters out pauses caused by other work on the machine.
    """
    from judge.orders.text import clear_read_cache
    from judge.rules.documents import adjudicate_document
    from judge.variant.data import load_variant

    Game = None
    if compare:
        from diplomacy import Game

    board = Board(load_variant("standard"))
    rng = random.Random(seed)
    results = Results()
    start_units = [
        {"power": p, "type": t, "province": loc} for p, t, loc in board.variant.starting_units
    ]
    start_centers = {p: list(c) for p, c in board.variant.starting_centers.items()}
    for _ in range(games):
        game = Game() if Game is not None else None
        state: dict[str, Any] = {
            "variant": "standard",
            "phase": "S1901M",
            "units": start_units,
            "dislodged": [],
            "contested": [],
            "supply_centers": start_centers,
        }
        last_year = 1900 + years
        while int(state["phase"][1:5]) <= last_year:
            kind = state["phase"][-1]
            if kind == "M":
                orders = movement_orders(rng, board, state["units"])
            elif kind == "R":
                orders = retreat_orders(rng, state["dislodged"])
            else:
                orders = adjustment_orders(rng, board, state["units"], state["supply_centers"])
            doc = dict(state, orders=orders)
            elapsed = math.inf
            for _ in range(repeats):
                clear_read_cache()  # every run reads its order texts afresh
                t0 = time.perf_counter()
                answer = adjudicate_document(doc)
                elapsed = min(elapsed, time.perf_counter() - t0)
            results.judge_all.append(elapsed)
            results.kinds[kind] += 1
            results.orders += len(answer["orders"])
            for entry in answer["orders"]:
                if entry["text"].endswith("via convoy"):
                    results.convoyed[entry["result"]] += 1
                if misread(entry):
                    results.misread[f"{entry['text']} -> {entry['order']!r}"] += 1
                if entry["result"] == "invalid":
                    results.judge_invalid += 1
                    results.invalid_reasons[f"{entry['text']}: {entry['reason']}"] += 1
            if kind == "M":
                results.judge_movement.append(elapsed)
                results.movement_docs.append(doc)
                results.movement_answers.append(answer)
                if game is not None:
                    runs = []
                    for _ in range(repeats):
                        steps, mila_units = mila_phase(game, doc)
                        runs.append(steps)
                    fastest = min(runs, key=sum)
                    results.mila_total.append(sum(fastest))
                    results.mila_steps.append(fastest)
                    ours = judge_after(answer)
                    if ours == mila_units:
                        results.agreed += 1
                    else:
                        results.disagreements.append(
                            Disagreement(doc, answer, ours - mila_units, mila_units - ours)
                        )
            state = {
                "variant": "standard",
                "phase": answer["next_phase"],
                "units": answer["units"],
                "dislodged": answer["dislodged"],
                "contested": answer["contested"],
                "supply_centers": answer["supply_centers"],
            }
    return results


def misread(entry: dict[str, Any]) -> bool:
    """Whether the judge read an order as something else than its text says.

    The generated orders are written in the judge's own canonical form (in
    capitals), so any difference beyond case is a misreading.
    """
    return entry["order"] is None or entry["order"].upper() != entry["text"].upper()


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def report(results: Results, seed: int, games: int, repeats: int, examples: int) -> None:
    """Print the figures, and a few disagreements between the engines."""
    moves = len(results.judge_movement)
    total = len(results.judge_all)
    print(
        f"standard random games: seed {seed}, {games} games, {moves} movement phases, "
        f"{total} phases total ({results.kinds['R']} retreat, {results.kinds['A']} adjustment), "
        f"{results.orders} orders ({results.judge_invalid} judged invalid, "
        f"{sum(results.convoyed.values())} convoyed moves of which "
        f"{results.convoyed['succeeds']} succeeded); "
        f"fastest of {repeats} runs per phase"
    )
    for text, count in results.invalid_reasons.most_common(3):
        print(f"  judged invalid {count}x: {text}")
    print(f"orders the judge read otherwise than written: {sum(results.misread.values())}")
    for text, count in results.misread.most_common(3):
        print(f"  {count}x: {text}")
    judge_median = statistics.median(results.judge_movement)
    print(
        f"judge:     median {_ms(judge_median)} per movement phase, "
        f"{moves / sum(results.judge_movement):.0f} movement phases/s, "
        f"{total / sum(results.judge_all):.0f} phases/s (all kinds)"
    )
    if not results.mila_total:
        return
    mila_median = statistics.median(results.mila_total)
    steps = [statistics.median(column) for column in zip(*results.mila_steps, strict=True)]
    process_median = steps[2]
    print(
        f"diplomacy: median {_ms(mila_median)} per movement phase "
        f"(set position {_ms(steps[0])}, set_orders {_ms(steps[1])}, "
        f"process() {_ms(steps[2])}), "
        f"{moves / sum(results.mila_total):.0f} movement phases/s"
    )
    print(f"ratio (diplomacy / judge, median movement phase): {mila_median / judge_median:.1f}x")
    print(f"ratio (diplomacy process() alone / judge): {process_median / judge_median:.1f}x")
    print(f"agreement on positions after movement: {results.agreed}/{moves}")
    explained = sum(
        any(misread(entry) for entry in case.answer["orders"]) for case in results.disagreements
    )
    if results.disagreements:
        print(
            f"  {explained} of the {len(results.disagreements)} differences are in phases "
            "with an order the judge read otherwise than written"
        )
    for case in results.disagreements[:examples]:
        show_disagreement(case)


def show_disagreement(case: Disagreement) -> None:
    """Print one disagreement: the differing units and the judge's results nearby."""
    print(f"\n  {case.doc['phase']}: judge only {sorted(case.judge_only)}")
    print(f"  {' ' * len(case.doc['phase'])}  diplomacy only {sorted(case.diplomacy_only)}")
    areas = {loc[:3].upper() for _, _, loc, _ in case.judge_only | case.diplomacy_only}
    for entry in case.answer["orders"]:
        if any(area in entry["text"] for area in areas):
            reason = f" ({entry['reason']})" if entry["reason"] else ""
            if misread(entry):
                reason += f", read as {entry['order']!r}"
            print(f"    {entry['text']:<28} judge: {entry['result']}{reason}")


def profile_judge(results: Results) -> None:
    """cProfile ``adjudicate_document`` over the movement phases of the games."""
    import cProfile
    import pstats

    from judge.rules.documents import adjudicate_document

    profiler = cProfile.Profile()
    profiler.enable()
    for doc in results.movement_docs:
        adjudicate_document(doc)
    profiler.disable()
    print(f"profile of adjudicate_document over {len(results.movement_docs)} movement phases")
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats(40)
    stats.sort_stats("tottime").print_stats(25)


def breakdown_judge(results: Results, repeats: int) -> None:
    """Where a movement phase's time goes, by stage of ``adjudicate_document``.

    The stages are timed by wrapping the functions ``adjudicate_document``
    calls, for this run only; the judge's code is not changed.
    """
    import judge.orders.text as ot
    import judge.rules.documents as aj

    spent: Counter[str] = Counter()

    def timed(name: str, function: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent[name] += time.perf_counter() - t0

        return wrapper

    stages = {
        (aj, "read_position"): "read the position",
        (aj, "document_checks"): "check orders (read, interpret, legality, wording)",
        (ot, "_read_order"): "  of which: read order texts not read before",
        (aj, "judge_checks"): "judge checked orders (resolver, next phase, answer)",
        (aj, "_answer"): "  of which: answer document",
    }
    saved = {key: getattr(*key) for key in stages}
    try:
        for (module, attribute), name in stages.items():
            setattr(module, attribute, timed(name, saved[(module, attribute)]))
        whole = 0.0
        for _ in range(repeats):
            ot.clear_read_cache()  # every pass reads its order texts afresh
            for doc in results.movement_docs:
                t0 = time.perf_counter()
                aj.adjudicate_document(doc)
                whole += time.perf_counter() - t0
    finally:
        for (module, attribute), function in saved.items():
            setattr(module, attribute, function)
    count = repeats * len(results.movement_docs)
    print(f"judge, mean per movement phase by stage ({count} runs, timers included):")
    print(f"  {'whole adjudicate_document':<52} {_ms(whole / count):>9}")
    for name in stages.values():
        share = spent[name] / whole
        print(f"  {name:<52} {_ms(spent[name] / count):>9} {share:6.1%}")
    rest = whole - sum(t for name, t in spent.items() if not name.startswith(" "))
    print(f"  {'everything else (glue)':<52} {_ms(rest / count):>9}")


# ------------------------------------------------------- through the command


def judge_command() -> list[str]:
    """How users call the judge: the console script of the project's own venv."""
    script = ROOT / ".venv" / "bin" / "judge"
    if not script.exists():
        sys.exit(f"{script} not found: run `make venv` in {ROOT} first")
    return [str(script), "adjudicate"]


# The command as users call it (a long batch on every usable core), and kept to one
# process (`--jobs 1`): both are timed, interleaved, against the same one-phase batch.
COMMAND_MODES = (("as users call it", ()), ("--jobs 1, one process", ("--jobs", "1")))


def time_command(results: Results, runs: int) -> tuple[dict[str, list[float]], list[float]]:
    """Time ``judge adjudicate`` on all movement phases as one batch (in each of
    COMMAND_MODES), and on one phase; return the raw times.  The answers of every
    batch run must equal the in-process answers, or the benchmark stops."""
    import json
    import tempfile

    docs = results.movement_docs
    whole: dict[str, list[float]] = {label: [] for label, _ in COMMAND_MODES}
    single: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        batch, one = Path(tmp) / "batch.json", Path(tmp) / "one.json"
        batch.write_text(json.dumps(docs))
        one.write_text(json.dumps(docs[:1]))
        for _ in range(runs):  # interleaved, so load on the machine hits all alike
            runs_now = [(batch, extra, whole[label]) for label, extra in COMMAND_MODES]
            for path, extra, times in [*runs_now, (one, (), single)]:
                t0 = time.perf_counter()
                command = [*judge_command(), *extra, str(path)]
                done = subprocess.run(command, capture_output=True)
                times.append(time.perf_counter() - t0)
                if done.returncode != 0:
                    sys.exit(f"judge adjudicate failed: {done.stderr.decode()}")
                if path == batch and json.loads(done.stdout) != results.movement_answers:
                    sys.exit("judge adjudicate answered otherwise than adjudicate_document")
    return whole, single


def report_command(results: Results, runs: int) -> None:
    """Print the command's time per phase beside ``diplomacy``'s on the same phases:
    the median batch minus the median one-phase batch, over the phases after the first."""
    whole, single = time_command(results, runs)
    moves = len(results.movement_docs)
    print(
        f"judge adjudicate (the command, {runs} runs): one-phase batch "
        f"{statistics.median(single):.3f} s (runs {min(single):.3f}-{max(single):.3f}); "
        f"{os.cpu_count()} cores"
    )
    mila = 0.0
    if results.mila_steps:
        mila = sum(steps[1] + steps[2] for steps in results.mila_steps) / moves
        mila_all = sum(sum(steps) for steps in results.mila_steps) / moves
        print(
            f"diplomacy, same phases, mean per phase: set_orders() + process() {_ms(mila)} "
            f"(with setting the position {_ms(mila_all)})"
        )
    for label, _ in COMMAND_MODES:
        times = whole[label]
        per_phase = (statistics.median(times) - statistics.median(single)) / (moves - 1)
        print(
            f"judge adjudicate, {label}: batch of {moves} movement phases "
            f"{statistics.median(times):.2f} s (runs {min(times):.2f}-{max(times):.2f}), "
            f"{_ms(per_phase)} per phase (batch minus one-phase batch)"
        )
        if mila:
            print(
                f"  ratio (diplomacy set_orders()+process() / judge adjudicate per phase): "
                f"{mila / per_phase:.1f}x (target 10x)"
            )


def main(argv: list[str] | None = None) -> None:
    """Command line entry: run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument(
        "--repeats", type=int, default=3, help="runs per phase and engine; the fastest counts"
    )
    parser.add_argument("--examples", type=int, default=5, help="disagreements to show")
    parser.add_argument(
        "--judge-only", action="store_true", help="skip the diplomacy package (no venv needed)"
    )
    parser.add_argument("--profile", action="store_true", help="cProfile the judge's phases")
    parser.add_argument(
        "--breakdown", action="store_true", help="time the stages of the judge's movement phases"
    )
    parser.add_argument(
        "--command",
        type=int,
        default=0,
        metavar="RUNS",
        help="also time `judge adjudicate` (the project's console script) on all movement "
        "phases as one batch, RUNS times each with a one-phase batch",
    )
    parser.add_argument(
        "--save-batch",
        metavar="FILE",
        help="write the movement phases as one JSON array to FILE (input for `judge adjudicate`)",
    )
    args = parser.parse_args(argv)
    if args.judge_only:
        if str(ROOT) not in sys.path:
            sys.path.insert(0, str(ROOT))
    else:
        ensure_environment()
    if args.profile or args.breakdown:
        results = play(args.seed, args.games, args.years, compare=False)
        if args.breakdown:
            breakdown_judge(results, args.repeats)
        if args.profile:
            profile_judge(results)
        return
    results = play(args.seed, args.games, args.years, not args.judge_only, args.repeats)
    report(results, args.seed, args.games, args.repeats, args.examples)
    if args.save_batch:
        import json

        Path(args.save_batch).write_text(json.dumps(results.movement_docs))
    if args.command:
        report_command(results, args.command)


if __name__ == "__main__":
    main()
