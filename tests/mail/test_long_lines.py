"""Lines longer than the judge reads of one line (``MAX_LINE``), through the real
path (a real SQLite file, ``store_inbound`` and ``process_inbound``).

Before, every line was cut at MAX_LINE characters and the rest dropped without a
word: the orders past the cut on a long line of orders were neither read nor
refused, and a press paragraph written as one long line (as mail programs send a
paragraph) reached the other players cut off mid-sentence.  Now the rest of a long
order line is refused with the limit named, and press lines are relayed whole.
"""

from __future__ import annotations

from pathlib import Path

from sqlmodel import Session

from judge.commands.parser import MAX_LINE
from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
    reply_to_orders,
)


def test_the_rest_of_a_long_line_of_orders_is_refused_with_the_limit(tmp_path: Path):
    line = "A Par-Bur," + " " * (2 * MAX_LINE) + "A Mar-Spa"
    subject, reply = reply_to_orders(tmp_path, f"{line}\nF Bre-Mao\n")
    assert "Accepted: A par - bur" in reply and "Accepted: F bre - mao" in reply
    assert "[Error Flag]" in subject
    assert f"not read: a line is read up to {MAX_LINE} characters" in reply, reply


def test_a_line_of_the_limit_is_read_whole(tmp_path: Path):
    line = "A Par-Bur," + " " * (MAX_LINE - 19) + "A Mar-Spa"
    assert len(line) == MAX_LINE
    subject, reply = reply_to_orders(tmp_path, f"{line}\n")
    assert "Accepted: A mar - spa" in reply and "[Error Flag]" not in subject, reply


def test_a_long_press_paragraph_is_relayed_whole(tmp_path: Path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    paragraph = " ".join(f"word{n}" for n in range(400)) + " and that is all."
    assert len(paragraph) > 2 * MAX_LINE
    body = f"SIGNON Fgame1 {PASSWORDS['france']}\nPRESS TO ENGLAND\n{paragraph}\nENDPRESS\n"
    deliver(engine, make_mail(address("france"), body))
    relayed = [m for m in outbox(engine) if m["To"] == address("england")]
    assert relayed and paragraph in " ".join(body_of(relayed[0]).split())
