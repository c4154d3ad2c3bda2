"""A late player's reply says until when the grace period still takes their orders.

After the deadline the reply to a late player's orders said only "Time to deadline:
the deadline has passed.", though the judge still took orders until the grace period
ended (njudge's reply says "Time to grace period expiration"): the player could not
tell whether sending more was worth it.  The reply now says when grace ends, in the
player's own time zone as the rest of the reply, and how long is left."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session, select

from judge.commands.inbound import process_inbound
from judge.game.deadlines import run_due
from judge.store.mail import store_inbound
from judge.store.models import Account
from tests.commands.helpers import body_of, judge_config, make_mail, outbox
from tests.integration.games import OPENINGS
from tests.scheduler.helpers import DEADLINE, NOW, SENDER, address, give_orders, new_game


def _italy_orders(engine, at) -> str:  # noqa: ANN001
    """The reply to Italy's orders sent at ``at``."""
    mail = make_mail(address("italy"), "SIGNON Ialpha pw\nA Ven H\n")
    with Session(engine) as session:
        row = store_inbound(session, mail, "smtp")
        assert row is not None
        process_inbound(session, row, judge_config(), now=at)
        session.commit()
    return body_of(outbox(engine)[-1]).replace("\r\n", "\n")


def _zone(engine, power: str, zone: str) -> None:  # noqa: ANN001
    with Session(engine) as session:
        account = session.exec(select(Account).where(Account.address == address(power))).one()
        account.time_zone = zone
        session.add(account)
        session.commit()


def test_a_late_reply_says_when_grace_ends_in_the_players_zone(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine)
    give_orders(engine, game_id, [p for p in OPENINGS if p != "italy"], NOW)
    _zone(engine, "italy", "America/New_York")
    run_due(engine, SENDER, DEADLINE + timedelta(minutes=1))  # the runner starts grace
    text = _italy_orders(engine, DEADLINE + timedelta(hours=1))
    assert "Time to deadline: the deadline has passed" in text, text
    # grace: 48 hours from Sat 21 Nov 2026 20:00 UTC, in New York 15:00
    assert "Grace period ends: Mon 23 Nov 2026 15:00 EST" in text, text
    assert "Time to grace period expiration: 1 day, 23 hours." in text


def test_a_reply_before_the_deadline_does_not_speak_of_grace(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine)
    give_orders(engine, game_id, [p for p in OPENINGS if p != "italy"], NOW)
    text = _italy_orders(engine, DEADLINE - timedelta(hours=1))
    assert "Time to deadline: 1 hour." in text and "grace" not in text.lower(), text
