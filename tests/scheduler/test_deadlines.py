"""judge.game.deadlines against a real, migrated SQLite file: what run_due mails and stores
at explicit moments, with the real order checker, turn processing and outbox."""

from __future__ import annotations

import email
import logging
from datetime import timedelta
from email import policy
from email.message import EmailMessage as Message

from sqlmodel import Session, select

from judge.game.deadlines import RETRY_AFTER, run_due
from judge.game.games import store_order
from judge.orders.text import check_orders
from judge.store.mail import OutboxMessage
from judge.store.models import (
    AT_GRACE_WAIT,
    PAUSED,
    Game,
    GameReport,
    NoticeSent,
    Player,
)
from tests.integration.games import OPENINGS
from tests.scheduler.helpers import (
    DEADLINE,
    GRACE_END,
    MASTER,
    NOW,
    OBSERVER,
    SENDER,
    address,
    give_orders,
    new_game,
)


def outbox(engine) -> list[Message]:  # noqa: ANN001
    with Session(engine) as session:
        rows = session.exec(select(OutboxMessage).order_by(OutboxMessage.id))
        return [email.message_from_bytes(row.raw, policy=policy.default) for row in rows]


def game_row(engine, game_id: int) -> Game:  # noqa: ANN001
    with Session(engine, expire_on_commit=False) as session:
        game = session.get(Game, game_id)
        assert game is not None
        return game


def by_address(mails: list[Message]) -> dict[str, Message]:
    found = {}
    for mail in mails:
        assert mail["To"] not in found, f"two mails to {mail['To']}"
        found[mail["To"]] = mail
    return found


# --------------------------------------------------------------------------- reminders


def test_a_reminder_goes_once_to_the_players_still_owing_orders(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine)
    give_orders(engine, game_id, ["france"], NOW + timedelta(hours=1))
    assert run_due(engine, SENDER, NOW + timedelta(hours=2)) == DEADLINE - timedelta(hours=24)
    assert outbox(engine) == []

    at = DEADLINE - timedelta(hours=24)
    assert run_due(engine, SENDER, at) == DEADLINE - timedelta(hours=1)
    mails = by_address(outbox(engine))
    assert set(mails) == {address(p) for p in OPENINGS if p != "france"}
    england = mails[address("england")]
    assert england["Subject"] == "JUDGE:alpha - S1901M Reminder"
    text = england.get_body(("plain",)).get_content()
    assert "Reminder: the orders of England for the Spring 1901 movement phase" in text
    assert "  F lon\r\n" in text and "A par" not in text
    # a second run at the same moment sends nothing more
    assert run_due(engine, SENDER, at + timedelta(minutes=1)) == DEADLINE - timedelta(hours=1)
    assert len(outbox(engine)) == 6


# --------------------------------------------------------------------------- late notices


def _store(engine, game_id: int, power: str, lines: list[str]) -> None:  # noqa: ANN001
    with Session(engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        for check in check_orders(game.position_doc(), power, lines):
            assert check.ok, check
            store_order(session, game, power, check, account_id=None, from_address="", now=NOW)
        session.commit()


def _past_reminders(engine, game_id: int) -> None:  # noqa: ANN001
    with Session(engine) as session:
        for label in ("2026-11-20T20:00Z", "2026-11-21T19:00Z"):
            session.add(NoticeSent(game_id=game_id, number=0, kind="reminder", label=label))
        session.commit()


def test_a_late_notice_names_exactly_the_units_still_without_orders(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine)
    give_orders(engine, game_id, [p for p in OPENINGS if p != "russia"], NOW)
    _store(engine, game_id, "russia", OPENINGS["russia"][:3])  # 3 of its 4 units
    _past_reminders(engine, game_id)
    run_due(engine, SENDER, DEADLINE)
    mails = by_address(outbox(engine))
    text = " ".join(mails[address("russia")].get_body(("plain",)).get_content().split())
    assert "Russia has not yet given orders for: F stp/sc" in text
    for ordered in ("A mos", "A war", "F sev"):
        assert ordered not in text
    master = " ".join(mails[MASTER].get_body(("plain",)).get_content().split())
    assert "Orders are still missing from: Russia (F stp/sc)." in master


def test_no_late_notice_when_the_late_power_has_ordered_since(engine) -> None:  # noqa: ANN001
    from judge.game.reminders import send_late_notices

    game_id = new_game(engine)
    give_orders(engine, game_id, list(OPENINGS), NOW)
    with Session(engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        # the plan named Germany, but Germany's orders are all in by now
        told = send_late_notices(session, SENDER, game, ["germany"], GRACE_END, DEADLINE)
        session.commit()
    assert told == []
    assert outbox(engine) == []


def test_at_the_deadline_everyone_is_told_who_is_late_once(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine)
    give_orders(engine, game_id, [p for p in OPENINGS if p not in ("italy", "turkey")], NOW)
    with Session(engine) as session:  # the reminders were sent already
        for label in ("2026-11-20T20:00Z", "2026-11-21T19:00Z"):
            session.add(NoticeSent(game_id=game_id, number=0, kind="reminder", label=label))
        session.commit()

    assert run_due(engine, SENDER, DEADLINE) == DEADLINE + timedelta(days=1)
    assert game_row(engine, game_id).grace_until is not None
    mails = by_address(outbox(engine))
    assert set(mails) == {address(p) for p in OPENINGS} | {MASTER, OBSERVER}
    late = mails[address("italy")]
    assert late["Subject"] == "[You are late!] JUDGE:alpha - S1901M Late Notice: IT"  # njudge dip.c
    late_text = " ".join(late.get_body(("plain",)).get_content().split())
    assert "Italy has not yet given orders for: F nap, A rom, A ven" in late_text
    on_time = mails[address("france")]
    assert on_time["Subject"] == "JUDGE:alpha - S1901M Late Notice: IT"
    assert "Orders are still missing from: Italy, Turkey." in on_time.get_body(
        ("plain",)
    ).get_content().replace("\n", " ")
    assert run_due(engine, SENDER, DEADLINE + timedelta(minutes=5)) == DEADLINE + timedelta(days=1)
    assert len(outbox(engine)) == 9
    # the next day, a second round
    run_due(engine, SENDER, DEADLINE + timedelta(days=1))
    assert len(outbox(engine)) == 18


def test_anonymous_games_do_not_name_the_late_powers_except_to_the_master(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine, anonymous=True)
    give_orders(engine, game_id, [p for p in OPENINGS if p != "italy"], NOW)
    run_due(engine, SENDER, DEADLINE + timedelta(minutes=1))
    mails = by_address(outbox(engine))
    assert "still missing" not in mails[address("france")].get_body(("plain",)).get_content()
    assert "Italy" in mails[MASTER].get_body(("plain",)).get_content()


# --------------------------------------------------------------------------- grace


def test_grace_expiry_processes_the_phase_and_mails_the_report(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine)
    give_orders(engine, game_id, ["france"], NOW)
    # the judge was down from before the deadline until after grace: all at once
    wake = run_due(engine, SENDER, GRACE_END + timedelta(hours=1))
    game = game_row(engine, game_id)
    assert (game.number, game.phase) == (1, "F1901M")
    assert wake is not None and wake > GRACE_END
    with Session(engine) as session:
        reports = list(session.exec(select(GameReport).where(GameReport.game_id == game_id)))
    assert [r.phase for r in reports] == ["S1901M"]
    subjects = {m["Subject"] for m in outbox(engine)}
    assert subjects == {reports[0].subject}  # no late notice for a grace already over
    assert len(outbox(engine)) == 9  # seven players, the observer, the master
    run_due(engine, SENDER, GRACE_END + timedelta(hours=1))
    assert len(outbox(engine)) == 9


def test_grace_expiry_with_wait_tells_the_master_once_and_waits(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine, at_grace=AT_GRACE_WAIT, grace_until=GRACE_END)
    assert run_due(engine, SENDER, GRACE_END) is None
    game = game_row(engine, game_id)
    assert game.waiting_for_master and game.number == 0
    mails = outbox(engine)
    assert [m["To"] for m in mails] == [MASTER]
    assert mails[0]["Subject"] == "JUDGE:alpha - S1901M Waiting for the Master"
    assert "PROCESS" in mails[0].get_content()
    # later orders do not move a waiting game; nothing more is sent
    give_orders(engine, game_id, list(OPENINGS), GRACE_END + timedelta(hours=1))
    assert run_due(engine, SENDER, GRACE_END + timedelta(days=3)) is None
    assert len(outbox(engine)) == 1 and game_row(engine, game_id).number == 0


# --------------------------------------------------------------------------- early processing


def test_all_orders_in_processes_after_the_delay(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine)
    last = NOW + timedelta(hours=3)
    give_orders(engine, game_id, list(OPENINGS), last)
    assert run_due(engine, SENDER, last + timedelta(minutes=29)) == last + timedelta(minutes=30)
    assert game_row(engine, game_id).number == 0
    run_due(engine, SENDER, last + timedelta(minutes=30))
    game = game_row(engine, game_id)
    assert (game.number, game.phase) == (1, "F1901M")
    assert len(outbox(engine)) == 9


def test_set_wait_holds_the_phase_until_the_deadline(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine)
    give_orders(engine, game_id, list(OPENINGS), NOW + timedelta(hours=1))
    with Session(engine) as session:
        player = session.exec(
            select(Player).where(Player.game_id == game_id, Player.power == "england")
        ).one()
        player.wait = True
        session.add(player)
        session.commit()
    assert run_due(engine, SENDER, NOW + timedelta(hours=5)) == DEADLINE
    assert game_row(engine, game_id).number == 0
    run_due(engine, SENDER, DEADLINE)
    assert game_row(engine, game_id).number == 1
    with Session(engine) as session:  # the wait held one phase: F1901M is not held
        players = session.exec(select(Player).where(Player.game_id == game_id)).all()
        assert [p.power for p in players if p.wait] == []


# --------------------------------------------------------------------------- games apart


def test_paused_games_have_no_deadlines(engine) -> None:  # noqa: ANN001
    game_id = new_game(engine, status=PAUSED)
    assert run_due(engine, SENDER, GRACE_END + timedelta(days=5)) is None
    assert outbox(engine) == [] and game_row(engine, game_id).number == 0


def test_a_failing_game_is_logged_and_the_others_go_on(engine, caplog) -> None:  # noqa: ANN001
    broken = new_game(engine, "broken")
    good = new_game(engine, "good")
    with Session(engine) as session:
        game = session.get(Game, broken)
        assert game is not None
        game.position = '{"phase": "S1901M", "units": "not a list"}'
        session.add(game)
        session.commit()
    moment = GRACE_END + timedelta(hours=1)
    with caplog.at_level(logging.INFO, logger="judge.game.deadlines"):
        wake = run_due(engine, SENDER, moment)
    assert game_row(engine, good).number == 1
    assert game_row(engine, broken).number == 0
    assert wake == moment + RETRY_AFTER
    assert f"game {broken}: deadline handling failed" in caplog.text
    assert "game good: S1901M processed (grace)" in caplog.text
