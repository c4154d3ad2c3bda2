"""Waives by mail: each waive of a mail is its own order, up to the builds owed
(every waive had one key, so the second replaced the first)."""

from __future__ import annotations

import copy

import pytest
from sqlmodel import Session

from judge.game.games import current_orders, find_game
from tests.commands.helpers import address, body_of, deliver, make_mail, migrated_engine, outbox
from tests.test_owed_in_replies import WINTER

SIGNON = "SIGNON Fgame1 paris11\n"


@pytest.fixture
def engine(tmp_path):
    """game1 in Winter 1901: France owns five centres with three units, and Paris and
    Marseilles are free, so it owes two builds."""
    from tests.commands.helpers import add_game

    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        doc = copy.deepcopy(WINTER)
        doc["supply_centers"]["france"].append("par")
        game.set_position(doc)
        game.phase = "W1901A"
        session.add(game)
        session.commit()
    yield engine
    engine.dispose()


def _stored(engine) -> list[str]:
    with Session(engine) as session:
        game = find_game(session, "game1")
        return sorted(key.text() for key in current_orders(session, game.id, "W1901A", "france"))


def test_two_waives_on_two_lines_are_two_orders(engine):
    deliver(engine, make_mail(address("france"), SIGNON + "Waive\nWaive\n"))
    assert _stored(engine) == ["waive:1", "waive:2"]
    text = body_of(outbox(engine)[-1])
    assert "Adjustments not yet ordered" not in text


def test_a_waive_beyond_the_builds_owed_is_refused(engine):
    deliver(engine, make_mail(address("france"), SIGNON + "Waive, Waive\nWaive\n"))
    assert _stored(engine) == ["waive:1", "waive:2"]
    text = body_of(outbox(engine)[-1])
    assert (
        "*** Refused: Waive: France may build 2: this waive is beyond them and will not count"
        in (text)
    )


def test_a_later_mail_restates_its_waives(engine):
    deliver(engine, make_mail(address("france"), SIGNON + "Waive\n"))
    deliver(engine, make_mail(address("france"), SIGNON + "Build A Par\nWaive\n"))
    # The second mail's waive replaces the first mail's: one build and one waive.
    assert _stored(engine) == ["build:par", "waive:1"]


def test_no_waive_without_a_build_site(engine):
    with Session(engine) as session:
        game = find_game(session, "game1")
        doc = game.position_doc()
        for unit in doc["units"]:
            if unit["power"] == "france" and unit["province"] in ("bel", "por"):
                unit["province"] = {"bel": "par", "por": "mar"}[unit["province"]]
        game.set_position(doc)
        session.add(game)
        session.commit()
    deliver(engine, make_mail(address("france"), SIGNON + "Waive\n"))
    assert _stored(engine) == []
    text = body_of(outbox(engine)[-1])
    # France has more centres than units but no free home centre: the reply says why
    # (it said only "you have no build to waive", which read false to a player owed one)
    assert "*** Refused: Waive: you have no build to waive: no build can be made now" in text
    assert "no home centre of yours free to build in" in text
