"""Property tests: random worlds with random orders.

* adjudication never crashes and keeps every board consistent;
* the result does not depend on the order in which orders are given;
* the same world and orders always give the same world.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.rules.multiverse.adjudicate import adjudicate
from judge.rules.multiverse.json_io import write_world
from judge.rules.multiverse.random_orders import random_orders
from judge.rules.multiverse.setup import starting_world

from .helpers import BASE

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def grown_world(seed: int, turns: int, strict: bool, travel: float):
    """Play ``turns`` random turns from the standard start."""
    rng = random.Random(seed)
    world = starting_world(BASE, strict=strict, seed=seed)
    for _ in range(turns):
        world, _ = adjudicate(world, BASE, random_orders(world, BASE, rng, travel))
    return world, rng


def check_consistent(world) -> None:
    """No two units share a province on a board; every location is on the map."""
    for board in world.boards.values():
        provinces = [BASE.province(loc) for loc in board.units]
        assert len(provinces) == len(set(provinces)), board.key
        for loc, unit in board.units.items():
            allowed = BASE.army_locations if unit.type.value == "A" else BASE.fleet_locations
            assert loc in allowed, (board.key, loc)
    heads = world.active_boards()
    for board in world.boards.values():
        for child in board.children:
            assert child in heads


def summary(world, report):
    """Everything a turn decides, in a comparable form."""
    results = sorted((r.power, repr(r.order), r.status, r.reason) for r in report.submitted)
    rejudged = sorted((repr(r.order), r.status) for r in report.rejudged)
    return write_world(BASE, world), results, rejudged, report.forks


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    turns=st.integers(1, 12),
    strict=st.booleans(),
    travel=st.sampled_from([0.1, 0.3, 0.6]),
)
def test_random_games_never_crash_and_stay_consistent(seed, turns, strict, travel):
    world, _ = grown_world(seed, turns, strict, travel)
    check_consistent(world)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), turns=st.integers(0, 7), strict=st.booleans())
def test_results_do_not_depend_on_the_order_of_orders(seed, turns, strict):
    world, rng = grown_world(seed, turns, strict, 0.3)
    orders = random_orders(world, BASE, rng, 0.3)
    shuffled = list(orders)
    random.Random(seed + 1).shuffle(shuffled)
    # Builds of one power on one board are taken in the order given (DATC 4.D.4);
    # keep their relative order, shuffle everything else.
    builds = iter([o for o in orders if type(o[1]).__name__ == "Build"])
    shuffled = [next(builds) if type(o[1]).__name__ == "Build" else o for o in shuffled]
    one = adjudicate(world, BASE, orders)
    two = adjudicate(world, BASE, shuffled)
    assert summary(*one) == summary(*two)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), turns=st.integers(0, 7), strict=st.booleans())
def test_the_same_world_and_orders_give_the_same_world(seed, turns, strict):
    world, rng = grown_world(seed, turns, strict, 0.3)
    orders = random_orders(world, BASE, rng, 0.3)
    before = write_world(BASE, world)
    one = adjudicate(world, BASE, orders)
    two = adjudicate(world, BASE, orders)
    assert summary(*one) == summary(*two)
    assert write_world(BASE, world) == before  # the input world is left untouched
