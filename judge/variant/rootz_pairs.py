"""Root Z's pairing data: the two sea "mega-zones" and which two powers a player may hold.

Rule 3.0: the fleet graph of the two joined boards falls into two parts that no fleet
can leave (no fleet can move from Bar1 to Eas1); every player holds one power next to
each.  Rule 3.1: Russia, next to both, counts for the zone holding the Barents Sea of
its own board.  Rule 3.2: nobody holds Austria and Russia, or Russia and Turkey, of
one board (across the boards those pairs share a zone anyway).  That leaves 45 of
the 91 pairs of the 14 powers.

Everything here is computed from a loaded variant (pure: no I/O; the zones are memoised
per variant); only the two rules above are data.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping

from judge.variant.data import Variant, kept_by_variant

# Rule 3.1: a power next to both zones counts for the zone holding this sea of its board.
ZONE_SEA: Mapping[str, str] = {"russia": "bar"}
# Rule 3.2: the pairs of standard powers no player holds from one board.
SAME_BOARD_FORBIDDEN: tuple[frozenset[str], ...] = (
    frozenset({"austria", "russia"}),
    frozenset({"russia", "turkey"}),
)

_BOARD_CODE = re.compile(r"([a-z_]+)(\d+)")


class PairingError(ValueError):
    """The map does not split into the two zones the pairing rules need."""


def board_code(code: str) -> tuple[str, str]:
    """The standard code and the board of a Root Z code: ``"russia1"`` -> ``("russia", "1")``."""
    match = _BOARD_CODE.fullmatch(code)
    if match is None:
        raise ValueError(f"{code!r} is no code with a board digit")
    return match.group(1), match.group(2)


def _fleet_components(variant: Variant) -> list[frozenset[str]]:
    """The connected parts of the fleet graph, each a set of locations, in a fixed order."""
    seen: set[str] = set()
    parts: list[frozenset[str]] = []
    for start in sorted(variant.locations()):
        if start in seen or not variant.neighbours("F", start):
            continue
        part, todo = {start}, [start]
        while todo:
            for nxt in variant.neighbours("F", todo.pop()):
                if nxt not in part:
                    part.add(nxt)
                    todo.append(nxt)
        seen |= part
        parts.append(frozenset(part))
    return parts


@kept_by_variant
def _zones(variant: Variant) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """(seas, locations) of each fleet-connected part holding a sea, lowest sea code first."""
    zones = []
    for part in _fleet_components(variant):
        seas = frozenset(variant.province_of(loc) for loc in part if variant.is_sea(loc))
        if seas:
            zones.append((seas, part))
    if len(zones) != 2:
        raise PairingError(f"the seas form {len(zones)} fleet-connected zones, not 2")
    return tuple(sorted(zones, key=lambda zone: min(zone[0])))


def mega_zones(variant: Variant) -> tuple[frozenset[str], frozenset[str]]:
    """The sea provinces of the two mega-zones, the zone of the lowest sea code first.

    Raises :class:`PairingError` unless the seas fall into exactly two fleet-connected
    parts (the standard map, in one part, has no mega-zones).
    """
    (first, _), (second, _) = _zones(variant)
    return first, second


def power_zones(variant: Variant) -> dict[str, int]:
    """The mega-zone (0 or 1, as :func:`mega_zones` orders them) each power counts for.

    A power is next to a zone when a fleet at one of its home centres would be in it;
    one next to both zones counts for the zone of its :data:`ZONE_SEA` sea (rule 3.1).
    """
    zones = _zones(variant)
    found: dict[str, int] = {}
    for code, power in variant.powers.items():
        near = {
            index
            for index, (_, part) in enumerate(zones)
            for home in power.home_centers
            if any(loc in part for loc in variant.fleet_locations(home))
        }
        if len(near) == 2:
            standard, board = board_code(code)
            sea = ZONE_SEA.get(standard)
            if sea is None:
                raise PairingError(f"{code} is next to both zones and no rule says which counts")
            near = {index for index, (seas, _) in enumerate(zones) if f"{sea}{board}" in seas}
        if len(near) != 1:
            raise PairingError(f"{code} is next to no mega-zone")
        found[code] = near.pop()
    return found


def pair_refusal(variant: Variant, first: str, second: str) -> str | None:
    """Why one player may not hold ``first`` and ``second``, or None if they may."""
    if first == second:
        return f"{variant.powers[first].name} is one power, not two"
    zones = power_zones(variant)
    one, two = variant.powers[first].name, variant.powers[second].name
    if zones[first] == zones[second]:
        return f"{one} and {two} are next to the same sea zone (rule 3.0)"
    (base1, board1), (base2, board2) = board_code(first), board_code(second)
    if board1 == board2 and frozenset({base1, base2}) in SAME_BOARD_FORBIDDEN:
        return f"{one} and {two}: nobody holds A/R or R/T of one board (rule 3.2)"
    return None


def allowed_pairs(variant: Variant) -> list[tuple[str, str]]:
    """Every pair of powers one player may hold, in the variant's order of powers."""
    return [
        (a, b)
        for a, b in itertools.combinations(variant.powers, 2)
        if pair_refusal(variant, a, b) is None
    ]
