"""LIST <game> as njudge's (ml_list.c, data/index: "the full report for that game
... along with unit positions and supply center holdings"): its players, and once
the deadline has passed, which powers are late and until when grace lasts.  LIST
gave neither: a player could not learn from LIST who held up the game.  Who is
late is not told in an anonymous game, as its late notices do not tell it."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session

from judge.commands.inbound import process_inbound
from judge.game.deadlines import run_due
from judge.store.mail import store_inbound
from tests.commands.helpers import body_of, judge_config, make_mail, outbox
from tests.integration.games import OPENINGS
from tests.scheduler.helpers import DEADLINE, NOW, SENDER, address, give_orders, new_game


def _list(engine, at) -> str:  # noqa: ANN001
    with Session(engine) as session:
        row = store_inbound(session, make_mail("reader@else.test", "LIST alpha\n"), "smtp")
        assert row is not None
        process_inbound(session, row, judge_config(), now=at)
        session.commit()
    return " ".join(body_of(outbox(engine)[-1]).split())


def test_list_names_the_late_powers_and_the_grace_after_the_deadline(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine)
    give_orders(engine, game_id, [p for p in OPENINGS if p != "italy"], NOW)
    before = _list(engine, DEADLINE - timedelta(hours=1))
    assert "(late)" not in before and "passed" not in before
    run_due(engine, SENDER, DEADLINE + timedelta(minutes=1))
    text = _list(engine, DEADLINE + timedelta(hours=1))
    assert "Deadline: Sat 21 Nov 2026 20:00 UTC (passed; grace until Mon 23 Nov 2026" in text
    assert "Italy (late): 3 centres" in text and "France (late)" not in text
    assert "Players: Austria (no name) England (no name)" in text  # names, not addresses
    assert "@players.test" not in text


def test_an_anonymous_game_does_not_tell_who_is_late(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine, anonymous=True)
    give_orders(engine, game_id, [p for p in OPENINGS if p != "italy"], NOW)
    run_due(engine, SENDER, DEADLINE + timedelta(minutes=1))
    text = _list(engine, DEADLINE + timedelta(hours=1))
    assert "Late: the deadline has passed and orders are missing" in text
    assert "(late)" not in text and address("italy") not in text
