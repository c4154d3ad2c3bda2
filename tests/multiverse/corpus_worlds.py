"""Worlds of the order corpus as plain data: what reading an order looks at (the
boards' units, dislodged units, centres and adjusting marks, the rule set and
strictness) and nothing else, so the corpus does not depend on the stored format."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from typing import Any

from judge.engine.orders import Unit, UnitType
from judge.engine.position import DislodgedUnit
from judge.rules.multiverse.basemap import BaseMap, base_map_for
from judge.rules.multiverse.keys import BoardKey, MLoc
from judge.rules.multiverse.world import Board, World


def world_data(world: World) -> dict[str, Any]:
    """The parts of ``world`` an order's reading depends on, as JSON-ready data."""
    boards = []
    for key, board in sorted(world.boards.items()):
        boards.append(
            {
                "key": list(key),
                "units": [[loc, u.power, u.type.value] for loc, u in sorted(board.units.items())],
                "centers": sorted(board.centers.items()),
                "dislodged": [
                    [
                        loc,
                        d.unit.power,
                        d.unit.type.value,
                        list(d.attacker_from),
                        list(d.retreat_options),
                    ]
                    for loc, d in sorted(board.dislodged.items())
                ],
                "adjusting": board.adjusting,
            }
        )
    return {"strict": world.strict, "rules": world.rules, "boards": boards}


def data_key(data: dict[str, Any]) -> str:
    """A short name of a world's data (the same data, the same name)."""
    text = json.dumps(data, sort_keys=True)
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def world_of(data: dict[str, Any]) -> World:
    """The world ``data`` describes (see :func:`world_data`)."""
    boards = {}
    for entry in data["boards"]:
        key = BoardKey(*entry["key"])
        boards[key] = Board(
            key=key,
            units={loc: Unit(power, UnitType(kind)) for loc, power, kind in entry["units"]},
            centers=dict(entry["centers"]),
            dislodged={
                loc: DislodgedUnit(Unit(power, UnitType(kind)), MLoc(*attacker), tuple(options))
                for loc, power, kind, attacker, options in entry["dislodged"]
            },
            adjusting=entry["adjusting"],
        )
    return World(boards=boards, strict=data["strict"], rules=data["rules"])


def base_of(variant: str, board_rules: str | None) -> BaseMap:
    """The base map a corpus entry was read with: the variant's, with the board
    ruleset of the multiverse game (its class name) when there was one."""
    base = base_map_for(variant)
    if board_rules is None:
        return base
    from judge.rules.registry import ruleset_for

    board = ruleset_for(variant, "multiverse").base
    assert type(board).__name__ == board_rules, (type(board).__name__, board_rules)
    return replace(base, board=board)


# ------------------------------------------------------- grown worlds and texts


def grown_worlds(
    variant: str, board_rules: str | None, rules: str, seed: int, turns: int, strict: bool = False
) -> list[World]:
    """Every world of a seeded random game of ``turns`` turns (its movement, retreat
    and adjustment turns alike), from the variant's start."""
    import random

    from judge.rules.multiverse.adjudicate import adjudicate
    from judge.rules.multiverse.random_orders import random_orders
    from judge.rules.multiverse.setup import starting_world

    base = base_of(variant, board_rules)
    rng = random.Random(seed)
    world = starting_world(base, strict=strict, seed=seed, rules=rules)
    worlds = [world]
    for _ in range(turns):
        world, _ = adjudicate(world, base, random_orders(world, base, rng, 0.3))
        worlds.append(world)
    return worlds


def written_forms(canonical: str, fived: bool) -> list[str]:
    """Ways a player may write the canonical order text: as it is, with each
    location's turn, timeline or both left out, in capitals, and (in a 5dplomacy
    world) with 5dplomacy's named timelines and turns."""
    import re

    from judge.rules.multiverse.notation import timeline_name

    triple = re.compile(r"(\d+):([a-z/]+):([SFW])(\d{2})(\d{2})")
    seasons = {"S": "Spring", "F": "Fall", "W": "Winter"}
    forms = [
        canonical,
        canonical.upper(),
        triple.sub(r"\1:\2", canonical),
        triple.sub(r"\2:\3\4\5", canonical),
        triple.sub(r"\2", canonical),
        triple.sub(lambda m: f"{m[1]}:{m[2]}:{seasons[m[3]]} {m[4]}{m[5]}", canonical),
    ]
    if fived:
        forms.append(
            triple.sub(
                lambda m: f"{timeline_name(int(m[1]))}:{m[2].upper()}:{seasons[m[3]]}{m[5]}",
                canonical,
            )
        )
    return forms


def order_signature(order: Any) -> str:
    """An engine order in short: its kind, then each field (locations as triples)."""
    from dataclasses import fields

    from judge.rules.multiverse.describe import loc_text

    parts = [type(order).__name__]
    for f in fields(order):
        value = getattr(order, f.name)
        parts.append(loc_text(value) if isinstance(value, MLoc) else str(value))
    return " ".join(parts)
