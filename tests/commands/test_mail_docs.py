"""Run every example of docs/mail.md and check the judge's answers against it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlmodel import Session

from judge.game.games import create_game
from judge.store.models import FORMING
from tests.commands.helpers import (
    add_game,
    body_of,
    deliver,
    last_outbox_id,
    make_mail,
    migrated_engine,
    outbox,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "mail.md"
_BLOCK = re.compile(r"^```(mail|reply|delivered)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _blocks() -> list[tuple[str, list[str]]]:
    return [(kind, text.rstrip("\n").split("\n")) for kind, text in _BLOCK.findall(DOC.read_text())]


def _headers(lines: list[str], names: tuple[str, ...]) -> tuple[dict[str, str], list[str]]:
    """Leading ``Name: value`` lines for the given names, and the rest."""
    found: dict[str, str] = {}
    while lines and lines[0].split(":", 1)[0] in names:
        name, _, value = lines[0].partition(":")
        found[name] = value.strip()
        lines = lines[1:]
    return found, lines


def _contains_in_order(actual: str, expected: list[str]) -> str | None:
    """None when every expected line is a line of ``actual``, in order (any case)."""
    got = [line.rstrip().lower() for line in actual.split("\n")]
    at = 0
    for line in expected:
        want = line.rstrip().lower()
        while at < len(got) and got[at] != want:
            at += 1
        if at == len(got):
            return f"missing (in order): {line!r}"
        at += 1
    return None


def test_the_document_has_examples():
    kinds = [kind for kind, _ in _blocks()]
    assert kinds.count("mail") >= 8 and kinds.count("reply") == kinds.count("mail")
    assert kinds[0] == "mail"


def test_every_example_in_docs_mail_md(tmp_path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
        create_game(session, "game2", [], status=FORMING, deadline=None).seats = 2
        session.commit()
    new_mail: list = []
    reply = None
    for number, (kind, lines) in enumerate(_blocks()):
        where = f"block {number} ({kind}) of docs/mail.md"
        if kind == "mail":
            head, body = _headers(lines, ("From", "Subject"))
            before = last_outbox_id(engine)
            mid = f"<doc-example-{number}@players.test>"
            raw = make_mail(head["From"], "\n".join(body) + "\n", head.get("Subject", ""), mid)
            deliver(engine, raw)
            new_mail = outbox(engine, before)
            replies = [m for m in new_mail if m["In-Reply-To"] == mid]
            assert len(replies) == 1, f"{where}: expected one reply, got {len(replies)}"
            reply = replies[0]
            assert reply["To"] == head["From"], where
        elif kind == "reply":
            assert reply is not None, where
            head, expected = _headers(lines, ("Subject",))
            if "Subject" in head:
                assert reply["Subject"] == head["Subject"], where
            problem = _contains_in_order(body_of(reply), expected)
            assert problem is None, f"{where}: {problem}\n--- actual reply:\n{body_of(reply)}"
        else:
            head, expected = _headers(lines, ("To", "Subject"))
            candidates = [
                m
                for m in new_mail
                if m["To"] == head["To"] and m["Subject"] == head.get("Subject", m["Subject"])
            ]
            ok = [m for m in candidates if _contains_in_order(body_of(m), expected) is None]
            assert ok, f"{where}: no matching mail among {[str(m['Subject']) for m in new_mail]}"
    engine.dispose()


@pytest.mark.parametrize("line", ["SIGNON Fgame1 ********", "SET PASSWORD ********"])
def test_the_document_never_shows_a_password_in_a_reply(line):
    text = DOC.read_text()
    assert line in text
    for kind, lines in _blocks():
        if kind == "reply":
            assert not any("paris11" in x or "Venezia-2" in x for x in lines)
