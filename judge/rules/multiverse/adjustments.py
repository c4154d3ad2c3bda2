"""Winter adjustments, counted per board, with a seeded random choice of surplus."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from judge.engine.orders import Build, Disband
from judge.engine.phase import Phase
from judge.engine.position import Position
from judge.rules.multiverse.basemap import BaseMap
from judge.rules.multiverse.keys import BoardKey
from judge.rules.multiverse.world import FAILURE, SUCCESS, Board, OrderRecord, World


def board_rng(seed: int, key: BoardKey, power: str) -> random.Random:
    """The random generator for one power on one winter board (reproducible)."""
    return random.Random(f"{seed}/{key.timeline}/{key.year}/{key.season}/{power}")


def engine_view(base: BaseMap, board: Board) -> tuple[Any, Position]:
    """The board rules' engine hooks and ``board`` as a standard winter position."""
    return base.engine, Position(Phase(board.key.year, "W", "A"), board.units, board.centers)


def build_sites(base: BaseMap, board: Board, power: str) -> list[str]:
    """Where ``power`` may build on ``board`` (``EngineRules.build_sites``)."""
    engine, position = engine_view(base, board)
    return engine.build_sites(base.variant, position, power)


def owed_changes(base: BaseMap, board: Board) -> dict[str, int]:
    """Per power, the builds it may place on ``board`` (the allowance, at most one
    per build site) or the removals it owes (negative), as the board rules' engine
    hooks count them (``EngineRules.owed_changes``); powers with nothing to adjust
    are left out."""
    engine, position = engine_view(base, board)
    return engine.owed_changes(base.variant, position)


class WinterBoard:
    """What a turn reads of one winter board: each power's allowance, and its build
    sites and the builds and removals owed when asked.  Kept for the turn (the board
    does not change while its orders are checked and resolved), it works them out
    once per board rather than once per order, and once for both steps."""

    def __init__(self, base: BaseMap, board: Board) -> None:
        self.base, self.board = base, board
        self.engine, self.position = engine_view(base, board)
        self.allowance = self.engine.allowance(base.variant, self.position)
        self._sites: dict[str, list[str]] = {}

    def build_sites(self, power: str) -> list[str]:
        """Where ``power`` may build on the board (``EngineRules.build_sites``)."""
        sites = self._sites.get(power)
        if sites is None:
            sites = self._sites[power] = self.engine.build_sites(
                self.base.variant, self.position, power
            )
        return sites

    def owed_changes(self) -> dict[str, int]:
        """:func:`owed_changes` of the board, from the allowance and sites found already."""
        return self.engine.owed_changes(
            self.base.variant, self.position, self.allowance, self.build_sites
        )


def resolve_board_adjustments(
    world: World,
    base: BaseMap,
    key: BoardKey,
    valid: Sequence[OrderRecord],
    view: WinterBoard | None = None,
) -> list[OrderRecord]:
    """Results of the valid builds and disbands on one winter board.

    The results come in the order of ``valid``, followed by the removals the
    judge adds itself.

    Each power may build or must remove what :func:`owed_changes` counts.  When
    more valid builds (or removals) are given than allowed, they are taken
    in the order given, as the DATC prefers (issue 4.D.4), so a one-board
    world behaves like a standard game.  Missing removals are chosen at random
    among the power's units on the board, with a generator seeded by the world's
    seed, the board and the power: the same world and orders always give the
    same removals.  ``view``: the board's view made when its orders were checked.
    """
    board = world.boards[key]
    decided: dict[int, OrderRecord] = {}
    automatic: list[OrderRecord] = []
    owed = (view or WinterBoard(base, board)).owed_changes()
    given: dict[str, list[OrderRecord]] = {}
    for record in valid:
        given.setdefault(record.power, []).append(record)
    for power in sorted(base.powers):
        change = owed.get(power, 0)
        mine = given.get(power, [])
        if not mine and change >= 0:
            continue  # nothing given, nothing owed
        builds = [r for r in mine if isinstance(r.order, Build)]
        disbands = [r for r in mine if isinstance(r.order, Disband)]
        for record, done in zip(builds, _choose_builds(base, builds, max(change, 0)), strict=True):
            decided[id(record)] = done
        need = max(-change, 0)
        chosen = _choose(disbands, need, "no removal needed", "too many removals")
        for record, done in zip(disbands, chosen, strict=True):
            decided[id(record)] = done
        missing = need - min(need, len(disbands))
        if missing:
            ordered = {r.order.unit.loc for r in disbands}
            units = sorted(loc for loc, unit in board.units.items() if unit.power == power)
            free = [loc for loc in units if loc not in ordered]
            rng = board_rng(world.seed, key, power)
            for loc in sorted(rng.sample(free, min(missing, len(free)))):
                automatic.append(
                    OrderRecord(power, Disband(key.at(loc)), SUCCESS, None, True, world.iteration)
                )
    return [decided[id(record)] for record in valid] + automatic


def _choose_builds(base: BaseMap, records, allowed: int) -> list[OrderRecord]:
    """Builds one by one: each needs a free build and a province not built in yet."""
    out = []
    used: set[str] = set()
    for record in records:
        province = base.province(record.order.unit.loc)
        if allowed <= 0:
            out.append(_with(record, FAILURE, "no build available"))
        elif province in used:
            out.append(_with(record, FAILURE, "only one build per province"))
        else:
            used.add(province)
            allowed -= 1
            out.append(_with(record, SUCCESS, None))
    return out


def _choose(records, allowed, none_reason, surplus_reason) -> list[OrderRecord]:
    if allowed <= 0:
        return [_with(r, FAILURE, none_reason) for r in records]
    return [
        _with(r, SUCCESS, None) if i < allowed else _with(r, FAILURE, surplus_reason)
        for i, r in enumerate(records)
    ]


def _with(record: OrderRecord, status: str, reason: str | None) -> OrderRecord:
    return OrderRecord(record.power, record.order, status, reason, record.auto, record.iteration)
