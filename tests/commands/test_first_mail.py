"""A newcomer's first mail, in prose ("hi, how do I play?"): njudge's data/index
answers such a mail with its help. Each line was refused as 'not a command (orders
need a SIGNON line before them)' and nothing said how to begin."""

from __future__ import annotations

from sqlmodel import Session

from tests.commands.helpers import add_game, body_of, deliver, make_mail, migrated_engine, outbox


def _reply(tmp_path, body: str) -> str:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, make_mail("newbie@players.test", body, "hello"))
    text = body_of(outbox(engine)[-1])
    engine.dispose()
    return text


def test_a_mail_in_prose_is_told_how_to_begin(tmp_path) -> None:
    text = _reply(tmp_path, "Hello,\n\nI'd like to join a game. How do I sign up?\n\nMarie")
    assert "*** Refused: not a command" in text
    for word in ("HELP", "LIST", "GET FORM", "REGISTER", "JOIN <game> <password>"):
        assert word in text, text


def test_a_mail_with_a_command_is_not_told(tmp_path) -> None:
    text = _reply(tmp_path, "Hi!\nLIST\nhow do I play?")
    assert "not sentences" not in text, text


def test_a_command_in_the_subject_is_said_unread_and_its_password_hidden(tmp_path) -> None:
    """``Subject: SIGNON Fgame1 paris11`` over the orders: the reply's subject quoted
    the password back, and nothing said that the subject is not read."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, make_mail("france@players.test", "A Par-Bur\n", "SIGNON Fgame1 paris11"))
    deliver(engine, make_mail("newbie@players.test", "", "help"))
    signon, helped = outbox(engine)[-2:]
    assert "paris11" not in signon["Subject"] and "paris11" not in body_of(signon)
    assert "The subject of a mail is not read: write 'SIGNON Fgame1 ********'" in body_of(signon)
    assert "The subject of a mail is not read: write 'help' on a line of its text." in (
        body_of(helped)
    )
    engine.dispose()


def test_a_greeting_in_the_subject_is_no_command(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, make_mail("newbie@players.test", "", "Hello"))
    deliver(engine, make_mail("newbie@players.test", "LIST\n", "help"))
    for reply in outbox(engine)[-2:]:
        assert "subject of a mail is not read" not in body_of(reply), body_of(reply)
    engine.dispose()


def test_help_asked_as_newcomers_ask_gives_the_help(tmp_path) -> None:
    """ "Help?", "HELP!" and "help me please" were refused ('not a command', 'there is
    no command, game or order form 'me''): they are HELP."""
    engine = migrated_engine(tmp_path)
    for body in ("Help?", "HELP!", "help me please"):
        deliver(engine, make_mail("newbie@players.test", body, "hello"))
        text = body_of(outbox(engine)[-1])
        assert "Help follows." in text and "REGISTER:" in text and "Refused" not in text, text
    engine.dispose()
