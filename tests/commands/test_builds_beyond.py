"""A mail's build, waive or removal beyond what the power owes is refused in the reply
with the reason, counting the orders stored from earlier mails: the adjudicator would
fail it (DATC 6.I.1, the first valid builds count)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlmodel import Session

from judge.game.games import current_orders, find_game
from judge.game.processing import set_game_position
from judge.store.models import MULTIVERSE_RULES
from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)
from tests.test_adjustment_limits import TWO_BUILDS, three_winters

FRANCE = f"SIGNON Fgame1 {PASSWORDS['france']}\n"
GERMANY = f"SIGNON Ggame1 {PASSWORDS['germany']}\n"


def _engine(tmp_path, position: dict[str, Any], rules: str | None = None):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        if rules:
            game.rules = rules
        set_game_position(game, position)
        session.add(game)
        session.commit()
    return engine


@pytest.fixture
def engine(tmp_path):
    """game1 in Winter 1901: France owes two builds (Paris, Marseilles and Brest are
    free), Germany one removal."""
    engine = _engine(tmp_path, TWO_BUILDS)
    yield engine
    engine.dispose()


def _stored(engine, power: str = "france") -> list[str]:
    with Session(engine) as session:
        game = find_game(session, "game1")
        return sorted(key.text() for key in current_orders(session, game.id, game.phase, power))


def _reply(engine) -> str:
    return body_of(outbox(engine)[-1])


BEYOND_TWO = "France may build 2: this {} is beyond them and will not count"


def test_a_third_build_is_refused(engine):
    deliver(
        engine, make_mail(address("france"), FRANCE + "Build A Par, Build A Mar, Build F Bre\n")
    )
    text = _reply(engine)
    assert "Accepted: Build A par" in text and "Accepted: Build A mar" in text
    assert "*** Refused: Build F Bre: " + BEYOND_TWO.format("build") in text
    assert _stored(engine) == ["build:mar", "build:par"]


def test_builds_of_an_earlier_mail_count(engine):
    deliver(engine, make_mail(address("france"), FRANCE + "Build A Par\n"))
    deliver(engine, make_mail(address("france"), FRANCE + "Build F Bre\nBuild A Mar\n"))
    assert "*** Refused: Build A Mar: " + BEYOND_TWO.format("build") in _reply(engine)
    # a build for a stored site replaces it and is not beyond
    deliver(engine, make_mail(address("france"), FRANCE + "Build A Bre\n"))
    assert "Accepted: Build A bre" in _reply(engine)
    assert _stored(engine) == ["build:bre", "build:par"]


CLEAR_HINT = "(orders of an earlier mail count first: CLEAR withdraws them, to give others instead)"


def test_a_build_beyond_those_of_an_earlier_mail_says_how_to_give_others(engine):
    """The second mail's builds are refused, and the reply says what to do (CLEAR, as
    docs/mail.md says: no other order replaces a build): before, the player learnt only
    that the build would not count."""
    deliver(engine, make_mail(address("france"), FRANCE + "Build A Par\nBuild A Mar\n"))
    deliver(engine, make_mail(address("france"), FRANCE + "Build F Bre\n"))
    assert f"{BEYOND_TWO.format('build')} {CLEAR_HINT}" in _reply(engine)
    deliver(engine, make_mail(address("france"), FRANCE + "CLEAR\nBuild F Bre\nBuild A Mar\n"))
    assert "Accepted: Build F bre" in _reply(engine)
    assert _stored(engine) == ["build:bre", "build:mar"]


def test_a_build_beyond_those_of_the_same_mail_names_no_earlier_mail(engine):
    deliver(
        engine, make_mail(address("france"), FRANCE + "Build A Par, Build A Mar, Build F Bre\n")
    )
    assert CLEAR_HINT not in _reply(engine)


def test_the_last_waive_beyond_the_builds_is_refused(engine):
    deliver(engine, make_mail(address("france"), FRANCE + "Build A Par, Waive, Waive\n"))
    assert "*** Refused: Waive: " + BEYOND_TWO.format("waive") in _reply(engine)
    assert _stored(engine) == ["build:par", "waive:1"]


def test_a_second_removal_is_refused(engine):
    deliver(engine, make_mail(address("germany"), GERMANY + "Remove A Ruh\nRemove A Ber\n"))
    assert (
        "*** Refused: Remove A Ber: Germany must remove 1: this removal is beyond it"
        " and will not count"
    ) in _reply(engine)
    assert _stored(engine, "germany") == ["ruh"]


def test_builds_beyond_a_winter_board_of_a_world(tmp_path):
    doc = dict(three_winters(), rules={"adjacency": "loose", "seed": 1})
    engine = _engine(tmp_path, doc, MULTIVERSE_RULES)
    orders = "Build A 1:par:W1901, Build F 1:bre:W1901, Build A 3:par:W1901\n"
    deliver(engine, make_mail(address("france"), FRANCE + orders))
    text = _reply(engine)
    assert (
        "*** Refused: Build F 1:bre:W1901: France may build 1 on timeline 1, W1901:"
        " this build is beyond it and will not count"
    ) in text
    assert _stored(engine) == ["build:1:par:W1901", "build:3:par:W1901"]
    deliver(engine, make_mail(address("france"), FRANCE + "Remove A 1:bur:W1901\n"))
    assert (
        "*** Refused: Remove A 1:bur:W1901: on timeline 1, W1901 you have more supply"
        " centres than units: you may build 1 unit (or waive), not remove one"
    ) in _reply(engine)
    engine.dispose()
