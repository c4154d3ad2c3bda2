"""``JOIN x`` with one word: njudge's JOIN is ``JOIN <game> <password>``
(njudge-forms), so a lone word that names no game of this judge may be the
password alone, and the reply must not quote it; it quoted it back. A lone word
that names a game of this judge is quoted (it is no password)."""

from __future__ import annotations

from sqlmodel import Session

from tests.commands.helpers import add_game, body_of, deliver, make_mail, migrated_engine, outbox


def _reply(engine, line: str) -> str:
    before = len(outbox(engine))
    deliver(engine, make_mail("newcomer@players.test", line + "\n"))
    [reply] = outbox(engine)[before:]
    return body_of(reply).replace("\r\n", "\n")


def test_join_with_one_word_hides_it_unless_it_is_a_game(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    text = _reply(engine, "JOIN S3cret-pw")
    assert "S3cret-pw" not in text and "s3cret-pw" not in text.lower()
    assert "> JOIN ********" in text and "expected: JOIN <game> <password>" in text
    text = _reply(engine, "JOIN game1")
    assert "> JOIN game1\n" in text and "expected: JOIN <game> <password>" in text
