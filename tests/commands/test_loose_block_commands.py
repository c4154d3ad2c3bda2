"""A block command read only from a list item or a sentence ("- Press on to Munich",
"Broadcast.") opens its block only when its end line follows: before, "- Press on to
Munich" in an order mail opened a press block that took every order below it, and
those orders were never read (nor answered)."""

from __future__ import annotations

from sqlmodel import Session

from judge.commands.parser import parse_body
from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)


def test_orders_below_a_listed_press_word_are_read(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    body = (
        f"SIGNON Fgame1 {PASSWORDS['france']}\nMy plan:\n- Press on to Munich\nA Par-Bur\nA Mar H\n"
    )
    deliver(engine, make_mail(address("france"), body))
    text = body_of(outbox(engine)[-1])
    assert "Accepted: A par - bur" in text and "Accepted: A mar H" in text, text


def test_a_loose_block_command_with_its_end_is_a_block() -> None:
    parsed = parse_body("Broadcast.\nSpring is here.\nENDPRESS\nA Par H\n")
    broadcast, order = parsed.statements
    assert broadcast.command is not None and broadcast.block == ["Spring is here."]
    assert order.text == "A Par H"


def _reply(tmp_path, lines: str) -> str:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    body = f"SIGNON Fgame1 {PASSWORDS['france']}\n{lines}"
    deliver(engine, make_mail(address("france"), body))
    return body_of(outbox(engine)[-1])


def test_a_press_line_of_no_njudge_option_takes_no_orders(tmp_path) -> None:
    """njudge's PRESS options begin with TO, +, -, GREY or WHITE (data/press): "Press
    on to Munich" with no ENDPRESS below is refused, and the orders below are read
    (before, they were taken as its message and never read)."""
    text = _reply(tmp_path, "Press on to Munich\nA Par-Bur\nA Mar H\n")
    assert "*** Refused: no message was taken, and nothing was sent" in text, text
    assert "Accepted: A par - bur" in text and "Accepted: A mar H" in text, text


def test_press_to_powers_still_runs_to_the_end_of_the_mail(tmp_path) -> None:
    """njudge: "the message can be terminated ... by the end of the mail input"."""
    text = _reply(tmp_path, "PRESS TO G\nLet us ally.\nA Par-Bur\n")
    assert "Press (white, 2 lines) sent to Germany." in text, text
    assert "No ENDPRESS line" in text


def test_orders_swallowed_by_a_press_with_no_end_are_named(tmp_path) -> None:
    """A player who forgets ENDPRESS sends the orders below the message as press (as
    njudge does); the reply said only that the message ran to the end of the mail,
    and listed the units as without orders, not why.  It now names the lines of the
    message shaped as orders and says they were not read as orders."""
    text = _reply(tmp_path, "PRESS TO G\nLet us ally.\nA Par-Bur\nA Mar H\n")
    assert "Press (white, 3 lines) sent to Germany." in text, text
    assert (
        "2 lines of the message have an order's shape (A Par-Bur; A Mar H): they were "
        "sent in it, not read as orders" in text
    ), text


def test_a_press_with_no_end_and_no_orders_says_no_more(tmp_path) -> None:
    text = _reply(tmp_path, "PRESS TO G\nLet us ally.\nSee you in Munich.\n")
    assert "No ENDPRESS line" in text
    assert "order's shape" not in text, text
