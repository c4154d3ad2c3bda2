"""Who gets the judge's replies, and how many: one limit for every reply caused by a
mail (command replies and quarantine notices alike), and always the From address."""

from __future__ import annotations

import json
from datetime import timedelta
from email.message import EmailMessage

import pytest
from sqlmodel import Session, select

from judge.commands.inbound import process_inbound
from judge.runners.inbox import QUARANTINED, InboxRunner
from judge.store import mail as store
from judge.store.limits import LAST_REPLY, PROVEN_PAST_LIMIT, limited_body
from judge.store.models import ReplyCount
from tests.commands.helpers import (
    JUDGE,
    NOW,
    body_of,
    judge_config,
    make_mail,
    migrated_engine,
    outbox,
)

PLAYER = "someone@players.test"


@pytest.fixture
def engine(tmp_path):
    engine = migrated_engine(tmp_path)
    yield engine
    engine.dispose()


def _commands_or_boom(session, row, config):
    """The real command processor, except that a mail saying BOOM raises."""
    if b"BOOM" in row.raw:
        raise RuntimeError("exploded")
    process_inbound(session, row, config, now=NOW)


def _receive(engine, raw: bytes, replies_per_hour: int = 30) -> str:
    """Store one mail and let the processor handle it at NOW; its final status."""
    processor = InboxRunner(
        judge_config(replies_per_hour), engine, _commands_or_boom, clock=lambda: NOW
    )
    with Session(engine) as session:
        row = store.store_inbound(session, raw, "smtp")
        assert row is not None and row.id is not None
        row_id = row.id
    return processor.handle(row_id)


def _recipients(engine) -> list[list[str]]:
    with Session(engine) as session:
        rows = session.exec(select(store.OutboxMessage).order_by(store.OutboxMessage.id))
        return [row.recipient_list() for row in rows]


def test_limit_counts_per_address_and_clock_hour(engine):
    with Session(engine) as session:
        assert limited_body(session, PLAYER, NOW, 2, "text") == "text"
        last = limited_body(session, PLAYER.upper(), NOW + timedelta(minutes=59), 2, "text")
        assert last == "text" + LAST_REPLY.format(address=PLAYER.upper(), limit=2)
        assert limited_body(session, PLAYER, NOW + timedelta(minutes=30), 2, "text") is None
        assert limited_body(session, "other@players.test", NOW, 2, "text") == "text"
        assert limited_body(session, PLAYER, NOW + timedelta(hours=1), 2, "text") == "text"
        assert limited_body(session, "free@players.test", NOW, 0, "text") == "text"
        session.commit()
        counts = {(r.address, r.count) for r in session.exec(select(ReplyCount))}
    assert counts == {(PLAYER, 3), (PLAYER, 1), ("other@players.test", 1)}


def test_a_proven_sender_is_counted_and_always_answered(engine):
    """A game master's accepted signed mail (issue 25 item 2): past the address's limit
    and past the first contacts' limit, the reply is still sent, with a note."""
    with Session(engine) as session:
        assert limited_body(session, PLAYER, NOW, 1, "text") is not None
        assert limited_body(session, PLAYER, NOW, 1, "text") is None
        note = PROVEN_PAST_LIMIT.format(address=PLAYER, limit=1)
        assert limited_body(session, PLAYER, NOW, 1, "text", 1, proven=True) == "text" + note
        assert limited_body(session, "new@x.test", NOW, 5, "text", 1) == "text"
        assert limited_body(session, "new2@x.test", NOW, 5, "text", 1) is None
        assert limited_body(session, "new3@x.test", NOW, 5, "t", 1, proven=True) == "t"
        assert limited_body(session, "free@x.test", NOW, 0, "t", proven=True) == "t"
        counts = {(r.address, r.count) for r in session.exec(select(ReplyCount))}
    assert (PLAYER, 3) in counts and ("new3@x.test", 1) in counts


def test_quarantine_notices_and_replies_share_one_limit(engine):
    statuses = [
        _receive(engine, make_mail(PLAYER, "HELP\n"), replies_per_hour=2),
        _receive(engine, make_mail(PLAYER, "BOOM\n"), replies_per_hour=2),
        _receive(engine, make_mail(PLAYER, "HELP\n"), replies_per_hour=2),
        _receive(engine, make_mail(PLAYER, "BOOM\n"), replies_per_hour=2),
    ]
    assert statuses == ["processed", "quarantined", "processed", "quarantined"]
    first, notice = outbox(engine)  # two replies in all: the limit is 2
    assert "HELP" in body_of(first)
    assert "NOT applied" in body_of(notice)
    assert "This is the last reply this judge sends" in body_of(notice)


def test_game_mail_does_not_use_up_the_allowance(engine):
    with Session(engine) as session:
        for n in range(3):  # say, turn reports: not replies to anything
            msg = EmailMessage()
            msg["From"], msg["To"], msg["Subject"] = JUDGE, PLAYER, f"report {n}"
            msg.set_content("results")
            store.enqueue(session, msg)
        session.commit()
    assert _receive(engine, make_mail(PLAYER, "BOOM\n"), replies_per_hour=1) == "quarantined"
    notice = outbox(engine)[-1]
    assert QUARANTINED.split(".")[0] in body_of(notice)


@pytest.mark.parametrize("body", ["HELP\n", "BOOM\n"])
def test_replies_go_to_from_never_to_reply_to(engine, body):
    raw = make_mail(PLAYER, body, headers={"Reply-To": "victim@elsewhere.test"})
    _receive(engine, raw)
    [reply] = outbox(engine)
    assert reply["To"] == PLAYER
    assert _recipients(engine) == [[PLAYER]]
    assert "victim" not in json.dumps(_recipients(engine))
