"""A reply to a press mail written as a list, or in sentences, is press: "- Help me
against Italy", "- Map out our borders" and "Clear." are a message's lines, not HELP,
MAP and CLEAR.  A command is read from a list item or with a full stop after it (``-
SET NOLIST``, ``SET NOLIST.``: tests/gpg/test_gm_list_marked.py,
tests/gpg/test_gm_full_stop.py), but in such a reply that reading is not taken:
before, the reply was read as commands, and the message was never sent.  A line of a
command that takes a password ("1. SIGNON ...", "- Join me against France") still
makes the reply commands: a password is never sent as press."""

from __future__ import annotations

from sqlmodel import Session

from tests.commands.helpers import PASSWORDS, add_game, address, migrated_engine, outbox
from tests.commands.test_press_reply_orders import _answer, _press_to_germany

MESSAGE = (
    "Agreed. My plan:\n- Help me against Italy\n- Map out our borders\n"
    "* Pause in Tyrolia\nClear.\n- Press on to Munich\nwith both armies\n"
)


def test_a_reply_to_press_written_as_a_list_is_sent_as_press(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    message_id = _press_to_germany(engine)
    text, others = _answer(engine, message_id, MESSAGE)
    assert others == [address("france")], text
    assert "it was sent as press (white, 7 lines) to France." in text, text
    body = [m for m in outbox(engine) if m["To"] == address("france")][-1].get_content()
    for line in MESSAGE.splitlines():
        assert line in body, body


def test_a_reply_to_press_with_a_command_as_written_is_read_as_commands(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    message_id = _press_to_germany(engine)
    text, others = _answer(engine, message_id, "Thanks.\nLIST game1\n")
    assert others == [], text
    assert "sent as press" not in text


def test_a_listed_signon_in_a_reply_to_press_is_never_sent_as_press(tmp_path) -> None:
    """The password of "1. SIGNON Ggame1 <password>" never goes to another power: a
    command that holds a password makes the reply a mail of commands."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    message_id = _press_to_germany(engine)
    body = f"1. SIGNON Ggame1 {PASSWORDS['germany']}\n2. A Mun-Ruh\n"
    text, others = _answer(engine, message_id, body)
    assert others == [], text
    assert "Accepted: A mun - ruh" in text, text
    assert PASSWORDS["germany"] not in text
