"""Replies and reports write the '::' lines mapping tools read in one form (the
judge's code, the variant's label, the deadline in the game's zone), and the
deadline in the reader's zone in one form too."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from judge.clock.timing import TimingRules, format_for
from judge.game.clock import set_game_timing
from judge.game.games import find_game
from judge.game.processing import process_phase, starting_document
from judge.mail.outgoing import Author
from judge.store.models import MULTIVERSE_RULES
from tests.commands.helpers import (
    JUDGE,
    NOW,
    add_game,
    address,
    body_of,
    deliver,
    judge_config,
    make_mail,
    migrated_engine,
    outbox,
)

SIGNON = "SIGNON Fgame1 paris11\n"


@pytest.fixture
def engine(tmp_path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        set_game_timing(game, TimingRules(zone="Europe/Paris"))
        session.add(game)
        session.commit()
    yield engine
    engine.dispose()


def _config():
    config = judge_config()
    config.judge.code = "USIN"
    return config


def _mapper_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("::")]


def test_a_reply_has_the_reports_mapper_lines(engine):
    deliver(engine, make_mail(address("france"), SIGNON + "A Par - Bur\n"), _config())
    reply = body_of(outbox(engine)[-1])
    with Session(engine) as session:
        game = find_game(session, "game1")
        deadline = game.deadline
        outcome = process_phase(session, Author("Test Judge", JUDGE, "USIN"), game, NOW)
        report = outcome.report.text
    assert _mapper_lines(reply) == [
        ":: Judge: USIN  Game: Game1  Variant: Standard",
        ":: Deadline: S1901M Mon Nov 23 2026 13:00:00 +0100",
    ]
    assert _mapper_lines(reply) == _mapper_lines(report)
    assert deadline is not None


def test_a_multiverse_reply_names_the_variant_as_reports_do(tmp_path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.rules = MULTIVERSE_RULES
        game.set_position(starting_document("standard", MULTIVERSE_RULES, "loose", 1))
        session.add(game)
        session.commit()
    deliver(engine, make_mail(address("france"), SIGNON + "A Par - Bur\n"), _config())
    reply = body_of(outbox(engine)[-1])
    assert ":: Judge: USIN  Game: Game1  Variant: Standard (multiverse)" in reply
    engine.dispose()


def test_the_reply_deadline_is_written_as_reports_write_it(engine):
    body = "REGISTER\nName: F\nTimezone: Asia/Tokyo\nPassword: whatever1\nEND\n"
    deliver(engine, make_mail(address("france"), body))
    deliver(engine, make_mail(address("france"), SIGNON + "A Par H\n"))
    text = body_of(outbox(engine)[-1])
    with Session(engine) as session:
        deadline = find_game(session, "game1").deadline
    shown = format_for(deadline.replace(tzinfo=NOW.tzinfo), "Asia/Tokyo")
    assert shown == "Mon 23 Nov 2026 21:00 JST (12:00 UTC)"
    assert f"Deadline: {shown}." in text
