"""Commands typed as a numbered or bulleted list (``1. SIGNON Fgame1 secret``, ``- SET
WAIT``), as orders may be (tests/commands/test_list_marks.py), by mail through the
real path.

Before, the mark kept the line from being a command: a player's ``1. SIGNON Fgame1
<password>`` was refused as "not a command" with the password quoted back in the
reply (and kept in the stored mail), so were the orders below it; a master's signed
``- SET NOLIST`` was passed over as a greeting, without a word.  Now the mark is left
out as for an order: the command runs, and its password is hidden wherever the line
is shown."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from judge.commands.redact import mask_text
from judge.game.games import current_orders, find_game
from tests.commands.helpers import (
    NOW,
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    judge_config,
    make_mail,
    migrated_engine,
    outbox,
)

PASSWORD = PASSWORDS["france"]


@pytest.mark.parametrize("mark", ["1. ", "- ", "* ", "\u2022 ", "(1) "])
def test_a_signon_in_a_list_signs_on_and_hides_its_password(tmp_path, mark: str) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    body = f"{mark}SIGNON Fgame1 {PASSWORD}\n{mark}A Par-Bur\n"
    deliver(engine, make_mail(address("france"), body), judge_config(), NOW)
    reply = body_of(outbox(engine)[-1])
    assert PASSWORD not in reply, reply
    assert "Signed on as France" in reply and "*** Refused" not in reply, reply
    with Session(engine) as session:
        game = find_game(session, "game1")
        stored = current_orders(session, game.id, game.phase, "france").values()
        assert [o.canonical for o in stored] == ["A par - bur"]


@pytest.mark.parametrize(
    "line", ["1. SIGNON Fgame1 secret9", "- SET PASSWORD secret9", "* JOIN game1 secret9"]
)
def test_a_password_in_a_list_is_hidden_in_the_kept_text(line: str) -> None:
    assert "secret9" not in mask_text(line)
