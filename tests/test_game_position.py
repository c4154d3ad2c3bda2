"""A game's position in a row of its own (migration 0015, issue 27): the lock of a
game and every change of its settings leave the position alone, which is written
only when it changes; a game deleted takes its position with it; games stored before
0015 are moved over and play on (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import os
import re
from datetime import datetime

import pytest
import sqlalchemy as sa
from alembic import command
from sqlalchemy import event
from sqlmodel import Session

from judge.game.games import lock_game, starting_position
from judge.game.processing import process_phase, rollback_to, set_game_position
from judge.mail.outgoing import Author
from judge.store.db import alembic_config, make_engine, migrate
from judge.store.models import ACTIVE, Account, Game, GamePosition, Player
from judge.store.passwords import hash_password
from tests.commands.helpers import (
    JUDGE,
    NOW,
    PASSWORDS,
    add_game,
    address,
    deliver,
    make_mail,
    migrated_engine,
)

SENDER = Author("Test Judge", JUDGE, "USIN")
ORDERS = "SIGNON Fgame1 paris11\nA Par - Bur\nA Mar - Spa\n"
# Padding that makes the stored position large, as a long multiverse game's is.
PADDING = "x" * 2_000_000


@pytest.fixture
def engine(tmp_path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    yield engine
    engine.dispose()


def _writes(engine) -> list[str]:
    """The statements on ``engine`` that write a table, as they come."""
    seen: list[str] = []

    def kept(_conn, _cursor, statement: str, *_args) -> None:
        if re.match(r"\s*(INSERT|UPDATE|DELETE)\b", statement):
            seen.append(" ".join(statement.split()))

    event.listen(engine, "before_cursor_execute", kept)
    return seen


def _position_writes(writes: list[str]) -> list[str]:
    return [w for w in writes if "game_position" in w]


def test_a_mail_and_a_setting_write_no_position(engine) -> None:
    writes = _writes(engine)
    deliver(engine, make_mail(address("france"), ORDERS))
    with Session(engine) as session:
        game = lock_game(session, 1)
        game.press_mode = "none"
        session.commit()
    assert any(w.startswith("UPDATE game SET version") for w in writes)  # the locks
    assert _position_writes(writes) == []
    with Session(engine) as session:  # a new position is written once, in its row
        game = lock_game(session, 1)
        set_game_position(game, {**game.position_doc(), "note": "changed"})
        session.commit()
    assert [w.split(" SET ")[0] for w in _position_writes(writes)] == ["UPDATE game_position"]


def _wal_bytes(engine) -> int:
    return os.path.getsize(f"{engine.url.database}-wal")


def test_the_lock_of_a_game_with_a_large_position_writes_a_few_pages(engine) -> None:
    """SQLite writes a changed row whole: the lock (every mail) and a setting must
    not write the megabytes of the position again."""
    with Session(engine) as session:
        game = lock_game(session, 1)
        game.position = json.dumps({**game.position_doc(), "padding": PADDING})
        session.commit()
    with engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    assert _wal_bytes(engine) == 0
    with Session(engine) as session:
        game = lock_game(session, 1)
        game.press_mode = "none"
        session.commit()
    assert 0 < _wal_bytes(engine) < 100_000  # pages of the game's row, not the position


def test_a_turn_and_a_rollback_write_the_position_and_play_on(engine) -> None:
    deliver(engine, make_mail(address("france"), ORDERS))
    with Session(engine) as session:
        process_phase(session, SENDER, lock_game(session, 1), NOW)
        session.commit()
    with Session(engine) as session:
        game = lock_game(session, 1)
        assert game.phase == "F1901M"
        assert {"type": "A", "province": "bur", "power": "france"} in game.position_doc()["units"]
        rollback_to(session, SENDER, game, "S1901M", NOW)
        session.commit()
    with Session(engine) as session:
        game = lock_game(session, 1)
        assert game.position_doc() == starting_position("standard")
        stored = session.get(GamePosition, 1)
        assert stored is not None and stored.position == game.position


def test_a_game_read_again_reads_its_position_again(engine) -> None:
    """A session kept across transactions (as the runners keep theirs) does not give
    the position it loaded before another transaction wrote a new one."""
    with Session(engine, expire_on_commit=False) as kept:
        assert lock_game(kept, 1).position_doc()["phase"] == "S1901M"
        kept.commit()
        with Session(engine) as other:
            game = lock_game(other, 1)
            set_game_position(game, {**game.position_doc(), "phase": "F1901M"})
            other.commit()
        assert lock_game(kept, 1).position_doc()["phase"] == "F1901M"


def test_a_game_deleted_takes_its_position_with_it(engine) -> None:
    with Session(engine) as session:
        for name in ("gone", "dropped"):
            session.add(Game(name=name, phase="S1901M", position="{}"))
        session.commit()
        session.delete(session.exec(sa.select(Game).where(Game.name == "gone")).scalar_one())
        session.commit()
        session.exec(sa.text("DELETE FROM game WHERE name = 'dropped'"))
        session.commit()
        kept = session.exec(sa.text("SELECT game_id FROM game_position")).all()
    assert [row[0] for row in kept] == [1]


# ------------------------------------------------------------------ migration 0015


def _old_row(conn: sa.Connection, table: str, row: object) -> int:
    """A model's row as the schema of migration 0014 holds it."""
    found = sa.Table(table, sa.MetaData(), autoload_with=conn)
    values = {c.name: getattr(row, c.name) for c in found.columns if c.name != "id"}
    return conn.execute(found.insert().values(values)).inserted_primary_key[0]


def _old_game(conn: sa.Connection) -> int:
    """Game1 at its start with its seven players, as stored before migration 0015."""
    doc = starting_position("standard")
    game = Game(name="game1", phase=doc["phase"], position=json.dumps(doc), status=ACTIVE)
    game.deadline = datetime(2026, 11, 23, 12, 0)
    game_id = _old_row(conn, "game", game)
    for power, password in PASSWORDS.items():
        account_id = _old_row(conn, "account", Account(address=address(power)))
        player = Player(game_id=game_id, account_id=account_id, power=power, password_hash="")
        player.password_hash = hash_password(password)
        _old_row(conn, "player", player)
    return game_id


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path) -> str:
    """An empty database: a SQLite file, or one on the session's PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'j.db'}"
    return request.getfixturevalue("postgres_url")


def test_migration_0015_moves_the_positions_and_the_games_play_on(db_url: str) -> None:
    migrate(db_url, "0014_position_version")
    engine = make_engine(db_url)
    with engine.begin() as conn:
        game_id = _old_game(conn)
    engine.dispose()

    migrate(db_url)
    engine = make_engine(db_url)
    with engine.connect() as conn:
        assert "position" not in {c["name"] for c in sa.inspect(conn).get_columns("game")}
    deliver(engine, make_mail(address("france"), ORDERS))
    with Session(engine) as session:
        game = lock_game(session, game_id)
        assert game.position_doc() == starting_position("standard")
        process_phase(session, SENDER, game, NOW)
        session.commit()
    with Session(engine) as session:
        after = lock_game(session, game_id).position
    assert {"power": "france", "province": "bur", "type": "A"} in json.loads(after)["units"]
    engine.dispose()

    command.downgrade(alembic_config(db_url), "0014_position_version")
    engine = make_engine(db_url)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT position FROM game")).scalar_one() == after
        assert "game_position" not in sa.inspect(conn).get_table_names()
    engine.dispose()
