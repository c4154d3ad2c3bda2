"""judge.game.recipients: who is mailed about a game."""

from __future__ import annotations

from collections.abc import Iterator
from email import message_from_bytes

import pytest
from sqlmodel import Session, SQLModel, create_engine, select

from judge.game.games import Seat, account_for, create_game
from judge.game.recipients import MASTER, OBSERVER, PLAYER, announce, game_recipients
from judge.mail.outgoing import Author
from judge.store.mail import OutboxMessage
from judge.store.models import EJECTED, Observer, Player


@pytest.fixture
def db_session() -> Iterator[Session]:
    engine = create_engine("sqlite://")
    SQLModel.metadata.create_all(engine)
    with Session(engine) as session:
        yield session
    engine.dispose()


def _game(session: Session):
    game = create_game(
        session,
        "alpha",
        [Seat("france", "f@example.org", "pw"), Seat("england", "e@example.org", "pw")],
    )
    game.master_address = "gm@example.org"
    watcher = account_for(session, "w@example.org")
    watcher.time_zone = "Europe/Paris"
    session.add(Observer(game_id=game.id, account_id=watcher.id))
    session.flush()
    return game


def test_players_observers_and_master_in_that_order(db_session: Session) -> None:
    game = _game(db_session)
    found = [(r.address, r.role, r.zone, r.power) for r in game_recipients(db_session, game)]
    assert found == [
        ("e@example.org", PLAYER, "UTC", "england"),
        ("f@example.org", PLAYER, "UTC", "france"),
        ("w@example.org", OBSERVER, "Europe/Paris", None),
        ("gm@example.org", MASTER, "UTC", None),
    ]


def test_players_who_left_get_nothing(db_session: Session) -> None:
    game = _game(db_session)
    england = db_session.exec(select(Player).where(Player.power == "england")).one()
    england.status = EJECTED
    db_session.flush()
    roles = [r.address for r in game_recipients(db_session, game, roles=(PLAYER,))]
    assert roles == ["f@example.org"]


def test_announce_queues_one_mail_each(db_session: Session) -> None:
    game = _game(db_session)
    sent = announce(
        db_session,
        Author("Judge", "judge@example.org"),
        game,
        "News",
        "Hello",
        exclude=["W@example.org"],
    )
    assert [r.address for r in sent] == ["e@example.org", "f@example.org", "gm@example.org"]
    rows = db_session.exec(select(OutboxMessage)).all()
    mails = [message_from_bytes(row.raw) for row in rows]
    assert sorted(m["To"] for m in mails) == sorted(r.address for r in sent)
    assert all(m["Subject"] == "News" and m["Auto-Submitted"] == "auto-generated" for m in mails)
    assert all(m.get_payload(decode=True).decode().strip() == "Hello" for m in mails)


def _paired_game(session: Session):
    """A Root Z game whose player ada holds France 1 and England 2 (rule 3.0)."""
    doc = {
        "variant": "rootz",
        "phase": "S1901M",
        "units": [
            {"power": "france1", "type": "A", "province": "par1"},
            {"power": "england2", "type": "F", "province": "lon2"},
            {"power": "germany1", "type": "A", "province": "mun1"},
        ],
        "dislodged": [],
        "contested": [],
        "supply_centers": {},
        "players": {"france1+england2": ["france1", "england2"], "germany1": ["germany1"]},
    }
    seats = [
        Seat("france1", "ada@example.org", "pw"),
        Seat("england2", "ada@example.org", "pw"),
        Seat("germany1", "bob@example.org", "pw"),
    ]
    return create_game(session, "spiral", seats, variant="rootz", position=doc)


def test_a_player_holding_two_powers_is_one_recipient_with_both(db_session: Session) -> None:
    game = _paired_game(db_session)
    found = [(r.address, r.power, r.powers) for r in game_recipients(db_session, game)]
    assert found == [
        ("ada@example.org", "england2", ("england2", "france1")),
        ("bob@example.org", "germany1", ("germany1",)),
    ]


@pytest.mark.parametrize(
    ("ordered", "reminded_of"),
    [
        ([], "France 1 and England 2"),
        (["france1"], "England 2"),  # the second power alone still owes
        (["england2"], "France 1"),
    ],
)
def test_one_reminder_to_a_paired_player_for_the_powers_owing(
    db_session: Session, ordered: list[str], reminded_of: str
) -> None:
    from datetime import UTC, datetime, timedelta

    from judge.game.processing import orders_missing
    from judge.game.reminders import send_reminders

    game = _paired_game(db_session)
    now = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    game.deadline = now + timedelta(hours=12)
    missing = orders_missing(db_session, game)
    for power in ordered:
        missing.pop(power)
    sent = send_reminders(db_session, Author("J", "judge@example.org", "J"), game, missing, now)
    assert [r.address for r in sent] == ["ada@example.org", "bob@example.org"]
    mails = [message_from_bytes(m.raw) for m in db_session.exec(select(OutboxMessage)).all()]
    [to_ada] = [m for m in mails if m["To"] == "ada@example.org"]
    body = to_ada.get_payload(0).get_payload(decode=True).decode()
    assert f"the orders of {reminded_of} for" in " ".join(body.split())
    units = {"france1": "A par1", "england2": "F lon2"}
    for power, unit in units.items():
        assert (unit in body) == (power not in ordered)


def test_a_paired_player_is_told_they_are_late_for_either_power(
    db_session: Session,
) -> None:
    from datetime import UTC, datetime, timedelta

    from judge.game.games import store_order
    from judge.game.reminders import send_late_notices
    from judge.rules.registry import ruleset_for_game

    game = _paired_game(db_session)
    deadline = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    game.deadline = deadline
    # England 2 (the first of ada's powers by code) has ordered; France 1 is late
    [check] = ruleset_for_game(game).check_orders(game.position_doc(), "england2", ["F Lon2 H"])
    store_order(db_session, game, "england2", check, account_id=None, from_address="", now=deadline)
    told = send_late_notices(
        db_session,
        Author("J", "judge@example.org", "J"),
        game,
        ["france1", "england2", "germany1"],
        deadline + timedelta(hours=6),
        deadline,
    )
    assert [r.address for r in told] == ["ada@example.org", "bob@example.org"]
    mails = [message_from_bytes(m.raw) for m in db_session.exec(select(OutboxMessage)).all()]
    [to_ada] = [m for m in mails if m["To"] == "ada@example.org"]
    body = " ".join(to_ada.get_payload(0).get_payload(decode=True).decode().split())
    assert "has passed and France 1 has not yet given orders for: A par1" in body


def test_issue26_a_player_late_with_both_powers_is_told_of_both(db_session: Session) -> None:
    from datetime import UTC, datetime, timedelta

    from judge.game.reminders import send_late_notices

    game = _paired_game(db_session)
    deadline = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    game.deadline = deadline
    send_late_notices(
        db_session,
        Author("J", "judge@example.org", "J"),
        game,
        ["france1", "england2"],
        deadline + timedelta(hours=6),
        deadline,
    )
    mails = [message_from_bytes(m.raw) for m in db_session.exec(select(OutboxMessage)).all()]
    [to_ada] = [m for m in mails if m["To"] == "ada@example.org"]
    body = " ".join(to_ada.get_payload(0).get_payload(decode=True).decode().split())
    assert "has passed and France 1 and England 2 have not yet given orders for:" in body
    assert "France 1: A par1" in body and "England 2: F lon2" in body
