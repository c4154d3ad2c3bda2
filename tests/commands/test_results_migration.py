"""Migration 0023 keeps when each finished game ended (``game.ended_at``), which
judge.game.end found by the opening words of its end announcement, and derives the
results of games finished before results were kept, where the stored data gives
them: the votes left on the seats of a game ended by agreement, and the powers
eliminated in its final position; any other result stays unknown."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from judge.game.end import end_game, ended_dates
from judge.game.games import find_game
from judge.mail.outgoing import Author
from judge.store.db import alembic_config, make_engine, migrate
from judge.store.models import DRAWN, ELIMINATED, WON, Game, Player
from tests.commands.helpers import (
    JUDGE,
    NOW,
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)
from tests.commands.test_finished_phase import won_game


def _results(session: Session, name: str) -> dict[str, str | None]:
    game = find_game(session, name)
    assert game is not None
    return {
        p.power: p.result for p in session.exec(select(Player).where(Player.game_id == game.id))
    }


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Engine:
    """A database at the migrations' head: a SQLite file, or one on the session's
    PostgreSQL server."""
    if request.param == "sqlite":
        return migrated_engine(tmp_path)
    return make_engine(request.getfixturevalue("migrated_postgres_url"))


def test_the_migration_keeps_the_end_dates_and_derives_the_results_it_can(engine: Engine) -> None:
    won_game(engine, "won")
    with Session(engine) as session:
        add_game(session, "drawn")
        add_game(session, "ended")
    for power, password in PASSWORDS.items():  # a DIAS draw by mail
        signon = f"SIGNON {power[0].upper()}drawn {password}\nSET DRAW\n"
        deliver(engine, make_mail(address(power), signon))
    with Session(engine) as session:
        ended = find_game(session, "ended")
        assert ended is not None
        end_game(session, Author("Test Judge", JUDGE), ended, "Ended.", NOW + timedelta(hours=4))
        session.commit()
        before = {g.name: g.ended_at for g in session.exec(select(Game))}
        won = _results(session, "won")
    assert won["france"] == WON and ELIMINATED in won.values()
    url = engine.url.render_as_string(hide_password=False)
    engine.dispose()

    command.downgrade(alembic_config(url), "0022_seat_change_phase")
    migrate(url)
    engine = make_engine(url)
    with Session(engine) as session:
        assert {g.name: g.ended_at for g in session.exec(select(Game))} == before
        ids = {g.name: g.id for g in session.exec(select(Game))}
        assert ended_dates(session)[ids["won"]] == before["won"]
        assert set(_results(session, "drawn").values()) == {DRAWN}  # the votes say it
        # A victory's winner is not stored: unknown; the eliminated powers are known.
        assert _results(session, "won") == {
            p: ELIMINATED if r == ELIMINATED else None for p, r in won.items()
        }
        assert set(_results(session, "ended").values()) == {None}
    deliver(engine, make_mail("reader@players.test", f"INFO PLAYER {address('france')}\n"))
    record = body_of(outbox(engine)[-1]).replace("\r\n", "\n")
    assert "Results: 0 won, 1 drawn, 0 survived, 0 eliminated, 2 not known." in record
    assert "won (France, result not known)" in record
    engine.dispose()
