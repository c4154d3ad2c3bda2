"""A finished game is shown in the phase it ended in, never in the next one its final
position is stored as: a victory at F1905R leaves the position at W1905A, and LIST,
LIST FULL and SUMMARY said "finished, phase W1905A" as if the game went on."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.game.end import end_game
from judge.game.games import find_game
from judge.game.processing import process_phase, rollback_to, set_game_position
from judge.mail.outgoing import Author
from judge.store.models import FINISHED
from tests.commands.helpers import (
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

AUTHOR = Author("Judge", "judge@judge.test", "JUDGE")
FRANCE = ["bel", "ber", "bre", "den", "edi", "hol", "kie", "lon", "lvp", "mar", "mun"]
NEAR_VICTORY = {
    "variant": "standard",
    "phase": "F1905M",
    "units": [
        {"power": "france", "type": "A", "province": "tyr"},
        {"power": "france", "type": "A", "province": "pie"},
        {"power": "italy", "type": "A", "province": "ven"},
    ],
    "dislodged": [],
    "contested": [],
    "supply_centers": {
        "france": [*FRANCE, "nwy", "par", "por", "spa", "stp", "swe"],
        "italy": ["rom"],
    },
}


def won_game(engine: Engine, name: str = "game1") -> None:
    """France takes her eighteenth centre in F1905M; the game ends with F1905R."""
    with Session(engine) as session:
        game = add_game(session, name)
        set_game_position(game, NEAR_VICTORY)
        session.add(game)
        session.commit()
    body = f"SIGNON F{name} {PASSWORDS['france']}\nA Pie-Ven\nA Tyr S A Pie-Ven\n"
    deliver(engine, make_mail(address("france"), body))
    for hours in (1, 2):
        with Session(engine) as session:
            game = find_game(session, name)
            assert game is not None
            process_phase(session, AUTHOR, game, NOW + timedelta(hours=hours))
            session.commit()
    with Session(engine) as session:
        game = find_game(session, name)
        assert game is not None and game.status == FINISHED and game.phase == "W1905A"


def _replies(engine: Engine, body: str) -> str:
    before = len(outbox(engine))
    deliver(engine, make_mail("someone@else.test", body), now=NOW + timedelta(hours=3))
    return "\n".join(body_of(m) for m in outbox(engine)[before:])


def test_list_and_summary_show_a_won_game_in_the_phase_it_ended_in(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    won_game(engine)
    text = _replies(engine, "LIST game1\nSUMMARY game1\nLIST\nLIST FULL\n")
    engine.dispose()
    assert "Game game1: standard, finished in F1905R" in text  # LIST game1
    assert "Status: finished in F1905R" in text  # SUMMARY
    assert "game1: standard, finished in F1905R" in text  # LIST FULL
    assert "game1            standard     F1905R   finished" in text  # LIST
    assert "W1905A" not in text


def test_a_draw_ends_in_its_phase_and_a_rollback_reopens_the_game(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        end_game(session, AUTHOR, game, "Draw declared.", NOW)
        session.commit()
    assert "Status: finished in S1901M" in _replies(engine, "SUMMARY game1\n")
    engine.dispose()
    engine = migrated_engine(tmp_path / "won")
    won_game(engine)
    with Session(engine) as session:
        game = find_game(session, "game1")
        assert game is not None
        rollback_to(session, AUTHOR, game, "F1905R", NOW + timedelta(hours=3))
        session.commit()
    assert "Status: active, phase F1905R" in _replies(engine, "SUMMARY game1\n")
    engine.dispose()


def test_the_migration_fills_in_the_games_won_before_it(tmp_path) -> None:
    """Migration 0018: a game whose last report is its results ended in that phase;
    one ended otherwise (a draw) keeps the phase it stands in."""
    from alembic import command

    from judge.store.db import alembic_config, make_engine, migrate

    engine = migrated_engine(tmp_path)
    won_game(engine)
    with Session(engine) as session:
        end_game(session, AUTHOR, add_game(session, "drawn"), "Draw declared.", NOW)
        session.commit()
    url = str(engine.url)
    engine.dispose()
    command.downgrade(alembic_config(url), "0017_password_reset")
    migrate(url)
    engine = make_engine(url)
    with Session(engine) as session:
        won, drawn = find_game(session, "game1"), find_game(session, "drawn")
        assert won is not None and drawn is not None
        assert (won.ended_in, drawn.ended_in, drawn.phase) == ("F1905R", None, "S1901M")
    engine.dispose()


def test_a_player_signing_on_to_a_won_game_is_told_the_phase_it_ended_in(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    won_game(engine)
    before = len(outbox(engine))
    body = f"SIGNON Fgame1 {PASSWORDS['france']}\nLIST\n"
    deliver(engine, make_mail(address("france"), body), now=NOW + timedelta(hours=3))
    [reply] = outbox(engine)[before:]
    engine.dispose()
    text = body_of(reply)
    assert reply["Subject"] == "Re: JUDGE:game1 - F1905R orders"
    assert "Signed on as France in game game1 (F1905R, finished)." in text
    assert "W1905A" not in text
