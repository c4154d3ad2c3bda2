"""A stored mail is read once on its way through the inbox (issue 27: the parsed mail
is carried along the path, not kept in a module-level memo): the judge's processor
and the redaction are handed what was read, and the parser keeps no mail (nor the
password in it) once it has returned."""

from __future__ import annotations

from sqlmodel import Session

import judge.mail.parse as parse
from judge.mail.parse import copy_mail, parse_incoming
from judge.runners.inbox import InboxRunner
from judge.store.mail import InboundMessage, store_inbound
from tests.commands.helpers import judge_config, migrated_engine

RAW = (
    b"From: Ann <ann@example.org>\r\nTo: judge@example.org\r\nSubject: orders\r\n"
    b"Message-ID: <m1@example.org>\r\nReferences: <r1@example.org>\r\n\r\n"
    b"SIGNON Fgame1 secret\r\nA Par - Bur\r\n"
)


def test_the_parser_keeps_nothing_of_a_mail() -> None:
    raw = RAW.replace(b"secret", b"s3cr3t-kept")
    parse_incoming(raw, "judge@example.org", 100_000)
    kept = [name for name, value in vars(parse).items() if "s3cr3t-kept" in repr(value)]
    assert kept == []


def test_a_copy_shares_no_list() -> None:
    first = parse_incoming(RAW, "judge@example.org", 100_000)
    again = copy_mail(first)
    first.too_large, first.size = True, 1
    first.references.append("<x@example.org>")
    assert again == parse_incoming(RAW, "judge@example.org", 100_000)


def test_the_inbox_reads_a_stored_mail_once(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        row = store_inbound(session, RAW.replace(b"SIGNON Fgame1 secret", b"HELP"), "smtp")
        session.commit()
        assert row is not None and row.id is not None
        row_id = row.id
    calls: list[int] = []
    real = parse._parse
    monkeypatch.setattr(parse, "_parse", lambda raw, j, m: calls.append(m) or real(raw, j, m))
    assert InboxRunner(judge_config(), engine).handle(row_id) == "processed"
    assert len(calls) == 1
    with Session(engine) as session:
        stored = session.get(InboundMessage, row_id)
        assert stored is not None and b"HELP" in stored.raw
    engine.dispose()
