"""A Message-ID used again by an unrelated mail (a mailer that reuses its ids, or
one that collides by chance): the second mail is a mail of its own, stored and
answered, never taken for the first; a true copy of either (delivered twice, by
another route, with other trace headers or line ends) is still stored once.

Before, the judge stored mails under their Message-ID alone: the second player's
orders were dropped at intake and never answered.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.game.games import current_orders, find_game
from judge.runners.inbox import InboxRunner
from judge.store.mail import store_inbound, store_inbound_many
from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    judge_config,
    last_outbox_id,
    make_mail,
    migrated_engine,
    outbox,
)

SHARED = "<same-id@players.test>"


def _help() -> bytes:
    return make_mail(
        address("england"), "HELP\n", subject="help", message_id=SHARED, headers=_date(0)
    )


def _orders() -> bytes:
    body = f"SIGNON Agame1 {PASSWORDS['austria']}\nA Vie-Gal\n"
    return make_mail(address("austria"), body, message_id=SHARED, headers=_date(0))


def _date(minute: int) -> dict[str, str]:
    return {"Date": f"Sat, 28 Nov 2026 10:{minute:02d}:00 +0100"}


def _copy(raw: bytes) -> bytes:
    """The same mail as another route delivers it: a trace header more, LF line ends."""
    return b"Received: from relay.test by mx.test; Sat, 28 Nov 2026 10:00:01 +0000\n" + (
        raw.replace(b"\r\n", b"\n")
    )


def _engine(tmp_path: Path) -> Engine:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    return engine


def _apply(engine: Engine, raw: bytes) -> int | None:
    """Store a mail as intake does and let the inbox runner apply it; the row's id."""
    with Session(engine) as session:
        row = store_inbound(session, raw, "smtp")
        row_id = row.id if row is not None else None
    if row_id is not None:
        assert InboxRunner(judge_config(), engine).handle(row_id) == "processed"
    return row_id


def _austria_orders(engine: Engine) -> set[str]:
    with Session(engine) as session:
        game = find_game(session, "game1")
        assert game is not None and game.id is not None
        rows = current_orders(session, game.id, game.phase, "austria")
        return {row.canonical for row in rows.values()}


def test_another_senders_mail_with_a_used_message_id_is_stored_and_answered(tmp_path: Path):
    engine = _engine(tmp_path)
    assert _apply(engine, _help()) is not None
    before = last_outbox_id(engine)
    assert _apply(engine, _orders()) is not None
    replies = outbox(engine, before)
    assert [r["To"] for r in replies] == [address("austria")]
    assert _austria_orders(engine)


def test_a_copy_of_either_mail_is_stored_once(tmp_path: Path):
    engine = _engine(tmp_path)
    _apply(engine, _help())
    _apply(engine, _orders())
    before = last_outbox_id(engine)
    assert _apply(engine, _copy(_help())) is None
    assert _apply(engine, _copy(_orders())) is None
    assert outbox(engine, before) == []


def test_a_fetch_keeps_both_mails_and_drops_the_copies(tmp_path: Path):
    engine = _engine(tmp_path)
    mails = [_help(), _orders(), _copy(_orders()), _copy(_help())]
    with Session(engine) as session:
        new = store_inbound_many(session, [(raw, None) for raw in mails], "imap")
    assert new == [True, True, False, False]
    with Session(engine) as session:
        assert store_inbound_many(session, [(_copy(_orders()), None)], "imap") == [False]


def _second_orders() -> bytes:
    """Austria's next mail, from a mail program that gives every mail one Message-ID:
    the same From and Subject as her first, written a minute later."""
    body = f"SIGNON Agame1 {PASSWORDS['austria']}\nA Bud-Ser\n"
    return make_mail(address("austria"), body, message_id=SHARED, headers=_date(1))


def _reencoded(raw: bytes) -> bytes:
    """The same mail after a relay turned its text into quoted-printable."""
    head, _, body = raw.replace(b"\r\n", b"\n").partition(b"\n\n")
    head = head.replace(
        b"Content-Transfer-Encoding: 7bit", b"Content-Transfer-Encoding: quoted-printable"
    )
    return head + b"\n\n" + body.replace(b"-", b"=2D")


def test_the_same_senders_other_mail_with_her_used_message_id_is_answered(tmp_path: Path):
    engine = _engine(tmp_path)
    assert _apply(engine, _orders()) is not None
    before = last_outbox_id(engine)
    assert _apply(engine, _second_orders()) is not None
    assert [r["To"] for r in outbox(engine, before)] == [address("austria")]
    assert len(_austria_orders(engine)) == 2
    assert _apply(engine, _reencoded(_second_orders())) is None
    assert _apply(engine, _reencoded(_orders())) is None


def test_a_copy_of_a_mail_with_a_password_in_its_subject_is_stored_once(tmp_path: Path):
    """The mail is kept with the password in its Subject hidden: its copy, with the
    password, is still the same mail (not answered twice)."""
    engine = _engine(tmp_path)
    subject = f"SIGNON Agame1 {PASSWORDS['austria']}"
    raw = make_mail(address("austria"), "A Vie-Gal\n", subject, SHARED, _date(0))
    assert _apply(engine, raw) is not None
    before = last_outbox_id(engine)
    assert _apply(engine, _copy(raw)) is None
    assert outbox(engine, before) == []


def test_a_mail_that_loses_a_race_to_another_of_its_message_id_is_stored(tmp_path: Path):
    """Another intake (a second daemon) stores England's mail between the look-up of
    Austria's key and its INSERT: Austria's mail is not that one, and is stored."""
    engine = _engine(tmp_path)

    def rival_first(_conn, clause, *_args) -> None:  # noqa: ANN001
        if getattr(clause, "is_insert", False):
            event.remove(engine, "before_execute", rival_first)
            with Session(engine) as other:
                assert store_inbound(other, _help(), "smtp") is not None

    event.listen(engine, "before_execute", rival_first)
    with Session(engine) as session:
        assert store_inbound(session, _orders(), "smtp") is not None
    with Session(engine) as session:
        assert store_inbound(session, _copy(_orders()), "smtp") is None
