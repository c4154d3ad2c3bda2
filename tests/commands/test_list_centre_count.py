"""LIST <game> counts each power's centres in words that agree with the number:
"France: 1 centres (par)" read wrongly (found by the game-master audit); the web
page's positions share the same line."""

from __future__ import annotations

from sqlmodel import Session

from judge.game.games import starting_position
from judge.game.processing import set_game_position
from judge.reports.centres import centres_listed
from tests.commands.helpers import add_game, body_of, deliver, make_mail, migrated_engine, outbox


def test_one_centre_is_written_in_the_singular(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    position = starting_position("standard")
    position["supply_centers"]["france"] = ["par"]
    with Session(engine) as session:
        game = add_game(session)
        set_game_position(game, position)
        session.add(game)
        session.commit()
    deliver(engine, make_mail("someone@players.test", "LIST game1\n"))
    text = body_of(outbox(engine)[-1])
    assert "France: 1 centre (par)" in text, text
    assert "England: 3 centres (edi, lon, lvp)" in text, text


def test_centres_listed() -> None:
    assert centres_listed([]) == "0 centres (-)"
    assert centres_listed(["par"]) == "1 centre (par)"
    assert centres_listed(["bre", "par"]) == "2 centres (bre, par)"
