"""Orders typed with an East Asian input method (full-width letters and signs,
``Ａ Ｐａｒ－Ｂｕｒ``, the ideographic space) or carrying the invisible marks that set
writing direction (as a mail program writing Hebrew or Arabic puts around a line)
are read as the plain orders they show, through the real mail path (a real SQLite
file, ``store_inbound`` and ``process_inbound``).

Before, a full-width order was listed as "ignored: not an order (a greeting or
signature?)", the unit left without an order; an order between direction marks was
refused as "'\u200fA' is not a province".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session

from judge.game.games import current_orders, find_game
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

SIGNON = f"SIGNON Fgame1 {PASSWORDS['france']}"
ORDERS = {
    "full-width letters and dash": "Ａ Ｐａｒ－Ｂｕｒ",
    "full-width with the ideographic space": "Ａ\u3000Ｐａｒ\u3000－\u3000Ｂｕｒ",
    "right-to-left marks": "\u200fA Par-Bur\u200e",
    "a right-to-left embedding": "\u202bA Par-Bur\u202c",
    "isolates": "\u2067A Par-Bur\u2069",
}


@pytest.mark.parametrize("written", ORDERS.values(), ids=list(ORDERS))
def test_the_order_is_read_as_it_shows(tmp_path: Path, written: str):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, make_mail(address("france"), f"{SIGNON}\n{written}\nA Mar-Spa\n"))
    reply = body_of(outbox(engine)[-1])
    assert "Refused" not in reply and "ignored" not in reply, reply
    with Session(engine) as session:
        game = find_game(session, "game1")
        assert game is not None and game.id is not None
        rows = current_orders(session, game.id, game.phase, "france")
        assert {row.canonical for row in rows.values()} == {"A par - bur", "A mar - spa"}


def test_press_keeps_its_direction_marks_and_wide_signs(tmp_path: Path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    text = "\u202bשלום\u202c ＯＫ！"
    deliver(engine, make_mail(address("france"), f"{SIGNON}\nPRESS TO ENGLAND\n{text}\nENDPRESS\n"))
    relayed = [m for m in outbox(engine) if m["To"] == address("england")]
    assert relayed and text in body_of(relayed[0])


def test_a_line_of_direction_marks_only_is_a_blank_line(tmp_path: Path):
    """Such a line shows nothing: it was quoted back as an empty line, ignored."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    body = f"\u200f\n{SIGNON}\n\u202a\u202c\nA Par-Bur\n"
    deliver(engine, make_mail(address("france"), body))
    reply = outbox(engine)[-1]
    assert "Error Flag" not in str(reply["Subject"]), body_of(reply)
    text = body_of(reply).replace("\r\n", "\n")
    assert "> \n" not in text and "ignored" not in text, text
