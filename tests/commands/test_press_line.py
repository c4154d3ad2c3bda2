"""LIST and SUMMARY give a game's press rules truthfully (njudge SET PARTIAL /
SET NO PARTIAL limits press to broadcasts; a game without press has none to limit):
the reply a player gets by mail, through the real inbox code."""

from __future__ import annotations

from sqlmodel import Session

from judge.game.games import find_game
from tests.commands.helpers import add_game, body_of, deliver, make_mail, migrated_engine, outbox


def test_list_and_summary_of_a_game_without_press(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
        game = find_game(session, "game1")
        game.press_mode, game.press_partial = "none", False  # PRESS none, SET NO PARTIAL
        session.add(game)
        session.commit()
    deliver(engine, make_mail("someone@else.test", "LIST game1\nSUMMARY game1\n"))
    texts = [body_of(m) for m in outbox(engine)]
    engine.dispose()
    assert len(texts) == 2  # the summary and the reply
    for text in texts:
        assert "Press: none (players may write to the game master only)" in text
        assert "broadcasts only" not in text


def test_set_no_partial_in_a_game_without_press_says_so(make_ctx, session) -> None:
    from judge.commands.inbound import run_statements
    from judge.commands.parser import parse_body

    game = find_game(session, "game1")
    game.master_address, game.press_mode = "gm@example.org", "none"
    session.add(game)
    session.commit()
    ctx = make_ctx("gm@example.org")
    ctx.signature_verified = True
    run_statements(ctx, parse_body("GAME game1\nSET NO PARTIAL\n"))
    said = ctx.transcript.entries[-1].outcomes[0].message
    assert said.startswith("Press in game game1 is broadcasts only (no partial press).")
    assert "It has no press now" in said
