"""Victory: unique supply centres across the active boards.

In a 5dplomacy world a power eliminated in one timeline is eliminated in all: it
cannot win, and the last power left in the game wins.
"""

from __future__ import annotations

from judge.rules.multiverse.basemap import BaseMap
from judge.rules.multiverse.world import World


def unique_centres(world: World, base: BaseMap) -> dict[str, set[str]]:
    """For each power, the centre provinces it owns and that count for it on some
    active board."""
    owned: dict[str, set[str]] = {}
    for key in world.active_boards().values():
        for province, owner in base.counted(world.boards[key].centers).items():
            provinces = owned.get(owner)
            if provinces is None:
                owned[owner] = provinces = set()
            provinces.add(province)
    return owned


def find_winner(world: World, base: BaseMap) -> str | None:
    """The power that alone has the most unique centres, if it has enough to win."""
    if world.eliminated:
        from judge.rules.multiverse.fived import players

        left = players(world) - world.eliminated
        if len(left) == 1:
            return left.pop()
    counts = sorted(
        (len(p), power)
        for power, p in unique_centres(world, base).items()
        if power not in world.eliminated
    )[::-1]
    if not counts or counts[0][0] < base.victory_centers:
        return None
    if len(counts) > 1 and counts[1][0] == counts[0][0]:
        return None
    return counts[0][1]
