"""A mail address is one address whatever the case of its letters, as njudge compares
them (``strcasecmp`` of the sender with each player's address: njudge's ``mail.c``,
``ml_signon.c``): the judge keeps every address in lower case, reads the sender that
way, and finds the sender's account and seats however the player's mail program
capitalises the address."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa
from sqlmodel import Session, select

from judge.game.games import Seat, create_game
from judge.mail.parse import parse_incoming
from judge.store.db import make_engine, migrate
from judge.store.models import Account
from tests.commands.helpers import (
    JUDGE,
    NOW,
    PASSWORDS,
    address,
    body_of,
    deliver,
    last_outbox_id,
    make_mail,
    migrated_engine,
    outbox,
)

JEAN = "Jean.Dupont@Players.Test"


def _game_with_jean(session: Session) -> None:
    """game1, France played from ``JEAN`` as its master or a player typed it."""
    seats = [
        Seat(p, JEAN if p == "france" else address(p), pw, p.title()) for p, pw in PASSWORDS.items()
    ]
    create_game(session, "game1", seats, deadline=NOW + timedelta(hours=48))
    session.commit()


def test_the_sender_is_read_in_lower_case() -> None:
    raw = make_mail(f"Jean <{JEAN}>", "hello")
    assert parse_incoming(raw, JUDGE, 1_000_000).sender == "jean.dupont@players.test"


def test_an_account_is_kept_in_lower_case(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        _game_with_jean(session)
        addresses = set(session.exec(select(Account.address)).all())
    assert "jean.dupont@players.test" in addresses and JEAN not in addresses


def test_a_reply_to_press_from_a_capitalised_address_is_delivered(tmp_path) -> None:
    """Germany's press to France, answered by France's mail program from the address
    with capitals it was registered with: the answer is press back to Germany (it was
    refused: 'you play no power', the player's account being looked up in lower case)."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        _game_with_jean(session)
    before = last_outbox_id(engine)
    press = f"SIGNON Ggame1 {PASSWORDS['germany']}\nPRESS TO F\nShall we talk?\nENDPRESS\n"
    deliver(engine, make_mail(address("germany"), press))
    to_france = [m for m in outbox(engine, before) if JEAN.lower() in m["To"].lower()]
    assert len(to_france) == 1
    before = last_outbox_id(engine)
    answer = make_mail(
        JEAN, "Yes, let us.\n", "Re: press", headers={"In-Reply-To": to_france[0]["Message-ID"]}
    )
    deliver(engine, answer)
    mails = outbox(engine, before)
    reply = [m for m in mails if m["To"].lower() == JEAN.lower()]
    assert len(reply) == 1
    assert "it was sent as press" in body_of(reply[0]), body_of(reply[0])
    to_germany = [m for m in mails if m["To"] == address("germany")]
    assert len(to_germany) == 1 and "Yes, let us." in body_of(to_germany[0])


def test_a_player_writing_with_other_capitals_is_the_same_account(tmp_path) -> None:
    """A REGISTER from the player's address written with capitals changes the player's
    account (no second account for the same mailbox)."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        _game_with_jean(session)
    body = f"REGISTER\nName: Jean Dupont\nPassword: {PASSWORDS['france']}\nEND\n"
    deliver(engine, make_mail("JEAN.DUPONT@players.test", body))
    with Session(engine) as session:
        accounts = session.exec(select(Account).where(Account.address.like("jean%"))).all()
    assert len(accounts) == 1


def test_migration_0016_puts_accounts_in_lower_case(tmp_path) -> None:
    """Accounts stored before keep working: ``Jean.Dupont@...`` becomes lower case and
    plays on; an address whose lower-case form another account holds is left alone."""
    url = f"sqlite:///{tmp_path / 'j.db'}"
    migrate(url, "0015_game_position")
    engine = make_engine(url)
    with engine.begin() as conn:
        for text in (JEAN, "Twice@players.test", "twice@players.test"):
            conn.execute(
                sa.text(
                    "INSERT INTO account (address, name, time_zone, created_at) "
                    "VALUES (:a, '', 'UTC', '2026-11-01')"
                ),
                {"a": text},
            )
    engine.dispose()
    migrate(url)
    engine = make_engine(url)
    with engine.connect() as conn:
        found = set(conn.execute(sa.text("SELECT address FROM account")).scalars())
    engine.dispose()
    assert found == {"jean.dupont@players.test", "Twice@players.test", "twice@players.test"}
