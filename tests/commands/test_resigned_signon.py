"""A player who resigned signs on again to come back (njudge's data/index: RESIGN is
for good). The refusal said only 'you no longer play France in game game1
(resigned)', and nothing of how to come back; a resigned player's own SIGNON is not
a takeover (docs/mail.md), the master's REPLACE is."""

from __future__ import annotations

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


def test_a_resigned_player_is_told_who_can_give_the_power_back(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.master_address = "master@players.test"
        session.add(game)
        session.commit()
    signon = f"SIGNON Fgame1 {PASSWORDS['france']}\n"
    deliver(engine, make_mail(address("france"), signon + "RESIGN\n"))
    deliver(engine, make_mail(address("france"), signon + "A Par-Bur\n"))
    text = body_of(outbox(engine)[-1])
    assert (
        "you no longer play France in game game1 (resigned): only its game master can "
        "give it back to you (REPLACE; SUMMARY game1 names the master)"
    ) in text, text
    engine.dispose()
