"""A mail quoting an earlier clear-signed mail (a game master's, say) below the
writer's own lines: the quoted block is quoted text, not the mail's signed text.
Before, the judge took any ``-----BEGIN PGP SIGNED MESSAGE-----`` in the body, even
after ``> ``, as the mail's own signed block and read only the quoted lines inside
it: the player's SIGNON and orders above were lost ("Your mail held no commands").
RFC 4880 section 7 (a clear-signed message starts with that line as a line of its
own), as the signature check itself reads it (judge.masters.signatures.mime)."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import Session, select

from judge.store.models import Order
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

SIGNED = (
    "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nPlay nicely, everyone.\n"
    "-----BEGIN PGP SIGNATURE-----\n\niHUEARYIAB0WIQQXDd8og3I5ijYqH4uDTrDw7rUdIQUCawGV0AAK\n"
    "=i9TX\n-----END PGP SIGNATURE-----\n"
)


def test_orders_above_a_quoted_clear_signed_mail_are_read(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    quoted = "".join(f"> {line}\n" for line in SIGNED.splitlines())
    body = (
        f"SIGNON Fgame1 {PASSWORDS['france']}\nA Par-Bur\nA Mar H\n\n"
        f"On Sat, 21 Nov 2026, Game Master <gm@example.org> wrote:\n{quoted}"
    )
    deliver(engine, make_mail(address("france"), body))
    text = body_of(outbox(engine)[-1])
    assert "Signed on as France" in text, text
    assert "Accepted" in text and "held no commands" not in text
    with Session(engine) as session:
        orders = session.exec(select(Order).where(Order.power == "france")).all()
        assert len(orders) == 2
    engine.dispose()
