"""HISTORY gives the late notices the game was mailed (njudge's data/history: "turn
results, broadcast press, and informational notices (deadline adjustments, late
notices, etc.)"), as an observer read them: they were mailed and never kept, so a
HISTORY after a deadline missed said the game had no reports."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session

from judge.commands.inbound import process_inbound
from judge.game.deadlines import run_due
from judge.store.mail import store_inbound
from tests.commands.helpers import (
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
from tests.integration.games import OPENINGS
from tests.scheduler.helpers import DEADLINE, NOW, OBSERVER, SENDER, give_orders, new_game


def _history(engine, sender: str, body: str) -> str:  # noqa: ANN001
    """The text of the mail the judge sends ``sender`` for ``body`` (the HISTORY digest)."""
    with Session(engine) as session:
        row = store_inbound(session, make_mail(sender, body), "smtp")
        assert row is not None
        process_inbound(session, row, judge_config(), now=DEADLINE + timedelta(hours=1))
        session.commit()
    mails = [m for m in outbox(engine) if m["To"] == sender and "History" in m["Subject"]]
    assert mails, "no history mailed"
    return body_of(mails[-1]).replace("\r\n", "\n")


def test_history_gives_the_late_notice_as_an_observer_read_it(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine)
    give_orders(engine, game_id, [p for p in OPENINGS if p != "italy"], NOW)
    run_due(engine, SENDER, DEADLINE + timedelta(minutes=1))
    text = _history(engine, OBSERVER, "HISTORY alpha\n")
    assert "JUDGE:alpha - S1901M Late Notice: I\n" in text
    assert "Orders are still missing from: Italy." in text
    assert "You are late" not in text  # the late player's own copy is not the game's


def test_an_anonymous_games_history_does_not_name_the_late_power(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine, anonymous=True)
    give_orders(engine, game_id, [p for p in OPENINGS if p != "italy"], NOW)
    run_due(engine, SENDER, DEADLINE + timedelta(minutes=1))
    text = _history(engine, OBSERVER, "HISTORY alpha\n")
    assert "Late Notice" in text and "Italy" not in text


def test_history_gives_the_deadline_moved_for_an_absence(tmp_path) -> None:  # noqa: ANN001
    """A deadline moved by a player's SET ABSENCE is a deadline adjustment: mailed to
    the game and, as njudge's, kept in its history (it was mailed only)."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    body = f"SIGNON Ggame1 {PASSWORDS['germany']}\nSET ABSENCE 2026-11-22 TO 2026-11-24\n"
    deliver(engine, make_mail(address("germany"), body))
    deliver(engine, make_mail("reader@else.test", "HISTORY game1\n"))
    [history] = [m for m in outbox(engine) if "History" in m["Subject"]]
    text = body_of(history).replace("\r\n", "\n")
    assert "JUDGE:game1 - S1901M Deadline moved\n" in text
    assert "The deadline of S1901M has moved to" in text
