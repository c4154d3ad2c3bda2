"""Building worlds: the starting world of a variant, or a world from plain data."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from judge.engine.orders import Unit, UnitType
from judge.rules.multiverse.basemap import BaseMap
from judge.rules.multiverse.keys import BoardKey, Season, parse_phase_code
from judge.rules.multiverse.world import REFERENCE, Board, World


def make_board(
    key: BoardKey,
    units: Iterable[tuple[str, str, str]],
    centers: Mapping[str, Iterable[str]] | None = None,
) -> Board:
    """A board from ``(power, "A"|"F", location)`` triples and ``{power: [provinces]}``."""
    placed = {loc: Unit(power, UnitType(kind)) for power, kind, loc in units}
    owned = {p: power for power, provinces in (centers or {}).items() for p in provinces}
    return Board(key=key, units=dict(sorted(placed.items())), centers=dict(sorted(owned.items())))


def starting_world(
    base: BaseMap, *, strict: bool = False, seed: int = 0, rules: str = REFERENCE
) -> World:
    """The world of a new game: one board with the variant's starting position."""
    variant = base.variant
    year, season = parse_phase_code(variant.start_phase)
    key = BoardKey(1, year, int(season))
    board = make_board(key, variant.starting_units, dict(variant.starting_centers))
    return World(boards={key: board}, strict=strict, seed=seed, rules=rules)


def world_of_boards(boards: Iterable[Board], *, strict: bool = False, seed: int = 0) -> World:
    """A world holding the given boards and no stored orders."""
    return World(boards={b.key: b for b in boards}, strict=strict, seed=seed)


__all__ = ["make_board", "starting_world", "world_of_boards", "Season"]
