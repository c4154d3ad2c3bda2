"""The random orders of the property tests and the benchmarks are orders the rules
accept: a turn that times refused orders measures their refusal, not their
adjudication.  5dplomacy's own adjacency (docs/multiverse.md: a unit reaches only a
neighbouring province, on its own board or one within a turn on a related timeline)
was not asked before, and about one order in ten made for a 5dplomacy world was
refused."""

from __future__ import annotations

import random

import pytest

from judge.rules.multiverse.adjudicate import adjudicate
from judge.rules.multiverse.random_orders import random_orders
from judge.rules.multiverse.setup import starting_world
from judge.rules.multiverse.world import INVALID

from .helpers import BASE


@pytest.mark.parametrize("rules", ["5dplomacy", "reference"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_random_order_is_one_the_rules_accept(rules: str, seed: int) -> None:
    rng = random.Random(seed)
    world = starting_world(BASE, seed=seed, rules=rules)
    refused = []
    for _ in range(7):
        world, report = adjudicate(world, BASE, random_orders(world, BASE, rng, 0.3))
        refused += [(r.order, r.reason) for r in report.submitted if r.status == INVALID]
    assert len(world.boards) > 10  # the units did travel
    assert refused == []
