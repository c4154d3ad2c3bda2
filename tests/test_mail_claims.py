"""Claims on a real PostgreSQL (judge.store.mail): what two daemons' transactions see of
each other's inbound and outbox rows."""

from __future__ import annotations

from email.message import EmailMessage

import pytest
from sqlmodel import Session, select

from judge.store.db import make_engine
from judge.store.mail import (
    CLAIM_LEASE,
    PENDING,
    InboundMessage,
    OutboxMessage,
    claim_one,
    claim_outbox,
    claim_pending,
    enqueue,
    mark_done,
    save_handled,
    store_inbound,
)
from tests.commands.helpers import make_mail


@pytest.fixture
def engine(migrated_postgres_url: str):  # noqa: ANN201
    eng = make_engine(migrated_postgres_url)
    yield eng
    eng.dispose()


def _inbound(engine, count: int) -> list[int]:  # noqa: ANN001
    with Session(engine) as session:
        mails = [make_mail(f"p{n}@x.test", "HELP\n") for n in range(count)]
        rows = [store_inbound(session, raw, "smtp") for raw in mails]
        return [row.id for row in rows if row is not None]


def test_a_claimed_inbound_row_is_passed_over_and_a_handled_one_never_written_again(
    engine,  # noqa: ANN001
) -> None:
    first, second = _inbound(engine, 2)
    with Session(engine) as one, Session(engine, expire_on_commit=False) as other:
        stale = other.get(InboundMessage, first)  # read before it was handled
        other.commit()
        assert [r.id for r in claim_pending(one, [first, second])] == [first, second]
        assert claim_pending(other, [first, second]) == []  # held: skipped, not waited for
        assert claim_one(other, first) is None
        row = claim_one(one, first)
        assert row is not None
        mark_done(row)
        save_handled(one, row)
        one.commit()  # the second row's claim ends too
        assert [r.id for r in claim_pending(other, [first, second])] == [second]
        assert claim_one(other, first) is None  # handled: never taken again
        assert stale is not None and stale.status == PENDING
        mark_done(stale)
        with pytest.raises(RuntimeError, match="not found pending"):
            save_handled(other, stale)  # a stale copy is never written over it


def test_an_outbox_row_claimed_by_one_sender_is_left_by_the_other(engine) -> None:  # noqa: ANN001
    with Session(engine) as session:
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = "judge@example.org", "p@x.test", "reply"
        msg.set_content("reply\n")
        enqueue(session, msg)
        session.commit()
    with Session(engine) as one, Session(engine) as other:
        row = one.exec(select(OutboxMessage)).one()
        copy = other.exec(select(OutboxMessage)).one()
        assert claim_outbox(one, row)
        assert not claim_outbox(other, copy)
        row.state = "sent"
        one.add(row)
        one.commit()
        other.rollback()
        assert not claim_outbox(other, copy)  # sent: never claimed again


def test_a_claim_outlives_its_senders_connection_until_the_lease_is_over(engine) -> None:  # noqa: ANN001
    """Issue 25, item 5: a sender that handed a row to the relay and then lost the
    database (a restart between the relay's 250 and the mark) keeps the row: no other
    daemon's sender may take it until the claim's lease is over."""
    with Session(engine) as session:
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = "judge@example.org", "p@x.test", "reply"
        msg.set_content("reply\n")
        enqueue(session, msg)
        session.commit()
    one = Session(engine, expire_on_commit=False)
    row = one.exec(select(OutboxMessage)).one()
    assert claim_outbox(one, row)
    one.connection().invalidate()  # the first sender's connection is gone, its locks too
    one.close()
    with Session(engine) as other:
        copy = other.exec(select(OutboxMessage)).one()
        assert not claim_outbox(other, copy)  # claimed: left alone
        later = copy.next_attempt_at + CLAIM_LEASE
        other.rollback()
        assert claim_outbox(other, copy, now=later)  # the lease is over: taken
