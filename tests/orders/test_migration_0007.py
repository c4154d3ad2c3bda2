"""Migration 0007: orders stored before it get their order as data, read from their
canonical text; it must agree with the order the text was written from, for every
kind of order, in standard and multiverse games."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest
import sqlalchemy as sa
from sqlmodel import Session, col, select

import judge.store.mail  # noqa: F401  (registers the mail tables)
from judge.engine.orders import Unit, UnitType
from judge.engine.position import DislodgedUnit
from judge.orders.text import check_orders
from judge.rules.multiverse.json_io import write_world
from judge.rules.multiverse.mail_orders import check_world_orders
from judge.rules.multiverse.ruleset import world_phase as multiverse_phase
from judge.rules.registry import ruleset_named
from judge.store.db import make_engine, migrate
from judge.store.models import MULTIVERSE_RULES, STANDARD_RULES, Game, Order
from tests.multiverse.helpers import BASE, board, world

START = {
    "variant": "standard",
    "phase": "S1901M",
    "units": [
        {"power": "france", "type": "A", "province": "par"},
        {"power": "france", "type": "A", "province": "mar"},
        {"power": "france", "type": "F", "province": "bre"},
        {"power": "france", "type": "A", "province": "gas"},
        {"power": "england", "type": "F", "province": "nth"},
        {"power": "england", "type": "A", "province": "yor"},
        {"power": "england", "type": "F", "province": "stp/nc"},
    ],
}
MOVEMENT = {
    "france": ["A Par - Bur", "A Mar S A Par - Bur", "A Gas S A Mar", "F Bre H"],
    "england": ["F Nth C A Yor - Nwy", "A Yor - Nwy via convoy", "F Stp/nc - Bar"],
}
RETREATS = dict(
    copy.deepcopy(START),
    phase="F1901R",
    dislodged=[
        {"power": "france", "type": "A", "province": "bur", "retreat_options": ["pic"]},
        {"power": "england", "type": "F", "province": "nwg", "retreat_options": ["nao"]},
    ],
)
RETREAT_ORDERS = {"france": ["A Bur - Pic"], "england": ["F Nwg D"]}
WINTER = {
    "variant": "standard",
    "phase": "W1901A",
    "units": [
        {"power": "france", "type": "A", "province": "spa"},
        {"power": "germany", "type": "A", "province": "ber"},
        {"power": "germany", "type": "A", "province": "mun"},
    ],
    "supply_centers": {"france": ["par", "bre", "mar", "spa"], "germany": ["ber"]},
}
WINTER_ORDERS = {"france": ["Build A Par", "Build F Bre", "Waive"], "germany": ["Remove A Mun"]}


def _world_orders() -> list[tuple[dict[str, Any], str, list[str]]]:
    spring = world(
        board(1, "S1901", "france A par, A mar, F bre; germany A mun", {"france": ["par"]})
    )
    fall = board(1, "F1901", "germany A bur", {"france": ["par"]})
    dislodged = DislodgedUnit(Unit("france", UnitType.ARMY), fall.key.at("mun"), ("pic", "par"))
    retreating = world(replace(fall, dislodged={"bur": dislodged}))
    winters = world(
        board(1, "W1901", "france A bur, A gas", {"france": ["par", "bre", "mar"]}),
        board(2, "W1901", "france A bur, A gas, A pic", {"france": ["par", "bre"]}),
    )
    return [
        (
            write_world(BASE, spring),
            "france",
            ["A 1:par:S1901 - 1:bur:S1901", "A 1:mar:S1901 S A 1:par:S1901 - 1:bur:S1901"],
        ),
        (write_world(BASE, spring), "france", ["F 1:bre:S1901 H"]),
        (write_world(BASE, winters), "france", ["Build A 1:par:W1901", "Remove A 2:pic:W1901"]),
        (write_world(BASE, winters), "france", ["Waive"]),
        # while units retreat, the game's phase ends in R (multiverse_phase)
        (write_world(BASE, retreating), "france", ["A 1:bur:F1901 - 1:pic:F1901"]),
        (write_world(BASE, retreating), "france", ["A 1:bur:F1901 D"]),
    ]


def _insert(conn: sa.Connection, game_id: int, phase: str, power: str, check: Any) -> None:
    """An order row as the judge stored it before migration 0007 (no data column)."""
    conn.execute(
        sa.text(
            "INSERT INTO game_order (game_id, phase, power, unit_key, text, canonical, "
            "from_address, created_at) VALUES (:g, :ph, :p, :k, :t, :c, '', '2026-01-01')"
        ),
        {"g": game_id, "ph": phase, "p": power, "k": str(check.key), "t": check.text,
         "c": check.canonical},
    )  # fmt: skip


def _old_game(conn: sa.Connection, name: str, rules: str = STANDARD_RULES) -> int:
    """A new game's row as the schema before migration 0007 holds it (the columns that
    later migrations add are left out); the migration reads only its rules."""
    game = Game(name=name, phase="S1901M", position="{}", rules=rules)
    table = sa.Table("game", sa.MetaData(), autoload_with=conn)
    values = {c.name: getattr(game, c.name) for c in table.columns if c.name != "id"}
    return conn.execute(table.insert().values(values)).inserted_primary_key[0]


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path) -> str:  # noqa: ANN001
    """An empty database: a SQLite file, or one on the session's PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'j.db'}"
    return request.getfixturevalue("postgres_url")


def test_existing_orders_get_their_data_from_the_canonical_text(db_url: str) -> None:
    url = db_url
    migrate(url, "0006")
    engine = make_engine(url)
    expected: dict[str, Any] = {}  # canonical text -> the engine order it was written from
    with engine.begin() as conn:
        ids = (_old_game(conn, "old"), _old_game(conn, "oldmv", MULTIVERSE_RULES))
        for doc, orders in ((START, MOVEMENT), (RETREATS, RETREAT_ORDERS), (WINTER, WINTER_ORDERS)):
            for power, lines in orders.items():
                for check in check_orders(doc, power, lines):
                    assert check.ok, check.message
                    _insert(conn, ids[0], doc["phase"], power, check)
                    expected[check.canonical] = check.order
        for doc, power, lines in _world_orders():
            for check in check_world_orders(doc, power, lines):
                assert check.ok, check.message
                _insert(conn, ids[1], multiverse_phase(doc), power, check)
                expected[check.canonical] = check.order
        conn.execute(
            sa.text(
                "INSERT INTO game_order (game_id, phase, power, unit_key, text, canonical, "
                "from_address, created_at) VALUES (:g, 'S1901M', 'france', '*clear*', "
                "'CLEAR', 'CLEAR', '', '2026-01-01')"
            ),
            {"g": ids[0]},
        )
    engine.dispose()

    migrate(url)
    engine = make_engine(url)
    with Session(engine) as session:
        rows = list(session.exec(select(Order).order_by(col(Order.id))))
    engine.dispose()
    assert len(rows) == len(expected) + 1
    # each game's orders are read back as its ruleset states them
    decoding = {
        ids[0]: ruleset_named(STANDARD_RULES).order_decoding(),
        ids[1]: ruleset_named(STANDARD_RULES, MULTIVERSE_RULES).order_decoding(),
    }
    for row in rows[:-1]:
        assert row.order(decoding[row.game_id]) == expected[row.canonical], row.canonical
    assert rows[-1].key.is_clear and rows[-1].data is None


def test_a_text_that_cannot_be_read_keeps_no_data(db_url: str) -> None:
    url = db_url
    migrate(url, "0006")
    engine = make_engine(url)
    with engine.begin() as conn:
        game_id = _old_game(conn, "odd")
        conn.execute(
            sa.text(
                "INSERT INTO game_order (game_id, phase, power, unit_key, text, canonical, "
                "from_address, created_at) VALUES (:g, 'S1901M', 'france', 'par', "
                "'A Par dances', 'A par dances', '', '2026-01-01')"
            ),
            {"g": game_id},
        )
    engine.dispose()
    migrate(url)
    engine = make_engine(url)
    with Session(engine) as session:
        (row,) = session.exec(select(Order))
    engine.dispose()
    assert row.data is None and row.order() is None
