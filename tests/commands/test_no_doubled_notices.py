"""A player is not mailed, besides the reply, a notice of what they did themselves
(njudge mail.c sends a broadcast to every player "if he isn't the originating
player"): the newcomer who takes over a power, the player whose absence moves the
deadline.  The others are told."""

from __future__ import annotations

from collections import Counter

from sqlmodel import Session, select

from judge.game.games import find_game
from judge.store.models import RESIGNED, Player
from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)


def _mails_to(engine, body: str, sender: str) -> Counter:  # noqa: ANN001
    before = len(outbox(engine))
    deliver(engine, make_mail(sender, body))
    return Counter((m["To"], m["Subject"].split(" - ", 1)[1]) for m in outbox(engine)[before:])


def test_the_newcomer_and_the_absent_player_get_their_reply_only(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
        game = find_game(session, "game1")
        assert game is not None
        italy = session.exec(
            select(Player).where(Player.game_id == game.id, Player.power == "italy")
        ).one()
        italy.status = RESIGNED
        session.commit()
    nora = "nora@new.test"
    deliver(engine, make_mail(nora, "REGISTER\nName: Nora\nTimezone: UTC\nEND\n"))
    sent = _mails_to(engine, "SIGNON Igame1 nora-pw1\nA Ven H\n", nora)
    assert sent[(nora, "S1901M New Player Signon: I")] == 0
    assert sent[(address("england"), "S1901M New Player Signon: I")] == 1
    body = f"SIGNON Ggame1 {PASSWORDS['germany']}\nSET ABSENCE 2026-11-22 TO 2026-11-24\n"
    sent = _mails_to(engine, body, address("germany"))
    engine.dispose()
    assert sent[(address("germany"), "S1901M Deadline moved")] == 0
    assert sent[(address("france"), "S1901M Deadline moved")] == 1
