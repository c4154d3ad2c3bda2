"""Orders as data: ``game_order.data`` holds the accepted order as a JSON object (its
kind and fields, see judge/orders/data.py); NULL on the rows of CLEAR.

Existing rows get theirs from the canonical text stored with them, read here by a
reader of that text frozen with this migration (standard: ``A par - bur``,
``Build F stp/nc``, ``Waive``; multiverse: ``A 1:par:S1901 - 1:bur:S1901``,
``build A 1:par:W1901``, ``waive``).  A row whose text cannot be read keeps NULL.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24
"""

from __future__ import annotations

import json
import re
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_TRIPLE = re.compile(r"^(\d+):([a-z0-9_/]+):([SFW])(\d{4})$", re.IGNORECASE)
_SEASON = {"S": 0, "F": 1, "W": 2}


def _loc(text: str, world: bool) -> Any:
    """A location as the data holds it: a string, or on a board an object."""
    if not world:
        return text.lower()
    found = _TRIPLE.match(text)
    if found is None:
        raise ValueError(text)
    return {
        "timeline": int(found.group(1)),
        "year": int(found.group(4)),
        "season": _SEASON[found.group(3).upper()],
        "loc": found.group(2).lower(),
    }


def order_data(canonical: str, power: str, phase: str, world: bool) -> dict[str, Any] | None:
    """The order object of a stored canonical text, None when it cannot be read."""
    words = canonical.split()
    low = [w.lower() for w in words]
    try:
        if low == ["waive"]:
            return {"kind": "waive", "power": power}
        if len(words) == 3 and low[0] == "build":
            return {
                "kind": "build",
                "unit": _loc(words[2], world),
                "type": words[1].upper(),
                "power": power,
            }
        if len(words) == 3 and low[0] in ("remove", "disband"):
            return {"kind": "disband", "unit": _loc(words[2], world)}
        if len(words) < 3 or words[0].upper() not in ("A", "F", "?"):
            return None
        unit, verb, rest = _loc(words[1], world), low[2], words[3:]
        if verb == "h" and not rest:
            return {"kind": "hold", "unit": unit}
        if verb == "d" and not rest:
            return {"kind": "disband", "unit": unit}
        if verb == "r" and len(rest) == 1:
            return {"kind": "retreat", "unit": unit, "dest": _loc(rest[0], world)}
        if verb == "-" and (len(rest) == 1 or [w.lower() for w in rest[1:]] == ["via", "convoy"]):
            if world and phase.upper().endswith("R"):
                return {"kind": "retreat", "unit": unit, "dest": _loc(rest[0], world)}
            via = len(rest) == 3
            return {"kind": "move", "unit": unit, "dest": _loc(rest[0], world), "via_convoy": via}
        if verb in ("s", "c") and len(rest) in (2, 4) and (len(rest) == 2 or rest[2] == "-"):
            target = _loc(rest[1], world)
            if verb == "c":
                if len(rest) != 4:
                    return None
                return {
                    "kind": "convoy",
                    "unit": unit,
                    "army": target,
                    "dest": _loc(rest[3], world),
                }
            if len(rest) == 2:
                return {"kind": "support_hold", "unit": unit, "target": target}
            return {
                "kind": "support_move",
                "unit": unit,
                "target": target,
                "dest": _loc(rest[3], world),
            }
    except ValueError:
        return None
    return None


def upgrade() -> None:
    """Add the column and fill it for the orders already stored."""
    with op.batch_alter_table("game_order") as batch:
        batch.add_column(sa.Column("data", sa.Text(), nullable=True))
    bind = op.get_bind()
    rows = bind.execute(
        sa.text(
            "SELECT o.id, o.power, o.phase, o.canonical, g.rules FROM game_order o "
            "JOIN game g ON g.id = o.game_id WHERE o.unit_key <> '*clear*'"
        )
    ).fetchall()
    update = sa.text("UPDATE game_order SET data = :data WHERE id = :id")
    for row_id, power, phase, canonical, rules in rows:
        found = order_data(canonical, power, phase, rules == "multiverse")
        if found is not None:
            bind.execute(update, {"data": json.dumps(found, sort_keys=True), "id": row_id})


def downgrade() -> None:
    """Drop the column again."""
    with op.batch_alter_table("game_order") as batch:
        batch.drop_column("data")
