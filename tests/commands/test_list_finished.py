"""LIST of a finished game says how it ended, as SUMMARY and the web page do: it
said only "finished in F1901M", with no word of a draw or a winner."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session

from judge.clock.timing import format_for
from judge.game.end import end_game
from judge.game.games import find_game
from judge.game.history import reports_of
from judge.mail.outgoing import Author
from judge.store.db import make_engine
from judge.store.models import as_utc
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


def test_list_of_a_finished_game_gives_its_outcome(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        end_game(session, Author("Test Judge", JUDGE), game, "Draw: Austria, England.", NOW)
        session.commit()
    deliver(engine, make_mail("reader@players.test", "LIST game1\n"))
    text = body_of(outbox(engine)[-1]).replace("\r\n", "\n")
    assert (
        "Game game1: standard, finished in S1901M\n    Outcome: Draw: Austria, England.\n" in text
    )
    assert "France: 3 centres (bre, mar, par)" in text  # the final position


def test_list_of_a_running_game_has_no_outcome_line(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, make_mail("reader@players.test", "LIST game1\n"))
    assert "Outcome:" not in body_of(outbox(engine)[-1])


def test_a_finished_game_shows_when_it_ended_not_a_deadline_or_votes(tmp_path) -> None:
    """A finished game has no deadline and no vote can change it: LIST and SUMMARY
    said ``Deadline: none`` and offered draw and clock votes (njudge's LIST of a
    finished game gives no deadline)."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    for power, password in PASSWORDS.items():  # every player votes the DIAS draw by mail
        deliver(
            engine,
            make_mail(address(power), f"SIGNON {power[0].upper()}game1 {password}\nSET DRAW\n"),
        )
    deliver(engine, make_mail("reader@players.test", "LIST game1\nSUMMARY game1\n"))
    summary, listing = (body_of(m).replace("\r\n", "\n") for m in outbox(engine)[-2:])
    for text in (listing, summary):
        assert "Ended: Sat 21 Nov 2026 12:00 UTC" in text
        assert "Deadline:" not in text
        assert "Player votes to pause" not in text and "Draws: DIAS" not in text


def test_a_game_won_in_its_results_says_when_it_ended(tmp_path) -> None:
    """A victory ends the game in its results, with no end announcement: LIST
    gives when those results were out."""
    engine = migrated_engine(tmp_path)
    won_game(engine)
    with Session(engine) as session:
        [ended] = [r.created_at for r in reports_of(session, find_game(session, "game1"))][-1:]
    deliver(engine, make_mail("reader@players.test", "LIST game1\n"), now=NOW + timedelta(hours=3))
    text = body_of(outbox(engine)[-1])
    assert f"Ended: {format_for(as_utc(ended), None)}" in text and "Deadline:" not in text


def test_list_of_all_games_says_when_a_finished_game_ended(tmp_path) -> None:
    """LIST's table gave a finished game ``none`` in its Deadline column, as if a
    deadline were yet to be set; it says when the game ended, as LIST <game> does."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        add_game(session, "game2")
        end_game(session, Author("Test Judge", JUDGE), game, "Draw: Austria, England.", NOW)
        session.commit()
    deliver(engine, make_mail("reader@players.test", "LIST\n"), now=NOW + timedelta(days=3))
    rows = body_of(outbox(engine)[-1]).replace("\r\n", "\n").splitlines()
    [finished] = [row for row in rows if row.strip().startswith("game1 ")]
    [running] = [row for row in rows if row.strip().startswith("game2 ")]
    assert finished.split("finished", 1)[1].strip() == "ended Sat 21 Nov 2026 12:00 UTC"
    assert running.rstrip().endswith("Mon 23 Nov 2026 12:00 UTC")


def test_list_of_a_finished_game_leaves_out_what_matters_only_while_it_runs(tmp_path) -> None:
    """njudge's LIST of a finished game (ml_list.c) gives no deadline and no word of
    what becomes of those late (civil disorder); the judge's LIST still gave its rule
    of removals in civil disorder, its entry limits (nobody can join any more) and
    the SIGNON that takes an abandoned power over (a takeover is refused)."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.min_dedication = 1
        session.add(game)
        session.commit()
    deliver(engine, make_mail(address("france"), f"SIGNON Fgame1 {PASSWORDS['france']}\nRESIGN\n"))
    running_lines = ("Civil disorder removals:", "Entry limits:", "SIGNON Fgame1 <password>")
    deliver(engine, make_mail("reader@players.test", "LIST game1\n"))
    running = body_of(outbox(engine)[-1])
    assert all(line in running for line in running_lines), running
    with Session(engine) as session:
        game = find_game(session, "game1")
        end_game(session, Author("Test Judge", JUDGE), game, "Draw: Austria, England.", NOW)
        session.commit()
    deliver(engine, make_mail("reader@players.test", "LIST game1\nSUMMARY game1\n"))
    summary, listing = (body_of(m).replace("\r\n", "\n") for m in outbox(engine)[-2:])
    for line in running_lines:
        assert line not in listing and line not in summary, line
    assert "France (abandoned): 3 centres (bre, mar, par)" in listing
    assert "Press: white press" in listing  # a setting of the game, as njudge's params


def test_the_end_of_every_finished_game_is_read_on_postgresql(migrated_postgres_url) -> None:
    """The one query of every finished game's end (judge.game.end.ended_dates) on
    PostgreSQL too: a won game's end is its last results, a drawn one's its
    announcement."""
    engine = make_engine(migrated_postgres_url)
    won_game(engine)
    with Session(engine) as session:
        drawn = add_game(session, "game2")
        end_game(session, Author("Test Judge", JUDGE), drawn, "Draw: Austria, England.", NOW)
        session.commit()
        won = find_game(session, "game1")
        assert won is not None
        [results] = [r.created_at for r in reports_of(session, won)][-1:]
    deliver(engine, make_mail("reader@players.test", "LIST\n"), now=NOW + timedelta(hours=3))
    rows = body_of(outbox(engine)[-1]).replace("\r\n", "\n").splitlines()
    ends = {
        row.split()[0]: row.split("finished", 1)[1].strip() for row in rows if "finished" in row
    }
    assert ends == {
        "game1": f"ended {as_utc(results):%a %d %b %Y %H:%M} UTC",
        "game2": "ended Sat 21 Nov 2026 12:00 UTC",
    }
    engine.dispose()
