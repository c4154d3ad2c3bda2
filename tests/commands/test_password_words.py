"""A password change written without SET, and a forgotten password. ``PASSWORD
newpass2`` and ``CHANGE PASSWORD newpass3`` after a SIGNON were passed over as
greetings ("ignored: not an order") and quoted back with the password; njudge's
command is SET PASSWORD (data/index)."""

from __future__ import annotations

from sqlmodel import Session

from tests.commands.helpers import (
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)


def _reply(tmp_path, body: str) -> tuple[str, str]:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, make_mail(address("france"), body))
    reply = outbox(engine)[-1]
    engine.dispose()
    return reply["Subject"], body_of(reply)


def test_a_password_change_without_set_is_refused_and_never_quoted(tmp_path) -> None:
    body = "SIGNON Fgame1 paris11\nPASSWORD newpass2\nChange password: newpass3\n"
    subject, text = _reply(tmp_path, body)
    assert "newpass2" not in text and "newpass3" not in text, text
    assert "[Error Flag]" in subject
    assert text.count("no password was changed: to change your power's password, write") == 2
    assert "> PASSWORD ********" in text and "> Change password: ********" in text


def test_a_password_line_before_any_signon_is_never_quoted(tmp_path) -> None:
    _, text = _reply(tmp_path, "Name: Bob\nPassword: hunter22\n")
    assert "hunter22" not in text, text


def test_a_forgotten_password_is_told_what_to_do(tmp_path) -> None:
    """A player gets a one-time code by mail (tests/commands/test_password_reset.py)."""
    _, text = _reply(tmp_path, "Forgot password?\n")
    assert "A one-time code to sign on as France in game game1 is mailed to" in text, text
