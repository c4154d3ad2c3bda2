"""The game lock (``judge.game.games.lock_game`` / ``find_game``): taken by a write to
the game's row and held to the end of the transaction; a game locked once in a
transaction is held still, so locking it again reads nothing more, until the
transaction or a savepoint ends."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.game.games import find_game, lock_game
from judge.store.db import make_engine
from tests.commands.helpers import add_game, migrated_engine


def _game_statements(engine: Engine) -> list[str]:
    """The statements on the game table the engine runs from now on."""
    seen: list[str] = []

    def note(_conn, _cursor, statement: str, *_rest) -> None:  # noqa: ANN001
        if " game " in f" {statement} ".replace("\n", " ") and "game_" not in statement:
            seen.append(statement.split()[0])

    event.listen(engine, "before_cursor_execute", note)
    return seen


def _engine_with_game(tmp_path: Path) -> tuple[Engine, int]:
    engine = migrated_engine(tmp_path)
    with Session(engine) as s:
        game = add_game(s, "alpha")
        s.commit()
        assert game.id is not None
        return engine, game.id


def test_a_game_locked_in_a_transaction_is_locked_and_read_once(tmp_path: Path) -> None:
    engine, game_id = _engine_with_game(tmp_path)
    seen = _game_statements(engine)
    with Session(engine) as s:
        first = find_game(s, "alpha")
        assert seen == ["UPDATE", "SELECT"]
        assert find_game(s, "Alpha ") is first and lock_game(s, game_id) is first
        assert seen == ["UPDATE", "SELECT"]
        first.phase = "F1901M"  # a change of the transaction's own is kept
        assert find_game(s, "alpha").phase == "F1901M"


def test_the_lock_is_taken_again_after_a_savepoint_or_the_transaction_ends(
    tmp_path: Path,
) -> None:
    engine, game_id = _engine_with_game(tmp_path)
    seen = _game_statements(engine)
    with Session(engine) as s:
        lock_game(s, game_id)
        with s.begin_nested():
            lock_game(s, game_id)  # held from before the savepoint
        assert seen == ["UPDATE", "SELECT"]
        lock_game(s, game_id)  # the savepoint ended: taken again
        assert seen == ["UPDATE", "SELECT"] * 2
        nested = s.begin_nested()
        lock_game(s, game_id)  # held from before this savepoint too
        assert seen == ["UPDATE", "SELECT"] * 2
        nested.rollback()
        lock_game(s, game_id)
        assert seen == ["UPDATE", "SELECT"] * 3
        s.commit()
        lock_game(s, game_id)
        assert seen == ["UPDATE", "SELECT"] * 4


def test_a_game_renamed_or_dropped_from_the_session_is_not_held(tmp_path: Path) -> None:
    engine, game_id = _engine_with_game(tmp_path)
    with Session(engine) as s:
        game = find_game(s, "alpha")
        game.name = "beta"
        s.flush()
        assert find_game(s, "alpha") is None
        assert find_game(s, "beta") is game
        s.expunge(game)
        again = lock_game(s, game_id)
        assert again is not game and again.name == "beta"


def test_a_held_game_is_what_another_connection_committed_before_the_lock(
    tmp_path: Path,
) -> None:
    """The first lock reads the game as committed; the lock keeps others out after."""
    engine, game_id = _engine_with_game(tmp_path)
    other = make_engine(str(engine.url))
    with Session(other) as s:
        lock_game(s, game_id).phase = "F1901M"
        s.commit()
    with Session(engine) as s:
        assert lock_game(s, game_id).phase == "F1901M"
