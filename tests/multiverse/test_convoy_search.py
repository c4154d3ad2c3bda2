"""The convoy route search over dense adjacency (5dplomacy reaches up to nine boards).

The search lists the areas within a fleet's reach (``areas_in_reach``) rather than
testing every pair of fleets; these tests hold it to the plain search it replaced,
written out again here: test every fleet against the last of the chain.
"""

from __future__ import annotations

import random

import pytest

from judge.engine import convoys
from judge.engine.convoys import convoy_carriers, convoy_fleets
from judge.engine.orders import Unit, UnitType
from judge.rules.multiverse.adjudicate import adjudicate
from judge.rules.multiverse.fived import FivedGeography
from judge.rules.multiverse.geography import MultiverseGeography
from judge.rules.multiverse.random_orders import random_orders
from judge.rules.multiverse.setup import starting_world
from judge.rules.multiverse.validation import legality_board
from judge.rules.multiverse.world import FIVED, REFERENCE

from .helpers import BASE

A, F = UnitType.ARMY, UnitType.FLEET


def plain_search(geo, units, army, dest, exclude=None, limit=50_000) -> set:
    """Every fleet of a minimal chain, each link found by testing every fleet."""
    start, goal = geo.province(army), geo.province(dest)
    if start == goal:
        return set()
    fleets = [
        loc
        for loc, unit in units.items()
        if unit.type.convoys and geo.can_convoy(loc) and loc != exclude
    ]
    found: set = set()
    budget = [limit]

    def linked(a, b) -> bool:
        return geo.can_reach(units[a].type, a, geo.province(b))

    def extend(chain: list) -> None:
        budget[0] -= 1
        last = chain[-1]
        if geo.can_reach(units[last].type, last, goal):
            found.update(chain)
            return
        if budget[0] <= 0:
            return
        for nxt in fleets:
            if nxt in chain or not linked(last, nxt):
                continue
            if geo.can_reach(units[nxt].type, nxt, start):
                continue
            if any(linked(earlier, nxt) for earlier in chain[:-1]):
                continue
            extend([*chain, nxt])

    for first in fleets:
        if geo.can_reach(units[first].type, first, start):
            extend([first])
    return found


class Unlisted:
    """A geography that cannot list the areas in reach (the search tests every area)."""

    def __init__(self, geo) -> None:
        self._geo = geo

    def __getattr__(self, name):
        if name == "areas_in_reach":
            raise AttributeError(name)
        return getattr(self._geo, name)


def grown(rules: str, seed: int, turns: int):
    """A world after ``turns`` seeded random turns, and its geography."""
    rng = random.Random(seed)
    world = starting_world(BASE, seed=seed, rules=rules)
    for _ in range(turns):
        world, _ = adjudicate(world, BASE, random_orders(world, BASE, rng, 0.3))
    geo = FivedGeography(BASE, world) if world.fived else MultiverseGeography(BASE, False)
    return world, geo


def test_the_map_lists_exactly_the_areas_a_unit_reaches():
    geo = BASE.geography
    provinces = sorted(BASE.locations)
    for kind, places in ((A, BASE.army_locations), (F, BASE.fleet_locations)):
        for src in sorted(places):
            listed = set(geo.areas_in_reach(kind, src))
            assert listed == {p for p in provinces if geo.can_reach(kind, src, p)}, src


@pytest.mark.parametrize(("rules", "seed"), [(FIVED, 3), (REFERENCE, 3)])
def test_a_multiverse_lists_every_area_a_fleet_reaches(rules, seed):
    world, geo = grown(rules, seed, 8)
    boards = sorted(world.boards)
    areas = [(*key, p) for key in boards for p in sorted(BASE.locations)]
    fleets = [
        key.at(loc) for key in boards for loc, u in world.boards[key].units.items() if u.type is F
    ]
    assert fleets
    for src in random.Random(seed).sample(fleets, min(25, len(fleets))):
        listed = set(geo.areas_in_reach(F, src))
        missed = [a for a in areas if geo.can_reach(F, src, a) and a not in listed]
        assert not missed, (src, missed[:3])


@pytest.mark.parametrize(
    ("rules", "seed", "turns"), [(FIVED, 1, 6), (FIVED, 2, 6), (REFERENCE, 1, 10)]
)
def test_the_search_finds_what_testing_every_fleet_finds(rules, seed, turns):
    compare_searches(rules, seed, turns, 50_000)


def test_a_search_cut_short_finds_what_the_plain_search_cut_short_finds(monkeypatch):
    # Long routes from London to Tunis: the same chains are looked at in the same
    # order, so a small budget ends both searches at the same point.
    geo = BASE.geography
    seas = ["eng", "iri", "mao", "nao", "wes", "lyo", "tys", "ion", "nth"]
    units = {"lon": Unit("england", A), **{sea: Unit("england", F) for sea in seas}}
    full = plain_search(geo, units, "lon", "tun")
    assert len(full) >= 3  # a chain of three fleets at least
    cut = 0
    for limit in range(1, 40):
        monkeypatch.setattr(convoys, "_SEARCH_LIMIT", limit)
        for exclude in (None, "mao", "wes"):
            expected = plain_search(geo, units, "lon", "tun", exclude, limit)
            assert convoy_fleets(geo, units, "lon", "tun", exclude) == expected, (limit, exclude)
            cut += expected != plain_search(geo, units, "lon", "tun", exclude)
    assert cut  # the budget did cut some searches short


def compare_searches(
    rules: str, seed: int, turns: int, limit: int, boards: int = 12, dests: int = 4
) -> int:
    """Random searches of a grown world (``boards`` boards, two armies of each,
    ``dests`` destinations each): the same fleets as :func:`plain_search`.
    Returns how many of them the budget ``limit`` cut short (fewer fleets found)."""
    world, geo = grown(rules, seed, turns)
    rng = random.Random(seed)
    asked = cut = 0
    keys = sorted(world.boards)
    for key in rng.sample(keys, min(boards, len(keys))):
        units = legality_board(world, geo, key).units
        armies = [key.at(loc) for loc, u in world.boards[key].units.items() if u.type is A]
        coasts = [key.at(p) for p in sorted(BASE.locations) if geo.is_coastal((*key, p))]
        carriers = convoy_carriers(geo, units)
        for army in rng.sample(armies, min(2, len(armies))):
            for dest in rng.sample(coasts, min(dests, len(coasts))):
                exclude = rng.choice([None, *carriers]) if carriers else None
                expected = plain_search(geo, units, army, dest, exclude, limit)
                assert convoy_fleets(geo, units, army, dest, exclude, carriers) == expected
                assert convoy_fleets(Unlisted(geo), units, army, dest, exclude) == expected
                asked += bool(expected)
                if limit < 50_000:
                    cut += plain_search(geo, units, army, dest, exclude) != expected
    assert asked  # some routes were found, not only empty answers
    return cut
