"""The game master gets a copy of every broadcast, told who sent a grey one (njudge
ml_press.c: the master's copy reads "Broadcast message [from <address> as
<power>]"; mail.c mails the master the master-broadcast file), through the real
inbox code.  Press to some powers only is not copied (njudge: only on request)."""

from __future__ import annotations

from sqlmodel import Session

from judge.game.games import find_game
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

MASTER = "gm@example.org"


def test_the_master_reads_each_broadcast_and_who_sent_a_grey_one(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
        game = find_game(session, "game1")
        game.master_address, game.press_mode = MASTER, "white/grey"
        session.add(game)
        session.commit()
    body = (
        f"SIGNON Fgame1 {PASSWORDS['france']}\nBROADCAST GREY\nWho is strongest?\nENDPRESS\n"
        "BROADCAST\nPeace to all.\nENDPRESS\nPRESS TO England\nJust us.\nENDPRESS\n"
    )
    deliver(engine, make_mail(address("france"), body))
    to_master = [body_of(m) for m in outbox(engine) if m["To"] == MASTER]
    to_england = [body_of(m) for m in outbox(engine) if m["To"] == address("england")]
    engine.dispose()
    assert len(to_master) == 2, to_master
    grey, white = to_master
    assert "Message from someone (grey press from France) to everyone" in grey
    assert "Who is strongest?" in grey
    assert "Message from France to everyone" in white and "Peace to all." in white
    assert not any("France" in text for text in to_england if "Who is strongest?" in text)
