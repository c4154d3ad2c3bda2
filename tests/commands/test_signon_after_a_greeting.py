"""A SIGNON written after a greeting on the same line ("Dear GM, SIGNON Fgame1
secret", "Hello judge! SIGNON ..."): a command is read at the start of its line only,
as on njudge.  Before, the line was refused as "not a command (orders need a SIGNON
line before them)", or passed over as a greeting, and the first form was quoted back
with its password; the orders below were refused for want of a SIGNON the player
had written.  Now the line is refused with where the SIGNON must stand, its password
hidden."""

from __future__ import annotations

import pytest
from sqlmodel import Session

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


@pytest.mark.parametrize("greeting", ["Dear GM,", "Hi judge -", "Hello judge!", "Hi,"])
def test_a_signon_after_a_greeting_is_named_and_its_password_hidden(
    tmp_path, greeting: str
) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    password = PASSWORDS["france"]
    deliver(
        engine, make_mail(address("france"), f"{greeting} SIGNON Fgame1 {password}\nA Par-Bur\n")
    )
    text = body_of(outbox(engine)[-1])
    assert password not in text, text
    assert f"> {greeting} SIGNON Fgame1 ********" in text, text
    assert (
        "*** Refused: SIGNON is read at the start of a line only: write "
        "SIGNON Fgame1 ******** on a line of its own" in text
    ), text
