"""LIST <game> gives the master of an anonymous game the powers late, as njudge's
LIST gives the master each power's state in a quiet game (ml_list.c: the marks are
hidden from others, never from the master): the master, who must decide whether
to wait, extend or replace, read only "orders are missing", as any stranger did.
Others still read no names (who is late is not told in an anonymous game)."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session

from tests.commands.helpers import (
    GM,
    NOW,
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)

AFTER = NOW + timedelta(hours=50)  # the deadline (48 hours) has passed


def test_the_master_of_an_anonymous_game_is_told_who_is_late(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.anonymous, game.master_address = True, GM
        session.add(game)
        session.commit()
    orders = f"SIGNON Fgame1 {PASSWORDS['france']}\nA par H\nA mar H\nF bre H\n"
    deliver(engine, make_mail(address("france"), orders))
    deliver(engine, make_mail(GM, "LIST game1\n"), now=AFTER)
    master = body_of(outbox(engine)[-1])
    assert "Italy (late): 3 centres" in master and "France (late)" not in master
    assert "Late: the deadline has passed" not in master
    for reader in ("reader@players.test", address("france")):
        deliver(engine, make_mail(reader, "LIST game1\n"), now=AFTER)
        text = body_of(outbox(engine)[-1])
        assert "(late)" not in text and "Late: the deadline has passed" in text
