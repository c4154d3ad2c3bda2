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


def test_other_password_words_are_refused_and_never_quoted(tmp_path) -> None:
    """``NEWPASS x``, ``PASSWD x``, ``SET PASS x`` and ``SET PASSWD x`` were refused
    as unknown commands, or passed over, with the password quoted back."""
    words = ("NEWPASS", "PASSWD", "SET PASS", "SET PASSWD")
    lines = "".join(f"{word} secret{i}x\n" for i, word in enumerate(words))
    subject, text = _reply(tmp_path, "SIGNON Fgame1 paris11\n" + lines)
    assert all(f"secret{i}x" not in text for i in range(len(words))), text
    assert "[Error Flag]" in subject
    assert text.count("no password was changed: to change your power's password, write") == 4


def test_a_web_site_s_sign_in_signs_on_and_hides_the_password(tmp_path) -> None:
    """``SIGN IN Fgame1 pw`` and ``LOG ON Fgame1 pw`` (as on a web site) were refused
    as no command, with the password quoted back; njudge's LOGIN already signed on."""
    for line in ("SIGN IN Fgame1 paris11", "SIGNIN Fgame1 paris11", "Log on Fgame1 paris11"):
        _, text = _reply(tmp_path / line.replace(" ", "_"), line + "\nA Par - Bur\n")
        assert "paris11" not in text, text
        assert "Signed on as France in game game1" in text
        assert "Accepted: A par - bur" in text


def test_a_signon_with_one_word_never_quotes_it(tmp_path) -> None:
    """``SIGNON paris11`` (the password alone, after the SIGNON before it) was
    refused with the password quoted back."""
    _, text = _reply(tmp_path, "SIGNON Fgame1 paris11\nSIGNON paris11\n")
    assert "paris11" not in text, text
