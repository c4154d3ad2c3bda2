"""Root Z's pairing at game start: every player gets an allowed pair of powers.

The method (said in the start mail and docs/variants.md): the players are put in an
order drawn at random with the game's seed (``random.Random(seed)``), so it can be
reproduced and nobody gains by joining early.  In that order each player takes the
allowed pair (rules 3.0-3.2) they like best among those still free, provided the
players after them can still all get an allowed pair.  A pair's cost to a player is
the place of its first-zone power in their list for that zone plus the place of its
second-zone power in the other list (first place 0; a power not listed costs the
length of its zone); the cheapest pair wins, and equal costs are settled by an order
of the pairs drawn with the same seed.

Pure: no I/O.  The allowed pairs and zones come from :mod:`judge.variant.rootz_pairs`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

Pair = tuple[str, str]


def pair_cost(pair: Pair, lists: Sequence[Sequence[str]], zone_size: int) -> int:
    """What a pair costs a player with preference ``lists`` (one per zone, best first)."""
    cost = 0
    for power in pair:
        place = next((lst.index(power) for lst in lists if power in lst), zone_size)
        cost += place
    return cost


def _matchable(pairs: Sequence[Pair], used: set[str], wanted: int) -> bool:
    """Whether ``wanted`` disjoint pairs avoiding ``used`` exist (augmenting paths)."""
    if wanted <= 0:
        return True
    partner: dict[str, str] = {}
    options: dict[str, list[str]] = {}
    for a, b in pairs:
        if a not in used and b not in used:
            options.setdefault(a, []).append(b)

    def augment(a: str, seen: set[str]) -> bool:
        for b in options.get(a, []):
            if b in seen:
                continue
            seen.add(b)
            if b not in partner or augment(partner[b], seen):
                partner[b] = a
                return True
        return False

    found = sum(1 for a in options if augment(a, set()))
    return found >= wanted


def assign_pairs(
    preferences: Sequence[Sequence[Sequence[str]]],
    allowed: Sequence[Pair],
    zones: Mapping[str, int],
    seed: int,
) -> list[Pair]:
    """An allowed pair for each player (given by their preference lists, in join
    order), as the module docstring says; each pair is ordered (zone 0, zone 1).

    Raises ValueError when the players outnumber what the allowed pairs can seat."""
    pairs = [(a, b) if zones[a] == 0 else (b, a) for a, b in allowed]
    zone_size = max(sum(1 for z in zones.values() if z == 0), 1)
    if not _matchable(pairs, set(), len(preferences)):
        raise ValueError("more players than the allowed pairs can seat")
    rng = random.Random(seed)
    turn = list(range(len(preferences)))
    rng.shuffle(turn)
    tie_order = list(pairs)
    rng.shuffle(tie_order)
    chosen: dict[int, Pair] = {}
    used: set[str] = set()
    for done, player in enumerate(turn):
        left = len(turn) - done - 1
        free = [p for p in tie_order if p[0] not in used and p[1] not in used]
        free.sort(key=lambda p: pair_cost(p, preferences[player], zone_size))
        for pick in free:
            if _matchable(pairs, used | set(pick), left):
                chosen[player] = pick
                used |= set(pick)
                break
    return [chosen[i] for i in range(len(preferences))]
